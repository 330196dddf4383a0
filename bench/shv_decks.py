"""Sử Hộ Vương PvP deck matrix: one bot against itself, 1v1, every ordered pair of
preconstructed decks (docs/BALANCE.md, "PvP decks").

Run from the repository root::

    python bench/shv_decks.py --games 100 --seed 7              # greedy, the 5×5 table
    python bench/shv_decks.py --decks lua_rung,nui_tan --games 200 --json

Each cell plays ``--games`` deals: seat 0 (the first team, SHV-3.4) holds the row's
deck and seat 1 the column's, both seated by the same bot, each game dealt from
``game.cli.simulate_seed(seed, "shv", g)``.  A cell prints seat 0's wins, seat 1's
wins, games left unfinished, the median round and how the games ended (SHV-3.2a: MP
to 0; SHV-3.2b: a deck ran out).  Cells run in parallel processes (``-j``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game
from game.cli import simulate_seed
from game.core import bots as bots_mod
from game.core.rng import Rng

GAME = "shv"
MAX_ACTIONS = 20_000  # a runaway game is reported, not looped on


def play_cell(job: tuple[str, str, int, int, str]) -> dict[str, Any]:
    """``games`` 1v1 games with ``first`` at seat 0 and ``second`` at seat 1."""
    first, second, games, seed, bot = job
    rules = game.get(GAME)
    config = rules.info.default_config("pvp", 2)
    for seat, deck in zip(config["seats"], (first, second), strict=True):
        seat["deck"] = deck
    seat_bots = [bots_mod.make(bot) for _ in range(2)]
    wins = [0, 0]
    rounds: list[int] = []
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
        rounds.append(int(rules.summary(state).get("round", 0)))
        result = rules.outcome(state)
        if result is None:
            stuck += 1
            continue
        reasons[str(result.reason)] += 1
        for winner in result.winners:
            wins[winner] += 1
    return {
        "seat0": first,
        "seat1": second,
        "games": games,
        "seat0_wins": wins[0],
        "seat1_wins": wins[1],
        "unfinished": stuck,
        "median_rounds": statistics.median(rounds) if rounds else 0,
        "reasons": dict(sorted(reasons.items())),
        "seconds": round(time.perf_counter() - start, 2),
    }


def table(cells: Sequence[dict[str, Any]], decks: Sequence[str]) -> list[str]:
    """A Markdown table: seat 0's deck per row, seat 1's per column; seat 0's win
    share and the median round in each cell, then each deck's score over every
    game it played in either seat."""
    lines = [
        "| seat 0 \\ seat 1 | " + " | ".join(decks) + " |",
        "|---|" + "---|" * len(decks),
    ]
    by_pair = {(c["seat0"], c["seat1"]): c for c in cells}
    for row in decks:
        out = []
        for col in decks:
            c = by_pair.get((row, col))
            out.append(
                "–"
                if c is None
                else f"{100 * c['seat0_wins'] / max(1, c['games']):.0f}% ({c['median_rounds']:g} r)"
            )
        lines.append(f"| {row} | " + " | ".join(out) + " |")
    lines.append("")
    for deck in decks:
        won = sum(c["seat0_wins"] for c in cells if c["seat0"] == deck) + sum(
            c["seat1_wins"] for c in cells if c["seat1"] == deck
        )
        played = sum(c["games"] for c in cells if deck in (c["seat0"], c["seat1"])) + sum(
            c["games"] for c in cells if c["seat0"] == c["seat1"] == deck
        )
        lines.append(f"- {deck}: {100 * won / max(1, played):.1f}% of {played} seat-games won")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks", help="comma-separated deck ids (default: every deck)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="one JSON list on the last line")
    args = parser.parse_args(argv)
    known = list(game.get(GAME).catalog.decks)
    decks = args.decks.split(",") if args.decks else known
    unknown = [d for d in decks if d not in known]
    if unknown:
        parser.error(f"unknown deck(s) {', '.join(unknown)}; known: {', '.join(known)}")
    jobs = [(a, b, args.games, args.seed, args.bot) for a in decks for b in decks]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        cells = []
        for cell in pool.map(play_cell, jobs):
            cells.append(cell)
            print(json.dumps(cell, ensure_ascii=False), flush=True, file=sys.stderr)
    print("\n".join(table(cells, decks)))
    if args.json:
        print(json.dumps(cells, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
