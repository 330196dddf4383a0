"""Passive turns and unanswered offers (issue 39 item 2), counted during a match.

A **turn** of a seat starts at its first ``act`` decision after another seat's
(``rules.prompt(state).kind == "act"``).  A turn is **passive** when the seat ends it
with a pass-the-turn action (``GameInfo.pass_turn``: Sử Hộ Vương's ``end_turn``, Thất Thánh
Triệu Hồi's ``end_round``, ManaSurge's ``take_hit``) having done nothing else in
it, while some other legal action would have raised its own evaluation: one ply
ahead on the true position, the best other action scores more than ``MARGIN`` above
the pass (what the greedy bot would have played instead).  A game with no
pass-the-turn action (Tiny Duel: every turn plays or draws) has no passive turns.

An **offer** is a ``respond`` decision (a reaction or interrupt window: Sử Hộ
Vương's ``react`` / ``interrupt``, ManaSurge's ``decline`` choices, Tiny Duel's block
or ``take``) with something other than a pass (``pass_kinds``) on the list.  It
is **used** when the seat answers with an action, and **passed with a use** when
it passes while an answer scores more than ``MARGIN`` above the pass one ply ahead.

The measurement reads the true state (it judges the bot, it does not play), so it
must never be used to choose a move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.contract import Action, GameInfo, Rules


def pass_turn(rules: Rules[Any]) -> frozenset[str]:
    """The action kinds that end a seat's turn doing nothing (``GameInfo.pass_turn``)."""
    info = getattr(rules, "info", None)
    return info.pass_turn if isinstance(info, GameInfo) else frozenset()


def pass_kinds(rules: Rules[Any]) -> frozenset[str]:
    """Every kind that passes in ``rules``' game: ``rules.pass_kinds``, and its
    ``GameInfo.declines`` (Tiny Duel's ``take``) and ``GameInfo.pass_turn``."""
    info = getattr(rules, "info", None)
    declines = info.declines if isinstance(info, GameInfo) else frozenset()
    return rules.pass_kinds | declines | pass_turn(rules)


MARGIN = 0.002
"""How much better (one ply, in the evaluation's 0..1) an action must score than the
pass for a pass to count as passive: below it the two are a tie of the evaluation."""


@dataclass
class SeatCount:
    """One seat's counts in one game."""

    turns: int = 0
    passive: int = 0
    offers: int = 0
    used: int = 0
    passed_useful: int = 0

    def add(self, other: SeatCount) -> None:
        self.turns += other.turns
        self.passive += other.passive
        self.offers += other.offers
        self.used += other.used
        self.passed_useful += other.passed_useful

    def to_json(self) -> dict[str, int]:
        return {
            "turns": self.turns,
            "passive": self.passive,
            "offers": self.offers,
            "used": self.used,
            "passed_useful": self.passed_useful,
        }


def best_gain(
    rules: Rules[Any], state: Any, chosen: Action, others: Sequence[Action], seat: int
) -> float:
    """How much more the best of ``others`` scores for ``seat`` than ``chosen``, one
    ply ahead on ``state`` (``-inf`` without others)."""
    if not others:
        return float("-inf")
    after = rules.clone(state)
    rules.apply_quiet(after, chosen)
    base = rules.evaluate(after, seat)
    best = float("-inf")
    for action in others:
        world = rules.clone(state)
        rules.apply_quiet(world, action)
        best = max(best, rules.evaluate(world, seat))
    return best - base


@dataclass
class Tracker:
    """Counts of every seat over one game: call ``before(state, action)`` with each
    action about to be applied."""

    rules: Rules[Any]
    seats: int
    counts: list[SeatCount] = field(default_factory=list)
    _turn_of: int | None = None  # the seat whose turn is running
    _acted: bool = False  # it did something other than pass in this turn

    def __post_init__(self) -> None:
        self.counts = [SeatCount() for _ in range(self.seats)]
        self.pass_turn = pass_turn(self.rules)
        self.pass_kinds = pass_kinds(self.rules)

    def before(self, state: Any, action: Action) -> None:
        prompt = self.rules.prompt(state)
        if prompt is None:
            return
        seat = action.seat
        if prompt.kind == "act":
            self._act(state, action, seat)
        elif prompt.kind == "respond":
            self._respond(state, action, seat)

    def _act(self, state: Any, action: Action, seat: int) -> None:
        if self._turn_of != seat:
            self._turn_of, self._acted = seat, False
            self.counts[seat].turns += 1
        if action.kind not in self.pass_turn:
            self._acted = True
            return
        if self._acted:
            return
        others = [a for a in self.rules.legal_actions(state) if a.kind not in self.pass_kinds]
        if best_gain(self.rules, state, action, others, seat) > MARGIN:
            self.counts[seat].passive += 1

    def _respond(self, state: Any, action: Action, seat: int) -> None:
        others = [a for a in self.rules.legal_actions(state) if a.kind not in self.pass_kinds]
        if not others:
            return
        count = self.counts[seat]
        count.offers += 1
        if action.kind not in self.pass_kinds:
            count.used += 1
        elif best_gain(self.rules, state, action, others, seat) > MARGIN:
            count.passed_useful += 1
