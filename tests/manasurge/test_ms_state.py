"""State plumbing: JSON validation, scenarios, views, events for each seat."""

from __future__ import annotations

import copy

import pytest
from ms_helpers import R, act, check_invariants, first, pos

from game import match_from_json, new_match
from game.core.contract import HIDDEN
from game.core.rng import Rng


def sample_state():
    s = R.setup({"players": 4, "options": {"characters": True}}, 21)
    rng = Rng(5)
    for _ in range(30):
        R.apply(s, rng.choice(R.legal_actions(s)))
    return s


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.pop("hands"),
        lambda d: d.update(format="other"),
        lambda d: d.update(version=2),
        lambda d: d.update(n=9),
        lambda d: d.update(phase="dancing"),
        lambda d: d["hands"][0].append(d["hands"][1][0]),  # a card twice
        lambda d: d["hands"][0].pop(),  # a card missing
        lambda d: d.update(direction=0),
        # one table seat more than table cards, whatever the sample game left there
        lambda d: d.update(table_seat=[0] * (len(d["table"]) + 1)),
        lambda d: d.update(options={"compare_to": 3}),
        lambda d: d.update(attuned="no"),
        lambda d: d.update(rng=-1),
        lambda d: d.update(winners=[0]),
        lambda d: d["hands"].__setitem__(0, "abc"),
        lambda d: d["pool_purple"].__setitem__(0, True),
    ],
)
def test_from_json_rejects_malformed_data(mutate):
    data = copy.deepcopy(R.to_json(sample_state()))
    R.from_json(copy.deepcopy(data))  # the original is fine
    mutate(data)
    with pytest.raises(ValueError):
        R.from_json(data)


def test_from_json_rejects_non_objects():
    for bad in (None, [], "state", 3):
        with pytest.raises(ValueError):
            R.from_json(bad)


@pytest.mark.parametrize(
    "scenario",
    [
        {"players": 8},
        {"hands": [["fireball-5"], ["fireball-5"], ["fireball-5"]], "players": 2},
        {"players": 2, "hands": [["blades-1"], ["blades-1"]]},
        {"players": 2, "hands": [["nope-3"], []]},
        {"players": 2, "table": [{"card": "magic-ward-1", "seat": 0}]},
        {"players": 2, "stones": [30, 20]},
        {"players": 2, "direction": "up"},
        {"players": 2, "phase": "play"},
        {"players": 2, "caster": 5},
        {"players": 2, "characters": ["wizard", None]},
        {"players": 2, "options": {"target": 0}},
    ],
)
def test_from_scenario_rejects_bad_positions(scenario):
    with pytest.raises(ValueError):
        R.from_scenario(scenario)


def test_scenario_fills_missing_zones_deterministically():
    a = pos(players=4, hands=[["fireball-5"], None, None, None], seed=3)
    b = pos(players=4, hands=[["fireball-5"], None, None, None], seed=3)
    assert R.to_json(a) == R.to_json(b)
    assert [len(h) for h in a.hands] == [1, 5, 5, 5]
    check_invariants(a)
    # a generic code takes the free copy
    c = pos(players=2, hands=[["fireball-5", "fireball-5"], ["blades-2"]])
    assert sorted(c.hands[0]) == [18, 19]


def test_spectator_view_hides_every_hand():
    s = sample_state()
    v = R.view(s, None)
    assert all(set(h) <= {HIDDEN} for h in v.hands)
    assert [len(h) for h in v.hands] == [len(h) for h in s.hands]
    assert v.table == s.table and v.scores() == s.scores()
    assert R.view(s, 0).rng.state == v.rng.state != s.rng.state


def test_event_secrets_per_seat():
    s = pos(
        players=3,
        table=[{"card": "fireball-4", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["blades-8"], ["frost-7", "blades-3"], ["blades-2", "quake-1"]],
    )
    events = act(s, "play", 1, card="frost-7")
    penalty = first(events, "penalty_drawn")
    assert penalty.data["count"] == 3
    for seat in (0, 1, 2, None):
        assert penalty.for_seat(seat).data["cards"] == [HIDDEN] * 3  # face down for all
    refill = next(e for e in events if e.kind == "cards_drawn" and e.data["seat"] == 1)
    assert refill.for_seat(1).data["cards"] == refill.data["cards"]
    assert refill.for_seat(0).data["cards"] == [HIDDEN] * refill.data["count"]
    assert refill.for_seat(0).data["count"] == refill.data["count"]


def test_match_round_trip_and_undo():
    # the contract's Match works on ManaSurge: replay, snapshot, undo barrier
    match = new_match("manasurge", {"players": 3, "seats": [{"name": "An"}, {}, {}]}, 9)
    rng = Rng(1)
    for _ in range(25):
        match.apply(rng.choice(match.legal_actions()))
    again = match_from_json(match.to_json())
    assert again.snapshot() == match.snapshot()
    assert R.summary(match.state)["round"] == match.state.round


def test_clone_is_independent():
    s = sample_state()
    c = R.clone(s)
    before = R.to_json(s)
    R.apply(c, R.legal_actions(c)[0])
    assert R.to_json(s) == before


def test_determinize_another_seats_recall_offer():
    # a Recall offer is private to the pending seat; other seats' guesses stay consistent
    s = pos(
        players=3,
        table=[{"card": "quake-3", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["blades-1", "blades-2"], ["magic-recall-1", "quake-1"], ["frost-8"]],
        draw_top=["fireball-7", "lightning-2"],
    )
    act(s, "magic", 1, card="magic-recall-1")
    view = R.view(s, 0)
    assert view.offer == [HIDDEN]
    for seed in range(20):
        guess = R.determinize(view, 0, Rng(seed))
        check_invariants(guess)
        assert len(guess.offer) == 1 and guess.offer[0] in guess.hands[1]
        assert R.to_json(R.view(guess, 0))["offer"] == [HIDDEN]


def test_hidden_cards_are_never_legal():
    # a view of another seat never offers actions on HIDDEN cards
    s = pos(
        players=3,
        table=[{"card": "frost-2", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-5", "quake-1", "magic-ward-1"], ["blades-7"]],
    )
    assert all(a.get("card") is None for a in R.legal_actions(R.view(s, 0)))
    act(s, "play", 1, card="frost-5")  # resonant Frost: the gift decision
    assert R.legal_actions(R.view(s, 2)) == [R.legal_actions(s)[-1]]  # only "decline"


def test_results_stats_count_hits_damage_surges_and_resonance():
    # MS-6.2 step 2 (hit and penalty cards), MS-7.1 (ManaSurge), MS-5.3 (resonance):
    # the per-seat counters that the results screen shows through rules.summary.
    s = pos(
        players=3,
        table=[{"card": "fireball-4", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["blades-8"], ["fireball-7"], ["blades-2", "quake-1"]],
    )
    act(s, "play", 1, card="fireball-7")  # resonant, and seat 1's last card: a surge
    summary = R.summary(s)
    assert summary["resonances"] == [0, 1, 0]
    assert summary["surges"] == [0, 1, 0]
    # seat 2 cannot beat 7 and is hit: 2 stones on cards + Fireball's 2 (MS-8.2)
    assert summary["hits"] == [0, 0, 1]
    assert summary["damage"] == [0, 0, 4]
    assert R.from_json(R.to_json(s)).stats == s.stats
    assert R.clone(s).stats == s.stats and R.clone(s).stats is not s.stats
