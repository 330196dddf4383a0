"""A stand-in game that exists only as "its package and its two registry lines":
Tiny Duel's rules under another id, with deck building, its own AI search changes
and pass kinds (its ``GameInfo``), and a picture, a chooser, card faces and showcase
cards (its table entry, :data:`ENTRY`).  ``tests/test_game_descriptors.py`` registers
it and checks that every part of the program that reads per-game facts finds them."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any, ClassVar

import pygame

from game.decks.base import DeckRules, Preset
from game.decks.model import CardInfo, Deck, Reason
from game.toy.rules import ToyRules
from scenes.scene import Scene
from scenes.table.cards import CardFace
from scenes.table.registry import TableEntry

GAME_ID = "fake_cards"
MODULE = __name__

INFO = replace(
    ToyRules.info,
    id=GAME_ID,
    decks=f"{MODULE}:deck_rules",
    deck_code="FKC",
    search=(("rollout_depth", 7),),
    level_search=(("normal", (("rollout_depth", 3),)),),
    pass_turn=frozenset({"draw"}),
    declines=frozenset({"pass_block"}),
)


class FakeRules(ToyRules):
    info = INFO


RULES = FakeRules()

ENTRY = TableEntry(
    GAME_ID,
    "scenes.table.toy:ToyTable",
    f"{MODULE}:picture",
    chooser=f"{MODULE}:Chooser",
    faces=f"{MODULE}:face",
    showcase=("a", "b", "c"),
)

PICTURE_COLOR = (12, 200, 34)
FACES: list[tuple[str, str]] = []  # (card id, lang) of every face asked for


def picture(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h))
    surf.fill(PICTURE_COLOR)
    return surf


def face(card_id: str, lang: str) -> CardFace:
    FACES.append((card_id, lang))
    return CardFace(card_id.upper(), (200, 40, 40), "", "", "fake", "")


class Chooser(Scene):
    """What game select opens for this game instead of the seat screen."""


def _card(index: int, card_id: str) -> CardInfo:
    name = {"vi": card_id.upper(), "en": card_id.upper()}
    return CardInfo(card_id, index, "spell", "spell", 1, (), {}, name, {}, 2)


class FakeDeckRules(DeckRules):
    game_id: ClassVar[str] = GAME_ID
    deck_size: ClassVar[int] = 2

    def check(self, deck: Deck) -> list[Reason]:
        return []

    def presets(self) -> list[Preset]:
        return [Preset("pair", {"vi": "Đôi", "en": "Pair"}, Deck(GAME_ID, "pair", {"a": 2}))]


@cache
def deck_rules() -> FakeDeckRules:
    return FakeDeckRules([_card(0, "a"), _card(1, "b"), _card(2, "c")], {})


def register(monkeypatch: Any) -> None:
    """Add the game's two registry lines (undone after the test)."""
    import game
    from scenes.table import registry

    monkeypatch.setitem(game._MODULES, GAME_ID, MODULE)
    monkeypatch.setitem(game._cache, GAME_ID, RULES)  # gone with the test, like the line above
    monkeypatch.setattr(registry, "TABLES", (*registry.TABLES, ENTRY))
