"""The rules contract, checked generically on every registered game.

Parametrised over ``game.ids(include_hidden=True)`` (the hidden toy game too),
and over every mode and player count each game declares in ``rules.info``: a new game gets the whole
suite by being registered in ``game/__init__.py``.  A registered game whose
module does not exist yet is skipped (and says so), never silently passed.

Budget: ``BANTHE_CONTRACT_GAMES`` random games per configuration (default 3).
"""

from __future__ import annotations

import importlib.util
import os
from typing import Any

import pytest

import game

from . import contract_checks as cc

GAMES_PER_CONFIG = int(os.environ.get("BANTHE_CONTRACT_GAMES", "3"))


def _rules_or_reason(game_id: str) -> tuple[Any, str | None]:
    """(rules, None); (None, reason) to skip a registered game not written yet; or
    (None, None) when importing it fails, so the tests run and show the error."""
    module = game._MODULES[game_id]
    if importlib.util.find_spec(module) is None:
        return None, f"{game_id}: module {module} is registered but not written yet"
    try:
        return game.get(game_id), None
    except Exception:  # reported by the test itself, not as a collection error
        return None, None


def _game_ids() -> list[str]:
    return game.ids(include_hidden=True)


def _game_params() -> list[Any]:
    params = []
    for game_id in _game_ids():
        rules, reason = _rules_or_reason(game_id)
        if rules is None and reason is not None:
            params.append(pytest.param(game_id, marks=pytest.mark.skip(reason=reason), id=game_id))
        else:
            params.append(pytest.param(game_id, id=game_id))
    return params


def _config_params() -> list[Any]:
    params = []
    for game_id in _game_ids():
        rules, reason = _rules_or_reason(game_id)
        if rules is None:
            marks = [pytest.mark.skip(reason=reason)] if reason is not None else []
            params.append(pytest.param(game_id, "?", 0, marks=marks, id=f"{game_id}-import"))
            continue
        for mode, players, _ in cc.configurations(rules.info):
            params.append(pytest.param(game_id, mode, players, id=f"{game_id}-{mode}-{players}"))
    return params


def _config(game_id: str, mode: str, players: int) -> tuple[Any, dict[str, Any]]:
    rules = game.get(game_id)
    for m, n, config in cc.configurations(rules.info):
        if (m, n) == (mode, players):
            return rules, config
    raise AssertionError(f"{game_id} has no configuration {mode}/{players}")


@pytest.mark.parametrize("game_id", _game_params())
def test_registered_and_labelled(game_id: str) -> None:
    rules = game.get(game_id)
    assert rules.info.id == game_id, "RULES.info.id must equal the registry id"
    assert game.info(game_id) is rules.info
    cc.check_info(rules)


@pytest.mark.parametrize(("game_id", "mode", "players"), _config_params())
def test_random_play_keeps_the_contract(game_id: str, mode: str, players: int) -> None:
    """Random legal play to the end; every invariant after every action; then the
    same seed and actions replay to the same events and JSON."""
    rules, config = _config(game_id, mode, players)
    for k in range(GAMES_PER_CONFIG):
        seed = 1000 * players + k
        budget = cc.Budget() if k == 0 else cc.Budget(heavy_steps=20, heavy_every=25)
        record = cc.play_checked(rules, config, seed, budget)
        assert record.actions, "a game that ends before anyone acts tests nothing"
        cc.check_determinism(rules, config, seed, record)


@pytest.mark.parametrize(("game_id", "mode", "players"), _config_params())
def test_match_undo_replay_and_saves(game_id: str, mode: str, players: int) -> None:
    _, config = _config(game_id, mode, players)
    cc.check_match(game_id, config, seed=77 + players)


@pytest.mark.parametrize(("game_id", "mode", "players"), _config_params())
def test_bots_play_legal_moves_to_the_end(game_id: str, mode: str, players: int) -> None:
    rules, config = _config(game_id, mode, players)
    assert cc.play_bots(rules, config, 5 + players, ["greedy", "random"]) > 0
    assert cc.play_bots(rules, config, 6 + players, ["random"]) > 0


@pytest.mark.parametrize("game_id", _game_params())
def test_setup_refuses_unknown_mode(game_id: str) -> None:
    rules = game.get(game_id)
    with pytest.raises((ValueError, KeyError)):
        rules.setup({"mode": "no-such-mode", "players": 2, "seats": []}, 1)
