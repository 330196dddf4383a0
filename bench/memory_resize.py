"""Resident memory while a window is dragged through many sizes (not a test).

Usage (from the repository root)::

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python bench/memory_resize.py \\
        [--sizes 60] [--frames 3] [--seed 7]

Opens the title, then the tables of ManaSurge (4 players), Sử Hộ Vương (PvP at 6
players and co-op at 6) and Thất Thánh Triệu Hồi, and on each resizes the window
through ``--sizes`` sizes between 1024x600 and 2560x1440 (a player dragging the
window's corner: every size a new one), drawing ``--frames`` frames at each.  Prints
the resident size (``/proc/self/statm``) after each scene and at the end, and the
bytes the surface caches hold (``scenes.surfaces.held``), so two commits can be
compared by running this file in each.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

MB = 1024 * 1024


def resident() -> float:
    """The resident size of this process in MB (Linux)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / MB


def held() -> float:
    """MB held by the surface caches, or -1 where the commit has no such count."""
    try:
        from scenes import surfaces
    except ImportError:
        return -1.0
    if not Path(surfaces.__file__).is_relative_to(ROOT):  # an editable install's, not ours
        return -1.0
    return surfaces.held() / MB


def sizes(count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` distinct sizes from 1024x600 to 2560x1440, as a dragged corner gives."""
    rng = random.Random(seed)
    out: list[tuple[int, int]] = []
    w, h = 1024, 600
    while len(out) < count:
        w = min(2560, max(1024, w + rng.randint(-40, 90)))
        h = min(1440, max(600, h + rng.randint(-25, 50)))
        if (w, h) not in out:
            out.append((w, h))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, default=60)
    parser.add_argument("--frames", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    import pygame

    sys.path.insert(0, str(ROOT / "tools"))
    from monkey import new_match

    from scenes.app import App, LaunchOptions
    from scenes.table import open_table
    from scenes.title import TitleScene

    app = App(LaunchOptions(lang="vi", size=(1280, 720), seed=args.seed, save_settings=False))
    app.settings.anim_speed, app.settings.ai_delay = 40.0, 0.0
    app.stack.clear_to(TitleScene(app))
    rng = random.Random(args.seed)
    starts: list[tuple[str, str, int, str]] = [
        ("title", "", 0, ""),
        ("ManaSurge 4p", "manasurge", 4, ""),
        ("Sử Hộ Vương PvP 6p", "shv", 6, "pvp"),
        ("Sử Hộ Vương co-op 6p", "shv", 6, "pve"),
        ("Thất Thánh Triệu Hồi", "invokation", 2, ""),
    ]
    print(f"start: {resident():.0f} MB resident")
    for name, game_id, players, mode in starts:
        if game_id:
            match = new_match(game_id, players, rng, humans=players, mode_id=mode)
            app.stack.push(open_table(app, match))
        for w, h in sizes(args.sizes, args.seed):
            resize = pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
            app.step([resize], 1 / 60)
            for _ in range(args.frames - 1):
                app.step([], 1 / 60)
        print(f"{name}: {resident():.0f} MB resident, caches hold {held():.0f} MB")
        if game_id:
            app.stack.pop()
    print(f"end: {resident():.0f} MB resident, caches hold {held():.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
