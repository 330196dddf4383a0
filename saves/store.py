"""Save slots and autosaves: where they live, writing, listing, loading, deleting.

* Files live in ``saves.paths.save_dir()``: slots are ``slot-<name>.json``
  (the name made safe by ``format.safe_stem``), autosaves are one file per
  match, ``autosave-<game>-<match id>.json`` (at most ``AUTOSAVE_KEEP`` per
  game: the oldest *finished* games go first, an unfinished one never).
* Temp files of an interrupted write are swept the first time the folder is
  used in a process (at start-up: the title screen lists autosaves).
* Every write goes through ``write_atomic``: a crash at any moment leaves the
  old file or the new one, and the previous version stays as ``<file>.bak``.
* ``use_background_writer()`` (the app calls it) moves autosave writes off the
  caller's thread onto one writer thread (``saves.writer``); every function here
  that reads, lists, loads, deletes or saves first waits for the pending writes,
  and ``flush_writes()`` waits for them before the app quits.
* A match loaded from a slot (or from an autosave outside the folder) goes on
  writing the autosave of the same match when the folder holds one (same game,
  seed and options, one log a prefix of the other), so loading a slot again and
  again never adds autosave files, and never writes over another game's.
* Loading checks everything (``saves.format``), replays the action log from the
  seed and compares the result with the stored snapshot.  Any problem raises
  ``SaveError`` with a translation key; the file is only ever read, never
  changed, moved or deleted.
* ``list_saves`` never raises: a bad file is listed with ``error`` set so the
  save browser can grey it out and say why.
"""

from __future__ import annotations

import json
import logging
import os
import re
import stat
import threading
import weakref
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game import i18n, match_from_json
from game.core.match import Match
from game.i18n import t
from saves import format as fmt
from saves.atomic import write_atomic
from saves.format import APP_VERSION, MAX_BYTES, SaveError
from saves.paths import save_dir
from saves.reader import decode, megabytes, parse_json, read_bytes
from saves.writer import Writer

__all__ = [
    "APP_VERSION",
    "SaveError",
    "SaveInfo",
    "autosave",
    "autosave_path",
    "delete_save",
    "flush_writes",
    "format_error",
    "list_saves",
    "load_match",
    "read_info",
    "save_match",
    "slot_path",
    "use_background_writer",
]

SLOT_PREFIX = "slot-"
log = logging.getLogger(__name__)

AUTOSAVE_PREFIX = "autosave-"
SUFFIX = ".json"
SETTINGS_NAME = "settings.json"
AUTOSAVE_KEEP = 12
"""Autosaves kept per game; above it the oldest finished games are deleted
(never an unfinished one: those stay until the player deletes them)."""

_TEMP_RE = re.compile(r"^\..+\.json\..+\.tmp$")


@dataclass
class SaveInfo:
    """One file of the save folder, as the save browser shows it."""

    path: Path
    name: str
    kind: str  # "slot" | "autosave"
    game: str
    saved_at: datetime
    summary: dict[str, Any] = field(default_factory=dict)
    error: SaveError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


# --- where -------------------------------------------------------------------


def slot_path(name: str) -> Path:
    """The file a slot called ``name`` is written to (always inside the save
    folder).  The save browser can check ``.exists()`` to confirm overwriting."""
    return save_dir() / f"{SLOT_PREFIX}{fmt.safe_stem(fmt.clean_name(name))}{SUFFIX}"


def autosave_path(game_id: str, match_id: str | None = None) -> Path:
    """The autosave file of one match (``match_id``), or the single legacy
    autosave of ``game_id`` written by earlier versions when it is None."""
    tail = f"-{fmt.safe_stem(match_id)}" if match_id else ""
    return save_dir() / f"{AUTOSAVE_PREFIX}{fmt.safe_stem(game_id)}{tail}{SUFFIX}"


# The autosave file of each live match: a match loaded from an autosave keeps
# writing to that file, a new match gets a new file on its first autosave.
_autosave_files: weakref.WeakKeyDictionary[Match, Path] = weakref.WeakKeyDictionary()


def _new_match_id() -> str:
    return f"{datetime.now().strftime('%Y%m%d-%H%M%S')}-{os.urandom(2).hex()}"


# --- background writes -------------------------------------------------------

_writer: Writer | None = None
_writer_lock = threading.Lock()


def use_background_writer(on: bool = True) -> Writer | None:
    """Write autosaves on one background thread from now on (``on``), or on the
    caller's thread again (after the pending writes are done).  Returns the
    writer in use.  The app turns it on; tests of this module leave it off."""
    global _writer
    with _writer_lock:
        if on and _writer is None:
            _writer = Writer()
        elif not on and _writer is not None:
            _writer.flush()
            _writer = None
        return _writer


def flush_writes(timeout: float | None = None) -> list[BaseException]:
    """Wait for every pending background write; returns (and forgets) the errors
    of writes nobody has been told about yet (the app logs them at quit)."""
    writer = _writer
    if writer is None:
        return []
    writer.flush(timeout)
    return writer.take_errors()


def _settle() -> None:
    """Let the pending writes finish before a file of the folder is used."""
    writer = _writer
    if writer is not None:
        writer.flush()


def autosave(match: Match) -> Path:
    """Write the autosave of ``match`` (one file per match, so starting a new
    game never replaces an unfinished one; the previous version of the file
    is kept as ``.bak``).  Then prunes the game's finished autosaves beyond
    ``AUTOSAVE_KEEP``.

    The document is built on the caller's thread (the match changes after the
    call); with the background writer on, the file work is queued (an older
    queued autosave of the same match is dropped) and the returned path is
    where it will be written.  A failure of the previous background write of
    this match is raised here, after the new write was queued."""
    _startup_sweep()
    path = _autosave_files.get(match) or autosave_path(match.game_id, _new_match_id())
    blob = _encode(path, fmt.encode(match, "autosave", f"{AUTOSAVE_PREFIX}{match.game_id}"))
    _autosave_files[match] = path
    ref = weakref.ref(match)
    game_id = match.game_id
    writer = _writer
    if writer is None:
        return _write_autosave(ref, game_id, path, blob)
    key = str(path)
    previous = writer.take_error(key)
    writer.submit(key, lambda: _write_autosave(ref, game_id, path, blob))
    if previous is not None:
        raise previous
    return path


# (path) -> (mtime_ns, size, inode) of the autosave this process last wrote
# there: such a file is ours and need not be read again before it is replaced.
_own_autosaves: dict[str, tuple[int, int, int]] = {}


def _stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.lstat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def _write_autosave(ref: weakref.ref[Match], game_id: str, path: Path, blob: bytes) -> Path:
    """The file work of one autosave (on the writer thread when it is on)."""
    stamp = _stamp(path)
    try:
        mine = stamp is not None and _own_autosaves.get(str(path)) == stamp
        final = path if mine else _writable(path)
    except OSError as exc:
        raise _write_error(exc, None) from exc
    _store(final, blob)
    if (written := _stamp(final)) is not None:
        _own_autosaves[str(final)] = written
    match = ref()
    if final != path and match is not None:
        _autosave_files[match] = final
    _prune_autosaves(game_id, keep=final)
    return final


_AUTOSAVE_NAME = re.compile(r"autosave-(.+)-\d{8}-\d{6}-[0-9a-f]{4}\.json\Z")
"""The name of an autosave this program writes (``autosave_path``)."""


def provably_finished(path: Path, game_id: str | None = None) -> SaveError | None:
    """None when ``path`` is a file this program writes (its own file name and
    format, this format version), reads fully and replays to its snapshot, and
    its **content** says the game is over (the replayed match has an outcome,
    and the summary agrees).  Otherwise the reason it must be kept (issue 37
    class 4: clean-up deletes only what is provably its own)."""
    try:
        data = read_document(path)
        fmt.check_fields(data, path)
        if data.get("version") != fmt.VERSION:
            return SaveError("saves.error.keep_format", path)
        if game_id is not None and data.get("game") != game_id:
            return SaveError("saves.error.keep_foreign", path)
        match = _load_checked(path, data)
    except SaveError as exc:
        return exc
    except Exception as exc:  # defensive: clean-up never raises
        return SaveError("saves.error.invalid", path, reason=str(exc))
    summary = data.get("summary")
    to_move = summary.get("to_move", "?") if isinstance(summary, dict) else "?"
    over = match.outcome() is not None
    if not over:
        return SaveError("saves.error.keep_unfinished", path)
    if to_move is not None:  # the summary disagrees with the content: trust neither
        return SaveError("saves.error.keep_summary", path)
    return None


def _prune_autosaves(game_id: str, keep: Path) -> None:
    """Delete the oldest finished autosaves of ``game_id`` while there are more
    than ``AUTOSAVE_KEEP``.  Only files :func:`provably_finished` (our name, our
    format, replays, over by their content) go; unfinished, broken, newer,
    foreign and disagreeing files are kept and logged, and never ``keep``."""
    prefix = f"{AUTOSAVE_PREFIX}{fmt.safe_stem(game_id)}-"  # not "shv" for "shv_companion"
    try:
        files = [p for p in _candidates(save_dir()) if p.name.startswith(prefix)]
    except OSError:
        return
    if len(files) <= AUTOSAVE_KEEP:
        return
    finished: list[SaveInfo] = []
    for path in files:
        if path == keep:
            continue
        if not _AUTOSAVE_NAME.match(path.name) or path.is_symlink():
            continue  # not a name this program writes (the legacy file included)
        reason = provably_finished(path, game_id)
        if reason is not None:
            if reason.key != "saves.error.keep_unfinished":
                log.warning("autosave clean-up keeps %s: %s", path, reason.message("en"))
            continue
        finished.append(read_info(path, verify=False))
    finished.sort(key=_sort_key)
    for info in finished[: len(files) - AUTOSAVE_KEEP]:
        try:
            delete_save(info.path)
        except SaveError:
            continue


# Files this process wrote, with their (mtime, size, inode) right after: the
# kiosk's visitor clean-up deletes only these, and only while unchanged.
_written: dict[str, tuple[int, int, int]] = {}


def written_here(path: Path) -> bool:
    """Did this process write ``path``, and is it still exactly what it wrote?"""
    stamp = _stamp(path)
    return stamp is not None and _written.get(str(path)) == stamp


# --- writing -----------------------------------------------------------------


def save_match(match: Match, name: str) -> Path:
    """Save ``match`` in the slot ``name`` (replacing a slot of the same file
    name; its previous version is kept as ``.bak``).  Returns the file.
    An empty name is replaced by the game id and the local date and time."""
    _settle()
    display = fmt.clean_name(name)
    if not display:
        display = f"{match.game_id} {datetime.now().strftime('%Y-%m-%d %H.%M.%S')}"
    try:
        path = _writable(slot_path(display))
    except OSError as exc:
        raise _write_error(exc, None) from exc
    _write(path, fmt.encode(match, "slot", display))
    return path


def _replaceable(path: Path) -> bool:
    """May a new save replace ``path``?  Yes if nothing is there or it is one
    of our saves; a broken or foreign file is never overwritten."""
    if not os.path.lexists(path):
        return True
    try:
        fmt.check_fields(read_document(path), path)
    except SaveError:
        return False
    return True


def _writable(path: Path) -> Path:
    """``path``, or ``<stem> (2).json``, ``(3)``... if a broken file holds it
    (the broken file stays as it is so the player can still inspect it)."""
    if _replaceable(path):
        return path
    stem = path.name[: -len(SUFFIX)]
    for number in range(2, 1000):
        candidate = path.with_name(f"{stem} ({number}){SUFFIX}")
        if _replaceable(candidate):
            return candidate
    raise SaveError("saves.error.write_failed", path, reason="no free file name")


def _write(path: Path, document: dict[str, Any]) -> None:
    _store(path, _encode(path, document))


def _encode(path: Path, document: dict[str, Any]) -> bytes:
    """The bytes of a save document; SaveError if it is not JSON or too large.

    Compact JSON: ``json`` encodes it in C, where an indented document goes
    through the pure-Python encoder (2 ms against 0.3 ms for a 300-action game,
    on the frame thread for an autosave; issue 15).  Any JSON reads back."""
    try:
        blob = json.dumps(
            document, ensure_ascii=False, allow_nan=False, separators=(",", ":")
        ).encode("utf-8")
    except (TypeError, ValueError) as exc:  # a rules core produced non-JSON data
        raise SaveError("saves.error.write_failed", path, reason=str(exc)) from exc
    if len(blob) > MAX_BYTES:
        raise SaveError(
            "saves.error.too_large", path, size=megabytes(len(blob)), limit=megabytes(MAX_BYTES)
        )
    return blob


def _store(path: Path, blob: bytes) -> None:
    try:
        write_atomic(path, blob)
    except OSError as exc:
        raise _write_error(exc, path) from exc
    _verified.pop(str(path), None)
    if (stamp := _stamp(path)) is not None:
        _written[str(path)] = stamp


def _write_error(exc: OSError, path: Path | None) -> SaveError:
    if isinstance(exc, PermissionError):
        folder = str(path.parent) if path else str(exc.filename or "?")
        return SaveError("saves.error.write_permission", path, folder=folder)
    return SaveError("saves.error.write_failed", path, reason=exc.strerror or str(exc))


# --- reading -----------------------------------------------------------------


def read_document(path: Path, root: Path | None = None) -> dict[str, Any]:
    """Read, decode and header-check a save: the one reader behind the game
    (``--load``), the save browser and ``python -m game replay``.  Only ever
    reads the file.  ``root``: the folder it was listed in (a link out of it
    is refused).  Raises SaveError."""
    _settle()
    if root is None:
        root = _home_folder(path)
    data = parse_json(decode(read_bytes(path, root), path), path)
    fmt.check_header(data, path)
    return data


def _home_folder(path: Path) -> Path | None:
    """The folder of ``path`` when it is the save folder or one of the program's
    folders in it (``replays``): a file there is read only if it is no link out
    of it, whoever asks (the game's ``--load``, the browser, ``game replay``)."""
    try:
        home = save_dir()
    except OSError:
        return None
    parent = Path(path).parent
    if _same_folder(parent, home) or _same_folder(parent.parent, home):
        return parent
    return None


def _load_checked(path: Path, data: dict[str, Any]) -> Match:
    actions = fmt.check_fields(data, path)
    try:
        return match_from_json(data)
    except Exception as exc:  # ValueError by contract; anything from a broken rules core
        raise fmt.diagnose(data, actions, path) from exc


def load_match(path: str | os.PathLike[str]) -> Match:
    """Load a save and rebuild its match by replaying the log.

    Raises SaveError (see ``assets/i18n/<lang>/saves.json``, ``saves.error.*``)
    for every problem.  The file is only read.  A match loaded from an
    autosave in the save folder goes on autosaving into that same file."""
    file = Path(path)
    _startup_sweep()
    data = read_document(file)
    match = _load_checked(file, data)
    if data.get("kind") == "autosave" and _same_folder(file.parent, save_dir()):
        _autosave_files[match] = save_dir() / file.name
    else:
        found = _autosave_of(data)
        if found is not None:
            _autosave_files[match] = found
    return match


def _autosave_of(data: dict[str, Any]) -> Path | None:
    """The newest autosave in the folder of the match saved in ``data``: same
    game, seed and config, and one action log a prefix of the other (the same
    line of play).  A match that merely shares a seed went another way at some
    move, so its autosave is never picked."""
    game_id, log = data.get("game"), data.get("log")
    if not isinstance(game_id, str) or not isinstance(log, list):
        return None
    prefix = f"{AUTOSAVE_PREFIX}{fmt.safe_stem(game_id)}"
    try:
        files = [p for p in _candidates(save_dir()) if p.name.startswith(prefix)]
    except OSError:
        return None
    found: list[tuple[int, str, Path]] = []
    for path in files:
        try:
            other = read_document(path)
            stamp = path.stat().st_mtime_ns
        except (SaveError, OSError):
            continue
        theirs = other.get("log")
        if (
            other.get("kind") != "autosave"
            or other.get("game") != game_id
            or other.get("seed") != data.get("seed")
            or other.get("config") != data.get("config")
            or not isinstance(theirs, list)
        ):
            continue
        shorter = min(len(log), len(theirs))
        if log[:shorter] == theirs[:shorter]:
            found.append((stamp, path.name, path))
    return max(found)[2] if found else None


# --- listing -----------------------------------------------------------------

# (path) -> (mtime_ns, size, inode, error or None): replay results of files
# that have not changed since, so reopening the save browser is instant.
_verified: dict[str, tuple[int, int, int, SaveError | None]] = {}


def _guess_kind(path: Path) -> str:
    return "autosave" if path.name.startswith(AUTOSAVE_PREFIX) else "slot"


def _guess_name(path: Path) -> str:
    """A display name from the file name (which may hold anything the file
    system allows: undecodable bytes arrive as lone surrogates)."""
    stem = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
    stem = stem[len(SLOT_PREFIX) :] if stem.startswith(SLOT_PREFIX) else stem
    return fmt.clean_name(stem) or "?"


def _mtime(path: Path) -> datetime:
    try:
        moment = datetime.fromtimestamp(path.stat().st_mtime, UTC)
    except (OSError, ValueError, OverflowError):
        moment = datetime.fromtimestamp(0, UTC)
    return fmt.parse_time(moment.isoformat()) or datetime.fromtimestamp(0, UTC)


def read_info(
    path: str | os.PathLike[str], *, verify: bool = True, root: Path | None = None
) -> SaveInfo:
    """What the save browser shows for ``path``; never raises.

    With ``verify`` the log is replayed and checked against the snapshot, so
    an edited file shows up as broken; without it only the file's structure
    is checked."""
    file = Path(path)
    bad = SaveInfo(
        path=file,
        name=_guess_name(file),
        kind=_guess_kind(file),
        game="",
        saved_at=_mtime(file),
    )
    try:
        data = read_document(file, root)
        fmt.check_fields(data, file)
        summary = data.get("summary")
        info = SaveInfo(
            path=file,
            name=fmt.clean_name(data.get("name") or "") or bad.name,
            kind=data.get("kind") or bad.kind,
            game=data["game"],
            saved_at=fmt.parse_time(data.get("saved_at")) or bad.saved_at,
            summary=summary if isinstance(summary, dict) else {},
        )
    except SaveError as exc:
        bad.error = exc
        if isinstance(exc.params.get("game"), str):
            bad.game = exc.params["game"]
        return bad
    except Exception as exc:  # defensive: listing must never raise
        bad.error = SaveError("saves.error.invalid", file, reason=str(exc))
        return bad
    if verify:
        info.error = _verify(file, data)
    return info


def _verify(path: Path, data: dict[str, Any]) -> SaveError | None:
    try:
        st = path.stat()
        key = (st.st_mtime_ns, st.st_size, st.st_ino)
    except OSError:
        key = None
    cached = _verified.get(str(path))
    if key is not None and cached is not None and cached[:3] == key:
        return cached[3]
    error: SaveError | None = None
    try:
        _load_checked(path, data)
    except SaveError as exc:
        error = exc
    except Exception as exc:  # defensive: listing must never raise
        error = SaveError("saves.error.invalid", path, reason=str(exc))
    if key is not None:
        _verified[str(path)] = (*key, error)
    return error


def _candidates(folder: Path) -> list[Path]:
    """The ``*.json`` files of the folder except hidden ones and settings.json
    (settings live beside the saves when the folder is overridden)."""
    out: list[Path] = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(SUFFIX) and not name.startswith(".") and name != SETTINGS_NAME:
            out.append(entry)
    return out


def sweep_temps(folder: Path) -> int:
    """Remove the temp files that interrupted writes (power cut, kill) left in
    ``folder``: only regular files named like ours, ``.<name>.json.<random>.tmp``;
    anything else (other files, folders, links) is never touched.  Returns how
    many were removed."""
    removed = 0
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    for entry in entries:
        if not _TEMP_RE.match(entry.name):
            continue
        try:
            if stat.S_ISREG(entry.lstat().st_mode):
                entry.unlink()
                removed += 1
        except OSError:
            continue
    return removed


_swept: set[str] = set()


def _startup_sweep() -> None:
    """``sweep_temps`` once per save folder and process, the first time the
    folder is used (the title screen lists autosaves at start-up)."""
    try:
        folder = save_dir()
    except OSError:
        return
    if str(folder) not in _swept:
        _swept.add(str(folder))
        sweep_temps(folder)


def _vanished(info: SaveInfo) -> bool:
    missing = info.error is not None and info.error.key == "saves.error.missing"
    return missing and not os.path.lexists(info.path)


def _sort_key(info: SaveInfo) -> tuple[datetime, int, str]:
    try:
        mtime_ns = info.path.stat().st_mtime_ns
    except OSError:
        mtime_ns = 0
    return (info.saved_at, mtime_ns, info.path.name)


def list_saves(*, verify: bool = True) -> list[SaveInfo]:
    """Every save in the folder (slots, autosaves and broken files), newest
    first.  Never raises; an unreadable folder gives an empty list."""
    try:
        _settle()
        _startup_sweep()
        files = _candidates(save_dir())
    except OSError:
        return []
    infos = [read_info(path, verify=verify) for path in files]
    # A file deleted between listing the folder and reading it is just gone.
    infos = [i for i in infos if not _vanished(i)]
    infos.sort(key=_sort_key, reverse=True)
    return infos


def latest_autosave() -> SaveInfo | None:
    """The newest autosave of a game still in progress that loads cleanly (for
    "Continue"), or None. A finished game is not offered: there is nothing to
    continue, and its file stays in the browser for looking back."""
    _settle()
    _startup_sweep()
    try:
        files = [p for p in _candidates(save_dir()) if p.name.startswith(AUTOSAVE_PREFIX)]
    except OSError:
        return None
    good = [
        info
        for info in (read_info(p) for p in files)
        if info.ok and info.kind == "autosave" and info.summary.get("to_move") is not None
    ]
    if not good:
        return None
    return max(good, key=_sort_key)


# --- deleting ----------------------------------------------------------------


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def delete_save(path: str | os.PathLike[str]) -> None:
    """Delete a save file (and its ``.bak``) from the save folder.

    Refuses anything outside ``save_dir()``, folders, and files that are not
    ``*.json`` saves (``settings.json`` included).  A symbolic link in the
    folder is removed itself, never what it points to."""
    _settle()
    file = Path(path)
    folder = save_dir()
    name = file.name
    if name in ("", ".", "..") or not _same_folder(file.parent, folder):
        raise SaveError("saves.error.outside", file, folder=str(folder))
    target = folder / name
    if not name.endswith(SUFFIX) or name == SETTINGS_NAME:
        raise SaveError("saves.error.not_deletable", target)
    try:
        info = target.lstat()
    except FileNotFoundError as exc:
        raise SaveError("saves.error.missing", target) from exc
    except OSError as exc:
        raise SaveError("saves.error.delete_failed", target, reason=str(exc)) from exc
    if stat.S_ISDIR(info.st_mode):
        raise SaveError("saves.error.is_dir", target)
    try:
        target.unlink()
    except FileNotFoundError as exc:
        raise SaveError("saves.error.missing", target) from exc
    except OSError as exc:
        raise SaveError(
            "saves.error.delete_failed", target, reason=exc.strerror or str(exc)
        ) from exc
    _verified.pop(str(target), None)
    backup = target.with_name(name + ".bak")
    try:
        if not backup.is_dir():
            backup.unlink(missing_ok=True)
    except OSError:
        pass  # the save itself is gone; a stale backup is harmless


# --- messages ----------------------------------------------------------------


def format_error(exc: SaveError, lang: str = "vi") -> str:
    """One line for the command line (``main.py --load``) in ``lang``:
    which file could not be loaded and why."""
    reason = exc.message(lang)
    if exc.path is None:
        return reason
    return t("saves.cli.load_failed", lang, path=str(exc.path), reason=reason)


def describe(info: SaveInfo, lang: str = "vi") -> str:
    """A one-line summary of a listed save for the browser: round, scores
    with seat names, whose turn (or why the file cannot be loaded)."""
    if info.error is not None:
        return info.error.message(lang)
    summary = info.summary
    parts: list[str] = []
    raw_seats = summary.get("seats")
    seats: list[Any] = raw_seats if isinstance(raw_seats, list) else []
    names = [
        fmt.clean_name(s.get("name", "?"), fmt.SEAT_NAME_MAX_CHARS) if isinstance(s, dict) else "?"
        for s in seats
    ]
    if _is_count(summary.get("round")):
        own = f"{info.game}.summary.round_label"  # a game's own word for a round
        key = own if own in i18n.table(lang) else "saves.label.round"
        parts.append(t(key, lang, round=summary["round"]))
    scores = summary.get("scores")
    if isinstance(scores, list) and scores:
        shown = [int(x) if isinstance(x, float) and x.is_integer() else x for x in scores]
        labelled = [
            f"{names[i] if i < len(names) else '#' + str(i + 1)} {fmt.clean_name(score, 12)}"
            for i, score in enumerate(shown[:12])
        ]
        parts.append(", ".join(labelled))
    to_move = summary.get("to_move")
    if "to_move" in summary and to_move is None:
        parts.append(t("saves.label.over", lang))
    elif isinstance(to_move, int) and _is_count(to_move) and to_move < len(names):
        parts.append(t("saves.label.to_move", lang, name=names[to_move]))
    return " · ".join(parts)


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
