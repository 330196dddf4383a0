"""Shared pieces of the menu scenes: background, headings, a vertical menu.

A scene builds its widgets in ``layout()`` from ``app.size`` / ``app.scale``
and the current language, and calls it again from ``resize`` (window size,
fullscreen or language changed), so every menu relayouts live.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from scenes import text, theme
from scenes.scene import Scene
from scenes.surfaces import MB, cached
from scenes.ui.widgets import Button, FocusGroup, draw_panel

CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@cached(8 * MB)  # one 1080p felt; at 4K only the current one
def _felt(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h))
    surf.fill(theme.BG)
    cx, cy = w / 2, h * 0.45
    steps = 24
    for i in range(steps, 0, -1):
        t = i / steps
        c = tuple(
            int(a + (b - a) * (1 - t)) for a, b in zip(theme.BG_DEEP, theme.FELT, strict=True)
        )
        rect = pygame.Rect(0, 0, int(w * 1.3 * t), int(h * 1.3 * t))
        rect.center = (int(cx), int(cy))
        pygame.draw.ellipse(surf, c, rect)
    return surf


def draw_background(surface: pygame.Surface) -> None:
    """Felt-green table background with a soft light in the middle."""
    surface.blit(_felt(*surface.get_size()), (0, 0))


def draw_dim(surface: pygame.Surface, alpha: int = 160) -> None:
    """Darken what is already drawn (under an overlay)."""
    surface.blit(_veil(surface.get_size(), alpha), (0, 0))


@cached(8 * MB)
def _veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    veil = pygame.Surface(size)
    veil.fill((0, 0, 0))
    veil.set_alpha(alpha)
    return veil


def draw_heading(
    surface: pygame.Surface, label: str, center: tuple[int, int], size: int, max_width: int
) -> pygame.Rect:
    """A screen's heading in the display font (Be Vietnam Pro), with its shadow."""
    size = text.fit_size(label, size, max_width, bold=True, display=True)
    surf = text.render(label, size, theme.ACCENT, bold=True, display=True)
    shadow = text.render(label, size, (0, 0, 0), bold=True, display=True)
    rect = surf.get_rect(center=center)
    off = max(1, size // 18)
    surface.blit(shadow, rect.move(off, off))
    surface.blit(surf, rect)
    return rect


def draw_lines(
    surface: pygame.Surface,
    body: str,
    rect: pygame.Rect,
    size: int,
    color: tuple[int, int, int] = theme.TEXT,
    *,
    center: bool = False,
) -> int:
    """Wrapped text inside ``rect``; returns the height used."""
    y = rect.y
    line_h = text.font(size).get_linesize()
    for line in text.wrap(body, size, rect.width):
        if line:
            surf = text.render(line, size, color)
            x = rect.centerx - surf.get_width() // 2 if center else rect.x
            surface.blit(surf, (x, y))
        y += line_h
    return y - rect.y


@dataclass
class MenuItem:
    name: str
    label: str
    action: Callable[[], None]
    enabled: bool = True
    primary: bool = False


class FocusScene(Scene):
    """A scene of focusable widgets (buttons, selectors, text fields, rows).

    It lays itself out on enter, resume and resize (``layout``); Esc calls
    ``back`` (pop, unless a scene says otherwise); every other input goes to
    its ``FocusGroup``, so mouse and keyboard reach the same widgets; and it
    is modal: nothing falls through to the scene below."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.focus = FocusGroup()

    def enter(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def layout(self) -> None:
        """Place the widgets for the current window size and language."""

    def back(self) -> None:
        """One screen back; the title when nothing is beneath (a setup screen a
        table replaced itself with, say), never an empty window."""
        if len(self.app.stack.scenes) > 1:
            self.app.stack.pop()
        else:
            self.app.scenes.clear_to("title")

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        self.focus.handle(event)
        return True

    def update(self, dt: float) -> None:
        self.focus.update(dt)


class MenuScene(FocusScene):
    """A heading and a column of buttons; Esc calls ``back``."""

    heading_key = ""
    panel = False  # draw the column on a panel (overlays)

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.heading_center = (0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def items(self) -> list[MenuItem]:
        return []

    def menu_top(self) -> int:
        return int(self.app.size[1] * 0.34)

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        items = self.items()
        bw, bh, gap = app.px(340), app.px(48), app.px(12)
        top = self.menu_top()
        total = len(items) * bh + (len(items) - 1) * gap
        if self.panel:
            pad = app.px(28)
            head = app.px(72)
            pw = bw + 2 * pad
            ph = head + total + 2 * pad
            self.panel_rect = pygame.Rect(0, 0, pw, ph)
            self.panel_rect.center = (w // 2, h // 2)
            top = self.panel_rect.y + pad + head
            self.heading_center = (w // 2, self.panel_rect.y + pad + head // 2 - app.px(6))
        else:  # a long column closes its gaps, then thins its buttons, before it climbs
            bottom, n = h - app.px(40), max(1, len(items))
            gap = max(app.px(6), min(gap, (bottom - top - n * bh) // max(1, n - 1)))
            bh = max(app.px(38), min(bh, (bottom - top - (n - 1) * gap) // n))
            total = n * bh + (n - 1) * gap
            top = min(top, bottom - total)
            self.heading_center = (w // 2, int(h * 0.16))
        old = self.focus.current.name if self.focus.current else None
        buttons = []
        for i, item in enumerate(items):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, top + i * (bh + gap))
            buttons.append(
                Button(
                    item.label,
                    item.action,
                    rect,
                    enabled=item.enabled,
                    primary=item.primary,
                    font_size=app.px(22),
                    name=item.name,
                )
            )
        self.focus.set(buttons, focus=old)

    def draw_heading(self, surface: pygame.Surface) -> None:
        if self.heading_key:
            draw_heading(
                surface,
                self.app.tr(self.heading_key),
                self.heading_center,
                self.app.px(40 if self.panel else 56),
                (self.panel_rect.width if self.panel else surface.get_width()) - self.app.px(40),
            )

    def draw(self, surface: pygame.Surface) -> None:
        if self.panel:
            draw_dim(surface)
            draw_panel(surface, self.panel_rect, radius=self.app.px(14))
        else:
            draw_background(surface)
        self.draw_heading(surface)
        self.focus.draw(surface)


def draw_hint(surface: pygame.Surface, app, label: str) -> None:  # type: ignore[no-untyped-def]
    """A dim keyboard hint along the bottom edge."""
    size = app.px(15)
    w, h = surface.get_size()
    size = text.fit_size(label, size, w - app.px(40))
    surf = text.render(label, size, theme.TEXT_DIM)
    rect = surf.get_rect(midbottom=(w // 2, h - app.px(8)))
    # A dark pill keeps the hint readable over a busy table.
    pill = rect.inflate(app.px(20), app.px(6))
    back = pygame.Surface(pill.size, pygame.SRCALPHA)
    pygame.draw.rect(back, (8, 12, 16, 200), back.get_rect(), border_radius=pill.height // 2)
    surface.blit(back, pill.topleft)
    surface.blit(surf, rect)
