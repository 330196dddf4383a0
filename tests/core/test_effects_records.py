"""The effect bookkeeping's records declared once (game.core.effects ``DECISION``,
``FRAME``, ``ENTITY``, ``FX``): the saved keys in their order, clones that share only
what is never mutated (steps, a decision's params and options), a bad value named by its
path, the entity clone the compiled game states call pasted unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core import effects
from game.core.effects import ENTITY, Decision, Effects, Entity, Frame
from game.core.schema import clone_function_problem


def busy() -> Effects:
    steps = [{"op": "say", "text": "x"}, {"op": "ask"}]
    return Effects(
        [Frame(steps, 1, {"seat": 1, "seats": [0, 1]})],
        Decision("choose_target", 1, "k.prompt", {"n": 2}, [["seat", 0], ["seat", 1]], "t"),
        [Entity(4, "echo", 1, "summon", usages=2, counters={"hp": 3})],
        5,
    )


def test_the_pasted_entity_clone_is_the_schemas() -> None:
    text = Path(effects.__file__).with_suffix(".py").read_text(encoding="utf-8")
    assert clone_function_problem(ENTITY, text, "clone_entity") == ""


def test_saved_effects_keep_their_keys_and_their_order() -> None:
    text = json.dumps(busy().to_json())
    assert text == (
        '{"stack": [{"effects": [{"op": "say", "text": "x"}, {"op": "ask"}], "index": 1, '
        '"ctx": {"seat": 1, "seats": [0, 1]}}], '
        '"pending": {"kind": "choose_target", "seat": 1, "key": "k.prompt", "params": {"n": 2}, '
        '"options": [["seat", 0], ["seat", 1]], "store": "t"}, '
        '"entities": [{"id": 4, "card": "echo", "owner": 1, "zone": "summon", "usages": 2, '
        '"duration": null, "counters": {"hp": 3}}], "next_id": 5}'
    )
    assert json.dumps(Effects.from_json(json.loads(text)).to_json()) == text


def test_a_clone_shares_only_what_is_never_mutated() -> None:
    fx = busy()
    before = json.dumps(fx.to_json())
    copy = fx.clone()
    assert copy.stack[0].effects is fx.stack[0].effects  # steps come from content
    assert copy.pending is not None and fx.pending is not None
    assert copy.pending.params is fx.pending.params  # replaced, never mutated
    copy.stack[0].index = 2
    copy.stack[0].ctx["answer"] = "a"
    copy.entities[0].counters["hp"] = 1
    copy.entities.append(Entity(5, "x", 0, "status"))
    copy.pending.seat = 0
    copy.next_id = 6
    assert json.dumps(fx.to_json()) == before


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        (("pending", "kind"), "guess", "fx.pending.kind: 'guess' is not one of"),
        (("entities", 0, "counters"), {"hp": "3"}, "fx.entities[0].counters.hp: expected an"),
        (("stack", 0, "index"), 3, "fx.stack[0].index: 3 is outside its effect list"),
        (("stack", 0, "effects", 1), {"to": 1}, "fx.stack[0].effects: every step needs an op"),
        (("next_id",), None, "fx.next_id: expected an integer, got None"),
    ],
)
def test_a_bad_saved_value_is_named_by_its_path(where: tuple, value: object, message: str) -> None:
    data = busy().to_json()
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    with pytest.raises(ValueError) as err:
        Effects.from_json(data)
    assert str(err.value).startswith(message)
