"""How long the rules help takes to open: its layout and first frame (not a test).

Usage (from the repository root)::

    .venv/bin/python bench/rules_help_open.py [--runs 5] [--root DIR] [--game G] [--size WxH]

Each run is a fresh process (cold text caches, as when a player first opens the help):
it makes the window, lays the help of one game out and draws its first frame, and
prints the milliseconds that took.  The table gives the median of ``--runs`` runs per
game and window size.  ``--root`` times another checkout (say a worktree of an older
commit) with this same script, so two commits can be compared side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("invokation", "shv", "manasurge")
SIZES = ("1280x720", "1920x1080")


def child(root: str, game: str, size: str) -> float:
    """Milliseconds from the help's layout to the end of its first frame (this process)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["BANTHE_SAVE_DIR"] = tempfile.mkdtemp()
    sys.path.insert(0, root)
    from scenes.app import App, LaunchOptions
    from scenes.rules_help import RulesScene

    w, h = (int(v) for v in size.split("x"))
    app = App(LaunchOptions(size=(w, h), save_settings=False))
    scene = RulesScene(app, game)
    start = time.perf_counter()
    scene.layout()
    scene.draw(app.screen)
    return (time.perf_counter() - start) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per figure")
    parser.add_argument("--root", default=str(ROOT), help="the checkout to time")
    parser.add_argument("--game", action="append", choices=GAMES, help="only this help")
    parser.add_argument("--size", action="append", help="only this window size (WxH)")
    parser.add_argument("--child", nargs=2, metavar=("GAME", "SIZE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    for size in args.size or ():
        w, _, h = size.partition("x")
        if not (w.isdigit() and h.isdigit() and int(w) >= 640 and int(h) >= 480):
            parser.error(f"--size {size!r}: give WIDTHxHEIGHT, at least 640x480")
    if args.child:
        print(json.dumps(child(args.root, *args.child)))
        return 0
    print(f"rules help: layout + first frame, median of {args.runs} fresh processes ({args.root})")
    for game in args.game or GAMES:
        for size in args.size or SIZES:
            runs = []
            for _ in range(args.runs):
                out = subprocess.run(
                    [sys.executable, __file__, "--root", args.root, "--child", game, size],
                    capture_output=True, text=True, check=True,
                )  # fmt: skip
                runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
            each = ", ".join(f"{ms:.0f}" for ms in runs)
            print(f"  {game:11} {size:9} {statistics.median(runs):7.1f} ms   ({each})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
