"""Issue 11.29 in the app: lazy drawing when idle, sound synthesised after the
first frame, autosave writes flushed (and failures logged) when the loop ends."""

from __future__ import annotations

import logging
from typing import Any

import pygame
import pytest

from saves import store
from scenes import app as app_module
from scenes.app import App, LaunchOptions
from scenes.scene import Scene

DT = 1 / 60


class Still(Scene):
    """A scene with nothing moving on its own (unless told to)."""

    def __init__(self, app: App, moving: bool = False, overlay: bool = False) -> None:
        super().__init__(app)
        self.moving = moving
        self.overlay = overlay

    def animating(self) -> bool:
        return self.moving


def make_app() -> App:
    return App(LaunchOptions(size=(1024, 600), save_settings=False))


def lazy_frames(app: App, frames: int, events: list[pygame.event.Event] | None = None) -> int:
    return sum(app.step(list(events or []), DT, lazy=True) for _ in range(frames))


def test_a_still_scene_stops_being_drawn_after_the_grace_period() -> None:
    app = make_app()
    app.stack.push(Still(app))
    app.stack.apply_pending()
    seconds = 10
    drawn = lazy_frames(app, 60 * seconds)
    grace = round(app_module.IDLE_GRACE * 60)
    heartbeats = int((seconds - app_module.IDLE_GRACE) / app_module.IDLE_HEARTBEAT)
    assert grace <= drawn <= grace + heartbeats + 1  # not 600
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    assert app.step([motion], DT, lazy=True)  # input draws at once
    assert app.frame == 60 * seconds + 1


def test_an_animating_scene_is_drawn_every_frame_even_under_a_still_overlay() -> None:
    app = make_app()
    app.stack.push(Still(app, moving=True))
    app.stack.push(Still(app, overlay=True))
    app.stack.apply_pending()
    assert lazy_frames(app, 300) == 300
    app.stack.scenes[0].moving = False  # type: ignore[attr-defined]
    assert lazy_frames(app, 300) < 100


def test_tests_and_default_scenes_still_draw_every_frame() -> None:
    app = make_app()
    app.stack.push(Scene(app))  # the base Scene answers "animating"
    app.stack.apply_pending()
    assert lazy_frames(app, 200) == 200
    app.stack.push(Still(app))
    app.stack.apply_pending()
    assert all(app.step([], DT) for _ in range(200))  # step without lazy always draws


def test_sound_is_synthesised_after_the_first_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    assert app.sound._thread is None  # not started by the constructor
    seen: list[int] = []
    monkeypatch.setattr(app.sound, "start_prerender", lambda: seen.append(app.draws))
    app.run(Still(app), frames=3)
    assert seen == [1]


def test_run_waits_for_the_autosaves_and_logs_their_failures(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    app = make_app()
    assert store._writer is not None  # the app writes autosaves in the background
    calls: list[Any] = []

    def flush(timeout: float | None = None) -> list[BaseException]:
        calls.append(timeout)
        return [store.SaveError("saves.error.write_failed", None, reason="disk full")]

    monkeypatch.setattr(store, "flush_writes", flush)
    with caplog.at_level(logging.WARNING, logger="scenes.app"):
        app.run(Still(app), frames=2)
    assert calls == [None] and "disk full" in caplog.text
