"""What a game's contact sheet lists (``main.py sheet``, :mod:`scenes.sheet`).

A game's table package has a *sheet function* (its registry entry's ``sheet``) that
returns :class:`SheetCards`: the entries, the order of their kinds and the
:class:`~scenes.table.cards.CardArt` that draws entry ``i`` as card ``i``.
"""

from __future__ import annotations

from dataclasses import dataclass

from scenes.table.cards import CardArt


@dataclass(frozen=True, slots=True)
class Entry:
    """One cell: a card's id in its data file and its kind (``SheetCards.kinds``)."""

    card: str
    kind: str


@dataclass(frozen=True, slots=True)
class SheetCards:
    """A game's cards for the sheet: ``art`` draws ``entries[i]`` as card ``i``;
    ``kinds`` is the order of their kinds."""

    entries: list[Entry]
    art: CardArt
    kinds: tuple[str, ...]


def in_order(kinds: tuple[str, ...], entries: list[Entry]) -> list[Entry]:
    """``entries`` in the order of ``kinds`` (stable: file order within a kind)."""
    order = {kind: i for i, kind in enumerate(kinds)}
    return sorted(entries, key=lambda e: order.get(e.kind, len(order)))
