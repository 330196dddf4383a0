"""Game select: the games of the table registry with a picture and a one-line pitch.

A game with a table and public rules is playable; choosing it opens its registry
entry's ``chooser`` (Sử Hộ Vương: cards, Story, companion) or the seat screen.  A
game with no table yet is shown as "coming next": it takes the focus, so ← / → walk
the cards in their row order, but choosing it shakes the card and says it is not
playable yet; a hidden test game is not shown (``scenes.table.registry``).  ↓ goes
to Back, ↑ back to the cards."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from scenes import decks as decks_ui
from scenes import text, theme
from scenes.surfaces import MB, cached
from scenes.table import registry
from scenes.ui.art import game_picture
from scenes.ui.menu import FocusScene, draw_background, draw_heading, draw_hint, draw_lines
from scenes.ui.widgets import MIN_TEXT, Button, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App


@dataclass(frozen=True)
class GameEntry:
    id: str
    name_key: str
    pitch_key: str
    playable: bool


def entries() -> list[GameEntry]:
    """The listed games in registry order: a playable game's name and pitch come
    from its own translations, a coming one's from the shell's (``ui.games``)."""
    out = []
    for entry, playable in registry.listed():
        gid = entry.game_id
        prefix = gid if playable else f"ui.games.{gid}"
        out.append(GameEntry(gid, f"{prefix}.name", f"{prefix}.pitch", playable))
    return out


@cached(8 * MB)
def _picture(game_id: str, w: int, h: int, enabled: bool) -> pygame.Surface:
    pic = game_picture(game_id, w, h)
    if not enabled:  # greyed: a game that is not playable yet
        pic = pic.copy()
        pic.fill((110, 110, 110), special_flags=pygame.BLEND_RGB_MULT)
    return pic


class GameCard:
    """A selectable panel: picture, name, pitch (and a "coming next" ribbon)."""

    def __init__(
        self,
        app: App,
        entry: GameEntry,
        rect: pygame.Rect,
        on_pick: Callable[[], None],
        on_decks: Callable[[], None] | None = None,
    ) -> None:
        self.app = app
        self.entry = entry
        self.rect = rect
        self.on_pick = on_pick
        self.on_decks = on_decks  # a game with deck building: a second pill (its decks)
        self.enabled = True  # focusable even when not playable (issue 11.25)
        self.playable = entry.playable
        self.name = entry.id
        self.focused = False
        self.hover = False
        self.nudge = 0.0  # seconds of not-yet feedback left

    NUDGE = 0.5

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.rect.collidepoint(event.pos)
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            decks = self.pills()[1]
            if self.on_decks is not None and decks is not None and decks.collidepoint(event.pos):
                self.on_decks()
            else:
                self.activate()
            return True
        return False

    def _tag(self, key: str, ink: tuple[int, int, int]) -> tuple[pygame.Surface, pygame.Rect]:
        """A pill's words, and the pill around them (centred at the bottom)."""
        app, r = self.app, self.rect
        pad = app.px(14)
        tag = app.tr(key)
        room = r.width - 2 * pad if self.on_decks is None else (r.width - 3 * pad) // 2
        size = text.fit_size(tag, app.px(18), room - app.px(24), bold=True)
        words = text.render(tag, size, ink, bold=True)
        pill = words.get_rect().inflate(app.px(24), app.px(10))
        pill.midbottom = (r.centerx, r.bottom - pad + app.px(5))
        return words, pill

    def pills(self) -> tuple[pygame.Rect, pygame.Rect | None]:
        """Where the Play pill and the My decks pill (None without one) are."""
        _, play = self._tag("ui.games.play" if self.playable else "ui.games.coming", theme.TEXT)
        if self.on_decks is None:
            return play, None
        _, decks = self._tag("ui.games.decks", theme.TEXT)
        gap = self.app.px(10)
        left = self.rect.centerx - (play.w + gap + decks.w) // 2
        play.x, decks.x = left, left + play.w + gap
        return play, decks

    def activate(self) -> None:
        if not self.playable:
            self.nudge = self.NUDGE
        self.on_pick()  # the scene opens the setup, or says not yet

    def update(self, dt: float) -> None:
        self.nudge = max(0.0, self.nudge - dt)

    def draw(self, surface: pygame.Surface) -> None:
        app, r = self.app, self.rect
        if self.nudge > 0:  # not yet: a short sideways shake
            r = r.move(round(math.sin(self.nudge * 45) * self.nudge * app.px(24)), 0)
        lit = self.playable and (self.focused or self.hover)
        radius = app.px(14)
        fill = (34, 44, 58) if lit else (24, 30, 40)
        draw_panel(surface, r, fill=fill, edge=fill, radius=radius, alpha=240 if lit else 230)
        pad = app.px(14)
        pic_h = int(r.width * 0.62)
        pic = _picture(self.entry.id, r.width - 2 * pad, pic_h, self.playable)
        surface.blit(pic, (r.x + pad, r.y + pad))
        y = r.y + pad + pic_h + app.px(12)
        name = app.tr(self.entry.name_key)
        size = text.fit_size(name, app.px(28), r.width - 2 * pad, bold=True)
        color = theme.ACCENT if self.playable else theme.TEXT_DIM
        surf = text.render(name, size, color, bold=True)
        surface.blit(surf, surf.get_rect(midtop=(r.centerx, y)))
        y += surf.get_height() + app.px(8)
        area = pygame.Rect(r.x + pad, y, r.width - 2 * pad, 0)
        draw_lines(
            surface,
            app.tr(self.entry.pitch_key),
            area,
            app.px(18),
            theme.TEXT if self.playable else theme.TEXT_DIM,
            center=True,
        )
        play, decks = self.pills()
        shift = (r.x - self.rect.x, 0)  # the not-yet shake
        play_ink = (20, 20, 20) if self.playable else theme.TEXT
        ts, _ = self._tag("ui.games.play" if self.playable else "ui.games.coming", play_ink)
        fill = (theme.ACCENT if lit else theme.ACCENT_DARK) if self.playable else (70, 74, 84)
        pill = play.move(shift)
        pygame.draw.rect(surface, fill, pill, border_radius=pill.height // 2)
        surface.blit(ts, ts.get_rect(center=pill.center))
        if decks is not None:
            ds, _ = self._tag("ui.games.decks", theme.TEXT)
            pill = decks.move(shift)
            pygame.draw.rect(surface, theme.PANEL, pill, border_radius=pill.height // 2)
            pygame.draw.rect(surface, fill, pill, 2, border_radius=pill.height // 2)
            surface.blit(ds, ds.get_rect(center=pill.center))
        edge = (
            theme.FOCUS if self.focused else (theme.PANEL_EDGE if self.playable else (60, 64, 72))
        )
        pygame.draw.rect(surface, edge, r, width=3 if self.focused else 1, border_radius=radius)


class GameSelectScene(FocusScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.notice = ""  # the not-playable-yet line after choosing a coming game
        self.notice_time = 0.0
        self.notice_at = (0, 0)
        self.last_card = ""

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        games = entries()
        gap = app.px(24)
        cw = min(app.px(360), (w - app.px(60) - gap * (len(games) - 1)) // len(games))
        ch = min(int(h * 0.66), int(cw * 1.45))
        total = len(games) * cw + (len(games) - 1) * gap
        x0, y0 = (w - total) // 2, int(h * 0.2)
        old = self.focus.current.name if self.focus.current else None
        widgets: list[Any] = []
        for i, entry in enumerate(games):
            rect = pygame.Rect(x0 + i * (cw + gap), y0, cw, ch)
            decks = partial(self.open_decks, entry.id) if decks_ui.supported(entry.id) else None
            widgets.append(GameCard(app, entry, rect, partial(self.pick, entry.id), decks))
        self.notice_at = (w // 2, y0 - app.px(8))
        back = pygame.Rect(0, 0, app.px(220), app.px(46))
        back.midtop = (w // 2, min(y0 + ch + app.px(20), h - app.px(46) - app.px(34)))
        widgets.append(
            Button(app.tr("ui.common.back"), self.back, back, font_size=app.px(20), name="back")
        )
        self.focus.set(widgets, focus=old)

    def enter(self) -> None:
        super().enter()
        first = next((c.name for c in self.cards() if c.playable), "back")
        self.focus.focus_name(first)

    def cards(self) -> list[GameCard]:
        return [w for w in self.focus.buttons if isinstance(w, GameCard)]

    def open_decks(self, game_id: str) -> None:
        """The game's deck library (issue 14): build decks without starting a match."""
        from scenes.decks.library import DeckLibraryScene

        self.app.stack.push(DeckLibraryScene(self.app, game_id))

    def pick(self, game_id: str) -> None:
        from scenes.seats import SeatSetupScene

        if not any(c.playable for c in self.cards() if c.name == game_id):
            name = next(self.app.tr(c.entry.name_key) for c in self.cards() if c.name == game_id)
            self.notice = self.app.tr("ui.games.not_yet", game=name)
            self.notice_time = 2.5
            return
        chooser = registry.chooser(game_id)  # a game with several ways to play
        if chooser is not None:
            self.app.stack.push(chooser(self.app))
            return
        self.app.stack.push(SeatSetupScene(self.app, game_id))

    def handle(self, event: pygame.event.Event) -> bool:
        """← / → walk the cards (no wrap onto Back); ↓ goes to Back, ↑ returns."""
        cur = self.focus.current
        names = [c.name for c in self.cards()]
        if event.type == pygame.KEYDOWN and names and cur is not None:
            key, on_card = event.key, cur.name in names
            if on_card and key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if key == pygame.K_RIGHT else -1
                i = max(0, min(len(names) - 1, names.index(cur.name) + step))
                self.focus.focus_name(names[i])
                return True
            if on_card and key == pygame.K_d and isinstance(cur, GameCard) and cur.on_decks:
                cur.on_decks()
                return True
            if on_card and key == pygame.K_DOWN:
                self.last_card = cur.name
                self.focus.focus_name("back")
                return True
            if not on_card and key in (pygame.K_UP, pygame.K_LEFT, pygame.K_RIGHT):
                self.focus.focus_name(self.last_card if self.last_card in names else names[0])
                return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.notice_time = max(0.0, self.notice_time - dt)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        draw_background(surface)
        draw_heading(surface, app.tr("ui.games.title"), (w // 2, int(h * 0.1)), app.px(48), w)
        self.focus.draw(surface)
        if self.notice_time > 0 and self.notice:
            size = max(MIN_TEXT, app.px(18))
            size = text.fit_size(self.notice, size, w - app.px(40), min_size=MIN_TEXT)
            surf = text.render(self.notice, size, theme.TEXT, bold=True)
            at = surf.get_rect(midbottom=self.notice_at)
            draw_panel(surface, at.inflate(app.px(24), app.px(10)), radius=app.px(10), alpha=245)
            surface.blit(surf, at)
        draw_hint(surface, app, app.tr("ui.games.keys"))
