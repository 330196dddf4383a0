"""What the Thất Thánh Triệu Hồi table reads off the seat's view
(``rules.view(state, seat)``, the shape of ``gi-format.md``: ARCHITECTURE §7.1),
as small plain records the drawing code uses.  Reading is tolerant of mapping
or attribute access, so the table never reaches into the rules' classes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scenes.table.invokation import look


def get(obj: Any, key: str, default: Any = None) -> Any:
    """``obj[key]`` or ``obj.key`` (``default`` when it has neither)."""
    if isinstance(obj, Mapping):
        return obj.get(key, default)
    return getattr(obj, key, default)


@dataclass
class Ent:
    """A status, combat status, summon, support or equipment on the field."""

    uid: Any
    card: str  # content id
    usages: int | None = None
    duration: int | None = None
    shield: bool = False
    slot: str = ""  # equipment: weapon / artifact / other


@dataclass
class Char:
    index: int
    uid: Any  # the card's id in the state (art, zoom)
    card: str  # content id
    hp: int
    max_hp: int
    energy: int
    max_energy: int
    element: str
    aura: list[str]
    alive: bool
    equipment: list[Ent] = field(default_factory=list)
    statuses: list[Ent] = field(default_factory=list)


@dataclass
class Side:
    chars: list[Char]
    active: int | None
    dice: list[str]  # faces ("?" when hidden)
    hand: list[int]  # own cards (ids); hidden cards are negative
    hand_count: int
    deck: int
    summons: list[Ent]
    supports: list[Ent]
    combat: list[Ent]
    declared_end: bool = False
    plunge_ready: bool = False


@dataclass
class Board:
    sides: list[Side]
    round: int
    phase: str
    first: int | None
    turn: int | None


def card_id(view: Any, ref: Any) -> str:
    """The content id of a card reference: already an id, or a number looked up in
    the view's card table (``names`` / ``cards``), else ``""``."""
    if isinstance(ref, str):
        return ref
    for table in ("cards", "names", "card_ids"):
        names = get(view, table)
        if isinstance(names, Sequence) and isinstance(ref, int) and 0 <= ref < len(names):
            return str(names[ref])
    return ""


def _num(value: Any) -> int | None:
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def entity(view: Any, e: Any, slot: str = "") -> Ent:
    cid = card_id(view, get(e, "card", get(e, "id", "")))
    data = look.card_data(cid)
    return Ent(
        get(e, "uid", get(e, "id", cid)),
        cid,
        _num(get(e, "usages")),
        _num(get(e, "duration")),
        bool(get(e, "shield", data.get("shield", False))),
        slot,
    )


def _equipment(view: Any, eq: Any) -> list[Ent]:
    out: list[Ent] = []
    if isinstance(eq, Mapping):
        for slot, value in eq.items():
            items = value if isinstance(value, list) else [value]
            out += [entity(view, x, slot) for x in items if x is not None]
    elif isinstance(eq, list):
        for x in eq:
            cid = card_id(view, get(x, "card", x))
            slot = str(look.card_data(cid).get("type", "other"))
            out.append(entity(view, x, slot if slot in ("weapon", "artifact") else "other"))
    return out


def character(view: Any, i: int, c: Any) -> Char:
    ref = get(c, "card")
    cid = card_id(view, ref)
    data = look.card_data(cid)
    return Char(
        i,
        ref,
        cid,
        int(get(c, "hp", 0)),
        int(get(c, "max_hp", data.get("hp", 10))),
        int(get(c, "energy", 0)),
        int(get(c, "max_energy", data.get("energy", 2))),
        str(get(c, "element", data.get("element", ""))),
        [str(a) for a in get(c, "aura", []) or []],
        bool(get(c, "alive", True)),
        _equipment(view, get(c, "equipment")),
        [entity(view, s) for s in get(c, "statuses", []) or []],
    )


def side(view: Any, p: Any) -> Side:
    dice = get(p, "dice", [])
    if isinstance(dice, int):  # only the count is shown
        faces = ["?"] * dice
    else:
        faces = [d if isinstance(d, str) and d in look.FACES else "?" for d in dice]
    hand = get(p, "hand", [])
    cards = [int(c) for c in hand] if isinstance(hand, list) else []
    deck = get(p, "deck", 0)
    active = _num(get(p, "active"))
    return Side(
        [character(view, i, c) for i, c in enumerate(get(p, "characters", []))],
        active if active is not None and active >= 0 else None,
        faces,
        [c for c in cards if c >= 0],
        len(cards) if isinstance(hand, list) else int(hand or 0),
        len(deck) if isinstance(deck, list) else int(deck or 0),
        [entity(view, e) for e in get(p, "summons", []) or []],
        [entity(view, e) for e in get(p, "supports", []) or []],
        [entity(view, e) for e in get(p, "combat_statuses", []) or []],
        bool(get(p, "declared_end", False)),
        bool(get(p, "plunge_ready", False)),
    )


def read(view: Any) -> Board:
    players = get(view, "players", [])
    declared = get(view, "declared_end")
    sides = [side(view, p) for p in players]
    if isinstance(declared, list):
        for s, d in zip(sides, declared, strict=False):
            s.declared_end = s.declared_end or bool(d)
    return Board(
        sides,
        int(get(view, "round", 1) or 1),
        str(get(view, "phase", "action")),
        _num(get(view, "first")),
        _num(get(view, "turn")),
    )
