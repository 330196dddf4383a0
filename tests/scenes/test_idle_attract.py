"""Issue 34 major 5 (P-SHV-7, P-GI-4): idle minutes never throw a player out of a
game.  The attract loop (the demo) belongs to kiosk mode, and to the title screen
when the idle option is on; outside kiosk mode every table of the registry, in
every mode (companion mode included), and every menu stays where it was."""

from __future__ import annotations

import pytest
from registry_tables import DT, human_match, open_on_stack, table_modes

from scenes.app import App, LaunchOptions
from scenes.demo import DemoScene
from scenes.table import ai
from scenes.title import TitleScene

MINUTES = 1
SILENCE = 30 * 60  # half an hour without a key, a click or a move


@pytest.fixture(autouse=True)
def _threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ai.ENV_THREADS, "1")


def make(kiosk: bool = False) -> App:
    app = App(LaunchOptions(lang="vi", size=(1280, 720), seed=5, save_settings=False, kiosk=kiosk))
    app.settings.anim_speed = 40.0
    app.settings.ai_delay = 0.0
    app.settings.idle_minutes = MINUTES
    return app


def wait(app: App, seconds: float) -> None:
    """Time passes with nobody at the machine (in steps of 10 seconds)."""
    left = seconds
    while left > 0:
        app.step([], min(10.0, left))
        left -= 10.0


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_a_game_in_progress_is_never_left_by_itself(game_id: str, mode_id: str) -> None:
    app = make()
    table = open_on_stack(app, human_match(game_id, mode_id))
    app.step([], DT)
    moves = len(table.match.log)
    wait(app, SILENCE)
    assert table in app.stack.scenes and not isinstance(app.stack.top, DemoScene)
    assert len(table.match.log) >= moves


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_a_paused_game_is_never_left_by_itself(game_id: str, mode_id: str) -> None:
    app = make()
    table = open_on_stack(app, human_match(game_id, mode_id))
    app.scenes.push("pause", table.match)
    app.stack.apply_pending()
    wait(app, SILENCE)
    assert app.stack.scenes[-2:] == [table, app.stack.top]
    assert type(app.stack.top).__name__ == "PauseScene"


def test_a_menu_is_not_left_by_itself_outside_kiosk_mode() -> None:
    app = make()
    app.stack.clear_to(TitleScene(app))
    app.stack.apply_pending()
    app.scenes.push("settings")
    app.stack.apply_pending()
    wait(app, SILENCE)
    assert type(app.stack.top).__name__ == "SettingsScene"


def test_the_title_screen_goes_to_the_demo_when_the_idle_option_is_on() -> None:
    app = make()
    app.stack.clear_to(TitleScene(app))
    app.stack.apply_pending()
    wait(app, MINUTES * 60 - 10)
    assert isinstance(app.stack.top, TitleScene)
    wait(app, 20)
    assert isinstance(app.stack.top, DemoScene)


def test_the_title_screen_stays_when_the_idle_option_is_off() -> None:
    app = make()
    app.settings.idle_minutes = 0
    app.stack.clear_to(TitleScene(app))
    app.stack.apply_pending()
    wait(app, SILENCE)
    assert isinstance(app.stack.top, TitleScene)


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_a_kiosk_takes_an_abandoned_table_back_to_the_demo(game_id: str, mode_id: str) -> None:
    """A booth: the visitor walked away (their game is forgotten, issue 12)."""
    app = make(kiosk=True)
    open_on_stack(app, human_match(game_id, mode_id))
    wait(app, MINUTES * 60 + 10)
    assert isinstance(app.stack.top, DemoScene) and len(app.stack) == 1
