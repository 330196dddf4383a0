"""The search's rollout: a rollout may play greedy moves on to the end of the seat's
own next turn (Sử Hộ Vương's ``GameInfo.search``), so a position the foe wins next
turn scores as lost even where the one-ply evaluation still sees a live player; a
game's ``GameInfo.search`` gives it its own search settings."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import game
from game.ai import Search, SearchConfig, levels
from game.core.contract import Action
from game.core.rng import Rng

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "shv"
BASE = SearchConfig(iterations=40, seconds=None, normalize=True)
TURNS = replace(BASE, **dict(game.info("shv").search))


def _lethal() -> tuple[Any, Any]:
    """``lethal_next_turn.json``: seat 1 to act, lost to the foe's next turn."""
    rules = game.get("shv")
    data = json.loads((SCENARIOS / "lethal_next_turn.json").read_text("utf-8"))
    return rules, rules.from_scenario(data["position"])


def _end_turn(rules: Any, state: Any) -> Action:
    return next(a for a in rules.legal_actions(state) if a.kind == "end_turn")


def test_a_level_uses_its_games_settings_and_other_games_do_not() -> None:
    info = game.info("shv")
    shv = dict(info.search)
    assert shv["rollout_turns"] == 3  # to the end of the seat's own next turn
    normal = dict(dict(info.level_search)["normal"])
    assert normal["rollout_turns"] == 2  # normal: to the end of the foe's next turn
    for name in ("normal", "hard"):
        bot = levels.make(name, 50)
        assert isinstance(bot, levels.SearchBot)
        got = bot.config_for(game.get("shv"))
        want = {**shv, **normal} if name == "normal" else shv
        assert all(getattr(got, key) == value for key, value in want.items())
        assert got.iterations == 50 and got.normalize  # the level's own settings stay
        assert bot.config_for(game.get("invokation")) == bot.config  # no changes listed


def test_the_rollout_plays_the_foes_turn_so_a_lethal_position_scores_lost() -> None:
    # SHV-8.6: Âu Cơ (1 HP) shields seat 1; SHV-3.2a: seat 0's Ma Trơi knocks it out
    # and Trọng Thủy's 3 damage takes seat 1's last 3 MP next turn.
    rules, state = _lethal()
    rules.apply(state, _end_turn(rules, state))  # the first of the two turn ends
    assert rules.evaluate(state, 1) > 0.1  # the one-ply look still sees a live player
    for seed in range(4):
        world = rules.clone(state)
        values = Search(rules, TURNS, Rng(seed))._leaf(world, 1)
        assert values[1] == 0.0 and values[0] == 1.0  # seat 1 eliminated in the rollout
        assert rules.outcome(world) is not None


def test_without_turn_ends_the_rollout_stops_after_its_depth() -> None:
    rules, state = _lethal()
    rules.apply(state, _end_turn(rules, state))
    world = rules.clone(state)
    values = Search(rules, replace(BASE, rollout_depth=0), Rng(1))._leaf(world, 0)
    assert rules.to_json(world) == rules.to_json(state)  # depth 0: evaluated as it is
    assert values == rules.evaluate_all(state)


def test_the_turn_count_stops_the_rollout_after_the_seats_own_next_turn() -> None:
    rules, state = _lethal()  # seat 1 to act: its turn, the foe's, its own next one
    config = replace(TURNS, rollout_greedy=0.0, rollout_depth=400)
    assert config.rollout_turns == 3
    for seed in range(6):
        world = rules.clone(state)
        Search(rules, config, Rng(seed))._leaf(world, 0)
        over = rules.outcome(world) is not None
        # random moves: either the game ended, or three turns ended and the foe's
        # next turn has just begun
        assert over or (world.turns == [*state.turns, 0, 1, 0] and rules.to_move(world) == 0)


def test_a_rollout_stops_when_the_clock_has_run_out() -> None:
    # Issue 10 (normal <= 1 s, hard <= 3 s a decision): a greedy rollout to the end of
    # the foe's turn can be long, so past the search's deadline it scores where it is.
    rules, state = _lethal()
    rules.apply(state, _end_turn(rules, state))
    search = Search(rules, TURNS, Rng(1))
    search.deadline = time.perf_counter() - 1.0  # already over
    world = rules.clone(state)
    values = search._leaf(world, 1)
    assert rules.to_json(world) == rules.to_json(state)  # no move was played
    assert values == rules.evaluate_all(state)
    search.deadline = None  # no clock (pinned iterations): the rollout plays on
    world = rules.clone(state)
    search._leaf(world, 1)
    assert rules.outcome(world) is not None
