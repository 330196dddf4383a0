"""Rules-core benchmark: whole random games per second (not a test).

Usage (from the repository root)::

    .venv/bin/python bench/bench_rules.py [--game manasurge] [--runs 5] [--games 1000]

Prints, for 2, 4 and 6 players with random bots, the median over ``--runs`` runs
of games/s and actions/s.  A run plays ``--games`` whole games through the
rules contract exactly like ``python -m game simulate`` (legal_actions, the
bot's choice, apply without the second legality check).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.cli import play_games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="manasurge")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", default="2,4,6", help="comma list of player counts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.runs < 1 or args.games < 1:
        parser.error("--runs and --games must be at least 1")
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.game}")
    print(f"{args.runs} runs x {args.games} games, random bots; medians:")
    for players in (int(p) for p in args.players.split(",")):
        gps: list[float] = []
        aps: list[float] = []
        per_game = 0.0
        for run in range(args.runs):
            result = play_games(
                args.game, players, args.games, args.seed + run * args.games, ["random"]
            )
            gps.append(result["games"] / result["seconds"])
            aps.append(result["actions"] / result["seconds"])
            per_game = result["actions"] / result["games"]
        print(
            f"  {players} players: {statistics.median(gps):8.0f} games/s "
            f"{statistics.median(aps):9.0f} actions/s  ({per_game:.0f} actions/game)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
