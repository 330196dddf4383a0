"""ManaSurge's cards on the contact sheet (``main.py sheet``)."""

from __future__ import annotations

from collections.abc import Callable

from scenes.table.cards import CardArt, CardFace
from scenes.table.contact import Entry, SheetCards

KINDS = ("spell", "magic", "character")


def character_stand_in(index: int, lang: str) -> CardFace:
    """A stand-in face for a ManaSurge character (the table shows a character as a badge
    on its seat), used while ``scenes.table.manasurge.look`` has no character face."""
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


def cards() -> SheetCards:
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
        look, "character_face", character_stand_in
    )

    def face(index: int, lang: str) -> CardFace:
        if index >= first_person:
            return character_face(ids[index], lang)
        return look.card_face(ids[index], lang)

    return SheetCards(entries, CardArt(face), KINDS)
