"""Crash safety of saves/atomic.py and of save writes (design.md section 4:
"Written to a temp file, flushed, then os.replace, with the previous file
kept as backup: a crash mid-save loses nothing")."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from saves_tiny_game import play

from game.core.match import Match
from saves import store
from saves.atomic import write_atomic
from saves.format import SaveError

MakeMatch = Callable[..., Match]


def _temps(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def _boom(*_: object, **__: object) -> None:
    raise OSError(5, "simulated crash")


@pytest.mark.parametrize("step", ["fsync", "replace", "write"])
def test_crash_while_saving_loses_nothing(
    tiny_match: MakeMatch, save_folder: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    match = tiny_match(steps=3)
    path = store.save_match(match, "precious")
    before = path.read_bytes()
    play(match, 3, seed=8)

    with monkeypatch.context() as patch:
        if step == "write":  # disk full half-way through the data
            real_fdopen = os.fdopen

            class Full:
                def __init__(self, fd: int, mode: str) -> None:
                    self.fh = real_fdopen(fd, mode)

                def __enter__(self) -> Full:
                    return self

                def __exit__(self, *exc: object) -> None:
                    self.fh.close()

                def write(self, data: bytes) -> int:
                    self.fh.write(data[: len(data) // 2])
                    raise OSError(28, "No space left on device")

            patch.setattr(os, "fdopen", Full)
        else:
            patch.setattr(os, step, _boom)
        with pytest.raises(SaveError) as err:
            store.save_match(match, "precious")
    assert err.value.key == "saves.error.write_failed"
    assert path.read_bytes() == before
    assert store.load_match(path).log == tiny_match(steps=3).log
    assert _temps(save_folder) == []
    # The next save works normally.
    store.save_match(match, "precious")
    assert store.load_match(path).log == match.log


def test_interrupt_during_autosave_keeps_the_old_autosave(
    tiny_match: MakeMatch, save_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = store.autosave(tiny_match(steps=2))
    before = path.read_bytes()

    def interrupted(_fd: int) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patch, pytest.raises(KeyboardInterrupt):
        patch.setattr(os, "fsync", interrupted)
        store.autosave(tiny_match(steps=4))
    assert path.read_bytes() == before
    assert _temps(save_folder) == []
    latest = store.latest_autosave()
    assert latest is not None and latest.path == path


def test_write_atomic_keeps_backup_and_replaces(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "file.json"
    write_atomic(target, b"one")
    assert target.read_bytes() == b"one"
    assert not target.with_name("file.json.bak").exists()
    write_atomic(target, b"two")
    write_atomic(target, b"three")
    assert target.read_bytes() == b"three"
    assert target.with_name("file.json.bak").read_bytes() == b"two"
    write_atomic(target, b"four", backup=False)
    assert target.with_name("file.json.bak").read_bytes() == b"two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.json", "file.json.bak"]


def test_write_atomic_copies_backup_where_links_fail(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "file.json"
    write_atomic(target, b"old")
    monkeypatch.setattr(os, "link", _boom)  # FAT32, some network drives
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert (tmp_path / "file.json.bak").read_bytes() == b"old"


def test_write_atomic_onto_a_directory_fails_cleanly(tmp_path: Path) -> None:
    target = tmp_path / "taken.json"
    target.mkdir()
    (target / "inside").write_bytes(b"keep")
    with pytest.raises(OSError):
        write_atomic(target, b"data")
    assert (target / "inside").read_bytes() == b"keep"
    assert _temps(tmp_path) == []
