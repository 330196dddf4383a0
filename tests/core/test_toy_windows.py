"""Tiny Duel's windows (game/toy/windows.py): entities with usages and durations,
trigger and modifier windows in seat-then-creation order, and the ``offer`` op, on a
minimal state of their own."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from game.core.contract import Event
from game.core.effects import PASS, Effects, Entity, Step
from game.toy import windows
from game.toy.windows import WindowEngine, other_seats


@dataclass
class Mini:
    fx: Effects = field(default_factory=Effects)
    log: list[str] = field(default_factory=list)
    hp: list[int] = field(default_factory=lambda: [10, 10, 10])


TRIGGERS: dict[tuple[str, str], Any] = {
    ("echo", "round_end"): [{"op": "say", "text": "echo"}],
    ("guard", "before_damage"): {"op": "reduce", "by": 2},
}
ENGINE = WindowEngine(lambda e, w: TRIGGERS.get((e.card, w)))


@ENGINE.op("say")
def _say(state: Mini, ctx: dict[str, Any], step: Step) -> list[Event]:
    text = f"{step['text']}:{ctx.get('owner', ctx.get('seat'))}"
    state.log.append(text)
    return [Event("said", {"text": text})]


@ENGINE.op("record")
def _record(state: Mini, ctx: dict[str, Any], step: Step) -> None:
    state.log.append(str(ctx["reply_all"]))


@ENGINE.op("damage")
def _damage(state: Mini, ctx: dict[str, Any], step: Step) -> list[Event]:
    amount, events = ENGINE.modify(state, "before_damage", step["amount"], ctx, 0, 3)
    state.hp[ctx["target"]] -= amount
    return [*events, Event("damaged", {"amount": amount})]


def _reduce(
    state: Mini, entity: Entity, ctx: dict[str, Any], step: Step, value: int
) -> tuple[int, list[Event]]:
    if entity.owner != ctx["target"]:
        return value, []
    return max(0, value - step["by"]), windows.use(state.fx, entity)


ENGINE.register_modifier("reduce", _reduce)


def test_windows_answer_seats_from_the_first_then_creation_order() -> None:
    state = Mini()
    for owner in (0, 2, 1, 2):
        windows.create(state.fx, "echo", owner, "summon")
    windows.create(state.fx, "guard", 1, "status")  # does not answer round_end
    assert ENGINE.fire(state, "round_end", {"seats": 3}, first=2, seats=3) == 4
    ENGINE.run(state)
    # Seat 2 first (its two echoes, ids 2 then 4), then seat 0, then seat 1.
    assert state.log == ["echo:2", "echo:2", "echo:0", "echo:1"]
    assert state.fx.idle
    state.log.clear()
    assert ENGINE.fire(state, "round_end", {"seats": 3}, first=0, seats=3, owner=2) == 2
    ENGINE.run(state)
    assert state.log == ["echo:2", "echo:2"], "only the owner's entities answer"


def test_a_modifier_window_changes_the_number_and_spends_usages() -> None:
    state = Mini()
    guard, _ = windows.create(state.fx, "guard", 1, "status", usages=1)
    windows.create(state.fx, "guard", 0, "status", usages=1)  # guards someone else
    events = ENGINE.resolve(state, [{"op": "damage", "amount": 5}], {"seat": 0, "target": 1})
    assert state.hp == [10, 7, 10]
    assert [e.kind for e in events] == ["usage_spent", "entity_removed", "damaged"]
    assert windows.entity(state.fx, guard.id) is None and len(state.fx.entities) == 1
    ENGINE.resolve(state, [{"op": "damage", "amount": 5}], {"seat": 0, "target": 1})
    assert state.hp == [10, 2, 10], "the guard was used up"


def test_durations_tick_for_their_owner_and_expire_at_zero() -> None:
    fx = Effects()
    a, _ = windows.create(fx, "guard", 0, "status", duration=2)
    b, _ = windows.create(fx, "guard", 1, "status", duration=1)
    c, _ = windows.create(fx, "echo", 0, "summon", duration=1)
    events = windows.tick(fx, 0, ("status",))
    assert [(e.kind, e.data.get("left")) for e in events] == [("duration_ticked", 1)]
    assert a.duration == 1 and b.duration == 1 and c.duration == 1
    events = windows.tick(fx, 0)
    assert [e.kind for e in events] == ["duration_ticked", "entity_removed"] * 2
    assert events[1].data["reason"] == "expired"
    assert fx.entities == [b]


def test_offer_goes_to_each_other_seat_in_order_and_stops_at_the_first_taker() -> None:
    assert other_seats(2, 4) == [3, 0, 1]
    state = Mini()
    steps = [{"op": "offer", "key": "k.react"}, {"op": "say", "text": "done"}]
    ENGINE.resolve(state, steps, {"seat": 1, "seats": 3})
    asked = []
    while state.fx.pending is not None:
        asked.append(state.fx.pending.seat)
        assert state.fx.pending.kind == "respond"
        ENGINE.answer(state, PASS if state.fx.pending.seat == 2 else "react")
    assert asked == [2, 0], "seat 2 passed, seat 0 took it; seat 1 (the offerer) is never asked"
    assert state.log == ["done:1"]
    ENGINE.resolve(state, steps, {"seat": 1, "seats": 3, "offer_to": []})
    assert state.fx.idle and state.log == ["done:1", "done:1"], "nobody to ask: no decision"


def test_offer_to_all_collects_every_answer_in_the_asking_frame() -> None:
    state = Mini()
    ENGINE.push(state, [{"op": "say", "text": "outer"}], {"seat": 0})
    steps: list[Step] = [
        {"op": "offer", "key": "k", "kind": "commit_secret", "all": True},
        {"op": "record"},
    ]
    ENGINE.push(state, steps, {"seat": 0, "seats": 3})
    ENGINE.run(state)
    kinds = []
    for answer in ("first", PASS):
        assert state.fx.pending is not None
        kinds.append((state.fx.pending.kind, state.fx.pending.seat))
        ENGINE.answer(state, answer)
    assert kinds == [("commit_secret", 1), ("commit_secret", 2)]
    assert state.log == ["[[1, 'first'], [2, 'pass']]", "outer:0"], "inner frame first"


def test_a_modifier_or_op_registered_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        ENGINE.register_modifier("reduce", _reduce)
    with pytest.raises(ValueError, match="twice"):
        ENGINE.register("offer", _say)
    assert {"fire", "offer", "reduce", "say"} <= ENGINE.ops


def test_the_fire_op_opens_a_window_from_inside_an_effect_list() -> None:
    # The built-in "fire" step: from the seat in ctx (or "first"), over ctx["seats"]
    # seats, every owner's answering entities; "own" limits it to ctx["seat"].
    state = Mini()
    for owner in (0, 1, 2):
        windows.create(state.fx, "echo", owner, "summon")
    ENGINE.resolve(state, [{"op": "fire", "window": "round_end"}], {"seat": 1, "seats": 3})
    assert state.log == ["echo:1", "echo:2", "echo:0"]
    state.log.clear()
    ENGINE.resolve(
        state, [{"op": "fire", "window": "round_end", "first": 2}], {"seat": 1, "seats": 3}
    )
    assert state.log == ["echo:2", "echo:0", "echo:1"]
    state.log.clear()
    steps: list[Step] = [{"op": "fire", "window": "round_end", "own": True}]
    ENGINE.resolve(state, steps, {"seat": 2, "seats": 3})
    assert state.log == ["echo:2"]
    with pytest.raises(KeyError):
        ENGINE.resolve(Mini(), [{"op": "fire", "window": "round_end"}], {"seat": 0})


def test_of_lists_one_owners_entities_optionally_in_one_zone() -> None:
    fx = Effects()
    a, _ = windows.create(fx, "echo", 0, "summon")
    b, _ = windows.create(fx, "guard", 1, "status")
    c, _ = windows.create(fx, "guard", 0, "status")
    assert windows.owned(fx, 0) == [a, c] and windows.owned(fx, 1) == [b]
    assert windows.owned(fx, 2) == [] and windows.owned(fx, 0, "status") == [c]
    assert windows.owned(fx, 1, "summon") == []


def test_the_fire_op_starts_at_seat_0_when_the_frame_has_no_seat() -> None:
    state = Mini()
    for owner in (2, 1, 0):
        windows.create(state.fx, "echo", owner, "summon")
    ENGINE.resolve(state, [{"op": "fire", "window": "round_end"}], {"seats": 3})
    assert state.log == ["echo:0", "echo:1", "echo:2"]
