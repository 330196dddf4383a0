"""The iterations a clocked level stops at in each game (``GameInfo.budgets``,
``levels.with_budget``): the level answers as soon as it has searched them, its clock
stops it first on a slow or busy machine, and a pinned ``hard@N`` keeps N."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import game
from game.ai import levels
from game.core.rng import Rng
from scenes.table import registry

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


# every game a player can pick, with seats a search level can take
@pytest.mark.parametrize("game_id", registry.playable())
def test_every_game_stops_its_search_levels_at_a_budget(game_id: str) -> None:
    budgets = dict(game.info(game_id).budgets)
    assert set(budgets) == {"normal", "hard"}, game_id
    assert 0 < budgets["normal"] <= budgets["hard"], game_id
    normal = levels.make("normal")
    hard = levels.make("hard")
    assert isinstance(normal, levels.SearchBot) and isinstance(hard, levels.SearchBot)
    rules = game.get(game_id)
    if budgets["normal"] == budgets["hard"]:
        # the same count only where each of hard's iterations looks further ahead
        assert hard.config_for(rules).rollout_turns > normal.config_for(rules).rollout_turns


@pytest.mark.parametrize("game_id", registry.playable())
def test_a_clocked_level_keeps_its_clock_and_gains_the_budget(game_id: str) -> None:
    rules = game.get(game_id)
    budgets = dict(game.info(game_id).budgets)
    for name in ("normal", "hard"):
        bot = levels.make(name)
        assert isinstance(bot, levels.SearchBot)
        config = bot.config_for(rules)
        assert config.iterations == budgets[name]
        assert config.seconds == levels.LEVELS[name].seconds


@pytest.mark.parametrize("game_id", game.ids())
def test_a_pinned_level_keeps_its_count_and_no_clock(game_id: str) -> None:
    bot = levels.parse("hard@37")
    assert isinstance(bot, levels.SearchBot)
    config = bot.config_for(game.get(game_id))
    assert (config.iterations, config.seconds) == (37, None)


def test_a_clocked_level_answers_once_it_has_searched_its_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # MS-5.1: seat 1 must beat the 4 on the ladder (a position with a real choice).
    rules = game.get("manasurge")
    data = json.loads((SCENARIOS / "manasurge" / "reverse_two_players.json").read_text("utf-8"))
    state = rules.from_scenario(data["position"])
    small = dataclasses.replace(rules.info, budgets=(("normal", 12), ("hard", 25)))
    monkeypatch.setattr(rules, "info", small)
    for name, count in (("normal", 12), ("hard", 25)):
        bot = levels.make(name)
        assert isinstance(bot, levels.SearchBot)
        result = bot.analyse(rules, state, 1, Rng(4))
        # the clock (0.9 s / 2.8 s) would allow far more; the budget stopped it
        assert result.iterations == count


def test_a_game_without_budgets_leaves_the_clock_alone() -> None:
    clocked = levels.LEVELS["hard"].search
    assert clocked is not None
    assert levels.with_budget(clocked, "hard", None) is clocked
    bare = dataclasses.replace(game.info("manasurge"), budgets=())
    assert levels.with_budget(clocked, "hard", bare) is clocked
