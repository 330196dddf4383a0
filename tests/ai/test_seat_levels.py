"""The seat setup offers the AI levels with a one-line description each and
saves the chosen level in the match config (issue 10 item 3)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

import game
from game.ai.levels import SEAT_LEVELS
from game.i18n import LANGS, Translator
from scenes.seats import SeatSetupScene, help_text
from tests.shell import fake_team_game
from tests.shell.driver import Driver
from tests.shell.test_shell_seats import TableStub


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    import scenes.table

    monkeypatch.setitem(game._MODULES, fake_team_game.GAME_ID, fake_team_game.__name__)
    monkeypatch.setitem(game._cache, fake_team_game.GAME_ID, fake_team_game.RULES)
    calls: list[Any] = []
    monkeypatch.setattr(
        scenes.table, "open_table", lambda app, m: calls.append(m) or TableStub(app, m)
    )
    yield calls


def _widget(scene: SeatSetupScene, name: str) -> Any:
    return next(w for w in scene.focus.buttons if w.name == name)


def test_each_level_is_named_and_described_in_every_language() -> None:
    for lang in LANGS:
        tr = Translator(lang)
        for level in SEAT_LEVELS:
            assert tr.has(f"ai.level.{level}") and tr.has(f"ai.level_desc.{level}")
        texts = [tr(f"ai.level_desc.{level}") for level in SEAT_LEVELS]
        assert len(set(texts)) == len(texts)


def test_the_focused_level_is_described_and_reaches_the_match(opened: list[Any]) -> None:
    d = Driver(seed=5)
    scene = SeatSetupScene(d.app, fake_team_game.GAME_ID)
    d.start(scene)
    control = _widget(scene, "seat1.control")
    assert control.value == "ai:normal"  # the default level
    d.focus_to("seat1.control")
    assert help_text(d.app, scene.game_id, scene.focus.buttons) == d.app.tr("ai.level_desc.normal")
    d.press(pygame.K_RIGHT)  # normal -> hard
    assert _widget(scene, "seat1.control").value == "ai:hard"
    assert help_text(d.app, scene.game_id, scene.focus.buttons) == d.app.tr("ai.level_desc.hard")
    d.choose("start")
    (match,) = opened
    seats = match.config["seats"]
    assert seats[1]["control"] == "ai" and seats[1]["bot"] == "hard"
    assert match.seats[1].bot == "hard"
