"""User decks on disk: one small readable JSON file per deck (``Deck.to_json``).

The folder is the caller's (the shell passes ``<save folder>/decks/<game>``; ``game``
never knows where saves live).  A file that cannot be read as a deck of this game is
listed as unreadable with its reason and is never overwritten, renamed or deleted:
the player may want to fix it by hand.  Writes go to a temp file then replace the
target, so a crash never leaves half a deck.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from game.core import files
from game.decks.model import Deck, DeckError, Reason, from_json

SUFFIX = ".json"
MAX_BYTES = 64 * 1024
MAX_NAME = 32


@dataclass(frozen=True, slots=True)
class Stored:
    """One file of the folder: its deck, or why it cannot be read."""

    path: Path
    deck: Deck | None
    problem: Reason | None = None

    @property
    def key(self) -> str:
        """The seat screen's value for it (``user:<file name>``)."""
        return f"user:{self.path.name}"


def clean_name(name: str) -> str:
    """A deck name as stored: NFC, single spaces, at most ``MAX_NAME`` letters."""
    return " ".join(unicodedata.normalize("NFC", name).split())[:MAX_NAME]


def _stem(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name.replace("đ", "d").replace("Đ", "D"))
    ascii_ = plain.encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "_", ascii_).strip("_")[:40] or "deck"


def _file_reason(exc: files.ReadError, path: Path) -> Reason:
    if exc.code in ("missing", "is_dir"):
        return Reason("file.missing", {"path": str(path)})
    if exc.code == "too_large":
        return Reason("file.too_big", {"most": MAX_BYTES})
    if exc.code in ("not_file", "outside", "permission", "unreadable"):
        return Reason("file.unreadable", {"why": exc.code})
    return Reason("file.not_json")


def read(path: Path, game_id: str, root: Path | None = None) -> Deck:
    """The deck in ``path``; DeckError when it is not one (missing, too big, not
    a regular file, a link out of ``root``, not UTF-8 JSON, nested too deep,
    not a deck of ``game_id``).  Read through ``game.core.files``: never waits."""
    try:
        data = files.read_json(path, limit=MAX_BYTES, root=root)
    except files.ReadError as exc:
        raise DeckError([_file_reason(exc, path)]) from exc
    deck = from_json(data, game_id)
    deck.name = clean_name(deck.name) or path.stem
    return deck


class DeckStore:
    """The user decks of one game in ``folder`` (created on first write)."""

    def __init__(self, folder: Path, game_id: str) -> None:
        self.folder = folder
        self.game_id = game_id

    def entries(self) -> list[Stored]:
        """Every ``*.json`` file, readable or not, sorted by deck name then file."""
        try:
            paths = sorted(p for p in self.folder.iterdir() if p.name.endswith(SUFFIX))
        except OSError:
            return []
        out = []
        for path in paths:
            if path.name.startswith("."):
                continue
            try:
                out.append(Stored(path, read(path, self.game_id, self.folder)))
            except DeckError as exc:
                out.append(Stored(path, None, exc.reasons[0]))
        return sorted(out, key=lambda s: ((s.deck.name if s.deck else "\uffff").casefold(),
                                          s.path.name))  # fmt: skip

    def find(self, file_name: str) -> Stored | None:
        return next((s for s in self.entries() if s.path.name == file_name), None)

    def _free_path(self, name: str) -> Path:
        stem = _stem(name)
        path = self.folder / f"{stem}{SUFFIX}"
        n = 2
        while path.exists():
            path = self.folder / f"{stem}_{n}{SUFFIX}"
            n += 1
        return path

    def _writable(self, path: Path) -> None:
        """Refuse to overwrite a file that is not a readable deck of this game."""
        if path.exists():
            read(path, self.game_id)  # raises DeckError: leave that file alone

    def save(self, deck: Deck, path: Path | None = None) -> Path:
        """Write ``deck`` (to ``path``, or a new file named after the deck)."""
        deck.name = clean_name(deck.name) or "deck"
        self.folder.mkdir(parents=True, exist_ok=True)
        if path is None:
            path = self._free_path(deck.name)
        else:
            self._writable(path)
        text = json.dumps(deck.to_json(), ensure_ascii=False, indent=2) + "\n"
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=self.folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path

    def rename(self, path: Path, name: str) -> Deck:
        deck = read(path, self.game_id)
        deck.name = clean_name(name) or deck.name
        self.save(deck, path)
        return deck

    def duplicate(self, path: Path, name: str) -> Path:
        deck = read(path, self.game_id)
        return self.save(deck.copy(name))

    def delete_broken(self, path: Path) -> None:
        """Delete a file of the folder that does not read as a deck (the player
        asked, from its broken row; issue 37 class 8): only a ``*.json`` file or
        link directly in the folder (a link goes, never what it points to);
        DeckError for anything else, or for a file that does read as a deck."""
        if path.parent != self.folder or not path.name.endswith(SUFFIX):
            raise DeckError([Reason("file.missing", {"path": str(path)})])
        try:
            read(path, self.game_id, self.folder)
        except DeckError:
            pass
        else:
            raise DeckError([Reason("file.unreadable", {"why": "a readable deck"})])
        if path.is_dir() and not path.is_symlink():
            raise DeckError([Reason("file.unreadable", {"why": "a folder"})])
        try:
            path.unlink()
        except OSError as exc:
            raise DeckError([Reason("file.unreadable", {"why": exc.strerror or str(exc)})]) from exc

    def delete(self, path: Path) -> None:
        read(path, self.game_id)  # only a readable deck file of this game is ever removed
        path.unlink()
