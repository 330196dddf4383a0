"""The controls hint under the buttons is never cut in the middle (play-test D10).

With two buttons (the ManaSurge gift: give or skip) the hint lost its end at the box
edge: "…Chuột phải: phóng to ·".  It is now set smaller first, and when even that
does not fit, whole keys are dropped from the end; every table's hint, in both
languages, at 1024x600 and 1280x720 with three buttons, shows whole keys only."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from registry_tables import human_match, open_on_stack, table_modes

from scenes.table.hud import HELP_SEP, help_lines
from scenes.table.kittable import KitTable


def test_a_long_hint_in_a_small_box_keeps_whole_keys() -> None:
    pygame.font.init()
    words = HELP_SEP.join(f"Phím {i}: làm việc số {i}" for i in range(12))
    size, lines = help_lines(words, 13, pygame.Rect(0, 0, 220, 60))
    assert size >= 10 and lines
    shown = " ".join(lines)
    assert not shown.rstrip().endswith("·")
    keys = [k.strip() for k in shown.split("·")]
    assert all(k in words for k in keys)


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_every_tables_hint_shows_whole_keys_beside_three_buttons(
    make_app: Any, game_id: str, mode_id: str, size: tuple[int, int], lang: str
) -> None:
    app = make_app(lang=lang, size=size)
    table = open_on_stack(app, human_match(game_id, mode_id))
    if not isinstance(table, KitTable) or not table.hint():
        pytest.skip(f"{game_id}: no controls hint")
    table.bar.set([("Một", lambda: None), ("Hai", lambda: None), ("Ba", lambda: None)])
    box = table.bar.free()
    px, lines = help_lines(table.hint(), max(10, app.px(13)), box)
    assert lines, "no room for any of the hint"
    shown = " ".join(lines)
    assert not shown.rstrip().endswith("·"), shown
    assert len(lines) * (px + 4) <= box.h
