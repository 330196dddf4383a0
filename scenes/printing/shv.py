"""What Sử Hộ Vương prints (issue 40): a deck of 30 (guardians included) and MP
trackers; with a boss, the Boss card, its skill deck and its minion deck (Minions and
Boss treasures, each card as many times as the deck holds it)."""

from __future__ import annotations

from game.decks import Deck
from game.i18n import t
from scenes.printing.content import (
    Booklet,
    PrintCard,
    PrintError,
    Printing,
    copies,
    symbol,
    tracker_body,
)
from scenes.table.facelayout import CardFace, Frame

MP_TRACK = tuple(str(n) for n in range(21))


def build(book: Booklet, deck: Deck | None, boss: str | None) -> None:
    _cards(book, deck)
    if boss:
        _boss(book, boss)


def _cards(book: Booklet, deck: Deck | None) -> None:
    from scenes.table.shv import look

    lang = book.lang
    ids = copies(dict(deck.cards)) if deck else list(look.cards().cards)
    book.add("deck" if deck else "cards", [PrintCard(look.face(c, lang), card_id=c) for c in ids])
    mp = CardFace(
        t("print.tracker.mp", lang),
        (70, 110, 170),
        caption=t("print.tracker.mp_caption", lang),
        body=tracker_body(t("print.tracker.mp_body", lang), len(MP_TRACK)),
        art=symbol("shv.mp"),
        frame=Frame("tracker", (150, 160, 180), "round"),
    )
    book.add("trackers", [PrintCard(mp, MP_TRACK, "mp")] * 2)


def _boss(book: Booklet, boss: str) -> None:
    from scenes.table.shv import pve_look

    lang = book.lang
    bosses = pve_look.boss_ids()
    if boss not in bosses:
        by_name = {pve_look.name(b, x).casefold(): b for b in bosses for x in ("vi", "en")}
        if boss.casefold() not in by_name:
            raise PrintError(t("print.error.boss", lang, boss=boss, known=", ".join(bosses)))
        boss = by_name[boss.casefold()]
    data = pve_look.data(boss)
    ids = [boss, *copies(dict(data.get("skill_deck", {}))),
           *copies(dict(data.get("minion_deck", {})))]  # fmt: skip
    book.add("boss", [PrintCard(pve_look.face(c, lang), card_id=c) for c in ids])
    book.lines.append(t("print.boss", lang, name=pve_look.name(boss, lang)))
    hp = data.get("hp", {})
    book.lines.append(t("print.boss_hp", lang, list=", ".join(f"{n}: {v}" for n, v in hp.items())))


PRINTING = Printing(build, back=(120, 40, 36), bosses=True)
