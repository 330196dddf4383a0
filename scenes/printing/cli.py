"""``python main.py print`` (``banthe print``): a deck, or a game's whole set, as a PDF.

    python main.py print --game shv lua_rung --out lua_rung.pdf
    python main.py print --game shv --all --boss ngu_tinh --lang en --paper letter --out shv.pdf
    python main.py print --game invokation TTT1-... --backs --out deck.pdf
    python main.py print --game manasurge --all --out manasurge.pdf

A deck is a preconstructed deck's id or name, a deck file or a share code.  Exit codes:
0 written, 2 a usage error (an unreadable deck, an unknown boss, no PDF library): no
file is written then.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from scenes.printing import missing
from scenes.printing.content import PrintError, games, printing_of
from scenes.printing.pages import PAPERS


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="banthe print",
        description="Print and play: a deck, or a game's whole set, as a PDF of 63x88 mm "
        "cards, nine to a page, with cut marks.",
    )
    parser.add_argument("--game", required=True, choices=games(), help="the game")
    parser.add_argument("deck", nargs="?", help="a preconstructed deck, a deck file or a code")
    parser.add_argument("--all", action="store_true", help="the game's whole set")
    parser.add_argument("--boss", metavar="ID", help="Sử Hộ Vương: add this Boss's cards")
    parser.add_argument("--lang", choices=("vi", "en"), default="vi", help="default vi")
    parser.add_argument("--paper", choices=tuple(PAPERS), default="a4", help="default a4")
    parser.add_argument("--out", required=True, type=Path, metavar="FILE.pdf")
    parser.add_argument("--backs", action="store_true", help="a mirrored backs page for duplex")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    spec = printing_of(args.game)
    if bool(args.deck) == bool(args.all) and spec.decks:
        parser.error("give a deck or --all (not both)")
    if args.boss and not spec.bosses:
        bosses = [g for g in games() if printing_of(g).bosses]
        parser.error(f"--boss is for --game {' or '.join(bosses)}")
    need = missing()
    if need:
        print(f"banthe print: the PDF library is missing: {need}", file=sys.stderr)
        return 2
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from scenes.printing.content import booklet
    from scenes.printing.document import write

    pygame.font.init()
    try:
        book = booklet(args.game, args.lang, args.deck, args.boss)
    except PrintError as exc:
        print(f"banthe print: {exc}", file=sys.stderr)
        return 2
    pages = write(book, args.out, args.paper, args.backs)
    for warning in book.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    print(f"{args.out}: {len(book.cards)} cards, {pages} pages ({args.paper})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
