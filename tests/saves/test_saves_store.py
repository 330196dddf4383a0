"""Save slots, autosaves, listing, deleting and messages (saves/store.py).

Rule IDs do not apply here (no game rule is under test); the design points
checked are in design.md section 4 and interfaces.md "saves/store.py API".
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from saves_tiny_game import TINY, TINY_CONFIG, TinyRules, play

import game
from game import new_match
from game.core.contract import Action
from game.core.match import Match
from saves import format as fmt
from saves import store
from saves.format import APP_VERSION, SaveError

MakeMatch = Callable[..., Match]


def _freeze_clock(monkeypatch: pytest.MonkeyPatch, moment: datetime) -> None:
    monkeypatch.setattr(fmt, "now_utc", lambda: moment)


# --- round trip ----------------------------------------------------------------


def test_round_trip_restores_state_log_barrier_and_seats(tiny_match: MakeMatch) -> None:
    match = tiny_match(steps=5)
    path = store.save_match(match, "Ván của An")
    loaded = store.load_match(path)
    assert loaded.game_id == TINY
    assert loaded.seed == match.seed
    assert loaded.config == match.config
    assert loaded.log == match.log
    assert loaded.barrier == match.barrier
    assert loaded.seats == match.seats
    assert loaded.snapshot() == match.snapshot()
    # Same hands, same draw-pile order, same RNG state.
    assert loaded.state.hands == match.state.hands
    assert loaded.state.pile == match.state.pile
    assert loaded.state.rng.state == match.state.rng.state


def test_loaded_match_resumes_exactly(tiny_match: MakeMatch) -> None:
    match = tiny_match(steps=4)
    loaded = store.load_match(store.save_match(match, "resume"))
    while match.to_move is not None:
        action = match.legal_actions()[-1]  # "draw" while the pile lasts: RNG draws
        assert loaded.legal_actions() == match.legal_actions()
        events_a = [e.to_json() for e in match.apply(action)]
        events_b = [e.to_json() for e in loaded.apply(action)]
        assert events_a == events_b
        assert loaded.snapshot() == match.snapshot()
    assert loaded.outcome() == match.outcome()


def test_barrier_survives_so_undo_cannot_cross_it(tiny_match: MakeMatch) -> None:
    match = new_match(TINY, TINY_CONFIG, 7)
    match.apply(Action.make("draw", 0))  # RNG draw: barrier at 1
    hand = sorted(match.state.hands[1])
    match.apply(Action.make("play", 1, card=hand[0]))  # no RNG, no secret
    assert (len(match.log), match.barrier) == (2, 1)
    loaded = store.load_match(store.save_match(match, "undo"))
    assert loaded.barrier == 1
    assert loaded.can_undo()
    assert loaded.undo()
    assert not loaded.undo()  # the draw cannot be taken back
    assert len(loaded.log) == 1


def test_file_is_versioned_utf8_json_with_summary(
    tiny_match: MakeMatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    moment = datetime(2026, 11, 30, 12, 34, 56, tzinfo=UTC)
    _freeze_clock(monkeypatch, moment)
    match = tiny_match(steps=3)
    path = store.save_match(match, "Ván của Bình")
    raw = path.read_bytes()
    assert "Bình".encode() in raw  # real UTF-8, not \u escapes
    doc = json.loads(raw.decode("utf-8"))
    assert doc["format"] == "banthe-save"
    assert doc["version"] == fmt.VERSION == 1
    assert doc["app_version"] == APP_VERSION == "0.1.0"
    assert doc["saved_at"] == "2026-11-30T12:34:56+00:00"
    assert (doc["kind"], doc["name"], doc["game"]) == ("slot", "Ván của Bình", TINY)
    assert doc["seed"] == match.seed
    assert doc["log"] == [a.to_json() for a in match.log]
    assert doc["barrier"] == match.barrier
    assert doc["snapshot"] == match.snapshot()
    assert doc["summary"] == {
        "round": match.state.round,
        "scores": match.state.scores,
        "seats": [{"name": "An", "control": "human"}, {"name": "Bình", "control": "ai"}],
        "to_move": match.to_move,
    }


def test_finished_game_saves_with_to_move_null(tiny_match: MakeMatch) -> None:
    match = tiny_match(steps=200)
    assert match.to_move is None
    info = store.read_info(store.save_match(match, "done"))
    assert info.ok and info.summary["to_move"] is None
    assert store.describe(info, "en").endswith("Game over")
    assert store.load_match(info.path).outcome() == match.outcome()


def test_saving_the_same_slot_keeps_previous_version_as_bak(tiny_match: MakeMatch) -> None:
    match = tiny_match(steps=2)
    path = store.save_match(match, "slot A")
    first = path.read_bytes()
    play(match, 2, seed=5)
    assert store.save_match(match, "slot A") == path
    backup = path.with_name(path.name + ".bak")
    assert backup.read_bytes() == first
    assert store.load_match(backup).log == match.log[:2]
    assert store.load_match(path).log == match.log


def test_a_broken_file_is_never_overwritten_by_a_new_save(
    tiny_match: MakeMatch, save_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = store.slot_path("Ván 1")
    broken.write_bytes(b'{"format": "banthe-save", "vers')
    monkeypatch.setattr(store, "_new_match_id", lambda: "m1")
    foreign = store.autosave_path(TINY, "m1")
    foreign.write_bytes(b"my own notes")
    match = tiny_match(steps=3)
    path = store.save_match(match, "Ván 1")
    assert path == save_folder / "slot-Ván 1 (2).json"
    auto = store.autosave(match)
    assert auto == save_folder / f"autosave-{TINY}-m1 (2).json"
    assert broken.read_bytes() == b'{"format": "banthe-save", "vers'
    assert foreign.read_bytes() == b"my own notes"
    assert not broken.with_name(broken.name + ".bak").exists()
    # The new files are good saves, so later saves replace them normally.
    assert store.save_match(match, "Ván 1") == path
    assert store.autosave(match) == auto
    latest = store.latest_autosave()
    assert latest is not None and latest.path == auto
    assert store.load_match(path).log == match.log


def test_empty_name_gets_a_dated_default(tiny_match: MakeMatch) -> None:
    path = store.save_match(tiny_match(), "   ")
    info = store.read_info(path)
    assert info.ok
    assert info.name.startswith(f"{TINY} 20")
    assert path.name == f"slot-{info.name}.json"


# --- slot names ---------------------------------------------------------------

ESCAPES = [
    "../../etc/passwd",
    "..\\..\\Windows\\win.ini",
    "/etc/passwd",
    "/tmp/../../root/.bashrc",
    "C:\\Windows\\System32\\drivers",
    "~/secret",
    "..",
    ".",
    "",
    "CON",
    "nul",
    "LPT1.txt",
    "com3",
    "a" * 2000,
    "ệ" * 400,
    "a/b/c",
    "x\x00y",
    "tab\tnew\nline\r",
    "\u202e evil \u202d",
    ".hidden",
    "trailing dots...",
    'quotes "<>|?*:',
]


@pytest.mark.parametrize("name", ESCAPES)
def test_slot_names_cannot_escape_the_folder(
    tiny_match: MakeMatch, save_folder: Path, tmp_path: Path, name: str
) -> None:
    outside_before = {p for p in tmp_path.rglob("*") if save_folder not in p.parents}
    path = store.save_match(tiny_match(), name)
    assert path.parent == save_folder
    assert path.resolve().parent == save_folder.resolve()
    assert path.name.startswith("slot-") and path.name.endswith(".json")
    stem = path.name[len("slot-") : -len(".json")]
    assert stem and stem == stem.strip(" ._")
    assert not {"/", "\\", "\x00", "\n", "\t", ":"} & set(stem)
    assert len(path.name.encode("utf-8")) + len(".bak") + 20 < 255
    assert stem.split(".")[0].strip().upper() not in {"CON", "NUL", "LPT1", "COM3"}
    assert path.is_file()
    assert {p for p in tmp_path.rglob("*") if save_folder not in p.parents} == outside_before
    assert store.load_match(path).log == tiny_match().log


def test_vietnamese_names_keep_their_letters() -> None:
    assert store.slot_path("Ván bài của Bình — ỷ ổ ữ").name == "slot-Ván bài của Bình — ỷ ổ ữ.json"
    # NFD input (macOS file dialogs) becomes NFC.
    assert store.slot_path("Va\u0301n").name == "slot-V\u00e1n.json"


def test_safe_stem_edge_cases() -> None:
    assert fmt.safe_stem("") == "save"
    assert fmt.safe_stem("../..") == "save"
    assert fmt.safe_stem("CON") == "CON-"
    assert fmt.safe_stem("aux.json") == "aux-.json"
    assert fmt.safe_stem("LPT1 .txt") == "LPT1-.txt"
    assert fmt.safe_stem("console") == "console"
    assert fmt.safe_stem("a//b") == "a_b"
    long = fmt.safe_stem("ệ" * 400)
    assert len(long.encode("utf-8")) <= fmt.STEM_MAX_BYTES
    assert set(long) == {"ệ"}  # cut on a character boundary


# --- listing ------------------------------------------------------------------


def test_list_saves_sorts_newest_first_and_includes_bad_files(
    tiny_match: MakeMatch, save_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)
    _freeze_clock(monkeypatch, base)
    store.save_match(tiny_match(steps=1), "oldest")
    _freeze_clock(monkeypatch, base + timedelta(hours=2))
    store.save_match(tiny_match(steps=2), "newest")
    _freeze_clock(monkeypatch, base + timedelta(hours=1))
    auto = store.autosave(tiny_match(steps=3))
    broken = save_folder / "slot-broken.json"
    broken.write_bytes(b'{"format": "banthe-save", "version": 1, "game": ')
    stamp = (base + timedelta(minutes=90)).timestamp()
    os.utime(broken, (stamp, stamp))
    (save_folder / "settings.json").write_text("{}", encoding="utf-8")
    (save_folder / "notes.txt").write_text("not a save", encoding="utf-8")

    infos = store.list_saves()
    assert [i.path.name for i in infos] == [
        "slot-newest.json",
        "slot-broken.json",
        auto.name,
        "slot-oldest.json",
    ]
    good = [i for i in infos if i.ok]
    assert [i.name for i in good] == ["newest", f"autosave-{TINY}", "oldest"]
    assert [i.kind for i in good] == ["slot", "autosave", "slot"]
    assert all(i.game == TINY for i in good)
    assert good[0].summary["seats"][1]["name"] == "Bình"
    bad = infos[1]
    assert bad.error is not None and bad.error.key == "saves.error.truncated"
    assert (bad.name, bad.kind) == ("broken", "slot")
    assert store.describe(bad, "vi") == bad.error.message("vi")


def test_list_saves_verifies_and_notices_edits(tiny_match: MakeMatch) -> None:
    path = store.save_match(tiny_match(steps=4), "edited later")
    assert store.list_saves()[0].ok
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["snapshot"]["scores"][0] += 100
    path.write_text(json.dumps(doc), encoding="utf-8")
    os.utime(path, ns=(1, 1))  # a different mtime invalidates the cached check
    [info] = store.list_saves()
    assert info.error is not None and info.error.key == "saves.error.snapshot"
    # Without verification only the structure is checked.
    assert store.list_saves(verify=False)[0].ok


def test_list_saves_never_raises_on_an_unusable_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("BANTHE_SAVE_DIR", str(blocker))
    assert store.list_saves() == []
    assert store.latest_autosave() is None


def test_start_up_sweeps_every_temp_file_and_nothing_else(
    save_folder: Path, tmp_path: Path
) -> None:
    # 13.7: an interrupted save's temp file goes at start-up, however fresh.
    stale = save_folder / ".slot-x.json.k2j3h4.tmp"
    fresh = save_folder / ".slot-y.json.a8b9c0.tmp"
    other = save_folder / ".notes.tmp"
    plain = save_folder / "slot-y.json.a8b9c0.tmp"  # not hidden: not ours
    for file in (stale, fresh, other, plain):
        file.write_bytes(b"partial")
    os.utime(stale, (1_000_000, 1_000_000))
    folder_like = save_folder / ".slot-d.json.zz.tmp"
    folder_like.mkdir()
    target = tmp_path / "precious.txt"
    target.write_text("keep", encoding="utf-8")
    link = save_folder / ".slot-l.json.qq.tmp"
    link.symlink_to(target)
    assert store.latest_autosave() is None  # what the title screen asks first
    assert not stale.exists() and not fresh.exists()
    assert other.exists() and plain.exists() and folder_like.is_dir()
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "keep"
    # Only once per process: a temp appearing later (a save in progress) stays.
    late = save_folder / ".slot-z.json.x1.tmp"
    late.write_bytes(b"writing")
    assert store.list_saves() == []
    assert late.exists()


def test_latest_autosave_ignores_broken_ones(
    tiny_match: MakeMatch, save_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(game._MODULES, "tiny2", "saves_tiny_game")
    monkeypatch.setitem(game._cache, "tiny2", TinyRules())
    assert store.latest_autosave() is None
    base = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    _freeze_clock(monkeypatch, base)
    good = store.autosave(tiny_match(steps=3))
    _freeze_clock(monkeypatch, base + timedelta(hours=1))
    other = play(new_match("tiny2", TINY_CONFIG, 11), 2)
    newer = store.autosave(other)
    assert store.latest_autosave().path == newer  # type: ignore[union-attr]

    # The newer one gets edited (snapshot no longer matches): skip it.
    doc = json.loads(newer.read_text(encoding="utf-8"))
    doc["snapshot"]["pile"].reverse()
    newer.write_text(json.dumps(doc), encoding="utf-8")
    # A truncated autosave with a fresh mtime, and a newer slot save: both ignored.
    (save_folder / "autosave-tiny3.json").write_bytes(good.read_bytes()[:100])
    _freeze_clock(monkeypatch, base + timedelta(hours=3))
    store.save_match(tiny_match(), "a slot, not an autosave")
    latest = store.latest_autosave()
    assert latest is not None and latest.path == good and latest.kind == "autosave"
    assert store.load_match(latest.path).log == tiny_match(steps=3).log

    good.write_bytes(b"")
    assert store.latest_autosave() is None


def test_autosave_is_one_file_per_match_with_backup(
    tiny_match: MakeMatch, save_folder: Path
) -> None:
    match = tiny_match(steps=1)
    path = store.autosave(match)
    assert path.parent == save_folder and path.name.startswith(f"autosave-{TINY}-")
    first = path.read_bytes()
    play(match, 1, seed=3)
    assert store.autosave(match) == path
    assert path.with_name(path.name + ".bak").read_bytes() == first
    assert sorted(p.name for p in save_folder.iterdir()) == [path.name, path.name + ".bak"]
    assert store.load_match(path).log == match.log


# --- deleting -----------------------------------------------------------------


def test_delete_removes_save_and_backup(tiny_match: MakeMatch, save_folder: Path) -> None:
    path = store.save_match(tiny_match(), "to delete")
    store.save_match(tiny_match(steps=2), "to delete")
    store.delete_save(path)
    assert list(save_folder.iterdir()) == []
    with pytest.raises(SaveError) as err:
        store.delete_save(path)
    assert err.value.key == "saves.error.missing"


def test_delete_refuses_paths_outside_the_folder(save_folder: Path, tmp_path: Path) -> None:
    victim = tmp_path / "precious.json"
    victim.write_text("{}", encoding="utf-8")
    sub = save_folder / "sub"
    sub.mkdir()
    (sub / "x.json").write_text("{}", encoding="utf-8")
    attempts = [
        victim,
        save_folder / ".." / "precious.json",
        str(victim),
        sub / "x.json",
        save_folder,
        Path(""),
        save_folder / "..",
    ]
    for attempt in attempts:
        with pytest.raises(SaveError) as err:
            store.delete_save(attempt)
        assert err.value.key == "saves.error.outside", attempt
    assert victim.read_text(encoding="utf-8") == "{}"
    assert (sub / "x.json").exists()


def test_delete_refuses_settings_folders_and_non_saves(save_folder: Path) -> None:
    (save_folder / "settings.json").write_text("{}", encoding="utf-8")
    (save_folder / "readme.txt").write_text("hi", encoding="utf-8")
    (save_folder / "folder.json").mkdir()
    cases = {
        "settings.json": "saves.error.not_deletable",
        "readme.txt": "saves.error.not_deletable",
        "folder.json": "saves.error.is_dir",
    }
    for name, key in cases.items():
        with pytest.raises(SaveError) as err:
            store.delete_save(save_folder / name)
        assert err.value.key == key
        assert (save_folder / name).exists()


def test_delete_of_a_symlink_removes_only_the_link(save_folder: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.json"
    target.write_text("{}", encoding="utf-8")
    link = save_folder / "slot-link.json"
    link.symlink_to(target)
    store.delete_save(link)
    assert not link.is_symlink()
    assert target.read_text(encoding="utf-8") == "{}"


# --- errors and messages ------------------------------------------------------


def test_save_error_messages_and_cli_format(save_folder: Path) -> None:
    missing = save_folder / "slot-gone.json"
    with pytest.raises(SaveError) as err:
        store.load_match(missing)
    exc = err.value
    assert exc.path == missing
    assert (
        str(exc)
        == exc.message("en")
        == ("The save file does not exist (it may have been deleted or renamed).")
    )
    assert store.format_error(exc, "en") == (
        f"Cannot load the save “{missing}”: The save file does not exist"
        " (it may have been deleted or renamed)."
    )
    assert store.format_error(exc, "vi").startswith(f"Không mở được bản lưu “{missing}”: ")
    assert "Không tìm thấy tệp lưu" in store.format_error(exc, "vi")
    clone = pickle.loads(pickle.dumps(exc))
    assert (clone.key, clone.path, clone.params) == (exc.key, exc.path, exc.params)


def test_write_failures_become_save_errors_and_keep_the_old_file(
    tiny_match: MakeMatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = store.save_match(tiny_match(), "keep")
    before = path.read_bytes()

    def denied(*_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store, "write_atomic", denied)
    with pytest.raises(SaveError) as err:
        store.save_match(tiny_match(steps=3), "keep")
    assert err.value.key == "saves.error.write_permission"

    def full(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "write_atomic", full)
    with pytest.raises(SaveError) as err:
        store.autosave(tiny_match(steps=3))
    assert err.value.key == "saves.error.write_failed"
    assert "No space left on device" in err.value.message("vi")
    assert path.read_bytes() == before


def test_refuses_to_write_a_save_it_could_not_load(
    tiny_match: MakeMatch, save_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "MAX_BYTES", 100)
    with pytest.raises(SaveError) as err:
        store.save_match(tiny_match(), "huge")
    assert err.value.key == "saves.error.too_large"
    assert list(save_folder.iterdir()) == []


def test_describe_lists_round_scores_and_turn(tiny_match: MakeMatch) -> None:
    match = tiny_match(steps=2)
    info = store.read_info(store.save_match(match, "x"))
    scores = match.state.scores
    assert store.describe(info, "vi") == (
        f"Vòng {match.state.round} · An {scores[0]}, Bình {scores[1]} · Lượt của An"
    )
    assert store.describe(info, "en").startswith(f"Round {match.state.round} · An ")


def test_saves_never_import_pygame() -> None:
    """main.py, `python -m game replay` and the AI worker import saves without
    a window; APP_VERSION must be importable without pygame."""
    code = (
        "import sys, saves.store, saves.format, saves.settings\n"
        "assert 'pygame' not in sys.modules, 'pygame imported'\n"
        "print(saves.format.APP_VERSION)"
    )
    root = Path(store.__file__).resolve().parents[1]
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == APP_VERSION


def test_list_saves_skips_files_deleted_while_listing(
    tiny_match: MakeMatch, save_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = store.save_match(tiny_match(), "kept")
    gone = store.save_match(tiny_match(), "gone")
    dangling = save_folder / "slot-dangling.json"
    dangling.symlink_to(save_folder / "nowhere.json")
    real_read_info = store.read_info

    def racing_read_info(path: Path, *, verify: bool = True) -> store.SaveInfo:
        if Path(path) == gone:
            gone.unlink()  # another window deletes it right now
        return real_read_info(path, verify=verify)

    monkeypatch.setattr(store, "read_info", racing_read_info)
    infos = {i.path: i for i in store.list_saves()}
    assert set(infos) == {kept, dangling}
    assert infos[dangling].error is not None
    assert infos[dangling].error.key == "saves.error.missing"


def test_continue_skips_a_finished_game(tiny_match: MakeMatch) -> None:
    over = tiny_match(steps=10_000)  # played to the end
    assert over.to_move is None
    store.autosave(over)
    assert store.latest_autosave() is None
    assert [i.summary.get("to_move") for i in store.list_saves()] == [None]
