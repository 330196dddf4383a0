"""A scene that arrives on its own takes no press for a moment (play-test D1).

The results screen replaces the table when the last animation ends, and the hand-off
screen comes up when the turn passes: neither was on screen when the player decided
to press.  The Space meant for the ManaSurge round summary, which had just closed by
itself, used to press "Chơi lại" on the results and start a new game at once.  For
``ARRIVAL_GRACE`` seconds after such an arrival every press is swallowed whole (its
repeats, text and release too); after that the scene takes presses as usual."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest
from registry_tables import DT, human_match, open_on_stack
from test_one_press import _hotseat_modes

from scenes.handoff import HandoffScene
from scenes.presses import ARRIVAL_GRACE
from scenes.results import ResultsScene

GRACE_FRAMES = int(ARRIVAL_GRACE / DT) + 2


def _press(app: Any, key: int, text: str) -> None:
    """Down, the text it types and the release, all in one frame."""
    app.step(
        [
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0),
            pygame.event.Event(pygame.TEXTINPUT, text=text),
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0),
        ],
        DT,
    )


def _reveal(app: Any) -> None:
    for _ in range(GRACE_FRAMES):
        app.step([], DT)
    _press(app, pygame.K_RETURN, "\r")


def _play_to_the_results(app: Any) -> ResultsScene:
    """A two-player ManaSurge game of random moves, played until the results arrive."""
    match = human_match("manasurge", "ffa", 2, seed=5)
    table = open_on_stack(app, match)
    rng = random.Random(1)
    for _ in range(100_000):
        app.step([], DT)
        if isinstance(app.stack.top, HandoffScene):
            _reveal(app)
        elif isinstance(app.stack.top, ResultsScene):
            return app.stack.top
        elif table.in_control and match.outcome() is None:
            table.submit(rng.choice(match.legal_actions()))
    pytest.fail("the game never reached its results")


def test_the_space_meant_for_the_last_round_summary_leaves_the_results_on_screen(
    make_app: Any,
) -> None:  # MS-6.2: the round summary; the game's end shows its results
    app = make_app()
    app.presses.grace = ARRIVAL_GRACE  # a person's reaction, as in the game
    results = _play_to_the_results(app)
    _press(app, pygame.K_SPACE, " ")  # meant for the summary that closed by itself
    for _ in range(3):
        app.step([], DT)
    assert app.stack.top is results, "the press reached the results' first button"
    for _ in range(GRACE_FRAMES):
        app.step([], DT)
    _press(app, pygame.K_RETURN, "\r")  # a press made while looking at the results
    app.step([], DT)
    assert app.stack.top is not results, "the results never took a press"


@pytest.mark.parametrize(("game_id", "mode_id", "players"), _hotseat_modes())
def test_a_press_as_the_hand_off_arrives_does_not_reveal_the_hand(
    make_app: Any, game_id: str, mode_id: str, players: int
) -> None:
    app = make_app()
    app.presses.grace = ARRIVAL_GRACE  # a person's reaction, as in the game
    table = open_on_stack(app, human_match(game_id, mode_id, players))
    for _ in range(200):
        app.step([], DT)
        if isinstance(app.stack.top, HandoffScene):
            break
    else:
        pytest.skip(f"{game_id} {mode_id}: no hand-off with {players} humans")
    handoff = app.stack.top
    _press(app, pygame.K_RETURN, "\r")
    app.step([], DT)
    assert app.stack.top is handoff and table.revealed_to is None
    _reveal(app)
    app.step([], DT)
    assert app.stack.top is table and table.revealed_to is not None


def test_space_on_the_results_starts_nothing_and_enter_plays_again(make_app: Any) -> None:
    """Space skips animations at the table; on the results it presses nothing, however
    long after they appeared (play-test P2-4); Enter presses the focused "Chơi lại"."""
    app = make_app()
    results = _play_to_the_results(app)
    for _ in range(GRACE_FRAMES * 4):
        app.step([], DT)
    _press(app, pygame.K_SPACE, " ")
    app.step([], DT)
    assert app.stack.top is results, "Space started a new game"
    _press(app, pygame.K_RETURN, "\r")
    app.step([], DT)
    assert app.stack.top is not results, "Enter did not play again"
