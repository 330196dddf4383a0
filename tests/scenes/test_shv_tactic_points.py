"""A tucked Tactic's tab always names its point types (P-SHV-19: Song Hành read "1 1")."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from scenes.table.shv import draw


@pytest.mark.parametrize("width", [16, 24, 34, 60, 120])
def test_a_two_type_tactic_tab_shows_both_types_at_any_width(
    width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SHV-6.3: a Tactic gives points of its types; Song Hành gives Kim 1 and Mộc 1.
    drawn: list[str] = []
    words: list[str] = []
    monkeypatch.setattr(draw, "draw_icon", lambda s, concept, box, ink: drawn.append(concept))
    monkeypatch.setattr(draw, "fit_text", lambda s, w, *a, **k: words.append(w))
    t: Any = SimpleNamespace(app=SimpleNamespace(tr=lambda key, **kw: key.rsplit(".", 1)[-1]))
    surface = pygame.Surface((200, 40))
    draw.draw_points(t, surface, pygame.Rect(10, 10, width, 14), [("kim", 1), ("moc", 1)], 11,
                     (0, 0, 0))  # fmt: skip
    assert drawn == ["shv.point.kim", "shv.point.moc"] and not words
