"""Drive a table with real pygame events through ``app.step`` (mouse and keys)."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.match import Match
from scenes.table.manasurge import ManaSurgeTable

DT = 1 / 60


def step(app: Any, events: list[pygame.event.Event] | None = None, frames: int = 1) -> None:
    app.step(events or [], DT)
    for _ in range(frames - 1):
        app.step([], DT)


def down(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def motion(pos: tuple[int, int], rel: tuple[int, int] = (0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0))


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    step(app, [down(pos, button)])
    step(app, [up(pos, button)])


def press_and_drag(app: Any, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    """Press at ``start`` and move to ``end`` without releasing."""
    step(app, [down(start)])
    for i in range(1, steps + 1):
        x = round(start[0] + (end[0] - start[0]) * i / steps)
        y = round(start[1] + (end[1] - start[1]) * i / steps)
        step(app, [motion((x, y))])


def drag(app: Any, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    press_and_drag(app, start, end, steps)
    step(app, [up(end)])


def settle(app: Any, table: ManaSurgeTable, limit: int = 600) -> None:
    """Step frames until animations and card glides are over (or the table left)."""
    for _ in range(limit):
        if app.stack.top is not table:
            return
        moving = any(s.moving for s in table.hand.sprites) or any(
            s.moving for s in table.ladder_sprites.values()
        )
        if not table.anims.busy and not moving and not table.worker.busy:
            return
        step(app)
    raise AssertionError("the table never settled")


def open_match(app: Any, match: Match) -> ManaSurgeTable:
    from scenes.table import open_table

    table = open_table(app, match)
    assert isinstance(table, ManaSurgeTable)
    app.stack.push(table)
    app.stack.apply_pending()
    return table


def hotseat_config(
    n: int = 2, names: tuple[str, ...] = ("An", "Bình", "Châu", "Dũng", "Hạnh", "Giang")
) -> dict[str, Any]:
    return {
        "mode": "ffa",
        "players": n,
        "seats": [{"name": names[i], "control": "human"} for i in range(n)],
        "options": {},
    }
