"""P-GI-15 (issue 34): a mouse pointer resting on a card of a demo game opens no card
zoom (nobody is playing a watch-only table); for every game and mode of the loop."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes import demo
from scenes.app import App, LaunchOptions
from scenes.demo import DemoScene, programme
from scenes.table import ai

DT = 1 / 60


@pytest.fixture(autouse=True)
def _threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ai.ENV_THREADS, "1")


def _card_point(table: Any, size: tuple[int, int]) -> tuple[int, int] | None:
    """A point over a face-up card of the table (what a resting pointer could sit on)."""
    for y in range(0, size[1], 12):
        for x in range(0, size[0], 12):
            card, _rect = table.card_at((x, y))
            if isinstance(card, int) and card >= 0:
                return x, y
    return None


@pytest.mark.parametrize("index", range(len(programme())), ids=[str(e) for e in programme()])
def test_a_resting_pointer_opens_no_zoom_in_the_demo(
    monkeypatch: pytest.MonkeyPatch, index: int
) -> None:
    monkeypatch.setattr(demo, "_next_index", index)
    app = App(LaunchOptions(lang="vi", size=(1280, 720), seed=5, save_settings=False))
    app.settings.anim_speed = 40.0
    app.settings.ai_delay = 0.0
    scene = DemoScene(app)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    point: tuple[int, int] | None = None
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: point or (0, 0))
    table = scene.table
    assert table is not None and hasattr(table, "card_at")
    for _ in range(600):
        app.step([], DT)
        if point is None:
            point = _card_point(table, app.size)
        if point is not None and table.zoom.card is not None:
            break
    if point is None:
        pytest.skip("no face-up card on the demo table")
    for _ in range(120):  # two seconds with the pointer resting on the card
        app.step([], DT)
        assert table.zoom.card is None, f"{programme()[index]}: a zoom opened at {point}"
