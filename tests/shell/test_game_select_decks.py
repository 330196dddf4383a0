"""Issue 14 polish: the deck builder is reached from the game choice, not only
from the seat screen — a "Bộ bài" pill on each game with deck building, and D."""

from __future__ import annotations

import pygame

from scenes.decks.library import DeckLibraryScene
from scenes.game_select import GameCard, GameSelectScene
from scenes.seats import SeatSetupScene

from .driver import Driver


def _cards(d: Driver) -> dict[str, GameCard]:
    scene = d.top
    assert isinstance(scene, GameSelectScene)
    return {c.name: c for c in scene.cards()}


def test_the_decks_pill_opens_the_library_of_that_game_and_play_still_plays() -> None:
    d = Driver()
    d.start(GameSelectScene(d.app))
    cards = _cards(d)
    assert cards["manasurge"].pills()[1] is None  # no deck building in ManaSurge
    for game_id in ("shv", "invokation"):
        play, decks = cards[game_id].pills()
        assert decks is not None and not play.colliderect(decks)
        assert cards[game_id].rect.contains(decks)
        d.click(decks.center)
        assert isinstance(d.top, DeckLibraryScene) and d.top.game_id == game_id
        d.press(pygame.K_ESCAPE)
        assert isinstance(d.top, GameSelectScene)
        cards = _cards(d)
    d.click(cards["invokation"].pills()[0].center)  # Play, beside it, still plays
    assert isinstance(d.top, SeatSetupScene) and d.top.game_id == "invokation"


def test_d_opens_the_focused_game_decks_and_does_nothing_on_manasurge() -> None:
    d = Driver()
    scene = GameSelectScene(d.app)
    d.start(scene)
    scene.focus.focus_name("manasurge")
    d.press(pygame.K_d)
    assert d.top is scene
    scene.focus.focus_name("invokation")
    d.press(pygame.K_d)
    assert isinstance(d.top, DeckLibraryScene) and d.top.game_id == "invokation"
