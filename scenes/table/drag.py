"""Drag-and-drop controller: press on a card, drag, release on a zone.

The controller is game-agnostic.  The table gives it four callables:

* ``pick(pos)`` -> the draggable :class:`CardSprite` under the pointer, or None;
* ``targets(sprite)`` -> names of the zones where the card may legally go now
  (the table computes them from ``rules.legal_actions``; they light up while
  dragging);
* ``zone_at(pos)`` -> the zone name under the pointer, or None;
* ``drop(sprite, zone)`` -> None if the rules core accepted the move, else the
  reason to show (already translated).  A refused or off-zone drop springs the
  card back home with an eased tween (``out_back``) and toasts the reason.

A press and release without moving is a click: ``click(sprite)``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.table.cards import CardSprite
from scenes.table.tween import out_back

DRAG_THRESHOLD = 6  # pixels before a press becomes a drag
SPRING_TIME = 0.35


class DragController:
    def __init__(
        self,
        *,
        pick: Callable[[tuple[int, int]], CardSprite | None],
        targets: Callable[[CardSprite], set[str]],
        zone_at: Callable[[tuple[int, int]], str | None],
        drop: Callable[[CardSprite, str | None], str | None],
        click: Callable[[CardSprite], None] | None = None,
        toast: Callable[[str], None] | None = None,
        speed: Callable[[], float] = lambda: 1.0,
    ) -> None:
        self.pick = pick
        self.targets = targets
        self.zone_at = zone_at
        self.drop = drop
        self.click = click
        self.toast = toast
        self.speed = speed
        self.pressed: CardSprite | None = None
        self.dragging: CardSprite | None = None
        self.lit: set[str] = set()
        self.hover_zone: str | None = None
        self._grab = (0, 0)
        self._press_pos = (0, 0)
        self.last_reason: str | None = None
        self.springing: CardSprite | None = None

    @property
    def active(self) -> bool:
        return self.pressed is not None

    def cancel(self) -> None:
        if self.dragging is not None:
            self._spring(self.dragging)
        self.pressed = self.dragging = None
        self.lit = set()
        self.hover_zone = None

    def _spring(self, sprite: CardSprite) -> None:
        home = pygame.Rect(round(sprite.home[0]), round(sprite.home[1]), *sprite.size)
        sprite.move_to(home, SPRING_TIME / max(0.1, self.speed()), ease=out_back)
        self.springing = sprite

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sprite = self.pick(event.pos)
            if sprite is None:
                return False
            self.pressed = sprite
            self._press_pos = event.pos
            self._grab = (event.pos[0] - sprite.rect.x, event.pos[1] - sprite.rect.y)
            return True
        if event.type == pygame.MOUSEMOTION and self.pressed is not None:
            if self.dragging is None:
                dx = event.pos[0] - self._press_pos[0]
                dy = event.pos[1] - self._press_pos[1]
                if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                    return True
                self.dragging = self.pressed
                self.dragging.tween = None
                self.lit = set(self.targets(self.dragging))
            self.dragging.pos = (
                float(event.pos[0] - self._grab[0]),
                float(event.pos[1] - self._grab[1]),
            )
            self.hover_zone = self.zone_at(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed is not None:
            sprite, dragging = self.pressed, self.dragging
            self.pressed = self.dragging = None
            self.hover_zone = None
            lit, self.lit = self.lit, set()
            if dragging is None:
                if self.click is not None:
                    self.click(sprite)
                return True
            zone = self.zone_at(event.pos)
            reason = self.drop(sprite, zone)
            self.last_reason = reason
            if reason is not None or zone is None:
                self._spring(sprite)
                if reason and self.toast is not None:
                    self.toast(reason)
            del lit
            return True
        return False
