"""Nested records in the state schema (game.core.schema ``F.record`` / ``F.records``)
and the readers of game.core.readers: clones independent at every depth, the JSON
written in declaration order and read back, a bad value named by its full path."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from game.core.readers import ReadError
from game.core.rng import Rng
from game.core.schema import F, Field, Schema, clone_function_problem


@dataclass(slots=True, eq=False)
class Unit:
    card: int
    ready: bool = True
    tactics: list[int] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)
    chosen: dict[str, str] = field(default_factory=dict)
    timed: list[list[Any]] = field(default_factory=list)
    parked: int | None = None


UNIT: Schema[Unit] = Schema(
    Unit,
    [
        F.num("card", lo=0),
        F.flag("ready"),
        F.ints("tactics", lo=0),
        F.intmap("statuses", lo=0),
        F.strmap("chosen"),
        F.rows("timed", shape=("str", "int", "str", "int")),
        F.num("parked", lo=-1, optional=True),
    ],
)


@dataclass(slots=True, eq=False)
class Seat:
    seat: int
    hand: list[int] = field(default_factory=list)
    field: list[Unit] = field(default_factory=list)
    leader: Unit | None = None


SEAT: Schema[Seat] = Schema(
    Seat,
    [
        F.num("seat", lo=0),
        F.ints("hand"),
        F.records("field", UNIT),
        F.record("leader", UNIT, optional=True),
    ],
)


@dataclass
class Table:
    rng: Rng
    players: list[Seat]
    reactions: list[dict[str, Any]]
    declared: list[list[Any]]
    names: list[str]


TABLE: Schema[Table] = Schema(
    Table,
    [
        F.rng(),
        F.records("players", SEAT, min_len=1, max_len=4),
        F.dicts("reactions"),
        F.rows("declared"),
        F.strs("names", shared=True),
    ],
    header={"format": "table", "version": 1},
)


def table() -> Table:
    a = Unit(3, False, [4, 5], {"weaken": 1}, {"4": "kim"}, [["weaken", 1, "next_turn", 0]])
    b = Unit(7, parked=-1)
    return Table(
        Rng(9),
        [Seat(0, [1, 2], [a, b], Unit(0)), Seat(1, [31])],
        [{"kind": "x", "seat": 1}],
        [[3, "strike"]],
        ["kim", "moc"],
    )


def test_a_record_clone_is_independent_at_every_depth() -> None:
    s = table()
    c = TABLE.clone(s)
    assert TABLE.to_json(c) == TABLE.to_json(s)
    g = c.players[0].field[0]
    assert g is not s.players[0].field[0] and type(g) is Unit
    g.tactics.append(9)
    g.statuses["weaken"] = 5
    g.chosen["4"] = "moc"
    g.timed[0][1] = 7
    c.players[0].hand.append(8)
    c.players[0].field.pop()
    assert c.players[0].leader is not None and c.players[0].leader is not s.players[0].leader
    c.players[0].leader.card = 99
    c.reactions[0]["seat"] = 0
    c.declared[0][0] = 4
    assert TABLE.to_json(s) == TABLE.to_json(table())
    assert c.names is s.names  # declared shared: never mutated after setup


def test_records_keep_identity_equality() -> None:
    # A clone is a new object equal to nothing but itself, as the hand-written
    # classes were (``list.remove`` of a guardian removes that guardian).
    s = table()
    c = UNIT.clone(s.players[0].field[0])
    assert c != s.players[0].field[0] and c == c
    assert UNIT.to_json(c) == UNIT.to_json(s.players[0].field[0])


def test_records_are_written_in_declaration_order_and_read_back() -> None:
    s = table()
    data = TABLE.to_json(s)
    assert list(data) == ["format", "version", "rng", "players", "reactions", "declared", "names"]
    seat = data["players"][0]
    assert list(seat) == ["seat", "hand", "field", "leader"]
    assert seat["field"][0] == {
        "card": 3,
        "ready": False,
        "tactics": [4, 5],
        "statuses": {"weaken": 1},
        "chosen": {"4": "kim"},
        "timed": [["weaken", 1, "next_turn", 0]],
        "parked": None,
    }
    text = json.dumps(data)
    back = TABLE.from_json(json.loads(text))
    assert json.dumps(TABLE.to_json(back)) == text
    assert data["players"][1]["leader"] is None and back.players[1].leader is None
    assert isinstance(back.players[0].field[1], Unit) and back.rng == Rng(9)


def _patched(path: str, value: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(TABLE.to_json(table())))
    *parents, last = path.split(".")
    node: Any = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("players", [], "players: 0 items, at least 1 needed"),
        ("players.0", [], "players[0]: expected an object, got list"),
        ("players.1.seat", -1, "players[1].seat: -1 is below 0"),
        ("players.0.hand", [1, "x"], "players[0].hand[1]: expected an integer, got 'x'"),
        ("players.0.field", {}, "players[0].field: expected a list, got dict"),
        ("players.0.field.1", 3, "players[0].field[1]: expected an object, got int"),
        ("players.0.field.1.ready", 1, "players[0].field[1].ready: expected true or false, got 1"),
        ("players.0.field.0.tactics", [4, -5], "players[0].field[0].tactics[1]: -5 is below 0"),
        (
            "players.0.field.0.statuses",
            {"a": "x"},
            "players[0].field[0].statuses.a: expected an integer, got 'x'",
        ),
        ("players.0.field.0.statuses", {"a": -1}, "players[0].field[0].statuses.a: -1 is below 0"),
        (
            "players.0.field.0.chosen",
            {"4": 2},
            "players[0].field[0].chosen.4: expected a string, got 2",
        ),
        (
            "players.0.field.0.timed",
            [1],
            "players[0].field[0].timed[0]: expected a list of 4, got 1",
        ),
        (
            "players.0.field.0.timed",
            [["w", "1", "x", 0]],
            "players[0].field[0].timed[0][1]: expected an integer, got '1'",
        ),
        ("players.0.field.0.parked", -2, "players[0].field[0].parked: -2 is below -1"),
        ("players.0.leader", "x", "players[0].leader: expected an object, got str"),
        ("players.0.leader.card", None, "players[0].leader.card: expected an integer, got None"),
        ("reactions", [1], "reactions[0]: expected an object, got int"),
        ("declared", [3], "declared[0]: expected a list, got 3"),
        ("names", ["a", 2], "names[1]: expected a string, got 2"),
        ("version", 2, "version: expected 1, got 2"),
    ],
)
def test_a_bad_value_is_named_by_its_full_path(path: str, value: Any, message: str) -> None:
    with pytest.raises(ReadError) as err:
        TABLE.from_json(_patched(path, value))
    assert str(err.value) == message


def test_a_missing_record_field_is_named_and_the_error_is_a_value_error() -> None:
    data = _patched("players.0.field.0.card", 0)
    del data["players"][0]["field"][0]["card"]
    with pytest.raises(ValueError, match=r"^players\[0\]\.field\[0\]\.card: missing$"):
        TABLE.from_json(data)
    # A record read on its own, below a path its caller gives.
    with pytest.raises(ValueError, match=r"^villain\.boss\.ready: expected true or false"):
        UNIT.from_json({"card": 1, "ready": "no"}, "villain.boss")


def test_good_values_read_from_other_mappings_give_the_same_state() -> None:
    data = TABLE.to_json(table())
    data["players"] = [
        MappingProxyType({**p, "field": [MappingProxyType(g) for g in p["field"]]})
        for p in data["players"]
    ]
    assert TABLE.to_json(TABLE.from_json(data)) == TABLE.to_json(table())


@dataclass(eq=False)
class NativeUnit(dict[str, Any]):
    """Refuses ``object.__new__`` as a record dataclass compiled by mypyc does."""

    card: int
    tactics: list[int] = field(default_factory=list)


NATIVE_UNIT: Schema[NativeUnit] = Schema(NativeUnit, [F.num("card"), F.ints("tactics")])


def test_a_native_record_is_built_through_its_init() -> None:
    assert NATIVE_UNIT.by_init
    u = NativeUnit(2, [5])
    c = NATIVE_UNIT.clone(u)
    c.tactics.append(6)
    assert type(c) is NativeUnit and u.tactics == [5] and c.card == 2
    back = NATIVE_UNIT.from_json({"card": 4, "tactics": [1]})
    assert type(back) is NativeUnit and (back.card, back.tactics) == (4, [1])


def test_a_record_field_needs_its_schema_and_no_pasted_clone_source() -> None:
    with pytest.raises(ValueError, match="needs its schema"):
        Schema(Seat, [F.num("seat"), F.ints("hand"), Field("field", "records")])
    with pytest.raises(ValueError, match="nested record fields are not supported"):
        SEAT.clone_source("Seat()")


# <schema clone: clone_unit>
def clone_unit(s: Unit) -> Unit:
    o = Unit.__new__(Unit)
    o.card = s.card
    o.ready = s.ready
    o.tactics = s.tactics[:]
    o.statuses = dict(s.statuses)
    o.chosen = dict(s.chosen)
    o.timed = [x[:] for x in s.timed]
    o.parked = s.parked
    return o
    # </schema clone>


def test_a_pasted_clone_function_is_checked_against_the_schema() -> None:
    text = Path(__file__).read_text(encoding="utf-8")
    assert clone_function_problem(UNIT, text, "clone_unit") == ""
    named: Schema[Unit] = Schema(Unit, UNIT.fields, clone=clone_unit)
    seat: Schema[Seat] = Schema(
        Seat,
        [
            F.num("seat"),
            F.ints("hand"),
            F.records("field", named),
            F.record("leader", named, optional=True),
        ],
    )
    source = seat.clone_function("clone_seat")
    assert "    o.field = [clone_unit(x) for x in s.field]\n" in source
    assert "    o.leader = None if s.leader is None else clone_unit(s.leader)\n" in source
    env: dict[str, Any] = {"Seat": Seat, "clone_unit": clone_unit}
    exec(source, env)
    s = table().players[0]
    assert SEAT.to_json(env["clone_seat"](s)) == SEAT.to_json(s)
    broken = text.replace("    o.tactics = s.tactics[:]\n", "    o.tactics = s.tactics\n", 1)
    assert clone_function_problem(UNIT, broken, "clone_unit").startswith("the clone between")
    assert clone_function_problem(UNIT, "", "clone_unit").startswith("the module needs one")
    with pytest.raises(ValueError, match="has no name to call"):
        SEAT.clone_function("clone_seat")  # UNIT's clone is generated, not a named function
