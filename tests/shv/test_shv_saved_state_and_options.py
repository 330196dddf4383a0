"""Tests written for the surviving mutants of the Sử Hộ Vương rules core (issue 13.14,
docs/RELIABILITY.md "Mutation testing"), part 2: a saved state read back (each bad field
named with its path) and the options.  Part 1 is ``test_shv_edge_cases.py``."""

from __future__ import annotations

import copy
from types import MappingProxyType
from typing import Any

import pytest

from game.core import readers
from game.shv.options import ShvOptions, options_from_json, parse_options
from game.shv.state import ShvState

from .shv_helpers import R, pos

DECK = ["kim_co_ban"] * 4


def duel(me: dict[str, Any], them: dict[str, Any], **extra: Any) -> ShvState:
    me = {"team": 0, "mp": 15, "deck": DECK, **me}
    them = {"team": 1, "mp": 15, "deck": DECK, **them}
    return pos(players=[me, them], order=[0, 1], **extra)


# -- a saved state read back: each bad field named (ARCHITECTURE 2.10, issue 13.13) --------

BAD_PLAYER_FIELDS: list[tuple[str, Any, str]] = [
    ("discard", [1, -2], "players[0].discard[1]: -2 is below 0"),
    ("removed", "x", "players[0].removed: expected a list, got str"),
    ("hand", [True], "players[0].hand[0]: expected an integer, got True"),
    ("team", 2, "players[0].team: 2 is above 1"),
    ("setup_guardian", -3, "players[0].setup_guardian: -3 is below -1"),
    ("block", -1, "players[0].block: -1 is below 0"),
    ("eliminated", 0, "players[0].eliminated: expected true or false, got 0"),
    ("field", {}, "players[0].field: expected a list, got dict"),
    ("field.0.equipment", [], "players[0].field[0].equipment: expected an object, got list"),
    (
        "field.0.temp_points",
        {"hoa": "x"},
        "players[0].field[0].temp_points.hoa: expected an integer, got 'x'",
    ),
    ("field.0.chosen", {"1": 2}, "players[0].field[0].chosen.1: expected a string, got 2"),
    ("field.0.timed", [1], "players[0].field[0].timed[0]: expected a list of 4, got 1"),
    ("field.0.ready", 0, "players[0].field[0].ready: expected true or false, got 0"),
    ("field.0.damage", -1, "players[0].field[0].damage: -1 is below 0"),
    ("field.0.tactics", [-1], "players[0].field[0].tactics[0]: -1 is below 0"),
    (
        "field.0.timed",
        [["weaken", "1", "next_turn", 0]],
        "players[0].field[0].timed[0][1]: expected an integer, got '1'",
    ),
    (
        "field.0.timed",
        [["weaken", 1, "next_turn", "x"]],
        "players[0].field[0].timed[0][3]: expected an integer, got 'x'",
    ),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_PLAYER_FIELDS)
def test_a_bad_saved_player_names_its_field(path: str, value: Any, message: str) -> None:
    state = duel(
        {"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]}, {"field": [{"card": "au_co"}]}
    )
    data = R.to_json(state)
    assert R.to_json(R.from_json(copy.deepcopy(data))) == data
    *parents, last = path.split(".")
    node: Any = data["players"][0]
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    node[last] = value
    with pytest.raises(ValueError) as err:
        R.from_json(data)
    assert str(err.value) == message


def test_a_state_read_from_other_mappings_is_the_same_state() -> None:
    # The checked (slow) reading of a player and a guardian gives what the fast one gives.
    state = duel(
        {"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"], "statuses": {"weaken": 1}}]},
        {"field": [{"card": "au_co"}]},
    )
    data = R.to_json(state)
    slow = copy.deepcopy(data)
    slow["players"] = [
        MappingProxyType({**p, "field": [MappingProxyType(g) for g in p["field"]]})
        for p in slow["players"]
    ]
    assert R.to_json(R.from_json(slow)) == data


BAD_STATES: list[tuple[str, Any, str]] = [
    ("reactions", [1], "reactions[0]: expected an object, got int"),
    ("declared", [1], "declared[0]: expected a list, got 1"),
    ("names", ["x", 2], "names[1]: expected a string, got 2"),
    ("names", ["x"], "names: expected 60 card ids"),
    ("names", "x" * 60, "names: expected a list, got str"),
    ("turns", [6], "turns[0]: 6 is above 5"),
    ("turns", [0, -1], "turns[1]: -1 is below 0"),
    ("order", [0, 0], "order: must list every seat once (2, 4, 6 seats)"),
    ("step", "villain", "step: a villain turn without a villain side"),
    ("turn_index", 2, "turn_index: not a position in the order"),
    ("phase", "nap", "phase/step: unknown 'nap'/'action'"),
    ("step", "nap", "phase/step: unknown 'play'/'nap'"),
    ("players", {}, "players: expected a list, got dict"),
]


def _saved() -> dict[str, Any]:
    state = duel({"field": [{"card": "ma_troi"}]}, {"field": [{"card": "au_co"}]})
    return R.to_json(state)


@pytest.mark.parametrize(("key", "value", "message"), BAD_STATES)
def test_a_bad_saved_state_names_its_field(key: str, value: Any, message: str) -> None:
    data = _saved()
    data[key] = value
    with pytest.raises(ValueError) as err:
        R.from_json(data)
    assert str(err.value) == message


def test_a_saved_player_in_the_wrong_seat_is_refused() -> None:
    data = _saved()
    data["players"][1]["seat"] = 0
    with pytest.raises(ValueError) as err:
        R.from_json(data)
    assert str(err.value) == "players[1].seat: expected 1"


@pytest.mark.parametrize("phase", ["privilege_type", "place", "mulligan", "play", "over"])
@pytest.mark.parametrize(
    "step",
    [
        "setup",
        "draw",
        "declare_start",
        "resolve_start",
        "action",
        "declare_end",
        "resolve_end",
        "discard",
    ],
)
def test_every_phase_and_step_of_a_turn_reads_back(phase: str, step: str) -> None:
    # SHV-4.1..4.3: the steps of a turn; the setup phases of SHV-3.4.
    data = _saved()
    data["phase"], data["step"] = phase, step
    assert R.to_json(R.from_json(data)) == data


# -- options (rules.md 3.1 gaps as named options) ----------------------------------------------


def test_the_options_offered_and_their_defaults() -> None:
    # SHV-G1 starting MP, SHV-3.4.2 first team, SHV-7.10 prompts, SHV-5.5 skill limit,
    # SHV-5.6 guardians, SHV-4.3 hand limit; PvE: SHV-10.5.1, SHV-G14, SHV-10.7.1.
    assert R.option_values == {
        "starting_mp": (15, 12, 20),
        "first_team": ("0", "1", "random"),
        "reaction_prompts": ("when_possible", "always"),
        "skill_limit": ("once_per_turn", "none"),  # offered since issue 35 (A-SHV-8)
        "max_guardians": (None, 3, 5),
        "hand_limit": (7, 5, 10),
        "team_choice_by": ("captain", "tied"),
        "pve_mulligan": (False, True),  # off by default since issue 35 (A-SHV-12)
        "minion_entry": ("ready", "tired"),
    }
    assert parse_options(None) == ShvOptions()
    assert ShvOptions().to_json() == {
        "starting_mp": 15,
        "first_team": "0",
        "reaction_prompts": "when_possible",
        "skill_limit": "once_per_turn",
        "max_guardians": None,
        "hand_limit": 7,
    }
    pve = {"team_choice_by": "tied", "pve_mulligan": False, "minion_entry": "tired"}
    assert parse_options(pve).to_json() == {**ShvOptions().to_json(), **pve}
    assert [o.id for o in R.advanced_options] == ["team_choice_by", "pve_mulligan", "minion_entry"]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"colour": 1}, "unknown Sử Hộ Vương option(s): colour"),
        ({"first_team": "2"}, "option first_team must be one of 0, 1, random"),
        ({"skill_limit": "twice"}, "option skill_limit must be one of once_per_turn, none"),
        ({"starting_mp": 0}, "option starting_mp must be an integer from 1 to 99"),
        ({"starting_mp": 100}, "option starting_mp must be an integer from 1 to 99"),
        ({"hand_limit": True}, "option hand_limit must be an integer from 1 to 99"),
        ({"max_guardians": 0}, "option max_guardians must be an integer from 1 to 99"),
        ({"pve_mulligan": 1}, "option pve_mulligan must be true or false"),
    ],
)
def test_a_bad_option_is_refused_with_its_reason(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_options(raw)
    assert str(err.value) == message
    with pytest.raises(ValueError) as err:
        options_from_json(raw)
    assert str(err.value) == f"options: {message}"


def test_the_option_edges_that_are_allowed() -> None:
    opts = parse_options(
        {"starting_mp": 1, "hand_limit": 99, "max_guardians": None, "skill_limit": "none"}
    )
    assert (opts.starting_mp, opts.hand_limit, opts.max_guardians) == (1, 99, None)
    assert opts.skill_limit == "none" and parse_options({"max_guardians": 99}).max_guardians == 99
    with pytest.raises(ValueError) as err:
        options_from_json([])
    assert str(err.value) == "options: expected an object"


def test_a_valid_saved_game_is_read_by_the_fast_path_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # The soak reads every state back after every action: a valid save, with card 0 in a
    # discard pile and seat 0 in the turns, never needs the checked reading of an int
    # (game.core.readers: a list of exact ints in bounds is checked in C).
    state = pos(
        players=[
            {"team": 0, "discard": ["kim_co_ban"]},
            {"team": 1, "deck": DECK, "field": [{"card": "au_co"}]},
        ],
        order=[0, 1],
    )
    data = R.to_json(state)
    assert data["players"][0]["discard"] == [0] and 0 in data["turns"]

    def slow(*_args: Any) -> Any:
        raise AssertionError("the checked reading was used")

    monkeypatch.setattr(readers, "check_int", slow)
    assert R.to_json(R.from_json(data)) == data
