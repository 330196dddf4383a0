"""ManaSurge's state on the schema helper: same save format, independent clones."""

from __future__ import annotations

import json
from pathlib import Path

import game
import game.manasurge.state as state_module
from game.core.rng import Rng
from game.core.schema import clone_source_problem
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


def test_the_written_clone_is_the_schemas() -> None:
    """MSState.clone is source (mypyc compiles it, issue 15), pasted from
    SCHEMA.clone_source: a field added to SCHEMA but not to the method fails here."""
    text = Path(state_module.__file__ or "").read_text(encoding="utf-8")
    assert clone_source_problem(SCHEMA, text, "MSState()") == ""
    missing = text.replace("        o.amplify = self.amplify\n", "", 1)
    assert "differs" in clone_source_problem(SCHEMA, missing, "MSState()")
    assert "needs one" in clone_source_problem(SCHEMA, "class MSState: ...\n", "MSState()")


def test_a_blank_state_is_filled_by_clone_and_from_json() -> None:
    """MSState() (no deal) is what clone and from_json start from."""
    state = mid_game()
    assert not hasattr(MSState(), "hands")
    data = SCHEMA.to_json(state)
    assert SCHEMA.to_json(SCHEMA.from_json(data)) == data
    assert SCHEMA.to_json(SCHEMA.clone(state)) == data
    assert SCHEMA.clone is MSState.clone
