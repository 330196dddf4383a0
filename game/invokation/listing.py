"""The card list of ``python -m game cards --game invokation``: the generic listing
over the enriched content (card-level template parameters filled in)."""

from __future__ import annotations

from typing import Any

from game.core import content
from game.invokation.catalog import GAME_ID, enrich


def card_list() -> list[dict[str, Any]]:
    rows = content.listing(enrich(content.raw(GAME_ID)))
    for row in rows:
        row["stats"].pop("static", None)
    return rows
