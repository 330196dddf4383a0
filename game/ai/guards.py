"""Guards on the levels' choices (issue 39 items 1 and 2): play like a person.

* **No idle pass** (the search levels).  When the search's choice is to pass —
  end the turn having done nothing in it, or let a reaction or interrupt offer go
  — while another root move scores better one ply ahead (the root's prior) and the
  search found it about as good (its value within ``PASS_TOLERANCE`` of the
  pass's), the bot plays that move.  The search's values in Sử Hộ Vương are means
  of a few dozen noisy rollouts a move (moves differ by 0.01-0.05), so a pass that
  wins by less than the noise is a coin toss the player reads as the computer
  giving up its turn; the guard breaks that tie towards doing something.  A pass
  the search is sure of (clearly better) stands.
* **Close seconds** (the normal level, ``by_visits``).  Normal draws its move by the
  search's visits among its few most tried moves that the search valued within
  ``SearchConfig.sample_drop`` of the best, so it slips only where the search itself
  found the call close; ManaSurge, whose cards the search values further apart, lets
  it draw among every card tried often enough (docs/AI.md, "How normal differs from
  hard").
* **No absurd slip** (the easy level).  A move that loses at once (one ply ahead the
  game is over and the seat lost) or throws away most of the position
  (its evaluation ``ABSURD_DROP`` under the best move's) is never played while a
  move that does neither exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.mcts import SearchResult
from game.ai.passive import MARGIN, pass_kinds
from game.core.contract import Action, Rules
from game.core.rng import Rng

PASS_TOLERANCE = 0.03
"""How much lower (in the seat's expected result, 0..1) the search may value the
move that does something than the pass, and the bot still does it."""

ABSURD_DROP = 0.25
"""An easy slip never scores this much under the best move one ply ahead."""


def idle_pass(rules: Rules[Any], state: Any, result: SearchResult) -> Action:
    """The action to play instead of ``result.action`` (itself when the guard does
    not apply): at an ``act`` or ``respond`` decision, a pass gives way to the
    best-valued move that scores more than ``MARGIN`` above it one ply ahead and
    that the search values within ``PASS_TOLERANCE`` of it."""
    chosen = result.action
    passes = pass_kinds(rules)
    if chosen.kind not in passes:
        return chosen
    prompt = rules.prompt(state)  # what is asked is public: a view or a true state
    kind = prompt.kind if prompt is not None else ""
    if kind not in ("act", "respond"):
        return chosen
    by_action = {c.action: c for c in result.choices}
    mine = by_action.get(chosen)
    if mine is None:
        return chosen
    better = [
        c
        for c in result.choices
        if c.action.kind not in passes
        and c.visits > 0
        and c.prior > mine.prior + MARGIN
        and c.value >= mine.value - PASS_TOLERANCE
    ]
    if not better:
        return chosen
    return max(better, key=lambda c: (c.value, c.prior)).action


def by_visits(
    result: SearchResult, rng: Rng, share: float, most: int = 3, drop: float = 0.05
) -> Action:
    """A move drawn in proportion to its visits among the ``most`` most visited root
    choices that were visited at least ``share`` times as often as the top one and
    valued less than ``drop`` under it: the normal level's human slips, a close
    second now and then (``SearchConfig.sample``, ``sample_most``, ``sample_drop``).
    Never a move the search soon gave up on or found clearly worse (in Sử Hộ Vương
    an exposed teammate left uncovered is about 0.1 lower), and never one of many
    in a wide, flat choice such as a Thất Thánh Triệu Hồi hand."""
    ranked = [c for c in result.choices if c.visits > 0]  # most visited first (SearchResult)
    if len(ranked) < 2:
        return result.action
    top = ranked[0]
    kept = [
        c for c in ranked[:most] if c.visits >= share * top.visits and c.value > top.value - drop
    ]
    pick = rng.below(sum(c.visits for c in kept))
    for c in kept:
        pick -= c.visits
        if pick < 0:
            return c.action
    return result.action  # not reached: the draw falls within the total


def sane(
    rules: Rules[Any], world: Any, actions: Sequence[Action], seat: int
) -> tuple[list[Action], list[float]]:
    """The actions that are not absurd for ``seat`` on ``world`` (all of them if
    every one is) and the one-ply evaluation of each of those."""
    scores: list[float] = []
    lost: list[bool] = []
    for action in actions:
        after = rules.clone(world)
        rules.apply_quiet(after, action)
        result = rules.outcome(after)
        lost.append(result is not None and result.value(seat) <= 0.0 and not result.draw)
        scores.append(rules.evaluate(after, seat))
    top = max((s for s, gone in zip(scores, lost, strict=True) if not gone), default=None)
    if top is None:
        return list(actions), scores
    keep = [
        i for i, (s, gone) in enumerate(zip(scores, lost, strict=True))
        if not gone and s >= top - ABSURD_DROP
    ]  # fmt: skip
    return [actions[i] for i in keep], [scores[i] for i in keep]
