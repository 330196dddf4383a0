"""Tiny Duel's table (the hidden toy game), built only from kit parts."""

from scenes.table.toy.table import ToyTable

__all__ = ["ToyTable"]
