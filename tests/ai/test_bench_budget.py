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


def test_positions_are_decisions_with_a_choice_every_nth() -> None:
    every = [(s.round, s.phase, seat) for _r, s, seat, _g in islice(ai_strength.positions(
        "manasurge", 1), 8)]  # fmt: skip
    fourth = [(s.round, s.phase, seat) for _r, s, seat, _g in islice(ai_strength.positions(
        "manasurge", 1, every=4), 2)]  # fmt: skip
    assert len(every) == 8 and fourth == [every[3], every[7]]
