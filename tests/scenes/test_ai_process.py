"""The table's AI worker: thinks in another process, answers legally, and a
hung, killed or slow worker never stalls the table or blocks quitting
(issue 13.6, issue 6.13)."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest

import game
from game import new_match
from game.ai import bots
from game.ai import worker as job
from game.core.contract import Action
from game.core.match import Match
from game.core.rng import Rng
from scenes.table import ai
from tests.scenes.table_driver import hotseat_config, open_match, step

RULES = game.get("manasurge")


def _request(match: Match, rng_state: int = 5) -> ai.AiRequest:
    seat = match.to_move
    assert seat is not None
    view = RULES.to_json(RULES.view(match.state, seat))
    return ai.AiRequest("manasurge", view, seat, "greedy", rng_state)


@pytest.fixture
def process_worker(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(ai.ENV_THREADS, raising=False)
    ai.shutdown()
    yield
    ai.shutdown()


def _wait_for(worker: ai.AiWorker, limit: float = 60.0) -> tuple[bool, Any]:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        done, data = worker.poll()
        if done:
            return done, data
        time.sleep(0.01)
    raise AssertionError("the worker never finished")


def test_ai_worker_answers_from_a_separate_process(process_worker: None) -> None:
    match = new_match("manasurge", {"players": 2}, 11)
    worker = ai.AiWorker()
    worker.start(_request(match), token=0)
    done, data = _wait_for(worker)
    pid = ai.worker_pid()
    assert pid is not None and pid != os.getpid()
    assert done and data is not None and worker.failure is None
    assert Action.from_json(data) in match.legal_actions()
    assert worker.idle


def _warm(match: Match) -> tuple[ai.AiWorker, int]:
    worker = ai.AiWorker(deadline=60.0)
    worker.start(_request(match), token=0)
    assert _wait_for(worker)[1] is not None  # the process is up and has imported the game
    pid = ai.worker_pid()
    assert pid is not None
    return worker, pid


def test_a_stopped_worker_misses_its_deadline_is_killed_and_replaced(
    process_worker: None,
) -> None:
    match = new_match("manasurge", {"players": 2}, 12)
    worker, pid = _warm(match)
    os.kill(pid, signal.SIGSTOP)  # hung: alive but never answers
    worker.deadline = 0.3
    start = time.monotonic()
    worker.start(_request(match), token=1)
    done, data = _wait_for(worker, 10)
    assert done and data is None and worker.failure == "deadline"
    assert 0.3 <= time.monotonic() - start < 3
    assert ai.worker_pid() is None  # killed, not waited for
    worker.deadline = 60.0
    worker.start(_request(match), token=2)  # a fresh process answers again
    done, data = _wait_for(worker)
    assert data is not None and ai.worker_pid() not in (None, pid)


def test_a_killed_worker_is_noticed_at_once(process_worker: None) -> None:
    match = new_match("manasurge", {"players": 2}, 13)
    worker, pid = _warm(match)
    os.kill(pid, signal.SIGKILL)
    time.sleep(0.2)
    worker.start(_request(match), token=1)
    done, data = _wait_for(worker, 10)
    assert done and data is None and worker.failure == "died"


def test_quitting_never_waits_for_a_hung_worker(process_worker: None) -> None:
    worker, pid = _warm(new_match("manasurge", {"players": 2}, 14))
    os.kill(pid, signal.SIGSTOP)
    worker.start(_request(new_match("manasurge", {"players": 2}, 14)), token=1)
    start = time.monotonic()
    ai.shutdown()
    assert time.monotonic() - start < 1.0
    with pytest.raises(ProcessLookupError):  # gone (and reaped), not left stopped
        for _ in range(50):
            os.kill(pid, 0)
            time.sleep(0.02)


def test_a_worker_that_sleeps_past_the_deadline_times_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(ai.ENV_THREADS, "1")
    ai.shutdown()
    monkeypatch.setattr(job, "choose", lambda *args: time.sleep(3) or {})
    worker = ai.AiWorker(deadline=0.2)
    worker.start(_request(new_match("manasurge", {"players": 2}, 15)), token=0)
    assert worker.poll() == (False, None)
    time.sleep(0.25)
    assert worker.poll() == (True, None) and worker.failure == "deadline"
    ai.shutdown()


def test_the_table_plays_greedy_on_the_view_and_says_so(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ai.ENV_THREADS, "1")
    ai.shutdown()
    monkeypatch.setattr(job, "choose", lambda *args: time.sleep(3) or {})
    config = hotseat_config(3)
    for seat in config["seats"]:
        seat.update(control="ai", bot="random")
    match = new_match("manasurge", config, 4)
    table = open_match(app, match)
    table.worker.deadline = 0.05
    seen_views: list[Any] = []
    real_choose = bots.GreedyBot.choose

    def spy(self: Any, rules: Any, state: Any, seat: int, rng: Rng) -> Action:
        seen_views.append(state)
        return real_choose(self, rules, state, seat, rng)

    monkeypatch.setattr(bots.GreedyBot, "choose", spy)
    before = len(match.log)
    seat = match.to_move
    assert seat is not None
    expected_view = RULES.to_json(RULES.view(match.state, seat))
    end = time.monotonic() + 10
    while len(match.log) == before and time.monotonic() < end:
        step(app)
        time.sleep(0.01)
    assert len(match.log) == before + 1
    assert table.actions_sent[-1][1] == "ai"
    # Greedy decided on the seat's view, never the true state (hidden hands stay hidden).
    assert RULES.to_json(seen_views[0]) == expected_view
    assert expected_view != RULES.to_json(match.state)  # the view hides other hands
    name = match.seats[seat].name
    assert app.tr("table.toast.ai_fallback", name=name) in table.toasts.texts
    ai.shutdown()
