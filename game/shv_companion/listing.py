"""``python -m game cards --game shv_companion``: every boss and villain card."""

from __future__ import annotations

import json
from typing import Any

import assets
from game.core import content


def card_list() -> list[dict[str, Any]]:
    with assets.path("games", "shv", "bosses.json").open(encoding="utf-8") as fh:
        return content.listing(json.load(fh))
