"""Bot decisions as a pure function of JSON, for an AI worker process.

The table sends what a seat may know (``rules.to_json(rules.view(state, seat))``)
and gets back an action's JSON.  Nothing but JSON crosses the process boundary,
so the worker never sees the true state (no peeking at hidden cards or the RNG)
and the same call works in a thread, a process or a future network seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import game
from game.core import bots
from game.core.rng import Rng


def choose(
    game_id: str, view: Mapping[str, Any], seat: int, bot: str, rng_state: int
) -> dict[str, Any]:
    """The action (as JSON) that bot ``bot`` picks for ``seat`` in ``view``."""
    rules = game.get(game_id)
    state = rules.from_json(view)
    action = bots.make(bot).choose(rules, state, seat, Rng(rng_state))
    return action.to_json()


def warm_up(game_id: str) -> bool:
    """Import a game's rules in the worker ahead of its first decision."""
    game.get(game_id)
    return True
