"""The one bounded reader, ``game.core.files`` (issue 37 class 1): regular files
only (a pipe, a device, a folder refused at once), a link out of the folder
refused, the size cap checked before reading, the nesting cap before parsing,
numbers range-checked; nothing read is ever changed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.core import files
from game.core.files import ReadError
from tests.timebox import timebox


def _code(path: Path, **kw: object) -> str:
    with timebox(2), pytest.raises(ReadError) as err:
        files.read_json(path, **{"limit": 1000, **kw})  # type: ignore[arg-type]
    return err.value.code


def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    assert _code(pipe) == "not_file"


def test_a_device_is_refused_without_reading(tmp_path: Path) -> None:
    assert _code(Path("/dev/zero")) == "not_file"
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    assert _code(link) == "not_file"


def test_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "d.json").mkdir()
    assert _code(tmp_path / "d.json") == "is_dir"


def test_a_link_out_of_the_folder_is_refused_and_one_inside_read(tmp_path: Path) -> None:
    outside = tmp_path / "secret.json"
    outside.write_text("{}")
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "link.json").symlink_to(outside)
    assert _code(folder / "link.json", root=folder) == "outside"
    (folder / "real.json").write_text('{"a": 1}')
    (folder / "inside.json").symlink_to(folder / "real.json")
    assert files.read_json(folder / "inside.json", limit=100, root=folder) == {"a": 1}
    assert outside.read_text() == "{}"


def test_the_size_cap_is_checked_before_reading(tmp_path: Path, monkeypatch) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as fh:
        fh.truncate(10**9)  # sparse: 1 GB that costs nothing
    monkeypatch.setattr(files, "_read_fd", lambda fd, limit: pytest.fail("read"))
    with pytest.raises(ReadError) as err:
        files.read_bytes(big, limit=1000)
    assert err.value.code == "too_large" and err.value.params["size"] == 10**9


def test_a_file_of_exactly_the_limit_is_read(tmp_path: Path) -> None:
    f = tmp_path / "f.json"
    f.write_bytes(b"[" + b" " * 98 + b"]")
    assert files.read_json(f, limit=100) == []


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"[" * 65 + b"]" * 65, "too_deep"),
        (b'{"a":' * 70 + b"1" + b"}" * 70, "too_deep"),
        (b"[NaN]", "not_json"),
        (b"[1e999]", "not_json"),
        (b"[" + b"9" * 41 + b"]", "not_json"),
        (b'{"a": [1, 2', "truncated"),
        (b"", "empty"),
        (b"\x00\x00\x00", "empty"),
        (b"\xff\xfe{}", "not_utf8"),
        (b"{]", "not_json"),
    ],
)
def test_bad_json_gets_its_code(tmp_path: Path, content: bytes, code: str) -> None:
    f = tmp_path / "x.json"
    f.write_bytes(content)
    assert _code(f) == code
    assert f.read_bytes() == content


def test_nesting_inside_strings_does_not_count(tmp_path: Path) -> None:
    f = tmp_path / "x.json"
    f.write_text('{"a": "' + "[" * 500 + '"}')
    assert files.read_json(f, limit=1000) == {"a": "[" * 500}


def test_missing_and_bad_paths(tmp_path: Path) -> None:
    assert _code(tmp_path / "none.json") == "missing"
    assert _code(Path(str(tmp_path) + "/a\0b")) == "unreadable"


def test_int_in_refuses_bools_and_out_of_range() -> None:
    assert files.int_in(5, 1, 10) == 5
    assert files.int_in(True, 0, 10) is None
    assert files.int_in(10**30, 1, 10) is None
    assert files.int_in(0, 1, 10) is None
    assert files.int_in("5", 1, 10) is None


def test_set_aside_renames_and_never_overwrites(tmp_path: Path) -> None:
    f = tmp_path / "settings.json"
    f.write_text("one")
    (tmp_path / "settings.json.bad-1").write_text("older")
    moved = files.set_aside(f)
    assert moved == tmp_path / "settings.json.bad-2"
    assert moved.read_text() == "one"
    assert (tmp_path / "settings.json.bad-1").read_text() == "older"
    assert not f.exists()
