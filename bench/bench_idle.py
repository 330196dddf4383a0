"""Idle table benchmark: CPU use of the main loop while nothing happens (not a test).

Usage (from the root of the checkout measured)::

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python bench/bench_idle.py \\
        [--settle 240] [--frames 600] [--runs 3]

Opens a 2-player ManaSurge table (seat 0 human, seat 1 the greedy AI, seed 3)
and runs the real ``App.run`` loop (60 FPS cap, display flips included).  After
``--settle`` frames (the deal and any AI move are over; the human is to move
and does nothing) it measures the process CPU time over the next ``--frames``
frames and prints it as a percentage of one core, with the frames drawn.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from game import new_match

sys.path.insert(0, str(Path.cwd()))  # the checkout measured


def run_once(settle: int, frames: int) -> tuple[float, int]:
    import pygame

    from scenes.app import App, LaunchOptions
    from scenes.table import open_table

    app = App(LaunchOptions(size=(1280, 720), seed=3, save_settings=False))
    import game

    config = game.get("manasurge").info.default_config(None, 2)
    config["seats"][0].update(control="human")
    config["seats"][1].update(control="ai", bot="greedy")
    table = open_table(app, new_match("manasurge", config, 3))
    marks: dict[str, Any] = {}
    step = app.step
    flips = [0]
    flip = pygame.display.flip

    def counted_flip() -> None:
        flips[0] += 1
        flip()

    def timed_step(*args: Any, **kwargs: Any) -> Any:
        if app.frame == settle:
            marks["start"] = (time.perf_counter(), time.process_time(), flips[0])
        return step(*args, **kwargs)

    pygame.display.flip = counted_flip
    app.step = timed_step  # type: ignore[method-assign]
    app.run(table, frames=settle + frames)
    wall0, cpu0, flips0 = marks["start"]
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    pygame.display.flip = flip
    return 100 * cpu / wall, flips[0] - flips0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--settle", type=int, default=240)
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["BANTHE_SAVE_DIR"] = tempfile.mkdtemp(prefix="banthe-idle-")
    figures = []
    for run in range(args.runs):
        percent, flips = run_once(args.settle, args.frames)
        figures.append(percent)
        print(f"  run {run + 1}: {percent:.1f} % of a core, {flips} of {args.frames} frames drawn")
    print(f"median idle CPU: {statistics.median(figures):.1f} % of a core")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
