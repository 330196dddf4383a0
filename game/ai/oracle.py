"""A measuring instrument, never a seat: ``oracle@N`` is the hard search dealt the
true state (every hand, face-down pile and the draw pile's order) instead of the
seat's view.  Only ``python -m game match`` knows it (``bots.known`` does not, so
no table, save or seat setup can ask for it).

It answers one question: how much of a level's gap to a target is hidden
information rather than search?  An honest level that already plays close to the
oracle at the same budget cannot gain much more from search or evaluation
(docs/AI.md, "What seeing every card is worth")."""

from __future__ import annotations

from typing import Any

from game.ai.levels import SearchBot, make
from game.ai.mcts import Search, SearchResult
from game.core.contract import Rules
from game.core.rng import Rng

PREFIX = "oracle@"


class OracleBot(SearchBot):
    """The hard level at a pinned budget, searching the true state."""

    def analyse(self, rules: Rules[Any], state: Any, seat: int, rng: Rng) -> SearchResult:
        truth = rules.clone(state)
        search = Search(rules, self.config_for(rules), rng.fork())
        self.last = search.run(truth, seat, self.progress, view=truth)
        return self.last


def known(name: str) -> bool:
    """``oracle@N`` with N ≥ 1."""
    count = name[len(PREFIX) :] if name.startswith(PREFIX) else ""
    return count.isdigit() and int(count) >= 1


def parse(name: str) -> OracleBot:
    """The oracle of ``oracle@N`` (KeyError for anything else)."""
    if not known(name):
        raise KeyError(f"not an oracle: {name!r} (oracle@N)")
    hard = make("hard", int(name[len(PREFIX) :]))
    assert isinstance(hard, SearchBot)
    return OracleBot(name, hard.config)
