"""Bot decisions as a pure function of JSON, for an AI worker process.

The table sends what a seat may know (``rules.to_json(rules.view(state, seat))``)
and gets back an action's JSON.  Nothing but JSON crosses the process boundary,
so the worker never sees the true state (no peeking at hidden cards or the RNG)
and the same call works in a thread, a process or a future network seat.

``serve`` is the loop a worker process runs: it reads ``(job id, job name,
args)`` requests from a pipe and answers ``(job id, "ok", result)`` or
``(job id, "error", message)``; only the jobs named in ``JOBS`` can be run.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Protocol

import game
from game.ai import bots
from game.core.rng import Rng

KEPT_BOTS = 16
"""How many (game, seat, bot) players the worker keeps between decisions."""

_kept: dict[tuple[str, int, str], bots.Bot] = {}
_kept_lock = threading.Lock()


@contextmanager
def _player(game_id: str, seat: int, bot: str) -> Iterator[bots.Bot]:
    """The bot that made this seat's last decision, so a search level continues
    from its kept tree (``game.ai.reuse``: it proves from the seat's own views
    that the new position is one its tree reached, else it starts afresh).  If
    another decision holds the bots (thread mode), a fresh bot plays."""
    if not _kept_lock.acquire(blocking=False):
        yield bots.make(bot)
        return
    try:
        key = (game_id, seat, bot)
        player = _kept.get(key)
        if player is None:
            if len(_kept) >= KEPT_BOTS:
                _kept.clear()
            player = _kept[key] = bots.make(bot)
        yield player
    finally:
        _kept_lock.release()


def choose(
    game_id: str, view: Mapping[str, Any], seat: int, bot: str, rng_state: int
) -> dict[str, Any]:
    """The action (as JSON) that bot ``bot`` picks for ``seat`` in ``view``."""
    rules = game.get(game_id)
    state = rules.from_json(view)
    with _player(game_id, seat, bot) as player:
        action = player.choose(rules, state, seat, Rng(rng_state))
    return action.to_json()


def hint(
    game_id: str, view: Mapping[str, Any], seat: int, rng_state: int, iterations: int | None = None
) -> dict[str, Any]:
    """The Hint (``game.ai.hint``) for ``seat`` in ``view``, as JSON: what the hard
    level would play, its expected result and the second-best move's, and the
    sentence that says why (``{"key", "params"}``, for the table).  Like
    ``choose`` it sees only the seat's view; ``iterations`` fixes the search
    (tests, screenshots), else the hard level's clock."""
    from game.ai.hint import hint as search_hint  # the search loads on the first hint

    rules = game.get(game_id)
    state = rules.from_json(view)
    found = search_hint(rules, state, seat, Rng(rng_state), iterations)
    key, params = found.sentence()
    return {**found.to_json(), "sentence": {"key": key, "params": params}}


def warm_up(game_id: str) -> bool:
    """Import a game's rules in the worker ahead of its first decision."""
    game.get(game_id)
    return True


def cores() -> dict[str, str]:
    """Which rules cores this worker runs (``game.compiled``: it takes the game's
    start-up choice and ``sys.path``) and where its game package came from."""
    from game import compiled

    return {"line": compiled.summary(), "game": str(game.__file__)}


JOBS: dict[str, Callable[..., Any]] = {
    "choose": choose,
    "hint": hint,
    "warm_up": warm_up,
    "cores": cores,
}


class Connection(Protocol):
    """The end of a ``multiprocessing.Pipe`` the worker reads and answers on."""

    def recv(self) -> Any: ...

    def send(self, obj: Any) -> None: ...


def serve(conn: Connection) -> None:
    """Answer jobs from ``conn`` until it closes (the table side went away).
    Ctrl+C in a terminal reaches the whole process group: the worker leaves it
    to the table, which stops it (issue 37 class 6)."""
    with contextlib.suppress(ValueError, OSError, AttributeError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            job_id, name, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[Any, ...] = (job_id, "ok", JOBS[name](*args))
        except Exception as exc:  # a bot bug is reported, the worker keeps serving
            reply = (job_id, "error", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
