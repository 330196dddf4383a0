"""The contact sheet: every card face of a game in one image, at print resolution.

    python main.py sheet --game shv --out shv.png [--lang en] [--columns N]
    banthe sheet --game invokation --out invokation.png

Each card is drawn at 300 dpi on a 63x88 mm card (744x1039 px) by the tables' own
faces: the game's ``look`` module makes a :class:`~scenes.table.cards.CardFace` and the
kit's :class:`~scenes.table.cards.CardArt` (``draw_face``, then the game's ``finish``,
e.g. Thất Thánh Triệu Hồi's element icons) draws it, as on the table and in the deck
editor.  One cell per distinct card: a card printed twice in a deck (ManaSurge's two
copies of a rank, of a Magic card) has one cell.  The cards go in the order of their
kinds (:data:`KINDS`), then in the order of their data file.

Each game lists its cards with a *sheet function* (:data:`GAMES`): the entries and the
:class:`CardArt` that draws entry ``i`` as card ``i``.  A kind of card no table shows
as a card yet gets a stand-in face here (ManaSurge's characters, a badge on the table:
:func:`manasurge_character_face`) until its ``look`` module has one.

Runs without a window (SDL's dummy video driver); the PNG carries its 300 dpi.
"""

from __future__ import annotations

import argparse
import math
import os
import struct
import sys
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from scenes.table.cards import CardArt, CardFace

DPI = 300
CARD_MM = (63, 88)
CARD_H = round(CARD_MM[1] / 25.4 * DPI)  # 1039 px
PAPER = (255, 255, 255)
LANGS = ("vi", "en")

#: the order of the kinds on each game's sheet (an entry's ``kind``)
KINDS: dict[str, tuple[str, ...]] = {
    "shv": (
        "guardian", "tactic", "treasure_single", "treasure_equipment",
        "boss", "boss_skill", "minion", "boss_treasure",
    ),
    "invokation": (
        "character", "event", "talent", "weapon", "artifact", "equipment", "companion",
        "item", "location", "food", "resonance", "legend", "summon", "status", "combat_status",
    ),
    "manasurge": ("spell", "magic", "character"),
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Entry:
    """One cell: a card's id in its data file and its kind (:data:`KINDS`)."""

    card: str
    kind: str


@dataclass(frozen=True, slots=True)
class SheetCards:
    """A game's cards for the sheet: ``art`` draws ``entries[i]`` as card ``i``."""

    entries: list[Entry]
    art: CardArt


def card_px(height: int = CARD_H) -> tuple[int, int]:
    """A card's size in pixels at ``height`` (63:88)."""
    return round(height * CARD_MM[0] / CARD_MM[1]), height


def _in_order(game: str, entries: list[Entry]) -> list[Entry]:
    order = {kind: i for i, kind in enumerate(KINDS[game])}
    return sorted(entries, key=lambda e: order.get(e.kind, len(order)))  # stable: file order


# -- Sử Hộ Vương -----------------------------------------------------------------------------
def shv_cards() -> SheetCards:
    """Guardians, tactics, treasures (one-use, equipment) of ``cards.json``; bosses,
    boss skills, minions and boss treasures of ``bosses.json``.  A boss's HP is printed
    for one player (the face's default)."""
    from scenes.table.shv import look, pve_look

    entries = []
    for cid, data in look.cards().cards.items():
        kind = str(data.get("kind", ""))
        entries.append(Entry(cid, f"treasure_{data.get('use')}" if kind == "treasure" else kind))
    villains = [Entry(cid, str(d.get("kind", ""))) for cid, d in pve_look.bosses().cards.items()]
    entries = _in_order("shv", entries) + _in_order("shv", villains)
    first_villain = len(entries) - len(villains)

    def face(index: int, lang: str) -> CardFace:
        card = entries[index].card
        return pve_look.face(card, lang) if index >= first_villain else look.face(card, lang)

    return SheetCards(entries, CardArt(face))


# -- Thất Thánh Triệu Hồi --------------------------------------------------------------------
def invokation_cards() -> SheetCards:
    """Characters, action cards, summons, statuses and combat statuses of ``cards.json``,
    drawn as the table draws them (its ``ElementArt``: a character's element icon)."""
    from scenes.table.invokation import look
    from scenes.table.invokation.art import ElementArt

    content = look.cards()
    found = content.cards if content is not None else {}
    entries = _in_order("invokation", [Entry(cid, look.kind_of(d)) for cid, d in found.items()])

    def face(index: int, lang: str) -> CardFace:
        return look.face(entries[index].card, lang)

    def element_of(index: int) -> str:
        data = look.card_data(entries[index].card)
        return str(data.get("element", "")) if look.kind_of(data) == "character" else ""

    return SheetCards(entries, ElementArt(face, element_of))


# -- ManaSurge -------------------------------------------------------------------------------
def manasurge_character_face(index: int, lang: str) -> CardFace:
    """A stand-in face for a ManaSurge character (the table shows a character as a badge
    on its seat; ``scenes.table.manasurge.look`` has no character face yet)."""
    from game.i18n import t
    from game.manasurge import cards as mc
    from scenes import theme

    return CardFace(
        mc.character_name(index, lang),
        theme.ACCENT_DARK,
        "person",
        "",
        t("sheet.manasurge_character", lang),
        mc.character_text(index, lang),
    )


def manasurge_cards() -> SheetCards:
    """Each spell once (a rank printed twice in a suit is one card), each Magic card
    once (its two copies are one card), each character."""
    from game.manasurge import cards as mc
    from scenes.table.manasurge import look

    spells = [c for c in range(mc.FIRST_MAGIC) if not mc.code_of(c).endswith("b")]
    magic = [c for c in range(mc.FIRST_MAGIC, len(mc.CODES)) if mc.code_of(c).endswith("-1")]
    people = range(len(mc.content()["characters"]))
    entries = [Entry(mc.code_of(c), "spell") for c in spells]
    entries += [Entry(mc.code_of(c), "magic") for c in magic]
    entries += [Entry(str(mc.content()["characters"][i]["id"]), "character") for i in people]
    ids = [*spells, *magic, *people]
    first_person = len(spells) + len(magic)
    character_face: Callable[[int, str], CardFace] = getattr(
        look, "character_face", manasurge_character_face
    )

    def face(index: int, lang: str) -> CardFace:
        if index >= first_person:
            return character_face(ids[index], lang)
        return look.card_face(ids[index], lang)

    return SheetCards(entries, CardArt(face))


GAMES: dict[str, Callable[[], SheetCards]] = {
    "shv": shv_cards,
    "invokation": invokation_cards,
    "manasurge": manasurge_cards,
}


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
    cards = GAMES[game]()
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
    parser.add_argument("--game", required=True, choices=tuple(GAMES), help="the game")
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
