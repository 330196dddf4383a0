"""The villain side's state records (game.shv.villain ``FOE``, ``VILLAIN``; SHV-10.1,
pve-format.md "State"): the saved keys in their v1 order, clones independent of the
original, old saves without a foe's statuses, timed statuses or block, the clone
functions the schema generates pasted unchanged (mypyc compiles them)."""

from __future__ import annotations

import json
from pathlib import Path

from game.core.schema import clone_function_problem
from game.shv import villain as shv_villain
from game.shv.villain import FOE, VILLAIN, Foe, Villain

from .pve_helpers import player, pve

FOE_KEYS = ["uid", "card", "hp", "max_hp", "ready", "statuses", "timed", "block"]
VILLAIN_KEYS = [
    "boss", "names", "minions", "skill_deck", "skill_discard", "minion_deck", "minion_discard",
    "ongoing", "treasures", "destroyed_minions", "turn", "result",
]  # fmt: skip


def villain() -> Villain:
    state = pve([player(15)], villain={"minions": [{"card": "grunt"}]})
    assert state.villain is not None
    v = state.villain
    v.boss.timed.append(["weaken", 1, "next_turn", -1])
    v.ongoing.append({"uid": 2, "card": "war_drums", "rounds_left": 1})
    v.turn = {"step": "act", "to_act": [0, 3]}
    v.result = {"side": "players", "kind": "boss_defeated"}
    return v


def test_the_pasted_clone_functions_are_the_schemas() -> None:
    text = Path(shv_villain.__file__).with_suffix(".py").read_text(encoding="utf-8")
    assert clone_function_problem(FOE, text, "clone_foe") == ""
    assert clone_function_problem(VILLAIN, text, "villain_clone") == ""


def test_a_saved_villain_keeps_its_keys_and_their_order() -> None:
    data = villain().to_json()
    assert list(data) == VILLAIN_KEYS and list(data["boss"]) == FOE_KEYS
    assert json.dumps(data["boss"]) == (
        '{"uid": 0, "card": "training", "hp": 30, "max_hp": 30, "ready": true, '
        '"statuses": {}, "timed": [["weaken", 1, "next_turn", -1]], "block": 0}'
    )
    text = json.dumps(data)
    back = Villain.from_json(json.loads(text))
    assert json.dumps(back.to_json()) == text and isinstance(back.minions[0], Foe)


def test_a_cloned_villain_shares_nothing_a_move_changes() -> None:
    v = villain()
    before = json.dumps(v.to_json())
    copy = v.clone()
    assert copy.boss is not v.boss and copy.boss != v.boss
    copy.boss.statuses["weaken"] = 2
    copy.boss.timed[0][1] = 5
    copy.minions[0].hp -= 1
    copy.names.append("grunt")
    copy.ongoing[0]["rounds_left"] = 0
    copy.turn["to_act"].append(4)
    assert copy.result is not None
    copy.result["kind"] = "x"
    assert json.dumps(v.to_json()) == before


def test_an_old_saved_foe_without_statuses_gets_its_own() -> None:
    data = {"uid": 1, "card": "grunt", "hp": 3, "max_hp": 3, "ready": True}
    a, b = FOE.from_json(data), FOE.from_json(data)
    assert (a.statuses, a.timed, a.block) == ({}, [], 0)
    a.statuses["weaken"] = 1
    a.timed.append(["weaken", 1, "next_turn", -1])
    assert (b.statuses, b.timed) == ({}, [])
