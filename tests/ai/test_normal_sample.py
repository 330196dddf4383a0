"""The normal level's slips (``guards.by_visits``, ``levels.NORMAL_SAMPLE``): it draws
its move by the search's visits among the moves tried often enough; hard always
plays the most visited move."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import game
from game.ai import levels
from game.ai.guards import by_visits
from game.ai.mcts import Choice, SearchResult
from game.core.contract import Action
from game.core.rng import Rng

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "shv"


def _result(visits: list[int], values: list[float] | None = None) -> SearchResult:
    worth = values or [0.5] * len(visits)
    choices = [Choice(Action.make("m", 0, i=i), v, worth[i]) for i, v in enumerate(visits)]
    return SearchResult(choices[0].action, choices, sum(visits), 0.1)


def test_draws_follow_the_visits() -> None:
    result = _result([60, 30, 10])
    rng = Rng(7)
    drawn = Counter(by_visits(result, rng, 0.1)["i"] for _ in range(3000))
    assert set(drawn) == {0, 1, 2}
    assert 0.55 < drawn[0] / 3000 < 0.65 and 0.25 < drawn[1] / 3000 < 0.35


def test_a_move_tried_less_than_the_share_is_never_drawn() -> None:
    result = _result([100, 40, 9, 0])
    rng = Rng(3)
    assert {by_visits(result, rng, 0.1)["i"] for _ in range(500)} == {0, 1}


def test_only_the_three_most_visited_are_drawn() -> None:
    result = _result([50, 45, 40, 35, 30, 25])
    rng = Rng(5)
    assert {by_visits(result, rng, 0.1)["i"] for _ in range(500)} == {0, 1, 2}


def test_a_move_valued_clearly_lower_is_never_drawn() -> None:
    # an exposed teammate left uncovered is valued about 0.1 lower (ai_cover_teammate.json)
    result = _result([60, 30, 25], [0.49, 0.44, 0.47])
    rng = Rng(9)
    assert {by_visits(result, rng, 0.1)["i"] for _ in range(500)} == {0, 2}


def test_a_lone_candidate_is_the_search_move() -> None:
    result = _result([100, 5])
    assert all(by_visits(result, Rng(s), 0.1) == result.action for s in range(20))


def test_only_normal_samples() -> None:
    normal, hard = levels.LEVELS["normal"].search, levels.LEVELS["hard"].search
    assert normal is not None and hard is not None
    assert normal.sample == levels.NORMAL_SAMPLE > 0 and hard.sample == 0


def test_normal_keeps_the_tree_of_the_move_it_played() -> None:
    # SHV-4.2: a main-phase decision; whatever normal plays, its kept tree follows it.
    rules = game.get("shv")
    data = json.loads((SCENARIOS / "ai_idle_turn.json").read_text("utf-8"))
    state = rules.from_scenario(data["position"])
    played = set()
    for seed in range(8):
        bot = levels.make("normal", 60)
        assert isinstance(bot, levels.SearchBot) and bot.last is None
        action = bot.choose(rules, rules.clone(state), 0, Rng(seed))
        assert bot.memory.action == action
        played.add(action.kind)
    assert "activate" in played


def test_manasurge_widens_normals_slips_and_hard_still_plays_its_best() -> None:
    # MS-5.1: a 2-player round's cards are valued far apart; normal draws among them all.
    changes = dict(game.info("manasurge").search)
    normal, hard = levels.make("normal", 50), levels.make("hard", 50)
    assert isinstance(normal, levels.SearchBot) and isinstance(hard, levels.SearchBot)
    rules = game.get("manasurge")
    got = normal.config_for(rules)
    assert (got.sample_most, got.sample_drop) == (changes["sample_most"], changes["sample_drop"])
    assert got.sample == levels.NORMAL_SAMPLE and hard.config_for(rules).sample == 0
