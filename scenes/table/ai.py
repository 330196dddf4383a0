"""AI seats think off the main thread so the window keeps 60 frames a second.

``AiWorker.start(job)`` runs ``job()`` (a bot's ``choose`` on a copy of the
seat's *view*) in a daemon thread; the table polls ``result`` each frame and
applies the action once its visible delay has passed.  The job never touches
the live match, so no locking is needed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class AiWorker:
    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._result: Any = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        self.token: object = None  # what the job was for (the log length)

    @property
    def busy(self) -> bool:
        return self._thread is not None and not self._done.is_set()

    @property
    def idle(self) -> bool:
        return self._thread is None

    def start(self, job: Callable[[], Any], token: object) -> None:
        self.token = token
        self._result = None
        self._error = None
        self._done.clear()

        def run() -> None:
            try:
                self._result = job()
            except BaseException as exc:  # reported on the main thread
                self._error = exc
            finally:
                self._done.set()

        self._thread = threading.Thread(target=run, name="banthe-ai", daemon=True)
        self._thread.start()

    def poll(self) -> tuple[bool, Any]:
        """(finished, result); re-raises a bot error on the main thread."""
        if self._thread is None or not self._done.is_set():
            return False, None
        self._thread = None
        if self._error is not None:
            raise self._error
        return True, self._result

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def reset(self) -> None:
        """Forget the current job (its result will be ignored)."""
        self._thread = None
        self.token = None
