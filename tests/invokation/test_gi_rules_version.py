"""The rules version of Thất Thánh Triệu Hồi saves (ARCHITECTURE 3.3): issue 35's
rule fixes (A-GI-1 .. A-GI-5) change how some old logs replay, so the version
is "2"; a version-1 save whose game met none of them still loads, and one whose
replay no longer matches its snapshot says it was saved with version 1."""

from __future__ import annotations

import pytest

from game import match_from_json, new_match
from game.core.match import Match
from game.core.rng import Rng
from game.invokation import RULES


def _match(actions: int) -> Match:
    match = new_match("invokation", RULES.info.default_config(), 5)
    rng = Rng(5)
    for _ in range(actions):
        if match.to_move is None:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_the_rules_version_is_2_after_issue_35() -> None:
    assert _match(1).to_json()["rules_version"] == RULES.version == "2"


def test_a_version_1_save_that_met_no_changed_rule_still_loads() -> None:
    # Setup, mulligan and the first roll are the same under both versions.
    match = _match(12)
    data = match.to_json()
    data["rules_version"] = "1"
    assert match_from_json(data).snapshot() == match.snapshot()


def test_a_version_1_save_that_replays_differently_says_so() -> None:
    match = _match(12)
    data = match.to_json()
    data["rules_version"] = "1"
    data["snapshot"]["round"] = 99  # stands for a replay the new rules changed
    with pytest.raises(ValueError, match="rules version '1' \\(now '2'\\)"):
        match_from_json(data)
