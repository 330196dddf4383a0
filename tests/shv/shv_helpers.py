"""Shared helpers for the Sử Hộ Vương rules tests: positions, named actions, checks."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import game
from game.core.contract import Action, Event
from game.shv.rules import ShvRules
from game.shv.scenario import find
from game.shv.state import ShvState

R: ShvRules = game.get("shv")  # type: ignore[assignment]
SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def pos(**data: Any) -> ShvState:
    """A position from scenario fields (see game.shv.scenario)."""
    return R.from_scenario(data)


def scenario(name: str) -> tuple[ShvState, list[dict[str, Any]]]:
    """A scenario file of tests/shv/scenarios: its position and action list."""
    data = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    assert data["game"] == "shv"
    return R.from_scenario(data["position"]), data.get("actions", [])


def act(state: ShvState, **data: Any) -> list[Event]:
    """Apply an action written with card names (``"guardian": "ma_troi@1"``)."""
    action = R.action_from_json(state, data)
    events = R.apply(state, action)
    assert R.invariants(state) == [], R.invariants(state)
    return events


def run(state: ShvState, actions: Sequence[dict[str, Any]]) -> list[Event]:
    events: list[Event] = []
    for data in actions:
        events.extend(act(state, **data))
    return events


def uid(state: ShvState, name: str, zone: str = "field", seat: int | None = None) -> int:
    return find(R.flow, state, name, zone, seat)


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def of(events: Sequence[Event], kind: str) -> list[dict[str, Any]]:
    return [e.to_json() for e in events if e.kind == kind]


def guardian(state: ShvState, name: str, seat: int) -> Any:
    g = state.players[seat].guardian(uid(state, name, "field", seat))
    assert g is not None
    return g


def refused(state: ShvState, **data: Any) -> str:
    """The refusal key of an action that must be illegal (and change nothing)."""
    before = R.to_json(state)
    problem = R.explain(state, R.action_from_json(state, data))
    assert problem is not None, f"{data} was accepted"
    assert R.to_json(state) == before
    return problem.key


def legal_kinds(state: ShvState) -> set[str]:
    return {a.kind for a in R.legal_actions(state)}


def config(players: int, **options: Any) -> dict[str, Any]:
    cfg = R.info.default_config(None, players)
    cfg["options"].update(options)
    return cfg


def first(state: ShvState, kind: str) -> Action:
    return next(a for a in R.legal_actions(state) if a.kind == kind)
