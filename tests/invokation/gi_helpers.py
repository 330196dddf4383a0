"""Helpers for the Thất Thánh Triệu Hồi rule tests: positions on the generic test
cards (``tests/invokation/test_cards.json``) and short action calls."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.core.contract import Action, Event
from game.invokation import RULES
from game.invokation.state import GIState

CONTENT = "tests/invokation/test_cards.json"
SCENARIOS = Path(__file__).parent / "scenarios"


def pos(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, **top: Any) -> GIState:
    return RULES.from_scenario({"content": CONTENT, "players": [p0 or {}, p1 or {}], **top})


def scenario(name: str) -> GIState:
    return RULES.from_scenario(json.loads((SCENARIOS / f"{name}.json").read_text("utf-8")))


def act(state: GIState, kind: str, seat: int = 0, **args: Any) -> list[Event]:
    return RULES.apply(state, Action.make(kind, seat, **args))


def skill(state: GIState, name: str = "skill", seat: int = 0, n: int = 3) -> list[Event]:
    """Use ``name`` paying with the first ``n`` dice (the tests give Omni dice)."""
    return act(state, "skill", seat, skill=name, dice=list(range(n)))


def kinds(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]


def hp(state: GIState, seat: int, char: int) -> int:
    return state.players[seat].characters[char].hp


def card_id(state: GIState, seat: int, name: str) -> int:
    return next(c for c in state.players[seat].hand if state.cards[c] == name)
