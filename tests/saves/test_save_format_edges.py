"""Save-format edges the mutation sample of issue 13.14 found unpinned: the
seed's bit limit, the newest and oldest dates, the characters a file name
keeps, and the program version quoted in a "newer save" message."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from game.core import files
from game.core.match import Match
from saves import format as fmt
from saves import store
from saves.format import SaveError


def _doc(match: Match) -> dict:
    return fmt.encode(match, "slot", "biên")


@pytest.mark.parametrize(
    ("seed", "ok"),
    [(2**64 - 1, True), (-(2**64 - 1), True), (2**64, False), (-(2**64), False)],
)
def test_the_seed_limit_is_64_bits(tiny_match, seed: int, ok: bool) -> None:
    # Match.from_json's limit: the checks before the replay agree with it
    doc = _doc(tiny_match(steps=1))
    doc["seed"] = seed
    if ok:
        fmt.check_fields(doc)
    else:
        with pytest.raises(SaveError) as err:
            fmt.check_fields(doc)
        assert err.value.key == "saves.error.bad_field" and err.value.params["field"] == "seed"


@pytest.mark.parametrize(
    ("stamp", "year"),
    [
        ("9998-12-31T00:00:00+00:00", 9998),
        ("0002-01-01T00:00:00+00:00", 2),
        ("2026-11-30T12:00:00", 2026),  # no offset: UTC
        ("2026-11-30T12:00:00+07:00", 2026),
        ("9999-01-01T00:00:00+00:00", None),
        ("0001-12-31T23:00:00+00:00", None),
        ("9998-12-31T00:00:01+00:00", None),
        ("not a date", None),
        (None, None),
        (20261130, None),
        ("2026-11-30T12:00:00" + " " * 50, None),
    ],
)
def test_parse_time_keeps_dates_that_convert_everywhere(stamp: object, year: int | None) -> None:
    moment = fmt.parse_time(stamp)
    if year is None:
        assert moment is None
    else:
        assert moment is not None and moment.year == year and moment.tzinfo == UTC
        moment.astimezone()  # local time never overflows
    assert fmt.parse_time("2026-11-30T12:00:00+07:00") == datetime(2026, 11, 30, 5, tzinfo=UTC)


def test_file_names_keep_letters_and_digits() -> None:
    # only the characters Windows forbids become "_"
    assert fmt.safe_stem("XX Xuân 2026") == "XX Xuân 2026"
    assert fmt.safe_stem('a<b>c:d"e/f\\g|h?i*j') == "a_b_c_d_e_f_g_h_i_j"
    assert fmt.safe_stem("Lượt 3 - tối") == "Lượt 3 - tối"


def test_a_newer_save_quotes_the_program_version_cleaned(tiny_match, save_folder: Path) -> None:
    doc = _doc(tiny_match(steps=1))
    doc["version"] = fmt.VERSION + 1
    doc["app_version"] = "\x1b[31m9.9\x00.1" + "x" * 100
    with pytest.raises(SaveError) as err:
        fmt.check_header(doc)
    version = err.value.params["app_version"]
    assert version.startswith("[31m9.9 .1") and len(version) <= 40
    assert "\x1b" not in err.value.message("en") and "\x00" not in err.value.message("vi")
    doc["app_version"] = 7
    with pytest.raises(SaveError) as err:
        fmt.check_header(doc)
    assert err.value.params["app_version"] == "?"


def test_a_save_from_before_app_versions_still_reads(tiny_match) -> None:
    doc = _doc(tiny_match(steps=1))
    del doc["app_version"]
    fmt.check_header(doc)
    assert store.APP_VERSION == fmt.APP_VERSION


def test_the_barrier_may_be_zero_or_absent(tiny_match) -> None:
    doc = _doc(tiny_match(steps=2))
    doc["barrier"] = 0
    assert len(fmt.check_fields(doc)) == 2
    doc["log"], doc["barrier"] = [], 0
    assert fmt.check_fields(doc) == []
    del doc["barrier"]  # an older save: no barrier, an empty log
    assert fmt.check_fields(doc) == []
    doc["barrier"] = 1
    with pytest.raises(SaveError) as err:
        fmt.check_fields(doc)
    assert err.value.params["field"] == "barrier"


def test_a_bad_slot_name_names_the_field(tiny_match) -> None:
    doc = _doc(tiny_match(steps=1))
    doc["name"] = "x" * (fmt.NAME_MAX_CHARS + 1)
    with pytest.raises(SaveError) as err:
        fmt.check_fields(doc)
    assert err.value.key == "saves.error.bad_name"
    assert err.value.params == {"field": "name", "limit": fmt.NAME_MAX_CHARS}
    doc["name"] = "x" * fmt.NAME_MAX_CHARS
    fmt.check_fields(doc)


@pytest.mark.parametrize(
    "device", ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "COM0", "COM9", "LPT1", "LPT9"]
)
def test_every_windows_device_name_is_suffixed(device: str) -> None:
    assert fmt.safe_stem(device) == f"{device}-"
    assert fmt.safe_stem(device.lower() + ".txt") == f"{device.lower()}-.txt"
    assert fmt.safe_stem(device + "X") == device + "X"


def test_numbered_devices_stop_at_nine() -> None:
    for name in ("COM10", "LPT10", "COMX", "CONSOLE"):
        assert fmt.safe_stem(name) == name


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
def test_line_and_paragraph_separators_are_unprintable(separator: str) -> None:
    assert fmt.clean_name(f"Ván{separator}hai") == "Ván hai"
    assert fmt.name_problem(f"Ván{separator}hai", 80) == "characters"
    assert separator not in fmt.safe_stem(f"Ván{separator}hai")


def test_diagnose_when_only_from_json_refuses(tiny_match) -> None:
    # the last resort: the replay and the snapshot agree, so the reason is generic
    doc = _doc(tiny_match(steps=3))
    actions = fmt.check_fields(doc)
    error = fmt.diagnose(doc, actions, None)
    assert error.key == "saves.error.invalid"
    assert error.params == {"reason": "Match.from_json refused the data"}


def test_diagnose_when_the_snapshot_cannot_be_made(tiny_match, monkeypatch) -> None:
    doc = _doc(tiny_match(steps=3))
    actions = fmt.check_fields(doc)

    def broken(self: Match) -> dict:
        raise RuntimeError("to_json failed")

    monkeypatch.setattr(Match, "snapshot", broken)
    error = fmt.diagnose(doc, actions, Path("x.json"))
    assert error.key == "saves.error.invalid" and error.params == {"reason": "to_json failed"}


@pytest.mark.parametrize("where", ["config", "summary"])
def test_a_block_without_seats_is_fine(tiny_match, where: str) -> None:
    doc = _doc(tiny_match(steps=1))
    doc[where].pop("seats", None)
    fmt.check_fields(doc)
    doc[where]["seats"] = None
    fmt.check_fields(doc)


def test_an_unknown_game_id_is_quoted_cut_to_forty() -> None:
    doc = {"game": "g" * 100, "config": {}, "seed": 1, "log": [], "snapshot": {}}
    doc["saved_at"] = "2026-11-30T12:00:00+00:00"
    with pytest.raises(SaveError) as err:
        fmt.check_fields(doc)
    assert err.value.key == "saves.error.unknown_game" and err.value.params["game"] == "g" * 40


def test_saved_at_is_whole_seconds_in_utc(tiny_match) -> None:
    stamp = _doc(tiny_match(steps=1))["saved_at"]
    moment = datetime.fromisoformat(stamp)
    assert moment.microsecond == 0 and "." not in stamp and stamp.endswith("+00:00")


# --- saves/store.py ---------------------------------------------------------------


def test_describe_with_to_move_one_past_the_seats(tiny_match) -> None:
    info = store.read_info(store.save_match(tiny_match(steps=2), "d"))
    seats = info.summary["seats"]
    info.summary["to_move"] = len(seats)  # one past the last seat: no crash, no name
    line = store.describe(info, "en")
    assert "to move" not in line
    info.summary["to_move"] = len(seats) - 1
    assert f"{seats[-1]['name']} to move" in store.describe(info, "en")


def test_a_nul_in_the_path_is_unreadable_not_a_crash(save_folder: Path) -> None:
    with pytest.raises(SaveError) as err:
        store.load_match(save_folder / "slot-a\x00b.json")
    assert err.value.key == "saves.error.unreadable"
    assert "null" in err.value.params["reason"]


def test_no_free_file_name_is_a_write_error(tiny_match, monkeypatch) -> None:
    monkeypatch.setattr(store, "_replaceable", lambda path: False)
    with pytest.raises(SaveError) as err:
        store.save_match(tiny_match(steps=1), "đầy")
    assert err.value.key == "saves.error.write_failed"
    assert err.value.params == {"reason": "no free file name"}


def test_an_unexpected_error_while_listing_greys_the_row(tiny_match, monkeypatch) -> None:
    path = store.save_match(tiny_match(steps=1), "lạ")

    def boom(data: object, where: object = None) -> None:
        raise RuntimeError("rules core exploded")

    monkeypatch.setattr(fmt, "check_fields", boom)
    [info] = store.list_saves()
    assert info.path == path and info.error is not None
    assert info.error.key == "saves.error.invalid"
    assert info.error.params == {"reason": "rules core exploded"}


def test_deleting_a_save_forgets_its_verdict(tiny_match) -> None:
    path = store.save_match(tiny_match(steps=1), "quên")
    assert store.list_saves()[0].ok and str(path) in store._verified
    store.delete_save(path)
    assert str(path) not in store._verified and store.list_saves() == []


def test_messages_default_to_vietnamese(tiny_match, save_folder: Path) -> None:
    path = save_folder / "slot-hỏng.json"
    path.write_text("{", encoding="utf-8")
    [info] = store.list_saves()
    assert info.error is not None
    assert store.describe(info) == store.describe(info, "vi") != store.describe(info, "en")
    assert store.format_error(info.error) == store.format_error(info.error, "vi")
    assert store.format_error(info.error) != store.format_error(info.error, "en")


def test_a_row_of_an_unknown_game_names_the_game(tiny_match, save_folder: Path) -> None:
    doc = _doc(tiny_match(steps=1))
    doc["game"] = "cờ vua"
    (save_folder / "slot-lạ.json").write_text(json.dumps(doc), encoding="utf-8")
    [info] = store.list_saves()
    assert info.error is not None and info.error.key == "saves.error.unknown_game"
    assert info.game == "cờ vua"


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (OSError(28, "No space left on device"), "No space left on device"),
        (OSError("boom"), "boom"),
    ],
)
def test_a_failed_write_says_why(tiny_match, monkeypatch, error: OSError, reason: str) -> None:
    def fail(path: Path, data: bytes, *, backup: bool = True) -> None:
        raise error

    monkeypatch.setattr(store, "write_atomic", fail)
    with pytest.raises(SaveError) as err:
        store.save_match(tiny_match(steps=1), "hỏng")
    assert err.value.key == "saves.error.write_failed" and err.value.params == {"reason": reason}


def test_a_permission_error_without_a_file_name(tiny_match, monkeypatch) -> None:
    def denied(path: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store, "_writable", denied)
    with pytest.raises(SaveError) as err:
        store.autosave(tiny_match(steps=1))
    assert err.value.key == "saves.error.write_permission"
    assert err.value.params == {"folder": "?"}


def test_a_file_that_grows_past_the_limit_while_read(tiny_match, monkeypatch) -> None:
    path = store.save_match(tiny_match(steps=1), "lớn")
    monkeypatch.setattr(files, "_read_fd", lambda fd, limit: b" " * limit)
    with pytest.raises(SaveError) as err:
        store.load_match(path)
    assert err.value.key == "saves.error.too_large"


def test_a_delete_the_system_refuses_says_why(tiny_match, monkeypatch) -> None:
    path = store.save_match(tiny_match(steps=1), "bận")
    real_unlink = Path.unlink

    def busy(self: Path, missing_ok: bool = False) -> None:
        if self == path:
            raise OSError(16, "Device or resource busy")
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", busy)
    with pytest.raises(SaveError) as err:
        store.delete_save(path)
    assert err.value.key == "saves.error.delete_failed"
    assert err.value.params == {"reason": "Device or resource busy"}
    assert path.is_file()


@pytest.mark.parametrize("scores", [5, "12", {"0": 3}, None, []])
def test_describe_ignores_scores_that_are_not_a_list(tiny_match, scores: object) -> None:
    info = store.read_info(store.save_match(tiny_match(steps=2), "điểm"))
    info.summary["scores"] = scores
    info.summary["to_move"] = 0
    line = store.describe(info, "en")
    assert line.endswith("to move") and " ·  · " not in line and not line.startswith(" · ")
    assert line.count(" · ") == 1  # the round and whose turn, nothing between


def test_describe_a_seat_without_a_name(tiny_match) -> None:
    info = store.read_info(store.save_match(tiny_match(steps=2), "tên"))
    info.summary["seats"] = [{"control": "human"}, "not a seat"]
    info.summary["scores"] = [1, 2]
    info.summary["to_move"] = 0
    line = store.describe(info, "en")
    assert line.endswith("? to move") and "? 1, ? 2" in line
