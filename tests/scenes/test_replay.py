"""Issue 12 item 2: the replay viewer and kept replays (headless)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

import game
from game import new_match, replay_match
from game.ai import bots
from game.core.match import Match
from game.core.rng import Rng
from saves import replays, store
from scenes.app import App, LaunchOptions
from scenes.replay import CHECKPOINT, ReplayScene, Timeline

DT = 1 / 60
NAMES = ["An", "Bình", "Châu", "Dũng"]


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def finished(game_id: str, mode: str, players: int, seed: int) -> Match:
    """A whole game between greedy bots (every seat human, as a hot-seat save)."""
    config = game.info(game_id).default_config(
        mode, players, names=NAMES[:players], control="human"
    )
    match = new_match(game_id, config, seed)
    bot, rng = bots.make("greedy"), Rng(seed)
    while (seat := match.to_move) is not None:
        match.apply(bot.choose(match.rules, match.state, seat, rng))
    return match


@pytest.fixture(scope="module")
def ms_game() -> Match:
    return finished("manasurge", "ffa", 3, 21)


def make() -> App:
    app = App(LaunchOptions(lang="vi", size=(1280, 720), seed=5, save_settings=False))
    app.settings.anim_speed = 40.0
    return app


def open_replay(app: App, match: Match, view: int | None = None) -> ReplayScene:
    scene = ReplayScene(app, match, view=view)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    app.step([], DT)
    return scene


def state(scene: ReplayScene) -> Any:
    assert scene.table is not None
    return scene.table.rules.to_json(scene.table.match.state)


def test_positions_are_the_log_replayed_from_the_seed(ms_game: Match) -> None:
    timeline = Timeline(ms_game)
    rules = ms_game.rules
    n = len(timeline)
    assert n > CHECKPOINT  # the checkpoints are used
    for k in (0, 1, CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 5, n - 1, n):
        expect = replay_match("manasurge", ms_game.config, ms_game.seed, ms_game.log[:k])
        assert rules.to_json(timeline.match_at(k).state) == rules.to_json(expect.state)
    assert timeline.final == rules.to_json(ms_game.state)


def test_a_saved_game_stepped_to_the_end_equals_its_final_state(ms_game: Match) -> None:
    path = store.save_match(ms_game, "Ván xem lại")
    loaded = store.load_match(path)
    app = make()
    scene = open_replay(app, loaded)
    assert scene.pos == 0 and scene.table is not None and scene.table.match.log == []
    app.step([key(pygame.K_END)], DT)
    assert scene.pos == len(ms_game.log)
    assert state(scene) == ms_game.rules.to_json(ms_game.state)
    assert scene.table.match.outcome() == ms_game.outcome()
    assert app.stack.top is scene  # a finished game in the viewer shows no results screen


def test_back_then_forward_gives_identical_states_by_action_turn_and_round(
    ms_game: Match,
) -> None:
    app = make()
    scene = open_replay(app, ms_game, view=1)
    app.step([key(pygame.K_DOWN)], DT)  # the next round
    app.step([key(pygame.K_DOWN)], DT)
    assert scene.pos == scene.timeline.round_starts[2]
    for _ in range(4):
        app.step([key(pygame.K_RIGHT)], DT)  # one action each, animated
    here, before = scene.pos, state(scene)
    log_before = list(scene.table.event_log.lines())
    for _ in range(60):  # let the animations write their log lines
        app.step([], DT)
    log_before = list(scene.table.event_log.lines())
    app.step([key(pygame.K_LEFT)], DT)
    assert scene.pos == here - 1 and state(scene) != before
    app.step([key(pygame.K_RIGHT)], DT)
    for _ in range(60):
        app.step([], DT)
    assert scene.pos == here and state(scene) == before
    assert scene.table.event_log.lines() == log_before  # the log is in sync
    app.step([key(pygame.K_RIGHT, pygame.KMOD_LSHIFT)], DT)  # one turn on
    turn_end = scene.pos
    assert turn_end > here and turn_end in scene.timeline.turns
    assert all(a.seat == ms_game.log[here].seat for a in ms_game.log[here:turn_end])
    app.step([key(pygame.K_LEFT, pygame.KMOD_LSHIFT)], DT)
    assert scene.pos < turn_end and state(scene) == scene.timeline.rules.to_json(
        scene.timeline.match_at(scene.pos).state
    )


def _hands(match: Match) -> list[set[int]]:
    state = match.state
    if match.game_id == "shv":
        return [set(p.hand) for p in state.players]
    return [set(hand) for hand in state.hands]


def _spy(real: Any, drawn: set[int]) -> Any:
    """``CardArt.surface`` that notes every card drawn face up."""

    def spy(card: int, size: Any, lang: str, *, face_up: bool = True, **kw: Any) -> Any:
        if face_up and card >= 0:
            drawn.add(card)
        return real(card, size, lang, face_up=face_up, **kw)

    return spy


@pytest.mark.parametrize("game_id", ["manasurge", "shv"])
def test_a_replay_never_draws_another_seats_hidden_cards_face_up(
    game_id: str, ms_game: Match
) -> None:
    whole = ms_game if game_id == "manasurge" else finished("shv", "pvp", 2, 8)
    seats = len(whole.seats)
    app = make()
    for view in (0, None):
        scene = open_replay(app, whole, view=view)
        own_seen = False
        n = len(whole.log)
        for pos in range(1, n - 1, max(1, n // 5)):
            scene.go(pos)
            table = scene.table
            assert table is not None
            drawn: set[int] = set()
            table.art.surface = _spy(table.art.surface, drawn)  # type: ignore[method-assign]
            app.step([key(pygame.K_RIGHT)], DT)  # a step forwards, animated
            app.step([], DT)
            log = whole.log
            after = _hands(replay_match(game_id, whole.config, whole.seed, log[: pos + 1]))
            before = _hands(replay_match(game_id, whole.config, whole.seed, log[:pos]))
            for seat in range(seats):
                if seat != view:
                    assert not drawn & after[seat] & before[seat], (view, pos, seat)
            own_seen = own_seen or (view is not None and bool(drawn & after[view]))
            assert table.eyes == view
        assert own_seen == (view is not None)  # the spy sees the cards that may show


def test_the_view_cycles_through_spectator_and_every_seat(ms_game: Match) -> None:
    app = make()
    scene = open_replay(app, ms_game)
    seen = [scene.table.eyes if scene.table else "?"]
    for _ in range(4):
        app.step([key(pygame.K_v)], DT)
        seen.append(scene.table.eyes if scene.table else "?")
    assert seen == [None, 0, 1, 2, None]


def test_finished_games_are_kept_up_to_the_limit(ms_game: Match, tmp_path: Any) -> None:
    app = make()
    app.settings.replay_keep = 2
    app.scenes.clear_to("results", ms_game)
    app.stack.apply_pending()
    kept = replays.files()
    assert len(kept) == 1 and store.load_match(kept[0]).log == ms_game.log
    app.scenes.clear_to("results", ms_game)  # shown again: kept once
    app.stack.apply_pending()
    assert len(replays.files()) == 1
    others = [finished("manasurge", "ffa", 2, seed) for seed in (1, 2)]
    for match in others:
        replays.keep(match, app.settings.replay_keep)
    assert len(replays.files()) == 2  # the oldest went
    unfinished = new_match("manasurge", ms_game.config, 4)
    assert replays.keep(unfinished, 5) is None
    assert replays.keep(ms_game, 0) is None


def test_the_replay_list_opens_kept_games_and_saves(ms_game: Match) -> None:
    from scenes.replay_list import ReplayListScene

    replays.keep(ms_game, 10)
    store.save_match(ms_game, "Một ván")
    app = make()
    scene = ReplayListScene(app)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    assert [kind for kind, _ in scene.entries] == ["kept", "slot"]
    scene.focus.buttons[0].activate()
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ReplayScene)
    assert app.stack.top.timeline.actions == ms_game.log
