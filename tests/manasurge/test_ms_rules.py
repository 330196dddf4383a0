"""ManaSurge rule tests, one or more per rule ID of rules.md section 2C / 3.3."""

from __future__ import annotations

import pytest
from ms_helpers import R, act, action, card, codes, first, kinds, pos, run, scenario

from game.manasurge.cards import SUITS
from game.manasurge.state import (
    PHASE_FROST,
    PHASE_LEAD,
    PHASE_LIGHTNING,
    PHASE_PLAY,
)


def refused(state, kind: str, seat: int, **args) -> str:
    """The translation key of the refusal (fails if the action is legal)."""
    problem = R.explain(state, action(state, kind, seat, **args))
    assert problem is not None, f"{kind} {args} should be refused"
    return problem.key


# --- MS-1 components, MS-3 setup ---


def test_player_counts():
    # MS-1.4, MS-G17: 2 to 6 players
    for n in range(2, 7):
        s = R.setup({"players": n}, 1)
        assert R.num_seats(s) == n
    for bad in (1, 7):
        with pytest.raises(ValueError):
            R.setup({"players": bad}, 1)
    with pytest.raises(ValueError):
        R.setup({"players": 4, "mode": "teams"}, 1)


def test_setup_deal_supply_and_caster():
    # MS-3.2: 5 cards each, the rest is the draw pile; MS-3.3 / MS-C4 supply of 40 purple
    # and 10 gold stones; MS-3.4 the caster token
    for seed in range(20):
        s = R.setup({"players": 4, "first": 2}, seed)
        assert sum(len(h) for h in s.hands) == 20
        assert len(s.draw) + len(s.discard) == 72 - 20
        assert s.supply_purple == 40 and s.supply_gold == 10
        assert s.caster == 2 and R.to_move(s) == 2 and s.phase == PHASE_LEAD
    casters = {R.setup({"players": 4}, seed).caster for seed in range(40)}
    assert casters == {0, 1, 2, 3}


def test_characters_dealt_only_when_on():
    # MS-3.1, MS-C3: one distinct character per seat when the option is on
    s = R.setup({"players": 6, "options": {"characters": True}}, 3)
    assert sorted(s.chars) == [0, 1, 2, 3, 4, 5]
    s = R.setup({"players": 4}, 3)
    assert s.chars == [-1, -1, -1, -1]


def test_options_are_validated():
    # rules.md 3.3: options are named and checked
    with pytest.raises(ValueError):
        R.setup({"players": 4, "options": {"compare_to": "first"}}, 1)
    with pytest.raises(ValueError):
        R.setup({"players": 4, "options": {"no_such": 1}}, 1)
    assert {o.id for o in R.info.options} == {
        "allow_equal",
        "compare_to",
        "damage_counts_own_stones",
        "overload_at",
        "magic_only_when_stuck",
        "characters",
        "target",
    }


# --- MS-2 goal ---


def test_target_by_player_count():
    # MS-2.1: 12 stones, 10 with 5-6 players; the option overrides
    assert [R.setup({"players": n}, 1).target for n in range(2, 7)] == [12, 12, 12, 10, 10]
    assert R.setup({"players": 4, "options": {"target": 7}}, 1).target == 7


def test_victory_tie_plays_on():
    # MS-2.2, MS-G18: tied at or above the target: play another round
    s, actions = scenario("victory_tie")
    events = run(s, actions)
    tie = first(events, "victory_tied")
    assert tie.data == {"seats": [0, 1], "score": 12}
    assert R.outcome(s) is None and s.phase == PHASE_LEAD and s.round == 2


def test_most_stones_wins_when_several_reach_target():
    # MS-2.2: several players reach the target: the most stones wins
    s = pos(
        players=3,
        stones=[11, 11, 0],
        table=[{"card": "fireball-5", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["frost-1"], ["fireball-6", "blades-3"], ["blades-2", "quake-1"]],
    )
    events = act(s, "play", 1, card="fireball-6")
    result = R.outcome(s)
    assert result is not None and result.winners == (1,) and not result.draw
    assert result.scores == (12.0, 13.0, 0.0)
    assert first(events, "game_over").data["winners"] == [1]


def test_stones_on_cards_do_not_count():
    # MS-2.3: only scored stones count
    s = pos(
        players=3,
        stones=[11, 0, 0],
        table=[{"card": "quake-2", "seat": 0, "stones": 3}],
        turn=1,
        hands=[["frost-8", "blades-8"], ["quake-5", "blades-1"], ["quake-7", "lightning-8"]],
    )
    act(s, "play", 1, card="quake-5")
    assert R.outcome(s) is None
    assert s.scores()[0] == 11


# --- MS-4 the lead ---


def test_lead_places_stone_and_token():
    # MS-4.1: the lead spell gets 1 stone and the token; it sets the ladder
    s = pos(players=3, caster=1, hands=[["frost-1"], ["fireball-4", "quake-2"], ["blades-5"]])
    events = act(s, "lead", 1, card="fireball-4", dir=1)
    assert kinds(events)[:2] == ["lead_played", "stone_placed"]
    assert s.table == [card("fireball-4")] and s.table_stones == [1] and s.caster == 1
    assert s.lead_suit == SUITS.index("fireball") and s.ladder == 4
    assert s.supply_purple == 39
    assert R.to_move(s) == 2


def test_magic_cannot_lead():
    # MS-4.2
    s = pos(players=3, caster=0, hands=[["magic-ward-1", "quake-2"], ["frost-1"], ["blades-5"]])
    assert refused(s, "lead", 0, card="magic-ward-1", dir=1) == "manasurge.illegal.lead_magic"
    assert all(a["card"] < 60 for a in R.legal_actions(s))


def test_all_magic_lead_hand_is_redrawn():
    # MS-4.3 (+ [PROP] repeat, any size): the magic cards go to the discard
    magic = ["magic-mirror-1", "magic-mirror-2", "magic-ward-1", "magic-ward-2", "magic-reset-1"]
    s = pos(
        players=3,
        caster=0,
        hands=[magic, ["frost-1"], ["blades-5"]],
        draw_top=[
            "magic-recall-1",
            "magic-recall-2",
            "magic-siphon-1",
            "magic-siphon-2",
            "magic-amplify-1",
            "quake-3",
            "quake-4",
            "quake-5",
            "quake-6",
            "quake-7",
        ],
    )
    assert codes(s.hands[0]) == ["quake-3", "quake-4", "quake-5", "quake-6", "quake-7"]
    assert len(s.discard) == 10 and all(c >= 60 for c in s.discard)
    assert R.to_move(s) == 0 and s.phase == PHASE_LEAD


def test_lead_player_chooses_direction():
    # MS-4.4, MS-G10: both directions with 3+ players, one with 2
    s = pos(players=4, caster=0, hands=[["frost-3"], ["blades-5"], ["quake-6"], ["quake-7"]])
    assert len(R.legal_actions(s)) == 2
    act(s, "lead", 0, card="frost-3", dir=-1)
    assert s.direction == -1 and R.to_move(s) == 3
    s2 = pos(players=2, caster=0, hands=[["frost-3", "frost-4"], ["blades-5"]])
    acts = R.legal_actions(s2)
    assert len(acts) == 2 and {a["dir"] for a in acts} == {1}
    assert refused(s2, "lead", 0, card="frost-3", dir=-1) == "manasurge.illegal.two_players"


def test_caster_keeps_taking_turns():
    # MS-4.5 / MS-5.5: the lead player plays normally afterwards
    s = pos(
        players=3,
        caster=0,
        hands=[["frost-1", "blades-8"], ["blades-2", "quake-2"], ["blades-3", "quake-3"]],
    )
    act(s, "lead", 0, card="frost-1", dir=1)
    act(s, "play", 1, card="blades-2")
    act(s, "play", 2, card="blades-3")
    assert R.to_move(s) == 0 and s.phase == PHASE_PLAY
    assert [a["card"] for a in R.legal_actions(s)] == [card("blades-8")]


# --- MS-5 playing ---


def test_valid_card_is_at_least_the_last_spell():
    # MS-5.1, MS-G1, MS-G2: rank >= the last spell played, any suit
    s = pos(
        players=3,
        table=[{"card": "quake-2", "seat": 0}, {"card": "frost-5", "seat": 1}],
        turn=2,
        hands=[["blades-1"], ["blades-2"], ["fireball-4", "blades-5", "lightning-7"]],
    )
    legal = {a["card"] for a in R.legal_actions(s)}
    assert legal == {card("blades-5"), card("lightning-7")}
    assert refused(s, "play", 2, card="fireball-4") == "manasurge.illegal.too_low"


def test_compare_to_lead_option():
    # MS-G2 option "lead": every card is compared with the lead spell
    s = pos(
        players=3,
        options={"compare_to": "lead"},
        table=[{"card": "quake-2", "seat": 0}, {"card": "frost-5", "seat": 1}],
        turn=2,
        hands=[["frost-8"], ["blades-2"], ["fireball-4", "blades-1"]],
    )
    assert {a["card"] for a in R.legal_actions(s)} == {card("fireball-4")}


def test_strictly_higher_option():
    # MS-G1 option off: equal is not valid
    s = pos(
        players=3,
        options={"allow_equal": False},
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-1"], ["frost-4", "frost-5"], ["blades-8"]],
    )
    assert refused(s, "play", 1, card="frost-4") == "manasurge.illegal.must_be_higher"


def test_equal_rank_reverses():
    # MS-5.2: same number as the previous spell reverses the direction
    s = pos(
        players=4,
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-4", "frost-5"], ["blades-7"], ["blades-6"]],
    )
    events = act(s, "play", 1, card="frost-4")
    assert first(events, "direction_changed").data == {
        "seat": 1,
        "direction": -1,
        "reason": "counter",
    }
    assert s.direction == -1 and R.to_move(s) == 0


def test_reverse_with_two_players_changes_nothing():
    # MS-5.2 [PROP]: with 2 players a reverse has no effect
    s, actions = scenario("reverse_two_players")
    events = run(s, actions)
    assert "direction_changed" not in kinds(events)
    assert s.direction == 1 and R.to_move(s) == 0


def test_resonance_places_a_stone():
    # MS-5.3, MS-G3: the lead suit resonates (not the previous card's suit)
    s = pos(
        players=3,
        table=[{"card": "quake-2", "seat": 0}, {"card": "frost-3", "seat": 1}],
        turn=2,
        hands=[["blades-8"], ["blades-7"], ["frost-4", "quake-5", "blades-1"]],
    )
    events = act(s, "play", 2, card="frost-4")
    assert first(events, "card_played").data["resonant"] is False
    assert s.table_stones == [1, 0, 0]
    s = pos(
        players=3,
        table=[{"card": "quake-2", "seat": 0}, {"card": "frost-3", "seat": 1}],
        turn=2,
        hands=[["blades-8"], ["blades-7"], ["frost-4", "quake-5", "blades-1"]],
    )
    events = act(s, "play", 2, card="quake-5")
    assert first(events, "card_played").data["resonant"] is True
    assert first(events, "stone_placed").data["reason"] == "resonance"
    assert s.table_stones == [1, 0, 1]


def test_magic_only_when_stuck():
    # MS-5.4, MS-G14: Magic only without a valid spell; no passing with one
    s = pos(
        players=3,
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-5", "magic-ward-1"], ["blades-7"]],
    )
    assert refused(s, "magic", 1, card="magic-ward-1") == "manasurge.illegal.magic_only_when_stuck"
    assert refused(s, "take_hit", 1) == "manasurge.illegal.must_play"
    stuck = pos(
        players=3,
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-3", "magic-ward-1"], ["blades-7"]],
    )
    assert {a.kind for a in R.legal_actions(stuck)} == {"magic", "take_hit"}
    assert R.prompt(stuck).key == "manasurge.prompt.stuck"
    loose = pos(
        players=3,
        options={"magic_only_when_stuck": False},
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-5", "magic-ward-1"], ["blades-7"]],
    )
    assert {a.kind for a in R.legal_actions(loose)} == {"play", "magic"}


def test_magic_keeps_the_ladder():
    # MS-5.4 [PROP]: a Magic card is the turn's play; the ladder does not change
    s = pos(
        players=3,
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-3", "magic-ward-1"], ["blades-7"]],
    )
    events = act(s, "magic", 1, card="magic-ward-1")
    assert kinds(events) == ["magic_played"]
    assert s.ladder == 4 and R.to_move(s) == 2 and s.table[-1] == card("magic-ward-1")


# --- MS-6 end of round ---


def test_stuck_without_magic_is_hit_automatically():
    # MS-6.1: no valid spell and no magic: hit at once, no decision
    s = pos(
        players=3,
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-7", "blades-3"], ["blades-2", "quake-1"]],
    )
    events = act(s, "play", 1, card="frost-7")
    assert first(events, "hit").data["seat"] == 2
    assert s.phase == PHASE_LEAD and s.round == 2


def test_take_hit_with_magic_in_hand():
    # MS-6.1: "does not ... play a Magic card": the player may choose the hit
    s = pos(
        players=3,
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-3", "magic-ward-1"], ["blades-7"]],
    )
    events = act(s, "take_hit", 1)
    assert first(events, "hit").data["seat"] == 1


def test_end_of_round_order():
    # MS-6.2 steps 1-7, MS-G4 (seed order), MS-G15 (lead stone)
    s = pos(
        players=4,
        caster=0,
        stones=[2, 0, 1, 3],
        table=[
            {"card": "frost-2", "seat": 0, "stones": 1},
            {"card": "frost-4", "seat": 1, "stones": 1},
            {"card": "blades-6", "seat": 2, "stones": 0},
            {"card": "frost-6", "seat": 3, "stones": 1},
        ],
        turn=0,
        hands=[
            ["frost-7", "blades-1", "quake-2"],
            ["quake-1", "blades-2"],
            ["fireball-3", "quake-3"],
            ["lightning-8"],
        ],
    )
    events = act(s, "play", 0, card="frost-7")  # resonant Frost: may gift
    assert s.phase == PHASE_FROST
    events = act(s, "decline", 0)
    ks = kinds(events)
    assert ks.index("hit") < ks.index("stones_scored") < ks.index("penalty_drawn")
    hit = first(events, "hit").data
    # seat 1 is hit; stones on cards: 1 + 1 + 1 + 1 (frost-7 resonated) = 4, Frost adds nothing
    assert hit == {
        "seat": 1,
        "damage": 4,
        "stones": 4,
        "bonus": 0,
        "amplify": 0,
        "reduced": 0,
        "last_seat": 0,
    }
    assert first(events, "stones_scored").data["reason"] == "last_spell"
    assert first(events, "stones_returned").data == {
        "seat": 1,
        "count": 1,
        "reason": "hit",
        "from": "table",
    }
    # seat 0: 2 + 1 (last spell) + 2 (lead + frost-7); seat 3: 3 + 1
    assert s.scores() == [5, 0, 1, 4]
    assert len(s.penalty[1]) == 4
    assert first(events, "table_cleared").data["count"] == 5
    # token to the fewest stones (seat 1 with 0)
    assert s.caster == 1 and first(events, "caster_passed").data["to"] == 1
    assert all(len(h) >= 5 for h in s.hands)
    assert s.phase == PHASE_LEAD and R.to_move(s) == 1


def test_damage_without_own_stones_option():
    # MS-G4 option false: the hit player's own stones are removed first
    s = pos(
        players=3,
        options={"damage_counts_own_stones": False},
        table=[
            {"card": "quake-3", "seat": 0, "stones": 1},
            {"card": "quake-4", "seat": 1, "stones": 1},
        ],
        turn=2,
        hands=[["blades-1", "blades-2"], ["blades-3"], ["frost-5", "lightning-1"]],
    )
    events = act(s, "play", 2, card="frost-5")
    hit = first(events, "hit").data
    assert hit["seat"] == 0 and hit["stones"] == 1 and hit["damage"] == 1


def test_caster_tie_break_nearest_clockwise_from_hit_player():
    # MS-6.2 step 6 / MS-G13
    s = pos(
        players=4,
        caster=0,
        stones=[0, 3, 1, 1],
        table=[{"card": "quake-5", "seat": 0, "stones": 1}],
        turn=1,
        hands=[
            ["blades-1", "blades-2"],
            ["frost-6", "quake-2"],
            ["blades-4", "fireball-1"],
            ["lightning-7"],
        ],
    )
    events = act(s, "play", 1, card="frost-6")  # seat 2 is stuck and hit
    assert first(events, "hit").data["seat"] == 2
    # scores now [1, 4, 1, 1]: tied seats 0, 2, 3; nearest clockwise from 2 is 2 itself
    assert s.scores() == [1, 4, 1, 1]
    assert s.caster == 2


def test_refill_keeps_extra_cards():
    # MS-6.2 step 7 / MS-G12: draw up to 5, never discard down
    s, actions = scenario("overload_at_5")
    run(s, actions)
    assert len(s.hands[2]) == 7
    assert [len(h) for h in s.hands[:2]] == [5, 5]


def test_reshuffle_when_draw_pile_is_empty():
    # MS-6.3: the discard becomes the new draw pile
    s = pos(
        players=3,
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-7", "blades-3"], ["blades-2", "quake-1"]],
    )
    s.discard.extend(s.draw)
    s.draw.clear()
    events = act(s, "play", 1, card="frost-7")
    assert "reshuffled" in kinds(events)
    assert len(s.draw) + len(s.discard) + sum(map(len, s.hands)) + sum(map(len, s.penalty)) == 72


def test_unlimited_supply_when_change_runs_out():
    # MS-6.4: purple supply empty and no pool can make change: a counter grows
    s = pos(
        players=3,
        options={"target": 99},
        stones=[30, 20, 0],
        gold=[6, 4, 0],
        table=[{"card": "quake-4", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["blades-8"], ["quake-5", "blades-3"], ["blades-2", "quake-1"]],
    )
    # every gold stone is in a pool; the 39 free purple stones go to seat 2
    assert s.supply_gold == 0 and s.supply_purple == 39
    s.pool_purple[2] = 39
    s.supply_purple = 0
    events = act(s, "play", 1, card="quake-5")  # needs a stone: no gold left to make change
    assert first(events, "stone_placed").data["index"] == 1
    # ... and seat 2 is hit, so the last-spell bonus needs one more
    assert first(events, "hit").data["seat"] == 2
    assert s.extra == 2
    assert s.supply_purple + sum(s.pool_purple) + sum(s.table_stones) == 40 + s.extra


# --- MS-7 ManaSurge ---


def test_lightning_chain_into_manasurge():
    # MS-8.4 (extra play, chains) and MS-7.1 (+2, penalty to hand, refill to 5)
    s, actions = scenario("lightning_chain_manasurge")
    events = run(s, actions)
    assert s.phase == PHASE_PLAY and R.to_move(s) == 2  # MS-7.3: the round goes on
    surge = first(events, "manasurge").data
    assert surge["seat"] == 1 and surge["stones"] == 2 and surge["count"] == 2
    assert s.scores()[1] == 2
    assert codes(s.hands[1]) == ["quake-1", "blades-2", "frost-3", "fireball-1", "quake-3b"]
    assert s.penalty[1] == []
    played = [e.data for e in events if e.kind == "card_played"]
    assert [p["via"] for p in played] == ["turn", "lightning"]
    assert s.table_stones == [1, 1, 1]


def test_manasurge_on_a_magic_card_and_on_the_lead():
    # MS-7.1 "at any moment": the last card played, Magic or lead
    s = pos(
        players=3,
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["magic-ward-1"], ["blades-7"]],
    )
    events = act(s, "magic", 1, card="magic-ward-1")
    assert "manasurge" in kinds(events) and len(s.hands[1]) == 5
    s = pos(players=3, caster=0, hands=[["quake-2"], ["blades-8"], ["blades-7"]])
    events = act(s, "lead", 0, card="quake-2", dir=1)
    assert "manasurge" in kinds(events) and s.scores()[0] == 2


def test_frost_gift_never_takes_the_last_card():
    # MS-7.2: with one card left after the play there is no gift decision
    s = pos(
        players=3,
        table=[{"card": "frost-2", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-5", "quake-1"], ["blades-7"]],
    )
    act(s, "play", 1, card="frost-5")
    assert s.phase == PHASE_PLAY and R.to_move(s) == 2


# --- MS-8 suits ---


def test_blades_descends_and_adds_one():
    # MS-8.1: ranks go down; damage = stones + 1
    s = pos(
        players=3,
        table=[{"card": "blades-5", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["quake-8", "frost-8"], ["fireball-6", "quake-3", "frost-4"], ["quake-7"]],
    )
    assert {a["card"] for a in R.legal_actions(s)} == {card("quake-3"), card("frost-4")}
    assert refused(s, "play", 1, card="fireball-6") == "manasurge.illegal.must_descend"
    assert R.prompt(s).key == "manasurge.prompt.play_blades"
    events = act(s, "play", 1, card="quake-3")
    hit = first(events, "hit").data
    assert hit["seat"] == 2 and hit["bonus"] == 1 and hit["damage"] == 2


def test_fireball_adds_two():
    # MS-8.2
    s = pos(
        players=3,
        table=[{"card": "fireball-3", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["quake-1", "frost-1"], ["frost-6", "quake-3"], ["quake-2"]],
    )
    events = act(s, "play", 1, card="frost-6")
    hit = first(events, "hit").data
    assert hit["seat"] == 2 and hit["damage"] == 3 and len(s.penalty[2]) == 3


def test_frost_gift_goes_to_next_player_in_current_direction():
    # MS-8.3, MS-G16: the next player in the current direction
    s = pos(
        players=4,
        direction=-1,
        table=[{"card": "frost-2", "seat": 0}],
        turn=3,
        hands=[["blades-8"], ["blades-7"], ["blades-6"], ["frost-5", "quake-1", "magic-ward-1"]],
    )
    act(s, "play", 3, card="frost-5")
    assert s.phase == PHASE_FROST and R.to_move(s) == 3
    assert R.prompt(s).params["to"] == 2
    gifts = R.legal_actions(s)
    assert {a.kind for a in gifts} == {"give", "decline"} and len(gifts) == 3
    events = act(s, "give", 3, card="magic-ward-1")
    given = first(events, "card_given")
    assert given.data["to"] == 2 and card("magic-ward-1") in s.hands[2]
    assert given.for_seat(0).data["card"] == -1 and given.for_seat(2).data["card"] >= 0
    assert R.to_move(s) == 2


def test_lightning_extra_play_must_beat_the_card_just_played():
    # MS-8.4 [PROP]: must beat the card just played; magic cannot be the extra
    s = pos(
        players=3,
        table=[{"card": "lightning-2", "seat": 0}],
        turn=1,
        hands=[
            ["blades-8"],
            ["lightning-5", "quake-4", "fireball-7", "magic-ward-1"],
            ["blades-7"],
        ],
    )
    act(s, "play", 1, card="lightning-5")
    assert s.phase == PHASE_LIGHTNING and R.prompt(s).params["rank"] == 5
    assert {a["card"] for a in R.legal_actions(s) if a.kind == "play"} == {card("fireball-7")}
    assert refused(s, "play", 1, card="quake-4") == "manasurge.illegal.must_beat_last"
    assert refused(s, "magic", 1, card="magic-ward-1") == "manasurge.illegal.wrong_phase_lightning"
    events = act(s, "decline", 1)
    assert first(events, "declined").data["choice"] == "lightning"
    assert R.to_move(s) == 2


def test_quake_splash_when_the_caster_is_not_hit():
    # MS-8.5, MS-G11: everyone but the token holder takes 1, the hit player included
    s = pos(
        players=4,
        caster=0,
        table=[{"card": "quake-3", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["blades-1", "blades-2"], ["quake-8", "frost-1"], ["fireball-2"], ["blades-3"]],
    )
    events = act(s, "play", 1, card="quake-8")
    hit = first(events, "hit").data
    assert hit["seat"] == 2 and hit["stones"] == 2 and hit["bonus"] == 1 and hit["damage"] == 3
    assert first(events, "quake").data == {"caster": 0, "seats": [1, 2, 3]}
    # penalty piles may overload at 5, none here
    assert [len(p) for p in s.penalty] == [0, 1, 3, 1]


def test_quake_when_the_caster_is_hit():
    # MS-8.5: the caster is hit: no splash
    s, actions = scenario("quake_caster_hit")
    events = run(s, actions)
    hit = first(events, "hit").data
    assert hit["seat"] == 0 and hit["bonus"] == 0 and hit["damage"] == 1
    assert "quake" not in kinds(events)
    assert [len(p) for p in s.penalty] == [1, 0, 0, 0]


def test_lead_triggers_no_frost_or_lightning():
    # MS-8.6 [PROP]
    for lead in ("frost-3", "lightning-3"):
        s = pos(
            players=3, caster=0, hands=[[lead, "quake-1", "quake-2"], ["blades-8"], ["blades-7"]]
        )
        act(s, "lead", 0, card=lead, dir=1)
        assert s.phase == PHASE_PLAY and R.to_move(s) == 1
