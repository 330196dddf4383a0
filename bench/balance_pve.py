"""Sử Hộ Vương PvE balance: greedy-bot teams against every boss at 1–6 players
(issue 8, "the difficulty curve is real and written down"; docs/BALANCE.md).

A thin wrapper kept for the tables already in docs/BALANCE.md: the balance lab does this
job now, with intervals, resuming and a report (``python -m game balance --game shv
--study bosses [--boss-file VARIANT.json]``, the same games cell for cell).  Run from the
repository root::

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
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.balance import analyse, spec
from game.balance.chunks import run_chunk

GAME = "shv"


def rules_for(path: str | None = None) -> Any:
    """The game's rules, or (``--file``, for tuning) rules on another boss file."""
    return spec.Study(GAME, "bosses", variants=_variants(path)).rules()


def _variants(path: str | None) -> tuple[tuple[str, str], ...]:
    return (("bosses", Path(path).read_text(encoding="utf-8")),) if path else ()


def play_cell(
    boss: str, players: int, games: int, seed: int, bot: str = "greedy", path: str | None = None
) -> dict[str, Any]:
    """``games`` PvE games of one boss at one player count (one cell of the lab's boss
    study); win rate and rounds."""
    start = time.perf_counter()
    study = spec.Study(GAME, "bosses", (bot,), games, seed, max(1, games),
                       variants=_variants(path), bosses=(boss,), players=(players,))  # fmt: skip
    cell = spec.cells(study)[0]
    records = run_chunk({**cell, "lo": 0, "hi": games})["records"]
    row = analyse.bosses({(boss, players): records})[0]
    reasons = Counter(g["why"] for g in records if g["ok"])
    return {
        "boss": boss,
        "players": players,
        "games": games,
        "wins": row["wins"],
        "win_rate": round(row["rate"], 3),
        "median_rounds": row["median_rounds"],
        "median_win_rounds": row["median_win_rounds"] if row["wins"] else None,
        "reasons": dict(sorted(reasons.items())),
        "unfinished": row["unfinished"],
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
            cell = play_cell(boss, n, args.games, args.seed, args.bot, args.file)
            cells.append(cell)
            print(json.dumps(cell, ensure_ascii=False), flush=True, file=sys.stderr)
    if args.json:
        print(json.dumps(cells, ensure_ascii=False))
    else:
        print("\n".join(table(cells)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
