"""The contact sheet: every card face of a game in one image, at print resolution.

    python main.py sheet --game shv --out shv.png [--lang en] [--columns N]
    banthe sheet --game invokation --out invokation.png

Each card is drawn at 300 dpi on a 63x88 mm card (744x1039 px) by the tables' own
faces: the game's ``look`` module makes a :class:`~scenes.table.cards.CardFace` and the
kit's :class:`~scenes.table.cards.CardArt` (``draw_face``, then the game's ``finish``,
e.g. Thất Thánh Triệu Hồi's element icons) draws it, as on the table and in the deck
editor.  One cell per distinct card: a card printed twice in a deck (ManaSurge's two
copies of a rank, of a Magic card) has one cell.  The cards go in the order of their
kinds (``SheetCards.kinds``), then in the order of their data file.

Each game lists its cards with a *sheet function* its table registry entry names
(``sheet``, e.g. ``scenes/table/shv/sheet.py``): a :class:`~scenes.table.contact.SheetCards`.
A kind of card no table shows as a card yet gets a stand-in face there (ManaSurge's
characters, a badge on the table) until its ``look`` module has one.

Runs without a window (SDL's dummy video driver); the PNG carries its 300 dpi.
"""

from __future__ import annotations

import argparse
import math
import os
import struct
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path

import pygame

from scenes.table import registry
from scenes.table.contact import Entry, SheetCards

__all__ = ["Entry", "SheetCards", "cards_of", "games", "render"]

DPI = 300
CARD_MM = (63, 88)
CARD_H = round(CARD_MM[1] / 25.4 * DPI)  # 1039 px
PAPER = (255, 255, 255)
LANGS = ("vi", "en")


def card_px(height: int = CARD_H) -> tuple[int, int]:
    """A card's size in pixels at ``height`` (63:88)."""
    return round(height * CARD_MM[0] / CARD_MM[1]), height


def games() -> list[str]:
    """The games with a contact sheet (their registry entry names a ``sheet``)."""
    return [e.game_id for e in registry.TABLES if e.sheet is not None]


def cards_of(game: str) -> SheetCards:
    """The game's cards for its sheet, from its sheet function."""
    return registry.sheet_cards(game)()


# -- the sheet -------------------------------------------------------------------------------
def columns_for(count: int, card: tuple[int, int]) -> int:
    """Columns for a sheet about as tall as it is wide."""
    return max(1, min(count, math.ceil(math.sqrt(count * card[1] / card[0]))))


def sheet_size(count: int, columns: int, card: tuple[int, int]) -> tuple[int, int]:
    """The sheet's pixel size: ``count`` cells in ``columns`` with a gap around each."""
    gap = gap_px(card[1])
    rows = max(1, math.ceil(count / columns))
    return gap + columns * (card[0] + gap), gap + rows * (card[1] + gap)


def gap_px(card_h: int) -> int:
    """The gutter between cards (2 mm at the card's scale)."""
    return max(1, round(card_h * 2 / CARD_MM[1]))


def cell_rect(index: int, columns: int, card: tuple[int, int]) -> pygame.Rect:
    gap = gap_px(card[1])
    row, col = divmod(index, columns)
    return pygame.Rect(gap + col * (card[0] + gap), gap + row * (card[1] + gap), *card)


def render(
    game: str, lang: str = "vi", card_h: int = CARD_H, columns: int | None = None
) -> tuple[pygame.Surface, list[Entry]]:
    """The sheet of ``game`` in ``lang`` and its entries, one cell each, row by row."""
    cards = cards_of(game)
    size = card_px(card_h)
    count = len(cards.entries)
    columns = columns or columns_for(count, size)
    sheet = pygame.Surface(sheet_size(count, columns, size))
    sheet.fill(PAPER)
    for i in range(count):
        sheet.blit(cards.art.surface(i, size, lang), cell_rect(i, columns, size))
    return sheet, cards.entries


def with_dpi(png: bytes, dpi: int = DPI) -> bytes:
    """The PNG with a ``pHYs`` chunk (pixels per metre) after its header, so a printer
    or an image editor takes the sheet at ``dpi``."""
    per_metre = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    end_of_header = 8 + 8 + 13 + 4  # signature, IHDR length+type, IHDR data, CRC
    return png[:end_of_header] + chunk + png[end_of_header:]


def save(sheet: pygame.Surface, out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp.png")
    pygame.image.save(sheet, str(tmp))
    out.write_bytes(with_dpi(tmp.read_bytes()))
    tmp.unlink()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="banthe sheet",
        description="Render every card face of a game into one PNG at print resolution "
        f"({DPI} dpi, {CARD_MM[0]}x{CARD_MM[1]} mm a card).",
    )
    parser.add_argument("--game", required=True, choices=tuple(games()), help="the game")
    parser.add_argument("--out", required=True, type=Path, metavar="FILE.png", help="the PNG")
    parser.add_argument("--lang", choices=LANGS, default="vi", help="card language (default vi)")
    parser.add_argument("--columns", type=int, metavar="N", help="cards a row (default: square)")
    parser.add_argument("--card-height", type=int, default=CARD_H, help=argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.columns is not None and args.columns < 1:
        parser.error("--columns must be at least 1")
    if args.card_height < 12:
        parser.error("--card-height must be at least 12")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window: the sheet is a file
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.init()
    sheet, entries = render(args.game, args.lang, args.card_height, args.columns)
    save(sheet, args.out)
    w, h = sheet.get_size()
    print(f"{args.out}: {len(entries)} cards, {w}x{h} px ({DPI} dpi)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
