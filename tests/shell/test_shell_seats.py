"""Seat setup is driven by GameInfo: modes, player counts, teams, a boss choice
(villain mode), a deck per seat and options — all set by keyboard here."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

import game
from game.ai.bots import BOTS
from scenes.scene import Scene
from scenes.seats import SeatSetupScene
from scenes.ui.widgets import Selector, TextField

from . import fake_team_game
from .driver import Driver


class TableStub(Scene):
    """Stands in for a table: the fake game has none."""

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app)
        self.match = match


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    import scenes.table

    monkeypatch.setitem(game._MODULES, fake_team_game.GAME_ID, fake_team_game.__name__)
    monkeypatch.setitem(game._cache, fake_team_game.GAME_ID, fake_team_game.RULES)
    calls: list[Any] = []

    def fake_open(app: Any, match: Any) -> Scene:
        calls.append(match)
        return TableStub(app, match)

    monkeypatch.setattr(scenes.table, "open_table", fake_open)
    yield calls


def _setup(d: Driver) -> SeatSetupScene:
    scene = SeatSetupScene(d.app, fake_team_game.GAME_ID)
    d.start(scene)
    return scene


def _widget(scene: SeatSetupScene, name: str) -> Any:
    return next(w for w in scene.focus.buttons if w.name == name)


def test_defaults_come_from_game_info(opened: list[Any]) -> None:
    d = Driver()
    scene = _setup(d)
    assert scene.mode_id == "pvp" and scene.players == 4
    assert d.focused() == "start"
    names = [w.value for w in scene.focus.buttons if isinstance(w, TextField)]
    assert names == ["An", "Bình", "Châu", "Dũng"]
    teams = [_widget(scene, f"seat{i}.team").value for i in range(4)]
    assert teams == [0, 1, 0, 1]  # alternate seats, two teams
    assert all(_widget(scene, f"seat{i}.seat.deck").value == "fire" for i in range(4))
    control = _widget(scene, "seat0.control")
    assert isinstance(control, Selector)
    assert [v for v, _ in control.options] == ["human", "ai:easy", "ai:normal", "ai:hard"]
    assert control.value == "human" and _widget(scene, "seat1.control").value.startswith("ai:")
    assert "choice.boss" not in {w.name for w in scene.focus.buttons}  # pvp has no boss


def test_teams_decks_and_options_reach_the_match(opened: list[Any]) -> None:
    d = Driver(seed=99)
    scene = _setup(d)
    d.focus_to("players")
    d.press(pygame.K_RIGHT)  # 4 -> 6 players
    d.step()  # relayout with six rows
    assert scene.players == 6
    assert {f"seat{i}.name" for i in range(6)} <= {w.name for w in scene.focus.buttons}
    d.focus_to("seat5.name")
    d.type(" Ánh")  # appended to "Giang"
    d.focus_to("seat2.team")
    d.press(pygame.K_RIGHT)
    d.focus_to("seat3.seat.deck")
    d.press(pygame.K_RIGHT)
    d.press(pygame.K_RIGHT)
    d.focus_to("seat1.control")
    while _widget(scene, "seat1.control").value != "human":
        d.press(pygame.K_LEFT)
    d.focus_to("option.start_mp")
    d.press(pygame.K_RIGHT)
    d.focus_to("option.fog")
    d.press(pygame.K_RETURN)  # Enter steps a selector too
    d.choose("start")
    (match,) = opened
    assert match.seed == 99
    config = match.config
    assert config["mode"] == "pvp" and config["players"] == 6
    assert config["options"] == {"start_mp": 16, "fog": True}
    seats = config["seats"]
    assert [s["name"] for s in seats] == ["An", "Bình", "Châu", "Dũng", "Em", "Giang Ánh"]
    assert [s["team"] for s in seats] == [0, 1, 1, 1, 0, 1]
    assert [s["deck"] for s in seats] == ["fire", "fire", "fire", "wind", "fire", "fire"]
    assert [s["control"] for s in seats] == ["human", "human", "ai", "ai", "ai", "ai"]
    assert all(s["bot"] in BOTS for s in seats)
    assert [s.team for s in match.seats] == [0, 1, 1, 1, 0, 1]
    assert isinstance(d.top, TableStub)


def test_villain_mode_offers_the_boss_and_drops_teams(opened: list[Any]) -> None:
    d = Driver()
    scene = _setup(d)
    d.focus_to("mode")
    d.press(pygame.K_RIGHT)
    d.step()
    assert scene.mode_id == "pve"
    names = {w.name for w in scene.focus.buttons}
    assert "choice.boss" in names
    assert not any(n.endswith(".team") for n in names)
    assert [v for v, _ in _widget(scene, "players").options] == [1, 2, 3, 4]
    d.focus_to("choice.boss")
    d.press(pygame.K_RIGHT)
    d.focus_to("players")
    d.press(pygame.K_LEFT)
    d.press(pygame.K_LEFT)
    d.press(pygame.K_LEFT)  # 4 -> 1 player
    d.step()
    d.press(pygame.K_RETURN, mod=pygame.KMOD_CTRL)  # Ctrl+Enter starts from anywhere
    (match,) = opened
    assert match.config["mode"] == "pve"
    assert match.config["boss"] == "lich"
    assert match.config["players"] == 1
    assert [s["team"] for s in match.config["seats"]] == [None]


def test_empty_name_falls_back_to_the_default(opened: list[Any]) -> None:
    d = Driver()
    scene = _setup(d)
    d.focus_to("seat1.name")
    for _ in range(10):
        d.press(pygame.K_BACKSPACE)
    assert _widget(scene, "seat1.name").value == ""
    d.choose("start")
    assert opened[0].config["seats"][1]["name"] == "Bình"


def test_rows_fit_at_the_smallest_window(opened: list[Any]) -> None:
    d = Driver(size=(1024, 600))
    scene = _setup(d)
    d.focus_to("players")
    d.press(pygame.K_RIGHT)
    d.step()
    screen = d.app.screen.get_rect()
    rects = [w.rect for w in scene.focus.buttons]
    assert all(screen.contains(r) for r in rects)
    for i, a in enumerate(rects):
        assert a.height >= 20
        for b in rects[i + 1 :]:
            assert not a.colliderect(b)


def test_escape_goes_back(opened: list[Any]) -> None:
    from scenes.title import TitleScene

    d = Driver()
    d.start(TitleScene(d.app))
    d.app.stack.push(SeatSetupScene(d.app, fake_team_game.GAME_ID))
    d.step()
    d.press(pygame.K_ESCAPE)
    assert isinstance(d.top, TitleScene)
    assert opened == []


def test_manasurge_options_use_the_games_values_and_labels() -> None:
    d = Driver()
    scene = SeatSetupScene(d.app, "manasurge")
    d.start(scene)
    rules = game.get("manasurge")
    offered = getattr(rules, "option_values", {})
    for option in rules.info.options:
        sel = _widget(scene, f"option.{option.id}")
        assert sel.value == option.default
        if option.id in offered:
            assert [v for v, _ in sel.options] == list(offered[option.id])
        assert all(label and "{" not in label for _, label in sel.options)
    compare = _widget(scene, "option.compare_to")
    assert [label for _, label in compare.options] == [
        d.app.tr("manasurge.option.compare_last"),
        d.app.tr("manasurge.option.compare_lead"),
    ]
    target = _widget(scene, "option.target")
    assert target.shown == d.app.tr("ui.seats.auto")  # None by default = the rules decide
    d.focus_to("option.compare_to")
    d.press(pygame.K_RIGHT)
    d.focus_to("players")
    d.press(pygame.K_LEFT)
    d.press(pygame.K_LEFT)  # 4 -> 2 players
    d.choose("start")
    table = d.top
    assert table.match.config["options"]["compare_to"] == "lead"
    assert table.match.config["players"] == 2
    assert table.match.rules.num_seats(table.match.state) == 2
