"""Sử Hộ Vương PvP deck matrix: one bot against itself, 1v1, every ordered pair of
preconstructed decks (docs/BALANCE.md, "PvP decks").

A thin wrapper kept for the tables already in docs/BALANCE.md: the balance lab does this
job now, with intervals, card figures, resuming and a report
(``python -m game balance --game shv --study decks --seed 7``, the same games cell for
cell).  Run from the repository root::

    python bench/shv_decks.py --games 100 --seed 7              # greedy, the 5×5 table
    python bench/shv_decks.py --decks lua_rung,nui_tan --games 200 --json

Each cell plays ``--games`` deals: seat 0 (the first team, SHV-3.4) holds the row's
deck and seat 1 the column's, both seated by the same bot, each game dealt from
``game.cli.simulate_seed(seed, "shv", g)`` (a cell is ``python -m game simulate --game
shv --mode pvp --players 2 --bots greedy`` with the two decks).  A cell prints seat
0's wins, seat 1's wins, games left unfinished, the median round and how the games
ended (SHV-3.2a: MP to 0; SHV-3.2b: a deck ran out).  Cells run in parallel processes (``-j``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game
from game.balance import analyse, spec
from game.balance.chunks import run_chunk

GAME = "shv"


def play_cell(job: tuple[str, str, int, int, str]) -> dict[str, Any]:
    """``games`` 1v1 games with ``first`` at seat 0 and ``second`` at seat 1: one cell of
    the lab's deck study (the deals and bot draws of ``python -m game simulate``)."""
    first, second, games, seed, bot = job
    start = time.perf_counter()
    study = spec.Study(GAME, "decks", (bot,), games, seed, max(1, games),
                       ((first, first), (second, second)))  # fmt: skip
    cell = next(c for c in spec.cells(study) if (c["a"], c["b"]) == (first, second))
    records = run_chunk({**cell, "lo": 0, "hi": games, "cards": False})["records"]
    row = analyse.decks({(first, second): records}, [first, second] if first != second else [first])
    ordered = next(c for c in row["ordered"] if (c["a"], c["b"]) == (first, second))
    return {
        "seat0": first,
        "seat1": second,
        "games": games,
        "seat0_wins": ordered["wins"],
        "seat1_wins": ordered["seat1_wins"],
        "unfinished": ordered["unfinished"],
        "median_rounds": ordered["median_rounds"] if games else 0,
        "reasons": dict(sorted(Counter(g["why"] for g in records if g["ok"]).items())),
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
