"""The search AI for every game (issue 10): ISMCTS over determinized views.

``mcts.Search`` is the search; ``levels`` the seat levels (easy, normal, hard)
that ``bots.BOTS`` registers beside the baselines; ``worker`` the jobs the table's
AI process runs (issue 38 moved both here from ``game.core``: the core knows no AI).
"""

from __future__ import annotations

from game.ai.levels import LEVELS, EasyBot, Level, SearchBot, make, parse
from game.ai.mcts import Choice, Search, SearchConfig, SearchResult

__all__ = [
    "LEVELS",
    "Choice",
    "EasyBot",
    "Level",
    "Search",
    "SearchBot",
    "SearchConfig",
    "SearchResult",
    "make",
    "parse",
]
