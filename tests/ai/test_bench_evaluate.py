"""``bench/shv_evaluate.py`` (docs/AI.md, "Sử Hộ Vương's evaluation"): greedy with one
set of evaluation weights against greedy with another.  It checks the script and that
the weights reach the bots, never a strength figure."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import shv_evaluate
from game.shv.evaluate import WEIGHTS, mp_value
from game.shv.rules import ShvRules
from tests.shv.shv_helpers import pos


def test_weights_are_named_and_a_bad_one_is_refused_with_the_known_ones() -> None:
    got = shv_evaluate.parse_weights("mp_scale=12, hand_cap=5")
    assert got.mp_scale == 12.0 and got.hand_cap == 5 and got.hp == WEIGHTS.hp
    assert shv_evaluate.parse_weights("") == WEIGHTS
    with pytest.raises(SystemExit, match="known: mp_scale"):
        shv_evaluate.parse_weights("mp_skale=12")
    with pytest.raises(SystemExit, match="a number"):
        shv_evaluate.parse_weights("hand=much")


def test_the_rules_score_with_the_weights_they_are_given() -> None:
    # SHV-3.2a: MP is the life total; a flatter curve (mp_scale 12) values 15 MP less.
    flat = shv_evaluate.parse_weights("mp_scale=12")
    assert mp_value(15, flat) < mp_value(15)
    state = pos(players=[
        {"team": 0, "mp": 15, "deck": ["kim_co_ban"] * 4, "field": [{"card": "au_co"}]},
        {"team": 1, "mp": 4, "deck": ["kim_co_ban"] * 4, "field": [{"card": "ma_troi"}]},
    ])  # fmt: skip
    shipped, other = ShvRules(), ShvRules(weights=flat)
    assert shipped.evaluate(state, 0) != other.evaluate(state, 0)


def test_a_tiny_run_reports_a_score_and_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert shv_evaluate.main(["--against", "mp_scale=12", "--games", "4", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["games"] == 4 and 0.0 <= row["score"] <= 1.0
    assert row["against"]["mp_scale"] == 12.0 and row["weights"]["mp_scale"] == WEIGHTS.mp_scale
    low, high = row["ci95"]
    assert low <= row["score"] <= high
    # the deals and the bots' draws come from the seed: a second run plays the same games
    flat = shv_evaluate.parse_weights("mp_scale=12")
    again = shv_evaluate.compare(WEIGHTS, flat, 4, 7, 1)
    assert again["score"] == row["score"]
