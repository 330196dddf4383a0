"""The third speed pass's caches and fast paths (issue 9) give what the plain
code gives: listed actions rebuilt from empty caches are equal, a full cache
starts over, the Normal Attack payment fast path is the general algorithm
(ARCHITECTURE 7.4), and character targets follow GI-5.2 / GI-7.6 as before."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from game.cli import simulate_seed
from game.core.contract import Action
from game.core.rng import Rng
from game.invokation import RULES, board, dice, legal
from game.invokation.catalog import ELEMENTS
from game.invokation.refusals import target_options
from game.invokation.rules import decision_of
from game.invokation.state import GIState, sort_dice

CACHES = ("_ACTIONS", "_SKILLS", "_SWITCHES", "_PLAYS", "_TUNES", "_PAID")


def _act_states(games: int) -> list[GIState]:
    """Copies of every "act" decision of ``games`` seeded random games."""
    states = []
    for g in range(games):
        seed = simulate_seed(1, "invokation", g)
        state = RULES.setup(RULES.info.default_config(), seed)
        rng = Rng(seed ^ 0x9E3779B1)
        while RULES.to_move(state) is not None:
            if decision_of(state) == "act":
                states.append(state.clone())
            RULES.apply(state, rng.choice(RULES.legal_actions(state)), check=False)
    return states


@pytest.fixture(scope="module")
def act_states() -> list[GIState]:
    return _act_states(3)


def _clear_caches() -> None:
    for name in CACHES:
        getattr(legal, name).clear()


def test_listed_actions_from_empty_caches_are_equal(act_states: list[GIState]) -> None:
    # GI-4: the same position lists the same actions, cached or built anew, and
    # each is the canonical value Action.make builds from its arguments.
    first = [RULES.legal_actions(s) for s in act_states]
    _clear_caches()
    again = [RULES.legal_actions(s) for s in act_states]
    assert again == first
    kinds = {a.kind for listed in again for a in listed}
    assert {"skill", "switch", "play", "tune", "end_round"} <= kinds
    for listed in again:
        for a in listed:
            args = {k: v for k, v in a.to_json().items() if k not in ("kind", "seat")}
            assert a == Action.make(a.kind, a.seat, **args)


def test_a_full_action_cache_starts_over(
    act_states: list[GIState], monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = [RULES.legal_actions(s) for s in act_states[:40]]
    _clear_caches()
    monkeypatch.setattr(legal, "_ACTIONS_MAX", 3)
    got = [RULES.legal_actions(s) for s in act_states[:40]]
    assert got == expected
    assert all(len(getattr(legal, name)) <= 3 for name in CACHES[:5])


def test_normal_attack_and_free_payments_match_the_general_path() -> None:
    # ARCHITECTURE 7.4: {element: n, unaligned: m} and {} take the fast paths.
    rng = Rng(93)
    faces = [*ELEMENTS, "omni"]
    fast = 0
    for _ in range(1500):
        dice_ = sort_dice([faces[rng.below(8)] for _ in range(rng.below(11))])
        living = {ELEMENTS[rng.below(7)] for _ in range(3)}
        payer = dice.Payer(dice_, living, sorted(living)[0])
        element = ELEMENTS[rng.below(7)]
        for cost in ({element: 1 + rng.below(3), "unaligned": 1 + rng.below(3)}, {}):
            expected = payer._general(cost)
            assert payer.pay(cost) == expected, (dice_, cost)
            fast += expected is not None and bool(cost)
    assert fast > 300  # many of the samples can pay


def _reference_targets(state: GIState, seat: int, card: Mapping[str, Any]) -> list[int]:
    """The per-character loop the listing used before (GI-5.2 weapon type,
    GI-7.6 Satiated)."""
    target = str(card["target"])
    side = 1 - seat if target.startswith("opp") else seat
    p = state.players[side]
    out = []
    for i, c in enumerate(p.characters):
        if target == "own_defeated":
            ok = not c.alive
        elif target in ("own_standby", "opp_standby"):
            ok = c.alive and i != p.active
        elif target == "own_active":
            ok = c.alive and i == p.active
        else:
            ok = c.alive
        mine = state.players[seat].characters[i]
        if ok and card.get("type") == "weapon":
            ok = board.cat(state).card(mine.card)["weapon"] == card.get("weapon")
        elif ok and card.get("type") == "food" and not card.get("revive"):
            ok = not board.has_status(state, seat, i, "satiated")
        if ok:
            out.append(i)
    return out


def test_character_targets_match_the_reference(act_states: list[GIState]) -> None:
    checked = 0
    for state in act_states:
        seat = state.turn
        for uid in state.players[seat].hand:
            card = board.cat(state).card(state.cards[uid])
            target = card.get("target")
            if target is None or card.get("type") == "talent" or "summon" in str(target):
                continue
            expected = _reference_targets(state, seat, card)
            assert [o["character"] for o in target_options(state, seat, card)] == expected
            checked += 1
    assert checked > 50
