"""``LEVEL@N+field=value`` (``game.ai.tuned``): a pinned search level with some search
settings changed, to try a setting against the shipped one on the same deals.  Only
``python -m game match`` knows it; no seat can be given it."""

from __future__ import annotations

import json

import pytest

import game
from game.__main__ import main
from game.ai import bots, levels, tuned


def test_the_change_lands_on_top_of_the_games_own_settings() -> None:
    rules = game.get("shv")  # GameInfo.search: rollout_turns 3, rollout_depth 60
    bot = tuned.parse("hard@40+rollout_depth=7+exploration=1")
    config = bot.config_for(rules)
    shipped = levels.make("hard", 40)
    assert isinstance(shipped, levels.SearchBot)
    assert config.rollout_depth == 7 and config.exploration == 1.0
    assert config.rollout_turns == shipped.config_for(rules).rollout_turns == 3
    assert config.iterations == 40 and config.seconds is None


def test_a_level_keeps_its_own_level_search() -> None:
    rules = game.get("shv")  # level_search: normal rolls out to the end of the foe's turn
    config = tuned.parse("normal@30+rollout_greedy=0.5").config_for(rules)
    assert config.rollout_turns == 2 and config.rollout_greedy == 0.5


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("hard@20+depth=3", "no search setting 'depth'"),
        ("hard@20+iterations=5", "no search setting 'iterations'"),
        ("hard@20+rollout_depth=three", "not a Python literal"),
        ("hard@20+rollout_depth=2.5", "rollout_depth must be like 2, not '2.5'"),
        ("hard@20+rollout_depth", "is not field=value"),
        ("easy@20+rollout_depth=3", "normal@N or hard@N"),
        ("hard+rollout_depth=3", "normal@N or hard@N"),
    ],
)
def test_a_wrong_setting_is_named(spec: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        tuned.parse(spec)
    assert not tuned.known(spec)


def test_no_seat_can_be_given_a_tuned_bot() -> None:
    assert tuned.known("hard@5+rollout_depth=3")
    assert not bots.known("hard@5+rollout_depth=3")
    with pytest.raises(KeyError):
        bots.make("hard@5+rollout_depth=3")


def test_the_match_plays_it_and_names_a_wrong_setting(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--game", "manasurge", "--games", "2", "--json"]
    assert main([*argv, "--bots", "hard@5+rollout_depth=4,random"]) == 0
    row = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert row["bots"] == ["hard@5+rollout_depth=4", "random"] and row["games"] == 2
    assert main([*argv, "--bots", "hard@5+depth=4,random"]) != 0
    assert "no search setting 'depth'" in capsys.readouterr().err
