"""Sử Hộ Vương in the balance lab: decks, cards and bosses; variant card and boss files."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from game.balance.games import LabGame
from game.core.contract import Rules


def variant(variants: Mapping[str, str]) -> Rules[Any]:
    """The rules on a variant card file (``cards``) and/or boss file (``bosses``)."""
    from game.core import content
    from game.shv.catalog import Catalog, default_catalog
    from game.shv.core_ops import FORMAT_OPS
    from game.shv.decks import load_decks
    from game.shv.rules import ShvRules
    from game.shv.villain import parse_bosses

    catalog = default_catalog()
    if "cards" in variants:
        cards = content.parse(json.loads(variants["cards"]), FORMAT_OPS)
        decks = load_decks(cards)
        named = {d.id: {"name": dict(d.name), "cards": dict(d.cards)} for d in decks.values()}
        catalog = Catalog(cards.cards, named, cards.hash)
    bosses = parse_bosses(json.loads(variants["bosses"])) if "bosses" in variants else None
    return ShvRules(catalog, bosses)


def ending(state: Any, winners: list[int]) -> str | None:
    """A PvP game won by eliminations (SHV-3.1): ``mp_out`` when every losing player went
    out of MP (SHV-3.2a), ``deck_out`` when one had to draw from an empty deck (SHV-3.2b,
    the player still holding MP); None in PvE (the Boss card's goals say it)."""
    if state.villain is not None:
        return None
    losers = [p for p in state.players if p.eliminated and p.seat not in winners]
    if not losers:
        return None
    return "deck_out" if any(p.mp > 0 for p in losers) else "mp_out"


LAB = LabGame(
    studies=("decks", "cards", "bosses"),
    drawn=("drew",),
    # SHV-3.4.2: the first Guardian is placed from the deck, so it counts as drawn too
    played=("summoned", "equipped", "tactic_given", "treasure_used", "guardian_placed"),
    placed=("guardian_placed",),
    names="names",
    players=(1, 2, 3, 4, 5, 6),
    variant=variant,
    ending=ending,
)
