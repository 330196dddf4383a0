"""Crash-safe file writes: temp file, flush + fsync, keep a backup, os.replace."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable (POSIX); a no-op where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _plain_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def write_atomic(path: Path, data: bytes, *, backup: bool = True) -> None:
    """Write ``data`` to ``path`` so that a crash at any moment leaves either the
    old file or the new one, never a torn one.  With ``backup`` the previous
    file is kept as ``<name>.bak``.

    Any failure (disk full, permission, a crash simulated in tests) removes the
    temp file and re-raises; the old file is untouched."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if backup and _plain_file(path):
            bak = path.with_name(path.name + ".bak")
            # A hard link keeps the old bytes as .bak without a window in which
            # neither name holds them; fall back to a copy where links fail.
            # Only a plain file of our own is backed up (issue 37): a link is
            # replaced, never followed to copy or link a file elsewhere.
            try:
                if os.path.lexists(bak) and not bak.is_dir():
                    bak.unlink()
                os.link(path, bak, follow_symlinks=False)
            except OSError:
                if not os.path.lexists(bak):
                    bak.write_bytes(path.read_bytes())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)
