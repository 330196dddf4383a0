"""The Hint: what the hard AI would play for a (human) seat, and why.

``hint(rules, state, seat, rng)`` searches from the seat's own view (the same
honest search as the AI seats) and returns the best move with its expected
result and the second-best move's, which ``Hint.sentence`` turns into one
translated sentence: "win chance about 64 %, the next best move 41 %".  The
table highlights ``Hint.action`` (the card and its target are in its args).
``to_json`` / ``from_json`` carry it across the AI worker's pipe.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.ai import levels
from game.core.contract import Action, Rules
from game.core.rng import Rng


@dataclass(frozen=True)
class Hint:
    action: Action
    value: float  # expected result of ``action`` for the seat, 0..1
    second: Action | None = None  # the next best move (None: a forced move)
    second_value: float | None = None

    def sentence(self) -> tuple[str, dict[str, Any]]:
        """(translation key, params) of the one-sentence reason."""
        if self.second is None or self.second_value is None:
            return "ai.hint.only", {}
        best, other = round(100 * self.value), round(100 * self.second_value)
        return "ai.hint.why", {"best": best, "second": other}

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "value": self.value,
            "second": None if self.second is None else self.second.to_json(),
            "second_value": self.second_value,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Hint:
        second = data.get("second")
        return Hint(
            Action.from_json(data["action"]),
            float(data["value"]),
            None if second is None else Action.from_json(second),
            None if data.get("second_value") is None else float(data["second_value"]),
        )


def hint(rules: Rules[Any], state: Any, seat: int, rng: Rng, iterations: int | None = None) -> Hint:
    """The hard level's choice for ``seat`` (its clock, or ``iterations`` fixed)."""
    bot = levels.make("hard", iterations)
    assert isinstance(bot, levels.SearchBot)
    result = bot.analyse(rules, state, seat, rng)
    if len(result.choices) < 2:
        return Hint(result.action, result.choices[0].value if result.choices else 0.5)
    best, second = result.choices[0], result.choices[1]
    return Hint(best.action, best.value, second.action, second.value)
