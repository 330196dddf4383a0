"""Tiny Duel now lives in the product as the hidden game ``game.toy``; this
module re-exports it for the contract tests that import it from here."""

from game.toy.rules import GAME_ID, RULES, ToyRules, rank
from game.toy.state import ToyState

__all__ = ["GAME_ID", "RULES", "ToyRules", "ToyState", "rank"]
