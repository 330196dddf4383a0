"""Rules cores for Bàn Thẻ's games. Pure Python: no pygame, no save-file I/O.

``game.get("manasurge")`` returns the game's :class:`~game.core.contract.Rules`;
``new_match``, ``replay_match`` and ``match_from_json`` hand those rules to a
:class:`~game.core.match.Match` (the core itself knows no registry).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from game.core.contract import Action, GameInfo, Rules
from game.core.match import Match, stored_game_id

# game id -> module that defines ``RULES``; modules are imported on first use.
_MODULES: dict[str, str] = {
    "manasurge": "game.manasurge",
    "toy": "game.toy",
    "shv": "game.shv",
    "invokation": "game.invokation",
    "shv_companion": "game.shv_companion",  # reached through Sử Hộ Vương's card
}
# Games that work everywhere (``get``, the command line, tests) but stay out of menus.
_HIDDEN: frozenset[str] = frozenset({"toy"})
_cache: dict[str, Rules[Any]] = {}


def ids(include_hidden: bool = False) -> list[str]:
    """Registered game ids, in menu order; hidden (test) games only on request."""
    return [g for g in _MODULES if include_hidden or g not in _HIDDEN]


def is_hidden(game_id: str) -> bool:
    return game_id in _HIDDEN


def get(game_id: str) -> Rules[Any]:
    """The rules object of ``game_id``; raises KeyError with the known ids."""
    if game_id not in _MODULES:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(_MODULES)}")
    if game_id not in _cache:
        module = importlib.import_module(_MODULES[game_id])
        _cache[game_id] = module.RULES
    return _cache[game_id]


def info(game_id: str) -> GameInfo:
    return get(game_id).info


def new_match(game_id: str, config: Mapping[str, Any], seed: int) -> Match:
    """A new match of the registered game ``game_id`` (KeyError if unknown)."""
    return Match(game_id, config, seed, get(game_id))


def replay_match(
    game_id: str, config: Mapping[str, Any], seed: int, log: Iterable[Action]
) -> Match:
    """``Match.replay`` with the registered rules of ``game_id``."""
    return Match.replay(game_id, config, seed, log, get(game_id))


def match_from_json(data: Any) -> Match:
    """``Match.from_json`` with the rules of the stored game id: ValueError (with
    a reason) on malformed data, an unknown game or a replay that does not fit."""
    game_id = stored_game_id(data)
    try:
        rules = get(game_id)
    except KeyError as exc:
        raise ValueError(str(exc.args[0] if exc.args else exc)) from exc
    return Match.from_json(data, rules)
