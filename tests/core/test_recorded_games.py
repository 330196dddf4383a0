"""Same seed → same game, before and after every optimisation (issue 15): seeded
random and greedy games of every game, mode and player count against the
fingerprints in ``recorded_games.json`` (``python -m tests.core.recorded``
rewrites them after a change that is meant to change play)."""

from __future__ import annotations

import json

import pytest

from tests.core import recorded

EXPECTED: dict[str, str] = json.loads(recorded.DATA.read_text(encoding="utf-8"))


def test_every_game_mode_and_player_count_is_recorded() -> None:
    keys = {f"{g}/{m}/{p}/{b}" for g, m, p in recorded.configs() for b in recorded.BOTS}
    assert keys == set(EXPECTED), "run python -m tests.core.recorded and commit the file"


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_seeded_games_play_as_recorded(key: str) -> None:
    game_id, mode, players, bot = key.split("/")
    assert recorded.fingerprint(game_id, mode, int(players), bot) == EXPECTED[key]
