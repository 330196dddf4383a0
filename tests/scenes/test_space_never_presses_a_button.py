"""At a table Space skips animations and never presses a decision button (P2-4).

The controls line says "Space: bỏ qua hoạt cảnh", but with nothing animating Space
pressed the focused button: "Kết thúc lượt" ended An's turn.  Enter and 1-9 press a
button; Space does not, on every table and mode."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from registry_tables import DT, human_match, open_on_stack, play_until, table_modes

from scenes.table.kittable import KitTable


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_space_leaves_the_focused_button_alone(make_app: Any, game_id: str, mode_id: str) -> None:
    app = make_app()
    table = open_on_stack(app, human_match(game_id, mode_id))
    if not isinstance(table, KitTable):
        pytest.skip(f"{game_id}: not a kit table")
    assert play_until(app, table, lambda t: bool(t.bar.buttons)), "no decision button"
    moves = len(table.match.log)
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step([space, pygame.event.Event(pygame.TEXTINPUT, text=" ")], DT)
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0)], DT)
    assert len(table.match.log) == moves, "Space pressed a decision button"
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    app.step([enter], DT)
    assert len(table.match.log) > moves or table.input.picker.picked or not table.in_control
