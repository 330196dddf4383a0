"""Issue 11.29: the table says when it animates, so the idle table is not redrawn."""

from __future__ import annotations

from typing import Any

from table_driver import hotseat_config, open_match, settle

from game import new_match
from scenes.handoff import HandoffScene


def test_the_table_animates_only_while_something_moves(app: Any) -> None:
    table = open_match(app, new_match("manasurge", hotseat_config(2), 5))
    for _ in range(5):
        app.step([], 1 / 60)
        if isinstance(app.stack.top, HandoffScene):
            app.stack.top.reveal()
            break
    settle(app, table)
    for _ in range(120):  # the banner flash fades
        app.step([], 1 / 60)
    assert app.stack.top is table and not table.animating()
    drawn = sum(app.step([], 1 / 60, lazy=True) for _ in range(300))
    assert drawn <= 60 + 5  # the grace second and a heartbeat a second, not 300
    table.toasts.push("refused")
    assert table.animating()
    assert all(app.step([], 1 / 60, lazy=True) for _ in range(60))
