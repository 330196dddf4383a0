"""ManaSurge's state on the schema helper: same save format, independent clones."""

from __future__ import annotations

import json

import game
from game.core.rng import Rng
from game.manasurge.state import SCHEMA, MSState

# The manasurge-state v1 keys, as saves written before the schema hold them.
V1_KEYS = {
    "format", "version", "n", "options", "rng", "round", "phase", "caster", "turn", "pending",
    "direction", "hands", "penalty", "draw", "discard", "table", "table_seat", "table_stones",
    "lead_suit", "ladder", "last_rank", "amplify", "offer", "pool_purple", "pool_gold",
    "supply_purple", "supply_gold", "extra", "chars", "attuned", "winners", "end_reason",
    "hit_seat", "last_seat", "stats",
}  # fmt: skip


def mid_game() -> MSState:
    rules = game.get("manasurge")
    state: MSState = rules.setup(rules.info.default_config(players=4), 5)
    rng = Rng(1)
    for _ in range(25):
        rules.apply(state, rng.choice(rules.legal_actions(state)))
    return state


def test_the_save_format_is_unchanged() -> None:
    state = mid_game()
    data = game.get("manasurge").to_json(state)
    assert set(data) == V1_KEYS
    assert data["format"] == "manasurge-state" and data["version"] == 1
    assert data["phase"] in ("lead", "play", "frost", "lightning", "recall", "siphon", "deflect")
    assert data["options"] == state.opts.to_json() and "target" not in data


def test_clone_is_independent_and_keeps_the_derived_target() -> None:
    state = mid_game()
    copy = state.clone()
    assert SCHEMA.to_json(copy) == SCHEMA.to_json(state) and copy.target == state.target
    copy.hands[0].append(99)
    copy.stats[0][0] += 1
    copy.rng.next64()
    assert 99 not in state.hands[0] and state.stats != copy.stats and state.rng != copy.rng
    back = game.get("manasurge").from_json(json.loads(json.dumps(SCHEMA.to_json(state))))
    assert back.target == state.target and SCHEMA.to_json(back) == SCHEMA.to_json(state)
