"""The demo as a booth shows it (issue 34, P-GI-16, P-GI-17, P-GI-30): every game of
the loop is watched from the first seat's side (its hand and dice face up), the
"press any key" call stays in the caption band off the table, and a game gives
way within two and a half minutes so a passer-by sees more than one game."""

from __future__ import annotations

import time
from typing import Any

import pytest

from scenes import demo
from scenes.app import App, LaunchOptions
from scenes.demo import DemoScene, programme
from scenes.table import ai

DT = 1 / 60
SLICE = 150.0  # seconds: a passer-by of five minutes sees two games at least


@pytest.fixture(autouse=True)
def _threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ai.ENV_THREADS, "1")
    monkeypatch.setattr(demo, "_next_index", 0)


def make(size: tuple[int, int] = (1280, 720), lang: str = "vi") -> App:
    app = App(LaunchOptions(lang=lang, size=size, seed=7, save_settings=False))
    app.settings.anim_speed = 40.0
    app.settings.ai_delay = 0.0
    return app


def start(app: App) -> DemoScene:
    scene = DemoScene(app)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    return scene


def play_until(app: App, scene: DemoScene, actions: int, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while scene.table is not None and len(scene.table.match.log) < actions:
        assert time.monotonic() < end, "the demo did not play"
        app.step([], DT)
        time.sleep(0.001)


@pytest.mark.parametrize("index", range(len(programme())))
def test_every_demo_game_is_watched_from_the_first_seat(index: int, monkeypatch: Any) -> None:
    monkeypatch.setattr(demo, "_next_index", index)
    app = make()
    scene = start(app)
    table = scene.table
    assert table is not None and all(s.is_ai for s in table.match.seats)
    assert table.eyes == table.viewer == 0  # its hand (and dice) face up
    assert not table.in_control  # still nobody plays it
    play_until(app, scene, 3)
    assert table.eyes == 0


def test_the_invokation_demo_shows_the_first_seats_dice() -> None:
    index = next(i for i, e in enumerate(programme()) if e.game_id == "invokation")
    demo._next_index = index
    app = make()
    scene = start(app)
    play_until(app, scene, 4)  # past the mulligans and the first roll
    table: Any = scene.table
    assert table is not None
    assert table.view.players[0].dice, "the first seat's dice are shown"
    assert table.dice_tray(0) is not None


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_press_call_stays_in_the_band(size: tuple[int, int], lang: str) -> None:
    app = make(size, lang)
    for index in range(len(programme())):
        demo._next_index = index
        scene = start(app)
        app.step([], DT)
        pill = scene.press_rect()
        assert scene.band.contains(pill), (index, pill, scene.band)
        title_room, line_room = scene.caption_rooms()
        assert title_room.right <= pill.left and line_room.right <= pill.left
        assert scene.table is not None


def test_a_demo_game_gives_way_within_the_slice() -> None:
    assert demo.GAME_LIMIT <= SLICE
    app = make()
    scene = start(app)
    first = scene.entry
    scene.update(demo.GAME_LIMIT + 0.5)
    assert scene.played == 2 and scene.entry != first
