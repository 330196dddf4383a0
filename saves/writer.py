"""One background thread for save-file writes, so an autosave never stalls a frame.

A write (temp file, two ``fsync`` calls, rename) takes 1-25 ms on a real disk; the
table autosaves on every change of turn.  :class:`Writer` runs such jobs on a
single daemon thread, in the order they were submitted, so two writes of one
file can never run at the same time.  Jobs carry a key (the file's path): a
job still waiting in the queue is replaced by a newer job with the same key
(only the latest autosave of a match is worth writing), and it keeps its place
in the queue.

``flush()`` waits until the queue is empty and nothing runs: ``saves.store``
calls it before it reads, lists, loads or deletes a save (and the app before it
quits), so every reader sees the last write.  A job's exception is kept under
its key; ``take_error(key)`` hands it over once (the store raises it on the
next autosave of that match, where the table reports it as before), and
``take_errors()`` returns every error left.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable

log = logging.getLogger(__name__)

Job = Callable[[], object]


class Writer:
    """A single writer thread with a keyed queue (see the module docstring)."""

    def __init__(self, name: str = "banthe-saves") -> None:
        self.name = name
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._errors: dict[str, BaseException] = {}
        self._cond = threading.Condition()
        self._running: str | None = None  # the key of the job being run
        self._thread: threading.Thread | None = None
        self.written = 0  # jobs run (a test and the performance notes count them)

    # -- submitting ------------------------------------------------------------
    def submit(self, key: str, job: Job) -> None:
        """Queue ``job`` under ``key``; a queued job with the same key is replaced."""
        with self._cond:
            self._jobs[key] = job  # an existing key keeps its place in the order
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def on_writer_thread(self) -> bool:
        return threading.current_thread() is self._thread

    def pending(self) -> int:
        """Jobs queued or running."""
        with self._cond:
            return len(self._jobs) + (self._running is not None)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every queued job has run; False if ``timeout`` ran out.
        A no-op on the writer thread itself (a job may read saves)."""
        if self.on_writer_thread():
            return True
        with self._cond:
            return self._cond.wait_for(
                lambda: not self._jobs and self._running is None, timeout=timeout
            )

    # -- errors ------------------------------------------------------------------
    def take_error(self, key: str) -> BaseException | None:
        with self._cond:
            return self._errors.pop(key, None)

    def take_errors(self) -> list[BaseException]:
        with self._cond:
            errors = list(self._errors.values())
            self._errors.clear()
            return errors

    # -- the thread ----------------------------------------------------------------
    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._jobs))
                key, job = self._jobs.popitem(last=False)
                self._running = key
            try:
                job()
            except Exception as exc:  # kept for the caller; the thread goes on
                log.debug("background save %s failed: %s", key, exc)
                with self._cond:
                    self._errors[key] = exc
            finally:
                with self._cond:
                    self._running = None
                    self.written += 1
                    self._cond.notify_all()
