"""Tiny Duel, the hidden worked-example game (see :mod:`game.toy.rules`)."""

from game.toy.rules import GAME_ID, RULES, ToyRules, rank
from game.toy.state import SCHEMA, ToyState

__all__ = ["GAME_ID", "RULES", "SCHEMA", "ToyRules", "ToyState", "rank"]
