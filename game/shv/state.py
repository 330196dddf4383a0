"""Sử Hộ Vương state (ARCHITECTURE 6.1): every field declared once in ``SCHEMA``.

Card instances are ints: seat ``s`` owns ``30*s .. 30*s+29`` (``owner(uid)``) and
``names[uid]`` is the card id (``""`` for a padding card a scenario leaves out of
play).  Decks are kept as **sorted contents** and drawn with ``rng.below``
(ARCHITECTURE 2.7 option a): the owner knows the list, nobody knows the order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.effects import Effects
from game.core.rng import Rng
from game.core.schema import F, Schema, read
from game.shv.catalog import CARDS_PER_SEAT
from game.shv.options import ShvOptions, options_from_json
from game.shv.villain import Villain, villain_clone, villain_from, villain_json


def owner(uid: int) -> int:
    return uid // CARDS_PER_SEAT


class Guardian:
    """A guardian on a field with everything attached to it (SHV-1.2, 1.3, 1.4, 9)."""

    __slots__ = (
        "block",
        "card",
        "chosen",
        "damage",
        "equipment",
        "ready",
        "statuses",
        "tactics",
        "temp_points",
        "timed",
    )

    def __init__(
        self,
        card: int,
        ready: bool = True,
        damage: int = 0,
        tactics: list[int] | None = None,
        chosen: dict[str, str] | None = None,
        equipment: dict[str, int] | None = None,
        statuses: dict[str, int] | None = None,
        timed: list[list[Any]] | None = None,
        temp_points: dict[str, int] | None = None,
        block: int = 0,
    ) -> None:
        self.card = card
        self.ready = ready
        self.damage = damage
        self.tactics = tactics if tactics is not None else []
        self.chosen = chosen if chosen is not None else {}  # tactic uid -> type ("choose")
        self.equipment = equipment if equipment is not None else {}  # slot -> uid
        self.statuses = statuses if statuses is not None else {}
        # [status, amount, until ("end_of_turn" | "next_turn"), seat]
        self.timed = timed if timed is not None else []
        self.temp_points = temp_points if temp_points is not None else {}
        self.block = block

    def clone(self) -> Guardian:
        return Guardian(
            self.card,
            self.ready,
            self.damage,
            self.tactics[:],
            dict(self.chosen),
            dict(self.equipment),
            dict(self.statuses),
            [t[:] for t in self.timed],
            dict(self.temp_points),
            self.block,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "ready": self.ready,
            "damage": self.damage,
            "tactics": self.tactics[:],
            "chosen": dict(self.chosen),
            "equipment": dict(self.equipment),
            "statuses": dict(self.statuses),
            "timed": [t[:] for t in self.timed],
            "temp_points": dict(self.temp_points),
            "block": self.block,
        }

    @staticmethod
    def from_json(data: Any, path: str) -> Guardian:
        fast = _fast_guardian(data)
        if fast is not None:
            return fast
        if not isinstance(data, Mapping):
            raise ValueError(f"{path}: expected an object")
        return Guardian(
            _int(data.get("card"), f"{path}.card", 0),
            _bool(data.get("ready"), f"{path}.ready"),
            _int(data.get("damage"), f"{path}.damage", 0),
            _ints(data.get("tactics"), f"{path}.tactics"),
            _strmap(data.get("chosen"), f"{path}.chosen"),
            _intmap(data.get("equipment"), f"{path}.equipment"),
            _intmap(data.get("statuses"), f"{path}.statuses"),
            _timed(data.get("timed"), f"{path}.timed"),
            _intmap(data.get("temp_points"), f"{path}.temp_points"),
            _int(data.get("block"), f"{path}.block", 0),
        )


class Player:
    """One seat (SHV-1.5: the player card's MP; hand, deck, discard, field)."""

    __slots__ = (
        "block",
        "deck",
        "discard",
        "eliminated",
        "field",
        "hand",
        "mp",
        "mulligan_used",
        "removed",
        "seat",
        "setup_guardian",
        "team",
    )

    def __init__(
        self,
        seat: int,
        team: int,
        mp: int,
        eliminated: bool = False,
        mulligan_used: bool = False,
        deck: list[int] | None = None,
        hand: list[int] | None = None,
        discard: list[int] | None = None,
        removed: list[int] | None = None,
        setup_guardian: int | None = None,
        field: list[Guardian] | None = None,
        block: int = 0,
    ) -> None:
        self.seat = seat
        self.team = team
        self.mp = mp
        self.eliminated = eliminated
        self.mulligan_used = mulligan_used
        self.deck = deck if deck is not None else []  # sorted contents, order unknown
        self.hand = hand if hand is not None else []  # sorted
        self.discard = discard if discard is not None else []
        self.removed = removed if removed is not None else []  # out of play (SHV-3.3)
        self.setup_guardian = setup_guardian  # face down until the reveal (SHV-3.4.4)
        self.field = field if field is not None else []
        self.block = block

    def clone(self) -> Player:
        return Player(
            self.seat,
            self.team,
            self.mp,
            self.eliminated,
            self.mulligan_used,
            self.deck[:],
            self.hand[:],
            self.discard[:],
            self.removed[:],
            self.setup_guardian,
            [g.clone() for g in self.field],
            self.block,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "team": self.team,
            "mp": self.mp,
            "eliminated": self.eliminated,
            "mulligan_used": self.mulligan_used,
            "deck": self.deck[:],
            "hand": self.hand[:],
            "discard": self.discard[:],
            "removed": self.removed[:],
            "setup_guardian": self.setup_guardian,
            "field": [g.to_json() for g in self.field],
            "block": self.block,
        }

    @staticmethod
    def from_json(data: Any, path: str) -> Player:
        fast = _fast_player(data, path)
        if fast is not None:
            return fast
        if not isinstance(data, Mapping):
            raise ValueError(f"{path}: expected an object")
        sg = data.get("setup_guardian")
        fld = data.get("field")
        if not isinstance(fld, list):
            raise ValueError(f"{path}.field: expected a list")
        return Player(
            _int(data.get("seat"), f"{path}.seat", 0),
            _int(data.get("team"), f"{path}.team", 0, 1),
            _int(data.get("mp"), f"{path}.mp", 0),
            _bool(data.get("eliminated"), f"{path}.eliminated"),
            _bool(data.get("mulligan_used"), f"{path}.mulligan_used"),
            _ints(data.get("deck"), f"{path}.deck", -1),
            _ints(data.get("hand"), f"{path}.hand", -1),
            _ints(data.get("discard"), f"{path}.discard"),
            _ints(data.get("removed"), f"{path}.removed"),
            None if sg is None else _int(sg, f"{path}.setup_guardian", -1),
            [Guardian.from_json(g, f"{path}.field[{i}]") for i, g in enumerate(fld)],
            _int(data.get("block"), f"{path}.block", 0),
        )

    def guardian(self, uid: int) -> Guardian | None:
        for g in self.field:
            if g.card == uid:
                return g
        return None


@dataclass
class ShvState:
    rng: Rng
    opts: ShvOptions
    names: list[str]  # card id of every instance (immutable, shared by clones)
    players: list[Player]
    order: list[int]  # interleaved turn order (SHV-3.4.3); never rebuilt
    turn_index: int = 0
    round: int = 1
    phase: str = "privilege_type"  # privilege_type, place, mulligan, play, over
    step: str = "setup"  # setup, draw, declare_start, action, declare_end, discard
    turn_flags: dict[str, Any] = field(default_factory=dict)  # summoned, tactic_given
    privilege: dict[str, Any] = field(default_factory=dict)  # SHV-6.4
    used: list[str] = field(default_factory=list)  # "uid:skill" used this turn (SHV-5.5)
    tired: list[int] = field(default_factory=list)  # tired treasures (SHV-4.3, 6.1)
    declared: list[list[Any]] = field(default_factory=list)  # [uid, skill] (SHV-4.1 B2)
    entering: list[int] = field(default_factory=list)  # setup reveal: VÀO SÂN to resolve
    reactions: list[dict[str, Any]] = field(default_factory=list)  # FIFO (SHV-7.3)
    winners: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)  # seat of every turn taken so far
    fx: Effects = field(default_factory=Effects)  # effect-cursor stack + pending decision
    villain: Villain | None = None  # PvE only (game.shv.villain); None in PvP

    @property
    def active(self) -> int:
        return self.order[self.turn_index]

    @property
    def over(self) -> bool:
        return self.phase == "over"


# --- JSON helpers ----------------------------------------------------------------------


def _int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is int and (lo is None or value >= lo) and (hi is None or value <= hi):
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{path}: expected an integer, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError(f"{path}: {value} is out of range")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{path}: expected true or false")
    return value


def _ints(value: Any, path: str, lo: int = 0) -> list[int]:
    if not isinstance(value, list):
        raise ValueError(f"{path}: expected a list")
    # Fast path (a load reads thousands of these): the element paths of an error
    # message are only built when some element is bad.
    if all(type(v) is int and v >= lo for v in value):
        return value[:]
    return [_int(v, f"{path}[{i}]", lo) for i, v in enumerate(value)]


def _intmap(value: Any, path: str) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise ValueError(f"{path}: expected an object")
    if not value:
        return {}
    if all(type(k) is str and type(v) is int for k, v in value.items()):
        return dict(value)
    return {str(k): _int(v, f"{path}.{k}") for k, v in value.items()}


def _strmap(value: Any, path: str) -> dict[str, str]:
    if not isinstance(value, Mapping) or not all(isinstance(v, str) for v in value.values()):
        raise ValueError(f"{path}: expected an object of strings")
    return {str(k): str(v) for k, v in value.items()}


def _timed(value: Any, path: str) -> list[list[Any]]:
    if not isinstance(value, list):
        raise ValueError(f"{path}: expected a list")
    out = []
    for i, t in enumerate(value):
        ok = isinstance(t, list) and len(t) == 4 and isinstance(t[0], str)
        if not ok or not isinstance(t[2], str):
            raise ValueError(f"{path}[{i}]: expected [status, amount, until, seat]")
        out.append([t[0], _int(t[1], f"{path}[{i}][1]"), t[2], _int(t[3], f"{path}[{i}][3]")])
    return out


# --- fast loading: the soak reads a state back after every action ------------------------
# A value that passes these exact-type checks is one the checked readers above accept
# unchanged; anything else (a bad save) goes through them for the error message.


_INT = {int}
_STR = {str}


def _is_nat(v: Any) -> bool:
    return type(v) is int and v >= 0


def _nats(v: Any, lo: int = 0) -> bool:
    # map(type, ...) and min() run in C: no generator per element
    return type(v) is list and (not v or (set(map(type, v)) == _INT and min(v) >= lo))


def _natmap(v: Any) -> bool:
    return type(v) is dict and (
        not v or (set(map(type, v)) == _STR and set(map(type, v.values())) == _INT)
    )


def _strs(v: Any) -> bool:
    return type(v) is dict and (
        not v or (set(map(type, v)) == _STR and set(map(type, v.values())) == _STR)
    )


def _fast_timed(v: Any) -> bool:
    return type(v) is list and (
        not v
        or all(
            type(t) is list
            and len(t) == 4
            and type(t[0]) is str
            and type(t[1]) is int
            and type(t[2]) is str
            and type(t[3]) is int
            for t in v
        )
    )


def _fast_guardian(d: Any) -> Guardian | None:
    if type(d) is not dict:
        return None
    src: Any = d  # values are checked below; Any keeps mypy from Optional[...]
    card, ready, damage, block = (
        src.get("card"),
        src.get("ready"),
        src.get("damage"),
        src.get("block"),
    )
    tactics, chosen = src.get("tactics"), src.get("chosen")
    equipment, statuses, temp, timed = (
        src.get("equipment"),
        src.get("statuses"),
        src.get("temp_points"),
        src.get("timed"),
    )
    if not (
        _is_nat(card)
        and type(ready) is bool
        and _is_nat(damage)
        and _is_nat(block)
        and _nats(tactics)
        and _strs(chosen)
        and _natmap(equipment)
        and _natmap(statuses)
        and _natmap(temp)
        and _fast_timed(timed)
    ):
        return None
    return Guardian(
        card,
        ready,
        damage,
        tactics[:],
        dict(chosen),
        dict(equipment),
        dict(statuses),
        [t[:] for t in timed],
        dict(temp),
        block,
    )


def _fast_player(d: Any, path: str) -> Player | None:
    if type(d) is not dict:
        return None
    src: Any = d  # values are checked below; Any keeps mypy from Optional[...]
    seat, team, mp, block = src.get("seat"), src.get("team"), src.get("mp"), src.get("block")
    eliminated, mulligan_used = src.get("eliminated"), src.get("mulligan_used")
    deck, hand, discard, removed = (
        src.get("deck"),
        src.get("hand"),
        src.get("discard"),
        src.get("removed"),
    )
    sg, fld = src.get("setup_guardian"), src.get("field")
    if not (
        _is_nat(seat)
        and type(team) is int
        and 0 <= team <= 1
        and _is_nat(mp)
        and _is_nat(block)
        and type(eliminated) is bool
        and type(mulligan_used) is bool
        and _nats(deck, -1)
        and _nats(hand, -1)
        and _nats(discard)
        and _nats(removed)
        and (sg is None or (type(sg) is int and sg >= -1))
        and type(fld) is list
    ):
        return None
    return Player(
        seat,
        team,
        mp,
        eliminated,
        mulligan_used,
        deck[:],
        hand[:],
        discard[:],
        removed[:],
        sg,
        [Guardian.from_json(g, f"{path}.field[{i}]") for i, g in enumerate(fld)],
        block,
    )


def _players_clone(players: list[Player]) -> list[Player]:
    return [p.clone() for p in players]


def _players_json(players: list[Player]) -> list[dict[str, Any]]:
    return [p.to_json() for p in players]


def _players_from(data: Any, path: str) -> list[Player]:
    if not isinstance(data, list) or not 1 <= len(data) <= 6:
        raise ValueError(f"{path}: expected 1 to 6 players")
    return [Player.from_json(p, f"{path}[{i}]") for i, p in enumerate(data)]


def _dicts_clone(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [dict(d) for d in items]


def _dicts_from(data: Any, path: str) -> list[dict[str, Any]]:
    if not isinstance(data, list) or not all(isinstance(d, dict) for d in data):
        raise ValueError(f"{path}: expected a list of objects")
    return [dict(d) for d in data]


def _lists_clone(items: list[list[Any]]) -> list[list[Any]]:
    return [x[:] for x in items]


def _lists_from(data: Any, path: str) -> list[list[Any]]:
    if not isinstance(data, list) or not all(isinstance(d, list) for d in data):
        raise ValueError(f"{path}: expected a list of lists")
    return [list(d) for d in data]


_TURNS = F.ints("turns", lo=0, hi=5)


def _turns_from(data: Any, path: str) -> list[int]:
    """``turns`` grows by one a turn: read it without a path string per element."""
    if type(data) is list and (
        not data or (set(map(type, data)) == _INT and min(data) >= 0 and max(data) <= 5)
    ):
        return data[:]
    return list(read(_TURNS, data, path))


def _fx_from(data: Any, path: str) -> Effects:
    return Effects.from_json(data, path)


def _names_from(data: Any, path: str) -> list[str]:
    if type(data) is list and set(map(type, data)) == _STR:
        return data[:]
    if not isinstance(data, list) or not all(isinstance(n, str) for n in data):
        raise ValueError(f"{path}: expected a list of card ids")
    return list(data)


SCHEMA: Schema[ShvState] = Schema(
    ShvState,
    [
        F.rng("rng"),
        F.obj("opts", None, ShvOptions.to_json, options_from_json, key="options"),
        F.obj("names", None, list, _names_from),
        F.obj("players", _players_clone, _players_json, _players_from),
        F.ints("order", min_len=1, max_len=6, lo=0, hi=5),
        F.num("turn_index", lo=0, hi=5),
        F.num("round", lo=1),
        F.text("phase"),
        F.text("step"),
        F.mapping("turn_flags"),
        F.mapping("privilege"),
        F.strs("used"),
        F.ints("tired", lo=0),
        F.obj("declared", _lists_clone, _lists_clone, _lists_from),
        F.ints("entering", lo=0),
        F.obj("reactions", _dicts_clone, _dicts_clone, _dicts_from),
        F.ints("winners", lo=0, hi=5),
        F.obj("turns", list, list, _turns_from),
        F.obj("fx", Effects.clone, Effects.to_json, _fx_from),
        F.obj("villain", villain_clone, villain_json, villain_from, optional=True),
    ],
    header={"format": "shv-state", "version": 1},
)

PHASES = ("privilege_type", "place", "mulligan", "play", "over")
STEPS = (
    "setup",
    "draw",
    "declare_start",
    "resolve_start",
    "action",
    "declare_end",
    "resolve_end",
    "discard",
    "villain",  # PvE: the villain turn (SHV-10.5)
)


def check(state: ShvState) -> ShvState:
    """Cross-field checks the schema cannot express."""
    n = len(state.players)
    counts = (2, 4, 6) if state.villain is None else (1, 2, 3, 4, 5, 6)
    if n not in counts or sorted(state.order) != list(range(n)):
        raise ValueError(f"order: must list every seat once ({', '.join(map(str, counts))} seats)")
    if state.villain is None and state.step == "villain":
        raise ValueError("step: a villain turn without a villain side")
    if state.turn_index >= n:
        raise ValueError("turn_index: not a position in the order")
    if state.phase not in PHASES or state.step not in STEPS:
        raise ValueError(f"phase/step: unknown {state.phase!r}/{state.step!r}")
    if len(state.names) != n * CARDS_PER_SEAT:
        raise ValueError(f"names: expected {n * CARDS_PER_SEAT} card ids")
    for i, p in enumerate(state.players):
        if p.seat != i:
            raise ValueError(f"players[{i}].seat: expected {i}")
    return state


def expire_timed(holder: Any, ends: Callable[[Any], bool]) -> list[str]:
    """Drop the timed statuses of ``holder`` (a Guardian or a villain) that ``ends``
    picks, lowering each status by its timed amount; the statuses removed."""
    gone: list[str] = []
    for t in [t for t in holder.timed if ends(t)]:
        holder.timed.remove(t)
        left = holder.statuses.get(t[0], 0) - int(t[1])
        if left > 0:
            holder.statuses[t[0]] = left
        else:
            holder.statuses.pop(t[0], None)
        gone.append(str(t[0]))
    return gone


def held_treasures(state: ShvState, seat: int) -> list[int]:
    """The single-use treasures of ``seat`` on the table while their text resolves: held
    by their frame, in no zone, until it puts them in the discard pile (SHV-5.3)."""
    return [
        int(f.ctx["source"])
        for f in state.fx.stack
        if f.ctx.get("_held") and owner(int(f.ctx["source"])) == seat
    ]


def release_held(state: ShvState, frames: list[Any]) -> None:
    """Frames that end unfinished (an elimination, the end of the game) put the treasures
    they hold on the table into the discard pile (SHV-5.3)."""
    for frame in frames:
        if frame.ctx.pop("_held", None):
            uid = int(frame.ctx["source"])
            state.players[owner(uid)].discard.append(uid)
