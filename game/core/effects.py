"""The effects substrate: an effect stack, pending decisions, trigger windows and
entities with usages and durations, shared by every game that needs them.

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

Windows.  ``Engine.fire(state, window, ctx, first)`` pushes, for every entity
whose card answers ``window`` (the game's ``triggers(entity, window)``), a
frame with that card's effects; ``Engine.modify(state, window, value, ctx,
first)`` asks every answering entity to change a number at once (damage before
it lands).  Both visit entities in one documented order: owner seats starting
at ``first`` and going up (wrapping), then creation order inside a seat; trigger
frames are pushed so that the first in that order resolves first.

Built-in ops: ``fire`` (open a trigger window from inside an effect list;
``{"op": "fire", "window": "after_damage", "own": true}`` limits it to the
entities of ``ctx["seat"]``) and
``offer`` (:func:`offer_seats`: offer a decision to each other seat once, in
order, stopping at the first that does not pass unless ``"all": true``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from game.core.contract import PROMPT_KINDS, Event, Prompt, Rules

Step = Mapping[str, Any]
Primitive = Callable[[Any, dict[str, Any], Step], "list[Event] | None"]
Modifier = Callable[[Any, "Entity", dict[str, Any], Step, int], "tuple[int, list[Event]]"]
Triggers = Callable[["Entity", str], "Sequence[Step] | Step | None"]

P = TypeVar("P", bound=Primitive)

PASS = "pass"
"""The answer that declines an offer."""


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

    # -- entities -------------------------------------------------------------
    def entity(self, entity_id: int) -> Entity | None:
        for e in self.entities:
            if e.id == entity_id:
                return e
        return None

    def of(self, owner: int, zone: str | None = None) -> list[Entity]:
        return [e for e in self.entities if e.owner == owner and (zone is None or e.zone == zone)]

    def create(
        self,
        card: str,
        owner: int,
        zone: str,
        *,
        usages: int | None = None,
        duration: int | None = None,
        counters: Mapping[str, int] | None = None,
    ) -> tuple[Entity, Event]:
        entity = Entity(self.next_id, card, owner, zone, usages, duration, dict(counters or {}))
        self.next_id += 1
        self.entities.append(entity)
        return entity, Event("entity_created", {**entity.to_json(), "seat": owner})

    def remove(self, entity: Entity, reason: str) -> Event:
        self.entities.remove(entity)
        data = {"id": entity.id, "card": entity.card, "seat": entity.owner, "reason": reason}
        return Event("entity_removed", data)

    def use(self, entity: Entity, n: int = 1) -> list[Event]:
        """Spend ``n`` usages; an entity at 0 usages is removed ("used_up")."""
        if entity.usages is None:
            return []
        entity.usages = max(0, entity.usages - n)
        events = [
            Event("usage_spent", {"id": entity.id, "seat": entity.owner, "left": entity.usages})
        ]
        if entity.usages == 0:
            events.append(self.remove(entity, "used_up"))
        return events

    def tick(self, owner: int, zones: Sequence[str] | None = None) -> list[Event]:
        """One duration tick for ``owner``'s entities (in ``zones``); at 0 they expire."""
        events: list[Event] = []
        for entity in list(self.entities):
            if entity.owner != owner or entity.duration is None:
                continue
            if zones is not None and entity.zone not in zones:
                continue
            entity.duration -= 1
            left = entity.duration
            events.append(Event("duration_ticked", {"id": entity.id, "seat": owner, "left": left}))
            if entity.duration <= 0:
                events.append(self.remove(entity, "expired"))
        return events

    def ordered(self, first: int, seats: int) -> list[Entity]:
        """Entities in window order: seats from ``first`` upwards (wrapping), then
        creation order inside each seat."""
        return sorted(self.entities, key=lambda e: ((e.owner - first) % seats, e.id))


class Engine:
    """A game's primitive registry and resolve loop (stateless; one per game).

    ``triggers(entity, window)`` returns the steps the entity's card runs in a
    window (or one modifier step for :meth:`modify`), or None."""

    def __init__(self, triggers: Triggers | None = None) -> None:
        self._ops: dict[str, Primitive] = {"fire": self._op_fire, "offer": self._op_offer}
        self._modifiers: dict[str, Modifier] = {}
        self._triggers = triggers or (lambda entity, window: None)

    # -- registry -------------------------------------------------------------
    def register(self, name: str, fn: Primitive) -> None:
        if name in self._ops:
            raise ValueError(f"op {name!r} is registered twice")
        self._ops[name] = fn

    def register_modifier(self, name: str, fn: Modifier) -> None:
        if name in self._modifiers:
            raise ValueError(f"modifier {name!r} is registered twice")
        self._modifiers[name] = fn

    def op(self, name: str) -> Callable[[P], P]:
        """Decorator form of :meth:`register`."""

        def deco(fn: P) -> P:
            self.register(name, fn)
            return fn

        return deco

    @property
    def ops(self) -> frozenset[str]:
        return frozenset(self._ops) | frozenset(self._modifiers)

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

    # -- windows --------------------------------------------------------------
    def fire(
        self,
        state: Any,
        window: str,
        ctx: Mapping[str, Any],
        first: int,
        seats: int,
        owner: int | None = None,
    ) -> int:
        """Push a frame for every entity that answers ``window`` (only ``owner``'s
        when given: "at the start of *your* turn"); returns how many.  Call
        :meth:`run` (or let the running loop continue) to resolve them."""
        fx: Effects = state.fx
        frames = []
        for entity in fx.ordered(first, seats):
            if owner is not None and entity.owner != owner:
                continue
            steps = self._triggers(entity, window)
            if steps:
                frame_ctx = {**ctx, "source": entity.id, "owner": entity.owner, "window": window}
                frames.append(Frame(list(steps), 0, frame_ctx))  # type: ignore[arg-type]
        fx.stack.extend(reversed(frames))
        return len(frames)

    def modify(
        self, state: Any, window: str, value: int, ctx: dict[str, Any], first: int, seats: int
    ) -> tuple[int, list[Event]]:
        """Let every entity answering ``window`` change ``value`` at once (no
        decisions), in window order; e.g. a shield absorbing damage."""
        events: list[Event] = []
        fx: Effects = state.fx
        for entity in fx.ordered(first, seats):
            step = self._triggers(entity, window)
            if not step or not isinstance(step, Mapping):
                continue
            value, out = self._modifiers[step["op"]](state, entity, ctx, step, value)
            events.extend(out)
        return value, events

    # -- built-in ops ------------------------------------------------------------
    def _op_fire(self, state: Any, ctx: dict[str, Any], step: Step) -> list[Event] | None:
        first = int(step.get("first", ctx.get("seat", 0)))
        owner = ctx.get("seat") if step.get("own") else None
        self.fire(state, str(step["window"]), ctx, first, int(ctx["seats"]), owner)
        return None

    def _op_offer(self, state: Any, ctx: dict[str, Any], step: Step) -> list[Event] | None:
        offer_seats(state.fx, ctx, step)
        return None


def other_seats(seat: int, seats: int) -> list[int]:
    """The other seats in order, starting after ``seat``: 2 of 4 -> [3, 0, 1]."""
    return [(seat + k) % seats for k in range(1, seats)]


def offer_seats(fx: Effects, ctx: dict[str, Any], step: Step) -> None:
    """Offer a decision to each other seat once, in order (the ``offer`` op).

    ``ctx`` needs ``seat`` (who offers) and ``seats`` (how many), or an explicit
    ``offer_to`` list.  ``step``: ``kind`` (default "respond"), ``key``,
    ``params``, ``store`` (default "reply"), ``all`` (ask everyone even after
    someone accepted; answers then collect in ``ctx[store + "_all"]`` as
    ``[seat, answer]`` pairs).  Without ``all`` the offer stops at the first
    answer that is not :data:`PASS`, leaving it in ``ctx[store]`` and the
    answering seat in ``ctx[store + "_seat"]``."""
    store = str(step.get("store", "reply"))
    queue_key = f"_{store}_queue"
    asking_all = bool(step.get("all", False))
    queue = ctx.get(queue_key)
    if queue is None:
        if "offer_to" in ctx:
            queue = list(ctx["offer_to"])
        else:
            queue = other_seats(int(ctx["seat"]), int(ctx["seats"]))
        ctx[store] = PASS
        if asking_all:
            ctx[store + "_all"] = []
    else:
        last_seat = ctx[store + "_seat"]
        if asking_all:
            ctx[store + "_all"] = [*ctx[store + "_all"], [last_seat, ctx[store]]]
        elif ctx[store] != PASS:
            queue = []
    if not queue:
        ctx.pop(queue_key, None)
        return
    seat, rest = queue[0], queue[1:]
    ctx[queue_key] = rest
    ctx[store + "_seat"] = seat
    fx.stack[-1].index -= 1  # come back to this step with the answer
    fx.pending = Decision(
        str(step.get("kind", "respond")),
        seat,
        str(step["key"]),
        dict(step.get("params", {})),
        list(step.get("options", [])),
        store,
    )


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
