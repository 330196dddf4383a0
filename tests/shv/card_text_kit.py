"""Positions and moves for the card-text tests of Sử Hộ Vương (``test_cards_text*.py``):
an exact 1v1 position in the scenario format of ``game.shv.scenario``, a move through the
rules contract, and ``covers``, which records the cards a test checks so that
``test_every_card_has_a_text_test`` can keep the list complete."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.shv import RULES
from game.shv.scenario import find
from game.shv.state import Guardian, ShvState

FILL = ["kim_co_ban"] * 6  # a deck to draw from


def pos(
    mine: Sequence[Mapping[str, Any]],
    theirs: Sequence[Mapping[str, Any]] = (),
    *,
    active: int = 0,
    hand: Sequence[str] = (),
    foe_hand: Sequence[str] = (),
    deck: Sequence[str] = FILL,
    mp: tuple[int, int] = (15, 15),
    **extra: Any,
) -> ShvState:
    """A 1v1 position in the action phase of seat ``active`` (seat 0 is "me")."""
    players = [
        {"team": 0, "mp": mp[0], "field": list(mine), "hand": list(hand), "deck": list(deck)},
        {"team": 1, "mp": mp[1], "field": list(theirs), "hand": list(foe_hand), "deck": FILL},
    ]
    return RULES.from_scenario({"active": active, "order": [0, 1], "players": players, **extra})


def do(state: ShvState, kind: str, seat: int | None = None, **args: Any) -> list[dict[str, Any]]:
    """Apply one action written with card names (``guardian="cao_lo@1"``)."""
    mover = RULES.to_move(state) if seat is None else seat
    action = RULES.action_from_json(state, {"kind": kind, "seat": mover, **args})
    return [e.to_json() for e in RULES.apply(state, action)]


def refused(state: ShvState, kind: str, seat: int | None = None, **args: Any) -> bool:
    mover = RULES.to_move(state) if seat is None else seat
    action = RULES.action_from_json(state, {"kind": kind, "seat": mover, **args})
    return RULES.explain(state, action) is not None


def g(state: ShvState, name: str, seat: int) -> Guardian:
    uid = find(RULES.flow, state, name, "field", seat)
    for p in state.players:
        for guardian in p.field:
            if guardian.card == uid:
                return guardian
    raise AssertionError(name)


def on_field(state: ShvState, name: str, seat: int) -> bool:
    return any(state.names[x.card] == name for x in state.players[seat].field)


def status(state: ShvState, name: str, seat: int, which: str) -> int:
    return RULES.flow.status(state, g(state, name, seat), which)


def names(state: ShvState, uids: Sequence[int]) -> list[str]:
    return sorted(state.names[u] for u in uids)


def hit(state: ShvState, target: str) -> list[dict[str, Any]]:
    """Seat 1 (active) hits ``target`` (a seat-0 guardian) with Ma Trơi's Lửa Ma (1 damage)."""
    return do(state, "activate", source="ma_troi", skill="lua_ma", guardian=f"{target}@0")


def respond(state: ShvState, kind: str, source: str, skill: str) -> list[dict[str, Any]]:
    """Pass every other offer until ``source``'s ``skill`` is offered, then use it."""
    for _ in range(20):
        offered = [a for a in RULES.legal_actions(state) if a.kind == kind]
        if any(state.names[a["source"]] == source and a["skill"] == skill for a in offered):
            return do(state, kind, source=source, skill=skill)
        assert RULES.decision(state) in ("react", "interrupt"), RULES.decision(state)
        do(state, "pass")
    raise AssertionError(f"{source}.{skill} was never offered")


ATTACKER = {"card": "ma_troi", "tactics": ["hoa_co_ban"]}  # 1 melee damage (SHV-3.6)
COVERED: set[str] = set()


def covers(*cards: str) -> Any:
    COVERED.update(cards)
    return lambda fn: fn


def end_turn_declaring(s: ShvState, *skills: tuple[str, str]) -> None:
    """End the active turn, declaring the given end-of-turn skills (SHV-4.3, 7.9)."""
    ender = s.active
    do(s, "end_turn")
    for source, skill in skills:
        assert RULES.decision(s) == "declare"
        do(s, "declare", source=source, skill=skill)
    while RULES.decision(s) == "declare" and s.active == ender:
        do(s, "done")
    while RULES.decision(s) == "order":
        do(s, "resolve_next", source=skills[0][0], skill=skills[0][1])
        skills = skills[1:]
