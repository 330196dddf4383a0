"""The registry's match helpers (``game.new_match``, ``replay_match``,
``match_from_json``): the core's ``Match`` receives its rules, the registry looks
them up by game id for the common call (issue 38.5)."""

from __future__ import annotations

import pytest

import game
from game.core.match import Match


def test_new_match_plays_with_the_registered_rules() -> None:
    match = game.new_match("toy", {}, 3)
    assert match.rules is game.get("toy")
    assert match.game_id == "toy"
    assert match.snapshot() == Match("toy", {}, 3, game.get("toy")).snapshot()


def test_new_match_of_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="unknown game 'chess'; known: manasurge"):
        game.new_match("chess", {}, 1)


def test_a_stored_match_loads_with_the_rules_of_its_game_id() -> None:
    match = game.new_match("toy", {}, 5)
    for _ in range(4):
        match.apply(match.legal_actions()[0])
    again = game.match_from_json(match.to_json())
    assert again.rules is game.get("toy")
    assert again.log == match.log and again.snapshot() == match.snapshot()
    replayed = game.replay_match("toy", match.config, match.seed, match.log)
    assert replayed.snapshot() == match.snapshot()


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "match data must be an object, not list"),
        ({"game": "toy", "config": {}, "seed": 1}, "match data is missing 'log'"),
        ({"game": 7, "config": {}, "seed": 1, "log": []}, "match data has a bad game id 7"),
        ({"game": "chess", "config": {}, "seed": 1, "log": []}, "unknown game 'chess'"),
        ({"game": "toy", "config": {}, "seed": "x", "log": []}, "seed that is not an integer"),
    ],
)
def test_a_bad_stored_match_is_refused_with_a_reason(data: object, reason: str) -> None:
    """The save loader relies on ValueError with a reason, an unknown game included."""
    with pytest.raises(ValueError, match=reason):
        game.match_from_json(data)
