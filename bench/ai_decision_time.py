"""Whole AI decisions as the table makes them (issue 10: "normal decides in <= 1 s
median, hard in <= 3 s median, over whole decisions including the worker round trip").

For each game and level, positions of a 2-seat greedy game (every ``--every``-th
decision with a choice, as ``bench/ai_strength.py``) go through the table's own path:
``rules.view`` -> ``to_json`` -> ``AiWorker.start`` (the real worker process, a pipe,
``game.ai.worker.choose``: ``from_json``, the kept bot's search, the action's JSON)
-> ``AiWorker.poll`` until the answer is back -> ``action_from_json``.  The time is
the wall clock from before the view is taken to after the action is parsed, polled
every millisecond (the table polls once a frame, so on screen a decision can also
wait up to one frame, 16.7 ms at 60 fps).  The position's seat plays the answer's
move only for the measurement; the game continues with the greedy bot's move.

    SDL_VIDEODRIVER=dummy python bench/ai_decision_time.py [--games shv,invokation,manasurge]
        [--levels normal,hard] [--count 12] [--seed 1] [--json]
        [--mode pve --players 6 --boss moc_tinh]

``--mode``, ``--players`` and ``--boss`` set up another table than the default
2-seat game (Sử Hộ Vương co-op: a team of ``--players`` against ``--boss``; every
seat is then on one side, so the walk takes positions of every seat).

Prints per game and level: decisions, p50, p95 and max in ms (a wall-clock figure:
it depends on the machine and its load, which the output states).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from itertools import islice
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from bench.ai_strength import positions, table_config
from scenes.table import ai as table_ai


def decide(
    worker: table_ai.AiWorker, rules: Any, state: Any, seat: int, bot: str, rng: Any
) -> float:
    """One decision through the worker, in seconds (the table's path, see above)."""
    start = time.perf_counter()
    view = rules.to_json(rules.view(state, seat))
    request = table_ai.AiRequest(rules.info.id, view, seat, bot, rng.next64())
    worker.start(request, token=start)
    while True:
        done, data = worker.poll()
        if done:
            break
        time.sleep(0.001)
    if data is None:
        raise SystemExit(f"the worker failed: {worker.failure}")
    rules.action_from_json(state, data)
    return time.perf_counter() - start


def measure(
    game_id: str,
    level: str,
    count: int,
    seed: int,
    every: int,
    config: dict[str, Any] | None = None,
) -> dict[str, Any]:
    worker = table_ai.AiWorker(deadline=60.0)  # measure, never fall back
    table_ai.warm_up(game_id)
    walk = positions(game_id, seed, every, config)
    times = [
        decide(worker, rules, state, seat, level, rng)
        for rules, state, seat, rng in islice(walk, count)
    ]
    ms = sorted(t * 1000 for t in times)
    return {
        "game": game_id,
        "level": level,
        "decisions": len(ms),
        "p50_ms": round(statistics.median(ms), 1),
        "p95_ms": round(ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))], 1),
        "max_ms": round(ms[-1], 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/ai_decision_time.py", description=__doc__)
    parser.add_argument("--games", default="shv,invokation,manasurge")
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--count", type=int, default=12, help="decisions per game and level")
    parser.add_argument("--every", type=int, default=4, help="every Nth decision with a choice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object on the last line")
    parser.add_argument("--mode", default=None, help="the game's mode (e.g. pve)")
    parser.add_argument("--players", type=int, default=None, help="seats at the table")
    parser.add_argument("--boss", default=None, help="Sử Hộ Vương co-op: the boss")
    args = parser.parse_args(argv)
    rows = []
    try:
        for game_id in args.games.split(","):
            config = table_config(game_id, args.mode, args.players, args.boss)
            for level in args.levels.split(","):
                row = measure(game_id, level, args.count, args.seed, args.every, config)
                if config is not None:
                    keys = ("mode", "players", "boss")
                    row["config"] = {k: config[k] for k in keys if k in config}
                rows.append(row)
                if not args.json:
                    print(
                        f"{game_id:11} {level:7} {row['decisions']:3} decisions  "
                        f"p50 {row['p50_ms']:7.1f} ms  p95 {row['p95_ms']:7.1f} ms  "
                        f"max {row['max_ms']:7.1f} ms",
                        flush=True,
                    )
    finally:
        table_ai.shutdown()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    if args.json:
        print(json.dumps({"rows": rows, "load": load}))
    else:
        print(f"load average at the end: {load}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
