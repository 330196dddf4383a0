"""A bad settings file or running-game marker never stops the start (issue 37
class 1): it is set aside (renamed, never deleted), the defaults are used and
the player is told; nothing waits on a pipe."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import main
from saves import logfile, notices
from saves.settings import Settings
from scenes.dialogs import MessageDialog
from tests.timebox import timebox

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    logfile.forget()
    notices.take()
    yield
    logfile.forget()
    notices.take()


def _pipe(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()


def _link_out(path: Path) -> None:
    outside = path.parent.parent / "elsewhere.json"
    outside.write_text('{"lang": "en"}')
    path.symlink_to(outside)


def _huge(path: Path) -> None:
    with path.open("wb") as fh:
        fh.truncate(50 * 1024 * 1024)


def _deep(path: Path) -> None:
    path.write_text('{"setups": ' + "[" * 5000 + "]" * 5000 + "}")


def _device(path: Path) -> None:
    path.symlink_to("/dev/zero")


BAD: dict[str, Callable[[Path], None]] = {
    "pipe": _pipe,
    "folder": _folder,
    "link_out": _link_out,
    "huge": _huge,
    "deep": _deep,
    "device": _device,
}


@pytest.mark.parametrize("make", BAD.values(), ids=BAD.keys())
def test_a_bad_settings_file_is_set_aside_and_defaults_used(make: Callable[[Path], None]) -> None:
    file = Settings.path()
    make(file)
    with timebox(2):
        settings = Settings.load()
    assert settings == Settings()
    assert not os.path.lexists(file)
    assert os.path.lexists(file.with_name("settings.json.bad-1"))
    assert [k for k, _ in notices.take()] == ["ui.notice.settings_set_aside"]
    outside = file.parent.parent / "elsewhere.json"
    if outside.exists():  # the link's target is never touched
        assert outside.read_text() == '{"lang": "en"}'


@pytest.mark.parametrize(
    "content",
    [
        {"pid": True},  # a bool is not a process id (True == 1: init, "running")
        {"pid": 10**30},  # os.kill raised OverflowError
        {"pid": -1},
        {"pid": "12"},
        [1, 2],
        {"pid": [[[[1]]]]},
    ],
)
def test_a_bad_marker_is_set_aside_and_is_no_crash(content: Any) -> None:
    marker = logfile.log_dir() / logfile.SESSION_NAME
    marker.write_text(json.dumps(content))
    with timebox(2):
        assert logfile.previous_crashed() is False
    assert not marker.exists()
    assert json.loads(marker.with_name(logfile.SESSION_NAME + ".bad-1").read_text()) == content
    assert [k for k, _ in notices.take()] == ["ui.notice.marker_set_aside"]


@pytest.mark.parametrize("make", BAD.values(), ids=BAD.keys())
def test_a_marker_that_is_not_a_small_file_is_set_aside_at_once(
    make: Callable[[Path], None],
) -> None:
    marker = logfile.log_dir() / logfile.SESSION_NAME
    make(marker)
    with timebox(2):
        assert logfile.previous_crashed() is False
    assert not os.path.lexists(marker)
    assert [k for k, _ in notices.take()] == ["ui.notice.marker_set_aside"]


def test_the_first_screen_tells_the_player(app: Any) -> None:
    notices.add("ui.notice.settings_set_aside", path="/x/settings.json.bad-1", why="too_large")
    notice = main.startup_notice(app)
    assert isinstance(notice, MessageDialog)
    assert "settings.json.bad-1" in notice.body
    assert main.startup_notice(app) is None  # shown once


def test_the_game_starts_with_a_pipe_for_settings_and_marker(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    os.mkfifo(tmp_path / "settings.json")
    (tmp_path / "logs").mkdir()
    os.mkfifo(tmp_path / "logs" / logfile.SESSION_NAME)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["BANTHE_SAVE_DIR"] = str(tmp_path)
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--frames", "3", "--size", "1024x600"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "settings.json.bad-1").exists()
    assert (tmp_path / "logs" / (logfile.SESSION_NAME + ".bad-1")).exists()


@pytest.mark.parametrize(
    "make", [_pipe, _folder, _link_out, _device], ids=["pipe", "folder", "link_out", "device"]
)
def test_a_log_file_that_is_no_plain_file_is_set_aside_never_written_through(
    make: Callable[[Path], None],
) -> None:
    log = logfile.log_dir() / logfile.LOG_NAME
    make(log)
    outside = log.parent.parent / "elsewhere.json"
    before = outside.read_text() if outside.exists() else None
    with timebox(3):
        logfile.start("9.9")
        logging.getLogger("banthe").warning("a line")
        logfile.finish()
    assert os.path.lexists(log.with_name(logfile.LOG_NAME + ".bad-1"))
    assert log.is_file() and not log.is_symlink()
    if before is not None:
        assert outside.read_text() == before
    assert [k for k, _ in notices.take()] == ["ui.notice.log_set_aside"]
