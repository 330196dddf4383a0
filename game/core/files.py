"""The one bounded file reader (issue 37 class 1).

Every file the program reads at start-up or from a player's folders comes through
:func:`read_bytes` / :func:`read_json`:

* **regular files only** — opened with ``O_NONBLOCK`` (a named pipe never blocks)
  and judged on the *open descriptor* (a file swapped for a pipe or a device after a
  ``stat`` is still refused); a folder, a pipe, a device or a socket is refused at
  once;
* **inside its folder** — with ``root`` given, a link that leads out of that folder
  is refused before it is opened;
* **a size cap** checked from ``fstat`` before reading, and reading stops one byte
  past it (a file that grows while it is read);
* **a nesting cap** on the JSON (``MAX_DEPTH``), no ``NaN``/``Infinity``, no number
  longer than ``MAX_DIGITS``;
* numbers read from a file are range-checked with :func:`int_in` before use.

Problems are :class:`ReadError` with a stable ``code`` (``missing``,
``permission``, ``is_dir``, ``not_file``, ``outside``, ``too_large``, ``empty``,
``not_utf8``, ``truncated``, ``not_json``, ``too_deep``, ``unreadable``); each
caller maps the code to its own translated message.  Nothing here writes, renames
or deletes.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

MAX_DEPTH = 64
"""The deepest JSON nesting any file of the program needs (saves: about 12)."""

MAX_DIGITS = 40
"""The longest number any file of the program needs (a 64-bit seed is 20 digits)."""

CODES = (
    "missing",
    "permission",
    "is_dir",
    "not_file",
    "outside",
    "too_large",
    "empty",
    "not_utf8",
    "truncated",
    "not_json",
    "too_deep",
    "unreadable",
)


class ReadError(Exception):
    """A file that could not be read as asked: ``code`` (one of ``CODES``), the
    path and the details a message needs (``size``/``limit`` in bytes,
    ``line``/``column``, ``reason``, ``offset``)."""

    def __init__(self, code: str, path: Path | str, **params: Any) -> None:
        self.code = code
        self.path = Path(path) if not isinstance(path, Path) else path
        self.params = params
        detail = ", ".join(f"{k}={v}" for k, v in params.items())
        super().__init__(f"{self.path}: {code}" + (f" ({detail})" if detail else ""))


def _inside(path: Path, root: Path) -> bool:
    try:
        real = Path(os.path.realpath(path))
        base = Path(os.path.realpath(root))
    except ValueError:  # a NUL in the path: opening it says so
        return True
    except OSError:
        return False
    return real == base or base in real.parents


def _open_error(exc: OSError | ValueError, path: Path) -> ReadError:
    if isinstance(exc, FileNotFoundError | NotADirectoryError):
        return ReadError("missing", path)
    if isinstance(exc, PermissionError):
        return ReadError("permission", path)
    if isinstance(exc, IsADirectoryError):
        return ReadError("is_dir", path)
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return ReadError("unreadable", path, reason=reason)  # ValueError: NUL in the path


def _read_fd(fd: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        chunk = os.read(fd, min(1 << 20, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def read_bytes(path: Path | str, *, limit: int, root: Path | str | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    ``root``: the folder the file was listed in; a link leading out of it is
    refused (``outside``).  Raises :class:`ReadError`; never waits."""
    path = Path(path)
    if root is not None and not _inside(path, Path(root)):
        raise ReadError("outside", path, root=str(root))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as exc:
        raise _open_error(exc, path) from exc
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise ReadError("is_dir", path)
        if not stat.S_ISREG(info.st_mode):
            raise ReadError("not_file", path)
        if info.st_size > limit:
            raise ReadError("too_large", path, size=info.st_size, limit=limit)
        raw = _read_fd(fd, limit + 1)
    except OSError as exc:
        raise _open_error(exc, path) from exc
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise ReadError("too_large", path, size=len(raw), limit=limit)
    return raw


def decode(raw: bytes, path: Path | str) -> str:
    """UTF-8 text (a BOM accepted).  Empty (or only NULs and spaces) is ``empty``;
    a letter cut at the very end decodes what is whole (the JSON then reads as
    truncated); any other bad byte is ``not_utf8``."""
    if not raw.strip(b" \t\r\n\x00"):
        raise ReadError("empty", path)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.reason != "unexpected end of data":
            raise ReadError("not_utf8", path, offset=exc.start) from exc
        return raw[: exc.start].decode("utf-8-sig")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError("number too long")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise ValueError("number too long")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError("number out of range")
    return value


_STRING_RE = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS_RE = re.compile(r"[\[\]{}]")


def depth_of_text(text: str) -> int:
    """The deepest bracket nesting of a JSON text (strings left out), found
    without building anything."""
    depth = deepest = 0
    for match in _BRACKETS_RE.finditer(_STRING_RE.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _looks_truncated(text: str) -> bool:
    """True if ``text`` reads like the start of a JSON document cut short: an
    object or list left open, or a string left unterminated."""
    body = text.strip()
    if not body.startswith(("{", "[")):
        return False
    bare = _STRING_RE.sub("", body)
    if '"' in bare:
        return True
    return bare.count("{") + bare.count("[") - bare.count("}") - bare.count("]") > 0


def parse_json(
    text: str, path: Path | str, *, depth: int = MAX_DEPTH, constants: bool = False
) -> Any:
    """JSON with a nesting cap (``too_deep``, judged before parsing), no
    NaN/Infinity (unless ``constants``: a reader that range-checks every value
    itself) and no absurdly long numbers (``not_json``); a text cut short is
    ``truncated``."""
    if depth_of_text(text) > depth:
        raise ReadError("too_deep", path, limit=depth)
    try:
        return json.loads(
            text,
            parse_constant=float if constants else _reject_constant,
            parse_int=_int,
            parse_float=_float,
        )
    except json.JSONDecodeError as exc:
        if _looks_truncated(text):
            raise ReadError("truncated", path) from exc
        raise ReadError("not_json", path, line=exc.lineno, column=exc.colno) from exc
    except (ValueError, RecursionError) as exc:
        raise ReadError("not_json", path, line="?", column="?", reason=str(exc)) from exc


def read_json(
    path: Path | str,
    *,
    limit: int,
    depth: int = MAX_DEPTH,
    root: Path | str | None = None,
    constants: bool = False,
) -> Any:
    """:func:`read_bytes`, :func:`decode` and :func:`parse_json` in one."""
    text = decode(read_bytes(path, limit=limit, root=root), path)
    return parse_json(text, path, depth=depth, constants=constants)


ASSET_BYTES = 8 * 1024 * 1024
"""The largest data file of the installation read (the largest today is 84 KB)."""


def read_asset(path: Path | str) -> Any:
    """A JSON data file of the installation (card data, texts, decks, guides,
    puzzles) through the same bounded reader: a damaged installation gives a
    :class:`ReadError` naming the file, never a wait."""
    return read_json(path, limit=ASSET_BYTES)


def int_in(value: Any, low: int, high: int) -> int | None:
    """``value`` if it is an int (never a bool) within ``low..high``, else None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if low <= value <= high else None


def set_aside(path: Path | str, tag: str = "bad") -> Path | None:
    """Move a bad file out of the way (``name.<tag>-<n>``), never deleting it;
    returns where it went, or None when it could not be moved."""
    path = Path(path)
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.{tag}-{n}")
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)
        except OSError:
            return None
        return target
    return None
