"""Tiny Duel's windows: entities with usages and durations, trigger and modifier
windows, and the ``offer`` op.

The shared engine room (``game.core.effects``) holds what every game resolves with:
the effect stack, frames, decisions and the resolve loop.  Windows are not shared:
Sử Hộ Vương answers a trigger with its own queue (several answers per seat, in the
order of SHV-6.4, guardians that are not entities), Thất Thánh Triệu Hồi with the
GI-7.5 order that mixes passive skills with the statuses and summons on its
characters and players.  A generic window that neither big game could use would
only be a second trigger system, so the one Tiny Duel uses lives here, in the
template game, where a new game that needs it can copy it.

Entities live in ``state.fx.entities`` (the shared ``Effects`` record keeps the list
and the id counter, so a saved Tiny Duel keeps its format).  Window order, the same
for ``fire`` and ``modify``: owner seats from ``first`` upwards (wrapping), then
creation order inside a seat; trigger frames are pushed so that the first in that
order resolves first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.core.contract import Event
from game.core.effects import PASS, Decision, Effects, Engine, Entity, Frame, Step

Modifier = Callable[[Any, Entity, dict[str, Any], Step, int], "tuple[int, list[Event]]"]
Triggers = Callable[[Entity, str], "Sequence[Step] | Step | None"]


# -- entities -------------------------------------------------------------------------------


def entity(fx: Effects, entity_id: int) -> Entity | None:
    for e in fx.entities:
        if e.id == entity_id:
            return e
    return None


def owned(fx: Effects, owner: int, zone: str | None = None) -> list[Entity]:
    """``owner``'s entities (in ``zone``), in creation order."""
    return [e for e in fx.entities if e.owner == owner and (zone is None or e.zone == zone)]


def create(
    fx: Effects,
    card: str,
    owner: int,
    zone: str,
    *,
    usages: int | None = None,
    duration: int | None = None,
    counters: Mapping[str, int] | None = None,
) -> tuple[Entity, Event]:
    made = Entity(fx.next_id, card, owner, zone, usages, duration, dict(counters or {}))
    fx.next_id += 1
    fx.entities.append(made)
    return made, Event("entity_created", {**made.to_json(), "seat": owner})


def remove(fx: Effects, gone: Entity, reason: str) -> Event:
    fx.entities.remove(gone)
    data = {"id": gone.id, "card": gone.card, "seat": gone.owner, "reason": reason}
    return Event("entity_removed", data)


def use(fx: Effects, spent: Entity, n: int = 1) -> list[Event]:
    """Spend ``n`` usages; an entity at 0 usages is removed ("used_up")."""
    if spent.usages is None:
        return []
    spent.usages = max(0, spent.usages - n)
    events = [Event("usage_spent", {"id": spent.id, "seat": spent.owner, "left": spent.usages})]
    if spent.usages == 0:
        events.append(remove(fx, spent, "used_up"))
    return events


def tick(fx: Effects, owner: int, zones: Sequence[str] | None = None) -> list[Event]:
    """One duration tick for ``owner``'s entities (in ``zones``); at 0 they expire."""
    events: list[Event] = []
    for e in list(fx.entities):
        if e.owner != owner or e.duration is None:
            continue
        if zones is not None and e.zone not in zones:
            continue
        e.duration -= 1
        events.append(Event("duration_ticked", {"id": e.id, "seat": owner, "left": e.duration}))
        if e.duration <= 0:
            events.append(remove(fx, e, "expired"))
    return events


def ordered(fx: Effects, first: int, seats: int) -> list[Entity]:
    """Entities in window order: seats from ``first`` upwards (wrapping), then
    creation order inside each seat."""
    return sorted(fx.entities, key=lambda e: ((e.owner - first) % seats, e.id))


# -- windows ---------------------------------------------------------------------------------


class WindowEngine(Engine):
    """The shared resolve loop plus trigger and modifier windows over ``fx.entities``
    and the built-in ops ``fire`` and ``offer``.

    ``triggers(entity, window)`` returns the steps the entity's card runs in a window
    (or one modifier step for :meth:`modify`), or None."""

    def __init__(self, triggers: Triggers) -> None:
        super().__init__()
        self._modifiers: dict[str, Modifier] = {}
        self._triggers = triggers
        self.register("fire", self._op_fire)
        self.register("offer", self._op_offer)

    def register_modifier(self, name: str, fn: Modifier) -> None:
        if name in self._modifiers:
            raise ValueError(f"modifier {name!r} is registered twice")
        self._modifiers[name] = fn

    @property
    def ops(self) -> frozenset[str]:
        return super().ops | frozenset(self._modifiers)

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
        for e in ordered(fx, first, seats):
            if owner is not None and e.owner != owner:
                continue
            steps = self._triggers(e, window)
            if steps:
                frame_ctx = {**ctx, "source": e.id, "owner": e.owner, "window": window}
                frames.append(Frame(list(steps), 0, frame_ctx))  # type: ignore[arg-type]
        fx.stack.extend(reversed(frames))
        return len(frames)

    def modify(
        self, state: Any, window: str, value: int, ctx: dict[str, Any], first: int, seats: int
    ) -> tuple[int, list[Event]]:
        """Let every entity answering ``window`` change ``value`` at once (no
        decisions), in window order; e.g. a shield absorbing damage."""
        events: list[Event] = []
        for e in ordered(state.fx, first, seats):
            step = self._triggers(e, window)
            if not step or not isinstance(step, Mapping):
                continue
            value, out = self._modifiers[step["op"]](state, e, ctx, step, value)
            events.extend(out)
        return value, events

    def _op_fire(self, state: Any, ctx: dict[str, Any], step: Step) -> list[Event] | None:
        """``{"op": "fire", "window": W}``: open a window from inside an effect list,
        from ``step["first"]`` or the frame's seat; ``"own": true`` limits it to the
        entities of ``ctx["seat"]``."""
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
    answering seat in ``ctx[store + "_seat"]``.  The step rewinds its frame by one
    while seats remain, so a state saved mid-offer resumes it."""
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
