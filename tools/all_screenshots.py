"""Regenerate the screenshots of every table, the deck editor and the title (issue 33).

    python tools/all_screenshots.py [--out docs/screenshots] [--lang vi] [--only NAME,...]

Writes ``<shot>-<W>x<H>.png`` at 1280x720 and 1024x600, each from a fixed position
(seeded games, built scenario positions), so two runs draw the same pictures:

* ``title``           the title menu, a saved game offered under Continue;
* ``shv-1v1``         Sử Hộ Vương head to head, the busy position of
  ``tests/scenarios/shv/table_busy_2.json`` (equipment, statuses, a tired guardian);
* ``shv-3v3``         the same for three against three (``table_busy_6.json``);
* ``shv-pve``         Sử Hộ Vương co-op against Ngư Tinh, two players, frozen on the
  villain turn's revealed Boss skill card and its target arrows;
* ``invokation``      Thất Thánh Triệu Hồi, a busy mid-game board (auras, summons,
  supports, equipment, statuses, shields);
* ``manasurge-2p``    ManaSurge, two players, round 3, seat 0 to play on a ladder;
* ``manasurge-6p``    the same with six players;
* ``deck-editor``     the Sử Hộ Vương deck editor on a preconstructed deck, a card zoomed.

The table shots reuse the game tools' positions (``tools/screenshots.py``,
``shv_screenshots.py``, ``shv_pve_screenshots.py``, ``invokation_screenshots.py``),
which still write their own extra pictures (offers, summaries, results) when run alone.
Runs headless (SDL's dummy driver); saves go to a temporary folder.  The README shows
``manasurge-2p``, ``shv-3v3`` and ``invokation`` at 1280x720.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import new_match

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZES = ((1280, 720), (1024, 600))
Size = tuple[int, int]


def _frames(app: Any, count: int) -> None:
    for _ in range(count):
        app.step([], 1 / 60)


def _save(app: Any, path: Path) -> Path:
    import pygame

    pygame.image.save(app.screen, str(path))
    return path


def _quiet_pointer() -> None:
    """The pointer in a corner: no card under it, so no hover zoom in the picture."""
    import pygame

    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        pygame.mouse.set_pos((2, 2))


# -- the shots ---------------------------------------------------------------------------------
def title(size: Size, lang: str, path: Path) -> Path:
    from saves import store
    from scenes.app import App, LaunchOptions
    from scenes.title import TitleScene

    seats = [{"name": n} for n in ("An", "Bình", "Châu")]
    match = new_match("manasurge", {"players": 3, "seats": seats}, 11)
    for _ in range(14):
        match.apply(match.legal_actions()[0])
    store.autosave(match)
    store.flush_writes()
    app = App(LaunchOptions(lang=lang, size=size, save_settings=False))
    _quiet_pointer()
    app.stack.clear_to(TitleScene(app))
    app.stack.apply_pending()
    _frames(app, 40)  # past the drifting cards' first frames of backs (FACES_AFTER)
    return _save(app, path)


def shv(players: int) -> Callable[[Size, str, Path], Path]:
    def shoot(size: Size, lang: str, path: Path) -> Path:
        from tools import shv_screenshots

        _quiet_pointer()
        made = shv_screenshots.shoot(players, size, lang, path.parent, offer=False)
        return made.replace(path)

    return shoot


def shv_pve(size: Size, lang: str, path: Path) -> Path:
    from tools import shv_pve_screenshots

    return shv_pve_screenshots.shoot(2, size, lang, path.parent, path.name)


def invokation(size: Size, lang: str, path: Path) -> Path:
    from tools import invokation_screenshots as gi

    app = gi._app(size, lang)
    _quiet_pointer()
    match = new_match("invokation", gi.CONFIG, 4)
    gi._advance(match, "end_round")
    gi._busy(match)
    gi._open(app, match)
    return _save(app, path)


def manasurge(players: int) -> Callable[[Size, str, Path], Path]:
    def shoot(size: Size, lang: str, path: Path) -> Path:
        from tools import screenshots

        _quiet_pointer()
        suffix = f"-{size[0]}x{size[1]}"
        made = screenshots.shoot(players, path.parent, lang, 2026, size, suffix, summary=False)
        return made[0].replace(path)

    return shoot


def deck_editor(size: Size, lang: str, path: Path) -> Path:
    from game.decks import rules_for
    from scenes import decks as decks_ui
    from scenes.app import App, LaunchOptions
    from scenes.decks.editor import DeckEditorScene

    rules = rules_for("shv")
    deck = rules.presets()[1].deck.copy("Núi Tản của Bình")
    saved = decks_ui.store("shv").save(deck)
    app = App(LaunchOptions(lang=lang, size=size, save_settings=False))
    _quiet_pointer()
    editor = DeckEditorScene(app, "shv", deck.copy(), saved)
    app.stack.clear_to(editor)
    app.stack.apply_pending()
    editor.hovered = "son_tinh"  # the large card beside the grid
    _frames(app, 5)
    return _save(app, path)


SHOTS: dict[str, Callable[[Size, str, Path], Path]] = {
    "title": title,
    "shv-1v1": shv(2),
    "shv-3v3": shv(6),
    "shv-pve": shv_pve,
    "invokation": invokation,
    "manasurge-2p": manasurge(2),
    "manasurge-6p": manasurge(6),
    "deck-editor": deck_editor,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--lang", choices=("vi", "en"), default="vi")
    parser.add_argument("--only", metavar="NAME,...", help=f"some of: {', '.join(SHOTS)}")
    args = parser.parse_args(argv)
    names = list(SHOTS) if not args.only else [n.strip() for n in args.only.split(",")]
    unknown = [n for n in names if n not in SHOTS]
    if unknown:
        parser.error(f"--only: unknown {', '.join(unknown)} (known: {', '.join(SHOTS)})")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for name in names:
        for size in SIZES:
            os.environ["BANTHE_SAVE_DIR"] = tempfile.mkdtemp(prefix="banthe-shots-")
            from saves import paths

            paths.set_save_dir(None)  # each shot: a fresh save folder
            path = SHOTS[name](size, args.lang, out / f"{name}-{size[0]}x{size[1]}.png")
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
