"""The Hint: what the hard AI would play for a (human) seat, and why.

``hint(rules, state, seat, rng)`` searches from the seat's own view (the same
honest search as the AI seats) and returns the best move with its expected
result and the second-best move's, which ``Hint.sentence`` turns into one
translated sentence: "win chance about 64 %, the next best move 41 %".  The
table highlights ``Hint.action`` (the card and its target are in its args).
``to_json`` / ``from_json`` carry it across the AI worker's pipe.

**Why, in one sentence** (issue 39 item 6): ``reason`` reads the search's own
statistics — the move's value, the second-best's, the value of passing (ending the
turn, declining) — and a one-ply look on one dealt world (the position's
evaluation now and right after the move) and names what the move does, in every
game alike: it wins; it gains at once (a threat); it protects (passing would let
the opponent's reply cost about ``danger`` %); it sets up later turns (little
changes now but the search values it above the rest); waiting is best; a close
call; a lost cause that keeps the most chances; or, where the search's pass was
a near tie that the level plays through (``guards.idle_pass``), a move that uses
the turn or the offer instead of letting it go.  The sentence's params carry the
reason's translation key (``ai.hint.reason.<kind>``), which the table says after
the percentages.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.ai import levels
from game.ai.guards import idle_pass
from game.ai.mcts import SearchResult, one_ply
from game.ai.passive import pass_kinds
from game.core.contract import Action, Rules
from game.core.rng import Rng


@dataclass(frozen=True)
class Hint:
    action: Action
    value: float  # expected result of ``action`` for the seat, 0..1
    second: Action | None = None  # the next best move (None: a forced move)
    second_value: float | None = None
    reason: str | None = None  # ``REASONS``: what the move does (None: a forced move)
    reason_params: Mapping[str, Any] = field(default_factory=dict)

    def sentence(self) -> tuple[str, dict[str, Any]]:
        """(translation key, params) of the sentence: the percentages, and in the
        params ``reason``, the key of the one-sentence reason (its own params too)."""
        if self.second is None or self.second_value is None:
            return "ai.hint.only", {}
        best, other = round(100 * self.value), round(100 * self.second_value)
        params: dict[str, Any] = {"best": best, "second": other}
        if self.reason is not None:
            params.update(self.reason_params)
            params["reason"] = f"ai.hint.reason.{self.reason}"
        return "ai.hint.why", params

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "value": self.value,
            "second": None if self.second is None else self.second.to_json(),
            "second_value": self.second_value,
            "reason": self.reason,
            "reason_params": dict(self.reason_params),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Hint:
        second = data.get("second")
        return Hint(
            Action.from_json(data["action"]),
            float(data["value"]),
            None if second is None else Action.from_json(second),
            None if data.get("second_value") is None else float(data["second_value"]),
            None if data.get("reason") is None else str(data["reason"]),
            dict(data.get("reason_params") or {}),
        )


def hint(rules: Rules[Any], state: Any, seat: int, rng: Rng, iterations: int | None = None) -> Hint:
    """The hard level's choice for ``seat`` (its clock, or ``iterations`` fixed): the
    move its ``choose`` plays, so an idle pass on a near tie gives way to a move that
    does something (``guards.idle_pass``, reason ``use``) as it does for an AI seat."""
    bot = levels.make("hard", iterations)
    assert isinstance(bot, levels.SearchBot)
    result = bot.analyse(rules, state, seat, rng)
    if len(result.choices) < 2:
        return Hint(result.action, result.choices[0].value if result.choices else 0.5)
    played = idle_pass(rules, rules.view(state, seat), result)
    if played != result.action:
        best = next(c for c in result.choices if c.action == played)
        second = result.choices[0]  # the pass the search had put first
        return Hint(best.action, best.value, second.action, second.value, "use", {})
    best, second = result.choices[0], result.choices[1]
    kind, params = reason(rules, state, seat, result, rng.fork())
    return Hint(best.action, best.value, second.action, second.value, kind, params)


REASONS = ("win", "lost", "wait", "protect", "gain", "setup", "close", "use")
"""The kinds of reason, each ``ai.hint.reason.<kind>`` in assets/i18n/*/ai.json."""

WIN = 0.9
"""The search expects at least this: the move wins (or all but)."""

LOST = 0.1
"""The search expects at most this: a lost cause; the move keeps the most chances."""

GAIN = 0.02
"""The position's evaluation rises at least this much one ply after the move: it
gains at once (what it threatens is already on the board)."""

DANGER = 0.08
"""Passing is valued at least this much under the move by the search, while the
move gains little at once: the move protects against the opponent's reply."""

CLOSE = 0.02
"""The two best moves' values are nearer than this: a close call."""


def reason(
    rules: Rules[Any], state: Any, seat: int, result: SearchResult, rng: Rng
) -> tuple[str, dict[str, Any]]:
    """(kind, params) of the reason for the search's best move (``REASONS``),
    from its statistics and a one-ply look on one world dealt from the seat's view."""
    best, second = result.choices[0], result.choices[1]
    passes = pass_kinds(rules)
    if best.value >= WIN:
        return "win", {}
    if best.value <= LOST:
        return "lost", {}
    if best.action.kind in passes:
        return "wait", {}
    world = rules.determinize(rules.view(state, seat), seat, rng)
    now = rules.evaluate(world, seat)
    gain = one_ply(rules, world, [best.action], seat)[0] - now
    idle = next((c for c in result.choices if c.action.kind in passes and c.visits), None)
    if idle is not None and idle.value <= best.value - DANGER and gain < GAIN:
        return "protect", {"danger": round(100 * idle.value)}
    if gain >= GAIN:
        return "gain", {}
    if best.value - second.value < CLOSE:
        return "close", {}
    return "setup", {}
