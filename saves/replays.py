"""Finished games kept as replays (issue 12 item 2).

A replay is an ordinary save document (``saves.format.encode``, kind
``slot``) in the ``replays`` folder under the save folder, named
``replay-<game>-<digest>.json`` where the digest is taken from the game, its
config, seed and action log: the same finished game is kept once however often
its results are shown.  :func:`keep` writes one and then deletes the oldest
replays above the limit (the ``replay_keep`` setting); :func:`list_replays`
lists them newest first with ``saves.store.read_info`` (the one loader), and
the viewer opens them with ``saves.store.load_match``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from datetime import datetime
from pathlib import Path

from game.core.match import Match
from saves import format as fmt
from saves import store
from saves.atomic import write_atomic
from saves.paths import save_dir

log = logging.getLogger(__name__)

FOLDER = "replays"
PREFIX = "replay-"
SUFFIX = ".json"


def folder() -> Path:
    """The replay folder (created on demand)."""
    path = save_dir() / FOLDER
    path.mkdir(parents=True, exist_ok=True)
    return path


def digest(match: Match) -> str:
    """A short fingerprint of a game: its id, config, seed and moves."""
    body = match.to_json()
    blob = json.dumps(
        [body["game"], body["config"], body["seed"], body["log"]], sort_keys=True
    ).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()[:16]


def replay_path(match: Match) -> Path:
    return folder() / f"{PREFIX}{fmt.safe_stem(match.game_id)}-{digest(match)}{SUFFIX}"


def keep(match: Match, limit: int) -> Path | None:
    """Keep a finished ``match`` as a replay (None: not finished, or ``limit`` 0).
    Raises OSError when the file cannot be written."""
    if limit <= 0 or match.outcome() is None:
        return None
    path = replay_path(match)
    if not path.exists():
        name = datetime.now().strftime("%Y-%m-%d %H:%M")
        document = fmt.encode(match, "slot", name)
        blob = json.dumps(document, ensure_ascii=False, allow_nan=False).encode("utf-8")
        write_atomic(path, blob)
    prune(limit)
    return path


def files() -> list[Path]:
    """The replay files, newest first."""
    try:
        found = [
            p
            for p in folder().iterdir()
            if p.name.startswith(PREFIX) and p.name.endswith(SUFFIX) and p.is_file()
        ]
    except OSError:
        return []

    def age(path: Path) -> tuple[float, str]:
        try:
            return (path.stat().st_mtime, path.name)
        except OSError:
            return (0.0, path.name)

    return sorted(found, key=age, reverse=True)


_NAME = re.compile(r"replay-(.+)-([0-9a-f]{16})\.json\Z")


def own_reason(path: Path) -> store.SaveError | None:
    """None when ``path`` is provably a replay this program kept: its own file
    name, whose digest matches the game, config, seed and moves it holds, and a
    finished game by its content (``store.provably_finished``).  Otherwise why
    it must be kept (issue 37 class 4)."""
    found = _NAME.match(path.name)
    if found is None or path.is_symlink():
        return store.SaveError("saves.error.keep_foreign", path)
    reason = store.provably_finished(path)
    if reason is not None:
        return reason
    try:
        match = store.load_match(path)
    except store.SaveError as exc:
        return exc
    if digest(match) != found.group(2):
        return store.SaveError("saves.error.keep_foreign", path)
    return None


def prune(limit: int) -> int:
    """Delete the oldest replays above ``limit`` (and their ``.bak``); returns
    how many went.  Only replays :func:`own_reason` proves ours are deleted or
    counted; every other file of the folder is kept and logged."""
    removed = 0
    found = files()
    if len(found) <= max(0, limit):
        return 0
    own: list[Path] = []
    for path in found:
        reason = own_reason(path)
        if reason is None:
            own.append(path)
        else:
            log.warning("replay clean-up keeps %s: %s", path, reason.message("en"))
    for path in own[max(0, limit) :]:
        try:
            path.unlink()
            path.with_name(path.name + ".bak").unlink(missing_ok=True)
            removed += 1
        except OSError as exc:
            log.warning("could not delete old replay %s: %s", path, exc)
    return removed


def delete_broken(path: Path) -> None:
    """Delete a replay file the player chose from its broken row (issue 37
    class 8): only a ``*.json`` file or link directly in the replay folder (a
    link goes, never what it points to), with its ``.bak``.  SaveError else."""
    where = folder()
    path = Path(path)
    if path.parent != where or not path.name.endswith(SUFFIX):
        raise store.SaveError("saves.error.outside", path, folder=str(where))
    try:
        if path.is_dir() and not path.is_symlink():
            raise store.SaveError("saves.error.is_dir", path)
        path.unlink()
    except OSError as exc:
        raise store.SaveError("saves.error.delete_failed", path, reason=str(exc)) from exc
    path.with_name(path.name + ".bak").unlink(missing_ok=True)


def list_replays() -> list[store.SaveInfo]:
    """Every kept replay as the save browser sees a file, newest first."""
    return [store.read_info(path, verify=False) for path in files()]
