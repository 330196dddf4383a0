"""The Sử Hộ Vương offer band waits for the board (play-test P3-2).

"Bình đang cân nhắc dùng CHEN NGANG hoặc PHẢN ỨNG: Cá Kiếm nhắm vào Ma Trơi" showed
while the log was still on the Boss's skill: the band is drawn once the moves before
the offer have been animated, like the banner."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from test_shv_table_markers_and_zoom import open_ko_offer

from scenes.table.anim import Anim
from scenes.table.shv import offers


def test_the_offer_band_is_drawn_only_once_the_board_has_caught_up(
    make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:  # SHV-7.3: the reaction is offered after the knock-out
    app = make_app(lang="vi")
    table = open_ko_offer(app, ready=False)
    table.prepare(table.legal(), table.rules.prompt(table.match.state))
    assert table.offer is not None
    drawn: list[Any] = []
    monkeypatch.setattr(offers, "panel", lambda *a, **k: drawn.append(a))
    rect = pygame.Rect(0, 0, 400, 60)
    table.anims.push(Anim(5.0, name="probe"))  # the knock-out still plays
    offers._offer(table, pygame.Surface(app.size), rect)
    assert drawn == []
    table.anims.flush()
    offers._offer(table, pygame.Surface(app.size), rect)
    assert drawn
