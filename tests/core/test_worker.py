"""The AI worker function: a seat's view in as JSON, a legal action out as JSON."""

from __future__ import annotations

import json

import game
from game import new_match
from game.ai import worker
from game.core.contract import Action
from game.core.match import Match
from game.core.rng import Rng


def _midgame(seed: int) -> Match:
    match = new_match("manasurge", {"players": 3}, seed)
    rng = Rng(seed)
    for _ in range(25):
        if match.to_move is None:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_worker_chooses_a_legal_action_from_the_view_alone() -> None:
    rules = game.get("manasurge")
    for seed in range(5):
        match = _midgame(seed)
        seat = match.to_move
        assert seat is not None
        view = json.loads(json.dumps(rules.to_json(rules.view(match.state, seat))))
        for bot in ("random", "greedy"):
            data = worker.choose("manasurge", view, seat, bot, 1234 + seed)
            assert Action.from_json(data) in match.legal_actions()


def test_worker_is_deterministic_for_the_same_request() -> None:
    rules = game.get("manasurge")
    match = _midgame(7)
    seat = match.to_move
    assert seat is not None
    view = rules.to_json(rules.view(match.state, seat))
    first = worker.choose("manasurge", view, seat, "greedy", 99)
    assert all(worker.choose("manasurge", view, seat, "greedy", 99) == first for _ in range(3))
    assert worker.warm_up("manasurge") is True


class _FakeConn:
    def __init__(self, requests: list[object]) -> None:
        self.requests = requests
        self.replies: list[object] = []

    def recv(self) -> object:
        if not self.requests:
            raise EOFError
        return self.requests.pop(0)

    def send(self, obj: object) -> None:
        self.replies.append(obj)


def test_serve_answers_jobs_reports_errors_and_stops_when_the_pipe_closes() -> None:
    rules = game.get("manasurge")
    match = _midgame(3)
    seat = match.to_move
    assert seat is not None
    view = rules.to_json(rules.view(match.state, seat))
    conn = _FakeConn(
        [
            (1, "warm_up", ("manasurge",)),
            (2, "choose", ("manasurge", view, seat, "greedy", 7)),
            (3, "choose", ("manasurge", view, seat, "no-such-bot", 7)),
            (4, "os.system", ("true",)),  # only the named jobs run
        ]
    )
    worker.serve(conn)  # returns on EOF
    assert conn.replies[0] == (1, "ok", True)
    assert conn.replies[1] == (2, "ok", worker.choose("manasurge", view, seat, "greedy", 7))
    assert conn.replies[2][:2] == (3, "error") and "no-such-bot" in conn.replies[2][2]
    assert conn.replies[3][:2] == (4, "error")
