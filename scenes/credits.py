"""Credits (issue 33.7): the icon set, its authors and licence, the fonts and theirs.

The same credits as ``assets/art/CREDITS.md``, in the player's language
(``assets/i18n/<lang>/credits.json``), on a scrollable page: the wheel, the arrows,
PgUp/PgDn, Home/End, a click on the scroll bar's track or a drag of its thumb; Esc,
Backspace or the Back button return.  Opened from the title menu
(``app.scenes.push("credits")``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from scenes import text, theme
from scenes.ui.menu import FocusScene, draw_background, draw_heading, draw_hint
from scenes.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from game.i18n import Translator
    from scenes.scene import App

#: the icon authors as game-icons.net credits them (``assets/art/CREDITS.md``)
AUTHORS = (
    "Lorc", "Delapouite", "John Colburn", "Felbrigg", "John Redman", "Carl Olsen", "Sbed",
    "PriorBlue", "Willdabeast", "Viscious Speed", "Lord Berandas", "Irongamer", "HeavenlyDog",
)  # fmt: skip
#: the licences the page names (the files that carry them: ``LICENSE_FILES``)
LICENSES = ("CC BY 3.0", "SIL Open Font License 1.1", "Bitstream Vera")
LICENSE_FILES = (
    "art/LICENSE-CC-BY-3.0.txt",
    "fonts/LICENSE-BeVietnamPro.txt",
    "fonts/LICENSE-DejaVu.txt",
    "art/CREDITS.md",
)
BULLET = "• "


@dataclass(frozen=True, slots=True)
class Line:
    """One drawn line of the page: its words, surface and place (page coordinates)."""

    words: str
    surface: pygame.Surface
    x: int
    y: int

    @property
    def h(self) -> int:
        return self.surface.get_height()


def paragraphs(tr: Translator) -> list[tuple[str, str]]:
    """The page as (style, words): ``head``, ``body`` or ``item`` (a bullet)."""
    out = [("head", tr("credits.art.heading"))]
    out += [("body", tr("credits.art.body")), ("body", tr("credits.art.license"))]
    out += [("item", tr("credits.art.by", author=author)) for author in AUTHORS]
    out += [("body", tr(f"credits.art.{key}")) for key in ("each", "source")]
    out += [("head", tr("credits.fonts.heading"))]
    out += [("item", tr(f"credits.fonts.{key}")) for key in ("bevietnam", "dejavu")]
    out += [("body", tr("credits.more"))]
    return out


class CreditsScene(FocusScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.lines: list[Line] = []
        self.scroll = 0
        self.doc_h = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.dragging: int | None = None  # the pointer's offset in the thumb while dragged

    # -- layout ------------------------------------------------------------------------------
    def layout(self) -> None:
        app = self.app
        w, h = app.size
        pw = min(w - app.px(40), app.px(900))
        self.panel_rect = pygame.Rect(0, 0, pw, h - app.px(54))
        self.panel_rect.midtop = (w // 2, app.px(14))
        pad, head, bh = app.px(24), app.px(64), app.px(44)
        top = self.panel_rect.y + pad + head
        self.view = pygame.Rect(
            self.panel_rect.x + pad, top, pw - 2 * pad,
            self.panel_rect.bottom - pad - bh - app.px(12) - top,
        )  # fmt: skip
        self.lines, self.doc_h = self.page(self.view.width - app.px(16))
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        back = pygame.Rect(0, 0, app.px(220), bh)
        back.midbottom = (self.panel_rect.centerx, self.panel_rect.bottom - pad)
        label = app.tr("ui.common.back")
        self.focus.set([Button(label, self.back, back, font_size=app.px(20), name="back")])

    def page(self, width: int) -> tuple[list[Line], int]:
        """The page's lines laid out ``width`` wide, and its height."""
        px = self.app.px
        body, head = px(19), px(23)
        lines: list[Line] = []
        y = 0
        for style, words in paragraphs(self.app.tr):
            if style == "head":
                y += px(10) if lines else 0
                size, color, bold, indent = head, theme.ACCENT, True, 0
            else:
                size, color, bold = body, theme.TEXT, False
                indent = text.size_of(BULLET, size)[0] if style == "item" else 0
            shown = BULLET + words if style == "item" else words
            for i, line in enumerate(text.wrap(shown, size, width - indent, bold=bold)):
                surf = text.render(line, size, color, bold=bold)
                lines.append(Line(line, surf, indent if i else 0, y))
                y += text.font(size, bold).get_linesize()
            y += px(4) if style == "item" else px(8)
        return lines, y

    # -- scrolling ---------------------------------------------------------------------------
    @property
    def max_scroll(self) -> int:
        return max(0, self.doc_h - self.view.height)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def track(self) -> pygame.Rect:
        px = self.app.px
        return pygame.Rect(self.view.right - px(6), self.view.y, px(5), self.view.height)

    def thumb(self) -> pygame.Rect:
        track = self.track()
        frac = self.view.height / max(1, self.doc_h)
        thumb_h = min(track.h, max(self.app.px(30), int(track.h * frac)))
        span = max(1, self.max_scroll)
        y = track.y + int((track.h - thumb_h) * self.scroll / span)
        return pygame.Rect(track.x, y, track.w, thumb_h)

    def visible(self) -> list[Line]:
        """The lines wholly in view (no half-cut letters at the edges)."""
        top, bottom = self.scroll, self.scroll + self.view.height
        return [line for line in self.lines if line.y >= top and line.y + line.h <= bottom]

    def _pointer(self, event: pygame.event.Event) -> bool:
        """The scroll bar by mouse: a drag of the thumb, a click on the track pages."""
        if self.max_scroll <= 0:
            return False
        grab = self.track().inflate(self.app.px(16), 0)  # a thin bar: a wider hit area
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and grab.collidepoint(event.pos)
        ):
            thumb = self.thumb()
            if thumb.top <= event.pos[1] < thumb.bottom:
                self.dragging = event.pos[1] - thumb.y
            else:
                page = self.view.height - self.app.px(40)
                self.scroll_by(page if event.pos[1] > thumb.centery else -page)
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            track, thumb = self.track(), self.thumb()
            room = max(1, track.h - thumb.h)
            self.scroll = round((event.pos[1] - self.dragging - track.y) * self.max_scroll / room)
            self.scroll_by(0)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging is not None:
            self.dragging = None
            return True
        return False

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            step, page = self.app.px(40), max(1, self.view.height - self.app.px(40))
            moves = {
                pygame.K_DOWN: step, pygame.K_UP: -step,
                pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                pygame.K_HOME: -self.doc_h, pygame.K_END: self.doc_h,
            }  # fmt: skip
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return True
            if event.key == pygame.K_BACKSPACE:
                self.back()
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.app.px(60))
            return True
        if self._pointer(event):
            return True
        return super().handle(event)

    # -- frame -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_background(surface)
        draw_panel(surface, self.panel_rect, radius=app.px(14), alpha=255)
        draw_heading(
            surface,
            app.tr("credits.title"),
            (self.panel_rect.centerx, self.panel_rect.y + app.px(50)),
            app.px(34),
            self.panel_rect.width - app.px(48),
        )
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for line in self.visible():
            surface.blit(line.surface, (self.view.x + line.x, self.view.y + line.y - self.scroll))
        surface.set_clip(clip)
        if self.max_scroll > 0:
            pygame.draw.rect(surface, (50, 56, 66), self.track(), border_radius=3)
            pygame.draw.rect(surface, theme.PANEL_EDGE, self.thumb(), border_radius=3)
        self.focus.draw(surface)
        draw_hint(surface, app, app.tr("credits.keys"))
