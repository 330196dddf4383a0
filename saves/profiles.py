"""Player profiles for Sử Hộ Vương's Story mode (Cốt truyện), one JSON file each in
``<save dir>/profiles`` (the user data folder, ``saves.paths``).

::

    {"format": "banthe-profile", "version": 1, "name": "An",
     "created": "2026-12-01T01:00:00+00:00",
     "story": {"beaten": ["ngu_tinh"], "fights": 3, "wins": 1,
               "pending": {"boss": "ho_tinh_cuu_vi", "seed": 123}}}

* Written atomically (``saves.atomic.write_atomic``: temp file, fsync, rename, the
  previous file kept as ``.bak``).
* A file that does not read (bad JSON, wrong format, bad fields) is **never**
  overwritten or deleted: :func:`list_profiles` reports it as a
  :class:`ProfileProblem` (a translation key and the path) and a new profile never
  takes its file name.
* The next boss is unlocked by a win: :func:`unlocked` (the first boss always).
* ``pending`` names the fight started last (:func:`start_fight`), so a fight saved,
  closed and finished later from Continue/Load is still recorded (``scenes.story``).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core import files
from saves import paths
from saves.atomic import write_atomic
from saves.format import clean_name

FORMAT = "banthe-profile"
VERSION = 1
NAME_MAX = 16
SUFFIX = ".json"


class ProfileError(Exception):
    """A profile that cannot be read or written: ``key`` (story.error.*) and params."""

    def __init__(self, key: str, path: Path | None = None, **params: Any) -> None:
        super().__init__(f"{key} {path or ''} {params}")
        self.key = key
        self.path = path
        self.params = {"path": str(path or ""), **params}


@dataclass
class Profile:
    name: str
    path: Path
    beaten: list[str] = field(default_factory=list)  # bosses won, in the order won
    fights: int = 0
    wins: int = 0
    created: str = ""
    pending: dict[str, Any] | None = None  # the fight started last: {"boss", "seed"}

    def to_json(self) -> dict[str, Any]:
        story = {"beaten": list(self.beaten), "fights": self.fights, "wins": self.wins,
                 "pending": dict(self.pending) if self.pending else None}  # fmt: skip
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "created": self.created,
            "story": story,
        }


@dataclass(frozen=True)
class ProfileProblem:
    """A profile file that did not load: shown to the player, the file kept."""

    path: Path
    key: str
    params: dict[str, Any]


def folder() -> Path:
    out = paths.save_dir() / "profiles"
    out.mkdir(parents=True, exist_ok=True)
    return out


def file_stem(name: str) -> str:
    """A file name for ``name``: its letters and digits (diacritics kept), other
    characters as ``_``; never empty."""
    text = unicodedata.normalize("NFC", name).strip().lower()
    stem = "".join(ch if ch.isalnum() else "_" for ch in text).strip("_")
    return stem[:40] or "profile"


COUNT_MAX = 10**9
"""The largest fight or win count a profile may hold (issue 37: numbers range-checked)."""

MAX_BYTES = 256 * 1024
"""The largest profile file read (the program writes well under 1 KB)."""


def _int(value: Any) -> int:
    count = files.int_in(value, 0, COUNT_MAX)
    if count is None:
        raise ValueError("bad count")
    return count


def parse(data: Any, path: Path) -> Profile:
    """A profile from its JSON; ProfileError(story.error.corrupt) for anything else."""
    try:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a profile")
        if data.get("version") != VERSION:
            raise ValueError("unknown version")
        name = data.get("name")
        if not isinstance(name, str) or not clean_name(name, NAME_MAX):
            raise ValueError("bad name")
        story = data.get("story")
        if not isinstance(story, dict):
            raise ValueError("no story")
        beaten = story.get("beaten")
        if not isinstance(beaten, list) or not all(isinstance(b, str) for b in beaten):
            raise ValueError("bad beaten list")
        created = data.get("created", "")
        pending = story.get("pending")
        if pending is not None and not (
            isinstance(pending, dict)
            and isinstance(pending.get("boss"), str)
            and isinstance(pending.get("seed"), int)
            and not isinstance(pending.get("seed"), bool)
        ):
            raise ValueError("bad pending fight")
        return Profile(
            pending={"boss": pending["boss"], "seed": pending["seed"]} if pending else None,
            name=clean_name(name, NAME_MAX),
            path=path,
            beaten=list(dict.fromkeys(beaten)),
            fights=_int(story.get("fights", 0)),
            wins=_int(story.get("wins", 0)),
            created=created if isinstance(created, str) else "",
        )
    except ValueError as exc:
        raise ProfileError("story.error.corrupt", path, reason=str(exc)) from exc


_UNOPENED = ("missing", "permission", "is_dir", "not_file", "outside", "too_large", "unreadable")


def load(path: Path, root: Path | None = None) -> Profile:
    """A profile file through the one bounded reader (``game.core.files``):
    a pipe, a device, a folder, a link out of ``root`` or a file over
    ``MAX_BYTES`` is refused at once; ProfileError for every problem."""
    try:
        data = files.read_json(path, limit=MAX_BYTES, root=root)
    except files.ReadError as exc:
        if exc.code in _UNOPENED:
            raise ProfileError("story.error.unreadable", Path(path), reason=exc.code) from exc
        raise ProfileError("story.error.corrupt", Path(path), reason=f"JSON: {exc.code}") from exc
    return parse(data, Path(path))


def list_profiles() -> tuple[list[Profile], list[ProfileProblem]]:
    """Every profile, by name; and every file that did not load (kept as it is)."""
    good: list[Profile] = []
    bad: list[ProfileProblem] = []
    where = folder()
    for path in sorted(where.glob(f"*{SUFFIX}")):
        try:
            good.append(load(path, where))
        except ProfileError as exc:
            bad.append(ProfileProblem(path, exc.key, exc.params))
    good.sort(key=lambda p: p.name.lower())
    return good, bad


def save(profile: Profile) -> None:
    data = json.dumps(profile.to_json(), ensure_ascii=False, indent=2) + "\n"
    try:
        write_atomic(profile.path, data.encode("utf-8"))
    except OSError as exc:
        raise ProfileError("story.error.write", profile.path, reason=str(exc)) from exc


def create(name: str) -> Profile:
    """A new profile saved at once; ProfileError for an empty or taken name.  A
    file already there (a profile of that name, or a corrupt file) is never
    replaced: a free file name is found beside it."""
    shown = clean_name(name, NAME_MAX)
    if not shown:
        raise ProfileError("story.error.empty_name")
    good, _ = list_profiles()
    if any(p.name.lower() == shown.lower() for p in good):
        raise ProfileError("story.error.taken", name=shown)
    stem = file_stem(shown)
    path = folder() / f"{stem}{SUFFIX}"
    n = 2
    while path.exists() or path.with_name(path.name + ".bak").exists():
        path = folder() / f"{stem}-{n}{SUFFIX}"
        n += 1
    profile = Profile(name=shown, path=path, created=datetime.now(UTC).isoformat())
    save(profile)
    return profile


def unlocked(profile: Profile, order: Sequence[str]) -> list[str]:
    """The bosses this profile may fight: the first, and each one after a boss it
    has beaten (a win unlocks the next)."""
    out = []
    for i, boss in enumerate(order):
        if i == 0 or order[i - 1] in profile.beaten:
            out.append(boss)
    return out


def start_fight(profile: Profile, boss: str, seed: int) -> None:
    """Remember the fight just started (a fight finished after the program was
    closed and its save continued is recorded from that save), and save."""
    profile.pending = {"boss": boss, "seed": seed}
    save(profile)


def record(profile: Profile, boss: str, won: bool) -> bool:
    """Record a Story fight's result and save; True when the win is new."""
    profile.pending = None
    profile.fights += 1
    new = False
    if won:
        profile.wins += 1
        new = boss not in profile.beaten
        if new:
            profile.beaten.append(boss)
    save(profile)
    return new
