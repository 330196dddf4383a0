"""The deck builder's plain records: a deck, a card of the pool, a reason.

A :class:`Deck` is what a player builds: a name, its card counts and (Thất Thánh
Triệu Hồi only) its three characters.  A :class:`Reason` is one thing wrong with a
deck or a deck code, as an i18n key of ``assets/i18n/<lang>/decks.json`` with its
parameters; card parameters hold card ids and are shown as card names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.i18n import t

FORMAT = "banthe-deck"
VERSION = 1


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card a deck may hold, with what the browser filters, sorts and searches."""

    id: str
    index: int  # position in the game's pool (content order): the deck code's number
    kind: str  # shv: guardian|tactic|treasure; invokation: character|weapon|food|...
    group: str  # the editor's section: shv = kind; invokation: character|action
    cost: int  # total cost (MP for a guardian, stars for a tactic, dice for an action)
    types: tuple[str, ...]  # point types (shv) or elements (invokation)
    keywords: Mapping[str, tuple[str, ...]]  # per language, as printed
    name: Mapping[str, str]
    text: Mapping[str, str]
    most: int  # copies a deck may hold
    needs: str = ""  # invokation: a talent's character id

    def matches(self, words: str) -> bool:
        """Does the search ``words`` (any case, either language) occur in its name or
        text?"""
        needle = " ".join(words.casefold().split())
        if not needle:
            return True
        hay = " ".join([*self.name.values(), *self.text.values(), self.id]).casefold()
        return needle in " ".join(hay.split())


MAX_LIST = 1000
"""The most cards :meth:`Deck.card_ids` lists (every game's deck is 30 to 40)."""


@dataclass(slots=True)
class Deck:
    """A deck list: ``cards`` (card id -> copies) and, for Thất Thánh Triệu Hồi, the
    three ``characters`` in seat order."""

    game: str
    name: str
    cards: dict[str, int] = field(default_factory=dict)
    characters: list[str] = field(default_factory=list)

    def total(self) -> int:
        return sum(self.cards.values())

    def card_ids(self, most: int = MAX_LIST) -> list[str]:
        """Every card, repeated by its count, sorted; ValueError when that would be
        more than ``most`` cards (refused before anything is built, issue 37)."""
        if self.total() > most:
            raise ValueError(f"the deck asks for {self.total()} cards (at most {most})")
        return sorted(c for c, n in self.cards.items() for _ in range(n))

    def copy(self, name: str | None = None) -> Deck:
        return Deck(self.game, self.name if name is None else name, dict(self.cards),
                    list(self.characters))  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        """The small readable file a user deck is stored in."""
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game}
        out["name"] = self.name
        if self.characters:
            out["characters"] = list(self.characters)
        out["cards"] = dict(sorted(self.cards.items()))
        return out

    def seat_value(self) -> dict[str, Any]:
        """The inline deck a seat's config carries (``seats[i]["deck"]``): the rules
        read the list from the config, so a save replays without the deck file."""
        out: dict[str, Any] = {"name": self.name, "cards": dict(sorted(self.cards.items()))}
        if self.characters:
            out["characters"] = list(self.characters)
        return out


@dataclass(frozen=True, slots=True)
class Reason:
    """One problem: ``key`` under ``decks.`` with ``params``; ``cards`` names the
    params that hold a card id (shown as the card's name)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    cards: tuple[str, ...] = ()

    def text(self, lang: str, names: Mapping[str, Mapping[str, str]] | None = None) -> str:
        shown = dict(self.params)
        for p in self.cards:
            card = str(shown.get(p, ""))
            shown[p] = (names or {}).get(card, {}).get(lang, card)
        return t(f"decks.{self.key}", lang, **shown)


class DeckError(ValueError):
    """A deck file or code that cannot be read; ``reasons`` say why."""

    def __init__(self, reasons: list[Reason]) -> None:
        super().__init__(" ".join(r.text("en") for r in reasons))
        self.reasons = reasons


def from_json(data: Any, game_id: str) -> Deck:
    """A deck file's content as a :class:`Deck` (its cards are not checked here:
    ``DeckRules.check`` says what is illegal); :class:`DeckError` when it is not a
    deck of ``game_id`` at all."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise DeckError([Reason("file.not_deck")])
    if data.get("game") != game_id:
        raise DeckError([Reason("file.other_game", {"game": str(data.get("game"))})])
    if not isinstance(data.get("version"), int) or data["version"] > VERSION:
        raise DeckError([Reason("file.version", {"version": str(data.get("version"))})])
    cards, chars, name = data.get("cards"), data.get("characters", []), data.get("name")
    good_cards = isinstance(cards, Mapping) and all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
        for k, v in cards.items()
    )
    good_chars = isinstance(chars, list) and all(isinstance(c, str) for c in chars)
    if not good_cards or not good_chars or not isinstance(name, str):
        raise DeckError([Reason("file.shape")])
    assert isinstance(cards, Mapping) and isinstance(chars, list)
    return Deck(game_id, name, dict(cards), list(chars))
