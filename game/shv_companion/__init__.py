"""Sử Hộ Vương Companion mode (Chế độ đồng hành): the villain side for physical cards."""

from game.shv_companion.rules import GAME_ID, RULES, CompanionRules
from game.shv_companion.state import CompanionState

__all__ = ["GAME_ID", "RULES", "CompanionRules", "CompanionState"]
