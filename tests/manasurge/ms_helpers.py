"""Shared helpers for the ManaSurge tests: positions, actions, invariants."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import game
from game.core.contract import Action, Event
from game.manasurge.cards import CODES, parse_code
from game.manasurge.rules import ManaSurgeRules
from game.manasurge.state import MSState

R: ManaSurgeRules = game.get("manasurge")  # type: ignore[assignment]
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "manasurge"


def pos(**data: Any) -> MSState:
    """A position from scenario fields (see game.manasurge.serial)."""
    return R.from_scenario(data)


def scenario(name: str) -> tuple[MSState, list[dict[str, Any]]]:
    """A scenario file of tests/scenarios/manasurge: its position and action list."""
    data = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    assert data["game"] == "manasurge"
    return R.from_scenario(data["position"]), data.get("actions", [])


def act(state: MSState, kind: str, seat: int, **args: Any) -> list[Event]:
    """Apply an action whose ``card`` may be a code; checks legality."""
    action = R.action_from_json(state, {"kind": kind, "seat": seat, **args})
    return R.apply(state, action)


def action(state: MSState, kind: str, seat: int, **args: Any) -> Action:
    return R.action_from_json(state, {"kind": kind, "seat": seat, **args})


def run(state: MSState, actions: list[dict[str, Any]]) -> list[Event]:
    events: list[Event] = []
    for raw in actions:
        events.extend(R.apply(state, R.action_from_json(state, raw)))
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: list[Event], kind: str) -> Event:
    for e in events:
        if e.kind == kind:
            return e
    raise AssertionError(f"no {kind} event in {kinds(events)}")


def codes(cards: list[int]) -> list[str]:
    return [CODES[c] for c in cards]


def card(code: str) -> int:
    return parse_code(code)


def check_invariants(s: MSState) -> None:
    """The invariants that must hold after every action: ``R.invariants``, the
    one place ManaSurge declares them (the soak command runs the same ones)."""
    problems = R.invariants(s)
    assert not problems, problems
