"""Hostile and corrupt save files (issue 13.13): one verdict everywhere, bytes unchanged.

Each case is a file in the save folder built from a real ManaSurge save.  The
game (``store.load_match``: ``main.py --load`` and the Load button), the save
browser (``store.list_saves`` + ``store.describe``: the load screen's reason
text) and the command line (``python -m game replay``, through its entry point
``game.__main__.main``) must all refuse it with the same reason, in one line,
in Vietnamese and English, and leave the file (and anything a link points to)
byte-for-byte unchanged.  The load screen then draws all of them at once under
the SDL dummy driver.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

import game
from game import new_match
from game.__main__ import main as game_main
from game.core.rng import Rng
from saves import format as fmt
from saves import store
from saves.format import SaveError

GAME = "manasurge"
Doc = dict[str, Any]
Build = Callable[[Doc, bytes, Path], None]
"""Writes the hostile entry at the given path from the good document and its bytes."""


def _good() -> tuple[Doc, bytes]:
    config = game.info(GAME).default_config(None, 3, names=["Ánh", "Bình", "Chi"])
    match = new_match(GAME, config, seed=131313)
    rng = Rng(13)
    for _ in range(12):
        match.apply(rng.choice(match.legal_actions()))
    doc = fmt.encode(match, "slot", "Ván của Bình")
    raw = json.dumps(doc, ensure_ascii=False, allow_nan=False, indent=1).encode("utf-8")
    return doc, raw


# --- builders -----------------------------------------------------------------


def _bytes(make: Callable[[Doc, bytes], bytes]) -> Build:
    def build(doc: Doc, raw: bytes, path: Path) -> None:
        path.write_bytes(make(copy.deepcopy(doc), raw))

    return build


def _edit(change: Callable[[Doc], Any]) -> Build:
    def make(doc: Doc, _raw: bytes) -> bytes:
        change(doc)
        return json.dumps(doc, ensure_ascii=False).encode("utf-8")

    return _bytes(make)


def _text(make: Callable[[Doc], str]) -> Build:
    """A document written as JSON text by hand (for what ``json.dumps`` cannot write)."""
    return _bytes(lambda doc, _raw: make(doc).encode("utf-8"))


def _flip(at: Callable[[bytes], int], bit: int) -> Build:
    def make(_doc: Doc, raw: bytes) -> bytes:
        data = bytearray(raw)
        data[at(raw)] ^= 1 << bit
        return bytes(data)

    return _bytes(make)


def _log_entry(index: int, entry: Any) -> Build:
    return _edit(lambda d: d["log"].__setitem__(index, entry))


def _wrong_seat(doc: Doc) -> None:
    first = doc["log"][0]
    first["seat"] = (first["seat"] + 1) % 3


def _set_seat_name(name: str) -> Build:
    return _edit(lambda d: d["config"]["seats"][1].__setitem__("name", name))


def _with_raw(name: str, value: str) -> Build:
    """The good document with ``"name": <value>`` spliced in as raw JSON text."""

    def make(doc: Doc) -> str:
        doc[name] = "@@"
        return json.dumps(doc, ensure_ascii=False).replace('"@@"', value)

    return _text(make)


def _dir(_doc: Doc, _raw: bytes, path: Path) -> None:
    path.mkdir()
    (path / "inside.json").write_text("{}", encoding="utf-8")


def _fifo(_doc: Doc, _raw: bytes, path: Path) -> None:
    os.mkfifo(path)


def _huge(_doc: Doc, _raw: bytes, path: Path) -> None:
    with path.open("wb") as fh:  # sparse: no disk space, never read
        fh.truncate(fmt.MAX_BYTES + 1)


def _link_to(make_target: Callable[[Path, bytes], Path]) -> Build:
    """A symbolic link in the save folder to something outside it."""

    def build(_doc: Doc, raw: bytes, path: Path) -> None:
        outside = path.parent.parent / "outside"
        outside.mkdir(exist_ok=True)
        path.symlink_to(make_target(outside / path.stem, raw))

    return build


def _outside_text(target: Path, _raw: bytes) -> Path:
    target.write_text("root:x:0:0:secret\n", encoding="utf-8")
    return target


def _outside_dir(target: Path, _raw: bytes) -> Path:
    target.mkdir()
    return target


def _outside_missing(target: Path, _raw: bytes) -> Path:
    return target  # never created: a dangling link


def _dev_zero(_target: Path, _raw: bytes) -> Path:
    return Path("/dev/zero")


def _outside_fifo(target: Path, _raw: bytes) -> Path:
    os.mkfifo(target)
    return target


def _edited_card(doc: Doc) -> None:
    hand = doc["snapshot"]["hands"][0]
    hand[0] = "no-such-card"


# (case, builder, key, exit code of `python -m game replay`)
CASES: list[tuple[str, Build, str, int]] = [
    ("empty", _bytes(lambda d, r: b""), "saves.error.empty", 2),
    ("nul block after a crash", _bytes(lambda d, r: bytes(8192)), "saves.error.empty", 2),
    ("truncated half way", _bytes(lambda d, r: r[: len(r) // 2]), "saves.error.truncated", 2),
    ("truncated last byte", _bytes(lambda d, r: r[:-1]), "saves.error.truncated", 2),
    (
        "truncated inside a letter",
        _bytes(lambda d, r: r[: r.index("Bình".encode()) + 2]),
        "saves.error.truncated",
        2,
    ),
    ("bit flip in a brace", _flip(lambda r: 0, 0), "saves.error.not_json", 2),
    ("bit flip to a non-UTF-8 byte", _flip(lambda r: len(r) // 3, 7), "saves.error.not_utf8", 2),
    (
        "bit flip in the seed",
        _flip(lambda r: r.index(b'"seed": ') + 9, 0),
        "saves.error.replay",
        1,
    ),
    ("seed of 80 bits", _edit(lambda d: d.update(seed=2**80)), "saves.error.bad_field", 2),
    (
        "latin-1 text",
        _bytes(lambda d, r: r.decode().encode("latin-1", "replace")),
        "saves.error.not_utf8",
        2,
    ),
    ("utf-16 text", _bytes(lambda d, r: r.decode().encode("utf-16")), "saves.error.not_utf8", 2),
    (
        "bom and truncated",
        _bytes(lambda d, r: b"\xef\xbb\xbf" + r[:100]),
        "saves.error.truncated",
        2,
    ),
    (
        "balanced invalid json",
        _bytes(lambda d, r: b'{"format": "banthe-save",}'),
        "saves.error.not_json",
        2,
    ),
    ("json array", _bytes(lambda d, r: b"[1, 2, 3]"), "saves.error.foreign", 2),
    (
        "settings file",
        _bytes(lambda d, r: b'{"lang": "vi", "volume": 0.5}'),
        "saves.error.foreign",
        2,
    ),
    ("newer version", _edit(lambda d: d.update(version=99)), "saves.error.newer", 2),
    ("older version", _edit(lambda d: d.update(version=0)), "saves.error.older", 2),
    ("version as bool", _edit(lambda d: d.update(version=True)), "saves.error.bad_field", 2),
    ("seed as text", _edit(lambda d: d.update(seed="131313")), "saves.error.bad_field", 2),
    ("log as object", _edit(lambda d: d.update(log={})), "saves.error.bad_field", 2),
    ("config as list", _edit(lambda d: d.update(config=[])), "saves.error.bad_field", 2),
    (
        "rules version as number",
        _edit(lambda d: d.update(rules_version=1)),
        "saves.error.bad_field",
        2,
    ),
    ("barrier past the log", _edit(lambda d: d.update(barrier=10**6)), "saves.error.bad_field", 2),
    ("barrier negative", _edit(lambda d: d.update(barrier=-1)), "saves.error.bad_field", 2),
    ("barrier infinity", _with_raw("barrier", "Infinity"), "saves.error.not_json", 2),
    ("seed NaN", _with_raw("seed", "NaN"), "saves.error.not_json", 2),
    ("seed minus infinity", _with_raw("seed", "-Infinity"), "saves.error.not_json", 2),
    ("seed of 5000 digits", _with_raw("seed", "9" * 5000), "saves.error.not_json", 2),
    (
        "deep nesting",
        _with_raw("summary", "[" * 100_000 + "]" * 100_000),
        "saves.error.not_json",
        2,
    ),
    (
        "year 9999 minus 5 hours",
        _edit(lambda d: d.update(saved_at="9999-12-31T23:00:00-05:00")),
        "saves.error.bad_field",
        2,
    ),
    ("saved_at missing", _edit(lambda d: d.pop("saved_at")), "saves.error.missing_field", 2),
    ("unknown kind", _edit(lambda d: d.update(kind="cloud")), "saves.error.bad_field", 2),
    (
        "unknown game",
        _edit(lambda d: d.update(game="chess\x1b[31m")),
        "saves.error.unknown_game",
        2,
    ),
    (
        "unknown action kind",
        _log_entry(0, {"kind": "teleport", "seat": 0}),
        "saves.error.replay",
        1,
    ),
    (
        "unknown card",
        _log_entry(0, {"kind": "play", "seat": 0, "card": 999}),
        "saves.error.replay",
        1,
    ),
    ("action by the wrong seat", _edit(_wrong_seat), "saves.error.replay", 1),
    ("seat as bool", _log_entry(0, {"kind": "pass", "seat": True}), "saves.error.bad_action", 2),
    ("seat out of range", _log_entry(0, {"kind": "pass", "seat": 7}), "saves.error.replay", 1),
    ("log entry not an action", _log_entry(1, [1, 2]), "saves.error.bad_action", 2),
    (
        "log too long",
        _edit(lambda d: d.update(log=[{}] * (fmt.MAX_ACTIONS + 1))),
        "saves.error.bad_field",
        2,
    ),
    ("unknown card in the snapshot", _edit(_edited_card), "saves.error.snapshot", 1),
    (
        "six players in a setup of three",
        _edit(lambda d: d["config"].update(players=60)),
        "saves.error.bad_config",
        2,
    ),
    (
        "escape sequence in the name",
        _edit(lambda d: d.update(name="\x1b]0;pwned\x07")),
        "saves.error.bad_name",
        2,
    ),
    ("lone surrogate in the name", _with_raw("name", '"V\\ud800n"'), "saves.error.bad_name", 2),
    ("nul in a seat name", _set_seat_name("B\x00nh"), "saves.error.bad_name", 2),
    ("right-to-left override", _set_seat_name("\u202enib"), "saves.error.bad_name", 2),
    ("10,000-letter seat name", _set_seat_name("B" * 10_000), "saves.error.bad_name", 2),
    ("huge file", _huge, "saves.error.too_large", 2),
    ("a directory", _dir, "saves.error.is_dir", 2),
    ("a named pipe", _fifo, "saves.error.not_file", 2),
    # issue 37 class 1: a link out of the save folder is never followed.
    ("link out to a text file", _link_to(_outside_text), "saves.error.link_out", 2),
    ("link out to a folder", _link_to(_outside_dir), "saves.error.link_out", 2),
    ("link out to a pipe", _link_to(_outside_fifo), "saves.error.link_out", 2),
    ("link to /dev/zero", _link_to(_dev_zero), "saves.error.link_out", 2),
    ("dangling link", _link_to(_outside_missing), "saves.error.link_out", 2),
]


def test_at_least_thirty_kinds() -> None:
    assert len(CASES) >= 30
    assert len({case for case, *_ in CASES}) == len(CASES)


# --- fingerprints -------------------------------------------------------------


def _fingerprint(path: Path) -> tuple[Any, ...]:
    """What must not change: the entry itself (type, bytes, mtime) and, for a
    link, what it points to."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return ("absent",)
    if stat.S_ISLNK(info.st_mode):
        target = Path(os.readlink(path))
        inner = _fingerprint(target) if target.is_absolute() else ("relative",)
        return ("link", str(target), inner)
    if stat.S_ISDIR(info.st_mode):
        return ("dir", tuple(sorted((p.name, _fingerprint(p)) for p in path.iterdir())))
    if stat.S_ISREG(info.st_mode):
        if info.st_size > fmt.MAX_BYTES:  # the sparse huge file: size and time are enough
            return ("file", info.st_size, info.st_mtime_ns)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        return ("file", digest, info.st_size, info.st_mtime_ns)
    return ("other", stat.S_IFMT(info.st_mode), info.st_mtime_ns)


def _folder_print(folder: Path) -> dict[str, tuple[Any, ...]]:
    return {p.name: _fingerprint(p) for p in folder.iterdir()}


def _slot(folder: Path, case: str) -> Path:
    return folder / f"slot-{fmt.safe_stem(case)}.json"


def _one_line(text: str) -> None:
    assert text and "\n" not in text.strip() and "Traceback" not in text, text
    assert "{" not in text and "\x1b" not in text and "\x00" not in text, text


def _replay_cli(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = game_main(["replay", str(path)])
    out = capsys.readouterr()
    return code, (out.out + out.err).strip()


# --- the test -----------------------------------------------------------------


@pytest.mark.parametrize(("case", "build", "key", "code"), CASES, ids=[c[0] for c in CASES])
def test_hostile_file_one_verdict_everywhere_bytes_unchanged(
    save_folder: Path,
    capsys: pytest.CaptureFixture[str],
    case: str,
    build: Build,
    key: str,
    code: int,
) -> None:
    doc, raw = _good()
    path = _slot(save_folder, case)
    build(doc, raw, path)
    before = _folder_print(save_folder)

    # The game: main.py --load and the Load button.
    with pytest.raises(SaveError) as err:
        store.load_match(path)
    game_error = err.value
    assert game_error.key == key, (game_error.key, str(game_error))
    for lang in ("vi", "en"):
        _one_line(game_error.message(lang))
        _one_line(store.format_error(game_error, lang))
    assert game_error.message("vi") != game_error.message("en")

    # The browser: the row the load screen greys, with the same reason.
    [info] = store.list_saves()
    assert info.path == path and info.error is not None and not info.ok
    assert info.error.key == key
    assert store.describe(info, "vi") == game_error.message("vi")
    assert store.latest_autosave() is None

    # The command: python -m game replay FILE (its entry point, in-process).
    exit_code, line = _replay_cli(path, capsys)
    assert exit_code == code, line
    _one_line(line)
    assert game_error.message("en") in line, (line, game_error.message("en"))

    assert _folder_print(save_folder) == before


def test_bom_loads_everywhere_and_a_link_out_to_a_good_save_is_refused(
    save_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A UTF-8 byte-order mark (Windows editors add one) is not refused.  A link
    to a good save kept elsewhere is (issue 37 class 1: nothing is read through a
    link out of the folder): the same verdict everywhere, and neither a save
    nor a delete ever touches the file it points to."""
    doc, raw = _good()
    bom = save_folder / "slot-bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + raw)
    outside = save_folder.parent / "elsewhere.json"
    outside.write_bytes(raw)
    link = save_folder / "slot-link.json"
    link.symlink_to(outside)
    before = _folder_print(save_folder)
    outside_before = _fingerprint(outside)
    assert store.load_match(bom).seed == doc["seed"]
    code, line = _replay_cli(bom, capsys)
    assert code == 0 and line.startswith("OK: manasurge"), line
    with pytest.raises(SaveError) as err:
        store.load_match(link)
    assert err.value.key == "saves.error.link_out"
    code, line = _replay_cli(link, capsys)
    assert code == 2
    infos = {i.path.name: i for i in store.list_saves()}
    assert infos["slot-bom.json"].ok
    assert infos["slot-link.json"].error is not None
    assert infos["slot-link.json"].error.key == "saves.error.link_out"
    assert _folder_print(save_folder) == before

    written = store.save_match(store.load_match(bom), "link")
    assert written != link and link.is_symlink()
    assert _fingerprint(outside) == outside_before
    store.delete_save(link)
    assert not os.path.lexists(link)
    assert _fingerprint(outside) == outside_before


def test_the_load_screen_draws_every_hostile_file_at_once(save_folder: Path) -> None:
    """All the cases in one folder: the load screen opens, lists and draws them
    (SDL dummy driver), every row greyed with its reason, nothing changed."""
    from scenes.saveload import SaveLoadScene, SlotRow
    from tests.shell.driver import Driver

    doc, raw = _good()
    expected = {}
    for case, build, key, _code in CASES:
        path = _slot(save_folder, case)
        build(doc, raw, path)
        expected[path.name] = key
    before = _folder_print(save_folder)
    d = Driver(size=(1024, 600))
    d.start(SaveLoadScene(d.app, "load"))
    surface = pygame.Surface((1024, 600))
    for _ in range(2):
        d.step()
        d.top.draw(surface)
    rows = [b for b in d.top.focus.buttons if isinstance(b, SlotRow)]
    assert {r.info.path.name: r.info.error.key for r in rows if r.info.error} == expected
    assert not any(r.enabled for r in rows)
    for row in rows:
        assert row.detail_lines()[1], row.info.path.name  # the reason is shown
    for _ in range(2):  # the end of the list
        d.top.scroll_by(100_000)
        d.top.draw(surface)
    assert _folder_print(save_folder) == before


def test_the_real_command_prints_one_clean_line(save_folder: Path) -> None:
    """``python -m game replay`` as a process: exit 2, one line on stderr, no
    escape sequence from the file reaches the terminal."""
    doc, raw = _good()
    path = _slot(save_folder, "escape")
    _edit(lambda d: d.update(game="\x1b]0;pwned\x07chess"))(doc, raw, path)
    before = _fingerprint(path)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    run = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert run.returncode == 2 and run.stdout == "", (run.stdout, run.stderr)
    [line] = run.stderr.splitlines()
    assert "\x1b" not in line and "\x07" not in line and "chess" in line
    assert _fingerprint(path) == before
