"""``bench/ai_strength.py``'s position walk (issue 10): ``--speed`` and ``--budget``
read the same positions of a greedy game, every ``every``-th decision with a choice."""

from __future__ import annotations

import sys
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import ai_strength


def test_budget_counts_the_iterations_a_level_gets() -> None:
    row = ai_strength.budget("manasurge", "normal@40", 3, 1)  # pinned: 40 a decision
    assert row["positions"] == 3
    assert row["iterations_min"] == row["iterations_max"] == 40
    assert row["players"] == 2


def test_budget_walks_the_table_its_config_sets() -> None:
    # SHV-2: a 3v3 PvP table (six seats), where the clock can stop hard before its budget.
    config = ai_strength.table_config("shv", "pvp", 6)
    row = ai_strength.budget("shv", "normal@5", 2, 1, config)
    assert row["players"] == 6 and row["positions"] == 2
    assert row["iterations_min"] == row["iterations_max"] == 5
    walk = islice(ai_strength.positions("shv", 1, 1, config), 12)
    assert len({seat for _r, _s, seat, _g in walk}) > 2


def test_positions_are_decisions_with_a_choice_every_nth() -> None:
    every = [(s.round, s.phase, seat) for _r, s, seat, _g in islice(ai_strength.positions(
        "manasurge", 1), 8)]  # fmt: skip
    fourth = [(s.round, s.phase, seat) for _r, s, seat, _g in islice(ai_strength.positions(
        "manasurge", 1, every=4), 2)]  # fmt: skip
    assert len(every) == 8 and fourth == [every[3], every[7]]


def test_a_coop_row_lists_each_deal_so_two_teams_pair_up() -> None:
    # issue 10's co-op table compares two teams on the same deals (balance_pve's games).
    (row,) = ai_strength.coop("ngu_tinh", 1, ["greedy"], 4, 1, 1)
    assert len(row["deals"]) == 4 and set(row["deals"]) <= {"0", "1"}
    assert row["deals"].count("1") == row["wins"]
    alone = ai_strength.play_coop("ngu_tinh", 1, "greedy", 1, 2)
    assert row["deals"][2] == ("1" if alone["won"] else "0")  # deal g is game g
    (later,) = ai_strength.coop("ngu_tinh", 1, ["greedy"], 2, 1, 1, first=2)
    assert later["deals"] == row["deals"][2:] and later["first"] == 2  # a cell's later part


def test_decision_times_can_walk_a_coop_table() -> None:
    # issue 10: "normal decides in <= 1 s median, hard in <= 3 s" holds at every table,
    # so bench/ai_decision_time.py also walks a co-op game (SHV-10: one team vs a boss).
    assert ai_strength.table_config("shv", None, None, None) is None
    config = ai_strength.table_config("shv", "pve", 3, "moc_tinh")
    assert config is not None and config["players"] == 3 and config["boss"] == "moc_tinh"
    walk = list(islice(ai_strength.positions("shv", 1, 1, config), 12))
    assert {seat for _r, _s, seat, _g in walk} == {0, 1, 2}
    assert all(
        s.villain is not None and s.villain.boss.card == "moc_tinh" for _r, s, _t, _g in walk
    )
