"""Screenshots of every shell scene (menus, dialogs, overlays on the table).

    Xvfb :99 -screen 0 1920x1080x24 &
    DISPLAY=:99 python tools/shell_screenshots.py [--out docs/screenshots] [--lang vi]

Writes ``shell-<scene>-<W>x<H>.png`` for 1280x720 and 1024x600.  Saves go to
a temporary folder, so the real save folder is never touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from game import new_match

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = ((1280, 720), (1024, 600))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--lang", choices=("vi", "en"), default="vi")
    args = parser.parse_args()
    os.environ["BANTHE_SAVE_DIR"] = tempfile.mkdtemp(prefix="banthe-shots-")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from game.ai.bots import RandomBot
    from game.core.match import Match
    from game.core.rng import Rng
    from saves import paths, store
    from scenes.app import App, LaunchOptions
    from scenes.dialogs import ConfirmDialog
    from scenes.game_select import GameSelectScene
    from scenes.handoff import HandoffScene
    from scenes.pause import PauseScene
    from scenes.results import ResultsScene
    from scenes.rules_help import RulesScene
    from scenes.saveload import SaveLoadScene
    from scenes.scene import Scene
    from scenes.seats import SeatSetupScene
    from scenes.settings_menu import SettingsScene
    from scenes.table import open_table
    from scenes.title import TitleScene

    def match(players: int, seed: int, moves: int) -> Match:
        names = ("An", "Bình", "Châu", "Dũng", "Em", "Giang")[:players]
        seats = [{"name": n, "control": "human" if i == 0 else "ai"} for i, n in enumerate(names)]
        m = new_match("manasurge", {"players": players, "seats": seats}, seed)
        bot, rng = RandomBot(), Rng(seed)
        for _ in range(moves):
            seat = m.to_move
            if seat is None:
                break
            m.apply(bot.choose(m.rules, m.state, seat, rng))
        return m

    def finished(seed: int) -> Match:
        return match(4, seed, 100000)

    playing = match(4, 11, 14)
    store.autosave(playing)
    store.save_match(match(3, 5, 30), "Tối thứ Bảy")
    store.save_match(match(2, 8, 6), "Luyện tập")
    (paths.save_dir() / "slot-hong.json").write_text('{"format": "banthe-save"', "utf-8")
    args.out.mkdir(parents=True, exist_ok=True)

    for size in SIZES:
        app = App(LaunchOptions(lang=args.lang, size=size, save_settings=False))
        shots: list[tuple[str, list[Callable[[App], Scene]], int]] = [
            ("title", [TitleScene], 20),
            ("games", [GameSelectScene], 20),
            ("seats", [lambda a: SeatSetupScene(a, "manasurge")], 20),
            ("settings", [SettingsScene], 20),
            ("rules", [lambda a: RulesScene(a, "manasurge")], 20),
            ("load", [TitleScene, lambda a: SaveLoadScene(a, "load")], 20),
            ("pause", [lambda a: open_table(a, playing), lambda a: PauseScene(a, playing)], 90),
            (
                "save",
                [
                    lambda a: open_table(a, playing),
                    lambda a: PauseScene(a, playing),
                    lambda a: SaveLoadScene(a, "save", playing),
                ],
                90,
            ),
            (
                "confirm",
                [
                    lambda a: open_table(a, playing),
                    lambda a: PauseScene(a, playing),
                    lambda a: ConfirmDialog(
                        a, a.tr("ui.pause.quit_title"), a.tr("ui.pause.quit_body"), lambda: None
                    ),
                ],
                90,
            ),
            ("handoff", [lambda a: HandoffScene(a, "Bình", lambda: None)], 20),
            ("results", [lambda a: ResultsScene(a, finished(3))], 20),
        ]
        for name, makers, frames in shots:
            app.stack.clear_to(makers[0](app))
            app.stack.apply_pending()
            for make in makers[1:]:
                app.stack.push(make(app))
                app.stack.apply_pending()
            for _ in range(frames):
                app.step([], 1 / 60)
            pygame.display.flip()
            path = args.out / f"shell-{name}-{size[0]}x{size[1]}.png"
            app.screenshot(path)
            print(path)


if __name__ == "__main__":
    main()
