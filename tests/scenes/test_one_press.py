"""Guard of issue 34 major 9 (P-GI-3): a press that closes something does nothing
else.  A key held a little long repeats, Space also types " ", a click ends with a
release: none of that may reach what the first part of the press uncovered (the
next lead's direction button under the ManaSurge round summary, the first button of
a table behind its hand-off screen).  Every table and mode of the registry is
checked with each of its overlays: the animations (round summaries, banners), the
hand-off screen, the pause menu, the pinned zoom."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest
from registry_tables import DT, human_match, open_on_stack, play_until, table_modes

import game
from scenes.handoff import HandoffScene
from scenes.pause import PauseScene
from scenes.table.anim import Anim
from scenes.table.kittable import KitTable

REPEAT_FRAMES = 24  # the first repeat comes 350 ms after the press (App: set_repeat)


def _keydown(k: int, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)


def hold_key(app: Any, k: int, text: str = "", *, held: set[int]) -> None:
    """A real press of ``k`` held long enough to repeat once: down (and the text it
    types), a repeat while the keyboard says it is held, then the release."""
    press = [_keydown(k, text)]
    if text:
        press.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
    held.add(k)
    app.step(press, DT)
    for _ in range(REPEAT_FRAMES):
        app.step([], DT)
    app.step([_keydown(k, text)], DT)  # the key repeat
    held.discard(k)
    app.step([pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0)], DT)


def click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], DT)


def keyboard(app: Any) -> set[int]:
    """The keys the (test's) keyboard reports held: ``app.presses`` asks it."""
    held: set[int] = set()
    app.presses.held = lambda k: k in held
    return held


def snapshot(app: Any, table: Any) -> tuple[Any, ...]:
    """What a stray press would change: the moves, the buttons (toggles name their
    state), the picks, the focus of a table's own button ring, the scene on top."""
    picks = dict(table.input.picker.picked) if hasattr(table, "input") else {}
    ring = getattr(table, "focus", None)
    ring_labels = [getattr(b, "label", "") for b in getattr(ring, "buttons", [])]
    return (
        len(table.match.log),
        [b.label for b in table.bar.buttons],
        picks,
        ring_labels,
        type(app.stack.top).__name__,
    )


def _has_buttons(table: Any) -> bool:
    ring = getattr(table, "focus", None)
    return bool(table.bar.buttons) or bool(getattr(ring, "buttons", []))


# -- the finding itself ---------------------------------------------------------------------
def test_space_that_closes_the_round_summary_leaves_the_next_lead_clockwise(
    make_app: Any,
) -> None:
    """P-GI-3: the summary closes with Space; the lead's direction stays at the rules'
    default (MS-4.4) while Space is held long enough to repeat, and types " "."""
    app = make_app()
    app.settings.anim_speed = 1.0  # the summary stays up for its 4 seconds
    held = keyboard(app)
    match = human_match("manasurge", "ffa", 3, seed=5)
    table = open_on_stack(app, match)
    rng = random.Random(1)
    for _ in range(20000):
        app.step([], DT)
        if isinstance(app.stack.top, HandoffScene):
            app.step([_keydown(pygame.K_RETURN)], DT)
            app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)], DT)
            continue
        if table.summary is not None and table.revealed_to == match.to_move:
            break
        if table.in_control:
            table.submit(rng.choice(match.legal_actions()))
    else:
        pytest.fail("no round summary before the next human lead")
    moves = len(match.log)
    hold_key(app, pygame.K_SPACE, " ", held=held)
    for _ in range(10):
        app.step([], DT)
    assert table.summary is None and table.in_control
    assert table.lead_dir == 1 and len(match.log) == moves
    clockwise = app.tr("table.dir.toggle", dir=app.tr("table.dir.cw"))
    assert any(b.label.endswith(clockwise) for b in table.bar.buttons)


# -- every table, every mode ------------------------------------------------------------------
@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_a_held_space_that_skips_the_animations_does_nothing_else(
    make_app: Any, game_id: str, mode_id: str
) -> None:
    app = make_app()
    held = keyboard(app)
    table = open_on_stack(app, human_match(game_id, mode_id))
    assert play_until(app, table, _has_buttons), "the viewer never had a button"
    before = snapshot(app, table)
    table.anims.push(Anim(60.0, name="probe"))  # a round summary, a banner...
    hold_key(app, pygame.K_SPACE, " ", held=held)
    for _ in range(5):
        app.step([], DT)
    assert not table.anims.busy
    assert snapshot(app, table) == before


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_a_click_that_skips_the_animations_does_nothing_else(
    make_app: Any, game_id: str, mode_id: str
) -> None:
    """The release of the click that skipped lands on the button that appeared."""
    app = make_app()
    table = open_on_stack(app, human_match(game_id, mode_id))
    assert play_until(app, table, _has_buttons), "the viewer never had a button"
    ring = getattr(table, "focus", None)
    button = (table.bar.buttons or ring.buttons)[0]
    before = snapshot(app, table)
    table.anims.push(Anim(60.0, name="probe"))
    click(app, button.rect.center)
    for _ in range(5):
        app.step([], DT)
    assert not table.anims.busy
    assert snapshot(app, table) == before


def _hotseat_modes() -> list[Any]:
    out = []
    for param in table_modes():
        game_id, mode_id = param.values
        counts = [n for n in game.info(game_id).mode(mode_id).player_counts if n >= 2]
        if counts:
            out.append(pytest.param(game_id, mode_id, min(counts), id=param.id))
    return out


@pytest.mark.parametrize(("game_id", "mode_id", "players"), _hotseat_modes())
def test_the_held_enter_that_reveals_the_hand_off_does_nothing_at_the_table(
    make_app: Any, game_id: str, mode_id: str, players: int
) -> None:
    app = make_app()
    held = keyboard(app)
    table = open_on_stack(app, human_match(game_id, mode_id, players))
    for _ in range(200):
        app.step([], DT)
        if isinstance(app.stack.top, HandoffScene):
            break
    else:
        pytest.skip(f"{game_id} {mode_id}: no hand-off with {players} humans")
    held.add(pygame.K_RETURN)
    app.step([_keydown(pygame.K_RETURN, "\r")], DT)
    for _ in range(3):
        app.step([], DT)
    assert app.stack.top is table and table.revealed_to is not None
    before = snapshot(app, table)
    for _ in range(REPEAT_FRAMES):
        app.step([], DT)
    app.step([_keydown(pygame.K_RETURN, "\r")], DT)  # the key repeat
    app.step([_keydown(pygame.K_RETURN, "\r")], DT)
    held.discard(pygame.K_RETURN)
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)], DT)
    for _ in range(5):
        app.step([], DT)
    assert snapshot(app, table) == before


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_a_held_esc_opens_the_pause_menu_and_leaves_it_open(
    make_app: Any, game_id: str, mode_id: str
) -> None:
    app = make_app()
    held = keyboard(app)
    table = open_on_stack(app, human_match(game_id, mode_id))
    assert play_until(app, table, lambda t: True)
    hold_key(app, pygame.K_ESCAPE, held=held)
    app.step([], DT)
    assert isinstance(app.stack.top, PauseScene)


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_the_click_that_puts_the_pinned_zoom_away_does_nothing_else(
    make_app: Any, game_id: str, mode_id: str
) -> None:
    app = make_app()
    table = open_on_stack(app, human_match(game_id, mode_id))
    if not isinstance(table, KitTable):
        pytest.skip(f"{game_id} {mode_id}: no card to zoom")
    ready = play_until(app, table, lambda t: len(t.hand.sprites) >= 2 and bool(t.input.lit))
    assert ready, "no hand to point at"
    first, second = table.hand.sprites[0], table.hand.sprites[-1]
    click(app, first.rect.center, button=3)
    assert table.zoom.pinned
    before = snapshot(app, table)
    click(app, second.rect.center)
    app.step([], DT)
    assert not table.zoom.pinned
    assert snapshot(app, table) == before and table.input.source is None
