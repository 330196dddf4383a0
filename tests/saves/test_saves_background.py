"""Issue 11.29 and the slot-load bug: autosaves written by one background thread,
and a loaded slot goes on writing its match's autosave (saves/writer.py, store.py)."""

from __future__ import annotations

import errno
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from saves_tiny_game import play

from game.core.match import Match
from saves import store
from saves.writer import Writer


@pytest.fixture
def background() -> Iterator[Writer]:
    writer = store.use_background_writer()
    assert writer is not None
    yield writer
    store.use_background_writer(False)


class Gate:
    """Holds every ``write_atomic`` call until opened; counts writers per file."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.lock = threading.Lock()
        self.active: dict[str, int] = {}
        self.most = 0
        self.calls = 0

    def __call__(self, real: Callable[..., None]) -> Callable[..., None]:
        def write(path: Path, data: bytes, **kw: Any) -> None:
            with self.lock:
                self.calls += 1
                self.active[str(path)] = self.active.get(str(path), 0) + 1
                self.most = max(self.most, self.active[str(path)])
            try:
                assert self.open.wait(10), "the gate was never opened"
                real(path, data, **kw)
            finally:
                with self.lock:
                    self.active[str(path)] -= 1

        return write


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Gate:
    g = Gate()
    monkeypatch.setattr(store, "write_atomic", g(store.write_atomic))
    return g


def autosaves(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("autosave-*.json"))


# --- the writer ---------------------------------------------------------------------


def test_writer_runs_jobs_in_order_and_keeps_only_the_latest_queued_per_key() -> None:
    writer, done, hold, running = Writer(), [], threading.Event(), threading.Event()
    writer.submit("a", lambda: running.set() or (hold.wait(5) and done.append("a0")))
    assert running.wait(5)  # "a0" is running now (a sleep was not enough on a busy machine)
    writer.submit("a", lambda: done.append("a1"))
    writer.submit("b", lambda: done.append("b1"))
    writer.submit("a", lambda: done.append("a2"))  # replaces the queued "a1" in its place
    hold.set()
    assert writer.flush(5)
    assert done == ["a0", "a2", "b1"] and writer.pending() == 0


def test_writer_keeps_a_failure_for_its_key_once() -> None:
    writer = Writer()

    def fail() -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    writer.submit("x", fail)
    writer.flush(5)
    error = writer.take_error("x")
    assert isinstance(error, OSError) and writer.take_error("x") is None


# --- autosaves in the background ---------------------------------------------------------


def test_autosave_returns_before_the_disk_write(
    background: Writer, gate: Gate, tiny_match: Callable[..., Match], save_folder: Path
) -> None:
    match = tiny_match(steps=2)
    path = store.autosave(match)  # held by the gate: a write on this thread would fail it
    assert not path.exists()
    play(match, 2, seed=5)
    store.autosave(match)
    gate.open.set()
    loaded = store.load_match(path)  # waits for the last write of that file
    assert len(loaded.log) == len(match.log) == 4
    assert autosaves(save_folder) == [path.name]


def test_one_writer_per_file_and_latest_write_wins(
    background: Writer, gate: Gate, tiny_match: Callable[..., Match], save_folder: Path
) -> None:
    first, second = tiny_match(steps=1, seed=1), tiny_match(steps=1, seed=2)
    paths = set()
    for step in range(12):
        for match in (first, second):
            play(match, 1, seed=step)
            paths.add(store.autosave(match))
        if step == 0:
            time.sleep(0.05)
    gate.open.set()
    assert store.flush_writes() == []
    assert gate.most == 1 and len(paths) == 2
    assert gate.calls < 24  # queued autosaves of a match were merged
    by_seed = {store.load_match(path).seed: path for path in paths}
    for match in (first, second):
        assert store.load_match(by_seed[match.seed]).log == match.log


def test_a_failed_background_write_is_reported_to_the_next_autosave(
    background: Writer, monkeypatch: pytest.MonkeyPatch, tiny_match: Callable[..., Match]
) -> None:
    def full(path: Path, data: bytes, **kw: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store, "write_atomic", full)
    match = tiny_match(steps=2)
    store.autosave(match)  # queued; fails on the writer thread
    background.flush(5)
    with pytest.raises(store.SaveError) as caught:
        store.autosave(match)  # the table logs this, as when the write was on the frame
    assert caught.value.key == "saves.error.write_failed"
    errors = store.flush_writes()  # the second write failed too: left for the app to log
    assert len(errors) == 1 and isinstance(errors[0], store.SaveError)


# --- a loaded slot continues its match's autosave ------------------------------------------


def test_loading_a_slot_again_and_again_keeps_one_autosave(
    tiny_match: Callable[..., Match], save_folder: Path
) -> None:
    match = tiny_match(steps=3)
    first_auto = store.autosave(match)
    slot = store.save_match(match, "before the fight")
    for attempt in range(3):
        loaded = store.load_match(slot)
        play(loaded, 2, seed=attempt)
        assert store.autosave(loaded) == first_auto
    assert autosaves(save_folder) == [first_auto.name]


def test_a_slot_without_an_autosave_gets_one_and_keeps_it(
    tiny_match: Callable[..., Match], save_folder: Path
) -> None:
    slot = store.save_match(tiny_match(steps=3), "fresh")
    written = set()
    for attempt in range(3):
        loaded = store.load_match(slot)
        play(loaded, 1, seed=attempt)
        written.add(store.autosave(loaded))
    assert len(written) == 1 and autosaves(save_folder) == [next(iter(written)).name]


def test_a_slot_never_takes_over_another_games_autosave(
    tiny_match: Callable[..., Match], save_folder: Path
) -> None:
    """Same game, seed and options, but the first moves differ: another match."""
    mine = play(tiny_match(steps=0), 4, seed=1)
    other = play(tiny_match(steps=0), 4, seed=2)
    shorter = min(len(mine.log), len(other.log))
    assert mine.seed == other.seed and mine.log[:shorter] != other.log[:shorter]
    other_auto = store.autosave(other)
    before = other_auto.read_bytes()
    loaded = store.load_match(store.save_match(mine, "mine"))
    play(loaded, 1)
    mine_auto = store.autosave(loaded)
    assert mine_auto != other_auto and other_auto.read_bytes() == before
    assert autosaves(save_folder) == sorted([mine_auto.name, other_auto.name])
