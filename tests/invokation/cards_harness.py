"""Builds the exact positions of ``cards_cases`` and plays them on the rules core
(test_cards_text.py, test_cards_actions.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.invokation import RULES
from game.invokation.catalog import catalog_for
from game.invokation.state import GIState
from tests.invokation.cards_cases import FILL, THEIRS

CAT = catalog_for("")
ZONES = ("summons", "combat_statuses", "supports")


def _side(team: Sequence[str], hand: Sequence[str], setup: Mapping[str, Any]) -> dict[str, Any]:
    """One player of a scenario (game.invokation.scenario): character 0 is active and
    carries the case's statuses and equipment."""
    hp = setup.get("hp", [10, 10, 10])
    energy = setup.get("energy", [0, 0, 0])
    chars: list[dict[str, Any]] = []
    for i, name in enumerate(team):
        top = CAT.card(name)["energy"]  # GI-G3: never above the maximum
        chars.append({"card": name, "hp": hp[i], "energy": min(energy[i], top)})
    chars[0]["statuses"] = list(setup.get("statuses", ()))
    chars[0]["equipment"] = list(setup.get("equipment", ()))
    return {
        "characters": chars,
        "active": 0,
        "dice": list(setup.get("dice", ["omni"] * 9)),
        "hand": list(hand),
        "deck": list(FILL),
        "summons": list(setup.get("summons", ())),
        "combat_statuses": list(setup.get("combat_statuses", ())),
    }


def build(case: Mapping[str, Any], hand: Sequence[str] = ()) -> GIState:
    """The case's scenario: seat 0's action phase in round 1; seat 1 has declared the
    round end unless ``opp_declared`` is False (then seat ``turn`` moves, default 0)."""
    declared = case.get("opp_declared", True)
    theirs = {**_side(THEIRS, (), {}), "declared_end": declared}
    data = {
        "seed": 7,
        "turn": case.get("turn", 0),
        "next_first": 1 if declared else -1,
        "players": [_side(case["mine"], hand, case), theirs],
    }
    state: GIState = RULES.from_scenario(data)
    return state


# --- playing a case ---------------------------------------------------------------------


def legal(state: GIState, seat: int | None = None, **match: Any) -> dict[str, Any] | None:
    """The first legal action (as JSON) of the seat to move whose keys match ``match``."""
    rules = RULES
    for action in rules.legal_actions(state):
        data = action.to_json()
        if seat is not None and data.get("seat") != seat:
            continue
        if all(data.get(k) == v for k, v in match.items()):
            return dict(data)
    return None


def do(state: GIState, **match: Any) -> list[dict[str, Any]]:
    """Apply the legal action matching ``match`` (its canonical dice payment)."""
    rules = RULES
    found = legal(state, **match)
    assert found is not None, f"no legal action {match} (to move: {rules.to_move(state)})"
    action = rules.action_from_json(state, found)
    return [e.to_json() for e in rules.apply(state, action)]


def card_id(state: GIState, seat: int, name: str) -> int:
    for i in state.players[seat].hand:
        if state.cards[i] == name:
            return i
    raise AssertionError(f"{name} is not in seat {seat}'s hand")


def step(state: GIState, act: tuple[Any, ...]) -> list[dict[str, Any]]:
    kind = act[0]
    if kind == "skill":
        return do(state, kind="skill", seat=0, skill=_skill_id(state, 0, act[1]))
    if kind == "hit":
        return do(state, kind="skill", seat=1, skill=_skill_id(state, 1, act[1]))
    if kind == "play":
        return do(state, kind="play", seat=0, card=card_id(state, 0, act[1]), **act[2])
    if kind == "declare":
        return do(state, kind="end_round", seat=0)
    events = do(state, kind="end_round", seat=0)
    if kind == "next":
        while state.phase == "roll":
            events += do(state, kind="reroll", seat=RULES.to_move(state), dice=[])
    return events


def _skill_id(state: GIState, seat: int, skill_type: str) -> str:
    """The skill id of the active character for a skill type (``normal``...)."""
    p = state.players[seat]
    skills = CAT.card(p.characters[p.active].card)["skills"]
    for sid, skill in skills.items():
        if skill["type"] == skill_type:
            return str(sid)
    raise AssertionError(skill_type)


def run(case: Mapping[str, Any]) -> tuple[GIState, list[dict[str, Any]]]:
    acts = case["act"] if isinstance(case["act"], list) else [case["act"]]
    hand = [a[1] for a in acts if a[0] == "play"]
    state = build(case, hand)
    events: list[dict[str, Any]] = []
    for act in acts:
        events += step(state, act)
    return state, events


def zone(state: GIState, key: str) -> dict[str, int | None]:
    p = state.players[0]
    if key == "statuses":
        found = p.characters[0].statuses
    elif key == "equipment":
        found = p.characters[0].equipment
    else:
        found = getattr(p, key)
    return {e.card: e.usages for e in found}


GETTERS: dict[str, Any] = {
    "opp_hp": lambda s: [c.hp for c in s.players[1].characters],
    "my_hp": lambda s: [c.hp for c in s.players[0].characters],
    "opp_aura": lambda s: sorted(s.players[1].characters[0].aura),
    "energy": lambda s: [c.energy for c in s.players[0].characters],
    "alive": lambda s: [c.alive for c in s.players[0].characters],
    "dice": lambda s: len(s.players[0].dice),
    "omni": lambda s: s.players[0].dice.count("omni"),
    "hand": lambda s: len(s.players[0].hand),
    "opp_active": lambda s: s.players[1].active,
    "my_active": lambda s: s.players[0].active,
    "turn": lambda s: s.turn,
}


def check(state: GIState, want: Mapping[str, Any]) -> None:
    """Assert every outcome the case names (see cards_cases)."""
    me = state.players[0]
    for key, value in want.items():
        if key in GETTERS:
            got = GETTERS[key](state)
            if key == "my_hp":  # None: that character is not checked
                got = [None if v is None else g for g, v in zip(got, value, strict=True)]
            if key == "opp_aura":
                value = sorted(value)
        elif key == "durations":
            ents = [*me.supports, *me.summons, *me.combat_statuses]
            got = {e.card: e.duration for e in ents if e.card in value}
        elif key in ("statuses", "equipment", *ZONES):
            got = zone(state, key)
            if "satiated" in got:  # Satiated's own counters are the core's business
                got["satiated"] = None
        else:
            raise AssertionError(f"unknown outcome {key}")
        assert got == value, f"{key}: {got} != {value}"
