"""Rows of entities inside a layout rect: summons ≤ 4, supports ≤ 4, a guardian field.

A :class:`Row` owns the :class:`~scenes.table.entity.EntitySprite` of each
entity it shows, keyed by the entity's id, and lays them out side by side in
``rect``: cards as tall as the row allows (``fill`` of its height), each slot
wide enough for a card turned sideways when ``sideways`` is set, centred (or
from the left), shrinking when more than fit.  ``sync`` takes the entities
from the view in order; an entity that stays keeps its sprite and glides to
its new slot, a new one appears at ``spawn`` (or in its slot), one that left
is returned so the table can animate it away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes.table.entity import EntitySprite

CARD_RATIO = 0.7  # width / height of a card


class Row:
    def __init__(
        self,
        rect: pygame.Rect,
        capacity: int,
        *,
        fill: float = 0.9,
        sideways: bool = False,
        align: str = "center",
        gap: int = 8,
        spread: float = 0.0,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.capacity = capacity
        self.fill = fill
        self.sideways = sideways
        self.align = align
        self.gap = gap
        self.spread = spread
        """Up to this many slot widths from one card's centre to the next when the
        row has room (0: cards ``gap`` apart), so the lines under each card are wider."""
        self.sprites: list[EntitySprite] = []
        self.spacing = 0
        """``pitch`` for the sprites shown, worked out when they are laid out (``sync``,
        ``relayout``), not by every drawing that needs it."""

    # -- geometry ---------------------------------------------------------------------------
    def card_size(self, count: int | None = None) -> tuple[int, int]:
        """The card size for ``count`` entities (default: the row's capacity)."""
        n = max(1, count if count is not None else self.capacity, self.capacity)
        h = round(self.rect.h * self.fill)
        per_h = 1.0 if self.sideways else CARD_RATIO  # slot width per unit of card height
        room = self.rect.w - (n - 1) * self.gap
        h = max(8, min(h, int(room / (n * per_h))))
        return round(h * CARD_RATIO), h

    def pitch(self, count: int) -> int:
        """From one card's centre to the next for ``count`` entities."""
        w, h = self.card_size(count)
        slot_w = h if self.sideways else w
        pitch = slot_w + self.gap
        if self.spread > 0 and count > 0:
            pitch = max(pitch, min(self.rect.w // count, round(slot_w * self.spread)))
        return pitch

    def slots(self, count: int) -> list[pygame.Rect]:
        """The card rect of each of ``count`` entities."""
        if count <= 0:
            return []
        w, h = self.card_size(count)
        slot_w, pitch = (h if self.sideways else w), self.pitch(count)
        total = (count - 1) * pitch + slot_w
        x0 = self.rect.x if self.align == "left" else self.rect.centerx - total // 2
        out = []
        for i in range(count):
            r = pygame.Rect(0, 0, w, h)
            r.center = (x0 + i * pitch + slot_w // 2, self.rect.centery)
            out.append(r)
        return out

    @property
    def full(self) -> bool:
        return len(self.sprites) >= self.capacity

    # -- content ---------------------------------------------------------------------------
    def sync(
        self,
        entities: Sequence[tuple[Any, int]],
        *,
        duration: float = 0.0,
        spawn: pygame.Rect | None = None,
        make: Callable[[Any, int, pygame.Rect], EntitySprite] | None = None,
    ) -> list[EntitySprite]:
        """Show ``entities`` ((uid, card) in order); returns the sprites that left."""
        old = {s.uid: s for s in self.sprites}
        new: list[EntitySprite] = []
        rects = self.slots(len(entities))
        self.spacing = self.pitch(len(entities))
        for (uid, card), rect in zip(entities, rects, strict=True):
            sprite = old.pop(uid, None)
            if sprite is None:
                start = pygame.Rect(spawn) if spawn is not None else rect
                factory = make or (lambda u, c, r: EntitySprite(u, c, r))
                sprite = factory(uid, card, start)
            sprite.card = card
            sprite.move_to(rect, duration)
            new.append(sprite)
        self.sprites = new
        return list(old.values())

    def relayout(self, duration: float = 0.0) -> None:
        self.spacing = self.pitch(len(self.sprites))
        for sprite, rect in zip(self.sprites, self.slots(len(self.sprites)), strict=True):
            sprite.move_to(rect, duration)

    def get(self, uid: Any) -> EntitySprite | None:
        for sprite in self.sprites:
            if sprite.uid == uid:
                return sprite
        return None

    def spots(self) -> list[tuple[Any, pygame.Rect]]:
        """(uid, rect) of every entity: bind it to a :class:`~scenes.table.board.Board`."""
        return [(s.uid, s.bounds) for s in self.sprites]

    def at(self, pos: tuple[int, int]) -> EntitySprite | None:
        for sprite in reversed(self.sprites):
            if sprite.bounds.collidepoint(pos):
                return sprite
        return None

    def update(self, dt: float) -> None:
        for sprite in self.sprites:
            sprite.update(dt)
