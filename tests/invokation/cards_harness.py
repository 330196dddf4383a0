"""Builds the exact positions of ``cards_cases`` and plays them on the rules core
(test_cards_text.py, test_cards_actions.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.effects import Entity
from game.core.rng import Rng
from game.invokation.catalog import catalog_for
from game.invokation.options import Options
from game.invokation.state import Character, GIState, Player
from tests.invokation.cards_cases import FILL, THEIRS

CAT = catalog_for("")
ZONES = ("summons", "combat_statuses", "supports")


def _character(name: str, hp: int, energy: int) -> Character:
    card = CAT.card(name)
    c = Character(name, hp, card["hp"], min(energy, card["energy"]), card["energy"])
    c.alive = hp > 0
    return c


def _entity(state: GIState, name: str, seat: int, zone: str, char: int = -1) -> Entity:
    card = CAT.card(name)
    counters = {"char": char} if char >= 0 else {}
    e = Entity(
        state.fx.next_id, name, seat, zone, card.get("usages"), card.get("duration"), counters
    )
    state.fx.next_id += 1
    return e


def _player(
    state: GIState, seat: int, team: Sequence[str], hand: Sequence[str], setup: Mapping[str, Any]
) -> Player:
    p = Player()
    hp = setup.get("hp", [10, 10, 10])
    energy = setup.get("energy", [0, 0, 0])
    p.characters = [_character(n, hp[i], energy[i]) for i, n in enumerate(team)]
    p.active = 0
    p.dice = list(setup.get("dice", ["omni"] * 9))
    base = 30 * seat
    cards = [*hand, *FILL]
    for i, name in enumerate(cards):
        state.cards[base + i] = name
    p.hand = [base + i for i in range(len(hand))]
    p.deck = [base + i for i in range(len(hand), len(cards))]
    p.deck_id = ""
    if seat == 0:
        first = p.characters[0]
        first.statuses = [_entity(state, n, 0, "status", 0) for n in setup.get("statuses", ())]
        first.equipment = [_entity(state, n, 0, "equipment", 0) for n in setup.get("equipment", ())]
        for zone, key in (("summon", "summons"), ("combat_status", "combat_statuses")):
            setattr(p, key, [_entity(state, n, 0, zone) for n in setup.get(key, ())])
    return p


def build(case: Mapping[str, Any], hand: Sequence[str] = ()) -> GIState:
    """Seat 0's action phase in round 1; seat 1 declared the round end unless
    ``opp_declared`` is False (then seat ``turn`` moves, default 0)."""
    state = GIState(Rng(7), Options(), "")
    state.cards = [""] * 60
    state.phase = "action"
    state.players = [
        _player(state, 0, case["mine"], hand, case),
        _player(state, 1, THEIRS, (), {}),
    ]
    declared = case.get("opp_declared", True)
    state.players[1].declared_end = declared
    state.next_first = 1 if declared else -1
    state.turn = case.get("turn", 0)
    return state


# --- playing a case ---------------------------------------------------------------------


def _rules() -> Any:
    from game.invokation import RULES

    return RULES


def legal(state: GIState, seat: int | None = None, **match: Any) -> dict[str, Any] | None:
    """The first legal action (as JSON) of the seat to move whose keys match ``match``."""
    rules = _rules()
    for action in rules.legal_actions(state):
        data = action.to_json()
        if seat is not None and data.get("seat") != seat:
            continue
        if all(data.get(k) == v for k, v in match.items()):
            return dict(data)
    return None


def do(state: GIState, **match: Any) -> list[dict[str, Any]]:
    """Apply the legal action matching ``match`` (its canonical dice payment)."""
    rules = _rules()
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
            events += do(state, kind="reroll", seat=_rules().to_move(state), dice=[])
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
