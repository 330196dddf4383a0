"""SIGKILL while saving (issue 13.13): the previous save always loads.

A child process (``os.fork``) plays a ManaSurge game on from the save folder's
files and saves after every action, a slot and its autosave, in a loop; the
parent kills it with SIGKILL after a random delay.  After every kill:

* the slot and the autosave load (``store.load_match``) and hold either the
  last save the child finished or the one it was writing (never less, never a
  torn file); their ``.bak`` load too;
* the save browser lists only good files and Continue offers the autosave;
* the only other things left are our temp files, which the start-up sweep
  removes (nothing else in the folder is touched).

The next trial continues the same game from what the kill left, so each trial
also checks that a killed session can be resumed.  ``make test`` runs 10
trials; the long run is ``python -m tests.saves.test_fault_kill --trials 100``
(figures in docs/RELIABILITY.md).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pytest

import game
from game import new_match
from game.core.match import Match
from game.core.rng import Rng
from saves import paths, store

GAME = "manasurge"
SLOT = "Ván dài"
MAX_DELAY = 0.25
"""Seconds: the kill comes at a uniform random moment this long after the child
is ready (it saves every few milliseconds, so the kill lands in every phase)."""

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork and SIGKILL")


def _new_match(seed: int) -> Match:
    config = game.info(GAME).default_config(None, 3, names=["Ánh", "Bình", "Chi"])
    return new_match(GAME, config, seed)


def _child(seed: int, out: int) -> None:
    """Play on from the folder's autosave (or a new game) and save after every
    action; report each finished save as ``<seed> <log length>\\n`` on ``out``."""
    store._swept.clear()  # a fresh start: the start-up sweep runs again
    latest = store.latest_autosave()
    match = store.load_match(latest.path) if latest else _new_match(seed)
    os.write(out, b"ready\n")
    rng = Rng(seed)
    while True:
        if match.to_move is None:  # game over: a new one (a new autosave file)
            match = _new_match(seed * 7919 + len(match.log))
        match.apply(rng.choice(match.legal_actions()))
        store.save_match(match, SLOT)
        store.autosave(match)
        os.write(out, f"{match.seed} {len(match.log)}\n".encode())


@dataclass
class Trial:
    delay: float
    saves_done: int = 0
    temps_left: int = 0
    slot_ahead: bool = False  # the slot holds the save being written when killed
    error: str = ""


@dataclass
class Tally:
    trials: list[Trial] = field(default_factory=list)

    def figures(self) -> dict[str, float | int]:
        done = [t.saves_done for t in self.trials]
        return {
            "trials": len(self.trials),
            "failures": sum(bool(t.error) for t in self.trials),
            "saves_finished": sum(done),
            "killed_before_first_save": sum(d == 0 for d in done),
            "killed_mid_write_temp_left": sum(t.temps_left > 0 for t in self.trials),
            "killed_after_replace_before_report": sum(t.slot_ahead for t in self.trials),
        }


def _spawn(seed: int) -> tuple[int, int]:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read)
        code = 0
        try:
            _child(seed, write)
        except BaseException:
            os.write(write, ("error " + traceback.format_exc().replace("\n", " | ")).encode())
            code = 1
        os._exit(code)
    os.close(write)
    return pid, read


def _read_all(fd: int) -> list[str]:
    chunks = []
    while chunk := os.read(fd, 1 << 16):
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks).decode("utf-8", "replace").splitlines()


def _wait_ready(fd: int, timeout: float = 20.0) -> bytes:
    """The child's first line (``ready``), read byte by byte so nothing after it is lost."""
    line = b""
    deadline = time.monotonic() + timeout
    while not line.endswith(b"\n") and time.monotonic() < deadline:
        byte = os.read(fd, 1)
        if not byte:
            break
        line += byte
    return line


Saved = tuple[int, int]
"""A save's identity: (the match's seed, its log length)."""


def _saved(path: Path) -> Saved:
    match = store.load_match(path)
    return match.seed, len(match.log)


def _next_of(finished: Saved | None, found: Saved) -> bool:
    """Is ``found`` the save that follows ``finished``: one more action of the
    same match, or the first action of a new match (the old one was over)?"""
    if finished is None or found[1] == 1:
        return found[1] == 1
    return found == (finished[0], finished[1] + 1)


def check_after_kill(
    folder: Path, before: Saved | None, lines: list[str], trial: Trial
) -> Saved | None:
    """The checks of one trial (AssertionError on a failure); returns the slot
    save the next trial starts from."""
    assert not any(line.startswith("error") for line in lines), lines
    reported: list[Saved] = [(int(a), int(b)) for a, b in (line.split() for line in lines)]
    trial.saves_done = len(reported)
    finished = reported[-1] if reported else before
    names = sorted(p.name for p in folder.iterdir())
    temps = [n for n in names if n.startswith(".") and n.endswith(".tmp")]
    trial.temps_left = len(temps)
    store._swept.add(str(folder))  # the parent sweeps by hand, below
    assert store.sweep_temps(folder) == len(temps)  # the start-up sweep: only ours
    assert sorted(p.name for p in folder.iterdir()) == [n for n in names if n not in temps]
    slot = store.slot_path(SLOT)
    if finished is not None or slot.exists():  # a save was finished: it loads
        found = _saved(slot)  # the last finished save, or the one being written
        trial.slot_ahead = _next_of(finished, found)
        assert found == finished or trial.slot_ahead, (found, finished)
        backup = slot.with_name(slot.name + ".bak")
        if backup.exists():
            store.load_match(backup)
    for path in folder.glob("autosave-*.json*"):
        store.load_match(path)  # every autosave and its .bak loads
    infos = store.list_saves()
    assert all(info.ok for info in infos), [(i.path.name, i.error) for i in infos]
    # nothing listed only when nothing was ever finished (a kill before the first save:
    # on a busy machine the first trial's child may not get that far)
    assert infos or (finished is None and not slot.exists()), names
    return _saved(slot) if slot.exists() else None


def run_trials(folder: Path, trials: int, seed: int, max_delay: float = MAX_DELAY) -> Tally:
    """``trials`` kills in ``folder``; every check failure is recorded, not raised."""
    rng = random.Random(seed)
    tally = Tally()
    last: Saved | None = None
    for number in range(trials):
        trial = Trial(delay=rng.uniform(0, max_delay))
        tally.trials.append(trial)
        pid, fd = _spawn(seed * 1000 + number)
        ready = _wait_ready(fd)
        time.sleep(trial.delay)
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        lines = [ready.decode("utf-8", "replace").strip(), *_read_all(fd)]
        try:
            assert lines[0] == "ready", lines[:2]
            assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, lines
            last = check_after_kill(folder, last, lines[1:], trial)
        except Exception as exc:
            trial.error = f"{type(exc).__name__}: {exc}"[:500]
            store.sweep_temps(folder)
    return tally


def test_sigkill_while_saving_never_loses_the_previous_save(save_folder: Path) -> None:
    tally = run_trials(save_folder, trials=10, seed=13)
    errors = [t.error for t in tally.trials if t.error]
    assert not errors, errors
    figures = tally.figures()
    assert figures["saves_finished"] > 0  # the child really saved between kills
    assert figures["trials"] == 10


def main(argv: list[str] | None = None) -> int:
    """The long run: ``python -m tests.saves.test_fault_kill --trials 100``."""
    parser = argparse.ArgumentParser(description="SIGKILL trials while saving")
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--max-delay", type=float, default=MAX_DELAY, help="seconds")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="banthe-kill-") as tmp:
        folder = Path(tmp) / "saves"
        os.environ[paths.ENV_SAVE_DIR] = str(folder)
        paths._override = None
        start = time.monotonic()
        tally = run_trials(paths.save_dir(), args.trials, args.seed, args.max_delay)
        took = time.monotonic() - start
    figures = tally.figures()
    if args.json:
        extra = {"seconds": round(took, 1), "seed": args.seed, "max_delay": args.max_delay}
        print(json.dumps({**figures, **extra}))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
        print(f"seconds: {took:.1f}")
    for number, trial in enumerate(tally.trials):
        if trial.error:
            print(f"FAIL trial {number}: {json.dumps(asdict(trial), ensure_ascii=False)}")
    return 1 if figures["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
