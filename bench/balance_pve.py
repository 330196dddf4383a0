"""Sử Hộ Vương PvE balance: greedy-bot teams against every boss at 1–6 players
(issue 8, "the difficulty curve is real and written down"; docs/BALANCE.md).

Run from the repository root::

    python bench/balance_pve.py --games 200 --seed 1            # the table
    python bench/balance_pve.py --boss ngu_tinh --players 1 --games 50 --json

Each game is dealt from ``game.cli.simulate_seed(seed, "shv", g)`` exactly as
``python -m game simulate`` deals its games, so a cell here and the same cell from
``simulate --mode pve --option boss=ID`` agree game for game.  The players' decks are
the mode's defaults (each seat its preconstructed deck in turn).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game
from game.cli import simulate_seed
from game.core import bots as bots_mod
from game.core.rng import Rng

GAME = "shv"
MAX_ACTIONS = 20_000  # a runaway game is reported, not looped on


def rules_for(path: str | None = None) -> Any:
    """The game's rules, or (``--file``, for tuning) rules on another boss file."""
    if path is None:
        return game.get(GAME)
    from game.shv.rules import ShvRules
    from game.shv.villain import parse_bosses

    return ShvRules(None, parse_bosses(json.loads(Path(path).read_text(encoding="utf-8"))))


def play_cell(
    boss: str, players: int, games: int, seed: int, bot: str = "greedy", rules: Any = None
) -> dict[str, Any]:
    """``games`` PvE games of one boss at one player count; win rate and rounds."""
    rules = rules if rules is not None else game.get(GAME)
    config = rules.info.default_config("pve", players)
    config["boss"] = boss
    seat_bots = [bots_mod.make(bot) for _ in range(players)]
    wins = 0
    rounds: list[int] = []
    win_rounds: list[int] = []
    hp_left: list[int] = []
    reasons: Counter[str] = Counter()
    stuck = 0
    start = time.perf_counter()
    for g in range(games):
        game_seed = simulate_seed(seed, GAME, g)
        state = rules.setup(config, game_seed)
        rng = Rng(game_seed ^ 0x9E3779B1)
        actions = 0
        while (seat := rules.to_move(state)) is not None and actions < MAX_ACTIONS:
            rules.apply(state, seat_bots[seat].choose(rules, state, seat, rng), check=False)
            actions += 1
        result = rules.outcome(state)
        played = int(rules.summary(state).get("round", 0))
        rounds.append(played)
        hp_left.append(state.villain.boss.hp)
        if result is None:
            stuck += 1
            continue
        reasons[str(result.reason)] += 1
        if result.winners:  # every seat is on the players' team
            wins += 1
            win_rounds.append(played)
    return {
        "boss": boss,
        "players": players,
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 3) if games else 0.0,
        "median_rounds": statistics.median(rounds) if rounds else 0,
        "median_win_rounds": statistics.median(win_rounds) if win_rounds else None,
        "median_boss_hp_left": statistics.median(hp_left) if hp_left else 0,
        "reasons": dict(sorted(reasons.items())),
        "unfinished": stuck,
        "seconds": round(time.perf_counter() - start, 2),
    }


def bosses(rules: Any) -> list[str]:
    return list(rules.bosses.bosses)


def table(cells: Sequence[dict[str, Any]]) -> list[str]:
    """A Markdown table: bosses × player counts, win rate and median rounds."""
    counts = sorted({c["players"] for c in cells})
    lines = [
        "| boss | " + " | ".join(f"{n} player{'s' if n > 1 else ''}" for n in counts) + " |",
        "|---|" + "---|" * len(counts),
    ]
    for boss in dict.fromkeys(c["boss"] for c in cells):
        row = []
        for n in counts:
            cell = next((c for c in cells if c["boss"] == boss and c["players"] == n), None)
            row.append(
                "–"
                if cell is None
                else f"{100 * cell['win_rate']:.0f}% ({cell['wins']}/{cell['games']}), "
                f"{cell['median_rounds']:g} rounds"
            )
        lines.append(f"| {boss} | " + " | ".join(row) + " |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boss", action="append", help="boss id (repeatable; default all)")
    parser.add_argument("--players", type=int, action="append", help="1..6 (repeatable)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--json", action="store_true", help="one JSON object per cell")
    parser.add_argument("--file", help="another boss file (tuning experiments)")
    args = parser.parse_args(argv)
    rules = rules_for(args.file)
    cells = []
    for boss in args.boss or bosses(rules):
        for n in args.players or range(1, 7):
            cell = play_cell(boss, n, args.games, args.seed, args.bot, rules)
            cells.append(cell)
            print(json.dumps(cell, ensure_ascii=False), flush=True, file=sys.stderr)
    if args.json:
        print(json.dumps(cells, ensure_ascii=False))
    else:
        print("\n".join(table(cells)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
