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
        return {
            "kind": self.kind,
            "seat": self.seat,
            "key": self.key,
            "params": dict(self.params),
            "options": list(self.options),
            "store": self.store,
        }

    @staticmethod
    def from_json(data: Any, path: str = "pending") -> Decision:
        if not isinstance(data, Mapping):
            raise ValueError(f"{path}: expected an object")
        seat = _int(data.get("seat"), f"{path}.seat")
        for key in ("kind", "key", "store"):
            if not isinstance(data.get(key), str):
                raise ValueError(f"{path}.{key}: expected a string")
        if not isinstance(data.get("params"), dict):
            raise ValueError(f"{path}.params: expected an object")
        if not isinstance(data.get("options"), list):
            raise ValueError(f"{path}.options: expected a list")
        try:
            return Decision(
                data["kind"], seat, data["key"], dict(data["params"]), list(data["options"]),
                data["store"],
            )  # fmt: skip
        except ValueError as exc:
            raise ValueError(f"{path}.kind: {exc}") from exc


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
        return {
            "id": self.id,
            "card": self.card,
            "owner": self.owner,
            "zone": self.zone,
            "usages": self.usages,
            "duration": self.duration,
            "counters": dict(self.counters),
        }

    @staticmethod
    def from_json(data: Any, path: str) -> Entity:
        if not isinstance(data, Mapping):
            raise ValueError(f"{path}: expected an object")
        for key in ("card", "zone"):
            if not isinstance(data.get(key), str):
                raise ValueError(f"{path}.{key}: expected a string")
        counters = data.get("counters")
        if not isinstance(counters, Mapping):
            raise ValueError(f"{path}.counters: expected an object")
        return Entity(
            id=_int(data.get("id"), f"{path}.id"),
            card=data["card"],
            owner=_int(data.get("owner"), f"{path}.owner"),
            zone=data["zone"],
            usages=_opt_int(data.get("usages"), f"{path}.usages"),
            duration=_opt_int(data.get("duration"), f"{path}.duration"),
            counters={str(k): _int(v, f"{path}.counters.{k}") for k, v in counters.items()},
        )


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
        p = self.pending
        return Effects(
            [Frame(f.effects, f.index, dict(f.ctx)) for f in self.stack],
            None if p is None else Decision(p.kind, p.seat, p.key, p.params, p.options, p.store),
            [
                Entity(e.id, e.card, e.owner, e.zone, e.usages, e.duration, dict(e.counters))
                for e in self.entities
            ],
            self.next_id,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "stack": [
                {"effects": [dict(s) for s in f.effects], "index": f.index, "ctx": dict(f.ctx)}
                for f in self.stack
            ],
            "pending": None if self.pending is None else self.pending.to_json(),
            "entities": [e.to_json() for e in self.entities],
            "next_id": self.next_id,
        }

    @staticmethod
    def from_json(data: Any, path: str = "fx") -> Effects:
        if not isinstance(data, Mapping):
            raise ValueError(f"{path}: expected an object")
        stack = []
        for i, frame in enumerate(_list(data.get("stack"), f"{path}.stack")):
            where = f"{path}.stack[{i}]"
            if not isinstance(frame, Mapping) or not isinstance(frame.get("ctx"), dict):
                raise ValueError(f"{where}: expected {{effects, index, ctx}}")
            effects = _list(frame.get("effects"), f"{where}.effects")
            if not all(isinstance(s, Mapping) and isinstance(s.get("op"), str) for s in effects):
                raise ValueError(f"{where}.effects: every step needs an op")
            index = _int(frame.get("index"), f"{where}.index")
            if not 0 <= index <= len(effects):
                raise ValueError(f"{where}.index: {index} is outside its effect list")
            stack.append(Frame(effects, index, dict(frame["ctx"])))
        pending = data.get("pending")
        entities = _list(data.get("entities"), f"{path}.entities")
        return Effects(
            stack,
            None if pending is None else Decision.from_json(pending, f"{path}.pending"),
            [Entity.from_json(e, f"{path}.entities[{i}]") for i, e in enumerate(entities)],
            _int(data.get("next_id"), f"{path}.next_id"),
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


def _int(value: Any, path: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{path}: expected an integer, got {value!r}")
    return value


def _opt_int(value: Any, path: str) -> int | None:
    return None if value is None else _int(value, path)


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{path}: expected a list, got {type(value).__name__}")
    return value


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
