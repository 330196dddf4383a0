"""Autosave benchmark: how long ``saves.store.autosave`` holds the caller (not a test).

Usage (from the root of a checkout)::

    .venv/bin/python bench/bench_autosave.py [--saves 40] [--runs 5] [--dir DIR]

Plays a 4-player ManaSurge game with greedy bots (seed 11) and autosaves after
every action into a fresh folder under ``--dir`` (default: a temp folder; give a
folder on the disk the game saves to, since ``fsync`` is what costs).  Times
each ``autosave`` call on the calling thread, which in the app is the frame:
with the background writer (``store.use_background_writer``, when the checkout
has it) the call only builds the document and queues the write.  Prints the
median, 95th percentile and worst call of each run, then the median of the run
medians; the writes are flushed (and not timed) and the folder removed
before the next run.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from game import new_match

ROOT = Path.cwd()  # the checkout measured (run it from that checkout's root)
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", default=None)
    parser.add_argument("--sync", action="store_true", help="write on the caller's thread")
    args = parser.parse_args()

    from game.ai.bots import make
    from game.core.rng import Rng
    from saves import paths, store

    background = hasattr(store, "use_background_writer") and not args.sync
    if background:
        store.use_background_writer()
    print(f"{'background writer' if background else 'writes on the caller thread'}, "
          f"{args.saves} autosaves per run, time of autosave() in ms:")  # fmt: skip
    medians = []
    for run in range(args.runs):
        folder = Path(tempfile.mkdtemp(prefix="banthe-autosave-", dir=args.dir))
        paths.set_save_dir(folder)
        match = new_match("manasurge", _config(4), 11)
        bot, rng = make("greedy"), Rng(run)
        times: list[float] = []
        while len(times) < args.saves and match.to_move is not None:
            seat = match.to_move
            match.apply(bot.choose(match.rules, match.state, seat, rng))
            start = time.perf_counter()
            store.autosave(match)
            times.append((time.perf_counter() - start) * 1000)
        if background:
            store.flush_writes()
        shutil.rmtree(folder, ignore_errors=True)
        times.sort()
        med = statistics.median(times)
        medians.append(med)
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"  run {run + 1}: median {med:.2f}  p95 {p95:.2f}  max {times[-1]:.1f}")
    print(f"median of run medians: {statistics.median(medians):.2f} ms")
    return 0


def _config(players: int) -> dict[str, object]:
    import game

    config: dict[str, object] = game.get("manasurge").info.default_config(None, players)
    for seat in config["seats"]:  # type: ignore[attr-defined]
        seat.update(control="ai", bot="greedy")
    return config


if __name__ == "__main__":
    raise SystemExit(main())
