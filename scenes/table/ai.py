"""AI seats think in a worker process so the window keeps 60 frames a second.

``AiWorker.start(request, token)`` sends a seat's *view* as JSON to
``game.ai.worker.choose`` in a separate process (one process shared by every
table, started on first use and kept warm; it runs ``game.ai.worker.serve``
over a pipe); the table polls ``poll()`` each frame and applies the action once
its visible delay has passed.  A search bot can burn a whole core there without
stalling the frame loop, which a thread could not do under the GIL.

Every decision has a deadline (``DEADLINE`` seconds).  When the worker
overruns it (a stopped or stuck process), dies (killed, crashed) or its bot
raises, ``poll`` reports the decision as failed (``AiWorker.failure``), the
process is killed and a fresh one starts on the next request; the table then
plays the greedy bot's choice itself (``TableScene.ai_fallback``).  Nothing
here ever waits for the process: quitting kills it without joining.

While a seat thinks, ``AiWorker.progress()`` says how far into its level's
budget it is (``bots.thinking_seconds``: about 1 s for normal, 3 s for hard)
and ``draw_thinking`` paints it under the turn banner: a bar that fills over
the budget with a light sweeping along it, so the table visibly lives (the
table asks for frames while the worker is busy, ``TableScene.animating``).

Where a process cannot be started (a frozen or sandboxed build), or with
``BANTHE_AI_THREADS=1`` (debugging, tests that monkeypatch bots), the same job
runs in a daemon thread, which cannot block quitting either.
"""

from __future__ import annotations

import atexit
import itertools
import logging
import multiprocessing
import os
import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.ai import bots
from game.ai import worker as job
from game.core.contract import Action, Rules
from scenes import theme

log = logging.getLogger(__name__)

ENV_THREADS = "BANTHE_AI_THREADS"  # "1": think in a thread (tests, debugging)

DEADLINE = 5.0
"""Seconds a worker has for one decision before the table plays the greedy
fallback itself (a greedy ManaSurge decision takes about a millisecond)."""

FAILURES = ("deadline", "died", "error", "bad_reply")
"""Why a decision failed: overran the deadline, the worker process died, the
bot raised, or the worker answered something that is not a legal action of
the seat now (``AiWorker.failure``; issue 37 class 5)."""

_STATUSES = ("ok", "error")


@dataclass(frozen=True)
class AiRequest:
    """Everything a bot needs, all JSON: the game, the seat's view, the bot."""

    game_id: str
    view: dict[str, Any]
    seat: int
    bot: str
    rng_state: int


_ids = itertools.count(1)


class _Job:
    """One request in flight; filled in by the backend."""

    def __init__(self) -> None:
        self.id = next(_ids)
        self.started = time.monotonic()
        self.done = False
        self.result: Any = None
        self.error: str | None = None  # one of FAILURES
        self.detail = ""

    def finish(self, status: str, payload: Any) -> None:
        if self.done:
            return
        if status == "ok":
            self.result = payload
        else:
            self.error, self.detail = "error", str(payload)
        self.done = True

    def fail(self, reason: str) -> None:
        if not self.done:
            self.error, self.done = reason, True


class _Backend(Protocol):
    def submit(self, work: _Job, name: str, args: tuple[Any, ...]) -> None: ...

    def collect(self) -> None: ...

    def close(self) -> None: ...


class _ProcessBackend:
    """One ``spawn`` process running ``game.ai.worker.serve`` over a pipe."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")  # no fork of a process holding SDL
        self._conn, child = ctx.Pipe()
        self.process = ctx.Process(target=job.serve, args=(child,), name="banthe-ai", daemon=True)
        self.process.start()
        child.close()
        self._jobs: dict[int, _Job] = {}
        self._last_id = 0

    def submit(self, work: _Job, name: str, args: tuple[Any, ...]) -> None:
        self._jobs[work.id] = work
        self._last_id = max(self._last_id, work.id)
        try:
            self._conn.send((work.id, name, args))
        except (OSError, EOFError, ValueError):
            self._died()

    def collect(self) -> None:
        try:
            while self._conn.poll():
                reply = self._conn.recv()
                if not self._take(reply):
                    log.warning("AI worker sent a malformed reply: %.200r", reply)
                    self._died("bad_reply")
                    return
        except Exception as exc:  # a closed pipe, or bytes that do not unpickle
            log.warning("AI worker pipe failed: %s", exc)
            self._died()
            return
        if self._jobs and not self.process.is_alive():
            self._died()

    def _take(self, reply: Any) -> bool:
        """Hand a well-formed reply to its job: ``(job id, "ok" | "error",
        payload)`` for a job that was sent.  A reply to a job forgotten since
        (a table reset) is dropped; anything else is malformed (False)."""
        if not (isinstance(reply, tuple) and len(reply) == 3):
            return False
        job_id, status, payload = reply
        if isinstance(job_id, bool) or not isinstance(job_id, int) or status not in _STATUSES:
            return False
        if not 0 < job_id <= self._last_id:
            return False  # never asked
        work = self._jobs.pop(job_id, None)
        if work is not None:
            work.finish(status, payload)
        return True

    def _died(self, reason: str = "died") -> None:
        for work in self._jobs.values():
            work.fail(reason)
        self._jobs.clear()

    def close(self) -> None:
        """Kill the process (SIGKILL also ends a stopped one) without waiting."""
        self._died()
        try:
            if self.process.is_alive():
                self.process.kill()
            self.process.join(timeout=0.5)  # reap it; a killed process ends at once
        except (OSError, ValueError, AssertionError):
            pass
        self._conn.close()


class _ThreadBackend:
    """The same jobs in daemon threads (never joined, so never blocking quit)."""

    def submit(self, work: _Job, name: str, args: tuple[Any, ...]) -> None:
        def run() -> None:
            try:
                if name not in job.JOBS:
                    raise KeyError(name)
                work.finish("ok", getattr(job, name)(*args))
            except Exception as exc:
                work.finish("error", f"{type(exc).__name__}: {exc}")

        threading.Thread(target=run, name="banthe-ai", daemon=True).start()

    def collect(self) -> None:
        return

    def close(self) -> None:
        return


_backend: _Backend | None = None
_atexit_registered = False


def _make_backend() -> _Backend:
    if os.environ.get(ENV_THREADS) == "1":
        return _ThreadBackend()
    try:
        return _ProcessBackend()
    except (OSError, NotImplementedError, ValueError, RuntimeError) as exc:
        log.warning("AI worker process unavailable (%s); thinking in a thread", exc)
        return _ThreadBackend()


def backend() -> _Backend:
    """The shared AI backend (started on first use)."""
    global _backend, _atexit_registered
    if _backend is None:
        _backend = _make_backend()
        if not _atexit_registered:
            atexit.register(shutdown)
            _atexit_registered = True
    return _backend


def worker_pid() -> int | None:
    """The worker process id (None in thread mode or before it starts)."""
    current = _backend
    return current.process.pid if isinstance(current, _ProcessBackend) else None


def shutdown() -> None:
    """Stop the worker at once (at quit, or to restart it); never waits for it."""
    global _backend
    current, _backend = _backend, None
    if current is not None:
        current.close()


def warm_up(game_id: str) -> None:
    """Start the worker and import the game there while the table animates."""
    try:
        backend().submit(_Job(), "warm_up", (game_id,))
    except Exception as exc:  # the worker could not start: the first decision retries
        log.warning("could not warm up the AI worker: %s", exc)


class AiWorker:
    """One table's pending AI decision, with a deadline."""

    def __init__(self, deadline: float = DEADLINE) -> None:
        self.deadline = deadline
        self._job: _Job | None = None
        self.token: object = None  # what the job was for (the log length)
        self.failure: str | None = None  # why the last decision failed (FAILURES)
        self.budget = 0.0  # about how long the current bot thinks (seconds; 0: at once)

    @property
    def busy(self) -> bool:
        if self._job is None:
            return False
        _collect()
        return not self._job.done

    @property
    def idle(self) -> bool:
        return self._job is None

    def prepare(self, seats: Any) -> None:
        """Load what ``start`` needs for these seats' bots (the AI levels module,
        10-20 ms of imports) while the table opens, instead of in the frame of
        the first AI turn."""
        for seat in seats:
            if seat.is_ai:
                bots.thinking_seconds(seat.bot)

    def start(self, request: AiRequest, token: object) -> None:
        args = (request.game_id, request.view, request.seat, request.bot, request.rng_state)
        self.run("choose", args, token, bots.thinking_seconds(request.bot))

    def run(self, name: str, args: tuple[Any, ...], token: object, budget: float) -> None:
        """Send job ``name`` (one of ``game.ai.worker.JOBS``) with JSON ``args``;
        ``budget`` seconds is what ``progress`` counts against (the Hint uses it)."""
        self.token = token
        self.failure = None
        self.budget = budget
        work = _Job()
        try:
            backend().submit(work, name, args)
        except Exception as exc:  # the process could not start: try a fresh one once
            log.warning("AI worker unavailable (%s); restarting it", exc)
            shutdown()
            try:
                backend().submit(work, name, args)
            except Exception:
                work.fail("died")
        self._job = work

    def poll(self) -> tuple[bool, dict[str, Any] | None]:
        """(finished, action JSON).  Finished with None means the decision
        failed (``failure`` says why); the worker was then restarted if it hung
        or died, and the table plays its fallback."""
        work = self._job
        if work is None:
            return False, None
        _collect()
        if not work.done and time.monotonic() - work.started > self.deadline:
            work.fail("deadline")
        if not work.done:
            return False, None
        self._job = None
        if work.error is None:
            return True, work.result
        self.failure = work.error
        log.warning("AI decision failed (%s) %s", work.error, work.detail)
        if work.error in ("deadline", "died", "bad_reply"):
            shutdown()  # kill the stuck, dead or lying worker; the next request starts anew
        return True, None

    def bad_reply(self, why: str) -> None:
        """The worker's answer was no legal action of the seat (``checked_action``):
        log it and restart the worker; the table plays its fallback at once."""
        self.failure = "bad_reply"
        log.warning("AI worker answered no legal action (%s); restarting it", why)
        self._job = None
        shutdown()

    def progress(self) -> float | None:
        """How far the thinking seat is into its budget, 0..1 (None when no
        decision is in flight; 1 at once for a bot that has no budget)."""
        work = self._job
        if work is None or work.done:
            return None
        if self.budget <= 0:
            return 1.0
        return min(1.0, (time.monotonic() - work.started) / self.budget)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job is done or ``timeout`` passes (tests only)."""
        end = None if timeout is None else time.monotonic() + timeout
        while self.busy:
            if end is not None and time.monotonic() >= end:
                return False
            time.sleep(0.005)
        return True

    def reset(self) -> None:
        """Forget the current job (its result will be ignored)."""
        self._job = None
        self.token = None


def checked_action(
    rules: Rules[Any], state: Any, seat: int, data: Any
) -> tuple[Action | None, str]:
    """(the action, "") when ``data`` is an action of ``seat`` that is legal in
    ``state``; else (None, why).  The worker's reply is checked, not trusted."""
    try:
        action = Action.from_json(data)
    except Exception as exc:
        return None, f"not an action: {exc}"[:300]
    if action.seat != seat:
        return None, f"an action of seat {action.seat}, not {seat}"
    try:
        problem = rules.explain(state, action)
    except Exception as exc:  # a reply that breaks the rules' own check
        return None, f"{type(exc).__name__}: {exc}"[:300]
    if problem is not None:
        return None, f"illegal: {problem}"[:300]
    return action, ""


def _collect() -> None:
    if _backend is not None:
        _backend.collect()


def draw_thinking(
    surface: pygame.Surface, rect: pygame.Rect, progress: float, clock: float
) -> None:
    """The thinking indicator along the bottom edge of ``rect`` (the banner):
    a track, the part of the budget already used, and a light sweeping to and
    fro (``clock`` in seconds) so a full bar still shows the seat is alive."""
    h = max(3, rect.height // 10)
    track = pygame.Rect(rect.x + h, rect.bottom - 2 * h, rect.width - 2 * h, h)
    if track.width <= 4:
        return
    pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=h // 2)
    done = track.copy()
    done.width = max(h, round(track.width * max(0.0, min(1.0, progress))))
    pygame.draw.rect(surface, theme.ACCENT, done, border_radius=h // 2)
    phase = (clock * 0.8) % 2.0
    where = phase if phase <= 1.0 else 2.0 - phase
    glow = pygame.Rect(0, 0, max(h * 4, track.width // 8), h)
    glow.center = (track.x + round(where * track.width), track.centery)
    glow = glow.clip(track)
    if glow.width > 0:
        pygame.draw.rect(surface, theme.TEXT, glow, border_radius=h // 2)
