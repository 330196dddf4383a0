"""What every game's deck rules share: the card pool, labels, presets, sample hands.

A game adapter (:mod:`game.decks.shv`, :mod:`game.decks.invokation`) subclasses
:class:`DeckRules` and gives its pool (every card a deck may hold, in content order),
its legality check (``check`` -> every :class:`~game.decks.model.Reason`) and its
preconstructed decks.  Everything here is pure Python and cached per process.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

import game
from game.core import content
from game.decks.model import CardInfo, Deck, Reason
from game.i18n import t


@dataclass(frozen=True, slots=True)
class Preset:
    """A shipped preconstructed deck: read-only, copied to edit.  ``style`` is its
    one-line description per language (how it plays)."""

    id: str
    name: Mapping[str, str]
    deck: Deck
    style: Mapping[str, str] = field(default_factory=dict)


class DeckRules(ABC):
    """One game's deck-building rules (subclassed per game)."""

    game_id: ClassVar[str]
    deck_size: ClassVar[int] = 30
    characters: ClassVar[int] = 0  # characters a deck names apart from its cards
    hand_size: ClassVar[int] = 5  # a sample opening hand
    kinds: ClassVar[tuple[str, ...]] = ()  # browser filter order
    #: a seat's "auto" deck: the presets dealt in seat order (True), else one drawn
    in_turn: ClassVar[bool] = False

    def __init__(self, pool: Sequence[CardInfo], keywords: Mapping[str, Mapping[str, str]]):
        self.pool = list(pool)
        self.by_id = {c.id: c for c in self.pool}
        self.keyword_names = keywords
        self.names: dict[str, Mapping[str, str]] = {c.id: c.name for c in self.pool}

    @property
    def code_prefix(self) -> str:
        """The deck code's first letters (the game's ``GameInfo.deck_code``: ``SHV``)."""
        return game.info(self.game_id).deck_code

    # -- words -------------------------------------------------------------------------------
    def label(self, word: str, lang: str) -> str:
        """A kind, type or keyword as printed: the game's keyword name, else
        ``decks.kind.<word>``."""
        if word in self.keyword_names:
            return content.label(word, lang, self.keyword_names)
        return t(f"decks.kind.{word}", lang)

    def card_name(self, card_id: str, lang: str) -> str:
        return self.names.get(card_id, {}).get(lang, card_id)

    def reason_text(self, reason: Reason, lang: str) -> str:
        return reason.text(lang, self.names)

    # -- the game's part -----------------------------------------------------------------------
    @abstractmethod
    def check(self, deck: Deck) -> list[Reason]:
        """Every reason ``deck`` is not legal (empty when it is)."""

    @abstractmethod
    def presets(self) -> list[Preset]:
        """The shipped preconstructed decks, in file order."""

    def warnings(self, deck: Deck) -> list[Reason]:
        """What is legal but likely a mistake (the builder shows it, ``check`` does
        not count it): none unless the game says."""
        return []

    def highlights(self, deck: Deck, most: int = 3) -> list[str]:
        """The cards that say what a deck is, for a summary: its characters when the
        game has them, else its dearest guardians (ties in deck order)."""
        if deck.characters:
            return [c for c in deck.characters if c in self.by_id][:most]
        found = [c for c in deck.cards if c in self.by_id and self.by_id[c].kind == "guardian"]
        found.sort(key=lambda c: -self.by_id[c].cost)
        return found[:most]

    # -- shared -----------------------------------------------------------------------------
    def room_for(self, deck: Deck, card_id: str) -> bool:
        """Can one more ``card_id`` go in (a character while fewer than three are
        chosen and not already chosen; a card under its copy limit and the size)?"""
        card = self.by_id.get(card_id)
        if card is None:
            return False
        if card.group == "character":
            return card_id not in deck.characters and len(deck.characters) < self.characters
        return deck.cards.get(card_id, 0) < card.most and deck.total() < self.deck_size

    def refusal(self, deck: Deck, card_id: str) -> Reason | None:
        """Why one more ``card_id`` cannot go in (``room_for`` is False), as a
        ``refuse.*`` reason; None when it can."""
        card = self.by_id.get(card_id)
        if card is None:
            return Reason("reason.unknown_card", {"card": card_id})
        if card.group == "character":
            if card_id in deck.characters:
                return Reason("refuse.character_twice", {"card": card_id}, ("card",))
            if len(deck.characters) >= self.characters:
                return Reason("refuse.characters", {"want": self.characters})
            return None
        if deck.cards.get(card_id, 0) >= card.most:
            return Reason("refuse.copies", {"card": card_id, "most": card.most}, ("card",))
        if deck.total() >= self.deck_size:
            return Reason("refuse.full", {"want": self.deck_size})
        return None

    def add(self, deck: Deck, card_id: str) -> bool:
        """Add one copy when there is room; True when added."""
        if not self.room_for(deck, card_id):
            return False
        if self.by_id[card_id].group == "character":
            deck.characters.append(card_id)
        else:
            deck.cards[card_id] = deck.cards.get(card_id, 0) + 1
        return True

    def remove(self, deck: Deck, card_id: str) -> bool:
        """Take one copy out; True when there was one."""
        if card_id in deck.characters:
            deck.characters.remove(card_id)
            return True
        n = deck.cards.get(card_id, 0)
        if n <= 0:
            return False
        if n == 1:
            del deck.cards[card_id]
        else:
            deck.cards[card_id] = n - 1
        return True

    def sample_hand(self, deck: Deck, seed: int | None = None) -> list[str]:
        """A random opening hand of ``hand_size`` cards from the deck's cards."""
        # Drawn from the counts, never from a list expanded by them: a deck file
        # asking a billion copies costs no more than one asking two (issue 37).
        counts = {
            c: n
            for c, n in sorted(deck.cards.items())
            if c in self.by_id and isinstance(n, int) and not isinstance(n, bool) and n > 0
        }
        rng = random.Random(seed)
        total = sum(counts.values())
        hand: list[str] = []
        while counts and len(hand) < self.hand_size:
            card_id = _nth(counts, rng.randrange(total))
            hand.append(card_id)
            total -= 1
            if counts[card_id] == 1:
                del counts[card_id]
            else:
                counts[card_id] -= 1
        return hand

    def curve(self, deck: Deck, top: int = 6) -> list[dict[str, int]]:
        """Copies per cost (0 .. ``top``, the last bucket is ``top`` or more), split
        by kind: ``[{kind: n}, ...]``."""
        out: list[dict[str, int]] = [{} for _ in range(top + 1)]
        for card_id, n in deck.cards.items():
            card = self.by_id.get(card_id)
            if card is None:
                continue
            bucket = out[min(max(card.cost, 0), top)]
            bucket[card.kind] = bucket.get(card.kind, 0) + n
        return out

    def common_checks(self, deck: Deck) -> tuple[list[Reason], int]:
        """Unknown cards, counts that are not whole positive numbers, copy limits;
        returns (reasons, copies of the known cards)."""
        out: list[Reason] = []
        total = 0
        for card_id, n in deck.cards.items():
            card = self.by_id.get(card_id)
            if card is None:
                out.append(Reason("reason.unknown_card", {"card": card_id}))
                continue
            if card.group == "character":
                out.append(Reason("reason.character_in_cards", {"card": card_id}, ("card",)))
                continue
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                out.append(Reason("reason.bad_count", {"card": card_id, "n": n}, ("card",)))
                continue
            total += n
            if n > card.most:
                params = {"card": card_id, "n": n, "most": card.most}
                out.append(Reason("reason.copies", params, ("card",)))
        return out, total


def _nth(counts: Mapping[str, int], pick: int) -> str:
    """The card at position ``pick`` of the list ``counts`` spells (never built)."""
    for card_id, n in counts.items():
        if pick < n:
            return card_id
        pick -= n
    raise IndexError(pick)
