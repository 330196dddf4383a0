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
    GI-7.6 Satiated; a heal-only Food not at full HP)."""
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
            effects = card.get("effects") or []
            if ok and effects and all(step.get("op") == "heal" for step in effects):
                ok = mine.hp < mine.max_hp  # a heal-only Food not at full HP (issue 35, A-GI-5)
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


def _all_windows(state: GIState) -> list[tuple[str, str]]:
    cards = board.cat(state).cards
    found: set[tuple[str, str]] = set()
    for card in cards.values():
        for part in ("modifiers", "triggers"):
            found.update((part, w) for w in card.get(part) or ())
            for skill in (card.get("skills") or {}).values():
                found.update((part, w) for w in skill.get(part) or ())
    return sorted(found)


def _walked(
    state: GIState, first: int, part: str, window: str, seats: tuple[int, ...]
) -> list[board.Holder]:
    """Every holder of the plain GI-7.5 walk (no index, no census) answering."""
    return [
        h
        for h in board.holders(state, first)
        if h.seat in seats and window in (h.card.get(part) or ())
    ]


def test_the_census_skips_only_sides_that_cannot_answer(act_states: list[GIState]) -> None:
    # GI-7.5: with the census, every window lists the holders the plain walk finds.
    windows = _all_windows(act_states[0])
    answered = 0
    for state in act_states[::4]:
        for part, window in windows:
            for seats in ((0, 1), (0,), (1,)):
                got = board.holder_list(state, state.turn, part, window, seats)
                assert got == _walked(state, state.turn, part, window, seats)
                answered += bool(got)
    assert state.census is not None and answered > 100


def test_the_census_is_dropped_on_clone_and_load_and_rebuilt_equal(
    act_states: list[GIState],
) -> None:
    state = next(s for s in act_states if s.players[0].summons or s.players[1].summons)
    sides = board.census(state)
    assert state.census is sides
    copy = state.clone()
    loaded = RULES.from_json(RULES.to_json(state))
    assert copy.census is None and loaded.census is None
    assert "census" not in RULES.to_json(state)
    assert board.census(copy) == sides == board.census(loaded)
    assert all(e.card in sides[s][0] for s in (0, 1) for e in state.players[s].summons)


def test_creating_adds_to_the_census_and_removing_drops_it(act_states: list[GIState]) -> None:
    state = act_states[-1].clone()
    board.census(state)
    board.create(state, 1, "frozen_status", "status", state.players[1].active)  # GI-6.5
    assert state.census is not None and "frozen_status" in state.census[1][0]
    assert state.census == board.census(state.clone())
    frozen = next(e for e in state.players[1].characters[state.players[1].active].statuses
                  if e.card == "frozen_status")  # fmt: skip
    board.remove(state, frozen, "thawed")
    assert state.census is None
    assert board.census(state) == board.census(state.clone())
