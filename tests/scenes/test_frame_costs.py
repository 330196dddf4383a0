"""Work a table does once, done off the frames of play (issue 15: frame p99)."""

from __future__ import annotations

from typing import Any

import pygame

from game import new_match
from scenes import text
from scenes.table import effects
from tests.scenes.table_driver import hotseat_config, open_match


def _search(app: Any) -> None:
    """What a floating text's first placement asks for in this window."""
    bounds = app.screen.get_rect()
    effects.clear_spot(pygame.Rect(600, 300, 80, 30), [bounds], bounds, max(2, app.px(8)))


def test_the_pop_search_grid_is_sorted_when_the_table_lays_out(make_app: Any) -> None:
    app = make_app(size=(1366, 768))  # a size no other test sorts for
    effects._offsets.cache_clear()
    open_match(app, new_match("manasurge", hotseat_config(2), 3))
    misses = effects._offsets.cache_info().misses
    assert misses >= 1
    _search(app)
    assert effects._offsets.cache_info().misses == misses  # ready, not sorted in a frame


def test_clear_spot_moves_the_least_distance_up_first() -> None:
    bounds = pygame.Rect(0, 0, 400, 300)
    box = pygame.Rect(100, 100, 40, 20)
    wall = pygame.Rect(90, 95, 60, 30)  # covers the box: 25 px to clear it up or down
    moved = effects.clear_spot(box, [wall], bounds, 8)
    assert not moved.colliderect(wall) and bounds.contains(moved)
    assert moved == box.move(0, -32)  # four steps: up and down tie, up wins
    assert effects.clear_spot(box, [], bounds, 8) == box


def test_measurements_are_memoised_per_font(monkeypatch: Any) -> None:
    pygame.font.init()
    calls: list[str] = []
    real = text.font(17)

    class Counting:
        def size(self, words: str) -> tuple[int, int]:
            calls.append(words)
            return real.size(words)  # type: ignore[no-any-return]

    counting = Counting()
    monkeypatch.setattr(text, "font", lambda *a, **k: counting)
    text.forget()  # measured afresh with the counting font
    lines = text.wrap("một hai ba bốn năm sáu bảy tám chín mười", 17, 90)
    first = len(calls)
    assert first > 0 and len(lines) > 1
    assert text.wrap("một hai ba bốn năm sáu bảy tám chín mười", 17, 90) == lines
    assert text.clip("một hai ba bốn năm", 17, 60) == text.clip("một hai ba bốn năm", 17, 60)
    after_clip = len(calls)
    text.clip("một hai ba bốn năm", 17, 60)
    text.size_of("mười", 17)
    text.size_of("mười", 17)
    assert len(calls) == after_clip + 1  # wrap and clip again: no measurement
    assert first <= after_clip
