"""Thất Thánh Triệu Hồi's events on the kit's moves (``events.py`` vocabulary): where
a played card goes after it is shown, the element of a hit, a summon or support
that leaves the board.  The table registers them (``register``); every drawing is
the kit's (a card's flight, the spotlight, a number, a break).

* ``card_played``: the card flies large from the hand (the opponent's from their
  panel), holds, then goes to its place: onto the character it equips, into the
  supports zone, else into the discard pile (GI-4, GI-5.3).
* ``damage``: the number rises from the character hit, with the element's icon;
  piercing damage (GI-7.11) violet with the piercing icon.
* ``entity_removed``: a summon or support breaks and falls into its owner's
  discard pile; a status or equipment (an icon, not a card) flashes red.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.core.contract import Event
from scenes.table.anim import Anim
from scenes.table.invokation import draw

if TYPE_CHECKING:
    from scenes.table.events import EventAnimator


class MovingTable(draw.DrawnTable, Protocol):
    """What the motions read of the Thất Thánh Triệu Hồi table
    (``table.InvokationTable``, which imports this module): the drawing's part (where
    things are), and the event animator."""

    @property
    def animator(self) -> EventAnimator: ...


EQUIPS = ("weapon", "artifact", "talent", "equipment")
SUPPORTS = ("companion", "item", "location")  # GI-5.3: they stay in the supports zone


def register(t: MovingTable) -> None:
    """Animate ``card_played``, ``damage``, ``healed`` and ``entity_removed`` with
    the kit's moves."""
    a = t.animator
    resolving, damaged = a.handler_for("card_resolving"), a.handler_for("damaged")
    healed, removed = a.handler_for("healed"), a.handler_for("entity_removed")

    def played(e: Event) -> Anim:
        return resolving(Event("card_resolving", played_data(t, e.data)))

    def hit(e: Event) -> Anim:
        d = e.data
        data = {**target(d), "amount": d.get("amount", 0), "piercing": bool(d.get("piercing"))}
        element = d.get("element")
        if isinstance(element, str) and element not in ("physical", "piercing"):
            data["element"] = element
        return damaged(Event("damaged", data))

    def heal(e: Event) -> Anim:
        return healed(Event("healed", {**target(e.data), "amount": e.data.get("amount", 0)}))

    def gone(e: Event) -> Anim:
        return removed(Event("entity_removed", removed_data(t, e.data)))

    a.register("card_played", played)
    a.register("damage", hit)
    a.register("healed", heal)
    a.register("entity_removed", gone)


def target(d: dict[str, Any]) -> dict[str, Any]:
    """The character an event names (``target`` or its own ``seat``/``character``)."""
    found = d.get("target")
    where: dict[str, Any] = found if isinstance(found, dict) else d
    if isinstance(where.get("seat"), int):
        return {"entity": ("c", where["seat"], where.get("character", 0))}
    return {"seat": d.get("seat")}


def pile(t: MovingTable, seat: Any) -> str:
    """The zone a card of ``seat`` is discarded to: the viewer's pile, else the
    opponent's panel (their counts; their pile is not laid out)."""
    if not isinstance(seat, int) or seat == (t.viewer or 0):
        return "discard"
    return t.seating.rect_name(seat)


def played_data(t: MovingTable, d: dict[str, Any]) -> dict[str, Any]:
    seat, kind, char = d.get("seat"), d.get("type"), d.get("character")
    data: dict[str, Any] = {"card": d.get("card"), "seat": seat}
    if kind in EQUIPS and isinstance(seat, int) and isinstance(char, int):
        data["onto"] = ("c", seat, char)
    elif kind in SUPPORTS and isinstance(seat, int):
        data["to"] = f"supports_{t.pos(seat)}"
    else:
        data["to"] = pile(t, seat)
    return data


def removed_data(t: MovingTable, d: dict[str, Any]) -> dict[str, Any]:
    """A summon or support (a tile of the board, read before the table lets it go)
    breaks with its card's face; anything else only flashes."""
    uid, seat = d.get("id"), d.get("seat")
    data: dict[str, Any] = {"entity": uid, "seat": seat}
    tiles = {value for value, _rect in draw.tile_spots(t)}
    if uid in tiles and isinstance(d.get("card"), str):
        data.update(card=t.art_id(d["card"]), to=pile(t, seat))
    return data
