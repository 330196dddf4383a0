"""Recorded games: the fingerprint of seeded bot games of every game, mode and
player count, so that an optimisation that changes play is caught (issue 15:
"same seed → same game before and after").

``python -m tests.core.recorded`` rewrites ``recorded_games.json`` after a change
that is *meant* to change play (new card data, a rules fix); say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import game
from game.ai import bots as bots_mod
from game.cli import simulate_seed
from game.core.rng import Rng

DATA = Path(__file__).with_name("recorded_games.json")
GAMES = 2  # per game, mode, player count and bot
BOTS = ("random", "greedy")


def configs() -> list[tuple[str, str, int]]:
    """(game, mode, players): each mode at its fewest and most players."""
    out: list[tuple[str, str, int]] = []
    for game_id in sorted(game.ids(include_hidden=True)):
        for mode in game.get(game_id).info.modes:
            for players in sorted({mode.player_counts[0], mode.player_counts[-1]}):
                out.append((game_id, mode.id, players))
    return out


def fingerprint(game_id: str, mode: str, players: int, bot_name: str) -> str:
    """sha256 of every action and outcome of ``GAMES`` seeded games."""
    rules = game.get(game_id)
    config = rules.info.default_config(mode, players)
    bot = bots_mod.make(bot_name)
    digest = hashlib.sha256()
    for g in range(GAMES):
        seed = simulate_seed(20261201, f"{game_id}/{mode}/{players}", g)
        state = rules.setup(config, seed)
        rng = Rng(seed ^ 0x5DEECE66D)
        steps = 0
        while (seat := rules.to_move(state)) is not None and steps < 5000:
            action = bot.choose(rules, state, seat, rng)
            digest.update(json.dumps(action.to_json(), sort_keys=True).encode())
            rules.apply(state, action, check=False)
            steps += 1
        outcome = rules.outcome(state)
        digest.update(json.dumps(None if outcome is None else outcome.to_json()).encode())
    return digest.hexdigest()[:20]


def record() -> dict[str, str]:
    return {f"{g}/{m}/{p}/{b}": fingerprint(g, m, p, b) for g, m, p in configs() for b in BOTS}


def main() -> int:
    data: dict[str, Any] = record()
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {DATA} ({len(data)} fingerprints)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
