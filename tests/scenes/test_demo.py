"""Issue 12 item 1: the demo loop, the idle timer and kiosk mode (headless)."""

from __future__ import annotations

import os
import time
from typing import Any

import pygame
import pytest

import game
from game import new_match
from game.ai.bots import BOTS
from game.core.match import Match
from scenes import demo
from scenes.app import App, LaunchOptions
from scenes.booth import EXIT_CHORD
from scenes.demo import DemoScene, programme
from scenes.table import ai, open_table, registry
from scenes.title import TitleScene

DT = 1 / 60


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def motion(rel: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=rel, buttons=(0, 0, 0))


@pytest.fixture(autouse=True)
def _threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ai.ENV_THREADS, "1")  # bots think in a thread: no process start-up
    monkeypatch.setattr(demo, "_next_index", 0)


def make(kiosk: bool = False, size: tuple[int, int] = (1280, 720)) -> App:
    app = App(LaunchOptions(lang="vi", size=size, seed=5, save_settings=False, kiosk=kiosk))
    app.settings.anim_speed = 40.0
    app.settings.ai_delay = 0.0
    return app


def start(app: App, scene: Any) -> Any:
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    return scene


def play_until(app: App, scene: DemoScene, actions: int, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while scene.table is not None and len(scene.table.match.log) < actions:
        assert time.monotonic() < end, "the demo did not play"
        app.step([], DT)
        time.sleep(0.001)


def test_the_loop_is_every_playable_game_and_mode_from_the_registry() -> None:
    wanted = {(g, m.id) for g in registry.playable() for m in game.info(g).modes}
    shown = programme()
    assert {(e.game_id, e.mode_id) for e in shown} == wanted
    assert len(shown) == len(wanted)
    assert demo.demo_bot() in BOTS


def test_the_demo_plays_computer_games_and_any_key_offers_the_game_at_the_title(
    tmp_path: Any,
) -> None:
    app = make()
    scene = start(app, DemoScene(app))
    table = scene.table
    assert table is not None and all(seat.is_ai for seat in table.match.seats)
    assert table.eyes == table.viewer  # seen from the first seat (issue 34, P-GI-16)
    play_until(app, scene, 3)
    title, line = scene.caption()
    assert app.tr(f"{scene.entry.game_id}.name") in title
    assert all(seat.name in line for seat in table.match.seats)
    app.step([motion((3, 2))], DT)  # a jitter of the mouse is not a visitor
    assert app.stack.top is scene
    app.step([key(pygame.K_a)], DT)
    top = app.stack.top
    assert isinstance(top, TitleScene) and top.offer == scene.entry
    first = top.focus.buttons[0]
    assert first.name == "quick" and first.primary
    first.activate()
    app.stack.apply_pending()
    played = app.stack.top
    assert played is not None and getattr(played, "match", None) is not None
    match: Match = played.match  # type: ignore[attr-defined]
    assert match.game_id == scene.entry.game_id
    assert match.config["mode"] == scene.entry.mode_id
    assert not match.seats[0].is_ai and all(s.is_ai for s in match.seats[1:])


def test_a_finished_demo_game_gives_way_to_the_next_and_nothing_is_saved() -> None:
    from saves import store

    app = make()
    scene = start(app, DemoScene(app))
    first = scene.entry
    play_until(app, scene, 2)
    assert scene.table is not None
    scene.table._finish()  # the watch-only table just stops: no results screen
    app.step([], DT)
    assert app.stack.top is scene and scene.table.finished
    app.step([], demo.REST + 0.1)
    assert scene.played == 2 and scene.entry != first
    assert store.list_saves(verify=False) == []  # a demo game is never autosaved


def test_the_idle_timer_returns_a_kiosk_to_the_demo_from_anywhere() -> None:
    app = make(kiosk=True)  # outside kiosk mode only the title goes (test_idle_attract.py)
    app.settings.idle_minutes = 1
    start(app, TitleScene(app))
    app.scenes.push("settings")
    app.stack.apply_pending()
    for _ in range(5):
        app.step([], 10.0)
    app.step([key(pygame.K_DOWN)], DT)  # someone is there: the clock starts again
    for _ in range(5):
        app.step([], 10.0)
    assert app.stack.top.__class__.__name__ == "SettingsScene"
    app.step([], 11.0)
    assert isinstance(app.stack.top, DemoScene) and len(app.stack) == 1


def test_idle_never_when_the_setting_is_off() -> None:
    app = make()
    app.settings.idle_minutes = 0
    start(app, TitleScene(app))
    for _ in range(10):
        app.step([], 100.0)
    assert isinstance(app.stack.top, TitleScene)


def _human_table(app: App) -> Any:
    info = game.info("manasurge")
    config = info.default_config(None, 2, names=["An", "Bình"], control="human")
    table = open_table(app, new_match("manasurge", config, 3))
    return start(app, table)


def test_idle_at_a_table_keeps_the_game_but_a_kiosk_forgets_the_visitor() -> None:
    from saves import store

    app = make()
    app.settings.idle_minutes = 1
    table = _human_table(app)
    app.step([], 61.0)
    assert table in app.stack.scenes  # never left by itself outside kiosk (issue 34 major 5)
    table.autosave()
    store.flush_writes()
    earlier = store.latest_autosave()
    assert earlier is not None  # Continue still offers it
    old = time.time() - 3600
    os.utime(earlier.path, (old, old))  # a game from before the booth started

    booth = make(kiosk=True)
    booth.settings.idle_minutes = 1
    table = _human_table(booth)
    table.autosave()
    booth.step([], 61.0)
    assert isinstance(booth.stack.top, DemoScene)
    left = [i.path for i in store.list_saves(verify=False)]
    assert left == [earlier.path]  # the visitor's game is gone, the earlier one stays


def test_kiosk_hides_quit_and_the_earlier_games_and_exits_only_on_the_chord() -> None:
    app = make(kiosk=True)
    title = start(app, TitleScene(app))
    names = [b.name for b in title.focus.buttons]
    assert "quit" not in names and "continue" not in names and "load" not in names
    assert {"new", "watch", "rules"} <= set(names)
    app.scenes.push("settings")
    app.stack.apply_pending()
    rows = [w.name for w in app.stack.top.focus.buttons]
    assert "size" not in rows and "fullscreen" not in rows and "idle" in rows
    app.scenes.push("watch")
    app.stack.apply_pending()
    assert [b.name for b in app.stack.top.focus.buttons] == ["demo", "puzzles", "back"]
    table = _human_table(app)
    app.scenes.push("pause", table.match)
    app.stack.apply_pending()
    names = [b.name for b in app.stack.top.focus.buttons]
    assert "save" not in names and "load" not in names and "resume" in names
    app.running = True
    app.step([pygame.event.Event(pygame.QUIT)], DT)
    app.step([key(pygame.K_F11)], DT)
    assert app.running and not app.settings.fullscreen
    app.step([key(pygame.K_q, pygame.KMOD_LCTRL)], DT)
    assert app.running
    assert EXIT_CHORD == "Ctrl+Shift+Q"
    app.step([key(pygame.K_q, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)], DT)
    assert not app.running


def test_outside_kiosk_the_title_has_quit_and_the_window_closes() -> None:
    app = make()
    title = start(app, TitleScene(app))
    assert "quit" in [b.name for b in title.focus.buttons]
    app.running = True
    app.step([pygame.event.Event(pygame.QUIT)], DT)
    assert not app.running


def test_the_command_line_starts_the_demo(monkeypatch: pytest.MonkeyPatch) -> None:
    import main

    seen: list[Any] = []
    real = App.run

    def run(self: App, first: Any, frames: int | None = None) -> int:
        seen.append((first, self.options))
        return real(self, first, frames)

    monkeypatch.setattr(App, "run", run)
    assert main.main(["--kiosk", "--size", "1024x600", "--frames", "5"]) == 0
    first, options = seen[0]
    assert isinstance(first, DemoScene) and options.kiosk and options.demo
    with pytest.raises(SystemExit):
        main.main(["--demo", "--game", "manasurge"])
