"""What Thất Thánh Triệu Hồi prints (issue 40): 3 characters and 30 action cards, the
summons and statuses those cards can create, an HP and energy tracker per character,
a page of dice and elemental reactions."""

from __future__ import annotations

import json
import re
from typing import Any

from game.decks import Deck
from game.i18n import t
from scenes.printing.content import (
    Booklet,
    PrintCard,
    Printing,
    copies,
    rules_sections,
    symbol,
    tracker_body,
)
from scenes.table.facelayout import CardFace, Frame


def build(book: Booklet, deck: Deck | None, boss: str | None) -> None:
    _cards(book, deck)


CREATED = ("summon", "status", "combat_status")


def created_by(card_ids: list[str]) -> list[str]:
    """The summons and statuses ``card_ids`` can create (named in their data, and what
    those create in turn), then those no card names (a reaction makes them), in
    file order."""
    from scenes.table.invokation import look

    content = look.cards()
    cards: dict[str, Any] = dict(content.cards) if content is not None else {}
    made = [cid for cid, d in cards.items() if look.kind_of(d) in CREATED]
    named: dict[str, set[str]] = {}
    for cid, data in cards.items():
        words = set(re.findall(r'"([a-z0-9_]+)"', json.dumps(data)))
        named[cid] = {m for m in made if m in words and m != cid}
    anyone = set().union(*named.values()) if named else set()
    found, todo = set[str](), list(dict.fromkeys(card_ids))
    while todo:
        for m in named.get(todo.pop(), set()):
            if m not in found:
                found.add(m)
                todo.append(m)
    found |= {m for m in made if m not in anyone}
    return [m for m in made if m in found]


def _cards(book: Booklet, deck: Deck | None) -> None:
    from scenes.table.invokation import look

    lang = book.lang
    content = look.cards()
    every = dict(content.cards) if content is not None else {}
    if deck is not None:
        people, actions = list(deck.characters), copies(dict(deck.cards))
    else:
        people = [c for c, d in every.items() if look.kind_of(d) == "character"]
        actions = [c for c, d in every.items()
                   if look.kind_of(d) not in ("character", *CREATED)]  # fmt: skip
    book.add("characters", [PrintCard(look.face(c, lang), card_id=c) for c in people])
    book.add(
        "deck" if deck else "cards", [PrintCard(look.face(c, lang), card_id=c) for c in actions]
    )
    made = created_by(people + actions) if deck else [
        c for c, d in every.items() if look.kind_of(d) in CREATED]  # fmt: skip
    book.add("created", [PrintCard(look.face(c, lang), card_id=c) for c in made])
    trackers = []
    for c in people:
        data, face = look.card_data(c), look.face(c, lang)
        hp, energy = int(data.get("hp", 10)), int(data.get("energy", 2))
        tracker = CardFace(
            face.title,
            face.color,
            caption=t("print.tracker.hp", lang, hp=hp, energy=energy),
            body=tracker_body(
                t("print.tracker.hp_body", lang, pips=" ".join(["◯"] * energy)), hp + 1
            ),
            art=face.art,
            frame=Frame("tracker", face.frame.edge, "round"),
        )
        trackers.append(PrintCard(tracker, tuple(str(n) for n in range(hp + 1)), "hp:" + c))
    book.add("trackers", trackers)
    book.cards += reference_cards(lang)
    book.parts.append(t("print.part.reference_cards", lang))
    sections = rules_sections("invokation", lang, ("08", "17", "18"))
    book.text_pages.append((t("print.reference", lang), sections))
    book.parts.append(t("print.part.reference", lang))


def reference_cards(lang: str) -> list[PrintCard]:
    """Thất Thánh Triệu Hồi's dice card (which face of an eight-sided die is which
    element) and reaction card (each reaction's elements and bonus, from the rules
    help's reaction table, GI-6)."""
    from scenes.table.elements import COLORS, ELEMENTS

    faces = [*ELEMENTS, "omni"]
    names = ", ".join(f"{i} {t(f'invokation.element.{e}', lang)}" for i, e in enumerate(faces, 1))
    dice = CardFace(
        t("print.dice.title", lang),
        (70, 90, 130),
        caption=t("print.dice.caption", lang),
        body=t("print.dice.body", lang, faces=names),
        art=symbol("element.omni") + symbol("element.unaligned"),
        frame=Frame("reference", (150, 160, 180), "round"),
    )
    rows = []
    table = rules_sections("invokation", lang, ("18",))
    for line in (table[0][1].split("\n") if table else [])[1:]:
        cells = line.split(" · ")
        if len(cells) >= 3 and (cells[2].startswith("+") or cells[2] == "—"):
            rows.append(f"{cells[0]}: {cells[1]}" + (f", {cells[2]}" if cells[2] != "—" else ""))
    reactions = CardFace(
        t("print.reactions.title", lang),
        COLORS["anemo"],
        caption=t("print.reactions.caption", lang),
        body="\n".join(rows),
        art=symbol("element.pyro") + symbol("element.cryo"),
        frame=Frame("reference", (150, 160, 180), "round"),
    )
    return [PrintCard(dice, card_id="dice"), PrintCard(reactions, card_id="reactions")]


PRINTING = Printing(build, back=(40, 70, 120))
