"""A tooltip never covers a decision button (play-test P3-8).

A skill chip's tip opened below-right of the pointer, over "Kết thúc lượt".  A tip
that would cover one of the buttons it is told to avoid opens above the pointer."""

from __future__ import annotations

import pygame
import pytest

from scenes.table import hud


def test_a_tip_that_would_cover_a_button_opens_above_the_pointer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pygame.font.init()
    boxes: list[pygame.Rect] = []
    real = hud.panel
    monkeypatch.setattr(hud, "panel", lambda s, r, **k: (boxes.append(r.copy()), real(s, r, **k)))
    surface = pygame.Surface((800, 600))
    at = (300, 300)
    button = pygame.Rect(320, 330, 200, 40)  # just under the pointer, where the tip would go
    hud.draw_tip(surface, at, "Bắn Nỏ", "Gây 2 sát thương.", lambda n: int(n))
    assert boxes[-1].colliderect(button)  # as it was: over the button
    hud.draw_tip(surface, at, "Bắn Nỏ", "Gây 2 sát thương.", lambda n: int(n), avoid=[button])
    assert not boxes[-1].colliderect(button) and boxes[-1].bottom <= at[1]
