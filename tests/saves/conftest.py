"""Fixtures for the save tests: a private save folder and a tiny test game.

Every test gets its own folder through ``BANTHE_SAVE_DIR`` and appdirs is
redirected into ``tmp_path`` too, so no test can touch the real user folder.
The tiny game ("tiny") is registered in the game registry for the duration of
each test; it has hidden hands, a shuffled draw pile and RNG draws mid-game,
which is everything a save must reproduce.
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # plain `pytest` (not `python -m pytest`) from anywhere
    sys.path.insert(0, str(ROOT))

from saves_tiny_game import TINY, TINY_CONFIG, TinyRules, play  # noqa: E402

import game  # noqa: E402
from game import new_match  # noqa: E402
from game.core.match import Match  # noqa: E402
from saves import paths, store  # noqa: E402


@pytest.fixture(autouse=True)
def tiny_game(monkeypatch: pytest.MonkeyPatch) -> TinyRules:
    rules = TinyRules()
    monkeypatch.setitem(game._MODULES, TINY, "saves_tiny_game")
    monkeypatch.setitem(game._cache, TINY, rules)
    return rules


@pytest.fixture(autouse=True)
def save_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh save folder per test; appdirs points into tmp_path as well."""
    folder = tmp_path / "saves"
    monkeypatch.setenv(paths.ENV_SAVE_DIR, str(folder))
    monkeypatch.setattr(paths, "_override", None)
    monkeypatch.setattr(
        paths.appdirs, "user_data_dir", lambda *a, **k: str(tmp_path / "appdirs-data")
    )
    monkeypatch.setattr(
        paths.appdirs, "user_config_dir", lambda *a, **k: str(tmp_path / "appdirs-config")
    )
    store._verified.clear()
    store.use_background_writer(False)  # an App built by another test turns it on
    return paths.save_dir()


@pytest.fixture
def tiny_match() -> Callable[..., Match]:
    def make(steps: int = 5, seed: int = 2026, config: dict[str, Any] | None = None) -> Match:
        return play(new_match(TINY, copy.deepcopy(config or TINY_CONFIG), seed), steps)

    return make
