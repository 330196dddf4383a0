"""Crash recovery (issue 13.11): an exception in a scene shows the error screen
with the game autosaved first, the log file records it, and the next start
after a run that did not quit cleanly offers to resume the unfinished game."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

import game
from game import new_match
from game.core.match import Match
from saves import logfile, store
from scenes.crash import CrashScene, describe, recover, resume_offer
from scenes.dialogs import ConfirmDialog
from scenes.title import TitleScene
from tests.scenes.table_driver import key, step


@pytest.fixture(autouse=True)
def _fresh_log_state() -> Any:
    logfile.forget()
    yield
    logfile.stop()
    logfile.forget()


def _match(seed: int = 5, moves: int = 6) -> Match:
    info = game.info("manasurge")
    config = info.default_config(None, 2, names=["An", "Bình"])
    config["seats"][0]["control"] = "human"
    config["seats"][1]["control"] = "human"
    match = new_match("manasurge", config, seed)
    for _ in range(moves):
        match.apply(match.legal_actions()[0])
    return match


def _open(app: Any, match: Match) -> Any:
    from scenes.table import open_table

    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    return table


def _boom(dt: float) -> None:
    raise ZeroDivisionError("the table tripped")


def test_an_error_in_a_scene_shows_the_error_screen_with_the_game_saved(app: Any) -> None:
    match = _match()
    table = _open(app, match)
    table.update = _boom  # the next frame raises inside the scene
    app.run(table, frames=3)  # App.run: the real loop, which must not end
    top = app.stack.top
    assert isinstance(top, CrashScene) and len(app.stack) == 1
    assert top.error.startswith("ZeroDivisionError: the table tripped (")
    assert top.saved is not None and top.saved.exists()
    again = store.load_match(top.saved)
    assert again.log == match.log and again.snapshot() == match.snapshot()
    text = " ".join(line for line, _ in top.lines())
    assert str(top.saved) in text and str(logfile.log_path()) in text


def test_a_half_changed_state_is_saved_as_its_log_replays(app: Any) -> None:
    """An error inside ``apply`` can leave the state changed without the action
    in the log: the autosave holds the position the log leads to."""
    match = _match(moves=4)
    table = _open(app, match)
    expected = match.snapshot()
    match.state.pool_purple[0] += 7  # what a rules bug half-way through an action leaves
    assert match.snapshot() != expected
    recover(app, RuntimeError("mid-apply"))
    saved = app.stack.top.saved
    assert saved is not None and store.load_match(saved).snapshot() == expected
    del table


def test_back_to_the_title_offers_continue(app: Any) -> None:
    table = _open(app, _match())
    recover(app, KeyError("x"))
    step(app, [key(pygame.K_RETURN)])
    step(app)
    title = app.stack.top
    assert isinstance(title, TitleScene) and len(app.stack) == 1
    assert title.latest is not None and title.latest.game == "manasurge"
    del table


def test_without_a_match_the_screen_asks_for_the_log_only(app: Any) -> None:
    app.stack.push(TitleScene(app))
    app.stack.apply_pending()
    recover(app, ValueError("bad\nvalue"))
    top = app.stack.top
    assert isinstance(top, CrashScene) and top.saved is None and not top.had_match
    assert "\n" not in top.error
    keys = [line for line, _ in top.lines()]
    assert keys[-1] == app.tr("ui.crash.report_plain")
    step(app, [key(pygame.K_ESCAPE)])
    step(app)
    assert isinstance(app.stack.top, TitleScene)


def test_an_error_in_the_error_screen_ends_the_program(app: Any) -> None:
    recover(app, ValueError("first"))
    with pytest.raises(ValueError, match="second"):
        recover(app, ValueError("second"))


def test_a_scene_whose_exit_fails_does_not_stop_recovery(app: Any) -> None:
    table = _open(app, _match())

    def broken_exit() -> None:
        raise RuntimeError("exit failed too")

    table.exit = broken_exit
    recover(app, RuntimeError("first"))
    assert isinstance(app.stack.top, CrashScene) and len(app.stack) == 1


def test_describe_is_one_clipped_line_with_the_place() -> None:
    try:
        raise ValueError("x" * 1000 + "\n\x00")
    except ValueError as exc:
        line = describe(exc)
    assert len(line) <= 240 and "\n" not in line and "\x00" not in line
    try:
        {}["k"]
    except KeyError as exc:
        assert describe(exc).endswith(f"(scenes/test_crash.py:{exc.__traceback__.tb_lineno})")


def test_the_log_file_records_the_error_and_rotates(app: Any) -> None:
    path = logfile.start("9.9")
    assert path is not None and path.parent.name == "logs"
    try:
        _boom(0.0)
    except ZeroDivisionError as exc:
        recover(app, exc)
    assert logfile._handler is not None
    logfile._handler.flush()
    body = path.read_text("utf-8")
    assert "9.9 started" in body and "Traceback" in body
    assert "ZeroDivisionError: the table tripped" in body
    handler = logfile._handler
    assert handler is not None and handler.maxBytes == logfile.MAX_BYTES
    assert handler.backupCount == logfile.BACKUPS


def _dead_pid() -> int:
    proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return int(proc.stdout)


def test_a_clean_quit_leaves_no_resume_offer(app: Any) -> None:
    store.autosave(_match())
    logfile.start("9.9")
    logfile.finish()
    logfile.forget()
    assert not logfile.previous_crashed()
    assert resume_offer(app, TitleScene(app)) is None


def test_after_a_run_that_did_not_quit_the_next_start_offers_to_resume(app: Any) -> None:
    match = _match()
    store.autosave(match)
    marker = logfile.log_dir() / logfile.SESSION_NAME
    marker.write_text(json.dumps({"pid": _dead_pid()}), "utf-8")
    assert logfile.previous_crashed()
    title = TitleScene(app)
    offer = resume_offer(app, title)
    assert isinstance(offer, ConfirmDialog)
    app.stack.push(title)
    app.stack.push(offer)
    app.stack.apply_pending()
    assert "Bình" in offer.body
    step(app, [key(pygame.K_RETURN)])  # Yes has the focus: a harmless question
    step(app)
    from scenes.table.base import TableScene

    tables = [scene for scene in app.stack if isinstance(scene, TableScene)]
    assert len(tables) == 1 and tables[0].match.log == match.log


def test_a_marker_of_a_running_process_is_not_a_crash(app: Any) -> None:
    store.autosave(_match())
    marker = logfile.log_dir() / logfile.SESSION_NAME
    marker.write_text(json.dumps({"pid": 1}), "utf-8")  # init: always running
    assert not logfile.previous_crashed()
    logfile.forget()
    marker.unlink()
    assert not logfile.previous_crashed()


def test_main_writes_the_log_and_quits_cleanly(_private_save_dir: Path) -> None:
    import main

    assert main.main(["--frames", "2", "--size", "1024x600"]) == 0
    logs = _private_save_dir / "logs"
    assert "started" in (logs / logfile.LOG_NAME).read_text("utf-8")
    assert not (logs / logfile.SESSION_NAME).exists()


def test_the_log_is_rotated_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logfile, "MAX_BYTES", 2000)
    path = logfile.start("9.9")
    assert path is not None
    for i in range(400):
        logging.getLogger("banthe.test").info("line %d %s", i, "x" * 40)
    logfile.stop()
    names = sorted(p.name for p in path.parent.glob("banthe.log*"))
    assert names == ["banthe.log", "banthe.log.1", "banthe.log.2", "banthe.log.3"]
    assert all(p.stat().st_size <= 2000 for p in path.parent.glob("banthe.log*"))
    assert "line 399" in path.read_text("utf-8")
