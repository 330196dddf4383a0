"""Scenario positions (ARCHITECTURE 2.10) for Sử Hộ Vương, written with card names::

    {"seed": 3, "options": {"starting_mp": 15}, "active": 0, "round": 1,
     "players": [
       {"team": 0, "mp": 13, "hand": ["ma_troi", "hoa_co_ban"], "deck": ["kim_co_ban"],
        "discard": [],
        "field": [{"card": "ma_troi", "ready": true, "damage": 1, "tactics": ["hoa_co_ban"],
                   "equipment": {"weapon": "no_than"}, "statuses": {"weaken": 1},
                   "temp_points": {}, "block": 0}]},
       {"team": 1, "mp": 15, "field": [...]}],
     "order": [0, 1], "turn_flags": {"summoned": false, "tactic_given": false},
     "privilege": {"point_type": "thuy", "used": false}, "used": [], "tired": []}

Each seat's cards get ids ``30*seat + k`` in the order listed (field guardians with
their tactics and equipment, then hand, deck, discard); the rest of the 30 are out of
play (``removed``, no name).  The position is the active player's action phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.contract import Action
from game.core.effects import Effects
from game.core.rng import Rng
from game.shv.catalog import CARDS_PER_SEAT
from game.shv.core import Core
from game.shv.options import ShvOptions, parse_options
from game.shv.state import Guardian, Player, ShvState, owner


class _Deal:
    def __init__(self, seat: int, names: list[str], core: Core) -> None:
        self.seat = seat
        self.next = seat * CARDS_PER_SEAT
        self.names = names
        self.core = core

    def take(self, name: str) -> int:
        if name not in self.core.cat.cards:
            raise ValueError(f"unknown card {name!r}")
        if self.next >= (self.seat + 1) * CARDS_PER_SEAT:
            raise ValueError(f"seat {self.seat} has more than {CARDS_PER_SEAT} cards")
        uid = self.next
        self.names[uid] = name
        self.next += 1
        return uid

    def many(self, names: Any) -> list[int]:
        return [self.take(str(n)) for n in names or []]


def _guardian(deal: _Deal, spec: Mapping[str, Any]) -> Guardian:
    g = Guardian(deal.take(str(spec["card"])))
    g.ready = bool(spec.get("ready", True))
    g.damage = int(spec.get("damage", 0))
    g.tactics = deal.many(spec.get("tactics"))
    chosen = spec.get("chosen") or {}
    g.chosen = {str(u): str(chosen[deal.names[u]]) for u in g.tactics if deal.names[u] in chosen}
    g.equipment = {str(k): deal.take(str(v)) for k, v in (spec.get("equipment") or {}).items()}
    g.statuses = {str(k): int(v) for k, v in (spec.get("statuses") or {}).items()}
    g.temp_points = {str(k): int(v) for k, v in (spec.get("temp_points") or {}).items()}
    g.block = int(spec.get("block", 0))
    return g


def _player(seat: int, spec: Mapping[str, Any], names: list[str], core: Core, mp: int) -> Player:
    deal = _Deal(seat, names, core)
    p = Player(seat, int(spec.get("team", seat % 2)), int(spec.get("mp", mp)))
    p.field = [_guardian(deal, g) for g in spec.get("field", [])]
    p.hand = sorted(deal.many(spec.get("hand")))
    p.deck = sorted(deal.many(spec.get("deck")))
    p.discard = deal.many(spec.get("discard"))
    p.eliminated = bool(spec.get("eliminated", False))
    p.mulligan_used = bool(spec.get("mulligan_used", True))
    p.block = int(spec.get("block", 0))
    p.removed = list(range(deal.next, (seat + 1) * CARDS_PER_SEAT))
    if p.eliminated and (p.field or p.hand or p.deck):
        raise ValueError(f"seat {seat} is eliminated but still has cards in play")
    return p


def _order(players: list[Player], data: Mapping[str, Any]) -> list[int]:
    if "order" in data:
        return [int(s) for s in data["order"]]
    first = int(data.get("first_team", 0))
    lines = [[p.seat for p in players if p.team == t] for t in (first, 1 - first)]
    return [s for pair in zip(*lines, strict=True) for s in pair]


def scenario_state(core: Core, data: Mapping[str, Any]) -> ShvState:
    specs = list(data["players"])
    n = len(specs)
    if n not in (2, 4, 6):
        raise ValueError("a scenario needs 2, 4 or 6 players")
    opts = parse_options(data.get("options"))
    names = [""] * (n * CARDS_PER_SEAT)
    players = [_player(i, s, names, core, opts.starting_mp) for i, s in enumerate(specs)]
    order = _order(players, data)
    active = int(data.get("active", order[0]))
    second = 1 - players[order[0]].team
    priv = dict(data.get("privilege") or {})
    privilege = {
        "team": second,
        "point_type": priv.get("point_type"),
        "used": bool(priv.get("used", False)),
        "holder": priv.get("holder"),
    }
    state = play_state(data, opts, names, players, order, active, privilege)
    for name in data.get("tired", []):
        state.tired.append(find(core, state, str(name), "equipment"))
    state.turns = [active]
    return state


def play_state(
    data: Mapping[str, Any],
    opts: ShvOptions,
    names: list[str],
    players: list[Player],
    order: list[int],
    active: int,
    privilege: dict[str, Any],
) -> ShvState:
    """A scenario's state in the action step of ``active``'s turn (PvP and PvE)."""
    return ShvState(
        rng=Rng(int(data.get("seed", 0))),
        opts=opts,
        names=names,
        players=players,
        order=order,
        turn_index=order.index(active),
        round=int(data.get("round", 1)),
        phase="play",
        step="action",
        turn_flags={"summoned": False, "tactic_given": False, **dict(data.get("turn_flags") or {})},
        privilege=privilege,
        used=[str(u) for u in data.get("used", [])],
        tired=[],
        fx=Effects(),
    )


def find(core: Core, state: ShvState, name: str, zone: str, seat: int | None = None) -> int:
    """The first card called ``name`` in ``zone`` (field, equipment, hand, deck, tactics)."""
    for p in state.players:
        if seat is not None and p.seat != seat:
            continue
        for uid in _zone(p, zone):
            if state.names[uid] == name:
                return uid
    raise ValueError(f"no {name!r} in {zone}" + ("" if seat is None else f" of seat {seat}"))


def _zone(p: Player, zone: str) -> list[int]:
    if zone == "field":
        return [g.card for g in p.field]
    if zone == "equipment":
        return [u for g in p.field for u in g.equipment.values()]
    if zone == "tactics":
        return [u for g in p.field for u in g.tactics]
    return list(getattr(p, zone))


def named_action(core: Core, state: ShvState, data: Mapping[str, Any]) -> Action:
    """``{"kind": "activate", "seat": 0, "source": "ma_troi", "skill": "lua_ma",
    "guardian": "cao_lo@1"}``: card names resolved to ids (the mover's cards first;
    ``name@seat`` names another seat's card)."""
    if not isinstance(data, Mapping):
        raise ValueError(f"an action must be an object, not {type(data).__name__}")
    out = dict(data)
    seat = data.get("seat")
    mine = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
    try:
        if isinstance(out.get("card"), str):
            zone = "deck" if out.get("kind") == "place_guardian" else "hand"
            if out.get("kind") == "keep_equipment":
                zone = "equipment"
            name, who = _split(out["card"], mine)
            out["card"] = _in_hand_or_new(core, state, name, zone, who)
        if isinstance(out.get("source"), str):
            out["source"] = _source(core, state, *_split(out["source"], mine))
        if isinstance(out.get("guardian"), str):
            out["guardian"] = _guardian_named(core, state, *_split(out["guardian"], mine))
    except ValueError as exc:
        raise ValueError(f"bad action {dict(data)!r}: {exc}") from exc
    return Action.from_json(out)


def _split(spec: str, seat: int | None) -> tuple[str, int | None]:
    if "@" in spec:
        name, who = spec.split("@", 1)
        return name, int(who)
    return spec, seat


def _in_hand_or_new(core: Core, state: ShvState, name: str, zone: str, seat: int | None) -> int:
    if zone == "equipment":  # keep_equipment: the kept piece, on the field or in hand
        try:
            return find(core, state, name, "equipment", seat)
        except ValueError:
            zone = "hand"
    return find(core, state, name, zone, seat)


def _source(core: Core, state: ShvState, name: str, seat: int | None) -> int:
    for zone in ("field", "equipment", "hand"):
        try:
            return find(core, state, name, zone, seat)
        except ValueError:
            continue
    raise ValueError(f"no card {name!r} with skills")


def _guardian_named(core: Core, state: ShvState, name: str, seat: int | None) -> int:
    """A guardian by name: an enemy's first when the mover has none of that name."""
    try:
        return find(core, state, name, "field", seat)
    except ValueError:
        return find(core, state, name, "field")


__all__ = ["find", "named_action", "owner", "scenario_state"]
