"""The Sử Hộ Vương table (issue 7 item 4) and its PvE table (issue 8 item 5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.table.shv.pve import ShvPveTable
from scenes.table.shv.table import ShvTable

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import App


def shv_table(app: App, match: Match) -> ShvTable:
    """The table of ``match`` (``registry.TABLES``): PvP, or PvE for ``mode: "pve"``."""
    cls = ShvPveTable if match.config.get("mode") == "pve" else ShvTable
    return cls(app, match)


__all__ = ["ShvPveTable", "ShvTable", "shv_table"]
