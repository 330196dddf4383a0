"""Thất Thánh Triệu Hồi's state on the schema (game.invokation.state ``CHARACTER``,
``PLAYER``, ``SCHEMA``): the saved keys in their v1 order, clones
independent of the original with the derived caches left out, the clone functions the
schema generates pasted unchanged (mypyc compiles them); an entity is the one
``ENTITY`` of game.core.effects."""

from __future__ import annotations

import json
from pathlib import Path

import game
from game.core.rng import Rng
from game.core.schema import clone_function_problem
from game.invokation import state as gi_state
from game.invokation.state import CHARACTER, PLAYER, SCHEMA, GIState

STATE_KEYS = [
    "format", "version", "rng", "options", "extra", "phase", "round", "first", "next_first",
    "turn", "commit", "need_active", "players", "cards", "fx", "winners", "draw",
]  # fmt: skip
PLAYER_KEYS = [
    "characters", "active", "dice", "hand", "deck", "used", "summons", "supports",
    "combat_statuses", "declared_end", "plunge_ready", "legend_used", "revived_this_round",
    "mulliganed", "deck_id",
]  # fmt: skip
CHARACTER_KEYS = [
    "card", "hp", "max_hp", "energy", "max_energy", "aura", "alive", "equipment", "statuses",
    "marks",
]  # fmt: skip


def mid_game() -> GIState:
    rules = game.get("invokation")
    state: GIState = rules.setup(rules.info.default_config(players=2), 3)
    rng = Rng(2)
    for _ in range(80):
        if rules.to_move(state) is None:
            break
        rules.apply(state, rng.choice(rules.legal_actions(state)), check=False)
    return state


def test_the_pasted_clone_functions_are_the_schemas() -> None:
    text = Path(gi_state.__file__).with_suffix(".py").read_text(encoding="utf-8")
    for schema, name in (
        (CHARACTER, "clone_character"),
        (PLAYER, "clone_player"),
        (SCHEMA, "clone_state"),
    ):
        assert clone_function_problem(schema, text, name) == "", name


def test_a_saved_state_keeps_its_keys_and_their_order() -> None:
    data = mid_game().to_json()
    assert list(data) == STATE_KEYS
    assert list(data["players"][0]) == PLAYER_KEYS
    assert list(data["players"][0]["characters"][0]) == CHARACTER_KEYS
    text = json.dumps(data)
    assert json.dumps(GIState.from_json(json.loads(text)).to_json()) == text


def test_a_clone_shares_nothing_a_move_changes_and_drops_the_caches() -> None:
    state = mid_game()
    state.census = ((set(), set()), (set(), set()))
    before = json.dumps(state.to_json())
    copy = state.clone()
    assert copy.census is None and copy.heard is None and copy.cards is state.cards
    c = copy.players[0].characters[0]
    assert c is not state.players[0].characters[0] and c != state.players[0].characters[0]
    c.hp -= 1
    c.aura.append("pyro")
    c.marks["x"] = 1
    copy.players[0].dice.append("omni")
    copy.commit[0] = 2
    for p in copy.players:
        for e in [*p.summons, *p.supports, *p.combat_statuses]:
            e.counters["hp"] = 99
        for ch in p.characters:
            for e in [*ch.statuses, *ch.equipment]:
                e.counters["x"] = 7
    copy.rng.next64()
    assert json.dumps(state.to_json()) == before


def test_a_bad_saved_player_is_named_by_its_path() -> None:
    data = json.loads(json.dumps(mid_game().to_json()))
    data["players"][1]["characters"][2]["marks"] = {"x": "1"}
    try:
        GIState.from_json(data)
    except ValueError as e:
        assert str(e) == "players[1].characters[2].marks.x: expected an integer, got '1'"
    else:
        raise AssertionError("a bad mark was read")
    data["players"][1]["characters"][2]["marks"] = {}
    data["players"][0]["dice"] = ["omni", "gold"]
    try:
        GIState.from_json(data)
    except ValueError as e:
        assert str(e) == "players[0].dice[1]: 'gold' is not a die face"
    else:
        raise AssertionError("a bad die was read")
