"""The one bounded reader of a save file (``game.core.files``) with its problems
told as ``SaveError``: the bytes (a size limit, no pipe, no device, no link out of
the folder), UTF-8, and JSON as the save format allows it.  ``saves.store`` reads
every save through it (``read_document``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core import files
from saves.format import MAX_BYTES, SaveError


def megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f}"


def too_large(path: Path, size: int) -> SaveError:
    return SaveError(
        "saves.error.too_large", path, size=megabytes(size), limit=megabytes(MAX_BYTES)
    )


def save_error(exc: files.ReadError, path: Path) -> SaveError:
    """The save browser's message for a problem of the one bounded reader."""
    params = dict(exc.params)
    if exc.code == "too_large":
        return too_large(path, int(params.get("size", 0)))
    if exc.code in ("too_deep", "not_json"):
        return SaveError("saves.error.not_json", path, line=params.get("line", "?"),
                         column=params.get("column", "?"))  # fmt: skip
    if exc.code == "outside":
        return SaveError("saves.error.link_out", path)
    if exc.code == "unreadable":
        return SaveError("saves.error.unreadable", path, reason=params.get("reason", "?"))
    if exc.code == "not_utf8":
        return SaveError("saves.error.not_utf8", path, offset=params.get("offset", "?"))
    return SaveError(f"saves.error.{exc.code}", path)


def read_bytes(path: Path, root: Path | None = None) -> bytes:
    """The bytes of a regular file of at most ``MAX_BYTES`` (``game.core.files``:
    never waits on a pipe, never reads a device, a link out of ``root`` refused)."""
    try:
        return files.read_bytes(path, limit=MAX_BYTES, root=root)
    except files.ReadError as exc:
        raise save_error(exc, path) from exc


def decode(raw: bytes, path: Path) -> str:
    try:
        return files.decode(raw, path)
    except files.ReadError as exc:
        raise save_error(exc, path) from exc


def parse_json(text: str, path: Path) -> Any:
    """JSON as the save format allows it: no NaN or Infinity, no absurd
    nesting or numbers (SaveError ``not_json``), a cut-off file reported as
    ``truncated``."""
    try:
        return files.parse_json(text, path)
    except files.ReadError as exc:
        raise save_error(exc, path) from exc
