"""Baseline bots that play any game through the rules contract.

Bots decide from the seat's *view*, never the true state: the greedy bot deals
the hidden cards at random (``determinize``) before it looks ahead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.core.contract import Action, Rules
from game.core.rng import Rng


class Bot(Protocol):
    name: str

    def choose(self, rules: Rules[Any], state: Any, seat: int, rng: Rng) -> Action: ...


class RandomBot:
    """Uniformly random legal action."""

    name = "random"

    def choose(self, rules: Rules[Any], state: Any, seat: int, rng: Rng) -> Action:
        return rng.choice(rules.legal_actions(state))


class GreedyBot:
    """One-ply look-ahead on a determinized view, scored by ``rules.evaluate``."""

    name = "greedy"

    def choose(self, rules: Rules[Any], state: Any, seat: int, rng: Rng) -> Action:
        actions = rules.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        guess = rules.determinize(rules.view(state, seat), seat, rng)
        best: list[Action] = []
        best_score = float("-inf")
        for action in actions:
            after = rules.clone(guess)
            rules.apply(after, action, check=False)
            score = rules.evaluate(after, seat)
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif abs(score - best_score) <= 1e-9:
                best.append(action)
        return rng.choice(best)


def _level(name: str) -> Callable[[], Bot]:
    """A seat's AI level (``game.ai.levels``): easy, normal, hard."""

    def build() -> Bot:
        from game.ai import levels  # the search imports this module's neighbours

        return levels.make(name)

    return build


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "easy": _level("easy"),
    "normal": _level("normal"),
    "hard": _level("hard"),
}


def thinking_seconds(name: str) -> float:
    """About how long bot ``name`` thinks per decision (0: at once); the table's
    thinking indicator fills its bar over this time."""
    from game.ai import levels

    level = levels.LEVELS.get(name)
    return level.seconds if level is not None else 0.0


def known(name: str) -> bool:
    """A bot name, or a search level pinned to N iterations (``hard@300``)."""
    base, at, count = name.partition("@")
    if not at:
        return name in BOTS
    from game.ai import levels

    return base in levels.LEVELS and count.isdigit() and int(count) >= 1


def make(name: str) -> Bot:
    """The bot ``name`` (``hard@300``: the level, 300 iterations a decision, no
    clock: the same seed plays the same game on any machine)."""
    if "@" in name and known(name):
        from game.ai import levels

        return levels.parse(name)
    if name not in BOTS:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(BOTS)}, or LEVEL@N")
    return BOTS[name]()
