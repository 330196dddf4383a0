"""Screenshots of the demo, the title's quick start, the Watch menu and the replay
viewer (issue 12), in Vietnamese, at 1280x720 and 1024x600.

    SDL_VIDEODRIVER=dummy python tools/demo_screenshots.py [OUT_DIR]

Writes ``demo-*.png``, ``replay-*.png`` and ``puzzle-*.png`` into OUT_DIR (default
docs/screenshots).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from game import new_match

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("BANTHE_AI_THREADS", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZES = ((1280, 720), (1024, 600))
DT = 1 / 60


def _app(size: tuple[int, int]):  # type: ignore[no-untyped-def]
    from scenes.app import App, LaunchOptions

    app = App(LaunchOptions(lang="vi", size=size, seed=12, save_settings=False))
    app.settings.anim_speed = 8.0
    app.settings.ai_delay = 0.0
    return app


def _settle(app, frames: int = 90) -> None:  # type: ignore[no-untyped-def]
    for _ in range(frames):
        app.step([], DT)


def demo_shots(out: Path, size: tuple[int, int]) -> None:
    from scenes import demo
    from scenes.demo import DemoScene

    w, h = size
    for index, entry in enumerate(demo.programme()):
        demo._next_index = index
        app = _app(size)
        scene = DemoScene(app)
        app.stack.clear_to(scene)
        app.stack.apply_pending()
        end = time.monotonic() + 30
        while scene.table is not None and len(scene.table.match.log) < 14:
            app.step([], DT)
            time.sleep(0.001)
            if time.monotonic() > end:
                break
        app.settings.ai_delay = 30.0  # hold the position while the glides end
        _settle(app)
        app.screenshot(out / f"demo-{entry.game_id}-{entry.mode_id}-{w}x{h}.png")
        if index == 0:
            import pygame

            key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")
            app.step([key], DT)
            _settle(app, 30)
            app.screenshot(out / f"demo-title-offer-{w}x{h}.png")
            app.scenes.push("watch")
            _settle(app, 10)
            app.screenshot(out / f"demo-watch-{w}x{h}.png")
            app.settings.anim_speed, app.settings.ai_delay = 1.0, 0.6  # as a player has them
            app.scenes.push("settings")
            _settle(app, 10)
            app.screenshot(out / f"demo-settings-{w}x{h}.png")


def replay_shots(out: Path, size: tuple[int, int]) -> None:
    import game
    from game.ai import bots
    from game.core.rng import Rng
    from saves import replays
    from scenes.replay import ReplayScene
    from scenes.replay_list import ReplayListScene

    w, h = size
    names = ["An", "Bình", "Châu", "Dũng"]
    cases = (("manasurge", "ffa", 3, 0), ("shv", "pvp", 4, None))
    for game_id, mode, players, view in cases:
        config = game.info(game_id).default_config(mode, players, names=names, control="human")
        match = new_match(game_id, config, 31)
        bot, rng = bots.make("greedy"), Rng(4)
        while (seat := match.to_move) is not None:
            match.apply(bot.choose(match.rules, match.state, seat, rng))
        replays.keep(match, 30)
        app = _app(size)
        scene = ReplayScene(app, match, view=view, pos=len(match.log) // 2)
        app.stack.clear_to(scene)
        app.stack.apply_pending()
        _settle(app, 20)
        who = "spectator" if view is None else f"seat{view + 1}"
        app.screenshot(out / f"replay-{game_id}-{who}-{w}x{h}.png")
    app = _app(size)
    app.stack.clear_to(ReplayListScene(app))
    app.stack.apply_pending()
    _settle(app, 5)
    app.screenshot(out / f"replay-list-{w}x{h}.png")


def puzzle_shots(out: Path, size: tuple[int, int]) -> None:
    from scenes.puzzles_scene import PuzzleListScene, open_puzzle

    w, h = size
    app = _app(size)
    listing = PuzzleListScene(app)
    app.stack.clear_to(listing)
    app.stack.apply_pending()
    _settle(app, 5)
    app.screenshot(out / f"puzzle-list-{w}x{h}.png")
    shown = ("ms_lightning_surge", "shv_boss_finisher", "gi_swirl_sweep", "gi_melt_burst")
    for index in [i for i, p in enumerate(listing.items) if p.id in shown]:
        app.stack.clear_to(listing)
        app.stack.apply_pending()
        hud = open_puzzle(app, listing.items, index)
        app.stack.apply_pending()
        hud.toggle_hint()
        _settle(app, 30)
        app.screenshot(out / f"puzzle-{listing.items[index].id}-{w}x{h}.png")
    table = hud.table
    rules = table.match.rules
    for data in hud.puzzle.solution:
        table.submit(rules.action_from_json(table.match.state, data))
        _settle(app, 40)
    _settle(app, 60)
    app.screenshot(out / f"puzzle-solved-{w}x{h}.png")


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["BANTHE_SAVE_DIR"] = folder
        for size in SIZES:
            demo_shots(out, size)
            replay_shots(out, size)
            puzzle_shots(out, size)
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
