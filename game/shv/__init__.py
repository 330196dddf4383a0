"""Sử Hộ Vương (rules.md 2A): the PvP rules core.

``RULES`` is the game's :class:`~game.core.contract.Rules` (``game.shv.rules``);
state: ``game.shv.state``; effect engine: ``game.shv.core``; setup, turns and
actions: ``game.shv.flow``; options: ``game.shv.options``; scenarios:
``game.shv.scenario``.
"""

from __future__ import annotations

from game.shv.rules import GAME_ID, ShvRules

RULES = ShvRules()

__all__ = ["GAME_ID", "RULES", "ShvRules"]
