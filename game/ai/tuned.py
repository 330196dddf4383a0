"""A measuring instrument, never a seat: ``LEVEL@N+field=value[+field=value...]`` is a
search level pinned to N iterations with some of its ``SearchConfig`` fields changed
on top of the game's own (``GameInfo.search`` and ``level_search``), so a setting can
be tried against the shipped one on the same deals without editing the code::

    python -m game match --game manasurge --bots hard@200+rollout_depth=6,random

Only ``python -m game match`` knows it (``bots.known`` does not, so no table, save or
seat setup can ask for it).  Values are Python literals (``6``, ``1.0``, ``True``) of
the field's type; a tuple field (``turn_end``) cannot be written in ``--bots``, which
splits at commas.  docs/AI.md quotes the runs."""

from __future__ import annotations

import ast
from dataclasses import asdict, replace
from typing import Any

from game.ai import levels
from game.ai.mcts import SearchConfig
from game.core.contract import Rules

SEPARATOR = "+"
_FIXED = ("iterations", "seconds")  # the pinned budget is the N of LEVEL@N
_DEFAULTS = {k: v for k, v in asdict(SearchConfig()).items() if k not in _FIXED}


class TunedBot(levels.SearchBot):
    """A pinned search level whose config for a game carries ``changes`` last."""

    def __init__(self, name: str, config: SearchConfig, changes: dict[str, Any]) -> None:
        super().__init__(name, config)
        self.changes = changes
        self._tuned: dict[str | None, SearchConfig] = {}

    def config_for(self, rules: Rules[Any]) -> SearchConfig:
        game_id = getattr(getattr(rules, "info", None), "id", None)
        config = self._tuned.get(game_id)
        if config is None:
            config = self._tuned[game_id] = replace(super().config_for(rules), **self.changes)
        return config


def _value(spec: str, key: str, text: str) -> Any:
    """The literal ``text`` for field ``key``, checked against the field's default."""
    if key not in _DEFAULTS:
        raise ValueError(f"{spec!r}: no search setting {key!r}; known: {', '.join(_DEFAULTS)}")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError) as exc:
        raise ValueError(f"{spec!r}: {key}={text!r} is not a Python literal") from exc
    default = _DEFAULTS[key]
    if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if type(value) is not type(default):
        raise ValueError(f"{spec!r}: {key} must be like {default!r}, not {text!r}")
    return value


def parse(spec: str) -> TunedBot:
    """The bot of ``LEVEL@N+field=value...``; ValueError says what is wrong."""
    head, *parts = spec.split(SEPARATOR)
    try:
        base = levels.parse(head) if "@" in head else None
    except KeyError:
        base = None
    if not isinstance(base, levels.SearchBot):
        raise ValueError(f"{spec!r}: a tuned bot is normal@N or hard@N, then +field=value")
    if not parts:
        raise ValueError(f"{spec!r}: no +field=value to change")
    changes: dict[str, Any] = {}
    for part in parts:
        key, eq, text = part.partition("=")
        if not eq:
            raise ValueError(f"{spec!r}: {part!r} is not field=value")
        changes[key.strip()] = _value(spec, key.strip(), text.strip())
    return TunedBot(base.name, base.config, changes)


def known(name: str) -> bool:
    """``name`` is a well-formed tuned bot."""
    if SEPARATOR not in name:
        return False
    try:
        parse(name)
    except ValueError:
        return False
    return True
