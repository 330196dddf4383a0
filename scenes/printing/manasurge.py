"""What ManaSurge prints (issue 40): the whole game (every Spell and Magic card as
many times as the game has it, the characters), a one-page rules summary and a page
of stones and the Caster token."""

from __future__ import annotations

from game.decks import Deck
from game.i18n import t
from scenes.printing.content import Booklet, PrintCard, Printing, Token, rules_sections


def build(book: Booklet, deck: Deck | None, boss: str | None) -> None:
    """The whole set (ManaSurge has no decks to choose)."""
    from game.manasurge import cards as mc
    from scenes.table.manasurge import look
    from scenes.table.manasurge.sheet import character_stand_in as manasurge_character_face

    lang = book.lang
    book.lines.append(t("print.all", lang))
    character_face = getattr(look, "character_face", manasurge_character_face)
    cards = [
        PrintCard(look.card_face(c, lang), card_id=mc.code_of(c)) for c in range(len(mc.CODES))
    ]
    people = mc.content()["characters"]
    cards += [
        PrintCard(character_face(i, lang), card_id=str(people[i]["id"])) for i in range(len(people))
    ]
    book.add("spells", cards)
    keys = tuple(f"{n:02d}" for n in range(1, 14))
    book.text_pages.append((t("print.rules", lang), rules_sections("manasurge", lang, keys)))
    book.parts.append(t("print.part.rules", lang))
    book.tokens = [
        Token("rupee", t("print.tokens.stone", lang), (128, 70, 170), 16.0, 40),
        Token("emerald", t("print.tokens.gold", lang), (200, 160, 40), 20.0, 12),
        Token("pointy-hat", t("print.tokens.caster", lang), (60, 60, 120), 36.0, 1),
    ]
    book.tokens_title = t("print.tokens.title", lang)
    book.tokens_intro = t("print.tokens.intro", lang)
    book.parts.append(t("print.part.tokens", lang))


PRINTING = Printing(build, back=(96, 52, 140), decks=False)
