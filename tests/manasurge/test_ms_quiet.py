"""Quiet mode (issue 15): ``apply_quiet`` builds no event and leaves every state
exactly as ``apply`` does; ``apply`` (Match, soak, the table) still gets them all."""

from __future__ import annotations

import json

from game.core.contract import Event
from game.core.rng import Rng
from game.manasurge.state import PHASE_OVER
from tests.manasurge.ms_helpers import R, pos

# Every option at its last value: characters, Blades strictness, the short game...
LAST = {k: v[-1] for k, v in R.option_values.items() if k != "target"}


def _pair(players: int, options: dict[str, object], seed: int) -> tuple[int, int]:
    """Play one seeded game loud and the same game quiet, side by side; returns
    (actions, events).  Fails at the first action where the states differ."""
    config = R.info.default_config(None, players)
    config["options"].update(options)
    loud, quiet = R.setup(config, seed), R.setup(config, seed)
    rng = Rng(seed)
    actions = events = 0
    while (seat := R.to_move(loud)) is not None:
        assert R.to_move(quiet) == seat
        action = rng.choice(R.legal_actions(loud))
        assert R.legal_actions(quiet) == R.legal_actions(loud)
        got = R.apply(loud, action, check=False)
        assert got and all(isinstance(e, Event) for e in got)  # every action says something
        assert R.apply_quiet(quiet, action) is None  # type: ignore[func-returns-value]
        assert json.dumps(R.to_json(quiet)) == json.dumps(R.to_json(loud)), (actions, action)
        actions += 1
        events += len(got)
    assert quiet.phase == PHASE_OVER
    return actions, events


def test_quiet_games_end_exactly_like_loud_ones() -> None:
    total = 0
    for players, options, seed in ((2, {}, 1), (4, {}, 2), (6, {}, 3), (3, LAST, 4), (5, LAST, 5)):
        actions, events = _pair(players, options, seed)
        assert events > actions
        total += actions
    assert total > 200


def test_quiet_end_of_round_scores_settles_and_passes_the_token() -> None:
    # MS-6.1, MS-6.2: seat 1 is stuck (no valid spell, no magic): hit inside apply,
    # then the one end-of-round pass: stones settled, table cleared, token passed.
    state = pos(
        players=3,
        table=[{"card": "fireball-5", "seat": 2, "stones": 1}],
        turn=0,
        hands=[["fireball-8", "frost-2"], ["frost-1"], ["quake-2", "quake-3"]],
    )
    loud = R.clone(state)
    action = R.action_from_json(state, {"kind": "play", "seat": 0, "card": "fireball-8"})
    events = R.apply(loud, action)
    R.apply_quiet(state, action)
    assert R.to_json(state) == R.to_json(loud)
    kinds = [e.kind for e in events]
    assert "hit" in kinds and "round_ended" in kinds and "caster_passed" in kinds
    assert state.round == 2 and state.table == []
    assert state.scores() == [2, 0, 1]  # the last spell's stone + its own card's; seat 2's card
    assert state.caster == 1  # MS-6.2 step 6: the fewest stones
