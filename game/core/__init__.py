"""The rules contract, the match object, the seeded RNG; the bots live in ``game.ai``."""

from game.core.contract import (
    HIDDEN,
    Action,
    Choice,
    Event,
    GameInfo,
    IllegalAction,
    Mode,
    Option,
    Outcome,
    Prompt,
    Rules,
)
from game.core.rng import Rng

__all__ = [
    "HIDDEN",
    "Action",
    "Choice",
    "Event",
    "GameInfo",
    "IllegalAction",
    "Mode",
    "Option",
    "Outcome",
    "Prompt",
    "Rng",
    "Rules",
]
