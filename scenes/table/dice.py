"""An animated die: it tumbles, then settles on the value the rules chose.

The widget never decides anything: ``roll(value)`` is given the result the
rules core already drew from the game RNG; the tumbling faces before it are
pure decoration (a UI-only ``random.Random``).  Faces are pips (1-6) by
default, or labelled faces with colours (the elemental dice of Thất Thánh
Triệu Hồi) via ``labels`` / ``colors``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from scenes import text
from scenes.table.tween import out_bounce, out_cubic

PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


class DieWidget:
    def __init__(
        self,
        rect: pygame.Rect,
        faces: int = 6,
        *,
        labels: Sequence[str] | None = None,
        colors: Sequence[tuple[int, int, int]] | None = None,
        value: int = 1,
        seed: int | None = None,
    ) -> None:
        if labels is not None and len(labels) != faces:
            raise ValueError("one label per face")
        self.rect = pygame.Rect(rect)
        self.faces = faces
        self.labels = list(labels) if labels is not None else None
        self.colors = list(colors) if colors is not None else None
        self.value = value  # the result (1-based face)
        self.shown = value  # the face on top right now
        self.duration = 0.0
        self.elapsed = 0.0
        self.angle = 0.0
        self.offset = 0.0
        self._flip_at = 0.0
        self._visual = random.Random(seed)
        self._faces: dict[int, pygame.Surface] = {}  # face -> its picture at ``_size``
        self._size = 0

    @property
    def settled(self) -> bool:
        return self.elapsed >= self.duration

    def roll(self, value: int, duration: float = 0.9) -> None:
        if not 1 <= value <= self.faces:
            raise ValueError(f"die value {value} outside 1..{self.faces}")
        self.value = value
        self.duration = max(0.0, duration)
        self.elapsed = 0.0
        self._flip_at = 0.0
        if self.duration == 0:
            self.shown = value
            self.angle = self.offset = 0.0

    def skip(self) -> None:
        self.elapsed = self.duration
        self.shown = self.value
        self.angle = self.offset = 0.0

    def update(self, dt: float) -> None:
        if self.settled:
            return
        self.elapsed += dt
        if self.settled:
            self.skip()
            return
        p = self.elapsed / self.duration
        # faces change quickly at first, slower as it settles
        if self.elapsed >= self._flip_at:
            choices = [f for f in range(1, self.faces + 1) if f != self.shown]
            self.shown = self._visual.choice(choices) if choices else self.value
            self._flip_at = self.elapsed + 0.04 + 0.18 * out_cubic(p)
        if p > 0.8:
            self.shown = self.value
        self.angle = (1 - out_cubic(p)) * 540.0
        self.offset = (1 - out_bounce(p)) * self.rect.h * 0.6

    def face_image(self, face: int, size: int) -> pygame.Surface:
        """``face_surface`` drawn once per face and size: a tumbling die shows a new face
        every few frames and never draws one again (a new size forgets the others)."""
        if size != self._size:
            self._faces, self._size = {}, size
        img = self._faces.get(face)
        if img is None:
            img = self._faces[face] = self.face_surface(face, size)
        return img

    def face_surface(self, face: int, size: int) -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        color = self.colors[face - 1] if self.colors else (246, 244, 236)
        pygame.draw.rect(surf, color, surf.get_rect(), border_radius=size // 6)
        pygame.draw.rect(surf, (40, 40, 40), surf.get_rect(), 2, border_radius=size // 6)
        ink = (30, 30, 30) if sum(color) > 380 else (250, 250, 250)
        if self.labels is not None:
            label = self.labels[face - 1]
            px = text.fit_size(label, size // 2, size - 8, bold=True)
            t = text.render(label, px, ink, bold=True)
            surf.blit(t, t.get_rect(center=(size // 2, size // 2)))
        elif face in PIPS:
            r = max(2, size // 10)
            for dx, dy in PIPS[face]:
                c = (round(size / 2 + dx * size * 0.27), round(size / 2 + dy * size * 0.27))
                pygame.draw.circle(surf, ink, c, r)
        else:
            t = text.render(str(face), size // 2, ink, bold=True)
            surf.blit(t, t.get_rect(center=(size // 2, size // 2)))
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        size = min(self.rect.w, self.rect.h)
        img = self.face_image(self.shown, size)
        if self.angle:
            img = pygame.transform.rotate(img, self.angle % 360)
        center = (self.rect.centerx, round(self.rect.centery - self.offset))
        shadow_w = round(size * (0.8 + 0.2 * math.cos(math.radians(self.angle))))
        pygame.draw.ellipse(
            surface,
            (0, 0, 0),
            pygame.Rect(0, 0, shadow_w, max(4, size // 5)).move(
                self.rect.centerx - shadow_w // 2, self.rect.bottom - size // 8
            ),
        )
        surface.blit(img, img.get_rect(center=center))
