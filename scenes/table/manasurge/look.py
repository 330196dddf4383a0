"""How ManaSurge looks and sounds on the table: suit colours and emblems, seat
colours, card faces from the content data, the sound of each event."""

from __future__ import annotations

import pygame

from game.core import art
from game.manasurge import cards as mc
from scenes.table.cards import CardFace, Frame, Gem, fan_picture

SUIT_COLORS: tuple[tuple[int, int, int], ...] = (
    (92, 108, 138),  # blades: steel
    (206, 80, 44),  # fireball
    (56, 140, 204),  # frost wave
    (196, 150, 20),  # lightning
    (126, 92, 58),  # quake
)
SUIT_EMBLEMS = ("blades", "flame", "snowflake", "bolt", "mountain")
MAGIC_COLOR = (118, 64, 168)
PENALTY_BACK = (150, 44, 52)  # the backs of a seat's penalty pile
MAGIC_POP = (200, 150, 255)  # a magic card's name pops over the ladder
SEAT_KEYS = ("seat", "to", "caster", "mover", "hit_seat", "last_seat", "from")
DROP_KINDS = ("lead", "play", "magic", "give")


# A frame per suit (issue 33): the suit's metal and window; Magic is gilded.
SUIT_FRAMES = (
    Frame("blades", (160, 168, 184), "shield", ornament="studs"),
    Frame("fireball", (214, 110, 60), "round", ornament="leaves"),
    Frame("frost", (140, 190, 230), "hex", ornament="double"),
    Frame("lightning", (220, 184, 60), "rect", ornament="double"),
    Frame("quake", (150, 116, 80), "arch", ornament="studs"),
)
MAGIC_FRAME = Frame("magic", (176, 120, 226), "round", ornament="gilded")


def _entry(card: int) -> dict[str, object]:
    data = mc.content()
    return dict(data["spells"][card] if card < mc.N_SPELLS else data["magic"][card - mc.N_SPELLS])


def _picture(entry: dict[str, object]) -> tuple[str, ...]:
    return art.parts(entry["art"]) if "art" in entry else ()


def suit_emblem(suit: int) -> tuple[str, ...]:
    """A suit's emblem (its ``art`` in the content file): every spell's corner badge."""
    return _picture(dict(mc.content()["suits"][suit]))


def card_face(card: int, lang: str) -> CardFace:
    """The printed face of a ManaSurge card in ``lang`` (content data): the spell's own
    picture over its suit's colours, the rank in a gem, the suit's emblem in a corner."""
    name = mc.card_name(card, lang)
    body = mc.card_text(card, lang)
    picture = _picture(_entry(card))
    if mc.is_magic(card):
        from game.i18n import t

        caption = t("table.card.magic", lang)
        return CardFace(name, MAGIC_COLOR, "star", "", caption, body, art=picture,
                        frame=MAGIC_FRAME)  # fmt: skip
    suit = mc.suit_of(card)
    rank = str(mc.rank_of(card))
    return CardFace(
        name,
        SUIT_COLORS[suit],
        SUIT_EMBLEMS[suit],
        rank,
        mc.suit_name(suit, lang),
        body,
        art=picture,
        frame=SUIT_FRAMES[suit],
        gems=(("tl", Gem(rank, SUIT_COLORS[suit])),),
        badge=suit_emblem(suit),
        badge_color=SUIT_COLORS[suit],
    )


CHARACTER_COLOR = (70, 96, 128)
CHARACTER_FRAME = Frame("character", (196, 160, 84), "arch", ornament="double")


def face(card_id: str, lang: str) -> CardFace:
    """:func:`card_face` by the card's id as text (the registry's ``faces``)."""
    return card_face(int(card_id), lang)


def character_picture(index: int) -> tuple[str, ...]:
    """A character's picture (its ``art`` in the content file)."""
    return _picture(dict(mc.content()["characters"][index]))


def character_face(index: int, lang: str) -> CardFace:
    """A ManaSurge character card (MS-C: a power kept all game), framed as a being."""
    from game.i18n import t

    return CardFace(
        mc.character_name(index, lang),
        CHARACTER_COLOR,
        "person",
        "",
        t("table.card.character", lang),
        mc.character_text(index, lang),
        art=character_picture(index),
        frame=CHARACTER_FRAME,
    )


def menu_picture(w: int, h: int) -> pygame.Surface:
    """Game select: one spell of each suit fanned on a purple ground."""
    faces = [card_face(card, "vi") for card in (4, 18, 29, 41, 57)]
    return fan_picture(faces, (w, h), (56, 30, 92), (14, 10, 30))


# The sound effect (scenes/sound.py) each event makes when its animation starts.
SOUNDS: dict[str, str] = {
    "lead_played": "card",
    "card_played": "card",
    "card_given": "card",
    "magic_played": "magic",
    "stone_placed": "stone",
    "stones_scored": "stone",
    "direction_changed": "reverse",
    "hit": "hit",
    "manasurge": "surge",
    "game_over": "win",
}
