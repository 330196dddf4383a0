"""Replay viewer and replay list details (issue 34, P-GI-27): a replayed position
never says a computer seat "is thinking" (nobody plays a replay), a finished game
kept as a replay is listed once (not again as its autosave), and a game's rows and
position say its own word for a round (Thất Thánh Triệu Hồi: "Hiệp")."""

from __future__ import annotations

import pygame
import pytest

import game
from game import new_match
from game.ai import bots
from game.core.match import Match
from game.core.rng import Rng
from saves import replays, store
from scenes.app import App, LaunchOptions
from scenes.replay import ReplayScene
from scenes.replay_list import ReplayListScene

DT = 1 / 60


def finished(game_id: str, control: str, seed: int) -> Match:
    config = game.info(game_id).default_config(None, 2, names=["An", "Bình"], control=control)
    match = new_match(game_id, config, seed)
    bot, rng = bots.make("greedy"), Rng(seed)
    while (seat := match.to_move) is not None:
        match.apply(bot.choose(match.rules, match.state, seat, rng))
    return match


@pytest.fixture(scope="module")
def gi_game() -> Match:
    return finished("invokation", "ai", 4)


def make(lang: str = "vi") -> App:
    app = App(LaunchOptions(lang=lang, size=(1280, 720), seed=5, save_settings=False))
    app.settings.anim_speed = 40.0
    return app


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_replayed_computer_seat_is_not_thinking(gi_game: Match, lang: str) -> None:
    app = make(lang)
    scene = ReplayScene(app, gi_game)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    thinking = app.tr("table.banner.thinking", name="").strip(" …").split()[-1]
    seen = 0
    for pos in (0, 3, 10, 25, len(gi_game.log) // 2):
        scene.go(pos)
        for _ in range(40):  # past the step's animations
            app.step([], DT)
        table = scene.table
        assert table is not None and table.to_move is not None
        assert table.match.seats[table.to_move].is_ai
        seen += 1
        assert thinking not in table.banner.prompt, (pos, table.banner.prompt)
    assert seen


def test_a_kept_finished_game_is_listed_once(gi_game: Match) -> None:
    replays.keep(gi_game, 10)
    store.autosave(gi_game)
    store.flush_writes()
    other = finished("manasurge", "ai", 8)
    store.autosave(other)  # another game's autosave stays listed
    store.flush_writes()
    app = make()
    scene = ReplayListScene(app)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    kinds = [(kind, info.game) for kind, info in scene.entries]
    assert kinds.count(("kept", "invokation")) == 1
    assert ("autosave", "invokation") not in kinds
    assert ("autosave", "manasurge") in kinds


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_rows_and_position_say_the_games_own_round_word(gi_game: Match, lang: str) -> None:
    replays.keep(gi_game, 10)
    app = make(lang)
    scene = ReplayListScene(app)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    kind, info = scene.entries[0]
    own = app.tr("invokation.summary.round_label", round=info.summary["round"])
    assert own in scene.label(kind, info)
    generic = app.tr("saves.label.round", round=info.summary["round"])
    assert generic not in scene.label(kind, info) or generic == own
    viewer = ReplayScene(app, gi_game)
    app.stack.push(viewer)
    app.stack.apply_pending()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="",
                                 scancode=0)], DT)  # fmt: skip
    _, where = viewer.heading()
    assert app.tr("invokation.summary.round_label", round=viewer.timeline.rounds[-1]) in where
