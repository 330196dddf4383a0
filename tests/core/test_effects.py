"""The effects substrate (game.core.effects) on a minimal state of its own."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.core.contract import Event
from game.core.effects import (
    PASS,
    Decision,
    Effects,
    Engine,
    Entity,
    Step,
    other_seats,
)


@dataclass
class Mini:
    fx: Effects = field(default_factory=Effects)
    log: list[str] = field(default_factory=list)
    hp: list[int] = field(default_factory=lambda: [10, 10, 10])


TRIGGERS: dict[tuple[str, str], Any] = {
    ("echo", "round_end"): [{"op": "say", "text": "echo"}],
    ("guard", "before_damage"): {"op": "reduce", "by": 2},
}
ENGINE = Engine(lambda e, w: TRIGGERS.get((e.card, w)))


@ENGINE.op("say")
def _say(state: Mini, ctx: dict[str, Any], step: Step) -> list[Event]:
    text = f"{step['text']}:{ctx.get('owner', ctx.get('seat'))}"
    state.log.append(text)
    return [Event("said", {"text": text})]


@ENGINE.op("ask")
def _ask(state: Mini, ctx: dict[str, Any], step: Step) -> None:
    state.fx.pending = Decision("choose_option", ctx["seat"], "k", {}, ["a", "b"], "pick")


@ENGINE.op("say_answer")
def _say_answer(state: Mini, ctx: dict[str, Any], step: Step) -> list[Event]:
    state.log.append(f"picked:{ctx['pick']}")
    return []


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
    return max(0, value - step["by"]), state.fx.use(entity)


ENGINE.register_modifier("reduce", _reduce)


def test_the_loop_runs_steps_in_order_and_empties_the_stack() -> None:
    state = Mini()
    events = ENGINE.resolve(
        state, [{"op": "say", "text": "a"}, {"op": "say", "text": "b"}], {"seat": 1}
    )
    assert [e.data["text"] for e in events] == ["a:1", "b:1"]
    assert state.fx.idle


def test_the_loop_stops_at_a_decision_and_resumes_from_the_answer() -> None:
    state = Mini()
    steps = [{"op": "say", "text": "x"}, {"op": "ask"}, {"op": "say_answer"}]
    ENGINE.resolve(state, steps, {"seat": 2})
    assert state.fx.pending is not None and state.fx.pending.seat == 2
    assert state.log == ["x:2"], "nothing after the decision ran yet"
    ENGINE.answer(state, "b")
    assert state.log == ["x:2", "picked:b"] and state.fx.idle
    with pytest.raises(ValueError):
        ENGINE.answer(state, "a")


def test_a_state_saved_mid_effect_resumes_the_same_and_clones_are_independent() -> None:
    state = Mini()
    ENGINE.resolve(state, [{"op": "ask"}, {"op": "say_answer"}], {"seat": 0})
    saved = json.loads(json.dumps(state.fx.to_json()))
    copy = Mini(Effects.from_json(saved))
    twin = Mini(state.fx.clone())
    ENGINE.answer(state, "a")
    assert twin.fx.pending is not None and twin.fx.stack[0].index == 1, "clone shares nothing"
    ENGINE.answer(copy, "a")
    ENGINE.answer(twin, "b")
    assert copy.log == ["picked:a"] and twin.log == ["picked:b"]
    assert copy.fx.to_json() == state.fx.to_json()


def test_windows_answer_seats_from_the_first_then_creation_order() -> None:
    state = Mini()
    for owner in (0, 2, 1, 2):
        state.fx.create("echo", owner, "summon")
    state.fx.create("guard", 1, "status")  # does not answer round_end
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
    guard, _ = state.fx.create("guard", 1, "status", usages=1)
    state.fx.create("guard", 0, "status", usages=1)  # guards someone else
    events = ENGINE.resolve(state, [{"op": "damage", "amount": 5}], {"seat": 0, "target": 1})
    assert state.hp == [10, 7, 10]
    assert [e.kind for e in events] == ["usage_spent", "entity_removed", "damaged"]
    assert state.fx.entity(guard.id) is None and len(state.fx.entities) == 1
    ENGINE.resolve(state, [{"op": "damage", "amount": 5}], {"seat": 0, "target": 1})
    assert state.hp == [10, 2, 10], "the guard was used up"


def test_durations_tick_for_their_owner_and_expire_at_zero() -> None:
    fx = Effects()
    a, _ = fx.create("guard", 0, "status", duration=2)
    b, _ = fx.create("guard", 1, "status", duration=1)
    c, _ = fx.create("echo", 0, "summon", duration=1)
    events = fx.tick(0, ("status",))
    assert [(e.kind, e.data.get("left")) for e in events] == [("duration_ticked", 1)]
    assert a.duration == 1 and b.duration == 1 and c.duration == 1
    events = fx.tick(0)
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


def test_bad_data_is_refused_with_its_path() -> None:
    with pytest.raises(ValueError, match="not one of"):
        Decision("guess", 0, "k")
    good = Effects()
    good.create("echo", 0, "summon", usages=2)
    data = good.to_json()
    data["entities"][0]["usages"] = "two"
    with pytest.raises(ValueError, match=r"fx\.entities\[0\]\.usages"):
        Effects.from_json(data)
    data = {"stack": [{"effects": [{"op": "say"}], "index": 5, "ctx": {}}], "pending": None,
            "entities": [], "next_id": 1}  # fmt: skip
    with pytest.raises(ValueError, match=r"fx\.stack\[0\]\.index"):
        Effects.from_json(data)
    with pytest.raises(KeyError, match="unknown effect op"):
        ENGINE.resolve(Mini(), [{"op": "nope"}], {})
    with pytest.raises(ValueError, match="twice"):
        ENGINE.register("say", _say)
