"""Thất Thánh Triệu Hồi's cards on the contact sheet (``main.py sheet``)."""

from __future__ import annotations

from scenes.table.cards import CardFace
from scenes.table.contact import Entry, SheetCards, in_order

KINDS = (
    "character", "event", "talent", "weapon", "artifact", "equipment", "companion",
    "item", "location", "food", "resonance", "legend", "summon", "status", "combat_status",
)  # fmt: skip


def cards() -> SheetCards:
    """Characters, action cards, summons, statuses and combat statuses of ``cards.json``,
    drawn as the table draws them (its ``ElementArt``: a character's element icon)."""
    from scenes.table.invokation import look
    from scenes.table.invokation.art import ElementArt

    content = look.cards()
    found = content.cards if content is not None else {}
    entries = in_order(KINDS, [Entry(cid, look.kind_of(d)) for cid, d in found.items()])

    def face(index: int, lang: str) -> CardFace:
        return look.face(entries[index].card, lang)

    def element_of(index: int) -> str:
        data = look.card_data(entries[index].card)
        return str(data.get("element", "")) if look.kind_of(data) == "character" else ""

    return SheetCards(entries, ElementArt(face, element_of), KINDS)
