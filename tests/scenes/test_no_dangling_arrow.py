"""No aiming arrow trails the pointer with nothing held (play-test D4).

A question with no source card ("chọn nhân vật xuất chiến" in Thất Thánh Triệu Hồi,
choosing a target in Sử Hộ Vương) draws its arrow from the seat's panel; it used
to follow the pointer everywhere, which a new player read as a stuck drag.  The
arrow now shows only while the pointer is on an answer.  Checked on every table
and mode of the registry that asks such a question."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from registry_tables import human_match, open_on_stack, play_until, table_modes

from scenes.table import pickinput
from scenes.table.kittable import KitTable


def _asks_without_source(table: Any) -> bool:
    inp = getattr(table, "input", None)
    ask = getattr(inp, "asking", None)
    if inp is None or ask is None or inp.source is not None or ask.arg in inp.sources:
        return False
    return any(s.pick in inp.lit for s in inp.board.spots(table.aim_args))


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_the_aiming_arrow_shows_only_over_an_answer(
    make_app: Any, game_id: str, mode_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    table = open_on_stack(app, human_match(game_id, mode_id))
    if not isinstance(table, KitTable):
        pytest.skip(f"{game_id}: not a kit table")
    if not play_until(app, table, _asks_without_source, limit=200):
        pytest.skip(f"{game_id} {mode_id}: no question without a source in the first moves")
    drawn: list[Any] = []
    monkeypatch.setattr(pickinput, "draw_arrow", lambda *a, **k: drawn.append(a))
    answer = next(s for s in table.input.board.spots(table.aim_args) if s.pick in table.input.lit)
    surface = pygame.Surface(app.size)
    table.input.pointer = (2, app.size[1] - 2)  # the corner: no answer there
    table.draw(surface)
    assert not drawn, "an arrow trails the pointer with nothing under it"
    table.input.pointer = answer.rect.center
    table.draw(surface)
    assert drawn, "no arrow onto the answer under the pointer"
