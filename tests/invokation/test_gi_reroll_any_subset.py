"""The reroll takes any number of dice (rules audit A-GI-9, answered: the rule
holds).  GI-3.2, the document: "Sau khi gieo, bạn còn có 1 cơ hội chọn Xúc Xắc
Nguyên Tố số lượng bất kỳ để gieo lại."  ``legal_actions`` lists 4 canonical
subsets for bots (ARCHITECTURE 7.4, ``open_args``); ``explain`` and ``apply``
accept every one of the 256 subsets, and the table lets a player pick any."""

from __future__ import annotations

from itertools import combinations

from game.core.contract import Action
from game.invokation import RULES
from game.invokation.state import GIState
from tests.invokation.gi_helpers import act


def _roll_phase() -> GIState:
    state = RULES.setup(RULES.info.default_config(), 7)
    for seat in (state.first, 1 - state.first):
        act(state, "mulligan", seat, cards=[])
    for seat in (state.first, 1 - state.first):
        act(state, "choose_active", seat, character=0)
    assert state.phase == "roll"
    return state


def test_every_subset_of_the_dice_may_be_rerolled() -> None:
    # GI-3.2: "số lượng bất kỳ": each of the 2**8 subsets is a legal reroll
    state = _roll_phase()
    seat = RULES.to_move(state)
    assert seat is not None
    subsets = [list(c) for n in range(9) for c in combinations(range(8), n)]
    assert len(subsets) == 256
    refused = [s for s in subsets if RULES.explain(state, Action.make("reroll", seat, dice=s))]
    assert refused == []


def test_the_listed_rerolls_are_some_of_the_accepted_ones() -> None:
    # GI-3.2: the bots' short list is a subset of what the rule allows
    state = _roll_phase()
    seat = RULES.to_move(state)
    listed = [a for a in RULES.legal_actions(state) if a.kind == "reroll"]
    assert 1 <= len(listed) <= 4 and all(a.seat == seat for a in listed)
    assert all(RULES.explain(state, a) is None for a in listed)
