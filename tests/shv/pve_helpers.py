"""Helpers for the PvE rule tests: rules on the training bosses
(``tests/shv/content/training_bosses.json``: SHV-C5's Training boss, the Siege boss
and a Horde boss), positions and named actions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.core.contract import Event
from game.shv.rules import ShvRules
from game.shv.state import ShvState
from game.shv.villain import parse_bosses

CONTENT = Path(__file__).resolve().parent / "content" / "training_bosses.json"
BOSSES = parse_bosses(json.loads(CONTENT.read_text(encoding="utf-8")))
R = ShvRules(bosses=BOSSES)
DECK = ["kim_co_ban"] * 4  # every player can draw at the start of the next turn


def player(mp: int = 15, field: list[Any] | None = None, **more: Any) -> dict[str, Any]:
    spec: dict[str, Any] = {"mp": mp, "field": field or [], "deck": DECK, "hand": []}
    spec.update(more)
    return spec


def pve(players: list[dict[str, Any]], boss: str = "training", **data: Any) -> ShvState:
    """A PvE position at the last player's action phase (unless ``active`` says)."""
    data.setdefault("active", len(players) - 1)
    data.setdefault("villain", {})
    data["villain"] = {"skill_deck": [], "minion_deck": [], **data["villain"]}
    return R.from_scenario({"boss": boss, "players": players, **data})


def act(state: ShvState, **data: Any) -> list[Event]:
    events = R.apply(state, R.action_from_json(state, data))
    assert R.invariants(state) == [], R.invariants(state)
    return events


def end_turn(state: ShvState) -> list[Event]:
    """The active player ends the turn: the villain turn follows after the last one."""
    return act(state, kind="end_turn", seat=state.active)


def of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
