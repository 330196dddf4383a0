"""Thất Thánh Triệu Hồi's deck rules: 3 distinct characters and 30 action cards
(GI-1.3), at most 2 copies of a card (GI-1.4), a talent needs its character and an
elemental resonance its element on two characters (GI-G1)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

import assets
from game.core import content, files
from game.decks.base import DeckRules, Preset
from game.decks.model import CardInfo, Deck, Reason
from game.invokation import catalog, listing


def _info(index: int, row: Mapping[str, Any], card: Mapping[str, Any]) -> CardInfo:
    kind = str(row["kind"])
    cost = row.get("cost") or {}
    if kind == "character":
        types: tuple[str, ...] = (str(card["element"]),)
    else:
        found = [k for k in cost if k in catalog.ELEMENTS]
        req = card.get("requires")
        if isinstance(req, Mapping):
            found.append(str(req.get("element")))
        types = tuple(dict.fromkeys(found))
    return CardInfo(
        id=str(row["id"]),
        index=index,
        kind=kind,
        group="character" if kind == "character" else "action",
        cost=sum(int(v) for v in cost.values()),
        types=types,
        keywords={lang: tuple(words) for lang, words in row["keywords"].items()},
        name=dict(row["name"]),
        text=dict(row["text"]),
        most=1 if kind == "character" else catalog.MAX_COPIES,
        needs=str(card.get("character", "")) if kind == "talent" else "",
    )


class InvokationDeckRules(DeckRules):
    game_id: ClassVar[str] = "invokation"
    deck_size: ClassVar[int] = catalog.DECK_CARDS
    characters: ClassVar[int] = catalog.DECK_CHARACTERS
    kinds: ClassVar[tuple[str, ...]] = ("character", *catalog.CARD_TYPES)

    def __init__(self) -> None:
        cat = catalog.catalog_for()
        rows = [r for r in listing.card_list() if r["kind"] not in catalog.ENTITY_KINDS]
        pool = [_info(i, row, cat.cards[row["id"]]) for i, row in enumerate(rows)]
        super().__init__(pool, cat_keywords())
        self.cards = cat.cards

    def _character_checks(self, deck: Deck) -> tuple[list[Reason], list[str]]:
        out: list[Reason] = []
        chars = deck.characters
        if len(chars) != self.characters:  # GI-1.3
            out.append(Reason("reason.characters", {"n": len(chars), "want": self.characters}))
        seen: set[str] = set()
        for c in chars:
            card = self.by_id.get(c)
            if card is None:
                out.append(Reason("reason.unknown_card", {"card": c}))
            elif card.group != "character":
                out.append(Reason("reason.not_character", {"card": c}, ("card",)))
            elif c in seen:
                out.append(Reason("reason.character_twice", {"card": c}, ("card",)))
            seen.add(c)
        elements = [
            str(self.cards[c]["element"])
            for c in chars
            if c in self.by_id and self.by_id[c].group == "character"
        ]
        return out, elements

    def check(self, deck: Deck) -> list[Reason]:
        out, elements = self._character_checks(deck)
        more, total = self.common_checks(deck)
        out.extend(more)
        if total != self.deck_size:  # GI-1.3
            out.append(Reason("reason.size", {"n": total, "want": self.deck_size}))
        for card_id in deck.cards:
            card = self.by_id.get(card_id)
            if card is None or card.group == "character":
                continue
            if card.needs and card.needs not in deck.characters:  # GI-G1 talents
                out.append(
                    Reason("reason.talent", {"card": card_id, "who": card.needs}, ("card", "who"))
                )
            req = self.cards[card_id].get("requires")
            if isinstance(req, Mapping):  # GI-G1 resonance
                element, n = str(req.get("element")), int(req.get("count", 2))
                if elements.count(element) < n:
                    params = {"card": card_id, "n": n, "element": element}
                    out.append(Reason("reason.resonance", params, ("card",)))
        return out

    def warnings(self, deck: Deck) -> list[Reason]:
        """A weapon no character of the deck can hold: a weapon card equips only a
        character of its weapon type (GI-5.2), so it would be a dead card."""
        wielded = {
            str(self.cards[c].get("weapon"))
            for c in deck.characters
            if c in self.by_id and self.by_id[c].group == "character"
        }
        out: list[Reason] = []
        for card_id in deck.cards:
            info = self.by_id.get(card_id)
            if info is None or info.kind != "weapon":
                continue
            weapon = str(self.cards[card_id].get("weapon"))
            if weapon not in wielded:
                out.append(Reason("warning.weapon", {"card": card_id, "weapon": weapon}, ("card",)))
        return out

    def reason_text(self, reason: Reason, lang: str) -> str:
        if "element" in reason.params or "weapon" in reason.params:
            params = dict(reason.params)
            for word in ("element", "weapon"):
                if word in params:
                    params[word] = self.label(str(params[word]), lang)
            reason = Reason(reason.key, params, reason.cards)
        return reason.text(lang, self.names)

    def presets(self) -> list[Preset]:
        decks = files.read_asset(assets.path("games", "invokation", "decks.json"))["decks"]
        return [
            Preset(
                did,
                dict(d["name"]),
                Deck(self.game_id, did, dict(d["cards"]), list(d["characters"])),
                dict(d.get("style") or {}),
            )
            for did, d in decks.items()
        ]


def cat_keywords() -> Mapping[str, Mapping[str, str]]:
    names: Mapping[str, Mapping[str, str]] = content.raw(catalog.GAME_ID).get("keywords", {})
    return names


@cache
def rules() -> InvokationDeckRules:
    return InvokationDeckRules()
