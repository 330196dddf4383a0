"""Issue 11 item 23: the results screen shows the final board: a picture of the table
as the game ended, under the panel, as a thumbnail, and full window on B or a click."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

import game
from game import new_match
from game.core.match import Match
from scenes.results import ResultsScene
from scenes.table import open_table

R = game.get("manasurge")

LAST_HIT = {  # MS-6.1: seat 1 cannot beat fireball-8 and takes the hit; seat 0 then
    "players": 2,  # collects the stone on its lead (MS-6.2) and reaches 12 (MS-2.1)
    "caster": 0,
    "table": [{"card": "fireball-8", "seat": 0, "stones": 1}],
    "turn": 1,
    "stones": [11, 3],
    "hands": [["blades-8", "frost-2", "quake-5"], ["quake-2", "lightning-3", "frost-4"]],
}


@pytest.fixture
def app(tmp_path: Any, monkeypatch: Any) -> Any:
    monkeypatch.setenv("BANTHE_SAVE_DIR", str(tmp_path))
    from scenes.app import App, LaunchOptions

    app = App(LaunchOptions(lang="vi", size=(1024, 600), save_settings=False))
    app.settings.anim_speed = 40.0
    app.settings.ai_delay = 0.0
    app.presses.grace = 0.0  # machine-speed presses (tests/scenes/test_arrival_grace.py)
    return app


def _key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def _click(app: Any, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)


def _finish(app: Any) -> tuple[Match, Any, ResultsScene]:
    seats = [{"name": n, "control": "human"} for n in ("An", "Bình")]
    match = new_match("manasurge", {"mode": "ffa", "players": 2, "seats": seats}, 1)
    match.state = R.from_scenario(LAST_HIT)
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    hit = next(a for a in match.legal_actions() if a.kind == "take_hit")
    table.submit(hit)
    for _ in range(600):
        app.step([], 1 / 60)
        if isinstance(app.stack.top, ResultsScene):
            break
    results = app.stack.top
    assert isinstance(results, ResultsScene) and match.outcome() is not None
    assert list(match.outcome().winners) == [0]
    return match, table, results


def test_the_results_show_the_final_board(app: Any) -> None:
    match, table, results = _finish(app)
    assert results.board is not None and results.board.get_size() == app.size
    # the picture is of the end: the table shows the final scores (12 for An), not the
    # view from before the last action
    assert list(table.shown.pool_purple) == list(match.state.pool_purple)
    assert match.state.pool_purple[0] >= 12 > table.view.pool_purple[1]
    app.step([], 1 / 60)
    assert results.thumb_rect.w > 0 and results.thumb_rect.h >= app.px(70)
    panel = results.panel_rect
    assert panel.contains(results.thumb_rect)
    assert all(not b.rect.colliderect(results.thumb_rect) for b in results.focus.buttons)
    # B: the board fills the window; any key goes back to the results
    app.step([_key(pygame.K_b)], 1 / 60)
    assert results.peek
    shown = app.screen.copy()
    assert shown.get_at((5, 5)) == results.board.get_at((5, 5))
    assert shown.get_at(panel.center) == results.board.get_at(panel.center)
    app.step([_key(pygame.K_RETURN)], 1 / 60)
    assert not results.peek and app.stack.top is results  # Enter did not rematch
    _click(app, results.thumb_rect.center)
    assert results.peek


def test_results_without_a_table_keep_the_old_background(app: Any) -> None:
    match = new_match("manasurge", {"mode": "ffa", "players": 2, "seats": []}, 1)
    results = ResultsScene(app, match)
    assert results.board is None
    app.stack.push(results)
    app.stack.apply_pending()
    app.step([_key(pygame.K_b)], 1 / 60)
    assert not results.peek and results.thumb_rect.w == 0


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_every_column_header_has_one_font_size(size: tuple[int, int], monkeypatch: Any) -> None:
    # Issue 11 item 22: "Số lần cộng hưởng" was drawn smaller than the other headers.
    from scenes import text
    from scenes.app import App, LaunchOptions

    app = App(LaunchOptions(lang="vi", size=size, save_settings=False))
    seats = [{"name": n, "control": "human"} for n in ("An", "Bình", "Châu", "Dũng")]
    match = new_match("manasurge", {"mode": "ffa", "players": 4, "seats": seats}, 1)
    results = ResultsScene(app, match)
    app.stack.push(results)
    app.stack.apply_pending()
    labels = [results.label(key) or key for key, _ in results.columns()]
    assert "Số lần cộng hưởng" in labels
    words = {w for label in labels for w in label.split()}
    sizes: dict[str, int] = {}
    render = text.render

    def spy(label: str, px: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        if label.split() and set(label.split()) <= words and kwargs.get("bold"):
            sizes[label] = px
        return render(label, px, *args, **kwargs)

    monkeypatch.setattr(text, "render", spy)
    app.step([], 1 / 60)
    shown = " ".join(sizes)
    assert all(w in shown for w in words)  # every header was drawn
    assert len(set(sizes.values())) == 1, sizes
