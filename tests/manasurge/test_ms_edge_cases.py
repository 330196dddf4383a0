"""ManaSurge paths the mutation sample of issue 13.14 found untested.

Each test builds an exact position and pins one rule a flipped comparison, a
changed constant or a deleted statement would break: overload paid with a
gold stone, the lead passed to the first seat holding a spell, the stalemate,
the Resonant Bard re-armed each round, Turning Mirror at three players,
``explain`` with a card that is not a card, option and setup checks, and the
sign of the penalty term in ``evaluate``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from ms_helpers import R, act, action, card, check_invariants, first, kinds, pos

from game.core.contract import HIDDEN, Action
from game.core.rng import Rng
from game.manasurge import events as events_module
from game.manasurge.engine import E
from game.manasurge.events import EVENT_KINDS
from game.manasurge.options import OPTION_IDS, parse_options
from game.manasurge.state import GOLD_VALUE, PHASE_LEAD, PHASE_OVER

MAGIC = ["magic-mirror-1", "magic-mirror-2", "magic-ward-1", "magic-ward-2", "magic-reset-1"]


def _seat1_full_pile(**extra: Any) -> Any:
    """3 seats: seat 1 faces a Quake 5 with 4 penalty cards already, so a hit overloads."""
    return pos(
        players=3,
        table=[{"card": "quake-5", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["frost-1"], ["blades-1"], ["quake-2"]],
        penalty=[0, 4, 0],
        **extra,
    )


def test_overload_with_only_a_gold_stone_breaks_it():
    # MS-G5 with MS-6.4: a seat whose score is one gold stone overloads; the gold
    # stone is broken into change and one purple goes back
    s = _seat1_full_pile(stones=[0, GOLD_VALUE, 0], gold=[0, 1, 0])
    assert s.pool_gold[1] == 1 and s.pool_purple[1] == 0 and s.score(1) == GOLD_VALUE
    supply_gold, supply_purple = s.supply_gold, s.supply_purple
    events = act(s, "take_hit", 1)
    overload = first(events, "overload").data
    assert overload["seat"] == 1 and overload["stone_lost"] is True
    broken = first(events, "gold_change").data
    assert broken == {"seat": 1, "gold": -1, "purple": GOLD_VALUE - 1, "reason": "break"}
    assert first(events, "stones_returned").data["reason"] == "overload"
    assert s.pool_gold[1] == 0 and s.supply_gold == supply_gold + 1
    scored = sum(
        e.data["count"] for e in events if e.kind == "stones_scored" and e.data["from"] == "supply"
    )
    # the gold goes back to the supply and its 4 purple of change come out of it
    assert s.supply_purple == supply_purple - (GOLD_VALUE - 1) - scored and s.extra == 0
    assert s.pool_purple[1] == GOLD_VALUE - 1 and s.score(1) == GOLD_VALUE - 1
    check_invariants(s)


def test_overload_with_no_stone_loses_nothing():
    # MS-G5: "returns 1 scored purple stone to the supply if they have one"
    s = _seat1_full_pile()
    events = act(s, "take_hit", 1)
    assert first(events, "overload").data["stone_lost"] is False
    assert "gold_change" not in kinds(events)
    assert s.score(1) == 0
    check_invariants(s)


def _no_spells_anywhere_but(s, holders):
    """Rearrange ``s`` (a fresh 4-player position) so only the seats in
    ``holders`` hold spells: everyone else holds Magic cards, and the draw pile
    and the discard hold no spell (the rest of the spells lie on the table)."""
    magic = [card(code) for code in MAGIC]
    spells = [c for c in range(60)]
    s.hands = [[] for _ in range(s.n)]
    for p in range(s.n):
        s.hands[p] = [spells.pop()] if p in holders else [magic.pop()]
    s.draw = [c for c in range(60, 72) if all(c not in h for h in s.hands)]
    s.discard = []
    s.table = spells
    s.table_seat = [0] * len(spells)
    s.table_stones = [0] * len(spells)


@pytest.mark.parametrize(("holders", "leader"), [({2, 3}, 2), ({3}, 3), ({1, 2}, 1)])
def test_the_lead_passes_to_the_first_seat_holding_a_spell(holders, leader):
    # MS-4.3: the caster has no spell and none can be drawn: the first seat after
    # it (clockwise) that holds one leads
    s = pos(players=4, hands=[["frost-1"], ["frost-2"], ["frost-3"], ["frost-4"]], caster=0)
    _no_spells_anywhere_but(s, holders)
    ev = []
    E.start_round(s, ev)
    passed = first(ev, "caster_passed").data
    assert passed == {"from": 0, "to": leader, "reason": "no_spell"}
    assert s.caster == leader and s.phase == PHASE_LEAD


def test_nobody_holding_a_spell_is_a_stalemate():
    # MS-4.3 [PROP]: no seat can lead and no spell can be drawn: the game ends by
    # score, the most stones winning
    s = pos(players=4, hands=[["frost-1"], ["frost-2"], ["frost-3"], ["frost-4"]], caster=1)
    _no_spells_anywhere_but(s, set())
    s.pool_purple = [1, 3, 3, 0]
    ev = []
    E.start_round(s, ev)
    over = first(ev, "game_over").data
    assert over["reason"] == "stalemate" and over["winners"] == [1, 2]
    assert s.phase == PHASE_OVER and "caster_passed" not in kinds(ev)


def test_a_caster_with_a_spell_keeps_the_lead():
    s = pos(players=4, hands=[["frost-1"], ["frost-2"], ["frost-3"], ["frost-4"]], caster=1)
    _no_spells_anywhere_but(s, {1, 2})
    ev = []
    E.start_round(s, ev)
    assert s.caster == 1 and kinds(ev) == ["round_started"]


def test_the_resonant_bard_is_rearmed_each_round():
    # MS-C3 #5: the Bard's power is once per round, so a new round clears it
    s = pos(players=3, hands=[["frost-1"], ["frost-2"], ["frost-3"]])
    s.attuned = [True, True, True]
    s.amplify = 4
    s.direction = -1
    E.start_round(s, [])
    assert s.attuned == [False, False, False]
    assert s.amplify == 0 and s.direction == 1 and s.lead_suit == -1


def test_turning_mirror_reverses_with_exactly_three_players():
    # MS-C2 Turning Mirror: with three or more players the direction reverses
    # (with two there is only one direction)
    s = pos(
        players=3,
        table=[{"card": "quake-8", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["blades-8", "frost-1"], ["magic-mirror-1", "blades-2"], ["quake-2"]],
    )
    events = act(s, "magic", 1, card="magic-mirror-1")
    assert first(events, "direction_changed").data == {
        "seat": 1,
        "direction": -1,
        "reason": "mirror",
    }
    assert s.direction == -1 and s.turn == 0


@pytest.mark.parametrize("bad", ["frost-1", [1], True, None, -1, 72, 10**6])
def test_explain_refuses_a_card_that_is_not_a_card(bad):
    # MS-1.1: cards are the ints 0..71; anything else is "no such card"
    s = pos(
        players=3,
        table=[{"card": "quake-1", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["frost-1"], ["frost-5"], ["quake-2"]],
    )
    problem = R.explain(s, Action.make("play", 1, card=bad))
    assert problem is not None and problem.key == "manasurge.illegal.no_card"


@pytest.mark.parametrize("value", [True, False, 0, -5, 2.5, "5"])
def test_overload_at_must_be_a_positive_int_or_null(value):
    # MS-G5: the overload limit is a count
    with pytest.raises(ValueError, match="overload_at"):
        parse_options({"overload_at": value})
    assert parse_options({"overload_at": None}).overload_at is None
    assert parse_options({"overload_at": 1}).overload_at == 1


@pytest.mark.parametrize(("first_seat", "kept"), [(0, True), (3, True), (4, False), (-1, False)])
def test_first_seat_out_of_range_is_drawn_at_random(first_seat, kept):
    # MS-3.4: "first" names a seat; anything else is ignored and drawn
    for seed in range(6):
        s = R.setup({"players": 4, "first": first_seat}, seed)
        assert 0 <= s.caster < 4
        if kept:
            assert s.caster == first_seat
        check_invariants(s)


def test_evaluate_counts_penalty_cards_against_their_owner():
    # MS-G5: penalty cards are damage, so more of them is worse for the seat
    def value(penalty):
        s = pos(
            players=3,
            table=[{"card": "quake-1", "seat": 0, "stones": 1}],
            turn=1,
            hands=[["frost-1"], ["frost-5"], ["quake-2"]],
            penalty=penalty,
            stones=[2, 2, 2],
        )
        return R.evaluate(s, 1)

    assert value([0, 3, 0]) < value([0, 0, 0]) < value([3, 0, 0])


def test_a_finished_game_has_an_empty_list_of_actions():
    # MS-2: nothing is legal once the game is over
    s = pos(players=3, hands=[["frost-1"], ["frost-2"], ["frost-3"]])
    E.finish_by_score(s, "round_limit", [])
    assert s.phase == PHASE_OVER
    assert R.legal_actions(s) == [] and isinstance(R.legal_actions(s), list)


def test_evaluate_values_valid_spells_in_hand():
    # a hand with spells to play is worth a little more than one of Magic cards
    def value(hand):
        s = pos(
            players=3,
            table=[{"card": "quake-1", "seat": 0, "stones": 1}],
            turn=1,
            hands=[["frost-1"], hand, ["quake-2"]],
        )
        return R.evaluate(s, 1)

    assert value(["frost-5", "blades-6"]) > value(["magic-ward-1", "magic-reset-1"])


def test_explain_checks_the_card_of_a_gift():
    # MS-8.3: the Frost Wave gift names a card like any other card action
    s = pos(
        players=3,
        table=[{"card": "frost-3", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["blades-8"], ["frost-5", "quake-6", "blades-2"], ["quake-1"]],
    )
    act(s, "play", 1, card="frost-5")
    for bad in (999, "blades-2", None):
        problem = R.explain(s, Action.make("give", 1, card=bad))
        assert problem is not None and problem.key == "manasurge.illegal.no_card"
    assert R.explain(s, action(s, "give", 1, card="blades-2")) is None


def test_every_offered_option_value_is_accepted():
    # the seat-setup screen offers only what parse_options accepts, default first
    defaults = parse_options(None)
    assert set(R.option_values) <= set(OPTION_IDS)
    assert {"allow_equal", "overload_at", "characters", "target"} <= set(R.option_values)
    for key, values in R.option_values.items():
        assert values[0] == getattr(defaults, key), key
        for value in values:
            assert getattr(parse_options({key: value}), key) == value


def test_an_unknown_mode_is_named():
    with pytest.raises(ValueError, match=r"^ManaSurge has no mode 'teams' \(only 'ffa'\)$"):
        R.setup({"players": 4, "mode": "teams"}, 1)


def test_the_play_prompt_names_the_lead_suit():
    s = pos(
        players=3,
        table=[{"card": "quake-3", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["frost-1"], ["frost-5"], ["quake-2"]],
    )
    prompt = R.prompt(s)
    assert prompt.params == {"seat": 1, "ladder": 3, "need": prompt.params["need"], "suit": "quake"}


def test_the_setup_screen_defaults_are_the_rules_defaults():
    defaults = parse_options(None).to_json()
    assert R.info.options and all(o.default == defaults[o.id] for o in R.info.options)
    assert defaults["characters"] is False and defaults["overload_at"] == 5


@pytest.mark.parametrize("direction", [0, 2, True, "cw"])
def test_a_bad_lead_direction_is_named(direction):
    # MS-4.4: clockwise (1) or counter-clockwise (-1)
    s = pos(players=3, hands=[["frost-1"], ["frost-2"], ["frost-3"]], caster=0)
    problem = R.explain(s, Action.make("lead", 0, card=card("frost-1"), dir=direction))
    assert problem is not None and problem.key == "manasurge.illegal.bad_direction"
    assert str(problem) == "direction must be 1 or -1"


@pytest.mark.parametrize("kind", ["lead", "play", "magic"])
def test_every_card_action_checks_its_card(kind):
    s = pos(
        players=3,
        table=[{"card": "quake-1", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["frost-1"], ["frost-5", "magic-ward-1"], ["quake-2"]],
    )
    if kind == "lead":
        s = pos(players=3, hands=[["frost-1"], ["frost-2"], ["frost-3"]], caster=1)
    problem = R.explain(s, Action.make(kind, 1, card=-3, dir=1))
    assert problem is not None and problem.key == "manasurge.illegal.no_card"


def test_the_first_magic_card_cannot_climb_the_ladder():
    # MS-5.4: card 60 (the first Turning Mirror) is Magic, however it is sent
    s = pos(
        players=3,
        table=[{"card": "quake-1", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["frost-1"], ["magic-mirror-1", "quake-8"], ["quake-2"]],
    )
    assert card("magic-mirror-1") == 60
    problem = R.explain(s, Action.make("play", 1, card=60))
    assert problem is not None and problem.key == "manasurge.illegal.magic_not_spell"


def test_invariants_name_per_seat_lists_of_the_wrong_length():
    s = pos(players=3, hands=[["frost-1"], ["frost-2"], ["frost-3"]])
    assert R.invariants(s) == []
    s.pool_gold.append(0)
    assert "per-seat lists differ from the player count" in R.invariants(s)


def test_the_riposte_prompt_names_who_receives():
    # MS-C3 #6: the Riposte Knight passes a penalty card to the last seat that played
    s = pos(
        players=3,
        options={"characters": True},
        characters=[None, "deflector", None],
        table=[
            {"card": "fireball-5", "seat": 0, "stones": 1},
            {"card": "frost-6", "seat": 2, "stones": 0},
        ],
        turn=1,
        hands=[["frost-1"], ["blades-1"], ["quake-2"]],
    )
    act(s, "take_hit", 1)
    prompt = R.prompt(s)
    assert prompt.key == "manasurge.prompt.deflect" and prompt.params == {"seat": 1, "to": 2}


def test_determinize_refuses_a_view_with_missing_slots():
    s = pos(players=3, hands=[["frost-1"], ["frost-2"], ["frost-3"]])
    view = R.view(s, 0)
    view.draw.pop()
    with pytest.raises(ValueError, match=r"^view has \d+ hidden slots for \d+ unseen cards$"):
        R.determinize(view, 0, Rng(1))


def test_invariants_name_unknown_card_ids():
    # MS-1.1: the cards are 0..71
    s = pos(players=3, hands=[["frost-1"], ["frost-2"], ["frost-3"]])
    s.hands[0] = [99, *s.hands[0]]
    s.draw.pop()
    problems = R.invariants(s)
    assert "unknown cards [99]" in problems


def test_evaluate_a_scored_stone_outweighs_a_hand_of_spells():
    # evaluate: stones decide the game; playable spells only break ties
    def value(stones, hand):
        s = pos(
            players=3,
            table=[{"card": "quake-1", "seat": 0, "stones": 1}],
            turn=1,
            hands=[["frost-1"], hand, ["quake-2"]],
            stones=stones,
        )
        return R.evaluate(s, 1)

    spells = ["frost-5", "blades-6", "fireball-7", "quake-8", "lightning-4"]
    assert value([0, 1, 0], ["magic-ward-1"]) > value([0, 0, 0], spells)


def test_siphon_onto_your_own_lead_at_index_zero():
    # MS-C2 #5: the caster's own last spell is the lead, table index 0: the
    # stone lands there, not in the pool
    s = pos(
        players=4,
        table=[{"card": "quake-3", "seat": 0, "stones": 1}, {"card": "frost-6", "seat": 1}],
        turn=0,
        hands=[["magic-siphon-1", "blades-1"], ["blades-7"], ["fireball-8"], ["quake-8"]],
        stones=[1, 1, 1, 1],
    )
    s.table_stones[1] = 1
    s.supply_purple -= 1
    check_invariants(s)
    events = act(s, "magic", 0, card="magic-siphon-1")
    placed = first(events, "stone_placed").data
    assert placed["index"] == 0 and placed["reason"] == "siphon" and placed["from"] == "table"
    assert s.table_stones[:2] == [2, 0] and s.pool_purple[0] == 1
    assert "stones_scored" not in kinds(events)


def test_the_refill_between_rounds_is_labelled():
    # MS-6.2 step 7: the draws between rounds are "refill" draws
    s = pos(
        players=3,
        table=[{"card": "fireball-5", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["frost-1", "quake-8"], ["blades-1"], ["quake-2", "frost-3"]],
    )
    draws = [e.data for e in act(s, "take_hit", 1) if e.kind == "cards_drawn"]
    assert {d["seat"] for d in draws if d["reason"] == "refill"} == {0, 1, 2}


def _documented_fields():
    """Event kind -> the data fields game/manasurge/events.py documents."""
    out = {}
    for line in events_module.__doc__.splitlines():
        m = re.match(r"^(\w+)\s+(\S.*?)(?:\s{2,}|$)", line)
        if m and m.group(1) in EVENT_KINDS:
            names = set()
            for part in m.group(2).split(","):
                word = re.match(r"\w+", part.strip())
                if word is None:  # the description began (game_over's line)
                    break
                names.add(word.group(0))
            out[m.group(1)] = names
    return out


def test_every_event_carries_exactly_its_documented_fields():
    # the table's log panel and animations read these keys (events.py)
    documented = _documented_fields()
    assert set(documented) == set(EVENT_KINDS)
    optional = {"stones_scored": {"from_index"}}
    rng = Rng(1313)
    seen = set()
    for seed, players in ((1, 3), (2, 4), (3, 2), (4, 5), (5, 6), (6, 3), (7, 4), (8, 3)):
        options = {"characters": True} if seed % 2 else {}
        s = R.setup({"players": players, "options": options}, seed)
        for _ in range(400):
            legal = R.legal_actions(s)
            if not legal:
                break
            for event in R.apply(s, rng.choice(legal)):
                keys = set(event.data)
                want = documented[event.kind]
                assert want <= keys <= want | optional.get(event.kind, set()), event
                seen.add(event.kind)
    assert len(seen) >= 18, sorted(set(EVENT_KINDS) - seen)


def test_an_equal_rank_to_the_lead_reverses():
    # MS-5.2: the lead counts as the previous spell
    s = pos(
        players=3, hands=[["frost-5", "quake-6"], ["blades-5", "quake-2"], ["quake-3"]], caster=0
    )
    act(s, "lead", 0, card="frost-5", dir=1)
    assert s.last_rank == 5 and s.ladder == 5 and s.turn == 1
    events = act(s, "play", 1, card="blades-5")
    assert first(events, "direction_changed").data["reason"] == "counter"
    assert s.direction == -1 and s.turn == 0


def test_reset_clears_the_last_rank_too():
    # MS-C2 Reset: the next player may play any spell, and no rank counts as equal
    s = pos(
        players=3,
        table=[{"card": "quake-8", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["frost-1"], ["magic-reset-1", "blades-2"], ["quake-2", "frost-4"]],
    )
    events = act(s, "magic", 1, card="magic-reset-1")
    assert first(events, "ladder_reset").data == {"seat": 1, "ladder": 0}
    assert s.ladder == 0 and s.last_rank == 0


def test_an_all_magic_lead_hand_is_redrawn_from_the_reshuffled_discard():
    # MS-4.3 with MS-6.3: no spell left in the draw pile, but the discard holds
    # some: the caster's hand is thrown away and redrawn, and the caster leads
    s = pos(players=3, hands=[["frost-1"], ["frost-2"], ["frost-3"]], caster=0)
    magic = [card(code) for code in MAGIC]
    spells = [c for c in range(60) if c not in (card("frost-2"), card("frost-3"))]
    s.hands = [magic[:2], [card("frost-2")], [card("frost-3")]]
    s.draw = [c for c in range(60, 72) if c not in magic[:2]]
    s.discard = spells
    ev = []
    E.start_round(s, ev)
    redrawn = first(ev, "hand_redrawn").data
    assert redrawn == {"seat": 0, "discarded": magic[:2]}
    assert any(e.kind == "cards_drawn" and e.data["reason"] == "redraw" for e in ev)
    assert s.caster == 0 and any(c < 60 for c in s.hands[0])
    assert "caster_passed" not in kinds(ev)


def test_the_last_rank_follows_each_ladder_spell():
    # MS-5.2: "the previous Spell card" is the last one played, not the lead
    s = pos(
        players=3,
        hands=[["frost-3", "quake-7"], ["blades-5", "quake-2"], ["fireball-5", "frost-8"]],
        caster=0,
    )
    act(s, "lead", 0, card="frost-3", dir=1)
    act(s, "play", 1, card="blades-5")
    assert s.last_rank == 5 and s.ladder == 5
    events = act(s, "play", 2, card="fireball-5")
    assert first(events, "direction_changed").data["reason"] == "counter"


def test_compare_to_lead_keeps_a_lead_of_rank_one():
    # MS-G2 (compare_to="lead"): the ladder stays at the lead's rank, even 1
    s = pos(
        players=3,
        options={"compare_to": "lead"},
        hands=[["frost-1", "quake-7"], ["blades-4", "quake-2"], ["fireball-2", "frost-8"]],
        caster=0,
    )
    act(s, "lead", 0, card="frost-1", dir=1)
    act(s, "play", 1, card="blades-4")
    assert s.ladder == 1 and s.last_rank == 4
    assert R.explain(s, action(s, "play", 2, card="fireball-2")) is None


def test_overloads_go_clockwise_from_the_hit_seat():
    # MS-G5: every pile at the limit overloads at once, starting with the hit seat
    # (here the hit, then the Quake splash of MS-8.5 on every seat but the caster)
    s = pos(
        players=4,
        table=[{"card": "quake-5", "seat": 0, "stones": 1}],
        caster=0,
        turn=2,
        hands=[["frost-1"], ["frost-2"], ["blades-1"], ["frost-3"]],
        penalty=[4, 4, 4, 4],
    )
    events = act(s, "take_hit", 2)
    order = [e.data["seat"] for e in events if e.kind == "overload"]
    assert order == [2, 3, 1]  # the caster (seat 0) takes no Quake damage (MS-8.5)


def test_a_magic_card_in_the_discard_is_no_spell_to_redraw():
    # MS-4.3: card 60 (Turning Mirror) in the discard does not make a redraw worth it
    s = pos(players=4, hands=[["frost-1"], ["frost-2"], ["frost-3"], ["frost-4"]], caster=1)
    _no_spells_anywhere_but(s, set())
    s.draw.remove(60)
    s.discard = [60]
    ev = []
    E.start_round(s, ev)
    assert "hand_redrawn" not in kinds(ev)
    assert first(ev, "game_over").data["reason"] == "stalemate"


def test_the_lead_event_and_a_secret_overload():
    s = pos(players=3, hands=[["frost-5", "quake-6"], ["blades-5"], ["quake-3"]], caster=0)
    lead = first(act(s, "lead", 0, card="frost-5", dir=1), "lead_played").data
    assert lead == {
        "seat": 0,
        "card": card("frost-5"),
        "rank": 5,
        "suit": lead["suit"],
        "direction": 1,
        "index": 0,
    }
    s = _seat1_full_pile()
    overload = first(act(s, "take_hit", 1), "overload")
    cards = overload.data["cards"]
    assert overload.for_seat(1).data["cards"] == cards
    assert overload.for_seat(0).data["cards"] == [HIDDEN] * len(cards)
