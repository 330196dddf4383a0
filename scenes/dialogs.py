"""Modal dialogs drawn over the scene below: a message and a yes/no confirm.

``title`` and ``body`` are already translated text (callers pass
``app.tr(...)`` results, so dialogs can show save errors with parameters).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes import text, theme
from scenes.ui.menu import FocusScene, draw_dim, draw_heading, draw_lines
from scenes.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App


class _Dialog(FocusScene):
    overlay = True
    modal = True

    def __init__(self, app: App, title: str, body: str) -> None:
        super().__init__(app)
        self.title = title
        self.body = body
        self.rect = pygame.Rect(0, 0, 0, 0)

    def buttons(self) -> list[tuple[str, str, Callable[[], None], bool]]:
        """(name, label, action, primary) for the button row."""
        return []

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        dw = min(w - app.px(40), app.px(620))
        pad = app.px(24)
        body_size = app.px(20)
        lines = text.wrap(self.body, body_size, dw - 2 * pad)
        body_h = len(lines) * text.font(body_size).get_linesize()
        bh = app.px(46)
        dh = pad + app.px(48) + body_h + app.px(20) + bh + pad
        self.rect = pygame.Rect(0, 0, dw, min(h - app.px(20), dh))
        self.rect.center = (w // 2, h // 2)
        specs = self.buttons()
        gap = app.px(16)
        bw = min(app.px(200), (dw - 2 * pad - gap * (len(specs) - 1)) // max(1, len(specs)))
        total = len(specs) * bw + (len(specs) - 1) * gap
        x = self.rect.centerx - total // 2
        y = self.rect.bottom - pad - bh
        old = self.focus.current.name if self.focus.current else None
        widgets = []
        for i, (name, label, action, primary) in enumerate(specs):
            rect = pygame.Rect(x + i * (bw + gap), y, bw, bh)
            widgets.append(
                Button(label, action, rect, primary=primary, font_size=app.px(20), name=name)
            )
        self.focus.set(widgets, focus=old)

    def cancel(self) -> None:
        self.app.stack.pop()

    def back(self) -> None:
        self.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_dim(surface, 140)
        draw_panel(surface, self.rect, radius=app.px(14), alpha=255)
        pad = app.px(24)
        draw_heading(
            surface,
            self.title,
            (self.rect.centerx, self.rect.y + pad + app.px(18)),
            app.px(28),
            self.rect.width - 2 * pad,
        )
        body = pygame.Rect(
            self.rect.x + pad, self.rect.y + pad + app.px(48), self.rect.width - 2 * pad, 0
        )
        draw_lines(surface, self.body, body, app.px(20), theme.TEXT, center=True)
        self.focus.draw(surface)


class MessageDialog(_Dialog):
    """A message with one OK button (Enter or Esc closes it)."""

    def buttons(self) -> list[tuple[str, str, Callable[[], None], bool]]:
        return [("ok", self.app.tr("ui.dialog.ok"), self.cancel, True)]


class ConfirmDialog(_Dialog):
    """Yes / No. ``on_yes`` runs after the dialog has closed; Esc means No.

    Every confirm in the shell guards something that cannot be undone
    (delete a save, replace one, quit a game), so **No has the focus** when
    the dialog opens and Enter answers No (issue 11.10); pass
    ``default_no=False`` for a harmless question."""

    def __init__(
        self,
        app: App,
        title: str,
        body: str,
        on_yes: Callable[[], None],
        *,
        yes_key: str = "ui.dialog.yes",
        no_key: str = "ui.dialog.no",
        default_no: bool = True,
    ) -> None:
        self.on_yes = on_yes
        self.default_no = default_no
        self.yes_key = yes_key
        self.no_key = no_key
        super().__init__(app, title, body)

    def buttons(self) -> list[tuple[str, str, Callable[[], None], bool]]:
        return [
            ("yes", self.app.tr(self.yes_key), self.confirm, True),
            ("no", self.app.tr(self.no_key), self.cancel, False),
        ]

    def enter(self) -> None:
        super().enter()
        self.focus.focus_name("no" if self.default_no else "yes")

    def confirm(self) -> None:
        self.app.stack.pop()
        self.on_yes()
