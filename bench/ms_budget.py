"""Where a random 4-player ManaSurge game's CPU time goes (issue 39 item 5; not a test).

Usage (from the repository root)::

    .venv/bin/python bench/ms_budget.py [--games 800]

Plays the games of ``bench/all.py``'s row (``play_games``, seed 1) three times: whole;
with ``Rng.shuffle`` timed (the deal and every reshuffle of the discard, MS-3.2, MS-6.3);
and the same loop (random bot, ``Rng.choice``) over the recorded legal-action lists with
a rules core that costs nothing.  What is left is the rules core's own time: the part a
faster core can win against RLCard's UNO.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import game
import game.core.rng as rng_mod
from game.ai import bots
from game.cli import play_games, simulate_seed
from game.core.contract import Action


class _Free:
    """A rules core that costs nothing: replays recorded legal-action lists."""

    def __init__(self, lists: list[list[Action]]) -> None:
        self.lists = lists
        self.i = 0

    def to_move(self, state: Any) -> int | None:
        return None if self.i >= len(self.lists) else 0

    def legal_actions(self, state: Any) -> list[Action]:
        return self.lists[self.i]

    def apply_quiet(self, state: Any, action: Action) -> None:
        self.i += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=800)
    n = parser.parse_args().games
    rules = game.get("manasurge")
    base = rules.info.default_config(None, 4)
    clock = time.process_time
    start = clock()
    actions = play_games("manasurge", 4, n, 1, ["random"])["actions"]
    whole = clock() - start
    original = rng_mod.Rng.shuffle
    spent = [0.0]

    def timed(self: rng_mod.Rng, items: Any) -> None:
        begun = clock()
        original(self, items)
        spent[0] += clock() - begun

    rng_mod.Rng.shuffle = timed  # type: ignore[method-assign]
    try:
        play_games("manasurge", 4, n, 1, ["random"])
    finally:
        rng_mod.Rng.shuffle = original  # type: ignore[method-assign]
    lists: list[list[Action]] = []
    for g in range(n):
        seed = simulate_seed(1, "manasurge", g)
        state, rng = rules.setup(base, seed), rng_mod.Rng(seed ^ 0x9E3779B1)
        while rules.to_move(state) is not None:
            legal = rules.legal_actions(state)
            lists.append(legal)
            rules.apply_quiet(state, rng.choice(legal))
    free, bot, rng = _Free(lists), bots.RandomBot(), rng_mod.Rng(3)
    start = clock()
    while (seat := free.to_move(None)) is not None:
        free.apply_quiet(None, bot.choose(free, None, seat, rng))  # type: ignore[arg-type]
    loop = clock() - start
    own = whole - spent[0] - loop
    print(f"{n} games, {actions / n:.1f} actions a game; CPU per game:")
    print(f"  whole game              {whole / n * 1e6:6.0f} µs")
    print(f"  shuffles (Rng.shuffle)  {spent[0] / n * 1e6:6.0f} µs")
    print(f"  bot, Rng.choice, loop   {loop / n * 1e6:6.0f} µs")
    each = own / actions * 1e6
    print(f"  rules core's own        {own / n * 1e6:6.0f} µs ({each:.2f} µs an action)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
