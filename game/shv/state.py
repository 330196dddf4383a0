"""Sử Hộ Vương state (ARCHITECTURE 6.1): every field declared once in ``SCHEMA``, the
nested records (a seat's ``Player``, a ``Guardian`` on a field) in ``PLAYER`` and
``GUARDIAN``: clone, save and load are generated from them (``game.core.schema``).

Card instances are ints: seat ``s`` owns ``30*s .. 30*s+29`` (``owner(uid)``) and
``names[uid]`` is the card id (``""`` for a padding card a scenario leaves out of
play).  Decks are kept as **sorted contents** and drawn with ``rng.below``
(ARCHITECTURE 2.7 option a): the owner knows the list, nobody knows the order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.effects import Effects
from game.core.rng import Rng
from game.core.schema import F, Schema
from game.shv.catalog import CARDS_PER_SEAT
from game.shv.options import ShvOptions, options_from_json
from game.shv.villain import Villain, villain_clone, villain_from, villain_json


def owner(uid: int) -> int:
    return uid // CARDS_PER_SEAT


@dataclass(slots=True, eq=False)
class Guardian:
    """A guardian on a field with everything attached to it (SHV-1.2, 1.3, 1.4, 9)."""

    card: int
    ready: bool = True
    damage: int = 0
    tactics: list[int] = field(default_factory=list)
    chosen: dict[str, str] = field(default_factory=dict)  # tactic uid -> type ("choose")
    equipment: dict[str, int] = field(default_factory=dict)  # slot -> uid
    statuses: dict[str, int] = field(default_factory=dict)
    # [status, amount, until ("end_of_turn" | "next_turn"), seat]
    timed: list[list[Any]] = field(default_factory=list)
    temp_points: dict[str, int] = field(default_factory=dict)
    block: int = 0


# <schema clone: clone_guardian>
def clone_guardian(s: Guardian) -> Guardian:
    o = Guardian.__new__(Guardian)
    o.card = s.card
    o.ready = s.ready
    o.damage = s.damage
    o.tactics = s.tactics[:]
    o.chosen = dict(s.chosen)
    o.equipment = dict(s.equipment)
    o.statuses = dict(s.statuses)
    o.timed = [x[:] for x in s.timed]
    o.temp_points = dict(s.temp_points)
    o.block = s.block
    return o
    # </schema clone>


GUARDIAN: Schema[Guardian] = Schema(
    Guardian,
    [
        F.num("card", lo=0),
        F.flag("ready"),
        F.num("damage", lo=0),
        F.ints("tactics", lo=0),
        F.strmap("chosen"),
        F.intmap("equipment"),
        F.intmap("statuses"),
        F.rows("timed", shape=("str", "int", "str", "int")),
        F.intmap("temp_points"),
        F.num("block", lo=0),
    ],
    clone=clone_guardian,
)


@dataclass(slots=True, eq=False)
class Player:
    """One seat (SHV-1.5: the player card's MP; hand, deck, discard, field)."""

    seat: int
    team: int
    mp: int
    eliminated: bool = False
    mulligan_used: bool = False
    deck: list[int] = dataclasses.field(default_factory=list)  # sorted contents, order unknown
    hand: list[int] = dataclasses.field(default_factory=list)  # sorted
    discard: list[int] = dataclasses.field(default_factory=list)
    removed: list[int] = dataclasses.field(default_factory=list)  # out of play (SHV-3.3)
    setup_guardian: int | None = None  # face down until the reveal (SHV-3.4.4)
    field: list[Guardian] = dataclasses.field(default_factory=list)
    block: int = 0

    def guardian(self, uid: int) -> Guardian | None:
        for g in self.field:
            if g.card == uid:
                return g
        return None


# <schema clone: clone_player>
def clone_player(s: Player) -> Player:
    o = Player.__new__(Player)
    o.seat = s.seat
    o.team = s.team
    o.mp = s.mp
    o.eliminated = s.eliminated
    o.mulligan_used = s.mulligan_used
    o.deck = s.deck[:]
    o.hand = s.hand[:]
    o.discard = s.discard[:]
    o.removed = s.removed[:]
    o.setup_guardian = s.setup_guardian
    o.field = [clone_guardian(x) for x in s.field]
    o.block = s.block
    return o
    # </schema clone>


PLAYER: Schema[Player] = Schema(
    Player,
    [
        F.num("seat", lo=0),
        F.num("team", lo=0, hi=1),
        F.num("mp", lo=0),
        F.flag("eliminated"),
        F.flag("mulligan_used"),
        F.ints("deck", lo=-1),  # -1: a card another seat cannot see (a view)
        F.ints("hand", lo=-1),
        F.ints("discard", lo=0),
        F.ints("removed", lo=0),
        F.num("setup_guardian", lo=-1, optional=True),
        F.records("field", GUARDIAN),
        F.num("block", lo=0),
    ],
    clone=clone_player,
)


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


# <schema clone: clone_state>
def clone_state(s: ShvState) -> ShvState:
    o = ShvState.__new__(ShvState)
    o.rng = s.rng.copy()
    o.opts = s.opts
    o.names = s.names
    o.players = [clone_player(x) for x in s.players]
    o.order = s.order[:]
    o.turn_index = s.turn_index
    o.round = s.round
    o.phase = s.phase
    o.step = s.step
    o.turn_flags = dict(s.turn_flags)
    o.privilege = dict(s.privilege)
    o.used = s.used[:]
    o.tired = s.tired[:]
    o.declared = [x[:] for x in s.declared]
    o.entering = s.entering[:]
    o.reactions = [dict(x) for x in s.reactions]
    o.winners = s.winners[:]
    o.turns = s.turns[:]
    o.fx = Effects.clone(s.fx)
    o.villain = None if s.villain is None else villain_clone(s.villain)
    return o
    # </schema clone>


SCHEMA: Schema[ShvState] = Schema(
    ShvState,
    [
        F.rng("rng"),
        F.obj("opts", None, ShvOptions.to_json, options_from_json, key="options"),
        F.strs("names", shared=True),
        F.records("players", PLAYER, min_len=1, max_len=6),
        F.ints("order", min_len=1, max_len=6, lo=0, hi=5),
        F.num("turn_index", lo=0, hi=5),
        F.num("round", lo=1),
        F.text("phase"),
        F.text("step"),
        F.mapping("turn_flags"),
        F.mapping("privilege"),
        F.strs("used"),
        F.ints("tired", lo=0),
        F.rows("declared"),
        F.ints("entering", lo=0),
        F.dicts("reactions"),
        F.ints("winners", lo=0, hi=5),
        F.ints("turns", lo=0, hi=5),
        F.obj("fx", Effects.clone, Effects.to_json, Effects.from_json),
        F.obj("villain", villain_clone, villain_json, villain_from, optional=True),
    ],
    header={"format": "shv-state", "version": 1},
    clone=clone_state,
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
