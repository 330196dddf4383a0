"""Draw time of the six-player Sử Hộ Vương co-op table at 1024x600 (not a test).

Usage (from the repository root)::

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python bench/shv_coop_draw.py \\
        [--position two|crowd] [--runs 7] [--draws 100]

``two``: the viewer holds two guardians, one with a crossbow (the position of
``tests/scenes/test_shv_chips_beside.py``); ``crowd``: three guardians with six
treasures, their skills behind "+N" chips (``tests/scenes/test_shv_skill_overflow.py``).
Times ``ShvTable.draw`` alone, headless, in CPU time of this process, and prints
the median milliseconds per draw over ``--runs`` runs of ``--draws`` draws.  To
compare two commits, copy this file into a worktree of the older one and run both,
alternating.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "tests" / "scenes", ROOT / "tests"):
    sys.path.insert(0, str(extra))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--position", choices=("two", "crowd"), default="two")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--draws", type=int, default=100)
    args = parser.parse_args(argv)
    from table_driver import step
    from test_table_shv_pve import open_pve, settle

    from scenes.app import App, LaunchOptions

    if args.position == "two":
        from test_shv_chips_beside import _match

        match = _match()
    else:
        from test_shv_skill_overflow import _match as crowd

        match = crowd(6)
    app = App(LaunchOptions(lang="vi", size=(1024, 600), save_settings=False))
    app.settings.anim_speed, app.settings.ai_delay = 40.0, 0.0
    table = open_pve(app, match)
    settle(app, table)
    step(app, frames=10)
    runs = []
    for _ in range(args.runs):
        start = time.process_time()
        for _ in range(args.draws):
            table.draw(app.screen)
        runs.append((time.process_time() - start) * 1000 / args.draws)
    print(f"{args.position}: {statistics.median(runs):.2f} ms a draw (median of {args.runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
