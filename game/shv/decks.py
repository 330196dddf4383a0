"""Sử Hộ Vương preconstructed decks (``assets/games/shv/decks.json``) and deck legality.

::

    {"format": "banthe-decks", "game": "shv", "version": 1,
     "decks": {"lua_rung": {"name": {"vi": ..., "en": ...}, "style": {"vi": ..., "en": ...},
                            "cards": {"ma_troi": 3, "hoa_co_ban": 5, ...}}}}

A legal deck (:func:`check_deck`): exactly 30 cards (SHV-2.1), at most 3 of a
name except basic tactics (SHV-2.2), and at least one guardian that costs less
than the starting MP, so a setup guardian can be placed (SHV-3.7, SHV-G6).
:func:`load_decks` checks every deck on load and raises one ``ValueError``
naming each deck and each problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import assets
from game.core import content as content_mod
from game.core import files
from game.core.content import LANGS, Content

FORMAT = "banthe-decks"
DECK_SIZE = 30  # SHV-2.1
MAX_COPIES = 3  # SHV-2.2
STARTING_MP = 15  # SHV-G1 default (game/shv/options.py: starting_mp)


@dataclass(frozen=True, slots=True)
class Deck:
    id: str
    name: Mapping[str, str]
    style: Mapping[str, str]
    cards: Mapping[str, int]

    def card_ids(self) -> list[str]:
        """The 30 card ids, each repeated by its count, in file order."""
        return [card for card, count in self.cards.items() for _ in range(count)]


def _card_name(card: Mapping[str, Any]) -> str:
    name = card.get("name")
    return str(name.get("vi", "")) if isinstance(name, Mapping) else ""


def check_deck(
    cards: Mapping[str, Any],
    content: Content,
    *,
    name: str = "deck",
    starting_mp: int = STARTING_MP,
) -> list[str]:
    """Every reason ``cards`` (card id -> copies) is not a legal deck, as
    ``"<deck>: <problem>"`` lines; empty when it is legal."""
    problems: list[str] = []
    total = 0
    affordable = False
    for card_id, count in cards.items():
        card = content.cards.get(card_id)
        if card is None:
            problems.append(f"{name}: unknown card {card_id!r}")
            continue
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            problems.append(f"{name}: {card_id} has count {count!r}, not a positive whole number")
            continue
        total += count
        basic = card.get("kind") == "tactic" and bool(card.get("basic"))
        if count > MAX_COPIES and not basic:
            problems.append(
                f"{name}: {count} copies of {card_id} ({_card_name(card)}); at most "
                f"{MAX_COPIES} of a name, only basic tactics are exempt (SHV-2.2)"
            )
        if card.get("kind") == "guardian" and int(card.get("cost", 0)) < starting_mp:
            affordable = True
    if total != DECK_SIZE:
        problems.append(f"{name}: {total} cards; a deck holds exactly {DECK_SIZE} (SHV-2.1)")
    if not affordable:
        problems.append(
            f"{name}: no guardian costs less than the starting MP {starting_mp}, "
            "so none can be placed at setup (SHV-3.7)"
        )
    return problems


def _labels(deck_id: str, deck: Mapping[str, Any], field: str) -> list[str]:
    value = deck.get(field)
    if not isinstance(value, Mapping):
        return [f"{deck_id}: needs a {field} object {{vi, en}}"]
    return [
        f"{deck_id}: no {lang} {field}"
        for lang in LANGS
        if not isinstance(value.get(lang), str) or not value[lang]
    ]


def validate(data: Any, content: Content, starting_mp: int = STARTING_MP) -> list[str]:
    """Every problem of a decks document (format, names, styles, legality)."""
    if not isinstance(data, Mapping):
        return ["decks: not an object"]
    problems = []
    if data.get("format") != FORMAT:
        problems.append(f"decks: format must be {FORMAT!r}")
    decks = data.get("decks")
    if not isinstance(decks, Mapping) or not decks:
        return [*problems, "decks: no decks"]
    for deck_id, deck in decks.items():
        if not isinstance(deck, Mapping) or not isinstance(deck.get("cards"), Mapping):
            problems.append(f"{deck_id}: needs a cards object (card id -> copies)")
            continue
        problems.extend(_labels(deck_id, deck, "name"))
        problems.extend(_labels(deck_id, deck, "style"))
        problems.extend(check_deck(deck["cards"], content, name=deck_id, starting_mp=starting_mp))
    return problems


def parse(data: Any, content: Content, starting_mp: int = STARTING_MP) -> dict[str, Deck]:
    """Validate and wrap a decks document; ``ValueError`` lists every problem."""
    problems = validate(data, content, starting_mp)
    if problems:
        raise ValueError("bad deck file:\n  " + "\n  ".join(problems))
    return {
        deck_id: Deck(deck_id, deck["name"], deck["style"], dict(deck["cards"]))
        for deck_id, deck in data["decks"].items()
    }


@cache
def raw() -> Any:
    """The parsed JSON of ``assets/games/shv/decks.json`` (cached)."""
    return files.read_asset(assets.path("games", "shv", "decks.json"))


def load_decks(content: Content | None = None, starting_mp: int = STARTING_MP) -> dict[str, Deck]:
    """The preconstructed decks, checked against the card set (deck id -> Deck)."""
    return parse(raw(), content or content_mod.load("shv"), starting_mp)
