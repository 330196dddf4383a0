"""Sử Hộ Vương's cards on the contact sheet (``main.py sheet``)."""

from __future__ import annotations

from scenes.table.cards import CardArt, CardFace
from scenes.table.contact import Entry, SheetCards, in_order

KINDS = (
    "guardian", "tactic", "treasure_single", "treasure_equipment",
    "boss", "boss_skill", "minion", "boss_treasure",
)  # fmt: skip


def cards() -> SheetCards:
    """Guardians, tactics, treasures (one-use, equipment) of ``cards.json``; bosses,
    boss skills, minions and boss treasures of ``bosses.json``.  A boss's HP is printed
    for one player (the face's default)."""
    from scenes.table.shv import look, pve_look

    entries = []
    for cid, data in look.cards().cards.items():
        kind = str(data.get("kind", ""))
        entries.append(Entry(cid, f"treasure_{data.get('use')}" if kind == "treasure" else kind))
    villains = [Entry(cid, str(d.get("kind", ""))) for cid, d in pve_look.bosses().cards.items()]
    entries = in_order(KINDS, entries) + in_order(KINDS, villains)
    first_villain = len(entries) - len(villains)

    def face(index: int, lang: str) -> CardFace:
        card = entries[index].card
        return pve_look.face(card, lang) if index >= first_villain else look.face(card, lang)

    return SheetCards(entries, CardArt(face), KINDS)
