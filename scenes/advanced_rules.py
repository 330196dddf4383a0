"""Rule options explained: the one-line description of the option under the
pointer (the seat setup shows it too), and the seat setup's advanced rules, one
selector per option the rules offer beyond the usual ones; Defaults and Done."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.contract import Option
from scenes import text, theme
from scenes.ui.menu import (
    FocusScene,
    draw_dim,
    draw_heading,
)
from scenes.ui.widgets import MIN_TEXT, Button, Selector, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App


class OptionSetup(Protocol):
    """What the advanced rules read and change of the seat setup
    (``scenes.seats.SeatSetupScene``, which opens this scene)."""

    game_id: str
    advanced: tuple[Option, ...]
    dirty: bool

    def option_selector(
        self, option: Option, rect: pygame.Rect, font_size: int, label_ratio: float
    ) -> Selector: ...

    def set_option(self, oid: str, value: Any) -> None: ...


def help_text(app: App, game_id: str, widgets: Sequence[Any]) -> str:
    """The one-line description of the option under the pointer, else of the
    focused one ("" when neither is an option with a description)."""
    hovered = [w for w in widgets if w.hover]
    focused = [w for w in widgets if w.focused]
    for w in hovered + focused:
        name = str(getattr(w, "name", ""))
        value = str(getattr(w, "value", ""))
        if name.endswith(".control") and value.startswith("ai:"):  # the AI level's line
            return app.tr(f"ai.level_desc.{value[3:]}")
        if name.startswith("option."):
            key = f"rules.{game_id}.options.{name[len('option.') :]}"
            if app.tr.has(key):
                return app.tr(key)
    return ""


def draw_help(surface: pygame.Surface, app: App, body: str, rect: pygame.Rect) -> None:
    """``body`` wrapped and centred in ``rect`` at a readable size: it drops
    from 15 to 12 (scaled, never under ``MIN_TEXT`` px) to fit; what still
    does not fit is cut with "…" on the last line that does."""
    if not body or rect.width <= 0:
        return
    size, floor = app.px(15), max(MIN_TEXT, app.px(12))

    def lines_at(px: int) -> list[str]:
        return text.wrap(body, px, rect.width)

    while size > floor and len(lines_at(size)) * text.font(size).get_linesize() > rect.height:
        size -= 1
    line_h = text.font(size).get_linesize()
    room = max(1, rect.height // line_h)
    lines = lines_at(size)
    if len(lines) > room:
        lines = [*lines[: room - 1], text.clip(" ".join(lines[room - 1 :]), size, rect.width,
                                               ellipsis="…")]  # fmt: skip
    y = rect.centery - len(lines) * line_h // 2
    for line in lines:
        surf = text.render(line, size, theme.TEXT)
        surface.blit(surf, (rect.centerx - surf.get_width() // 2, y))
        y += line_h


class AdvancedRulesScene(FocusScene):
    """The rules' ``advanced_options`` over the seat setup: one selector per
    option (mouse and keyboard), its description under the list, Defaults
    and Done.  Changes go straight into the setup's options; Esc closes."""

    overlay = True
    modal = True

    def __init__(self, app: App, setup: OptionSetup) -> None:
        super().__init__(app)
        self.setup = setup
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.help_rect = pygame.Rect(0, 0, 0, 0)

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        pad, gap = app.px(22), app.px(8)
        rows = len(self.setup.advanced)
        head, help_h, bh = app.px(56), app.px(60), app.px(46)
        room = h - app.px(24) - 2 * pad - head - help_h - bh - gap * 2
        rh = max(app.px(30), min(app.px(42), (room - gap * (rows - 1)) // max(1, rows)))
        dh = 2 * pad + head + rows * rh + (rows - 1) * gap + gap + help_h + gap + bh
        self.rect = pygame.Rect(0, 0, min(w - app.px(32), app.px(860)), min(h - app.px(16), dh))
        self.rect.center = (w // 2, h // 2)
        fs = max(MIN_TEXT, min(app.px(18), rh * 9 // 20))
        old = self.focus.current.name if self.focus.current else None
        widgets: list[Any] = []
        y = self.rect.y + pad + head
        for option in self.setup.advanced:
            rect = pygame.Rect(self.rect.x + pad, y, self.rect.width - 2 * pad, rh)
            widgets.append(self.setup.option_selector(option, rect, fs, 0.52))
            y += rh + gap
        self.help_rect = pygame.Rect(self.rect.x + pad, y, self.rect.width - 2 * pad, help_h)
        bw = min(app.px(200), (self.rect.width - 2 * pad - gap) // 2)
        by = self.rect.bottom - pad - bh
        tr = app.tr
        widgets.append(
            Button(tr("ui.seats.defaults"), self.defaults,
                   pygame.Rect(self.rect.x + pad, by, bw, bh), font_size=app.px(20),
                   name="defaults")
        )  # fmt: skip
        widgets.append(
            Button(tr("ui.seats.done"), self.back,
                   pygame.Rect(self.rect.right - pad - bw, by, bw, bh), primary=True,
                   font_size=app.px(20), name="done")
        )  # fmt: skip
        self.focus.set(widgets, focus=old)

    def defaults(self) -> None:
        for option in self.setup.advanced:
            self.setup.set_option(option.id, option.default)
        self.layout()

    def back(self) -> None:
        self.app.stack.pop()
        self.setup.dirty = True  # the button shows how many options changed

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_dim(surface, 150)
        draw_panel(surface, self.rect, radius=app.px(14), alpha=255)
        pad = app.px(22)
        draw_heading(surface, app.tr("ui.seats.advanced_title"),
                     (self.rect.centerx, self.rect.y + pad + app.px(16)), app.px(28),
                     self.rect.width - 2 * pad)  # fmt: skip
        body = help_text(app, self.setup.game_id, self.focus.buttons)
        draw_help(surface, app, body or app.tr("ui.seats.advanced_note"), self.help_rect)
        self.focus.draw(surface)
