"""Hot-seat hand-off: an opaque screen that hides the table between seats."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from scenes import theme
from scenes.scene import Scene
from scenes.ui.art import card_back
from scenes.ui.menu import CONFIRM_KEYS, draw_background, draw_heading, draw_hint, draw_lines

if TYPE_CHECKING:
    from scenes.scene import App


class HandoffScene(Scene):
    """ "Pass to Bình — press to reveal". Covers the whole window (nothing of
    the table shows through); a click or Enter/Space pops it and calls
    ``on_reveal``.  Esc opens the pause menu (save, settings, quit) over this
    screen, so it still hides every hand; Resume comes back here (issue 11.6).
    ``match`` is the game paused; by default the match of the scene below."""

    overlay = True  # sits on the table, but paints every pixel
    modal = True

    def __init__(
        self, app: App, seat_name: str, on_reveal: Callable[[], None], match: Any = None
    ) -> None:
        super().__init__(app)
        self.match = match if match is not None else self._match_below()
        self.seat_name = seat_name
        self.on_reveal = on_reveal
        self.t = 0.0
        self.done = False

    def reveal(self) -> None:
        if self.done:
            return
        self.done = True
        self.app.stack.pop()
        self.on_reveal()

    def _match_below(self) -> Any:
        """The match of the nearest scene on the stack that has one (the table)."""
        for scene in reversed(self.app.stack.scenes):
            match = getattr(scene, "match", None)
            if match is not None:
                return match
        return None

    def open_pause(self) -> None:
        if self.match is not None and not self.done:
            self.app.scenes.push("pause", self.match)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return True
        if (event.type == pygame.KEYDOWN and event.key in CONFIRM_KEYS) or (
            event.type == pygame.MOUSEBUTTONUP and event.button == 1
        ):
            self.reveal()
        return True  # nothing reaches the hidden table

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        draw_background(surface)
        cw, ch = app.px(120), app.px(168)
        bob = int(math.sin(self.t * 2.0) * app.px(6))
        for i, angle in enumerate((-12, 0, 12)):
            img = pygame.transform.rotate(card_back(cw, ch, i), angle)
            surface.blit(img, img.get_rect(center=(w // 2 + (i - 1) * app.px(60), h // 3 + bob)))
        draw_heading(
            surface,
            app.tr("ui.handoff.title", name=self.seat_name),
            (w // 2, int(h * 0.62)),
            app.px(44),
            w - app.px(60),
        )
        body = pygame.Rect(app.px(60), int(h * 0.70), w - app.px(120), 0)
        draw_lines(surface, app.tr("ui.handoff.body"), body, app.px(22), theme.TEXT, center=True)
        draw_hint(surface, app, app.tr("ui.handoff.hint"))
