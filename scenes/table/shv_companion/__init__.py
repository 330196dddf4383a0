"""Sử Hộ Vương Companion mode's table (the villain side for physical cards)."""

from scenes.table.shv_companion.table import CompanionTable

__all__ = ["CompanionTable"]
