"""While an AI seat thinks, the table keeps drawing and shows the seat's
progress under the turn banner (issue 10 item 4).  The bot here thinks until
the test lets it go, so nothing depends on the clock."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game import new_match
from game.ai import bots
from game.core.rng import Rng

DT = 1 / 60


class Pondering:
    """Greedy, after waiting for the test to say go."""

    name = "pondering"
    go = threading.Event()

    def choose(self, rules: Any, state: Any, seat: int, rng: Rng) -> Any:
        assert self.go.wait(10)
        return bots.GreedyBot().choose(rules, state, seat, rng)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from scenes.app import App, LaunchOptions
    from scenes.table import ai

    monkeypatch.setenv(ai.ENV_THREADS, "1")  # the bot exists only in this process
    ai.shutdown()
    monkeypatch.setattr(ai, "_backend", None)
    monkeypatch.setitem(bots.BOTS, "pondering", Pondering)
    real = bots.thinking_seconds
    monkeypatch.setattr(bots, "thinking_seconds", lambda n: 5.0 if n == "pondering" else real(n))
    Pondering.go.clear()
    app = App(LaunchOptions(lang="vi", size=(1280, 720), save_settings=False))
    app.settings.anim_speed = 40.0
    app.settings.ai_delay = 0.0
    yield app
    Pondering.go.set()
    ai.shutdown()


def test_the_banner_shows_progress_while_the_seat_thinks(app: Any) -> None:
    from scenes.table import open_table

    config = {
        "mode": "ffa",
        "players": 2,
        "seats": [
            {"name": "An", "control": "ai", "bot": "pondering"},
            {"name": "Bình", "control": "ai", "bot": "greedy"},
        ],
    }
    match = new_match("manasurge", config, 3)
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    seen: list[float] = []
    for _ in range(600):
        app.step([], DT)
        if table.banner.thinking is not None and match.to_move == 0:
            seen.append(table.banner.thinking)
            if len(seen) >= 5:
                break
    assert len(seen) >= 5, "seat 0 never started thinking"
    assert table.worker.busy and all(a.seat != 0 for a in match.log)  # still thinking
    assert table.animating()  # the frame loop keeps drawing while it thinks
    assert all(0.0 <= p <= 1.0 for p in seen) and seen == sorted(seen)
    before = pygame.Surface((1280, 720))
    table.banner.thinking = None
    table.banner.draw(before)
    after = pygame.Surface((1280, 720))
    table.banner.thinking = 0.5
    table.banner.draw(after)
    area = table.banner.rect
    differs = any(
        before.get_at((x, y)) != after.get_at((x, y))
        for x in range(area.x, area.right, 3)
        for y in range(area.bottom - area.height // 4, area.bottom)
    )
    assert differs  # the indicator is drawn along the banner's bottom edge
    Pondering.go.set()
    for _ in range(600):
        app.step([], DT)
        if any(a.seat == 0 for a in match.log):
            break
    assert any(a.seat == 0 for a in match.log)


def test_frames_go_on_while_an_ai_seat_searches_in_the_worker() -> None:
    """While an AI seat thinks, the table keeps drawing frames: the seat is the hard
    level pinned to 300 iterations, searching in the worker process, not in the frame
    (how long a frame takes is measured by ``make bench``, not asserted here)."""
    import time

    from scenes.app import App, LaunchOptions
    from scenes.table import ai, open_table

    ai.shutdown()
    app = App(LaunchOptions(lang="vi", size=(1280, 720), save_settings=False))
    app.settings.anim_speed, app.settings.ai_delay = 40.0, 0.0
    seats = [
        {"name": "An", "control": "ai", "bot": "hard@300"},
        {"name": "Bình", "control": "ai", "bot": "greedy"},
    ]
    match = new_match("invokation", {"mode": "duel", "players": 2, "seats": seats}, 3)
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    for _ in range(3):  # the first full frames fill the text and card caches
        table.draw(app.screen)
    thinking = 0
    end = time.monotonic() + 120  # a time-box against a hang, not a speed check
    try:
        played = 0
        while (thinking < 40 or played < 3) and time.monotonic() < end:
            busy = table.worker.busy and match.to_move == 0
            app.step([], DT)
            if busy:
                thinking += 1
                assert table.animating()  # the loop keeps asking for frames
            played = sum(a.seat == 0 for a in match.log)
        assert thinking >= 40 and played >= 3, (thinking, played)
        assert ai.worker_pid() is not None  # a separate process did the search
    finally:
        ai.shutdown()
