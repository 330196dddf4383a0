"""Kiosk and demo texts that apply (issue 34, P-GI-30): the kiosk title offers no
F11 (kiosk mode ignores it), and a watched table offers no key to a player (the
round summary's "press Space", the co-op "Skip (S)")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

import game
from game import new_match
from scenes import title as title_mod
from scenes.app import App, LaunchOptions
from scenes.table import open_table
from scenes.title import TitleScene
from scenes.watch import is_watched, watched


def make(kiosk: bool = False, lang: str = "vi") -> App:
    app = App(LaunchOptions(lang=lang, size=(1280, 720), seed=3, save_settings=False,
                            kiosk=kiosk))  # fmt: skip
    app.settings.anim_speed = 40.0
    app.settings.ai_delay = 0.0
    return app


def test_the_kiosk_hint_exists_and_names_no_f11() -> None:
    for lang in ("vi", "en"):
        words = make(lang=lang).tr("demo.kiosk_keys")
        assert "F11" not in words and "Enter" in words


def test_a_watched_table_says_so_and_a_played_one_does_not() -> None:
    app = make()
    info = game.info("manasurge")
    config = info.default_config(None, 3, names=["An", "Bình", "Châu"], control="ai")
    played = open_table(app, new_match("manasurge", config, 3))
    assert not is_watched(played)
    assert is_watched(watched(open_table(app, new_match("manasurge", config, 3))))


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_kiosk_title_offers_no_f11(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make(kiosk=True, lang=lang)
    seen: list[str] = []
    monkeypatch.setattr(title_mod, "draw_hint", lambda surface, app, words: seen.append(words))
    app.stack.clear_to(TitleScene(app))
    app.stack.apply_pending()
    app.step([], 1 / 60)
    assert seen and all("F11" not in words for words in seen)


def test_a_watched_round_summary_asks_for_no_key(monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.table.manasurge import animations

    app = make()
    info = game.info("manasurge")
    config = info.default_config(None, 3, names=["An", "Bình", "Châu"], control="ai")
    table: Any = watched(open_table(app, new_match("manasurge", config, 3)))
    app.stack.clear_to(table)
    app.stack.apply_pending()
    feet: list[str] = []

    def record(surface: Any, rect: Any, title: Any, lines: Any, foot: str, *rest: Any) -> None:
        feet.append(foot)

    monkeypatch.setattr(animations, "draw_summary", record)
    table.summary = {"round": 1}
    table.animations._draw_summary(pygame.Surface(app.size), 0.5)
    assert feet == [""]
