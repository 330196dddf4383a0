"""Seats are ints, never bools (issue 13 item 3): ``True == 1`` in Python, so
every place that takes a seat must check the type, not just compare."""

from __future__ import annotations

import pytest

import game
from game import new_match
from game.core.contract import Action, IllegalAction
from game.core.match import UNDO_BLOCKED, UNDO_NOTHING, Match
from game.core.rng import Rng


def _until_seat_one_acted() -> Match:
    rules = game.get("toy")
    match = new_match("toy", rules.info.default_config(None, 2, control="human"), 21)
    rng = Rng(3)
    while not any(a.seat == 1 for a in match.log) or match.to_move != 0:
        match.apply(rng.choice(match.legal_actions()))
    match.barrier = 0  # undo may reach any action (the dice are not the point here)
    return match


def test_undo_for_a_bool_seat_takes_nothing_back() -> None:
    match = _until_seat_one_acted()
    steps, reason = match.undo_check(1)
    assert steps > 0 and reason is None  # seat 1 could take its action back
    assert match.undo_check(True) == (0, UNDO_NOTHING)  # type: ignore[arg-type]
    log = list(match.log)
    assert match.undo_to(True) == 0 and match.log == log  # type: ignore[arg-type]


def test_a_bool_in_through_is_not_seat_one() -> None:
    """Seat 0 asks to take back its last action, after which seat 1 acted: only
    seat 1 in ``through`` (an AI seat) lets it; ``True`` does not."""
    rules = game.get("toy")
    match = new_match("toy", rules.info.default_config(None, 2, control="human"), 21)
    rng = Rng(4)
    while not (
        len(match.log) >= 2
        and (match.log[-2].seat, match.log[-1].seat) == (0, 1)
        and match.log[-1].kind not in rules.pass_kinds
    ):
        if match.to_move is None:
            match = new_match("toy", match.config, match.seed + 1)
        match.apply(rng.choice(match.legal_actions()))
    match.barrier = 0  # undo may reach any action (the dice are not the point here)
    assert match.undo_check(0) == (0, UNDO_BLOCKED)
    assert match.undo_check(0, through=[1]) == (2, None)
    assert match.undo_check(0, through=[True]) == (0, UNDO_BLOCKED)  # type: ignore[list-item]


@pytest.mark.parametrize("game_id", game.ids(include_hidden=True))
def test_a_bool_seat_is_refused_by_every_game(game_id: str) -> None:
    rules = game.get(game_id)
    for mode in rules.info.modes:
        players = max(mode.player_counts)
        match = new_match(game_id, rules.info.default_config(mode.id, players), 5)
        rng = Rng(9)
        for _ in range(60):
            mover = match.to_move
            if mover is None:
                break
            legal = match.legal_actions()
            if mover in (0, 1):
                for action in legal[:5]:
                    forged = Action(action.kind, bool(mover), action.args)
                    assert rules.explain(match.state, forged) is not None
                    with pytest.raises(IllegalAction):
                        match.apply(forged)
                    with pytest.raises(ValueError):
                        Action.from_json({**action.to_json(), "seat": bool(mover)})
            match.apply(rng.choice(legal))
