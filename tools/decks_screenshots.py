"""Screenshots of the deck builder (issue 14): collection, editor, library, sample
hand and the seat screen offering a user deck.

    SDL_VIDEODRIVER=dummy python tools/decks_screenshots.py [--out docs/screenshots] [--lang vi]

Writes ``decks-<shot>-<W>x<H>.png`` for 1280x720 and 1024x600.  User decks go to a
temporary save folder, so the real one is never touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = ((1280, 720), (1024, 600))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--lang", choices=("vi", "en"), default="vi")
    args = parser.parse_args()
    os.environ["BANTHE_SAVE_DIR"] = tempfile.mkdtemp(prefix="banthe-decks-")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from game.decks import rules_for
    from scenes import decks as decks_ui
    from scenes.app import App, LaunchOptions
    from scenes.decks.editor import DeckEditorScene
    from scenes.decks.library import DeckLibraryScene
    from scenes.scene import Scene
    from scenes.seats import SeatSetupScene

    shv, inv = rules_for("shv"), rules_for("invokation")
    mine = shv.presets()[1].deck.copy("Núi Tản của Bình")
    shv_path = decks_ui.store("shv").save(mine)
    (decks_ui.folder("shv") / "hong.json").write_text('{"format": "banthe-deck"', "utf-8")
    rough = inv.presets()[0].deck.copy("Lửa và Nước")
    rough.characters[1] = "tien_suoi"  # the talent of the swapped character is left behind
    rough.cards["cho_noi"] = 1

    def browser(game: str, card: str) -> Callable[[App], Scene]:
        def make(a: App) -> Scene:
            ed = DeckEditorScene(a, game)
            ed.hovered = card
            return ed

        return make

    def editor(game: str, deck: object, path: object = None) -> Callable[[App], Scene]:
        return lambda a: DeckEditorScene(a, game, deck.copy(), path)  # type: ignore[attr-defined]

    def hand(a: App) -> Scene:
        ed = DeckEditorScene(a, "shv", mine.copy(), shv_path)
        ed.hand = shv.sample_hand(mine, seed=4)
        return ed

    def seats(a: App) -> Scene:
        scene = SeatSetupScene(a, "shv")
        scene.seats[0]["deck"] = f"user:{shv_path.name}"
        return scene

    for size in SIZES:
        app = App(LaunchOptions(lang=args.lang, size=size, save_settings=False))
        shots: list[tuple[str, Callable[[App], Scene]]] = [
            ("collection-shv", browser("shv", "thanh_giong")),
            ("collection-invokation", browser("invokation", "ong_sam")),
            ("editor-shv", editor("shv", mine, shv_path)),
            ("editor-invokation", editor("invokation", rough)),
            ("library-shv", lambda a: DeckLibraryScene(a, "shv")),
            ("hand-shv", hand),
            ("seats-shv", seats),
        ]
        for name, make in shots:
            app.stack.clear_to(make(app))
            app.stack.apply_pending()
            for _ in range(5):
                app.step([], 1 / 60)
            pygame.display.flip()
            path = args.out / f"decks-{name}-{size[0]}x{size[1]}.png"
            app.screenshot(path)
            print(path)


if __name__ == "__main__":
    main()
