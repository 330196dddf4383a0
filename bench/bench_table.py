"""Table benchmark: frame times of a game's table played by AI seats (not a test).

Usage (from the repository root)::

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python bench/bench_table.py \\
        [--game manasurge|shv|invokation] [--players 4] [--frames 600] [--runs 3] [--size 1280x720]

Each run opens a table with every seat an AI (greedy bots thinking in the AI
worker process, no delay, animation speed 1) and times ``App.step`` — input,
update, draw — for ``--frames`` frames, without the 60 FPS cap or the display
flip (the sound effects are synthesised first, as the app does behind its
menus).  Prints the median, 95th percentile and worst frame time of each run and
the median of the run medians, and the same median in CPU time of this process
(``time.process_time``: on a machine shared with other work the wall-clock
figures include waiting for a core; the AI worker is another process).  Under
the dummy driver drawing is pure software blitting, so these figures are an
upper bound for a hardware-backed window.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

from game import new_match

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def run_once(
    players: int, frames: int, size: tuple[int, int], seed: int, game: str = "manasurge"
) -> tuple[list[float], list[float], float]:
    """Frame times and CPU times of ``frames`` frames, and the seconds the table spent
    drawing its card faces ahead (``KitTable.warm``, a slice a frame, all of it)."""
    import pygame

    from scenes.app import App, LaunchOptions
    from scenes.table import open_table

    app = App(LaunchOptions(size=size, save_settings=False))
    app.settings.ai_delay = 0.0
    app.settings.anim_speed = 1.0
    # As in the app, where the title's first frame starts the sound synthesis and
    # the menus take longer than it before any table opens.
    app.sound.start_prerender()
    app.sound.wait_prerendered()
    names = ["An", "Bình", "Châu", "Dũng", "Em", "Giang"][:players]
    seats = [{"name": n, "control": "ai", "bot": "greedy"} for n in names]
    config: dict[str, object] = {"players": players, "seats": seats}
    if game == "shv":  # two teams, seats alternating (Sử Hộ Vương PvP)
        config["mode"] = "pvp"
        for i, seat in enumerate(seats):
            seat["team"] = i % 2
    if game == "invokation":  # a duel (Thất Thánh Triệu Hồi)
        config["mode"] = "duel"
    match = new_match(game, config, seed)
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(frames):
        start, start_cpu = time.perf_counter(), time.process_time()
        app.step(pygame.event.get(), 1 / 60)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        if match.outcome() is not None:
            break
    table.warm(None)  # what the frames left (a short run): the whole warm-up is counted
    return times, cpu, float(getattr(table, "warm_seconds", 0.0))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="manasurge", choices=("manasurge", "shv", "invokation"))
    parser.add_argument("--players", type=int, default=4, choices=range(2, 7))
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--json", action="store_true", help="also one JSON line at the end")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["BANTHE_SAVE_DIR"] = tempfile.mkdtemp(prefix="banthe-bench-")
    print(f"Python {platform.python_version()} on {platform.machine()}, {w}x{h}")
    print(f"{args.game}: {args.players} AI seats, {args.frames} frames per run,")
    print("times of App.step in ms:")
    medians, cpu_medians, p99s, cpu_p99s, warms = [], [], [], [], []
    for run in range(args.runs):
        wall, cpu, warm = run_once(args.players, args.frames, (w, h), 10 + run, args.game)
        times = sorted(t * 1000 for t in wall)
        med, cpu_med = statistics.median(times), statistics.median(cpu) * 1000
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        cpu_sorted = sorted(c * 1000 for c in cpu)
        cpu_p99 = cpu_sorted[min(len(cpu_sorted) - 1, int(len(cpu_sorted) * 0.99))]
        medians.append(med)
        cpu_medians.append(cpu_med)
        p99s.append(p99)
        cpu_p99s.append(cpu_p99)
        warms.append(warm)
        tail = f"max {times[-1]:.1f}  cpu median {cpu_med:.2f} p99 {cpu_p99:.2f}"
        print(f"  run {run + 1}: median {med:.2f}  p95 {p95:.2f}  p99 {p99:.2f}  {tail}")
    print(f"median of run medians: {statistics.median(medians):.2f} ms")
    print(f"median of run CPU medians: {statistics.median(cpu_medians):.2f} ms")
    print(f"median of run p99s: {statistics.median(p99s):.2f} ms", end="  ")
    print(f"(CPU: {statistics.median(cpu_p99s):.2f} ms; load {os.getloadavg()[0]:.1f})")
    print(f"card art drawn ahead (median of runs): {statistics.median(warms) * 1000:.0f} ms")
    if args.json:
        keys = ("medians", "cpu_medians", "p99s", "cpu_p99s", "warms")
        found = (medians, cpu_medians, p99s, cpu_p99s, warms)
        print(json.dumps(dict(zip(keys, found, strict=True))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
