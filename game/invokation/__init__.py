"""Thất Thánh Triệu Hồi (Genius Invokation TCG rules, original roster): ``RULES``."""

from game.invokation.rules import RULES, InvokationRules

__all__ = ["RULES", "InvokationRules"]
