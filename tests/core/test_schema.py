"""The schema helper (game.core.schema): one field list -> clone, to_json, from_json."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.core.effects import Effects, Entity
from game.core.rng import Rng
from game.core.schema import F, Schema


@dataclass
class Sample:
    rng: Rng
    turn: int
    hands: list[list[int]]
    names: list[str]
    over: bool
    note: str | None = None
    flags: dict[str, Any] = field(default_factory=dict)
    fx: Effects = field(default_factory=Effects)


SCHEMA: Schema[Sample] = Schema(
    Sample,
    [
        F.rng(),
        F.num("turn", lo=0, hi=3),
        F.intss("hands", min_len=2, max_len=4, lo=0),
        F.strs("names"),
        F.flag("over"),
        F.text("note", optional=True),
        F.mapping("flags"),
        F.obj("fx", Effects.clone, Effects.to_json, Effects.from_json),
    ],
)


def sample() -> Sample:
    s = Sample(Rng(5), 1, [[1, 2], [3]], ["An", "Bình"], False, None, {"x": 1})
    s.fx.entities.append(Entity(s.fx.next_id, "shield", 0, "status", usages=1, duration=2))
    s.fx.next_id += 1
    return s


def test_clone_copies_every_mutable_part() -> None:
    s = sample()
    c = SCHEMA.clone(s)
    assert SCHEMA.to_json(c) == SCHEMA.to_json(s)
    c.hands[0].append(9)
    c.names.append("Chi")
    c.flags["x"] = 2
    c.rng.next64()
    c.fx.entities[0].usages = 0
    assert s.hands == [[1, 2], [3]] and s.names == ["An", "Bình"] and s.flags == {"x": 1}
    assert s.rng == Rng(5) and s.fx.entities[0].usages == 1


def test_json_round_trips_through_text() -> None:
    s = sample()
    data = json.loads(json.dumps(SCHEMA.to_json(s)))
    assert SCHEMA.to_json(SCHEMA.from_json(data)) == SCHEMA.to_json(s)
    assert data["rng"] == s.rng.state and data["note"] is None


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"turn": 4}, r"turn: 4 is above 3"),
        ({"turn": True}, r"turn: expected an integer"),
        ({"hands": [[1]]}, r"hands: 1 items, at least 2"),
        ({"hands": [[1], [2, "x"]]}, r"hands\[1\]\[1\]: expected an integer"),
        ({"hands": [[1], [-2]]}, r"hands\[1\]\[0\]: -2 is below 0"),
        ({"names": ["An", 3]}, r"names\[1\]: expected a string"),
        ({"over": 0}, r"over: expected true or false"),
        ({"flags": []}, r"flags: expected an object"),
        ({"fx": {"stack": "no"}}, r"fx\.stack: expected a list"),
    ],
)
def test_from_json_names_the_bad_field(patch: dict[str, Any], message: str) -> None:
    data = {**SCHEMA.to_json(sample()), **patch}
    with pytest.raises(ValueError, match=message):
        SCHEMA.from_json(data)


def test_a_missing_field_and_a_double_declaration_are_refused() -> None:
    data = SCHEMA.to_json(sample())
    del data["turn"]
    with pytest.raises(ValueError, match="turn: missing"):
        SCHEMA.from_json(data)
    with pytest.raises(ValueError, match="twice"):
        Schema(Sample, [F.num("turn"), F.num("turn")])


@dataclass
class Headed:
    phase: int
    opts: tuple[str, ...]
    winners: tuple[int, ...]
    seen: list[bool]
    n: int
    double: int = 0


HEADED: Schema[Headed] = Schema(
    Headed,
    [
        F.enum("phase", ("lead", "play", "over")),
        F.obj("opts", None, list, lambda d, p: tuple(d), key="options"),
        F.tuple("winners", lo=0, hi=3),
        F.flags("seen"),
        F.num("n", lo=1),
        F.num("double", stored=False),
    ],
    header={"format": "demo", "version": 2},
    derive=lambda s: setattr(s, "double", 2 * s.n),
)


def test_enum_tuple_flags_keys_header_and_derived_fields() -> None:
    s = Headed(1, ("a",), (0, 2), [True, False], 3, 6)
    data = HEADED.to_json(s)
    assert data == {
        "format": "demo", "version": 2, "phase": "play", "options": ["a"], "winners": [0, 2],
        "seen": [True, False], "n": 3,
    }  # fmt: skip
    back = HEADED.from_json(data)
    assert (back.phase, back.opts, back.winners, back.double) == (1, ("a",), (0, 2), 6)
    c = HEADED.clone(s)
    assert c.opts is s.opts and c.seen is not s.seen and c.double == 6
    patches: list[tuple[dict[str, Any], str]] = [
        ({"version": 1}, "version: expected 2"),
        ({"phase": "dance"}, "phase: 'dance' is not one of"),
        ({"seen": [1]}, r"seen\[0\]: expected true or false"),
        ({"winners": [4]}, r"winners\[0\]: 4 is above 3"),
    ]
    for patch, message in patches:
        with pytest.raises(ValueError, match=message):
            HEADED.from_json({**data, **patch})


@dataclass(eq=False)
class Native(dict[str, Any]):
    """Refuses ``object.__new__`` as a dataclass compiled by mypyc does (issue 15:
    ``ShvState`` in the mypyc build; here a ``dict`` base, whose own ``__new__``
    makes ``object.__new__`` unsafe): the schema builds it through ``__init__``."""

    rng: Rng
    turn: int
    hands: list[list[int]]
    note: str | None = None


NATIVE: Schema[Native] = Schema(
    Native,
    [F.rng(), F.num("turn", lo=0), F.intss("hands"), F.text("note", optional=True)],
)


def test_a_class_refusing_object_new_is_built_through_init() -> None:
    with pytest.raises(TypeError):
        object.__new__(Native)
    assert NATIVE.by_init and not SCHEMA.by_init
    s = Native(Rng(3), 1, [[1, 2], [3]], "x")
    c = NATIVE.clone(s)
    assert type(c) is Native and NATIVE.to_json(c) == NATIVE.to_json(s)
    c.hands[0].append(9)
    assert s.hands == [[1, 2], [3]]
    back = NATIVE.from_json(json.loads(json.dumps(NATIVE.to_json(s))))
    assert NATIVE.to_json(back) == NATIVE.to_json(s) and back.rng == Rng(3)


class Slotted(dict[str, Any]):
    """Refuses ``object.__new__`` and has no dataclass ``__init__``."""


def test_a_class_refusing_object_new_without_a_dataclass_init_is_refused() -> None:
    with pytest.raises(ValueError, match=r"object\.__new__ refused"):
        Schema(Slotted, [F.num("turn")])
