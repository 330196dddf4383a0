"""Small widgets shared by menus and tables: buttons and a focus ring.

Every widget works by mouse and keyboard: arrows move focus, Enter/Space
activates, the mouse hovers and clicks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from scenes import text, theme


class Button:
    """A clickable label. ``label`` is already translated text."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], None],
        rect: pygame.Rect | None = None,
        *,
        enabled: bool = True,
        font_size: int = 22,
        primary: bool = False,
    ) -> None:
        self.label = label
        self.on_click = on_click
        self.rect = rect or pygame.Rect(0, 0, 200, 44)
        self.enabled = enabled
        self.font_size = font_size
        self.primary = primary
        self.hover = False
        self.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.enabled
            and self.rect.collidepoint(event.pos)
        ):
            self.on_click()
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.rect.collidepoint(event.pos)
        return False

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, surface: pygame.Surface) -> None:
        lit = self.enabled and (self.hover or self.focused)
        if not self.enabled:
            fill, edge, color = (40, 44, 50), (70, 74, 80), theme.TEXT_DIM
        elif self.primary:
            fill = theme.ACCENT if lit else theme.ACCENT_DARK
            edge, color = theme.FOCUS, (20, 20, 20) if lit else theme.TEXT
        else:
            fill = (58, 70, 88) if lit else theme.PANEL
            edge, color = (theme.FOCUS if self.focused else theme.PANEL_EDGE), theme.TEXT
        radius = max(4, self.rect.height // 5)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(
            surface, edge, self.rect, width=2 if self.focused else 1, border_radius=radius
        )
        size = text.fit_size(self.label, self.font_size, self.rect.width - 16)
        label = text.render(self.label, size, color)
        surface.blit(label, label.get_rect(center=self.rect.center))


class FocusGroup:
    """Keyboard focus over a list of buttons (arrows, Tab, Enter, Space)."""

    def __init__(self, buttons: Sequence[Button] = (), index: int = 0) -> None:
        self.buttons: list[Button] = list(buttons)
        self.index = index
        self._sync()

    def set(self, buttons: Sequence[Button]) -> None:
        self.buttons = list(buttons)
        self.index = min(self.index, max(0, len(self.buttons) - 1))
        self._sync()

    def _sync(self) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.index

    def move(self, step: int) -> None:
        if not self.buttons:
            return
        for _ in range(len(self.buttons)):
            self.index = (self.index + step) % len(self.buttons)
            if self.buttons[self.index].enabled:
                break
        self._sync()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_RIGHT) or (
                event.key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT
            ):
                self.move(1)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT, pygame.K_TAB):
                self.move(-1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons:
                self.buttons[self.index].activate()
                return True
        for i, b in enumerate(self.buttons):
            if b.handle(event):
                self.index = i
                self._sync()
                return True
            if event.type == pygame.MOUSEMOTION and b.hover and b.enabled and self.index != i:
                self.index = i
                self._sync()
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)
