"""The games stay identical (issue 9 speed work): seeded games of the random and
greedy bots, on the real and the test cards, hash to the fingerprints recorded
before any speed change (``gi_identical.json``; GI-1 .. GI-7 as a whole).  The
fingerprint covers every ``legal_actions`` list in order, every chosen action,
every event and the final state (``gi_fingerprint.py``)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from game.core.rng import Rng
from game.invokation import RULES, dice, legal
from game.invokation.catalog import ELEMENTS
from game.invokation.state import sort_dice

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


def _reference_canonical(
    faces: list[str], cost: dict[str, int], living: set[str], active: str
) -> list[int] | None:
    """``dice.canonical`` as it was before the speed work (ARCHITECTURE 7.4): the oracle."""
    if sum(cost.values()) > len(faces):
        return None
    free = list(range(len(faces)))
    chosen: list[int] = []

    def rank(face: str) -> int:
        return 100 if face == "omni" else 20 if face == active else 10 if face in living else 0

    def take(face: str, n: int) -> int:
        got = 0
        for i in list(free):
            if got == n:
                break
            if faces[i] == face:
                free.remove(i)
                chosen.append(i)
                got += 1
        return got

    for element in ELEMENTS:
        need = cost.get(element, 0)
        got = take(element, need) if need else need
        if got < need and take("omni", need - got) < need - got:
            return None
    matching = cost.get("matching", 0)
    if matching:
        counts = Counter(faces[i] for i in free)
        options = [
            (max(0, matching - counts[e]), rank(e), e)
            for e in ELEMENTS
            if counts[e] + counts["omni"] >= matching and counts[e] > 0
        ]
        if options:
            element = min(options)[2]
            take("omni", matching - take(element, matching))
        elif counts["omni"] >= matching:
            take("omni", matching)
        else:
            return None
    unaligned = cost.get("unaligned", 0)
    if unaligned:
        order = sorted(free, key=lambda i: (rank(faces[i]), i))
        if len(order) < unaligned:
            return None
        chosen.extend(order[:unaligned])
    return sorted(chosen)


def test_canonical_payments_and_tune_die_match_the_reference() -> None:
    # ARCHITECTURE 7.4 / GI-4.4: one Payer prices many costs like the plain algorithm.
    rng = Rng(2026)
    faces = [*ELEMENTS, "omni"]
    paid = 0
    for _ in range(2500):
        dice_ = sort_dice([faces[rng.below(8)] for _ in range(rng.below(12))])
        living = {ELEMENTS[rng.below(7)] for _ in range(3)}
        active = sorted(living)[0]
        payer = dice.Payer(dice_, living, active)
        for _ in range(3):
            cost: dict[str, int] = {}
            for key in (ELEMENTS[rng.below(7)], "matching", "unaligned"):
                if rng.below(2):
                    cost[key] = rng.below(5)
            expected = _reference_canonical(dice_, cost, living, active)
            got = payer.pay(cost)
            assert (None if got is None else list(got)) == expected, (dice_, cost)
            assert dice.canonical(dice_, cost, living, active) == expected
            paid += expected is not None
        pricer = object.__new__(legal._Pricer)  # only the fields tune_die reads
        pricer.dice, pricer.living, pricer.active = tuple(dice_), frozenset(living), active
        pricer.payer, pricer.prices = None, legal._Prices()
        assert pricer.tune_die() == dice.tune_choice(dice_, active, living)
    assert paid > 1000  # the sample pays often enough to compare real payments
