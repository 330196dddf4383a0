"""The table's AI worker really thinks in another process and answers legally."""

from __future__ import annotations

import os

import game
from game.core.contract import Action
from game.core.match import Match
from scenes.table import ai


def test_ai_worker_answers_from_a_separate_process(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv(ai.ENV_THREADS, raising=False)
    ai.shutdown()
    try:
        pid = ai.executor().submit(os.getpid).result(timeout=60)
        assert pid != os.getpid()
        rules = game.get("manasurge")
        match = Match("manasurge", {"players": 2}, 11)
        seat = match.to_move
        assert seat is not None
        request = ai.AiRequest(
            "manasurge", rules.to_json(rules.view(match.state, seat)), seat, "greedy", 5
        )
        worker = ai.AiWorker()
        worker.start(request, token=0)
        assert worker.wait(60)
        done, data = worker.poll()
        assert done and data is not None
        assert Action.from_json(data) in match.legal_actions()
        assert worker.idle
    finally:
        ai.shutdown()
