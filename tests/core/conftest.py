"""Fixtures for the generic contract suite: the toy game is registered like a real one."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # plain `pytest` (not `python -m pytest`) from anywhere
    sys.path.insert(0, str(ROOT))

import game  # noqa: E402
import game.i18n  # noqa: E402

from . import toy_game  # noqa: E402

_real_table = game.i18n.table


@cache
def _table_with_toy(lang: str) -> Mapping[str, str]:
    return {**_real_table(lang), **toy_game.TRANSLATIONS.get(lang, {})}


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the toy game in the game registry and its strings in the
    translation tables, exactly as a real game module and its i18n file would be."""
    monkeypatch.setitem(game._MODULES, toy_game.GAME_ID, toy_game.__name__)
    monkeypatch.setitem(game._cache, toy_game.GAME_ID, toy_game.RULES)
    monkeypatch.setattr(game.i18n, "table", _table_with_toy)
    yield
