"""Sử Hộ Vương's evaluation (game.shv.evaluate, issue 10): MP is the life total."""

from __future__ import annotations

from typing import Any

from game.shv.evaluate import DEAD, mp_value
from tests.shv.shv_helpers import R, act, pos

DECK = ["kim_co_ban"] * 4


def duel(me: dict[str, Any], them: dict[str, Any]) -> Any:
    return pos(
        players=[
            {"team": 0, "mp": 15, "deck": DECK, **me},
            {"team": 1, "mp": 15, "deck": DECK, **them},
        ]
    )


def gain_of_summon(mp: int) -> float:
    """How much seat 0's value changes by summoning Cao Lỗ (cost 3) at ``mp`` MP."""
    state = duel(
        {"mp": mp, "hand": ["cao_lo"], "field": [{"card": "au_co"}]},
        {"field": [{"card": "ma_troi"}]},
    )
    before = R.evaluate(state, 0)
    act(state, kind="summon", seat=0, card="cao_lo")
    return R.evaluate(state, 0) - before


def test_mp_is_worth_more_the_less_is_left() -> None:
    # SHV-3.2a: 0 MP is elimination; SHV-8.7: summoning costs MP.
    assert mp_value(0) == DEAD
    assert mp_value(15) - mp_value(12) < mp_value(4) - mp_value(1)
    # SHV-5.1: the same summon is a gain from 15 MP and a loss from 4 MP.
    assert gain_of_summon(15) > 0
    assert gain_of_summon(4) < 0


def test_an_exposed_player_counts_the_foes_damage() -> None:
    # SHV-8.6: with no shielding guardian (SHV-9.2: one in Stealth does not shield),
    # Trọng Thủy's paid 3-damage skill (SHV-6.2) hits the player: 5 MP count as 2.
    attacker = {"field": [{"card": "trong_thuy", "tactics": ["moc_co_ban"]}]}
    shielded = duel({"mp": 5, "field": [{"card": "ma_troi"}]}, attacker)
    stealthed = duel(
        {"mp": 5, "field": [{"card": "ma_troi", "statuses": {"stealth": 1}}]}, attacker
    )
    assert R.evaluate(stealthed, 0) < R.evaluate(shielded, 0)
    unpaid = duel(
        {"mp": 5, "field": [{"card": "ma_troi", "statuses": {"stealth": 1}}]},
        {"field": [{"card": "trong_thuy", "tactics": ["kim_co_ban"]}]},
    )
    assert R.evaluate(stealthed, 0) < R.evaluate(unpaid, 0)


def test_a_tactic_that_pays_a_skill_is_worth_more_than_one_that_does_not() -> None:
    # SHV-6.2, SHV-6.6: points are thresholds; Ma Trơi's skill needs 1 Hỏa.
    them = {"field": [{"card": "au_co"}]}
    paid = duel({"field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]}, them)
    unpaid = duel({"field": [{"card": "ma_troi", "tactics": ["kim_co_ban"]}]}, them)
    assert R.evaluate(paid, 0) > R.evaluate(unpaid, 0)


def test_the_two_sides_values_add_to_one() -> None:
    state = duel({"mp": 9, "hand": ["cao_lo"], "field": [{"card": "au_co"}]}, {"mp": 3})
    mine, theirs = R.evaluate(state, 0), R.evaluate(state, 1)
    assert 0.5 < mine < 1.0
    assert abs(mine + theirs - 1.0) < 1e-9
