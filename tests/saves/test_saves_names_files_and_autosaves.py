"""Issue 13 fixes in saves/: hostile strings, clock overflow, one reader,
delete safety, size limit, autosaves per match (issue 11.2)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from saves_tiny_game import TINY, play

from game.core.match import Match
from saves import format as fmt
from saves import reader, store
from saves.format import SaveError

MakeMatch = Callable[..., Match]


def _doc(match: Match) -> dict[str, Any]:
    return fmt.encode(match, "slot", "doc")


def _write(path: Path, doc: dict[str, Any]) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


# --- names ----------------------------------------------------------------------

HOSTILE = ["An\x00", "An\x1b[31m", "\u202eAn", "An\ud800", "A" * 10_000, "Va\u0301n", "\n"]


@pytest.mark.parametrize("bad", HOSTILE)
def test_a_seat_name_with_control_surrogate_or_length_is_refused_everywhere(
    tiny_match: MakeMatch, save_folder: Path, bad: str
) -> None:
    doc = _doc(tiny_match(steps=2))
    doc["config"]["seats"][1]["name"] = bad
    path = _write(save_folder / "slot-hostile.json", doc)
    with pytest.raises(SaveError) as err:
        store.load_match(path)
    assert err.value.key == "saves.error.bad_name"
    assert err.value.params["field"] == "config.seats[1].name"
    [info] = store.list_saves()
    assert info.error is not None and info.error.key == "saves.error.bad_name"


@pytest.mark.parametrize("where", ["name", "summary"])
def test_slot_and_summary_names_are_checked_too(
    tiny_match: MakeMatch, save_folder: Path, where: str
) -> None:
    doc = _doc(tiny_match(steps=2))
    if where == "name":
        doc["name"] = "evil\x00"
    else:
        doc["summary"]["seats"][0]["name"] = "\ud83d"
    with pytest.raises(SaveError) as err:
        store.load_match(_write(save_folder / "slot-x.json", doc))
    assert err.value.key == "saves.error.bad_name"


def test_names_the_seat_screen_allows_pass() -> None:
    for name in ("An", "Bình", "Nguyễn Thị Ánh", "x" * fmt.SEAT_NAME_MAX_CHARS, "Châu 2"):
        assert fmt.name_problem(name, fmt.SEAT_NAME_MAX_CHARS) is None
    assert fmt.name_problem("x" * (fmt.SEAT_NAME_MAX_CHARS + 1), 16) == "length"
    assert fmt.name_problem(3, 16) == "type"
    assert fmt.name_problem("a\u200bb", 16) == "characters"  # zero-width space (Cf)


@pytest.mark.parametrize("char", ["\x00", "\x1b", "\u202e", "\ud800", "\x7f", "\u2028"])
def test_control_characters_never_survive_into_names_or_file_names(char: str) -> None:
    # 13.14: NUL, ESC, U+202E (and friends) in display names and file names.
    raw = f"Ván{char}một{char}"
    shown = fmt.clean_name(raw)
    stem = fmt.safe_stem(raw)
    assert char not in shown and char not in stem
    assert shown == "Ván một"
    assert "Ván" in stem and "một" in stem
    assert fmt.name_problem(shown, fmt.NAME_MAX_CHARS) is None
    assert char not in store.slot_path(raw).name


# --- the clock ------------------------------------------------------------------


@pytest.mark.parametrize(
    "stamp",
    ["9999-12-31T23:00:00-05:00", "0001-01-01T01:00:00+14:00", "not a date", "2026-13-01"],
)
def test_a_saved_at_the_clock_cannot_convert_greys_the_row(
    tiny_match: MakeMatch, save_folder: Path, stamp: str
) -> None:
    doc = _doc(tiny_match(steps=2))
    doc["saved_at"] = stamp
    _write(save_folder / "slot-time.json", doc)
    store.save_match(tiny_match(steps=1), "good")
    infos = store.list_saves()
    assert len(infos) == 2
    bad = next(i for i in infos if i.path.name == "slot-time.json")
    assert bad.error is not None and bad.error.params == {"field": "saved_at"}
    for info in infos:  # what the browser does with every row
        info.saved_at.astimezone()
    assert fmt.parse_time(stamp) is None


def test_a_missing_saved_at_greys_the_row_instead_of_crashing(
    tiny_match: MakeMatch, save_folder: Path
) -> None:
    doc = _doc(tiny_match(steps=2))
    del doc["saved_at"]
    _write(save_folder / "slot-undated.json", doc)
    [info] = store.list_saves()
    assert info.error is not None and info.error.key == "saves.error.missing_field"
    assert info.error.params == {"field": "saved_at"}
    assert fmt.parse_time(None) is None


# --- the reader -------------------------------------------------------------------


def test_a_named_pipe_is_refused_without_blocking(save_folder: Path) -> None:
    fifo = save_folder / "slot-pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError) as err:  # would block for ever with a plain open()
        store.load_match(fifo)
    assert err.value.key == "saves.error.not_file"


def test_a_device_is_never_read() -> None:
    with pytest.raises(SaveError) as err:
        store.load_match("/dev/zero")
    assert err.value.key == "saves.error.not_file"


def test_a_file_of_exactly_the_size_limit_is_read(
    tiny_match: MakeMatch, save_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blob = json.dumps(_doc(tiny_match(steps=2))).encode("utf-8")
    path = save_folder / "slot-limit.json"
    path.write_bytes(blob)
    monkeypatch.setattr(reader, "MAX_BYTES", len(blob))
    assert store.load_match(path).log == tiny_match(steps=2).log
    path.write_bytes(blob + b" ")
    with pytest.raises(SaveError) as err:
        store.load_match(path)
    assert err.value.key == "saves.error.too_large"


@pytest.mark.parametrize("text", ['{"format": "banthe-save", "version": 1,}', '{"a": 1 "b": 2}'])
def test_balanced_but_invalid_json_is_not_called_truncated(save_folder: Path, text: str) -> None:
    with pytest.raises(SaveError) as err:
        store.load_match(_write_text(save_folder / "slot-j.json", text))
    assert err.value.key == "saves.error.not_json"
    with pytest.raises(SaveError) as cut:
        store.load_match(_write_text(save_folder / "slot-k.json", text[:-1]))
    assert cut.value.key == "saves.error.truncated"


def _write_text(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "body",
    ["[" * 100_000 + "]" * 100_000, '{"seed": ' + "9" * 5000 + "}", '{"barrier": Infinity}'],
)
def test_deep_nesting_huge_numbers_and_nan_are_not_json(save_folder: Path, body: str) -> None:
    with pytest.raises(SaveError) as err:
        store.load_match(_write_text(save_folder / "slot-n.json", body))
    assert err.value.key == "saves.error.not_json"


def test_a_bom_is_accepted(tiny_match: MakeMatch, save_folder: Path) -> None:
    path = save_folder / "slot-bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(_doc(tiny_match(steps=2))).encode("utf-8"))
    assert store.load_match(path).log == tiny_match(steps=2).log


# --- deleting and describing -------------------------------------------------------


def test_delete_in_a_missing_folder_never_deletes_the_same_named_save(
    tiny_match: MakeMatch, save_folder: Path, tmp_path: Path
) -> None:
    real = store.save_match(tiny_match(), "x")
    ghost = tmp_path / "no-such-dir" / real.name
    with pytest.raises(SaveError) as err:
        store.delete_save(ghost)
    assert err.value.key == "saves.error.outside"
    assert real.is_file() and store.load_match(real).log == tiny_match().log


@pytest.mark.parametrize("to_move", ["1", 7, -1, True, 1.0])
def test_describe_ignores_a_bad_to_move(tiny_match: MakeMatch, to_move: object) -> None:
    info = store.read_info(store.save_match(tiny_match(steps=2), "d"))
    names = [s["name"] for s in info.summary["seats"]]
    info.summary["to_move"] = to_move
    line = store.describe(info, "en")
    assert not any(f"{n} to move" in line for n in names)
    info.summary["to_move"] = 1
    assert f"{names[1]} to move" in store.describe(info, "en")


# --- autosaves per match (issue 11.2) ------------------------------------------------


def test_a_new_game_never_replaces_an_unfinished_one(
    tiny_match: MakeMatch, save_folder: Path
) -> None:
    first = tiny_match(steps=3)
    first_file = store.autosave(first)
    second = tiny_match(steps=1, seed=77)
    second_file = store.autosave(second)
    assert second_file != first_file
    assert store.load_match(first_file).log == first.log  # still there, unchanged
    autos = [i for i in store.list_saves() if i.kind == "autosave"]
    assert {i.path for i in autos} == {first_file, second_file}
    latest = store.latest_autosave()
    assert latest is not None and latest.path == second_file  # Continue: the newest


def test_continuing_a_loaded_autosave_writes_the_same_file(tiny_match: MakeMatch) -> None:
    path = store.autosave(tiny_match(steps=2))
    loaded = store.load_match(path)
    play(loaded, 1, seed=9)
    assert store.autosave(loaded) == path
    assert store.load_match(path).log == loaded.log
    assert len([p for p in path.parent.iterdir() if p.suffix == ".json"]) == 1


def _finish(match: Match) -> Match:
    while match.to_move is not None:
        match.apply(match.legal_actions()[0])
    return match


def test_pruning_drops_oldest_finished_games_never_unfinished(
    tiny_match: MakeMatch, save_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "AUTOSAVE_KEEP", 3)
    base = datetime(2026, 1, 1, tzinfo=UTC)
    files: list[tuple[str, Path]] = []
    for i, finished in enumerate([True, False, True, False, False]):
        monkeypatch.setattr(fmt, "now_utc", lambda i=i: base + timedelta(hours=i))
        match = tiny_match(steps=2, seed=100 + i)
        files.append(
            ("done" if finished else "open", store.autosave(_finish(match) if finished else match))
        )
    left = {p for p in save_folder.iterdir() if p.suffix == ".json"}
    unfinished = {p for kind, p in files if kind == "open"}
    assert unfinished <= left  # three unfinished: every one kept, over the limit
    assert left == unfinished  # both finished ones went, oldest first
    assert not any(p.name.endswith(".bak") and p.name[:-4] not in {u.name for u in unfinished}
                   for p in save_folder.iterdir())  # fmt: skip
    assert store.latest_autosave().path == files[-1][1]  # type: ignore[union-attr]


def test_pruning_keeps_the_newest_finished_when_room(
    tiny_match: MakeMatch, save_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "AUTOSAVE_KEEP", 2)
    base = datetime(2026, 1, 1, tzinfo=UTC)
    made = []
    for i in range(3):
        monkeypatch.setattr(fmt, "now_utc", lambda i=i: base + timedelta(hours=i))
        made.append(store.autosave(_finish(tiny_match(steps=1, seed=200 + i))))
    assert {p for p in save_folder.iterdir() if p.suffix == ".json"} == set(made[1:])
    assert TINY in made[0].name
