"""``python -m game cards --game shv_companion``: every boss and villain card."""

from __future__ import annotations

from typing import Any

import assets
from game.core import content, files


def card_list() -> list[dict[str, Any]]:
    return content.listing(files.read_asset(assets.path("games", "shv", "bosses.json")))
