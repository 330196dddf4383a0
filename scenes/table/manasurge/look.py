"""How ManaSurge looks and sounds on the table: suit colours and emblems, seat
colours, card faces from the content data, the sound of each event."""

from __future__ import annotations

from game.manasurge import cards as mc
from scenes.table.cards import CardFace

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


def card_face(card: int, lang: str) -> CardFace:
    """The printed face of a ManaSurge card in ``lang`` (content data)."""
    name = mc.card_name(card, lang)
    body = mc.card_text(card, lang)
    if mc.is_magic(card):
        from game.i18n import t

        return CardFace(name, MAGIC_COLOR, "star", "", t("table.card.magic", lang), body)
    suit = mc.suit_of(card)
    return CardFace(
        name,
        SUIT_COLORS[suit],
        SUIT_EMBLEMS[suit],
        str(mc.rank_of(card)),
        mc.suit_name(suit, lang),
        body,
    )


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
