"""Bad save files: each gives a specific, translated reason and is left untouched.

design.md section 4: "A bad file (truncated, edited, other version, not ours)
gives a clear message in the UI and on the command line, and is never deleted
or overwritten."
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from saves_tiny_game import TINY, TINY_CONFIG, play

import assets
from game import new_match
from saves import format as fmt
from saves import store
from saves.format import SaveError

OLD_MTIME_NS = 1_600_000_000_123_456_789

Doc = dict[str, Any]


def _good_doc() -> tuple[Doc, bytes]:
    match = play(new_match(TINY, TINY_CONFIG, 4242), 6)
    path = store.save_match(match, "good")
    raw = path.read_bytes()
    path.unlink()
    return json.loads(raw), raw


def _edit(change: Callable[[Doc], None]) -> Callable[[Doc, bytes], bytes]:
    def build(doc: Doc, _raw: bytes) -> bytes:
        change(doc)
        return json.dumps(doc, ensure_ascii=False).encode("utf-8")

    return build


def _set(key: str, value: Any) -> Callable[[Doc, bytes], bytes]:
    return _edit(lambda d: d.__setitem__(key, value))


def _drop(key: str) -> Callable[[Doc, bytes], bytes]:
    return _edit(lambda d: d.pop(key))


def _bump_score(doc: Doc) -> None:
    doc["snapshot"]["scores"][0] += 5


def _swap_pile(doc: Doc) -> None:
    pile = doc["snapshot"]["pile"]
    pile[0], pile[-1] = pile[-1], pile[0]


def _cut_inside_string(_doc: Doc, raw: bytes) -> bytes:
    return raw[: raw.index("Bình".encode()) + 1]


def _cut_inside_a_letter(_doc: Doc, raw: bytes) -> bytes:
    return raw[: raw.index("Bình".encode()) + 2]  # half of the two bytes of "ì"


def _illegal_step(doc: Doc) -> None:
    doc["log"][2] = {"kind": "play", "seat": doc["log"][2]["seat"], "card": 999}


# (case id, bytes builder, expected key, expected params subset)
CASES: list[tuple[str, Callable[[Doc, bytes], bytes], str, dict[str, Any]]] = [
    ("empty", lambda d, r: b"", "saves.error.empty", {}),
    ("whitespace", lambda d, r: b"  \n\t\n", "saves.error.empty", {}),
    ("nul-filled after a crash", lambda d, r: b"\x00" * 4096, "saves.error.empty", {}),
    ("truncated half way", lambda d, r: r[: len(r) // 2], "saves.error.truncated", {}),
    ("truncated by one byte", lambda d, r: r.rstrip()[:-1], "saves.error.truncated", {}),
    ("truncated inside a string", _cut_inside_string, "saves.error.truncated", {}),
    ("truncated inside a letter", _cut_inside_a_letter, "saves.error.truncated", {}),
    ("plain text", lambda d, r: b"hello, not a save\n", "saves.error.not_json", {"line": 1}),
    ("json with junk", lambda d, r: r + b"\n}}garbage", "saves.error.not_json", {}),
    ("utf-16 text", lambda d, r: r.decode().encode("utf-16"), "saves.error.not_utf8", {}),
    ("latin-1 text", lambda d, r: r.decode().encode("latin-1"), "saves.error.not_utf8", {}),
    ("png image", lambda d, r: b"\x89PNG\r\n\x1a\n" + bytes(256), "saves.error.not_utf8", {}),
    ("json list", lambda d, r: b"[1, 2, 3]", "saves.error.foreign", {}),
    ("json string", lambda d, r: b'"banthe-save"', "saves.error.foreign", {}),
    ("foreign object", lambda d, r: b'{"name": "x", "version": 1}', "saves.error.foreign", {}),
    ("raw match json", _drop("format"), "saves.error.foreign", {}),
    ("other format", _set("format", "banthe-settings"), "saves.error.foreign", {}),
    ("newer version", _set("version", 7), "saves.error.newer", {"version": 7, "supported": 1}),
    ("older version", _set("version", 0), "saves.error.older", {"version": 0, "oldest": 1}),
    ("version missing", _drop("version"), "saves.error.missing_field", {"field": "version"}),
    ("version as text", _set("version", "1"), "saves.error.bad_field", {"field": "version"}),
    ("unknown game", _set("game", "chess"), "saves.error.unknown_game", {"game": "chess"}),
    ("log missing", _drop("log"), "saves.error.missing_field", {"field": "log"}),
    ("snapshot missing", _drop("snapshot"), "saves.error.missing_field", {"field": "snapshot"}),
    ("seed as text", _set("seed", "abc"), "saves.error.bad_field", {"field": "seed"}),
    ("seed as bool", _set("seed", True), "saves.error.bad_field", {"field": "seed"}),
    ("config as list", _set("config", []), "saves.error.bad_field", {"field": "config"}),
    ("game as number", _set("game", 3), "saves.error.bad_field", {"field": "game"}),
    ("barrier past the log", _set("barrier", 999), "saves.error.bad_field", {"field": "barrier"}),
    ("summary as list", _set("summary", []), "saves.error.bad_field", {"field": "summary"}),
    ("unknown kind", _set("kind", "cloud"), "saves.error.bad_field", {"field": "kind"}),
    ("log too long", _set("log", [{}] * 200_001), "saves.error.bad_field", {"field": "log"}),
    (
        "log entry not an action",
        _edit(lambda d: d["log"].__setitem__(1, {"seat": 0})),
        "saves.error.bad_action",
        {"step": 2, "total": 6},
    ),
    (
        "bad setup",
        _edit(lambda d: d["config"].__setitem__("players", 9)),
        "saves.error.bad_config",
        {},
    ),
    ("illegal action", _edit(_illegal_step), "saves.error.replay", {"step": 3, "total": 6}),
    ("edited score", _edit(_bump_score), "saves.error.snapshot", {}),
    ("edited draw pile", _edit(_swap_pile), "saves.error.snapshot", {}),
]


def _untouched_check(folder: Path, path: Path) -> Callable[[], None]:
    """Freeze the file's bytes and mtime and the folder's listing; return a
    function that asserts nothing changed."""
    if path.is_file():
        os.utime(path, ns=(OLD_MTIME_NS, OLD_MTIME_NS))
        raw = path.read_bytes()
        mtime = path.stat().st_mtime_ns
    names = sorted(p.name for p in folder.iterdir())

    def check() -> None:
        assert sorted(p.name for p in folder.iterdir()) == names
        if path.is_file():
            assert path.read_bytes() == raw
            assert path.stat().st_mtime_ns == mtime == OLD_MTIME_NS

    return check


def _assert_message(exc: SaveError, key: str, params: dict[str, Any]) -> None:
    assert exc.key == key, (exc.key, str(exc))
    for name, value in params.items():
        assert exc.params.get(name) == value, (name, exc.params)
    for lang in ("vi", "en"):
        text = exc.message(lang)
        assert text != key and "{" not in text, text
    assert exc.message("vi") != exc.message("en")
    assert str(exc) == exc.message("en")


@pytest.mark.parametrize(("case", "build", "key", "params"), CASES, ids=[case[0] for case in CASES])
def test_bad_file_gives_specific_reason_and_stays_untouched(
    save_folder: Path,
    case: str,
    build: Callable[[Doc, bytes], bytes],
    key: str,
    params: dict[str, Any],
) -> None:
    doc, raw = _good_doc()
    path = save_folder / "slot-bad.json"
    path.write_bytes(build(doc, raw))
    unchanged = _untouched_check(save_folder, path)

    with pytest.raises(SaveError) as err:
        store.load_match(path)
    _assert_message(err.value, key, params)
    assert err.value.path == path
    unchanged()

    [info] = store.list_saves()
    assert info.path == path and info.error is not None and info.error.key == key
    assert store.latest_autosave() is None
    unchanged()


def test_the_good_document_itself_loads(save_folder: Path) -> None:
    """Guard for the table above: the unedited bytes are a valid save."""
    doc, raw = _good_doc()
    path = save_folder / "slot-good.json"
    path.write_bytes(raw)
    assert store.load_match(path).log == play(new_match(TINY, TINY_CONFIG, 4242), 6).log
    path.write_bytes(_edit(lambda d: d.__setitem__("name", "renamed"))(doc, raw))
    assert store.load_match(path).seed == 4242  # the name is not part of the game


def test_missing_file(save_folder: Path) -> None:
    path = save_folder / "slot-nope.json"
    with pytest.raises(SaveError) as err:
        store.load_match(path)
    _assert_message(err.value, "saves.error.missing", {})
    with pytest.raises(SaveError) as err:
        store.load_match(save_folder / "slot-a.json" / "inner.json")
    assert err.value.key == "saves.error.missing"
    assert list(save_folder.iterdir()) == []


def test_directory_instead_of_a_file(save_folder: Path) -> None:
    path = save_folder / "slot-folder.json"
    path.mkdir()
    (path / "inside.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(SaveError) as err:
        store.load_match(path)
    _assert_message(err.value, "saves.error.is_dir", {})
    [info] = store.list_saves()
    assert info.error is not None and info.error.key == "saves.error.is_dir"
    assert (path / "inside.txt").read_text(encoding="utf-8") == "keep me"


def test_too_large_is_refused_without_reading(save_folder: Path) -> None:
    path = save_folder / "slot-huge.json"
    with path.open("wb") as fh:  # sparse: fast, takes no disk space
        fh.truncate(fmt.MAX_BYTES + 1)
    unchanged = _untouched_check(save_folder, path)
    with pytest.raises(SaveError) as err:
        store.load_match(path)
    _assert_message(err.value, "saves.error.too_large", {"limit": "20.0"})
    unchanged()
    assert store.list_saves()[0].error.key == "saves.error.too_large"  # type: ignore[union-attr]


def test_permission_denied(save_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _doc, raw = _good_doc()
    path = save_folder / "slot-locked.json"
    path.write_bytes(raw)
    unchanged = _untouched_check(save_folder, path)
    real_open = os.open

    def guarded_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(file) == path:  # root ignores chmod, so deny the read here
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(os, "open", guarded_open)
        with pytest.raises(SaveError) as err:
            store.load_match(path)
        [info] = store.list_saves()
    _assert_message(err.value, "saves.error.permission", {})
    assert info.error is not None and info.error.key == "saves.error.permission"
    unchanged()
    assert store.load_match(path).seed == 4242


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX only")
def test_named_pipe_is_not_opened(save_folder: Path) -> None:
    path = save_folder / "slot-pipe.json"
    os.mkfifo(path)
    with pytest.raises(SaveError) as err:  # opening it would block forever
        store.load_match(path)
    _assert_message(err.value, "saves.error.not_file", {})


def test_utf8_bom_is_accepted(save_folder: Path) -> None:
    """Windows editors add a byte-order mark; it is not a reason to refuse."""
    _doc, raw = _good_doc()
    path = save_folder / "slot-bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + raw)
    assert store.load_match(path).seed == 4242


def test_deep_nesting_is_not_json_not_a_crash(save_folder: Path) -> None:
    path = save_folder / "slot-deep.json"
    path.write_bytes(b"[" * 200_000 + b"]" * 200_000)
    with pytest.raises(SaveError) as err:
        store.load_match(path)
    assert err.value.key in ("saves.error.not_json", "saves.error.foreign")


# --- translations ---------------------------------------------------------------


def _flat(lang: str) -> dict[str, str]:
    data = json.loads(assets.path("i18n", lang, "saves.json").read_text(encoding="utf-8"))
    out: dict[str, str] = {}

    def walk(prefix: str, node: dict[str, Any]) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                walk(f"{prefix}.{key}", value)
            else:
                out[f"{prefix}.{key}"] = value

    walk("saves", data)
    return out


def test_every_error_key_is_translated_with_matching_fields() -> None:
    vi, en = _flat("vi"), _flat("en")
    assert vi.keys() == en.keys()
    for key in vi:
        assert unicodedata.normalize("NFC", vi[key]) == vi[key], key
        fields_vi = set(re.findall(r"{(\w+)}", vi[key]))
        assert fields_vi == set(re.findall(r"{(\w+)}", en[key])), key
    source = "".join(
        (Path(fmt.__file__).parent / name).read_text(encoding="utf-8")
        for name in ("format.py", "store.py")
    )
    used = set(re.findall(r'"(saves\.(?:error|label|cli|kind)\.\w+)"', source))
    assert used, "no keys found in the source"
    assert used <= vi.keys(), used - vi.keys()
