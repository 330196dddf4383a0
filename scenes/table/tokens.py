"""Tokens on the table (stones, the caster token, damage counters).

A :class:`Token` glides between zones with an eased tween, like cards do.  Each is
an art-set icon named in ``assets/art/symbols.json`` (one icon per concept): a
purple stone ``ms.stone`` (a cut gem), a gold stone ``ms.stone.gold`` (an octagonal
gem, another shape so the two kinds read apart without colour), the caster token
``ms.caster`` (a wizard's hat on a gold coin).  ``draw_stone`` is also used for
static counts; ``draw_direction_icon`` is the direction of play (``ms.direction``,
mirrored for counter-clockwise).
"""

from __future__ import annotations

import pygame

from game.core import art as art_names
from scenes import art, text, theme
from scenes.surfaces import MB, cached
from scenes.table.tween import Easing, Tween, in_out_cubic

PURPLE = (150, 84, 214)
GOLD = (236, 190, 70)


EDGE = (20, 20, 24)  # a token's outline: it reads over a light card and the dark felt
CASTER_INK = (120, 40, 160)


def stone_symbol(color: tuple[int, int, int]) -> str:
    """The symbol of a stone of ``color``: gold stones have their own gem."""
    return "ms.stone.gold" if tuple(color[:3]) == GOLD else "ms.stone"


def _outlined(concept: str, size: int, color: tuple[int, int, int]) -> pygame.Surface:
    """The symbol ``concept`` ``size`` px square in ``color``, outlined dark."""
    w = max(1, size // 14)
    parts = art_names.symbols().get(concept, ())
    if len(parts) == 1:
        return art.outlined(parts[0], max(1, size - 2 * w), color, EDGE, w)
    return art.symbol(concept, size, color)


def draw_stone(
    surface: pygame.Surface, center: tuple[int, int], r: int, color: tuple[int, int, int] = PURPLE
) -> None:
    """A stone: the gem icon ``2r`` px across, in ``color``, outlined dark."""
    img = _outlined(stone_symbol(color), max(4, 2 * r + 4), color)
    surface.blit(img, img.get_rect(center=center))


def draw_caster(surface: pygame.Surface, center: tuple[int, int], r: int) -> None:
    """The caster token: a gold coin with the caster's hat (``ms.caster``)."""
    pygame.draw.circle(surface, (90, 60, 20), (center[0] + 2, center[1] + 3), r)
    pygame.draw.circle(surface, theme.ACCENT, center, r)
    pygame.draw.circle(surface, theme.ACCENT_DARK, center, r, max(2, r // 6))
    side = max(4, round(r * 1.3))
    img = art.symbol("ms.caster", side, CASTER_INK)
    surface.blit(img, img.get_rect(center=(center[0], center[1] - max(0, r // 12))))


def draw_direction_icon(
    surface: pygame.Surface,
    center: tuple[int, int],
    r: int,
    direction: int,
    color: tuple[int, int, int] = theme.ACCENT,
) -> pygame.Rect:
    """The direction of play (``ms.direction``): clockwise for +1, mirrored for -1;
    ``2r`` px across, centred at ``center``.  Returns where it is (for a tip)."""
    if not direction:
        return pygame.Rect(center, (0, 0))
    img = _direction(max(4, 2 * r), tuple(color[:3]), direction < 0)
    rect = img.get_rect(center=center)
    surface.blit(img, rect)
    return rect


@cached(MB)
def _direction(size: int, color: tuple[int, ...], mirrored: bool) -> pygame.Surface:
    img = art.symbol("ms.direction", size, color)  # type: ignore[arg-type]
    return pygame.transform.flip(img, True, False) if mirrored else img


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

    def follow(self, target: tuple[float, float], duration: float) -> None:
        """Glide to ``target`` if it moved away (a marker on a card that moved)."""
        far = abs(self.pos[0] - target[0]) > 1 or abs(self.pos[1] - target[1]) > 1
        if far and not self.moving:
            self.move_to(target, duration)

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
