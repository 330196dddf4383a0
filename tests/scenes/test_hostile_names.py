"""Hostile seat names at every game's table (issue 13 item 2): a name with NUL,
a lone surrogate, an escape sequence, a right-to-left override or 10,000
letters — what a hand-edited save or a script could bring — is drawn (cleaned
or cut), never raises, and never makes a frame slow; text fitting is a binary
search, so cutting a 10,000-letter name takes a few measurements."""

from __future__ import annotations

import random
import time
from typing import Any

import pygame
import pytest

import game
from game import new_match
from game.core.match import Match
from scenes import text

HOSTILE = (
    "An\x00nul",
    "lone \ud800 surrogate",
    "W" * 10_000,
    "esc \x1b[31m red",
    "rtl \u202egnp.exe",
    "Nguye\u0302\u0303n",  # NFD: NFC-normalised before drawing
    "tab\tnew\nline",
    "😀" * 300,
)
SLOW_FRAME = 0.5
"""Seconds of main-thread CPU a frame may take (as the monkey test)."""


def _table_params() -> list[Any]:
    from scenes.table import registry

    out = []
    for game_id in registry.with_table():
        for mode in game.info(game_id).modes:
            players = max(mode.player_counts)
            out.append(pytest.param(game_id, mode.id, players, id=f"{game_id}-{mode.id}-{players}"))
    return out


def _match(game_id: str, mode: str, players: int, moves: int) -> Match:
    rules = game.get(game_id)
    names = [HOSTILE[i % len(HOSTILE)] for i in range(players)]
    config = rules.info.default_config(mode, players, names=names, control="human")
    match = new_match(game_id, config, 1313)
    rng = random.Random(13)
    for _ in range(moves):
        if match.to_move is None:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def _frame(app: Any, events: list[pygame.event.Event]) -> float:
    cpu = time.thread_time()
    app.step(events, 1 / 60)
    return time.thread_time() - cpu


@pytest.mark.parametrize(("game_id", "mode", "players"), _table_params())
def test_hostile_seat_names_at_every_table(
    make_app: Any, game_id: str, mode: str, players: int
) -> None:
    """The table opens (at the start and 25 actions in), draws, takes keys and
    the mouse with fast frames, and its autosave is written and loads again."""
    from saves import store
    from scenes.table import open_table

    for moves in (0, 25):
        app = make_app(size=(1024, 600))
        match = _match(game_id, mode, players, moves)
        app.stack.push(open_table(app, match))
        app.stack.apply_pending()
        slowest = 0.0
        keys = [pygame.K_RETURN, pygame.K_TAB, pygame.K_RIGHT, pygame.K_SPACE]
        for i in range(12):
            k = keys[i % len(keys)]
            event = pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
            slowest = max(slowest, _frame(app, [event] if i % 3 == 0 else []))
        for pos in ((40, 40), (512, 300), (980, 560), (300, 520)):
            motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            slowest = max(slowest, _frame(app, [motion]))
        assert slowest <= SLOW_FRAME, f"a frame took {slowest:.2f} s of CPU"
        path = store.autosave(match)
        assert store.flush_writes() == []
        again = store.load_match(path)
        assert [s.name for s in again.seats] == [s.name for s in match.seats]


class _Counting:
    """A font that counts its measurements (``size``)."""

    def __init__(self, real: pygame.font.Font, counter: list[int]) -> None:
        self._real, self._counter = real, counter

    def size(self, words: str) -> tuple[int, int]:
        self._counter[0] += 1
        return self._real.size(words)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


@pytest.fixture
def measured(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    counter = [0]
    real = text.font

    def counting(
        size: int, bold: bool = False, condensed: bool = False, display: bool = False
    ) -> Any:
        return _Counting(real(size, bold, condensed, display), counter)

    monkeypatch.setattr(text, "font", counting)
    text.forget()  # measured afresh with the counting font
    return counter


def test_an_owner_tag_cuts_a_long_name_in_few_measurements(measured: list[int]) -> None:
    from scenes.table.cards import draw_owner_tag

    pygame.font.init()
    surface = pygame.Surface((400, 300))
    card = pygame.Rect(20, 20, 90, 130)
    draw_owner_tag(surface, card, 90, "W" * 10_000, (200, 180, 40), lambda v: int(v))
    assert 0 < measured[0] <= 60
    measured[0] = 0
    draw_owner_tag(surface, card, 90, "An\x00\ud800", (200, 180, 40), lambda v: int(v))
    assert measured[0] <= 60


def test_fitted_text_cuts_a_long_text_in_few_measurements(measured: list[int]) -> None:
    from scenes.table.fitted import fit_text

    pygame.font.init()
    surface = pygame.Surface((400, 300))
    fit_text(surface, "W" * 10_000, pygame.Rect(10, 10, 120, 20), 14, (255, 255, 255))
    assert 0 < measured[0] <= 60
