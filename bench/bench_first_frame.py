"""Start-to-first-frame benchmark of ``main.py`` (not a test).

Usage (from the root of the checkout measured)::

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/bench_first_frame.py [--runs 9] [-- ARGS]

Runs ``main.py ARGS --frames 5`` in a fresh process ``--runs`` times; each process
prints the seconds from the start of its script (before pygame is imported) to the
return of the first ``pygame.display.flip`` and exits there.  Prints every run and
the median.  The save folder is a fresh temp folder (default settings).
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
t0 = time.perf_counter()
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
flip = pygame.display.flip
def first_flip():
    flip()
    print(f"{time.perf_counter() - t0:.4f}", flush=True)
    os._exit(0)
pygame.display.flip = first_flip
sys.path.insert(0, os.getcwd())
sys.argv = ["main.py", *sys.argv[1:], "--frames", "5"]
runpy.run_path("main.py", run_name="__main__")
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("args", nargs="*", help="flags for main.py (after --)")
    args = parser.parse_args()
    env = dict(os.environ, BANTHE_SAVE_DIR=tempfile.mkdtemp(prefix="banthe-first-frame-"))
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    times = []
    for run in range(args.runs):
        out = subprocess.run(
            [sys.executable, "-c", CHILD, *args.args],
            cwd=Path.cwd(),
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        times.append(float(out[-1]))
        print(f"  run {run + 1}: {times[-1]:.3f} s")
    print(f"median start to first frame: {statistics.median(times):.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
