"""Clean-up deletes only what is provably its own (issue 37 class 4): autosave
pruning, replay pruning and the kiosk's visitor clean-up delete a file only
when this program wrote it, in its format, it reads fully and is over by its
content; anything else is kept (and logged), whatever its summary says."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.core.match import Match
from saves import format as fmt
from saves import replays, store
from scenes.booth import Booth

MakeMatch = Callable[..., Match]


def _finish(match: Match) -> Match:
    while match.to_move is not None:
        match.apply(match.legal_actions()[0])
    return match


def _edit(path: Path, change: Callable[[dict], None]) -> None:
    doc = json.loads(path.read_text("utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), "utf-8")


def _print(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def _clock(monkeypatch: pytest.MonkeyPatch, hour: int) -> None:
    base = datetime(2026, 1, 1, tzinfo=UTC)
    monkeypatch.setattr(fmt, "now_utc", lambda: base + timedelta(hours=hour))


def test_an_unfinished_game_whose_summary_says_over_is_never_pruned(
    tiny_match: MakeMatch, save_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "AUTOSAVE_KEEP", 1)
    _clock(monkeypatch, 0)
    liar = store.autosave(tiny_match(steps=2, seed=1))
    _edit(liar, lambda d: d["summary"].update(to_move=None))  # the summary lies
    before = liar.read_bytes()
    _clock(monkeypatch, 1)
    store.autosave(tiny_match(steps=2, seed=2))
    _clock(monkeypatch, 2)
    store.autosave(_finish(tiny_match(steps=1, seed=3)))
    assert liar.read_bytes() == before
    assert store.provably_finished(liar) is not None
    assert store.provably_finished(liar).key == "saves.error.keep_unfinished"


def test_a_finished_game_whose_summary_disagrees_newer_or_foreign_is_kept(
    tiny_match: MakeMatch, save_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "AUTOSAVE_KEEP", 100)
    made = []
    for i in range(4):
        _clock(monkeypatch, i)
        made.append(store.autosave(_finish(tiny_match(steps=1, seed=10 + i))))
    disagree, newer, renamed, ours = made[0], made[1], made[2], made[3]
    _edit(disagree, lambda d: d["summary"].update(to_move=0))  # says "in play"
    _edit(newer, lambda d: d.update(version=fmt.VERSION + 1))
    renamed = renamed.rename(renamed.with_name(f"{store.AUTOSAVE_PREFIX}tiny-mine.json"))
    kept = _print(save_folder)
    monkeypatch.setattr(store, "AUTOSAVE_KEEP", 1)
    _clock(monkeypatch, 9)
    last = store.autosave(_finish(tiny_match(steps=1, seed=99)))
    after = _print(save_folder)
    for path in (disagree, newer, renamed):
        assert after[path.name] == kept[path.name]
    assert ours.name not in after  # the one provably ours and over went
    assert last.name in after
    assert store.provably_finished(disagree).key == "saves.error.keep_summary"  # type: ignore[union-attr]


def _replay_of(tiny_match: MakeMatch, seed: int) -> Path:
    path = replays.keep(_finish(tiny_match(steps=1, seed=seed)), 100)
    assert path is not None
    return path


def test_replay_pruning_keeps_every_file_it_cannot_prove_its_own(
    tiny_match: MakeMatch, save_folder: Path
) -> None:
    mine = [_replay_of(tiny_match, s) for s in (1, 2, 3)]
    folder = replays.folder()
    foreign = folder / "replay-tiny-0123456789abcdef.json"  # a finished game, wrong digest
    foreign.write_bytes(mine[0].read_bytes())
    broken = folder / "replay-tiny-fedcba9876543210.json"
    broken.write_bytes(b"{not json")
    unfinished = folder / "replay-tiny-00000000000000aa.json"
    store.save_match(tiny_match(steps=2, seed=7), "x")
    unfinished.write_bytes(next(save_folder.glob("*x*.json")).read_bytes())
    other = folder / "replay-notes.json"
    other.write_text("[]")
    before = {p: p.read_bytes() for p in (foreign, broken, unfinished, other)}
    for i, path in enumerate(mine):  # oldest first
        os.utime(path, (1_600_000_000 + i, 1_600_000_000 + i))
    replays.prune(1)
    for path, data in before.items():
        assert path.read_bytes() == data
    assert [p.exists() for p in mine] == [False, False, True]


def test_the_kiosk_clean_up_deletes_only_files_this_run_wrote_unchanged(
    tiny_match: MakeMatch, save_folder: Path
) -> None:
    written = store.save_match(tiny_match(steps=1, seed=1), "visitor")
    edited = store.save_match(tiny_match(steps=1, seed=2), "edited")
    _edit(edited, lambda d: d.update(name="edited by hand"))
    dropped = save_folder / "dropped.json"
    dropped.write_bytes(written.read_bytes())
    foreign = save_folder / "notes.json"
    foreign.write_text("not a save")
    Booth.forget_visitor(SimpleNamespace())  # type: ignore[arg-type]
    assert not written.exists()
    assert edited.exists() and dropped.exists() and foreign.read_text() == "not a save"


def test_a_write_over_a_link_replaces_the_link_and_never_backs_up_its_target(
    save_folder: Path,
) -> None:
    from saves.atomic import write_atomic

    outside = save_folder.parent / "elsewhere.txt"
    outside.write_text("not ours")
    link = save_folder / "settings.json"
    link.symlink_to(outside)
    write_atomic(link, b"{}")
    assert not link.is_symlink() and link.read_bytes() == b"{}"
    assert outside.read_text() == "not ours"
    assert not os.path.lexists(link.with_name("settings.json.bak"))
    (save_folder / "x.json.bak").mkdir()
    (save_folder / "x.json").write_text("old")
    write_atomic(save_folder / "x.json", b"new")  # a folder named like the backup stays
    assert (save_folder / "x.json").read_text() == "new"
    assert (save_folder / "x.json.bak").is_dir()


def test_pruning_one_game_never_looks_at_another_whose_id_it_begins(
    tiny_match: MakeMatch,
    save_folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """ "autosave-shv-…" is a prefix of "autosave-shv_companion-…": clean-up of one game
    neither counts nor reports the other's autosaves as foreign files."""
    monkeypatch.setattr(store, "AUTOSAVE_KEEP", 1)
    _clock(monkeypatch, 0)
    mine = store.autosave(_finish(tiny_match(steps=1, seed=1)))
    game = mine.name.split("-")[1]
    for n in range(3):  # a longer game id that begins with this one
        other = mine.with_name(f"autosave-{game}_more-20260101-00000{n}-abc{n}.json")
        other.write_bytes(mine.read_bytes())
    before = _print(save_folder)
    _clock(monkeypatch, 1)
    with caplog.at_level("WARNING"):
        store.autosave(_finish(tiny_match(steps=1, seed=2)))
    assert not [r for r in caplog.records if f"{game}_more" in r.getMessage()]
    kept = _print(save_folder)
    assert all(kept.get(name) == data for name, data in before.items() if "_more" in name)
