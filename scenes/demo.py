"""Demo mode for events (issue 12 item 1): computer-vs-computer games in a loop.

``python main.py --demo`` (and Watch > Demo on the title) plays every playable
game and mode in turn — the list is read from the table registry and each
game's ``GameInfo`` (:func:`programme`), so a game that becomes playable joins
the loop by itself.  Every seat is a bot (:func:`demo_bot`: the registry's
bot named in :data:`PREFERRED`, so a stronger level plugs in by name).

The game is the game's own table (``open_table``) made watch-only
(``scenes.watch.watched``), seen from the first seat's side (its hand and dice
face up: every seat is the computer, nothing is secret), drawn below a caption
band that names the game, the mode and the players and, at its right end, says
"press any key to play" in both languages (off the table, so the hand shows).
A game that ends stays on screen for :data:`REST` seconds; one that runs past
:data:`GAME_LIMIT` seconds gives way to the next.  Any input goes back to the
title, which offers to play the game just shown against the computer.
"""

from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

import game
from game import new_match
from game.ai.bots import BOTS
from game.i18n import LANGS, t
from scenes import text, theme
from scenes.scene import Scene
from scenes.table import open_table, registry
from scenes.watch import seat_names, watched

if TYPE_CHECKING:
    from scenes.scene import App
    from scenes.table.base import TableScene

log = logging.getLogger(__name__)

REST = 6.0
"""Seconds a finished demo game stays on screen before the next one."""
GAME_LIMIT = 150.0
"""Seconds a demo game may run before the next game takes over: a booth's
passer-by stays a few minutes and should see more than one game (P-GI-17)."""
PREFERRED = ("greedy",)
"""Bots the demo seats play, best first; the first one registered in
``game.ai.bots.BOTS`` is used (an AI level registered later goes first here)."""
WATCH_PLAYERS = 3
"""The demo seats the player count of a mode closest to this (ties: more)."""

_next_index = 0  # the next demo game, kept across visits so the loop goes on


@dataclass(frozen=True)
class DemoGame:
    """One entry of the loop: a game and one of its modes."""

    game_id: str
    mode_id: str


def programme() -> list[DemoGame]:
    """Every playable game and each of its modes, in menu order."""
    out: list[DemoGame] = []
    for game_id in registry.playable():
        info = game.info(game_id)
        out.extend(DemoGame(game_id, mode.id) for mode in info.modes)
    return out


def demo_bot() -> str:
    for name in PREFERRED:
        if name in BOTS:
            return name
    return next(iter(BOTS))


def watch_count(counts: tuple[int, ...]) -> int:
    return min(counts, key=lambda n: (abs(n - WATCH_PLAYERS), -n))


def demo_config(entry: DemoGame, lang: str, rng: random.Random) -> dict[str, Any]:
    """A config where every seat is the demo bot; each mode choice (the boss)
    is drawn at random so the loop shows some variety."""
    info = game.info(entry.game_id)
    mode = info.mode(entry.mode_id)
    names = [n.strip() for n in t("ui.seats.default_names", lang).split(",")]
    config = info.default_config(
        mode.id, watch_count(mode.player_counts), names=names, control="ai", bot=demo_bot()
    )
    for choice in mode.choices:
        config[choice.id] = rng.choice([value for value, _ in choice.options])
    return config


def quick_config(entry: DemoGame, lang: str) -> dict[str, Any]:
    """The quick start the title offers after the demo: the same game and mode,
    seat 1 a human, the rest the computer."""
    config = demo_config(entry, lang, random.Random())
    seats = config["seats"]
    seats[0]["control"] = "human"
    return config


class DemoScene(Scene):
    """The demo loop (see the module docstring).  ``is_demo`` tells the idle
    timer (``scenes.booth``) the demo is already on."""

    is_demo = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = programme()
        self.table: TableScene | None = None
        self.entry: DemoGame | None = None
        self.elapsed = 0.0
        self.rest = 0.0
        self.clock = 0.0
        self.played = 0  # games started (tests)
        self.band = pygame.Rect(0, 0, 0, 0)

    # -- the loop ---------------------------------------------------------------------
    def enter(self) -> None:
        self.next_game()

    def exit(self) -> None:
        if self.table is not None:
            self.table.exit()

    def next_game(self) -> None:
        global _next_index
        if self.table is not None:
            self.table.exit()
        entry = self.games[_next_index % len(self.games)]
        _next_index += 1
        base = self.app.seed if self.app.seed is not None else random.randrange(1, 2**32)
        seed = (base + self.played * 7919) % 2**63
        config = demo_config(entry, self.app.tr.lang, random.Random(seed))
        self.entry = entry
        self.table = watched(open_table(self.app, new_match(entry.game_id, config, seed)))
        self.elapsed = self.rest = 0.0
        self.played += 1
        self.table.enter()
        self.resize(self.app.size)
        # watched from the first seat's side: its hand and its dice face up, as the
        # player who sits down will see them (P-GI-16); every seat is the computer,
        # so nothing is secret from a visitor
        self.table.revealed_to = self.table.viewer
        self.table.refresh_view(animate=False)

    def wake(self) -> None:
        """A visitor: back to the title, which offers this game at once."""
        offer = self.entry
        self.app.scenes.clear_to("title", offer=offer)

    # -- frame ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            return True  # the booth counts real moves as input; a jitter is nothing
        if self.app.booth.is_input(event):
            self.wake()
        return True

    def update(self, dt: float) -> None:
        self.clock += dt
        table = self.table
        if table is None:
            return
        self.elapsed += dt
        try:
            table.update(dt)
        except Exception:  # a demo must go on: log it, show the next game
            log.exception("demo game %s failed; next game", self.entry)
            self.next_game()
            return
        table.zoom.hover(None, None, None, dt)  # a resting pointer opens no zoom (P-GI-15)
        if table.finished:
            self.rest += dt
        if self.rest >= REST or self.elapsed >= GAME_LIMIT:
            self.next_game()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.band = pygame.Rect(0, 0, w, self.app.px(74))
        if self.table is not None:
            self.table.resize((w, h - self.band.height))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self.table is not None:
            area = pygame.Rect(0, self.band.height, w, h - self.band.height)
            self.table.draw(surface.subsurface(area))
        self.draw_caption(surface)
        self.draw_press(surface)

    # -- words --------------------------------------------------------------------------
    def caption(self) -> tuple[str, str]:
        """(game and mode, players and mode choices) of the game shown."""
        tr = self.app.tr
        if self.entry is None or self.table is None:
            return "", ""
        info = game.info(self.entry.game_id)
        mode = info.mode(self.entry.mode_id)
        title = tr(f"{self.entry.game_id}.name")
        if len(info.modes) > 1:
            title = tr("demo.caption.mode", game=title, mode=tr(mode.label_key))
        match = self.table.match
        players = seat_names(tr, list(match.seats), teams=mode.teams > 1)
        extra = []
        for choice in mode.choices:
            label = dict(choice.options).get(str(match.config.get(choice.id)))
            if label is not None:
                extra.append(tr("demo.caption.choice", label=tr(choice.label_key), value=tr(label)))
        line = tr("demo.caption.players", players=players)
        return title, " · ".join([line, *extra])

    def press_rect(self) -> pygame.Rect:
        """The "press any key" pill: the band's right end, off the table."""
        app, band = self.app, self.band
        big, small = self._press_surfaces()
        w = max(big.get_width(), small.get_width()) + app.px(36)
        rect = pygame.Rect(0, 0, w, band.h - app.px(12))
        rect.midright = (band.right - app.px(12), band.centery)
        return rect

    def caption_rooms(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The band's rooms left of the pill for the title (after the tag) and for
        the players' line."""
        app, band = self.app, self.band
        left = app.px(20)
        right = self.press_rect().left - app.px(16)
        tag_w = text.size_of(app.tr("demo.caption.tag"), app.px(15), bold=True)[0]
        half = band.h // 2
        title = pygame.Rect(left + tag_w + app.px(14), band.y, right - left - tag_w - app.px(14),
                            half + app.px(4))  # fmt: skip
        line = pygame.Rect(left, band.y + half, right - left, band.h - half)
        return title, line

    def _press_surfaces(self) -> tuple[pygame.Surface, pygame.Surface]:
        app = self.app
        lang = app.tr.lang
        other = next(lg for lg in LANGS if lg != lang)
        main, second = app.tr("demo.press"), t("demo.press", other)
        room = self.band.w // 2 - app.px(60)  # at most half the band
        big_size = text.fit_size(main, app.px(24), room, bold=True)
        small_size = text.fit_size(second, app.px(15), room, min_size=10)
        return (text.render(main, big_size, theme.ACCENT, bold=True),
                text.render(second, small_size, theme.TEXT))  # fmt: skip

    def draw_caption(self, surface: pygame.Surface) -> None:
        app, band = self.app, self.band
        veil = pygame.Surface(band.size, pygame.SRCALPHA)
        veil.fill((6, 10, 14, 225))
        surface.blit(veil, band.topleft)
        pygame.draw.line(surface, theme.ACCENT_DARK, band.bottomleft, band.bottomright, 2)
        title, line = self.caption()
        title_room, line_room = self.caption_rooms()
        tag = app.tr("demo.caption.tag")
        tag_surf = text.render(tag, app.px(15), theme.ACCENT, bold=True)
        head_size = text.fit_size(title, app.px(28), title_room.w, bold=True)
        head = text.render(text.clip(title, head_size, title_room.w, ellipsis="…", bold=True),
                           head_size, theme.TEXT, bold=True)  # fmt: skip
        at = head.get_rect(midleft=(title_room.x, title_room.centery))
        surface.blit(head, at)
        surface.blit(tag_surf, tag_surf.get_rect(midleft=(app.px(20), at.centery)))
        size = text.fit_size(line, app.px(19), line_room.w)
        sub = text.render(text.clip(line, size, line_room.w, ellipsis="…"), size, theme.TEXT_DIM)
        surface.blit(sub, sub.get_rect(midleft=(line_room.x, line_room.centery)))

    def draw_press(self, surface: pygame.Surface) -> None:
        """ "Press any key to play" in the player's language, the other one under it,
        in a glowing pill at the band's right end."""
        big, small = self._press_surfaces()
        glow = 0.75 + 0.25 * math.sin(self.clock * 2.4)
        pill = self.press_rect()
        radius = pill.height // 3
        pygame.draw.rect(surface, (20, 16, 8), pill, border_radius=radius)
        edge = tuple(round(c * glow) for c in theme.ACCENT)
        pygame.draw.rect(surface, edge, pill, 2, border_radius=radius)
        big = big.copy()
        big.set_alpha(round(255 * glow))
        gap = max(0, (pill.h - big.get_height() - small.get_height()) // 3)
        surface.blit(big, big.get_rect(midtop=(pill.centerx, pill.y + gap)))
        surface.blit(small, small.get_rect(midbottom=(pill.centerx, pill.bottom - gap)))


def quick_start(app: App, entry: DemoGame) -> None:
    """Open the table of ``entry`` with the visitor in seat 1 against the computer."""
    seed = app.seed if app.seed is not None else random.randrange(1, 2**32)
    match = new_match(entry.game_id, quick_config(entry, app.tr.lang), seed)
    app.stack.clear_to(open_table(app, match))
