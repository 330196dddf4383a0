"""UI monkey test, short run (issue 13.12): seeded random clicks, drags, wheel,
keys and resizes from every shell scene and every game's table at every player
count (``tools.monkey``); no exception, no hung frame (3 s of CPU; the long
run's limit is 0.5 s), and the title can always be reached again.
``python -m tools.monkey --events 100000`` is the long run (docs/RELIABILITY.md)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes.scene import Scene
from tools import monkey

SEED = 13
TOTAL_EVENTS = 5000
STARTS = monkey.starts()
BUDGET = -(-TOTAL_EVENTS // len(STARTS))


@pytest.mark.parametrize(("index", "start"), list(enumerate(STARTS)), ids=[str(s) for s in STARTS])
def test_monkey_episode(index: int, start: monkey.Start) -> None:
    runner = monkey.Monkey(SEED, slow_frame=monkey.HANG_FRAME)
    sent = runner.episode(index, start, BUDGET)
    assert sent >= BUDGET and runner.report.frames >= sent // 3
    assert runner.report.slowest_cpu <= monkey.HANG_FRAME


def test_every_table_and_player_count_is_visited() -> None:
    import game
    from scenes.table import registry

    tables = {(s.game, s.mode, s.players) for s in STARTS if s.what == "table"}
    for game_id in registry.with_table():  # every mode of every game, every count
        modes = game.info(game_id).modes
        for mode in modes:
            tag = mode.id if len(modes) > 1 else ""
            assert {(game_id, tag, n) for n in mode.player_counts} <= tables
    assert ("shv", "pve", 1) in tables and ("shv", "pvp", 2) in tables
    shell = {s.what for s in STARTS}
    from scenes.scene import SCENES

    assert set(SCENES) - {"table"} <= shell and "crash" in shell


class _Stuck(Scene):
    """A scene that swallows every key: Esc never leaves it."""

    def handle(self, event: pygame.event.Event) -> bool:
        return True


class _Broken(Scene):
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            raise RuntimeError("broken on a key")
        return True


def _runner_on(scene_class: type[Scene]) -> Any:
    runner = monkey.Monkey(SEED)
    runner.app = monkey.make_app(SEED)
    monkey.open_start(runner.app, monkey.Start("title"), __import__("random").Random(1))
    runner.app.stack.push(scene_class(runner.app))
    runner.app.stack.apply_pending()
    return runner


def test_a_stuck_scene_is_reported() -> None:
    runner = _runner_on(_Stuck)
    with pytest.raises(monkey.StuckError, match="cannot be reached: _Stuck"):
        runner.back_to_title()


def test_an_exception_in_a_frame_is_reported() -> None:
    runner = _runner_on(_Broken)
    with pytest.raises(RuntimeError, match="broken on a key"):
        runner.back_to_title()


def test_a_slow_frame_is_reported() -> None:
    runner = _runner_on(_Stuck)
    runner.slow_frame = -1.0
    with pytest.raises(monkey.StuckError, match="took"):
        runner.frame([], "here")


def test_the_run_counts_and_reports_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(self: Any, index: int, start: monkey.Start, budget: int) -> int:
        if index == 1:
            raise monkey.StuckError("stuck on purpose")
        return budget

    monkeypatch.setattr(monkey.Monkey, "episode", fail)
    report = monkey.Monkey(3).run(900)
    assert report.events == 900 and report.episodes == 3
    assert [f.episode for f in report.failures] == [1]
    assert "stuck on purpose" in str(report.failures[0])
    data = report.to_json()
    assert data["caches_peak_mb"] >= 0 and data["resident_peak_mb"] > 0


def test_an_unsaved_deck_is_left_with_yes_on_the_way_to_the_title() -> None:
    """The 100,000-event run of 2026-12-01 looped Esc / No on the deck editor's
    "leave unsaved?" question; a player answers Yes."""
    from scenes.decks.editor import DeckEditorScene

    runner = monkey.Monkey(SEED)
    runner.app = monkey.make_app(SEED)
    monkey.open_start(runner.app, monkey.Start("title"), __import__("random").Random(1))
    editor = DeckEditorScene(runner.app, "shv")
    runner.app.stack.push(editor)
    runner.app.stack.apply_pending()
    editor.dirty = True
    runner.back_to_title()
    from scenes.title import TitleScene

    assert isinstance(runner.app.stack.top, TitleScene) and len(runner.app.stack) == 1
    assert editor not in runner.app.stack.scenes and not editor.dirty  # left by Yes


def test_a_focus_group_survives_a_stale_index() -> None:
    """The same run: a bar's buttons replaced under a focus index past their end."""
    from scenes.ui.widgets import Button, FocusGroup

    group = FocusGroup([Button(str(i), lambda: None) for i in range(3)], index=2)
    group.buttons = group.buttons[:1]
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    group.handle(key)
    assert group.current is group.buttons[0] and group.index == 0
