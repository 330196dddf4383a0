"""A code shared in a chat must keep meaning the same deck: the codes of the
shipped decks are pinned.  A change of card order in cards.json (the codes number
cards by their position) fails here; append new cards instead, or bump the code
version and keep reading the old one."""

from __future__ import annotations

import json
from pathlib import Path

from game.decks import rules_for
from game.decks.code import decode, encode

PINNED: dict[str, str] = json.loads(
    (Path(__file__).with_name("shipped_codes.json")).read_text(encoding="utf-8")
)


def test_every_shipped_deck_keeps_its_code() -> None:
    seen = {}
    for game_id in ("shv", "invokation"):
        rules = rules_for(game_id)
        for preset in rules.presets():
            key = f"{game_id}/{preset.id}"
            seen[key] = encode(rules, preset.deck)
            assert decode(rules, PINNED[key]).cards == preset.deck.cards, key
    assert seen == PINNED
