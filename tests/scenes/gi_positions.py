"""Thất Thánh Triệu Hồi tables opened on a written position (GI scenario format,
``game/invokation/scenario.py``): the shared opener of the GI table tests."""

from __future__ import annotations

from typing import Any

from table_driver import step

from scenes.puzzles import scenario_match
from scenes.table import open_table
from scenes.table.invokation import InvokationTable


def open_position(app: Any, me: dict[str, Any], opp: dict[str, Any]) -> InvokationTable:
    """The table of an action-phase position of round 2, seat 0 (``me``) to act, pushed
    and settled; the opponent gets 6 Omni dice unless ``opp`` says otherwise."""
    position = {"seed": 3, "round": 2, "phase": "action", "first": 0, "turn": 0,
                "players": [me, {"dice": {"omni": 6}, **opp}]}  # fmt: skip
    table = open_table(app, scenario_match("invokation", None, position, 0, app.tr.lang))
    assert isinstance(table, InvokationTable)
    app.stack.push(table)
    app.stack.apply_pending()
    step(app, frames=30)
    return table
