"""The search AI (issue 10): honest, deterministic, deeper than one ply,
widening where a game lists many moves, playing for its side."""

from __future__ import annotations

from typing import Any

import pytest

import game
from game.ai import LEVELS, Search, SearchConfig, SearchResult, bots, levels
from game.core.rng import Rng
from tests.ai.nim import RULES as NIM

FIXED = SearchConfig(iterations=60, seconds=None)


def _advance(rules: Any, state: Any, steps: int, seed: int) -> Any:
    """Play ``steps`` greedy moves so the position is a real mid-game one."""
    rng = Rng(seed)
    greedy = bots.make("greedy")
    for _ in range(steps):
        seat = rules.to_move(state)
        if seat is None:
            break
        rules.apply(state, greedy.choose(rules, state, seat, rng), check=False)
    return state


def _search(rules: Any, state: Any, seat: int, seed: int = 3) -> SearchResult:
    return Search(rules, FIXED, Rng(seed)).run(state, seat)


def _stats(result: SearchResult) -> list[tuple[Any, int, float]]:
    return [(c.action, c.visits, round(c.value, 9)) for c in result.choices]


def _shv_midgame() -> tuple[Any, Any, int]:
    rules = game.get("shv")
    state = rules.setup(rules.info.default_config("pvp", 2), 11)
    state = _advance(rules, state, 12, 5)
    while len(rules.legal_actions(state)) < 2:
        state = _advance(rules, state, 1, 6)
    seat = rules.to_move(state)
    assert seat is not None
    return rules, state, seat


def test_choice_ignores_the_opponents_hidden_cards() -> None:
    """Swapping the opponent's hand with its deck and reordering that deck (all
    hidden from the seat, ARCHITECTURE 2.7) changes the true state but not the
    view, so the search sees identical inputs and chooses identically."""
    rules, state, seat = _shv_midgame()
    other = rules.clone(state)
    foe = other.players[1 - seat]
    assert foe.hand and len(foe.deck) >= len(foe.hand)
    k = len(foe.hand)
    foe.hand, foe.deck = list(foe.deck[:k]), list(reversed(foe.hand + foe.deck[k:]))
    assert rules.to_json(other) != rules.to_json(state)  # the worlds really differ
    assert rules.to_json(rules.view(other, seat)) == rules.to_json(rules.view(state, seat))
    first, second = _search(rules, state, seat), _search(rules, other, seat)
    assert first.action == second.action
    assert _stats(first) == _stats(second)


def test_manasurge_choice_ignores_hidden_hands_and_draw_order() -> None:
    rules = game.get("manasurge")
    state = _advance(rules, rules.setup(rules.info.default_config(None, 2), 4), 3, 2)
    while len(rules.legal_actions(state)) < 2:
        state = _advance(rules, state, 1, 9)
    seat = rules.to_move(state)
    other = rules.clone(state)
    foe = 1 - seat
    pool = other.hands[foe] + other.draw
    pool.reverse()
    other.hands[foe], other.draw = pool[: len(other.hands[foe])], pool[len(other.hands[foe]) :]
    assert rules.to_json(other) != rules.to_json(state)
    assert rules.to_json(rules.view(other, seat)) == rules.to_json(rules.view(state, seat))
    assert _stats(_search(rules, state, seat)) == _stats(_search(rules, other, seat))


def test_fixed_iterations_are_deterministic_for_a_seed() -> None:
    rules, state, seat = _shv_midgame()
    first = _search(rules, state, seat, seed=8)
    again = _search(rules, state, seat, seed=8)
    assert first.iterations == again.iterations == FIXED.iterations
    assert _stats(first) == _stats(again)
    assert sum(c.visits for c in first.choices) == FIXED.iterations


def test_search_looks_deeper_than_one_ply() -> None:
    """Nim, 5 stones, take 1-3, the last stone wins: only taking 1 wins, which
    the one-ply greedy bot cannot tell (every move evaluates 0.5)."""
    state = NIM.setup({"stones": 5}, 1)
    config = SearchConfig(iterations=300, seconds=None, rollout_depth=0)
    result = Search(NIM, config, Rng(2)).run(state, 0)
    assert result.action["n"] == 1
    assert result.choices[0].value > 0.9  # it knows the move wins
    # 4 stones is lost whatever seat 0 takes: the search says so.
    lost = Search(NIM, config, Rng(2)).run(NIM.setup({"stones": 4}, 1), 0)
    assert max(c.value for c in lost.choices) < 0.2


def test_progressive_widening_opens_many_moves_gradually() -> None:
    """GI-2 mulligan: 2^5 = 32 subsets.  After 20 iterations the root has at most
    widen_k * sqrt(21) children, opened best prior first."""
    rules = game.get("invokation")
    state = rules.setup(rules.info.default_config(None, 2), 1)
    seat = rules.to_move(state)
    assert len(rules.legal_actions(state)) == 32
    config = SearchConfig(iterations=20, seconds=None)
    result = Search(rules, config, Rng(1)).run(state, seat)
    assert 2 <= len(result.choices) <= int(config.widen_k * 21**0.5) + 1
    best_prior = max(c.prior for c in result.choices)
    opened_first = max(result.choices, key=lambda c: c.visits)
    assert best_prior >= opened_first.prior - 1e-9


def test_a_side_scores_as_one() -> None:
    """Teammates (SHV 2v2, SHV-2.3) and co-op players against a boss back up the
    same value, so each plays for the side (the boss is no seat)."""
    rules = game.get("shv")
    duo = _advance(rules, rules.setup(rules.info.default_config("pvp", 4), 2), 20, 1)
    values = Search(rules, FIXED, Rng(0))._leaf(duo)
    teams = [p.team for p in duo.players]
    for a in range(4):
        for b in range(4):
            if teams[a] == teams[b]:
                assert values[a] == pytest.approx(values[b])
            else:
                assert values[a] == pytest.approx(1 - values[b], abs=1e-9)
    coop = _advance(rules, rules.setup(rules.info.default_config("pve", 2), 2), 20, 1)
    assert rules.num_seats(coop) == 2
    leaf = Search(rules, FIXED, Rng(0))._leaf(coop)
    assert leaf[0] == pytest.approx(leaf[1])


def test_levels_are_bots_and_pin_to_iterations() -> None:
    assert {"easy", "normal", "hard"} <= set(bots.BOTS)
    assert set(LEVELS) == {"easy", "normal", "hard"}
    hard = levels.make("hard", iterations=7)
    assert isinstance(hard, levels.SearchBot)
    assert hard.config.iterations == 7 and hard.config.seconds is None
    assert levels.LEVELS["normal"].seconds < levels.LEVELS["hard"].seconds
    assert isinstance(levels.parse("normal@5"), levels.SearchBot)
    for bad in ("hard@0", "hard@x", "nobody"):
        with pytest.raises(KeyError):
            levels.parse(bad)


def test_search_bot_plays_a_whole_game_legally() -> None:
    """Tiny Duel, search (fixed iterations) against easy: every move legal."""
    rules = game.get("toy")
    state = rules.setup(rules.info.default_config(None, 2), 5)
    players = [levels.make("hard", iterations=12), bots.make("easy")]
    rng = Rng(4)
    moves = 0
    while (seat := rules.to_move(state)) is not None:
        action = players[seat].choose(rules, state, seat, rng)
        rules.apply(state, action)  # checked: an illegal choice raises
        moves += 1
    assert rules.outcome(state) is not None and moves > 3


def test_hint_names_the_best_move_and_why() -> None:
    """Nim, 5 stones: the hint is take 1, with the win chances of the best and
    the second-best move in one translated sentence."""
    from game.ai.hint import Hint, hint
    from game.i18n import LANGS, Translator

    got = hint(NIM, NIM.setup({"stones": 5}, 1), 0, Rng(2), iterations=300)
    assert got.action["n"] == 1 and got.second is not None
    assert got.second_value is not None and got.value > 0.8 > 0.5 > got.second_value
    key, params = got.sentence()
    assert key == "ai.hint.why" and params["best"] > 80 and params["second"] < 50
    for lang in LANGS:
        said = Translator(lang)(key, **params)
        assert f"{params['best']}%" in said and f"{params['second']}%" in said
    assert Hint.from_json(got.to_json()) == got
    forced = hint(NIM, NIM.setup({"stones": 1}, 1), 0, Rng(2), iterations=10)
    assert forced.second is None and forced.sentence() == ("ai.hint.only", {})


def test_invokation_choice_ignores_the_opponents_hand_and_deck() -> None:
    """GI: the opponent's hand and deck are hidden (ARCHITECTURE 7.6); trading
    cards between them changes the world, not the view, nor the choice."""
    rules = game.get("invokation")
    state = _advance(rules, rules.setup(rules.info.default_config(None, 2), 6), 12, 3)
    while len(rules.legal_actions(state)) < 2:
        state = _advance(rules, state, 1, 4)
    seat = rules.to_move(state)
    other = rules.clone(state)
    foe = other.players[1 - seat]
    assert foe.hand and foe.deck and foe.hand[0] not in foe.deck
    foe.hand[0], foe.deck[0] = foe.deck[0], foe.hand[0]
    foe.deck.sort()
    assert rules.to_json(other) != rules.to_json(state)
    assert rules.to_json(rules.view(other, seat)) == rules.to_json(rules.view(state, seat))
    config = SearchConfig(iterations=30, seconds=None)
    first = Search(rules, config, Rng(5)).run(state, seat)
    second = Search(rules, config, Rng(5)).run(other, seat)
    assert _stats(first) == _stats(second)
