"""Tree reuse between a bot's decisions (game.ai.reuse, issue 10 item 1)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import game
from game.ai import levels
from game.ai.mcts import Node, Search, SearchConfig
from game.ai.reuse import Memory
from game.core.rng import Rng
from tests.shv.shv_helpers import pos

DECK = ["kim_co_ban"] * 4


def _turn() -> Any:
    """Seat 0 to act with a summon, a tactic and an attack to choose among."""
    return pos(
        players=[
            {
                "team": 0,
                "mp": 12,
                "deck": DECK,
                "hand": ["cao_lo", "hoa_co_ban", "moc_co_ban"],
                "field": [{"card": "ma_troi"}],
            },
            {"team": 1, "mp": 12, "deck": DECK, "field": [{"card": "au_co"}]},
        ]
    )


def test_the_next_decision_of_a_turn_continues_from_the_kept_subtree() -> None:
    rules = game.get("shv")
    state = _turn()
    bot = levels.make("hard", iterations=40)
    assert isinstance(bot, levels.SearchBot)
    first = bot.choose(rules, state, 0, Rng(1))
    kept = bot.memory.node
    assert kept is not None and first in kept.children
    subtree = kept.children[first]
    before = subtree.visits
    assert before > 0
    rules.apply(state, first)
    assert rules.to_move(state) == 0  # still seat 0's turn
    bot.analyse(rules, state, 0, Rng(2))
    assert bot.reused == 1
    # the same node, now grown by this decision's 40 iterations
    assert subtree.visits == before + 40


def test_a_position_the_tree_never_reached_starts_afresh() -> None:
    rules = game.get("shv")
    state = _turn()
    view = rules.view(state, 0)
    search = Search(rules, SearchConfig(iterations=30, seconds=None), Rng(3))
    result = search.run(state, 0)
    memory = Memory()
    memory.keep(view, 0, search.root, result.action)
    other = _turn()
    other.players[1].mp = 11  # not what seat 0's move leads to
    assert memory.recall(rules, rules.view(other, 0), 0, Rng(4)) is None
    assert memory.node is None  # forgotten either way
    memory.keep(view, 0, Node(0), result.action)  # a tree without that move
    after = rules.clone(state)
    rules.apply(after, result.action)
    assert memory.recall(rules, rules.view(after, 0), 0, Rng(5)) is None
    memory.keep(view, 0, search.root, result.action)
    assert memory.recall(rules, rules.view(after, 1), 1, Rng(5)) is None  # another seat


def test_progressive_bias_sends_the_first_visits_to_the_best_one_ply_move() -> None:
    """``SearchConfig.bias``: the root's one-ply prior, scaled to 0..1, is added to
    UCB as ``bias * prior / (visits + 1)``; without it the visits spread evenly."""
    rules = game.get("shv")
    state = _turn()

    def visits(bias: float) -> tuple[Any, dict[Any, int]]:
        search = Search(rules, SearchConfig(iterations=60, seconds=None, bias=bias), Rng(7))
        result = search.run(state, 0)
        best = max(search.priors, key=lambda a: search.priors[a])
        return best, {c.action: c.visits for c in result.choices}

    best, plain = visits(0.0)
    _, biased = visits(50.0)
    assert biased[best] > plain[best]
    assert biased[best] == max(biased.values())


def test_the_worker_keeps_a_seats_bot_so_its_next_decision_reuses_the_tree() -> None:
    """The table's AI worker (``game.ai.worker.choose``) gets only JSON views; it
    keeps one bot per (game, seat, level), so the second decision of a turn
    continues from the first one's tree, and plays what a bot kept in hand plays."""
    from game.ai import worker

    rules = game.get("shv")
    worker._kept.clear()
    state = _turn()
    held = levels.make("hard", iterations=40)
    for rng_state in (11, 12):
        view = rules.to_json(rules.view(state, 0))
        chosen = worker.choose("shv", view, 0, "hard@40", rng_state)
        expected = held.choose(rules, rules.from_json(view), 0, Rng(rng_state))
        assert chosen == expected.to_json()
        rules.apply(state, expected)
        assert rules.to_move(state) == 0
    kept = worker._kept[("shv", 0, "hard@40")]
    assert isinstance(kept, levels.SearchBot)
    assert kept.reused == 1 == held.reused
    worker._kept.clear()


def test_normalised_ucb_sends_more_visits_to_the_better_moves() -> None:
    """``SearchConfig.normalize`` (the levels' setting): SHV's moves differ by a few
    hundredths in value (SHV-3.2a: MP is life and currency, so a summon or a tactic
    changes the evaluation little), which raw UCB cannot tell from noise; rescaled to
    the observed range, the two weak moves get fewer visits than without it."""
    rules = game.get("shv")
    config = SearchConfig(iterations=200, seconds=None)
    assert levels.LEVELS["hard"].search is not None and levels.LEVELS["hard"].search.normalize

    def weak_visits(normalize: bool) -> int:
        search = Search(rules, replace(config, normalize=normalize), Rng(1))
        choices = search.run(_turn(), 0).choices
        assert len(choices) == 4
        by_value = sorted(choices, key=lambda c: c.value)
        assert by_value[1].value + 0.03 < by_value[2].value  # two weak, two strong moves
        return by_value[0].visits + by_value[1].visits

    assert weak_visits(True) < weak_visits(False) - 15
