"""The effects substrate: an effect stack, pending decisions and the resolve loop,
shared by every game that resolves card effects step by step.

Everything a game keeps here is plain data in one :class:`Effects` object that
lives on the game state as ``state.fx``:

* ``stack``: frames of ``(effects, index, ctx)``.  ``effects`` is a list of
  *steps* (``{"op": "score", "points": 2}``) taken from the content file and
  never mutated, so a clone shares it; ``index`` is the next step; ``ctx`` is the
  frame's small JSON dict (``seat``, ``source``, ``target``, answers...).
  Values in ``ctx`` are replaced, never mutated in place (a clone copies the
  dict, not its values).
* ``pending``: the :class:`Decision` the resolve loop stopped at, or None.
* ``entities``: statuses, summons, supports... (:class:`Entity`) with usages,
  a duration and counters, in creation order.

An :class:`Engine` (one per game, stateless, built at import) maps op names to
*primitives* ``fn(state, ctx, step) -> events | None`` and runs the loop:
:meth:`Engine.run` executes steps until the stack is empty or a step opened a
decision; :meth:`Engine.answer` stores the answer in the frame that asked
(under ``decision.store``) and runs on.  A primitive that opens a decision must
not push frames after it.

Windows are not here.  Each big game answers its triggers in its own documented order
(Sử Hộ Vương: ``game/shv/core.py`` ``queue_window``, several answers per seat, SHV-6.4;
Thất Thánh Triệu Hồi: ``game/invokation/windows.py``, the GI-7.5 order over passives,
statuses and summons); the template game's entity windows and ``offer`` op are in
``game/toy/windows.py``.  ``Entity`` is the shared record of a status, summon or
support, and ``Effects`` keeps ``entities`` and the id counter ``next_id`` for the games
that keep their entities there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from game.core.contract import PROMPT_KINDS, Event, Prompt, Rules
from game.core.readers import ReadError
from game.core.schema import F, Schema

Step = Mapping[str, Any]
Primitive = Callable[[Any, dict[str, Any], Step], "list[Event] | None"]

P = TypeVar("P", bound=Primitive)

PASS = "pass"
"""The answer that declines an offer (every game's offers use it)."""


@dataclass(slots=True)
class Decision:
    """A choice the resolve loop is waiting for: ``seat`` decides, ``kind`` is a
    :data:`~game.core.contract.PROMPT_KINDS` value, ``key``/``params`` make the
    prompt, ``options`` (JSON values) may list the answers, and the answer is
    stored in the asking frame's ``ctx[store]``."""

    kind: str
    seat: int
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    options: list[Any] = field(default_factory=list)
    store: str = "answer"

    def __post_init__(self) -> None:
        if self.kind not in PROMPT_KINDS:
            raise ValueError(f"decision kind {self.kind!r} is not one of {PROMPT_KINDS}")

    def to_json(self) -> dict[str, Any]:
        return DECISION.to_json(self)

    @staticmethod
    def from_json(data: Any, path: str = "pending") -> Decision:
        return DECISION.from_json(data, path)


@dataclass(slots=True)
class Frame:
    effects: Sequence[Step]
    index: int
    ctx: dict[str, Any]


@dataclass(slots=True)
class Entity:
    """A thing on the board: ``card`` names its content entry, ``zone`` its row
    (``"status"``, ``"summon"``...).  ``usages`` and ``duration`` are None when
    unlimited; ``counters`` hold anything else a table shows (hp, charge)."""

    id: int
    card: str
    owner: int
    zone: str
    usages: int | None = None
    duration: int | None = None
    counters: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return ENTITY.to_json(self)

    @staticmethod
    def from_json(data: Any, path: str) -> Entity:
        return ENTITY.from_json(data, path)


@dataclass(slots=True)
class Effects:
    """All effect bookkeeping of one game state (``state.fx``)."""

    stack: list[Frame] = field(default_factory=list)
    pending: Decision | None = None
    entities: list[Entity] = field(default_factory=list)
    next_id: int = 1

    @property
    def idle(self) -> bool:
        """True when nothing is resolving and nobody is being asked."""
        return not self.stack and self.pending is None

    def prompt(self, seat: int, idle: Prompt) -> Prompt:
        """The pending decision as the game's prompt for ``seat``, else ``idle``."""
        if self.pending is None:
            return idle
        return Prompt(seat, self.pending.key, dict(self.pending.params), kind=self.pending.kind)

    def clone(self) -> Effects:
        return FX.clone(self)

    def to_json(self) -> dict[str, Any]:
        return FX.to_json(self)

    @staticmethod
    def from_json(data: Any, path: str = "fx") -> Effects:
        return FX.from_json(data, path)


# The records above declared once: clone, to_json and a checked from_json
# (``game.core.schema``); a game state names ``ENTITY`` for the entities it keeps.
DECISION: Schema[Decision] = Schema(
    Decision,
    [
        F.text("kind", choices=PROMPT_KINDS),
        F.num("seat"),
        F.text("key"),
        F.mapping("params", shared=True),  # replaced, never mutated: clones share them
        F.values("options", shared=True),
        F.text("store"),
    ],
)
FRAME: Schema[Frame] = Schema(
    Frame,
    [
        F.dicts("effects", shared=True),  # steps from content, never mutated
        F.num("index", lo=0),
        F.mapping("ctx"),
    ],
)


# <schema clone: clone_entity>
def clone_entity(s: Entity) -> Entity:
    o = Entity.__new__(Entity)
    o.id = s.id
    o.card = s.card
    o.owner = s.owner
    o.zone = s.zone
    o.usages = s.usages
    o.duration = s.duration
    o.counters = dict(s.counters)
    return o
    # </schema clone>


ENTITY: Schema[Entity] = Schema(
    Entity,
    [
        F.num("id"),
        F.text("card"),
        F.num("owner"),
        F.text("zone"),
        F.num("usages", optional=True),
        F.num("duration", optional=True),
        F.intmap("counters"),
    ],
    clone=clone_entity,  # named: the compiled states that hold entities call it
)


def _frame_from(data: Any, path: str) -> Frame:
    """A frame whose every step has an op and whose cursor is inside its steps."""
    frame = FRAME.from_json(data, path)
    if not all(type(s.get("op")) is str for s in frame.effects):
        raise ReadError(f"{path}.effects", "every step needs an op")
    if frame.index > len(frame.effects):
        raise ReadError(f"{path}.index", f"{frame.index} is outside its effect list")
    return frame


FX: Schema[Effects] = Schema(
    Effects,
    [
        F.objs("stack", FRAME.clone, FRAME.to_json, _frame_from),
        F.record("pending", DECISION, optional=True),
        F.records("entities", ENTITY),
        F.num("next_id"),
    ],
)


class Engine:
    """A game's primitive registry and resolve loop (stateless; one per game)."""

    def __init__(self) -> None:
        self._ops: dict[str, Primitive] = {}

    # -- registry -------------------------------------------------------------
    def register(self, name: str, fn: Primitive) -> None:
        if name in self._ops:
            raise ValueError(f"op {name!r} is registered twice")
        self._ops[name] = fn

    def op(self, name: str) -> Callable[[P], P]:
        """Decorator form of :meth:`register`."""

        def deco(fn: P) -> P:
            self.register(name, fn)
            return fn

        return deco

    @property
    def ops(self) -> frozenset[str]:
        return frozenset(self._ops)

    # -- the loop -------------------------------------------------------------
    def push(self, state: Any, effects: Sequence[Step], ctx: Mapping[str, Any]) -> None:
        state.fx.stack.append(Frame(effects, 0, dict(ctx)))

    def run(self, state: Any) -> list[Event]:
        """Run steps until the stack is empty or a step opened a decision."""
        fx: Effects = state.fx
        stack = fx.stack
        ops = self._ops
        events: list[Event] = []
        while stack and fx.pending is None:
            frame = stack[-1]
            if frame.index >= len(frame.effects):
                stack.pop()
                continue
            step = frame.effects[frame.index]
            frame.index += 1
            try:
                fn = ops[step["op"]]
            except KeyError:
                raise KeyError(f"unknown effect op {step['op']!r}") from None
            out = fn(state, frame.ctx, step)
            if out:
                events.extend(out)
        return events

    def resolve(self, state: Any, effects: Sequence[Step], ctx: Mapping[str, Any]) -> list[Event]:
        """Push one effect list and run."""
        self.push(state, effects, ctx)
        return self.run(state)

    def answer(self, state: Any, value: Any) -> list[Event]:
        """Store the answer to the pending decision and run on."""
        fx: Effects = state.fx
        decision = fx.pending
        if decision is None:
            raise ValueError("no decision is pending")
        fx.pending = None
        if fx.stack:
            fx.stack[-1].ctx[decision.store] = value
        return self.run(state)


def turn_problems(rules: Rules[Any], state: Any, fx: Effects, over: bool) -> list[str]:
    """The turn invariants every game on the substrate shares: a finished game has no
    mover and no actions, a stack never stops without a decision, and the contract's
    ``mover_problems`` (the seat to move is the one asked, it has actions)."""
    mover, acts = rules.to_move(state), rules.legal_actions(state)
    if over:
        return [] if mover is None and not acts else ["a finished game still moves"]
    if fx.stack and fx.pending is None:
        return ["the effect stack stopped without a decision"]
    return rules.mover_problems(state, acts)
