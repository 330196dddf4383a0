"""ManaSurge rules by rule ID, second part: Magic cards (MS-9 / MS-C2), Characters
(MS-9.2 / MS-C3), overload and gold (MS-G5, MS-G7) and contract details; the first
part is test_ms_rules.py."""

from __future__ import annotations

import pytest
from ms_helpers import R, act, action, card, codes, first, kinds, pos, run, scenario

from game.core.contract import HIDDEN, IllegalAction
from game.manasurge.state import (
    PHASE_DEFLECT,
    PHASE_LEAD,
    PHASE_LIGHTNING,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_RECALL,
)


def refused(state, kind: str, seat: int, **args) -> str:
    """The translation key of the refusal (fails if the action is legal)."""
    problem = R.explain(state, action(state, kind, seat, **args))
    assert problem is not None, f"{kind} {args} should be refused"
    return problem.key


# --- MS-9 / MS-C2 Magic cards ---


def stuck_pos(magic: str, **extra):
    base = {
        "players": 4,
        "table": [
            {"card": "quake-3", "seat": 0, "stones": 1},
            {"card": "frost-6", "seat": 1, "stones": 2},
        ],
        "turn": 2,
        "hands": [["blades-8"], ["blades-7"], [magic, "blades-1", "blades-2"], ["fireball-8"]],
    }
    base.update(extra)
    return pos(**base)


def test_magic_mirror_reverses():
    # MS-C2 #1, MS-5.2: reverse; the next player must beat the current last spell
    s = stuck_pos("magic-mirror-1")
    events = act(s, "magic", 2, card="magic-mirror-1")
    assert first(events, "direction_changed").data["reason"] == "mirror"
    assert R.to_move(s) == 1 and s.ladder == 6


def test_magic_amplify():
    # MS-C2 #2: the hit player takes +2
    s = stuck_pos(
        "magic-amplify-1",
        hands=[["blades-8"], ["blades-7"], ["magic-amplify-1", "blades-1"], ["quake-1"]],
    )
    events = act(s, "magic", 2, card="magic-amplify-1")
    assert first(events, "amplified").data["amplify"] == 2
    hit = first(events, "hit").data
    assert hit["seat"] == 3 and hit["amplify"] == 2 and hit["damage"] == 3 + 2 + 1


def test_magic_ward_passes_the_turn():
    # MS-C2 #3: the next player must play instead; you are not hit
    s = stuck_pos("magic-ward-1")
    events = act(s, "magic", 2, card="magic-ward-1")
    assert "hit" not in kinds(events) and R.to_move(s) == 3


def test_magic_recall_optional_play():
    # MS-C2 #4: draw 2; a valid one may be played at once
    s = stuck_pos("magic-recall-1", draw_top=["fireball-7", "blades-3"])
    events = act(s, "magic", 2, card="magic-recall-1")
    drawn = first(events, "cards_drawn")
    assert drawn.data["reason"] == "recall" and drawn.for_seat(0).data["cards"] == [HIDDEN, HIDDEN]
    assert s.phase == PHASE_RECALL and R.to_move(s) == 2
    assert {a.kind for a in R.legal_actions(s)} == {"play", "decline"}
    assert refused(s, "play", 2, card="blades-1") == "manasurge.illegal.recall_only_drawn"
    events = act(s, "play", 2, card="fireball-7")
    assert first(events, "card_played").data["via"] == "recall"
    assert s.ladder == 7 and R.to_move(s) == 3


def test_magic_siphon_choice():
    # MS-C2 #5: a stone from another player's card onto your last spell (or, with
    # no spell of yours on the table, into your pool)
    s = stuck_pos(
        "magic-siphon-1",
        table=[
            {"card": "quake-3", "seat": 0, "stones": 0},
            {"card": "frost-6", "seat": 1, "stones": 2},
        ],
    )
    events = act(s, "magic", 2, card="magic-siphon-1")
    # one possible source: no question asked; the stone is scored at once
    assert s.phase == PHASE_PLAY and s.table_stones == [0, 1, 0] and s.pool_purple[2] == 1
    assert first(events, "stones_scored").data["from_index"] == 1
    s2 = stuck_pos(
        "magic-siphon-1",
        table=[
            {"card": "quake-3", "seat": 0, "stones": 1},
            {"card": "frost-6", "seat": 1, "stones": 2},
            {"card": "blades-6", "seat": 2, "stones": 0},
            {"card": "quake-6", "seat": 3, "stones": 1},
        ],
    )
    act(s2, "magic", 2, card="magic-siphon-1")
    assert sorted(a["index"] for a in R.legal_actions(s2)) == [0, 1, 3]
    events = act(s2, "siphon", 2, index=1)
    moved = first(events, "stone_placed").data
    assert moved["from_index"] == 1 and moved["index"] == 2 and moved["reason"] == "siphon"
    assert s2.table_stones[:3] == [1, 1, 1]


def test_magic_reset_wipes_the_ladder():
    # MS-C2 #6: the next player may play any spell
    s = stuck_pos(
        "magic-reset-1",
        hands=[["blades-8"], ["blades-7"], ["magic-reset-1", "blades-1"], ["quake-1", "frost-2"]],
    )
    act(s, "magic", 2, card="magic-reset-1")
    assert s.ladder == 0
    assert {a["card"] for a in R.legal_actions(s)} == {card("quake-1"), card("frost-2")}


# --- MS-9.2 / MS-C3 Characters ---


def hoarder_hit(librarian: int, stones: list[int]):
    """Seat 2 is hit on a Quake lead (seat 0 holds the token); the Librarian sits at
    ``librarian``.  Returns the state after the round-end refill."""
    characters: list[str | None] = [None, None, None]
    characters[librarian] = "hoarder"
    s = pos(
        players=3,
        characters=characters,
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-7", "blades-3"], ["blades-2", "quake-1"]],
        stones=stones,
    )
    act(s, "play", 1, card="frost-7")
    return s


def test_character_hoarder_refills_to_six():
    # MS-C3 #1 (retuned, docs/BALANCE.md): the hit Librarian that takes the token
    # (fewest stones, a tie from the hit seat: MS-6.2 step 6) draws up to 6
    s = hoarder_hit(librarian=2, stones=[0, 0, 0])
    assert s.caster == 2 and len(s.hands[2]) == 6
    assert [len(h) for h in s.hands[:2]] == [5, 5]


def test_character_hoarder_refills_to_five_otherwise():
    # MS-C3 #1 (retuned): hit but not taking the token, or taking it without being hit
    s = hoarder_hit(librarian=2, stones=[0, 0, 3])
    assert s.caster != 2 and len(s.hands[2]) == 5
    s = hoarder_hit(librarian=0, stones=[0, 2, 2])
    assert s.caster == 0 and len(s.hands[0]) == 5


def test_character_stoneskin_takes_one_less():
    # MS-C3 #2
    s = pos(
        players=3,
        characters=[None, None, "stoneskin"],
        table=[{"card": "fireball-4", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["blades-8"], ["frost-7", "blades-3"], ["blades-2", "quake-1"]],
    )
    events = act(s, "play", 1, card="frost-7")
    hit = first(events, "hit").data
    assert hit["reduced"] == 1 and hit["damage"] == 2


def test_character_surger_gains_three():
    # MS-C3 #3
    s = pos(
        players=3,
        characters=[None, "surger", None],
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-7"], ["lightning-8"]],
    )
    events = act(s, "play", 1, card="frost-7")
    assert first(events, "manasurge").data["stones"] == 3 and s.scores()[1] == 3


def test_character_echo_may_hold_the_direction():
    # MS-C3 #4: an equal rank without reversing
    s = pos(
        players=3,
        characters=[None, "echo", None],
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-4", "frost-5"], ["blades-7"]],
    )
    acts = R.legal_actions(s)
    assert len(acts) == 3  # frost-4, frost-4 held, frost-5
    events = act(s, "play", 1, card="frost-4", hold=True)
    assert "direction_changed" not in kinds(events) and s.direction == 1
    assert first(events, "card_played").data["held"] is True


def test_character_attuner_resonates_once_per_round():
    # MS-C3 #5: in a round the Bard leads (holds the token), a Spell of rank 4 or lower
    s = pos(
        players=3,
        caster=1,
        characters=[None, "attuner", None],
        table=[
            {"card": "lightning-2", "seat": 1},
            {"card": "quake-3", "seat": 2},
            {"card": "blades-3", "seat": 0},
        ],
        turn=1,
        hands=[["blades-8"], ["frost-4", "frost-5", "quake-6"], ["blades-7"]],
    )
    events = act(s, "play", 1, card="frost-4", attune=True)
    assert first(events, "card_played").data["resonant"] is True
    assert s.table_stones[3] == 1 and s.attuned[1]
    # treated as Lightning: the extra play is offered; the power is spent
    assert s.phase == PHASE_LIGHTNING
    assert all(a.get("attune") is None for a in R.legal_actions(s))
    assert (
        refused(s, "play", 1, card="frost-5", attune=True) == "manasurge.illegal.power_unavailable"
    )


def attuner_pos(caster: int):
    """The Bard (seat 1) to play on a Lightning lead at ladder 3, the token at ``caster``."""
    return pos(
        players=3,
        caster=caster,
        characters=[None, "attuner", None],
        table=[{"card": "lightning-2", "seat": caster}, {"card": "quake-3", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-4", "frost-5", "quake-6"], ["blades-7"]],
    )


def test_character_attuner_needs_the_token():
    # MS-C3 #5 (retuned, docs/BALANCE.md): not in a round another player leads
    s = attuner_pos(caster=0)
    assert all(a.get("attune") is None for a in R.legal_actions(s))
    assert (
        refused(s, "play", 1, card="frost-4", attune=True) == "manasurge.illegal.power_unavailable"
    )
    assert any(a.get("attune") for a in R.legal_actions(attuner_pos(caster=1)))


def test_character_attuner_only_ranks_four_or_lower():
    # MS-C3 #5 (retuned): BARD_MAX_RANK = 4; frost-5 and quake-6 are plain plays only
    s = attuner_pos(caster=1)
    attuned = {a["card"] for a in R.legal_actions(s) if a.get("attune")}
    assert attuned == {card("frost-4")}
    assert (
        refused(s, "play", 1, card="frost-5", attune=True) == "manasurge.illegal.power_unavailable"
    )


def test_character_deflector_passes_a_penalty_card():
    # MS-C3 #6: when hit, may give 1 penalty card to the last spell's player
    s = pos(
        players=3,
        characters=[None, None, "deflector"],
        table=[{"card": "fireball-4", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["blades-8"], ["frost-7", "blades-3"], ["blades-2", "quake-1"]],
    )
    act(s, "play", 1, card="frost-7")
    assert s.phase == PHASE_DEFLECT and R.to_move(s) == 2
    assert len(s.penalty[2]) == 3
    events = act(s, "deflect", 2)
    assert first(events, "card_given").data["to"] == 1
    assert [len(p) for p in s.penalty] == [0, 1, 2] and s.phase == PHASE_LEAD


# --- MS-G5 overload, MS-G7 gold ---


def test_overload_at_five():
    # MS-G5: at 5+ penalty cards: discard hand, 1 stone back, penalty to hand
    s, actions = scenario("overload_at_5")
    events = run(s, actions)
    over = first(events, "overload").data
    assert over["seat"] == 2 and over["count"] == 7 and over["stone_lost"] is True
    assert codes(over["discarded"]) == ["quake-2", "frost-1"]
    assert s.penalty[2] == [] and s.scores()[2] == 2
    assert first(events, "stones_returned").data["reason"] == "overload"


@pytest.mark.parametrize("char", ["stoneskin", "deflector"])
def test_stoneskin_and_riposte_overload_one_card_later(char):
    # MS-G5 with MS-C3 #2 / #6 (retuned): the limit is 5 + OVERLOAD_LATER for them
    def hit_with(pile: int):
        s = pos(
            players=3,
            options={"characters": True},
            characters=[None, char, None],
            table=[{"card": "quake-5", "seat": 0}, {"card": "quake-6", "seat": 2}],
            turn=1,
            hands=[["frost-1"], ["blades-1"], ["quake-2"]],
            penalty=[0, pile, 0],
        )
        events = act(s, "take_hit", 1)  # the lead's stone + Quake 1, minus 1 for the Stoneskin
        return s, [e.data["seat"] for e in events if e.kind == "overload"]

    damage = 1 if char == "stoneskin" else 2
    s, overloaded = hit_with(5 - damage)  # reaches 5: the others would overload here
    assert overloaded == [] and len(s.penalty[1]) == 5
    s, overloaded = hit_with(6 - damage)
    assert overloaded == [1]


def test_overload_disabled():
    # MS-G5 option None
    s, actions = scenario("overload_at_5")
    s.opts = type(s.opts)(overload_at=None)
    events = run(s, actions)
    assert "overload" not in kinds(events) and len(s.penalty[2]) == 7


def test_gold_stone_change():
    # MS-G7, MS-6.4: 5 purple swapped for 1 gold when the supply runs out
    s, actions = scenario("gold_change")
    events = run(s, actions)
    change = first(events, "gold_change").data
    assert change == {"seat": 0, "gold": 1, "purple": -5, "reason": "change"}
    assert s.pool_gold[0] == 1 and s.supply_gold == 9 and s.extra == 0
    assert s.scores() == [21, 20, 0]
    assert s.supply_purple + sum(s.pool_purple) + sum(s.table_stones) == 40


# --- contract details ---


def test_explain_reasons():
    # MS-5.1 reasons the table shows on a refused drop
    s = pos(
        players=3,
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-5", "blades-1", "magic-ward-1"], ["blades-7"]],
    )
    assert refused(s, "play", 2, card="blades-7") == "core.illegal.not_your_turn"
    assert refused(s, "play", 1, card="blades-8") == "manasurge.illegal.not_in_hand"
    assert refused(s, "play", 1, card="magic-ward-1") == "manasurge.illegal.magic_not_spell"
    assert refused(s, "magic", 1, card="frost-5") == "manasurge.illegal.not_magic"
    assert refused(s, "give", 1, card="frost-5") == "manasurge.illegal.wrong_phase_play"
    with pytest.raises(IllegalAction) as err:
        act(s, "play", 1, card="blades-1")
    assert err.value.key == "manasurge.illegal.too_low" and err.value.params["ladder"] == 4
    assert s.table == [card("quake-4")]  # nothing changed


def test_prompts():
    s = pos(players=3, caster=0, hands=[["frost-3"], ["blades-5"], ["quake-6"]])
    assert R.prompt(s).key == "manasurge.prompt.lead"
    act(s, "lead", 0, card="frost-3", dir=1)
    assert R.prompt(s).key == "manasurge.prompt.play"


def test_round_limit_ends_the_game():
    # safety net: a game always ends
    s = pos(
        players=3,
        round=300,
        stones=[0, 1, 2],
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-7", "blades-3"], ["blades-2", "quake-1"]],
    )
    act(s, "play", 1, card="frost-7")
    assert s.phase == PHASE_OVER
    result = R.outcome(s)
    assert result.reason == "round_limit" and result.draw and set(result.winners) == {1, 2}
