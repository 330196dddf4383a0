"""Zones drawn once per content and blitted after (kit part; issue 15: frame p99).

A seat panel or a turn-order strip shows the same pixels
frame after frame until something it shows changes.  :class:`Snapshots` keeps the
picture of each such zone with the *key* it was drawn for (every value the
drawing reads: numbers, names, colours, the language, the rect); a frame whose
key is unchanged blits the picture, a new key paints it again.

The picture is opaque, in the format of the surface it is blitted to, and starts
filled with ``under`` (the window's background), which is exactly what lies under
the zone when it is drawn: a translucent panel blended over it gives the same
pixels as when drawn straight onto the window.  A zone must therefore be drawn
where nothing but the background is under it, and its drawing must stay inside
its rect.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from scenes import theme

Paint = Callable[[pygame.Surface, pygame.Rect], None]
"""Draws a zone on a surface, inside the given rect (the picture's own rect)."""


class Snapshots:
    """One picture per zone name, repainted when its key changes."""

    def __init__(self) -> None:
        self._shots: dict[Hashable, tuple[Hashable, pygame.Surface]] = {}
        self.painted = 0  # how many pictures were painted (tests, benches)

    def draw(
        self,
        surface: pygame.Surface,
        name: Hashable,
        rect: pygame.Rect,
        key: Hashable,
        paint: Paint,
        under: tuple[int, int, int] = theme.BG,
    ) -> None:
        """Blit zone ``name``'s picture at ``rect``, painted anew if ``key``, the
        rect, the background or the surface's format changed."""
        if rect.w <= 0 or rect.h <= 0:
            return
        full = (key, tuple(rect), under, surface.get_bitsize())
        shot = self._shots.get(name)
        if shot is None or shot[0] != full:
            img = pygame.Surface(rect.size, 0, surface)
            img.fill(under)
            paint(img, img.get_rect())
            self._shots[name] = shot = (full, img)
            self.painted += 1
        surface.blit(shot[1], rect)

    def picture(self, name: Hashable) -> pygame.Surface | None:
        """Zone ``name``'s picture as last painted (None: never drawn)."""
        shot = self._shots.get(name)
        return shot[1] if shot is not None else None

    def clear(self) -> None:
        self._shots.clear()
