"""Every table and mode from the table registry, opened headless for the guards.

The guards of issue 34 loop over :data:`scenes.table.registry.TABLES` and each
game's modes (Sử Hộ Vương PvP and PvE are one registry entry with two modes), so a
table added later is covered without touching them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest

import game
from game import new_match
from game.core.match import Match
from scenes.handoff import HandoffScene
from scenes.table import open_table, registry
from scenes.title import TitleScene

DT = 1 / 60


def table_modes() -> list[Any]:
    """One pytest param per (game, mode) of every registered table."""
    return [
        pytest.param(game_id, mode.id, id=f"{game_id}-{mode.id}")
        for game_id in registry.with_table()
        for mode in game.info(game_id).modes
    ]


def human_match(game_id: str, mode_id: str, players: int | None = None, seed: int = 7) -> Match:
    """A match of ``game_id`` in ``mode_id`` with every seat human (nothing moves by itself)."""
    mode = game.get(game_id).info.mode(mode_id)
    count = players if players is not None else min(mode.player_counts)
    config = game.get(game_id).info.default_config(mode_id, count, control="human")
    return new_match(game_id, config, seed)


def enter_key() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


def open_on_stack(app: Any, match: Match) -> Any:
    """The match's table pushed over the title, as the shell opens it."""
    table = open_table(app, match)
    app.stack.clear_to(TitleScene(app))
    app.stack.push(table)
    app.stack.apply_pending()
    return table


def play_until(
    app: Any, table: Any, ready: Callable[[Any], bool], *, seed: int = 3, limit: int = 300
) -> bool:
    """Step the table (revealing hot-seat hand-offs with Enter) and play random legal
    actions through ``table.submit`` until ``ready(table)`` holds while the viewer is in
    control; False when the game ends or the limit is reached first."""
    rng = random.Random(seed)
    for _ in range(limit):
        for _ in range(3):
            app.step([], DT)
        top = app.stack.top
        if isinstance(top, HandoffScene):
            app.step([enter_key()], DT)
            continue
        if top is not table or table.match.to_move is None:
            return False
        if not table.in_control:
            continue
        if ready(table):
            return True
        table.submit(rng.choice(table.match.legal_actions()))
    return False
