"""ManaSurge's card list for ``python -m game cards --game manasurge`` (game.cli).

The rows follow :func:`game.core.content.listing`: ``id``, ``kind``, ``cost``,
``stats``, and ``name``/``keywords``/``text`` per language.  ManaSurge cards
cost nothing to play, so ``cost`` is None; a spell's keyword is its suit and its
text the suit's round rule (MS-1, MS-C1..C3).
"""

from __future__ import annotations

from typing import Any

from game.core.content import LANGS
from game.manasurge import cards


def card_list() -> list[dict[str, Any]]:
    data = cards.content()
    suits = {s["id"]: s for s in data["suits"]}
    rows: list[dict[str, Any]] = []
    for spell in data["spells"]:
        suit = suits[spell["suit"]]
        rows.append(
            _row(
                spell["code"],
                "spell",
                spell["name"],
                suit["text"],
                {"suit": spell["suit"], "rank": spell["rank"]},
                [suit["name"]],
            )
        )
    for magic in data["magic"]:
        rows.append(
            _row(
                magic["code"],
                "magic",
                magic["name"],
                magic["text"],
                {"effect": magic["effect"]},
                [],
            )
        )
    for char in data["characters"]:
        rows.append(_row(char["id"], "character", char["name"], char["text"], {}, []))
    return rows


def _row(
    card_id: str,
    kind: str,
    name: dict[str, str],
    text: dict[str, str],
    stats: dict[str, Any],
    keywords: list[dict[str, str]],
) -> dict[str, Any]:
    return {
        "id": card_id,
        "kind": kind,
        "cost": None,
        "stats": stats,
        "name": {lang: name[lang] for lang in LANGS},
        "keywords": {lang: [k[lang] for k in keywords] for lang in LANGS},
        "text": {lang: text[lang] for lang in LANGS},
    }
