"""Tokens on the table (stones, the caster token, damage counters).

A :class:`Token` is drawn with pygame.draw and glides between zones with an
eased tween, like cards do.  ``draw_stone`` is also used for static counts.
"""

from __future__ import annotations

import math

import pygame

from scenes import text, theme
from scenes.table.tween import Easing, Tween, in_out_cubic

PURPLE = (150, 84, 214)
GOLD = (236, 190, 70)


def _shade(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    if k >= 1:
        return tuple(min(255, round(v + (255 - v) * (k - 1))) for v in c)  # type: ignore[return-value]
    return tuple(round(v * k) for v in c)  # type: ignore[return-value]


def draw_stone(
    surface: pygame.Surface, center: tuple[int, int], r: int, color: tuple[int, int, int] = PURPLE
) -> None:
    """A faceted gem."""
    cx, cy = center
    pts = [
        (
            cx + round(math.cos(math.pi / 6 + k * math.pi / 3) * r),
            cy + round(math.sin(math.pi / 6 + k * math.pi / 3) * r),
        )
        for k in range(6)
    ]
    pygame.draw.polygon(surface, color, pts)
    pygame.draw.polygon(surface, _shade(color, 0.5), pts, max(1, r // 5))
    hi = [
        (cx, cy - round(r * 0.7)),
        (cx + round(r * 0.45), cy - round(r * 0.1)),
        (cx, cy + round(r * 0.1)),
        (cx - round(r * 0.45), cy - round(r * 0.1)),
    ]
    pygame.draw.polygon(surface, _shade(color, 1.45), hi)


def draw_caster(surface: pygame.Surface, center: tuple[int, int], r: int) -> None:
    """The caster token: a gold coin with a star."""
    pygame.draw.circle(surface, (90, 60, 20), (center[0] + 2, center[1] + 3), r)
    pygame.draw.circle(surface, theme.ACCENT, center, r)
    pygame.draw.circle(surface, theme.ACCENT_DARK, center, r, max(2, r // 6))
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rad = r * (0.62 if k % 2 == 0 else 0.26)
        pts.append((center[0] + round(math.cos(a) * rad), center[1] + round(math.sin(a) * rad)))
    pygame.draw.polygon(surface, (120, 40, 160), pts)


def draw_count(
    surface: pygame.Surface,
    center: tuple[int, int],
    r: int,
    count: int,
    color: tuple[int, int, int] = PURPLE,
) -> None:
    """A stone with a count badge beside it (``x 7``)."""
    draw_stone(surface, center, r, color)
    label = text.render(f"×{count}", max(9, round(r * 1.3)), theme.TEXT, bold=True)
    surface.blit(label, label.get_rect(midleft=(center[0] + r + 3, center[1])))


class Token:
    """A movable token: ``kind`` is ``"stone"``, ``"gold"`` or ``"caster"``."""

    def __init__(self, kind: str, pos: tuple[float, float], r: int) -> None:
        self.kind = kind
        self.pos = (float(pos[0]), float(pos[1]))
        self.r = r
        self.tween: Tween | None = None

    @property
    def moving(self) -> bool:
        return self.tween is not None and not self.tween.done

    def move_to(
        self, pos: tuple[float, float], duration: float, ease: Easing = in_out_cubic
    ) -> None:
        if duration <= 0:
            self.pos = (float(pos[0]), float(pos[1]))
            self.tween = None
        else:
            self.tween = Tween(self.pos, pos, duration, ease)

    def update(self, dt: float) -> None:
        if self.tween is not None:
            self.pos = self.tween.update(dt)  # type: ignore[assignment]
            if self.tween.done:
                self.tween = None

    def draw(self, surface: pygame.Surface) -> None:
        c = (round(self.pos[0]), round(self.pos[1]))
        if self.kind == "caster":
            draw_caster(surface, c, self.r)
        else:
            draw_stone(surface, c, self.r, GOLD if self.kind == "gold" else PURPLE)
