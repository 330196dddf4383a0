"""Start-to-first-frame benchmark of ``main.py`` (not a test).

Usage (from the root of the checkout measured)::

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/bench_first_frame.py [--runs 9] [-- ARGS]

Runs ``main.py ARGS --frames 5`` in a fresh process ``--runs`` times; each process
prints the seconds from the start of its script (before pygame is imported) to the
return of the first ``pygame.display.flip``, and its CPU time, and exits there.
Prints every run and the medians.  The save folder is a fresh temp folder
(default settings).

An installed game starts from compiled bytecode (``pip`` writes the ``.pyc``
files), so the runs use a bytecode cache in a temp folder
(``PYTHONPYCACHEPREFIX``) warmed by one unmeasured run, whatever
``PYTHONDONTWRITEBYTECODE`` says; ``--cold`` measures without any cache (every
module compiled at each start: 40-60 ms more).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = """
import os, runpy, sys, time
t0, c0 = time.perf_counter(), time.process_time()
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
flip = pygame.display.flip
def first_flip():
    flip()
    print(f"{time.perf_counter() - t0:.4f} {time.process_time() - c0:.4f}", flush=True)
    os._exit(0)
pygame.display.flip = first_flip
sys.path.insert(0, os.getcwd())
sys.argv = ["main.py", *sys.argv[1:], "--frames", "5"]
runpy.run_path("main.py", run_name="__main__")
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--cold", action="store_true", help="no bytecode cache")
    parser.add_argument("args", nargs="*", help="flags for main.py (after --)")
    args = parser.parse_args()
    env = dict(os.environ, BANTHE_SAVE_DIR=tempfile.mkdtemp(prefix="banthe-first-frame-"))
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    if args.cold:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="banthe-pycache-")
        _start(args.args, env)  # writes the bytecode; not measured
    times, cpus = [], []
    for run in range(args.runs):
        wall, cpu = _start(args.args, env)
        times.append(wall)
        cpus.append(cpu)
        print(f"  run {run + 1}: {wall:.3f} s (cpu {cpu:.3f} s)")
    print(f"load average {os.getloadavg()[0]:.2f}; median cpu {statistics.median(cpus):.3f} s")
    print(f"median start to first frame: {statistics.median(times):.3f} s")
    return 0


def _start(flags: list[str], env: dict[str, str]) -> tuple[float, float]:
    """One start of the game: (seconds to the first flip, CPU seconds)."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD, *flags],
        cwd=Path.cwd(),
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return float(out[-2]), float(out[-1])


if __name__ == "__main__":
    raise SystemExit(main())
