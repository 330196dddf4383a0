"""Sử Hộ Vương's evaluation (game.shv.evaluate, issue 10): MP is the life total."""

from __future__ import annotations

from typing import Any

from game.shv.evaluate import WEIGHTS, mp_value
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
    assert mp_value(0) == WEIGHTS.dead
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


def test_evaluate_all_gives_each_seat_its_teams_value() -> None:
    """``evaluate_all`` (the search's leaf score) equals ``evaluate`` per seat, in PvP
    1v1 and 2v2 (SHV-3.1: teammates win or lose together) and in PvE (SHV-10.2)."""
    import game

    rules = game.get("shv")
    pvp = duel({"mp": 9, "hand": ["cao_lo"], "field": [{"card": "au_co"}]}, {"mp": 3})
    states = [pvp]
    for mode, players in (("pvp", 4), ("pve", 2)):
        state = rules.setup(rules.info.default_config(mode, players), 5)
        while rules.to_move(state) is not None and state.round < 3:
            rules.apply(state, rules.legal_actions(state)[-1])
        states.append(state)
    for state in states:
        each = [rules.evaluate(state, s) for s in range(rules.num_seats(state))]
        together = rules.evaluate_all(state)
        assert len(together) == len(each)
        assert all(abs(a - b) < 1e-12 for a, b in zip(together, each, strict=True))
        assert rules.outcome(state) is None  # scored by the evaluation, not an outcome
    assert rules.evaluate_all(pvp)[0] > 0.5 > rules.evaluate_all(pvp)[1]


def test_the_share_of_points_met_counts_spare_points_toward_any() -> None:
    # SHV-6.2, SHV-6.6: named points first, then the points left over pay "any";
    # `_share` (the search's hottest loop) against the rule written out plainly,
    # negative temporary points included.
    from game.core.rng import Rng
    from game.shv.catalog import POINT_TYPES
    from game.shv.evaluate import _share, attack

    skills = [s for c in R.catalog.cards.values() for s in c.skills if s.points or s.any]
    assert any(s.any for s in skills)  # a skill with "any" points is among them
    rng = Rng(7)
    for _ in range(2000):
        skill = skills[rng.below(len(skills))]
        pts = {k: rng.below(5) - 1 for k in POINT_TYPES if rng.below(2)}
        want = {k: skill.points.get(k, 0) for k in POINT_TYPES}
        have = sum(min(pts.get(k, 0), want[k]) for k in POINT_TYPES)
        spare = sum(max(0, pts.get(k, 0) - want[k]) for k in POINT_TYPES)
        need = sum(skill.points.values()) + skill.any
        plain = (have + min(spare, skill.any)) / need
        assert _share(attack(skill, 1.0), pts) == plain, (skill.id, pts)
    free = attack(skills[0], 1.0)._replace(need=0)
    assert _share(free, {}) == 1.0  # a skill with no points is always paid
