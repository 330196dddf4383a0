"""The AI worker function: a seat's view in as JSON, a legal action out as JSON."""

from __future__ import annotations

import json

import game
from game.core import worker
from game.core.contract import Action
from game.core.match import Match
from game.core.rng import Rng


def _midgame(seed: int) -> Match:
    match = Match("manasurge", {"players": 3}, seed)
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
