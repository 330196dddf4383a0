"""A time box for tests that must never wait (issue 37): ``with timebox(2):``
raises ``TimeoutError`` in the main thread when the block runs longer (a read
that blocks on a named pipe is interrupted: SIGALRM's handler raises)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


@contextmanager
def timebox(seconds: float) -> Iterator[None]:
    def _expired(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError(f"took longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, _expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
