"""What the balance lab knows about a game: its :class:`LabGame`, named by the game's
``GameInfo.balance`` (``"game.balance.shv:LAB"``).  A game without one has no studies.

The lab plays games through the rules contract; what it reads beyond it (which events
draw and play a card, where a state keeps its card ids, opening hands, seat
characters, variant card files) is the game's adapter: :mod:`game.balance.shv`,
:mod:`game.balance.invokation`, :mod:`game.balance.manasurge`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import game
from game.core.contract import Rules


@dataclass(frozen=True)
class LabGame:
    #: the studies it has (``decks``, ``cards``, ``bosses``, ``characters``)
    studies: tuple[str, ...]
    #: event kinds whose ``cards`` list went into a hand
    drawn: tuple[str, ...] = ()
    #: event kinds whose ``card`` was played from a hand
    played: tuple[str, ...] = ()
    #: played kinds whose card also counts as drawn (placed from the deck)
    placed: tuple[str, ...] = ()
    #: the state's attribute mapping a card instance to its card id
    names: str = "cards"
    #: hands dealt by ``setup`` without an event (read from ``state.players[s].hand``)
    opening_hands: bool = False
    #: the per-seat characters of the state (``state.chars``), recorded with each game
    seat_characters: bool = False
    #: the characters' names, for the characters study
    character_names: Callable[[], list[str]] | None = None
    #: the player counts of its bosses or characters study
    players: tuple[int, ...] = ()
    #: its rules on variant data files (``cards`` / ``bosses``, the JSON texts), if any
    variant: Callable[[Mapping[str, str]], Rules[Any]] | None = None
    #: how a finished game ended, finer than the outcome's reason, read from the last
    #: state and the winners (None: the outcome's reason)
    ending: Callable[[Any, list[int]], str | None] | None = None

    def kind(self, study: str) -> str:
        """What ``study`` plays: a game with one study plays it whatever it is asked."""
        return self.studies[0] if len(self.studies) == 1 else study


def games() -> list[str]:
    """The registered games with balance studies, in registry order."""
    return [g for g in game.ids(include_hidden=True) if game.info(g).balance is not None]


def lab_of(game_id: str) -> LabGame:
    """The game's :class:`LabGame`; KeyError for a game without studies."""
    target = game.info(game_id).balance
    if target is None:
        raise KeyError(f"{game_id} has no balance studies; known: {', '.join(games())}")
    return _load(target)


@cache
def _load(target: str) -> LabGame:
    module, _, name = target.partition(":")
    lab: LabGame = getattr(importlib.import_module(module), name)
    return lab
