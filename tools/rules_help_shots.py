"""Screenshots of every page of a game's rules help, in both languages and two sizes.

    SDL_VIDEODRIVER=dummy python tools/rules_help_shots.py invokation --out shots/

Writes ``rules-<game>-<lang>-<W>x<H>-<page>.png``: page 1 is the top of the help, each
next page is one screen further down (PgDn), the last one reaches the end.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = ((1280, 720), (1024, 600))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game id, for example invokation")
    parser.add_argument("--out", type=Path, default=Path("rules-shots"))
    parser.add_argument("--lang", choices=("vi", "en"), action="append")
    args = parser.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from scenes.app import App, LaunchOptions
    from scenes.rules_help import RulesScene

    args.out.mkdir(parents=True, exist_ok=True)
    for lang in args.lang or ["vi", "en"]:
        for size in SIZES:
            app = App(LaunchOptions(lang=lang, size=size, save_settings=False))
            scene = RulesScene(app, args.game)
            app.stack.clear_to(scene)
            app.stack.apply_pending()
            page = 1
            while True:
                app.stack.draw(app.screen)
                name = f"rules-{args.game}-{lang}-{size[0]}x{size[1]}-{page:02d}.png"
                pygame.image.save(app.screen, str(args.out / name))
                if scene.scroll >= scene.max_scroll:
                    break
                scene.page_down()
                page += 1
            print(f"{lang} {size[0]}x{size[1]}: {page} pages")


if __name__ == "__main__":
    main()
