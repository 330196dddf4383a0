"""The effects substrate (game.core.effects): the resolve loop, decisions and the saved
cursor, on a minimal state of its own."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.core.contract import Event
from game.core.effects import Decision, Effects, Engine, Entity, Step


@dataclass
class Mini:
    fx: Effects = field(default_factory=Effects)
    log: list[str] = field(default_factory=list)


ENGINE = Engine()


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


def test_bad_data_is_refused_with_its_path() -> None:
    with pytest.raises(ValueError, match="not one of"):
        Decision("guess", 0, "k")
    good = Effects(entities=[Entity(1, "echo", 0, "summon", usages=2)], next_id=2)
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


def test_the_shared_engine_has_no_built_in_ops() -> None:
    # Windows and offers are each game's own (game/toy/windows.py for the template game).
    assert Engine().ops == frozenset()
    with pytest.raises(KeyError, match="unknown effect op 'offer'"):
        ENGINE.resolve(Mini(), [{"op": "offer", "key": "k"}], {"seat": 0, "seats": 2})
