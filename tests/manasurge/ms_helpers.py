"""Shared helpers for the ManaSurge tests: positions, actions, invariants."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import game
from game.core.contract import Action, Event
from game.manasurge.cards import CODES, N_CARDS, SUIT, parse_code
from game.manasurge.rules import ManaSurgeRules
from game.manasurge.state import GOLD_STONES, GOLD_VALUE, PHASE_OVER, PURPLE_STONES, MSState

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
    """Cheap invariants that must hold after every action."""
    n = s.n
    # 72 cards accounted for across the zones, each exactly once
    total = len(s.draw) + len(s.discard) + len(s.table)
    for p in range(n):
        total += len(s.hands[p]) + len(s.penalty[p])
    assert total == N_CARDS, f"{total} cards in the zones"
    seen = set(s.draw)
    seen.update(s.discard)
    seen.update(s.table)
    for p in range(n):
        seen.update(s.hands[p])
        seen.update(s.penalty[p])
    assert len(seen) == N_CARDS, "a card is duplicated"
    # stones: 40 purple + 10 gold = 90 (plus the MS-6.4 unlimited counter)
    purple = s.supply_purple + sum(s.pool_purple) + sum(s.table_stones)
    gold = s.supply_gold + sum(s.pool_gold)
    assert purple == PURPLE_STONES + s.extra, f"purple stones {purple}"
    assert gold == GOLD_STONES, f"gold stones {gold}"
    assert purple + GOLD_VALUE * gold == PURPLE_STONES + GOLD_VALUE * GOLD_STONES + s.extra
    assert min(s.pool_purple) >= 0 and min(s.pool_gold) >= 0 and s.supply_purple >= 0
    # table lists are parallel; the lead is a spell of the lead suit
    assert len(s.table) == len(s.table_seat) == len(s.table_stones)
    if s.table:
        assert s.table[0] < 60 and SUIT[s.table[0]] == s.lead_suit
    # to_move is consistent with the legal actions
    mover = s.to_move()
    if s.phase == PHASE_OVER:
        assert mover is None and s.winners and not R.legal_actions(s)
    else:
        acts = R.legal_actions(s)
        assert acts, "a seat to move without legal actions"
        assert all(a.seat == mover for a in acts)
        assert len(set(acts)) == len(acts), "duplicate legal actions"
        assert 0 <= mover < n
        for p in range(n):
            assert len(s.hands[p]) <= N_CARDS
