"""Regressions found by the long soak and the speed work (issue 7 acceptance)."""

from __future__ import annotations

import json
from typing import Any

from game.ai import bots
from game.cli import simulate_seed
from game.core.rng import Rng
from game.shv.board import UNLIMITED_USES

from .shv_helpers import R, act, config, guardian, legal_kinds, pos, refused

DECK = ["kim_co_ban"] * 4


def _heal_duel(**options: Any) -> Any:
    field = [{"card": "au_co", "damage": 3, "tactics": ["moc_co_ban"]}]
    me = {"team": 0, "mp": 15, "deck": DECK, "field": field}
    them = {"team": 1, "mp": 15, "deck": DECK, "field": [{"card": "ma_troi"}]}
    return pos(players=[me, them], options=options)


def test_skill_limit_none_still_ends_the_turn() -> None:
    # SHV-5.5 [PROP] / SHV-G9: with skill_limit "none" Suối Mẹ (not Tốn sức) may be used
    # again and again, but at most UNLIMITED_USES times a turn — a greedy bot healing a
    # full guardian once looped for ever ("without a limit skills could loop forever").
    state = _heal_duel(skill_limit="none")
    for _ in range(UNLIMITED_USES):
        act(state, kind="activate", seat=0, source="au_co", skill="suoi_me", guardian="au_co")
    assert guardian(state, "au_co", 0).damage == 0
    assert "activate" not in legal_kinds(state)
    refusal = refused(
        state, kind="activate", seat=0, source="au_co", skill="suoi_me", guardian="au_co"
    )
    assert refusal == "shv.illegal.skill_used"


def test_skill_limit_once_per_turn_is_unchanged() -> None:
    # SHV-5.5: the default still allows one use a turn.
    state = _heal_duel()
    act(state, kind="activate", seat=0, source="au_co", skill="suoi_me", guardian="au_co")
    assert "activate" not in legal_kinds(state)


def test_greedy_bots_finish_games_without_a_skill_limit() -> None:
    # SHV-5.5 / SHV-4.5: all-greedy games with skill_limit "none" end (they did not).
    cfg = config(2, skill_limit="none")
    greedy = bots.make("greedy")
    # game 1 of `simulate --game shv --bots greedy --seed 3 --options '{"skill_limit":
    # "none"}'`, which looped on Âu Cơ's Suối Mẹ before the fix
    for seed in (simulate_seed(3, "shv", 1),):
        state = R.setup(cfg, seed)
        rng = Rng(seed ^ 0x9E3779B1)
        for _ in range(3000):
            seat = R.to_move(state)
            if seat is None:
                break
            R.apply(state, greedy.choose(R, state, seat, rng), check=False)
        assert R.outcome(state) is not None, seed


def test_state_json_fast_path_refuses_what_the_checked_reader_refuses() -> None:
    # The fast loader (exact types) must fall back to the checked one: same errors.
    state = R.setup(config(2), 3)
    data = json.loads(json.dumps(R.to_json(state)))
    assert R.to_json(R.from_json(data)) == R.to_json(state)
    bad_cases = [
        ("players", 0, "mp", -1),
        ("players", 1, "hand", [True]),
        ("players", 0, "team", 2),
        ("players", 1, "deck", [1.5]),
    ]
    for key, seat, field, value in bad_cases:
        broken = json.loads(json.dumps(data))
        broken[key][seat][field] = value
        try:
            R.from_json(broken)
        except ValueError as exc:
            assert f"players[{seat}].{field}" in str(exc), exc
        else:
            raise AssertionError(f"{field}={value!r} was accepted")
