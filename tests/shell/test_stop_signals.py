"""SIGTERM and SIGINT end the program within 2 seconds in every mode, kiosk
included, with the autosave flushed and the run marked as a clean quit
(issue 37 class 6).  Real processes, headless SDL drivers."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
READY = "stop signals handled"


def _start(save_dir: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["BANTHE_SAVE_DIR"] = str(save_dir)
    env.pop("BANTHE_AI_THREADS", None)
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--size", "1024x600", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_ready(proc: subprocess.Popen[str], save_dir: Path, limit: float = 60) -> None:
    log = save_dir / "logs" / "banthe.log"
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise AssertionError(f"ended early: {proc.communicate()}")
        if log.exists() and READY in log.read_text("utf-8", "replace"):
            return
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("never became ready")


def _stop(proc: subprocess.Popen[str], signum: int) -> tuple[int, float]:
    start = time.monotonic()
    proc.send_signal(signum)
    try:
        code = proc.wait(timeout=2.0)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise AssertionError("still running 2 s after the signal") from None
    return code, time.monotonic() - start


MODES = {
    "title": (),
    "kiosk": ("--kiosk",),
    "demo": ("--demo",),
    "table": ("--game", "manasurge", "--seats", "ai,ai"),
}


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["TERM", "INT"])
@pytest.mark.parametrize("mode", MODES.values(), ids=MODES.keys())
def test_a_stop_signal_ends_the_program_within_two_seconds(
    tmp_path: Path, mode: tuple[str, ...], signum: int
) -> None:
    proc = _start(tmp_path, *mode)
    _wait_ready(proc, tmp_path)
    time.sleep(0.3)  # inside the main loop
    code, took = _stop(proc, signum)
    assert code == 128 + signum, proc.communicate()
    assert took < 2.0
    assert not (tmp_path / "logs" / "session.json").exists()  # a clean quit
    assert "Traceback" not in proc.communicate()[1]


def test_the_autosave_is_flushed_at_a_stop(tmp_path: Path) -> None:
    proc = _start(tmp_path, "--game", "manasurge", "--seats", "ai,ai")
    _wait_ready(proc, tmp_path)
    time.sleep(2.0)  # a few AI moves
    _stop(proc, signal.SIGTERM)
    saves = sorted(tmp_path.glob("autosave-manasurge-*.json"))
    assert saves, "the table's autosave was written"
    doc = json.loads(saves[-1].read_text("utf-8"))
    assert doc["game"] == "manasurge" and isinstance(doc["log"], list)
    assert not list(tmp_path.glob(".*.tmp"))  # no write left half done
