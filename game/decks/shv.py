"""Sử Hộ Vương's deck rules: exactly 30 cards (SHV-2.1), at most 3 of a name except
basic tactics (SHV-2.2), and a guardian cheaper than the starting MP (SHV-3.7)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from game.core import content
from game.decks.base import DeckRules, Preset
from game.decks.model import CardInfo, Deck, Reason
from game.shv import decks as shv_decks

POINTS = ("kim", "moc", "thuy", "hoa", "tho")


def _types(row: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[str, ...]:
    """A tactic's point types, a guardian's skill point types, a treasure's use."""
    if row["kind"] == "treasure":
        return (str(card.get("use", "")),)
    points = [dict(card.get("points") or {})]
    points += [dict(s.get("points") or {}) for s in (card.get("skills") or {}).values()]
    return tuple(dict.fromkeys(k for p in points for k in p if k in POINTS))


def _info(index: int, row: Mapping[str, Any], card: Mapping[str, Any]) -> CardInfo:
    kind = str(row["kind"])
    basic = kind == "tactic" and bool(card.get("basic"))
    cost = int(card.get("cost") or 0) if kind == "guardian" else int(card.get("stars") or 0)
    return CardInfo(
        id=str(row["id"]),
        index=index,
        kind=kind,
        group=kind,
        cost=cost,
        types=_types(row, card),
        keywords={lang: tuple(words) for lang, words in row["keywords"].items()},
        name=dict(row["name"]),
        text=dict(row["text"]),
        most=shv_decks.DECK_SIZE if basic else shv_decks.MAX_COPIES,
    )


class ShvDeckRules(DeckRules):
    game_id: ClassVar[str] = "shv"
    in_turn: ClassVar[bool] = True  # ShvRules._seats deals the presets in seat order
    deck_size: ClassVar[int] = shv_decks.DECK_SIZE
    kinds: ClassVar[tuple[str, ...]] = ("guardian", "tactic", "treasure")

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        raw = data if data is not None else content.raw("shv")
        rows = content.listing(raw)
        cards = raw["cards"]
        pool = [_info(i, row, cards[row["id"]]) for i, row in enumerate(rows)]
        super().__init__(pool, raw.get("keywords", {}))
        self.starting_mp = shv_decks.STARTING_MP

    def check(self, deck: Deck) -> list[Reason]:
        out, total = self.common_checks(deck)
        if deck.characters:
            out.append(Reason("reason.no_characters"))
        if total != self.deck_size:  # SHV-2.1
            out.append(Reason("reason.size", {"n": total, "want": self.deck_size}))
        starters = [
            c
            for c in deck.cards
            if c in self.by_id
            and self.by_id[c].kind == "guardian"
            and self.by_id[c].cost < self.starting_mp
        ]
        if not starters:  # SHV-3.7
            out.append(Reason("reason.no_starter", {"mp": self.starting_mp}))
        return out

    def presets(self) -> list[Preset]:
        return [
            Preset(d.id, dict(d.name), Deck(self.game_id, d.id, dict(d.cards)), dict(d.style))
            for d in shv_decks.load_decks().values()
        ]


@cache
def rules() -> ShvDeckRules:
    return ShvDeckRules()
