"""The games stay identical (issue 9 speed work): seeded games of the random and
greedy bots, on the real and the test cards, hash to the fingerprints recorded
before any speed change (``gi_identical.json``; GI-1 .. GI-7 as a whole).  The
fingerprint covers every ``legal_actions`` list in order, every chosen action,
every event and the final state (``gi_fingerprint.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.invokation import RULES

from .gi_fingerprint import PAIRINGS, game_fingerprint

RECORDED = json.loads((Path(__file__).parent / "gi_identical.json").read_text("utf-8"))["games"]


@pytest.mark.parametrize("pairing", PAIRINGS, ids=["/".join(p) for p in PAIRINGS])
def test_seeded_games_match_the_recorded_fingerprints(pairing: tuple[str, str, str]) -> None:
    expected = RECORDED["/".join(pairing)]
    assert [game_fingerprint(g, pairing) for g in range(len(expected))] == expected


def test_the_fingerprint_sees_the_order_of_the_listed_actions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same game with every list reversed (same set of actions) must not match.
    pairing = PAIRINGS[0]
    listed = RULES.legal_actions
    monkeypatch.setattr(RULES, "legal_actions", lambda state: listed(state)[::-1])
    assert game_fingerprint(0, pairing) != RECORDED["/".join(pairing)][0]
