"""Sử Hộ Vương's nested state records (game.shv.state ``GUARDIAN``, ``PLAYER``): the
saved keys in their v1 order, clones independent of the original, the clone functions
the schema generates pasted unchanged (mypyc compiles them; ARCHITECTURE 2.10)."""

from __future__ import annotations

import json
from pathlib import Path

from game.core.schema import clone_function_problem
from game.shv import state as shv_state
from game.shv.state import GUARDIAN, PLAYER, SCHEMA, Guardian, Player

from .shv_helpers import R, pos

# The keys of a saved guardian and player, in the order saves have always had them.
GUARDIAN_KEYS = [
    "card", "ready", "damage", "tactics", "chosen", "equipment", "statuses", "timed",
    "temp_points", "block",
]  # fmt: skip
PLAYER_KEYS = [
    "seat", "team", "mp", "eliminated", "mulligan_used", "deck", "hand", "discard", "removed",
    "setup_guardian", "field", "block",
]  # fmt: skip


def test_the_pasted_clone_functions_are_the_schemas() -> None:
    text = Path(shv_state.__file__).with_suffix(".py").read_text(encoding="utf-8")
    assert clone_function_problem(GUARDIAN, text, "clone_guardian") == ""
    assert clone_function_problem(PLAYER, text, "clone_player") == ""
    assert clone_function_problem(SCHEMA, text, "clone_state") == ""


def test_a_saved_player_keeps_its_keys_and_their_order() -> None:
    g = Guardian(3, False, 2, [4], {"4": "kim"}, {"vu_khi": 5}, {"weaken": 1})
    g.timed.append(["weaken", 1, "next_turn", 0])
    p = Player(0, 0, 15, deck=[7, 8], hand=[1], field=[g], setup_guardian=None)
    data = PLAYER.to_json(p)
    assert list(data) == PLAYER_KEYS and list(data["field"][0]) == GUARDIAN_KEYS
    assert json.dumps(data["field"][0]) == (
        '{"card": 3, "ready": false, "damage": 2, "tactics": [4], "chosen": {"4": "kim"}, '
        '"equipment": {"vu_khi": 5}, "statuses": {"weaken": 1}, '
        '"timed": [["weaken", 1, "next_turn", 0]], "temp_points": {}, "block": 0}'
    )
    back = PLAYER.from_json(json.loads(json.dumps(data)))
    assert PLAYER.to_json(back) == data and isinstance(back.field[0], Guardian)


def test_a_cloned_state_shares_nothing_a_move_changes() -> None:
    state = pos(
        players=[
            {"team": 0, "mp": 15, "deck": ["kim_co_ban"] * 4, "field": [{"card": "ma_troi"}]},
            {"team": 1, "mp": 15, "deck": ["kim_co_ban"] * 4, "field": [{"card": "au_co"}]},
        ],
        order=[0, 1],
    )
    before = json.dumps(R.to_json(state))
    copy = R.clone(state)
    g = copy.players[0].field[0]
    assert g is not state.players[0].field[0] and g != state.players[0].field[0]
    g.statuses["weaken"] = 2
    g.tactics.append(5)
    g.timed.append(["weaken", 1, "next_turn", 0])
    copy.players[0].hand.append(3)
    copy.players[1].field.clear()
    assert json.dumps(R.to_json(state)) == before
    assert copy.names is state.names  # card ids never change after setup
