"""End-to-end by keyboard: title → game select → seats → table → pause → save →
title → load gives back the same game state (``rules.to_json``)."""

from __future__ import annotations

import json

import pygame

from game import new_match
from saves import store
from scenes.game_select import GameSelectScene
from scenes.pause import PauseScene
from scenes.saveload import SaveLoadScene, SlotRow
from scenes.seats import SeatSetupScene
from scenes.table import open_table
from scenes.title import TitleScene

from .driver import Driver


def _table_class(d: Driver) -> type:

    return type(open_table(d.app, new_match("manasurge", {"players": 2}, 1)))


def test_new_game_save_quit_load_same_state() -> None:
    d = Driver(seed=777)
    d.start(TitleScene(d.app))
    table_cls = _table_class(d)

    # Title: "Continue" is disabled without an autosave, so focus starts on New game.
    assert d.focused() == "new"
    d.press(pygame.K_RETURN)
    assert isinstance(d.top, GameSelectScene)
    d.press(pygame.K_RETURN)  # ManaSurge is the only selectable game
    seats = d.top
    assert isinstance(seats, SeatSetupScene)
    assert seats.game_id == "manasurge"

    # Every seat an AI so the game moves on by itself; 3 players.
    d.focus_to("players")
    d.press(pygame.K_LEFT)  # 4 -> 3 players
    assert seats.players == 3
    d.focus_to("seat0.control")
    d.press(pygame.K_RIGHT)  # human -> first bot
    assert seats.seats[0]["control"] == "ai"
    d.focus_to("seat0.name")
    for _ in range(5):
        d.press(pygame.K_BACKSPACE)
    d.type("Hà")
    d.choose("start")
    table = d.top
    assert isinstance(table, table_cls)
    match = table.match
    assert match.seed == 777  # --seed reaches new games
    assert [s.name for s in match.seats] == ["Hà", "Bình", "Châu"]
    assert all(s.is_ai for s in match.seats)

    d.wait_for(lambda: len(match.log) >= 4)

    # Pause, save in a named slot.
    d.press(pygame.K_ESCAPE)
    assert isinstance(d.top, PauseScene)
    d.choose("save")
    browser = d.top
    assert isinstance(browser, SaveLoadScene) and browser.mode == "save"
    assert d.focused() == "name"
    d.type("Ván thử")
    d.press(pygame.K_RETURN)
    saved_state = match.rules.to_json(match.state)
    saved_log = len(match.log)
    path = store.slot_path("Ván thử")
    assert path.exists()
    on_disk = json.loads(path.read_text(encoding="utf-8"))
    assert on_disk["snapshot"] == saved_state

    # Back to the title (with a confirm).
    d.press(pygame.K_ESCAPE)
    assert isinstance(d.top, PauseScene)
    d.choose("quit")
    d.choose("yes")  # "No" has the focus: quitting takes a deliberate Yes
    assert isinstance(d.top, TitleScene)
    assert len(d.app.stack) == 1

    # Load the slot from the title screen.
    d.choose("load")
    browser = d.top
    assert isinstance(browser, SaveLoadScene) and browser.mode == "load"
    names = [b.info.name for b in browser.focus.buttons if isinstance(b, SlotRow)]
    assert "Ván thử" in names
    row = next(
        b.name for b in browser.focus.buttons if isinstance(b, SlotRow) and b.info.name == "Ván thử"
    )
    d.focus_to(row, key=pygame.K_DOWN)
    d.press(pygame.K_RETURN)
    loaded = d.top
    assert isinstance(loaded, table_cls)
    assert loaded.match is not match
    assert len(loaded.match.log) == saved_log
    assert loaded.match.rules.to_json(loaded.match.state) == saved_state
    assert [s.name for s in loaded.match.seats] == ["Hà", "Bình", "Châu"]


def test_continue_opens_the_newest_autosave() -> None:

    match = new_match("manasurge", {"players": 2, "seats": [{"name": "An"}, {"name": "Bình"}]}, 5)
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    store.autosave(match)
    d = Driver()
    d.start(TitleScene(d.app))
    assert d.focused() == "continue"
    d.press(pygame.K_RETURN)
    table = d.top
    assert table.match.rules.to_json(table.match.state) == match.rules.to_json(match.state)


def test_an_ai_game_ends_on_the_results_screen() -> None:
    from scenes.results import ResultsScene

    d = Driver()
    d.app.settings.anim_speed = 8.0
    seats = [{"name": n, "control": "ai", "bot": "random"} for n in ("An", "Bình")]
    match = new_match("manasurge", {"players": 2, "seats": seats}, 4)
    d.start(open_table(d.app, match))
    d.wait_for(lambda: isinstance(d.top, ResultsScene), seconds=180)
    results = d.top
    assert results.match is match and match.outcome() is not None
    assert match.seats[match.outcome().winners[0]].name in results.headline()
    assert d.focused() == "rematch"
    d.press(pygame.K_RETURN)
    again = d.top
    assert not isinstance(again, ResultsScene)
    assert again.match.config == match.config and again.match.log == []
