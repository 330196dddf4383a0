"""The save file format: version constants, ``SaveError`` and the pure checks.

No file I/O and no pygame here, so ``main.py``, ``python -m game replay`` and
tests can import the constants cheaply.  A save is one UTF-8 JSON object::

    {"format": "banthe-save", "version": 1, "app_version": "0.1.0",
     "saved_at": "2026-11-30T12:34:56+00:00", "kind": "slot" | "autosave",
     "name": "<slot name>", "game": "manasurge", "rules_version": "1",
     "content_hash": "<sha-256 of the card data>", "config": {...}, "seed": 123,
     "log": [<Action.to_json()>...], "barrier": 7, "snapshot": {...},
     "summary": {"round": 3, "scores": [...], "seats": [...], "to_move": 1}}

``rules_version`` and ``content_hash`` (``Rules.version``, ``Rules.content_hash()``)
are absent in saves written before they were recorded; such saves load as
before.  When a save no longer replays and either differs from the current
rules, the error says so (``saves.error.stale_*``, see ``diagnose``).

Loading trusts nothing in the file: every field is type-checked here, then the
log is replayed from the seed and compared with the snapshot (``saves.store``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import game
from game import new_match
from game.core.contract import Action
from game.core.match import SEAT_NAME_MAX, Match, unprintable
from game.i18n import t
from game.version import __version__

APP_VERSION = __version__
"""Version of the Bàn Thẻ program (written into every save; set in ``game/version.py``)."""

FORMAT = "banthe-save"
"""Marker that tells our saves from any other JSON file."""

VERSION = 1
"""Save format version this program writes and reads."""

OLDEST_VERSION = 1
"""Oldest save format version this program can still read."""

MAX_BYTES = 20 * 1024 * 1024
"""Files larger than this are refused without being read (a save is a few KB)."""

MAX_ACTIONS = 200_000
"""Longer logs are refused: replaying them would freeze the save browser (a
whole ManaSurge game is a few hundred actions)."""

KINDS = ("slot", "autosave")

SEED_BITS = 64
"""Seeds are at most this many bits, as ``Match.from_json`` requires (a larger
one is a bad field, not an illegal first action)."""

NAME_MAX_CHARS = 80
"""Slot names are shortened to this many characters."""

STEM_MAX_BYTES = 96
"""File-name stems are shortened to this many UTF-8 bytes (file systems allow 255)."""


class SaveError(Exception):
    """A save could not be read, written or deleted.

    ``key`` is a translation key in ``assets/i18n/<lang>/saves.json`` and
    ``params`` fill it, so the UI can say what is wrong in the player's
    language; ``str(exc)`` is the English message for logs and the command
    line; ``path`` is the file concerned (None when there is none).
    """

    def __init__(self, key: str, path: Path | None = None, **params: Any) -> None:
        self.key = key
        self.path = path
        self.params: dict[str, Any] = params
        super().__init__(self.message("en"))

    def message(self, lang: str) -> str:
        """The reason in ``lang`` (without the file name).  A parameter that is
        itself a SaveError (a detail of the reason) is rendered in ``lang`` too."""
        params = {
            name: value.message(lang) if isinstance(value, SaveError) else value
            for name, value in self.params.items()
        }
        return t(self.key, lang, **params)

    def __reduce__(self) -> tuple[Any, ...]:  # keep key/params across processes
        return (_rebuild_error, (self.key, self.path, self.params))


def _rebuild_error(key: str, path: Path | None, params: dict[str, Any]) -> SaveError:
    return SaveError(key, path, **params)


# --- names -------------------------------------------------------------------

SEAT_NAME_MAX_CHARS = SEAT_NAME_MAX
"""Seat names are at most this many characters: the seat-setup screen's name
field (``scenes.seats.MAX_NAME``) allows no more, so a longer one in a save was
not written by the program."""

_FORBIDDEN = frozenset('<>:"/\\|?*')
_WINDOWS_RESERVED = frozenset(
    ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
    + [f"COM{i}" for i in range(10)]
    + [f"LPT{i}" for i in range(10)]
)


_unprintable = unprintable
"""The one rule for every name (``game.core.match.unprintable``)."""


def clean_name(name: object, limit: int = NAME_MAX_CHARS) -> str:
    """A display name: NFC text on one line, every unprintable character
    (``_unprintable``) and run of spaces made one space, at most ``limit``
    characters (may be empty)."""
    text = unicodedata.normalize("NFC", str(name))
    text = "".join(" " if _unprintable(ch) else ch for ch in text)
    text = " ".join(text.split())
    return text[:limit].strip()


def name_problem(value: object, limit: int) -> str | None:
    """Why ``value`` is not a valid name as the program writes it (None if it
    is): not a string, not NFC, an unprintable character or longer than
    ``limit``.  Spacing is not judged (``clean_name`` tidies it for display),
    so every name the seat or save screen lets a player type passes."""
    if not isinstance(value, str):
        return "type"
    if len(value) > limit:
        return "length"
    if any(_unprintable(ch) for ch in value) or unicodedata.normalize("NFC", value) != value:
        return "characters"
    return None


def safe_stem(name: object) -> str:
    """A file-name stem made from ``name`` that is safe on every platform.

    Starts from ``clean_name`` (so no control, format or surrogate character
    survives); replaces path separators and characters Windows forbids with
    ``_``; drops leading and trailing dots, spaces and underscores (so ``..``
    and hidden files cannot happen); adds "-" to reserved Windows device names
    (CON, NUL...); shortens to ``STEM_MAX_BYTES`` UTF-8 bytes.  Never empty: a
    name with nothing usable gives ``"save"``.
    """
    text = clean_name(name, limit=STEM_MAX_BYTES)
    stem = "".join("_" if ch in _FORBIDDEN else ch for ch in text)
    stem = re.sub(r"_{2,}", "_", stem).strip(" ._")
    encoded = stem.encode("utf-8")
    if len(encoded) > STEM_MAX_BYTES:
        stem = encoded[:STEM_MAX_BYTES].decode("utf-8", "ignore").rstrip(" ._")
    if not stem:
        return "save"
    head, dot, tail = stem.partition(".")
    if head.strip().upper() in _WINDOWS_RESERVED:  # Windows ignores what follows the dot
        stem = f"{head.rstrip()}-{dot}{tail}"
    return stem


# --- writing -----------------------------------------------------------------


def now_utc() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def encode(match: Match, kind: str, name: str, saved_at: datetime | None = None) -> dict[str, Any]:
    """The whole save document for ``match`` (a JSON-ready dict)."""
    if kind not in KINDS:
        raise ValueError(f"save kind must be one of {KINDS}, not {kind!r}")
    body = match.to_json()
    summary: dict[str, Any] = dict(match.rules.summary(match.state))
    summary["seats"] = [{"name": seat.name, "control": seat.control} for seat in match.seats]
    summary["to_move"] = match.to_move
    return {
        "format": FORMAT,
        "version": VERSION,
        "app_version": APP_VERSION,
        "saved_at": (saved_at or now_utc()).isoformat(),
        "kind": kind,
        "name": name,
        "game": body["game"],
        "rules_version": body["rules_version"],
        "content_hash": body["content_hash"],
        "config": body["config"],
        "seed": body["seed"],
        "log": body["log"],
        "barrier": body["barrier"],
        "snapshot": body["snapshot"],
        "summary": summary,
    }


# --- reading -----------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_header(data: Any, path: Path | None = None) -> None:
    """Is this one of our saves, in a version we read?  Raises SaveError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("saves.error.foreign", path)
    version = data.get("version")
    if version is None:
        raise SaveError("saves.error.missing_field", path, field="version")
    if not _is_int(version):
        raise SaveError("saves.error.bad_field", path, field="version")
    app_version = data.get("app_version")
    app_version = clean_name(app_version, 40) if isinstance(app_version, str) else ""
    app_version = app_version or "?"
    if version > VERSION:
        raise SaveError(
            "saves.error.newer", path, version=version, app_version=app_version, supported=VERSION
        )
    if version < OLDEST_VERSION:
        raise SaveError(
            "saves.error.older",
            path,
            version=version,
            app_version=app_version,
            oldest=OLDEST_VERSION,
            supported=VERSION,
        )


_REQUIRED: tuple[tuple[str, str], ...] = (
    ("game", "str"),
    ("config", "dict"),
    ("seed", "seed"),
    ("log", "list"),
    ("snapshot", "dict"),
)


_OPTIONAL: tuple[tuple[str, str], ...] = (
    ("summary", "dict"),
    ("name", "str"),
    ("saved_at", "str"),
    ("rules_version", "str"),
    ("content_hash", "str"),
)


def _type_ok(value: Any, kind: str) -> bool:
    if kind == "str":
        return isinstance(value, str)
    if kind == "int":
        return _is_int(value)
    if kind == "seed":  # Match.from_json refuses a larger one too
        return _is_int(value) and abs(value).bit_length() <= SEED_BITS
    if kind == "list":
        return isinstance(value, list)
    return isinstance(value, dict)


def check_fields(data: Mapping[str, Any], path: Path | None = None) -> list[Action]:
    """Type-check the body of a save (after ``check_header``) and parse its log.

    Raises SaveError for a missing field, a wrong type, an unknown game or a
    log entry that is not an action.  Returns the parsed actions."""
    for field, kind in _REQUIRED:
        if field not in data:
            raise SaveError("saves.error.missing_field", path, field=field)
        if not _type_ok(data[field], kind):
            raise SaveError("saves.error.bad_field", path, field=field)
    for field, kind in _OPTIONAL:
        if field in data and not _type_ok(data[field], kind):
            raise SaveError("saves.error.bad_field", path, field=field)
    if "kind" in data and data["kind"] not in KINDS:
        raise SaveError("saves.error.bad_field", path, field="kind")
    if "saved_at" not in data:
        raise SaveError("saves.error.missing_field", path, field="saved_at")
    if parse_time(data["saved_at"]) is None:
        raise SaveError("saves.error.bad_field", path, field="saved_at")
    check_names(data, path)
    game_id = data["game"]
    if game_id not in game.ids(include_hidden=True):  # a hidden game (--game) loads too
        raise SaveError("saves.error.unknown_game", path, game=clean_name(game_id, 40))
    try:
        game.get(game_id)
    except Exception as exc:  # the game's package is missing or broken
        raise SaveError(
            "saves.error.game_unavailable", path, game=game_id, reason=str(exc)
        ) from exc
    log = data["log"]
    if len(log) > MAX_ACTIONS:
        raise SaveError("saves.error.bad_field", path, field="log")
    actions: list[Action] = []
    for index, entry in enumerate(log):
        try:
            actions.append(Action.from_json(entry))
        except (TypeError, ValueError) as exc:
            raise SaveError("saves.error.bad_action", path, step=index + 1, total=len(log)) from exc
    barrier = data.get("barrier", 0)
    if not _is_int(barrier) or not 0 <= barrier <= len(log):
        raise SaveError("saves.error.bad_field", path, field="barrier")
    return actions


def check_names(data: Mapping[str, Any], path: Path | None = None) -> None:
    """Every name a save brings in (the slot name, each seat's name in the
    config and in the summary) passes ``name_problem``; raises SaveError
    ``saves.error.bad_name`` naming the field otherwise.  A save the program
    wrote always passes, so this only refuses edited or hostile files."""
    fields: list[tuple[str, object, int]] = []
    if "name" in data:
        fields.append(("name", data["name"], NAME_MAX_CHARS))
    for where in ("config", "summary"):
        block = data.get(where)
        seats = block.get("seats") if isinstance(block, Mapping) else None
        if seats is None:
            continue
        if not isinstance(seats, list):
            raise SaveError("saves.error.bad_field", path, field=f"{where}.seats")
        for index, seat in enumerate(seats):
            if not isinstance(seat, Mapping):
                raise SaveError("saves.error.bad_field", path, field=f"{where}.seats")
            if "name" in seat:
                fields.append((f"{where}.seats[{index}].name", seat["name"], SEAT_NAME_MAX_CHARS))
    for field, value, limit in fields:
        if name_problem(value, limit) is not None:
            raise SaveError("saves.error.bad_name", path, field=field, limit=limit)


_EARLIEST = datetime(2, 1, 1, tzinfo=UTC)
_LATEST = datetime(9998, 12, 31, tzinfo=UTC)


def parse_time(value: Any) -> datetime | None:
    """``saved_at`` as an aware UTC datetime, or None if absent, malformed or
    so near the ends of the calendar that converting it to local time would
    overflow (year 9999 with a negative offset, year 1 with +14:00)."""
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        moment = datetime.fromisoformat(value)
        moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
        moment = moment.astimezone(UTC)
    except (ValueError, OverflowError):
        return None
    if not _EARLIEST <= moment <= _LATEST:
        return None
    return moment


def diagnose(data: Mapping[str, Any], actions: list[Action], path: Path | None) -> SaveError:
    """Why ``Match.from_json`` refused checked data: which step of the replay
    fails, or whether the snapshot differs.  When the save was made with
    another rules version or card set (``rules_version``/``content_hash``) and
    no longer replays, the reason says that first (``saves.error.stale_*``,
    the same verdict as the "saved with ..." message of ``Match.from_json``).
    Used only on the error path."""
    try:
        match = new_match(data["game"], data["config"], data["seed"])
    except Exception as exc:
        return SaveError("saves.error.bad_config", path, reason=_short(exc))
    total = len(actions)
    for index, action in enumerate(actions):
        try:
            match.apply(action)
        except Exception as exc:
            return _stale(
                data,
                match,
                SaveError(
                    "saves.error.replay",
                    path,
                    step=index + 1,
                    total=total,
                    action=_short(action),
                    reason=_short(exc),
                ),
            )
    try:
        same = match.snapshot() == data["snapshot"]
    except Exception as exc:
        return SaveError("saves.error.invalid", path, reason=_short(exc))
    if not same:
        return _stale(data, match, SaveError("saves.error.snapshot", path))
    return SaveError("saves.error.invalid", path, reason="Match.from_json refused the data")


def stale_parts(data: Mapping[str, Any], match: Match) -> tuple[str | None, bool]:
    """(the saved rules version if it differs from the current one, whether the
    saved content hash differs); absent fields (older saves) never differ."""
    version = data.get("rules_version")
    changed_version = (
        version if isinstance(version, str) and version != match.rules.version else None
    )
    digest = data.get("content_hash")
    changed_cards = isinstance(digest, str) and digest != match.rules.content_hash()
    return changed_version, changed_cards


def _stale(data: Mapping[str, Any], match: Match, error: SaveError) -> SaveError:
    """``error`` (a replay or snapshot failure) as the player-facing "made with
    other rules / another card set" reason when the save records either."""
    version, cards = stale_parts(data, match)
    if version is None and not cards:
        return error
    if error.key == "saves.error.replay":
        p = error.params
        detail = SaveError(
            "saves.error.stale_detail.replay", error.path, step=p["step"], total=p["total"]
        )
    else:
        detail = SaveError("saves.error.stale_detail.snapshot", error.path)
    saved, current = clean_name(version or "", 40) or "?", match.rules.version or "?"
    if version is not None and cards:
        return SaveError(
            "saves.error.stale_both", error.path, saved=saved, current=current, detail=detail
        )
    if version is not None:
        return SaveError(
            "saves.error.stale_version", error.path, saved=saved, current=current, detail=detail
        )
    return SaveError("saves.error.stale_cards", error.path, detail=detail)


def _short(value: object, limit: int = 160) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
