"""The program's log file and the "did the last run end cleanly?" marker.

``start()`` (called once by ``main.py``) sends the ``logging`` records of the
whole program to ``banthe.log`` in the log folder, rotated at ``MAX_BYTES``
with ``BACKUPS`` old files kept (``banthe.log.1`` …), so the folder never holds
more than about 4 MB of logs.  Uncaught exceptions are logged too.

The log folder sits beside the saves: ``<user data>/BanThe/logs`` by default,
``<save dir>/logs`` when ``--save-dir`` or ``BANTHE_SAVE_DIR`` moves the saves
(a portable folder stays self-contained).

``session.json`` in the same folder records a run in progress: ``start()``
writes it, ``finish()`` (a clean quit) removes it, and ``previous_crashed()``
tells the next start that the last run stopped without quitting (an error, a
kill, a power cut), so the title can offer to resume the unfinished game.
"""

from __future__ import annotations

import contextlib
import json
import logging
import logging.handlers
import os
import platform
import stat
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

import appdirs

from game.core import files
from saves import notices, paths

LOG_NAME = "banthe.log"
SESSION_NAME = "session.json"
MAX_BYTES = 1_000_000
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_handler: logging.Handler | None = None
_crashed_before: bool | None = None
_console: list[logging.Handler] = []  # the stderr handler for warnings
_hooks: list[Any] = []  # the exception hooks ``start`` replaced, put back by ``stop``


def log_dir() -> Path:
    """The folder of the log file and the session marker (created on demand)."""
    base = paths._override or paths._env_dir()
    if base is not None:
        folder = base / "logs"
    else:
        folder = Path(appdirs.user_data_dir(paths.APP_NAME, False)) / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def log_path() -> Path:
    """Where the log file is (or would be): shown on the error screen."""
    try:
        return log_dir() / LOG_NAME
    except OSError:
        base = paths._override or paths._env_dir()
        root = base or Path(appdirs.user_data_dir(paths.APP_NAME, False))
        return root / "logs" / LOG_NAME


def _own_log_files(path: Path) -> None:
    """The log and its rotated copies must be plain files of the folder: a pipe
    would block the first log line for ever, a link would append to a file the
    program never wrote.  Anything else by those names is set aside (renamed,
    never deleted) and the player told (issue 37 class 1)."""
    for n in range(BACKUPS + 1):
        name = path if n == 0 else path.with_name(f"{path.name}.{n}")
        try:
            info = name.lstat()
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            moved = files.set_aside(name)
            notices.add("ui.notice.log_set_aside", path=str(moved or name), why="not_file")


def _log_uncaught(
    kind: type[BaseException], value: BaseException, tb: TracebackType | None
) -> None:
    if not issubclass(kind, KeyboardInterrupt):
        logging.getLogger("banthe").critical("uncaught exception", exc_info=(kind, value, tb))
    sys.__excepthook__(kind, value, tb)


def _log_thread(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is not None and args.exc_type is not SystemExit:
        logging.getLogger("banthe").error(
            "uncaught exception in thread %s",
            getattr(args.thread, "name", "?"),
            exc_info=(args.exc_type, args.exc_value, args.exc_traceback),
        )


def start(version: str) -> Path | None:
    """Open the log file (rotating), log uncaught exceptions, write the session
    marker; returns the log path, or None when the folder cannot be written
    (the program then runs without a log file: never a reason not to start)."""
    global _handler
    previous_crashed()  # read the marker of the last run before writing ours
    try:
        path = log_dir() / LOG_NAME
        _own_log_files(path)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.setLevel(logging.INFO)
    root = logging.getLogger()
    stop()  # a second start replaces the first
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    _handler = handler
    # Warnings still reach a terminal, as they did before the file handler replaced
    # logging's last-resort handler.
    console = logging.StreamHandler()
    console.setLevel(logging.WARNING)
    console.setFormatter(logging.Formatter("banthe: %(levelname)s %(name)s: %(message)s"))
    root.addHandler(console)
    _console[:] = [console]
    _hooks[:] = [sys.excepthook, threading.excepthook]
    sys.excepthook = _log_uncaught
    threading.excepthook = _log_thread
    logging.getLogger("banthe").info(
        "Bàn Thẻ %s started (Python %s, %s)",
        version,
        platform.python_version(),
        _platform(),
    )
    _write_session()
    return path


def _platform() -> str:
    """``Linux-6.1.0-x86_64-with-glibc2.36``: what ``platform.platform()`` says, without
    its processor field, which runs ``uname -p`` in a subprocess on Linux (a fork
    and an exec before the first frame: 5-300 ms; issue 15)."""
    info = platform.uname()  # system, release and machine come from os.uname()
    parts = [info.system, info.release, info.machine]
    with contextlib.suppress(AttributeError, ValueError, OSError):  # not glibc, not POSIX
        libc = os.confstr("CS_GNU_LIBC_VERSION")
        if libc:
            parts.append("with-" + libc.replace(" ", ""))
    return "-".join(p for p in parts if p)


def stop() -> None:
    """Close the log file (tests; ``finish`` for a clean quit)."""
    global _handler
    if _handler is not None:
        logging.getLogger().removeHandler(_handler)
        _handler.close()
        _handler = None
    for console in _console:
        logging.getLogger().removeHandler(console)
    _console.clear()
    if _hooks:
        sys.excepthook, threading.excepthook = _hooks
        _hooks.clear()


def finish() -> None:
    """A clean quit: log it, remove the session marker, close the log."""
    logging.getLogger("banthe").info("quit")
    with contextlib.suppress(OSError):
        (log_dir() / SESSION_NAME).unlink(missing_ok=True)
    stop()


def _write_session() -> None:
    with contextlib.suppress(OSError):
        marker = log_dir() / SESSION_NAME
        marker.write_text(json.dumps({"pid": os.getpid()}), encoding="utf-8")


PID_MAX = 1 << 22
"""The largest process id any system gives (Linux ``pid_max`` at most 2**22)."""

MARKER_BYTES = 4096
"""The largest session marker read (the program writes about 20 bytes)."""


def _alive(pid: int) -> bool:
    """True if ``pid`` is another process still running (POSIX only: on Windows
    ``os.kill`` would end it, so another instance is never assumed there)."""
    if os.name != "posix" or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except PermissionError:
        return True
    except (OSError, OverflowError):
        return False
    return True


def _read_marker() -> int | None:
    """The process id in the session marker; None when there is none.  A marker
    that is not a small regular JSON file holding ``{"pid": 1..PID_MAX}`` is set
    aside (renamed, never deleted) and the player told (``saves.notices``)."""
    marker = log_dir() / SESSION_NAME
    if not os.path.lexists(marker):
        return None
    try:
        data = files.read_json(marker, limit=MARKER_BYTES, root=marker.parent)
        pid = files.int_in(data.get("pid") if isinstance(data, dict) else None, 1, PID_MAX)
        if pid is None:
            raise files.ReadError("not_json", marker, line="?", column="?")
    except files.ReadError as exc:
        if exc.code in ("missing", "permission"):
            return None
        moved = files.set_aside(marker)
        notices.add("ui.notice.marker_set_aside", path=str(moved or marker), why=exc.code)
        return None
    return pid


def previous_crashed() -> bool:
    """True if the last run left its session marker behind (it ended without a
    clean quit) and that process is gone.  Read once per process: the answer
    stays the same after ``start`` writes this run's marker."""
    global _crashed_before
    if _crashed_before is None:
        try:
            pid = _read_marker()
        except OSError:  # the log folder cannot be made
            pid = None
        _crashed_before = pid is not None and not _alive(pid)
    return _crashed_before


def forget() -> None:
    """Forget what ``previous_crashed`` read (tests, a new save folder)."""
    global _crashed_before
    _crashed_before = None
