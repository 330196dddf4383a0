"""AI seats think in a worker process so the window keeps 60 frames a second.

``AiWorker.start(request, token)`` sends a seat's *view* as JSON to
``game.core.worker.choose`` in a separate process (one process shared by every
table, started on first use and kept warm); the table polls ``poll()`` each
frame and applies the action once its visible delay has passed.  A search bot
can burn a whole core there without stalling the frame loop, which a thread
could not do under the GIL.  Where a process cannot be started (a frozen or
sandboxed build) the worker falls back to a thread running the same function.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from game.core import worker as job

log = logging.getLogger(__name__)

ENV_THREADS = "BANTHE_AI_THREADS"  # "1": think in a thread (tests, debugging)

_executor: Executor | None = None


@dataclass(frozen=True)
class AiRequest:
    """Everything a bot needs, all JSON: the game, the seat's view, the bot."""

    game_id: str
    view: dict[str, Any]
    seat: int
    bot: str
    rng_state: int


def _make_executor() -> Executor:
    if os.environ.get(ENV_THREADS) == "1":
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="banthe-ai")
    try:
        # "spawn" everywhere: no fork of a process that holds SDL and threads.
        ctx = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(max_workers=1, mp_context=ctx)
    except (OSError, NotImplementedError, ValueError) as exc:
        log.warning("AI worker process unavailable (%s); thinking in a thread", exc)
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="banthe-ai")


def executor() -> Executor:
    """The shared AI executor (started on first use)."""
    global _executor
    if _executor is None:
        _executor = _make_executor()
        atexit.register(shutdown)
    return _executor


def shutdown() -> None:
    global _executor
    if _executor is not None:
        _executor.shutdown(wait=False, cancel_futures=True)
        _executor = None


def warm_up(game_id: str) -> None:
    """Start the worker and import the game there while the table animates."""
    try:
        executor().submit(job.warm_up, game_id)
    except RuntimeError as exc:  # executor shut down or broken
        log.warning("could not warm up the AI worker: %s", exc)


class AiWorker:
    """One table's pending AI decision."""

    def __init__(self) -> None:
        self._future: Future[dict[str, Any]] | None = None
        self.token: object = None  # what the job was for (the log length)

    @property
    def busy(self) -> bool:
        return self._future is not None and not self._future.done()

    @property
    def idle(self) -> bool:
        return self._future is None

    def start(self, request: AiRequest, token: object) -> None:
        self.token = token
        args = (request.game_id, request.view, request.seat, request.bot, request.rng_state)
        try:
            self._future = executor().submit(job.choose, *args)
        except RuntimeError:
            # The pool broke (its process died): start a fresh one once.
            shutdown()
            self._future = executor().submit(job.choose, *args)

    def poll(self) -> tuple[bool, dict[str, Any] | None]:
        """(finished, action JSON); re-raises a bot error on the main thread."""
        if self._future is None or not self._future.done():
            return False, None
        future, self._future = self._future, None
        return True, future.result()

    def wait(self, timeout: float | None = None) -> bool:
        if self._future is None:
            return True
        try:
            self._future.exception(timeout)
        except TimeoutError:
            return False
        return True

    def reset(self) -> None:
        """Forget the current job (its result will be ignored)."""
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self.token = None
