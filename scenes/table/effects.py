"""Effect drawings for animations: fly, pop, flash, ring, big text, shake.

Each helper returns a ``draw(surface, progress)`` function for an
:class:`~scenes.table.anim.Anim` (progress runs 0 -> 1).  Positions are given
as callables so a drawing follows sprites that move while it plays; sizes are
design pixels scaled by ``px`` (``app.px``).  Nothing here knows a game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from scenes import text, theme
from scenes.surfaces import MB, SurfaceCache
from scenes.table.tween import in_out_cubic, out_back, out_cubic

Draw = Callable[[pygame.Surface, float], None]
Point = Callable[[], tuple[int, int]]
RectAt = Callable[[], pygame.Rect | None]
Px = Callable[[float], int]
Color = tuple[int, int, int]
Avoid = Callable[[], Sequence[pygame.Rect]]
"""What a floating text must not cover (panel text, cards), read when it is placed."""


@lru_cache(maxsize=8)
def _offsets(step: int, reach: int) -> tuple[tuple[int, int], ...]:
    """Grid offsets within ``reach`` steps, nearest first (ties: up, then sideways,
    then left before right)."""
    return tuple((dx * step, dy * step) for dx, dy in _unit_grid(reach))


@lru_cache(maxsize=4)
def _unit_grid(reach: int) -> tuple[tuple[int, int], ...]:
    """``_offsets`` in grid steps: the order does not depend on the step, so a window
    of another size with the same reach (1280x720 and 3840x2160) sorts nothing."""
    r = range(-reach, reach + 1)
    grid = sorted((dx * dx + dy * dy, dy, abs(dx), dx) for dx in r for dy in r)
    return tuple((dx, dy) for _, dy, _, dx in grid)


def clear_spot(
    rect: pygame.Rect, avoid: Sequence[pygame.Rect], bounds: pygame.Rect, step: int = 8
) -> pygame.Rect:
    """``rect`` moved as little as possible (on a ``step``-pixel grid, up to a third of
    ``bounds`` away) so that it lies inside ``bounds`` and overlaps none of ``avoid``;
    ``rect`` itself when it already does or when no such place is in reach."""
    step = max(1, step)
    reach = max(1, max(bounds.w, bounds.h) // 3 // step)
    # The moves that keep ``rect`` inside ``bounds``, as plain integer ranges: a Rect
    # is built only for those (most of the grid is outside near an edge).
    lo_x = bounds.left - rect.left
    hi_x = min(bounds.right - rect.right, bounds.right - rect.left - 1)
    lo_y = bounds.top - rect.top
    hi_y = min(bounds.bottom - rect.bottom, bounds.bottom - rect.top - 1)
    if rect.w > bounds.w or rect.h > bounds.h:
        return rect
    move = rect.move
    for dx, dy in _offsets(step, reach):
        if lo_x <= dx <= hi_x and lo_y <= dy <= hi_y:
            moved = move(dx, dy)
            if moved.collidelist(avoid) < 0:
                return moved
    return rect


def prepare(size: tuple[int, int], px: Px) -> None:
    """Sort the search grid ``_Placer`` will use in a window of ``size`` now (about
    10 ms, once per size): a table calls this when it lays out, so the first
    floating text of a game does not pay for it in its frame."""
    step = max(2, px(8))
    _offsets(step, max(1, max(size) // 3 // step))


class _Placer:
    """Places a floating drawing once per anchor: ``shift(box, key)`` is the offset that
    moves ``box`` (the whole path the drawing takes) clear of ``avoid()``."""

    def __init__(self, avoid: Avoid | None, px: Px) -> None:
        self.avoid, self.px = avoid, px
        self.key: object = None
        self.offset = (0, 0)

    def shift(self, surface: pygame.Surface, box: pygame.Rect, key: object) -> tuple[int, int]:
        if self.avoid is None:
            return (0, 0)
        if key != self.key:
            self.key = key
            bounds = surface.get_rect()
            spot = clear_spot(box, list(self.avoid()), bounds, max(2, self.px(8)))
            self.offset = (spot.x - box.x, spot.y - box.y)
        return self.offset


def _unit(n: float) -> int:
    return round(n)


def all_of(draws: Sequence[Draw]) -> Draw:
    """Several drawings at once."""

    def draw(surface: pygame.Surface, p: float) -> None:
        for d in draws:
            d(surface, p)

    return draw


def ring(surface: pygame.Surface, rect: pygame.Rect, color: Color, alpha: int, width: int) -> None:
    """A translucent rounded outline around ``rect``."""
    if alpha <= 0:
        return
    key = (rect.w + 2, rect.h + 2, color, width)
    layer = _rings.get(key)
    if layer is None:  # drawn opaque once per size; each frame fades it (issue 15)
        layer = _rings.put(key, pygame.Surface(key[:2], pygame.SRCALPHA))
        pygame.draw.rect(layer, (*color, 255), layer.get_rect(), width, border_radius=10)
    layer.set_alpha(max(0, min(255, alpha)))
    surface.blit(layer, rect.topleft)


_rings: SurfaceCache[tuple[int, int, Color, int], pygame.Surface] = SurfaceCache(
    "effects.rings", 4 * MB
)  # ring layers by size


def flash(where: RectAt, color: Color, *, px: Px = _unit, grow: float = 0) -> Draw:
    """A ring that pulses over ``where()`` (grows by ``grow`` design px if given)."""

    def draw(surface: pygame.Surface, p: float) -> None:
        r = where()
        if r is None:
            return
        if grow:
            g = round(px(grow) * out_cubic(p))
            ring(surface, r.inflate(g, g), color, round(255 * (1 - p)), 4)
        else:
            ring(surface, r.inflate(6, 6), color, round(200 * math.sin(math.pi * p)), 5)

    return draw


def pop(
    message: str,
    where: Point,
    color: Color,
    *,
    px: Px = _unit,
    size: int = 26,
    avoid: Avoid | None = None,
) -> Draw:
    """Text that rises and fades over a dark plate (``+2``, ``-3``, a card name); with
    ``avoid``, its whole rise is moved the least distance that covers none of those."""
    place = _Placer(avoid, px)

    def draw(surface: pygame.Surface, p: float) -> None:
        x, y = where()
        img = text.render(message, px(size), color, bold=True).copy()
        img.set_alpha(round(255 * min(1.0, 2.5 * (1 - p))))
        rise = px(30)
        path = img.get_rect(center=(x, y)).union(img.get_rect(center=(x, y - rise)))
        dx, dy = place.shift(surface, path.inflate(16, 8), (x, y, message))
        rect = img.get_rect(center=(x + dx, round(y + dy - rise * out_cubic(p))))
        back = rect.inflate(16, 8)
        bg = pygame.Surface(back.size, pygame.SRCALPHA)
        bg.fill((0, 0, 0, round(150 * (1 - p))))
        surface.blit(bg, back)
        surface.blit(img, rect)

    return draw


def number(
    amount: int, where: Point, *, px: Px = _unit, heal: bool = False, avoid: Avoid | None = None
) -> Draw:
    """A damage (red, ``-N``) or heal (green, ``+N``) number."""
    color = (108, 196, 120) if heal else (226, 92, 84)
    words = f"+{amount}" if heal else f"-{amount}"
    return pop(words, where, color, px=px, size=30, avoid=avoid)


def _plate(surface: pygame.Surface, rect: pygame.Rect, alpha: int, radius: int) -> None:
    """A dark translucent backing under a floating text."""
    if alpha <= 0 or rect.w <= 0 or rect.h <= 0:
        return
    bg = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(bg, (0, 0, 0, alpha), bg.get_rect(), border_radius=radius)
    surface.blit(bg, rect)


def big_text(
    message: str, where: RectAt, color: Color, *, px: Px = _unit, avoid: Avoid | None = None
) -> Draw:
    """A large title that springs in at the centre of ``where()`` on a dark plate and
    fades; with ``avoid``, moved the least distance that covers none of those."""
    place = _Placer(avoid, px)

    def draw(surface: pygame.Surface, p: float) -> None:
        r = where() or surface.get_rect()
        k = out_back(min(1.0, p * 2.5))
        size = max(10, round(px(54) * (0.6 + 0.4 * k)))
        full = text.size_of(message, round(px(54) * 1.1), bold=True)  # the spring's peak
        box = pygame.Rect(0, 0, full[0] + px(24), full[1] + px(8))
        box.center = r.center
        dx, dy = place.shift(surface, box, (r.center, message))
        fade = min(1.0, 3 * (1 - p))
        img = text.render(message, size, color, bold=True).copy()
        img.set_alpha(round(255 * fade))
        shadow = text.render(message, size, (0, 0, 0), bold=True).copy()
        shadow.set_alpha(img.get_alpha())
        rect = img.get_rect(center=(r.centerx + dx, r.centery + dy))
        _plate(surface, rect.inflate(px(24), px(8)), round(140 * fade), px(12))
        surface.blit(shadow, rect.move(3, 3))
        surface.blit(img, rect)

    return draw


def fly(
    start: Point,
    end: Point,
    count: int,
    paint: Callable[[pygame.Surface, tuple[int, int]], None],
    *,
    px: Px = _unit,
    lift: float = 0.0,
) -> Draw:
    """Up to five items glide from ``start`` to ``end``, staggered, on an arc
    ``lift`` design pixels high; ``paint`` draws one item at a point."""
    shown = max(1, min(count, 5))

    def draw(surface: pygame.Surface, p: float) -> None:
        (x0, y0), (x1, y1) = start(), end()
        for i in range(shown):
            k = in_out_cubic(max(0.0, min(1.0, p * 1.3 - i * 0.07)))
            rise = math.sin(math.pi * k) * px(lift) if lift else 0.0
            paint(surface, (round(x0 + (x1 - x0) * k), round(y0 + (y1 - y0) * k - rise)))

    return draw


def shake(where: RectAt, color: Color, *, px: Px = _unit) -> Draw:
    """Three wavy lines along the bottom of ``where()`` (a quake, a heavy blow)."""

    def draw(surface: pygame.Surface, p: float) -> None:
        r = where()
        if r is None:
            return
        for i in range(3):
            y = r.bottom - px(8) - i * px(6)
            amp = px(6) * (1 - p)
            pts = [
                (x, round(y + math.sin(x / 9 + p * 40 + i) * amp)) for x in range(r.x, r.right, 6)
            ]
            if len(pts) > 1:
                pygame.draw.lines(surface, color, False, pts, 2)

    return draw


def spotlight(image: Callable[[], pygame.Surface | None], where: RectAt) -> Draw:
    """A card shown large at the centre of ``where()`` while it resolves: the
    table dims, the card grows in, holds, and fades.  Nothing is allocated per
    frame once the card has grown: the veil multiplies the table's colours in
    place and the scaled card is kept (issue 15: frame p99)."""
    kept: list[tuple[pygame.Surface, tuple[int, int], pygame.Surface]] = []

    def draw(surface: pygame.Surface, p: float) -> None:
        img = image()
        if img is None:
            return
        r = where() or surface.get_rect()
        fade = min(1.0, p * 6, (1 - p) * 6)
        keep = 255 - round(110 * fade)  # black at alpha 110 * fade, as a multiply
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        k = 0.8 + 0.2 * out_back(min(1.0, p * 4))
        size = (max(1, round(img.get_width() * k)), max(1, round(img.get_height() * k)))
        if not kept or kept[0][0] is not img or kept[0][1] != size:
            shown = (
                img.copy() if size == img.get_size() else pygame.transform.smoothscale(img, size)
            )
            kept[:] = [(img, size, shown)]
        shown = kept[0][2]
        shown.set_alpha(round(255 * fade))
        surface.blit(shown, shown.get_rect(center=r.center))

    return draw


def direction_changed(
    where: RectAt,
    direction: int,
    label: str,
    *,
    px: Px = _unit,
    avoid: Avoid | None = None,
) -> Draw:
    """The way of play reversed: a round arrow springs up on a dark disc, ``label`` below
    on a plate; with ``avoid``, moved the least distance that covers none of those."""
    from scenes.table.hud import draw_direction

    place = _Placer(avoid, px)

    def draw(surface: pygame.Surface, p: float) -> None:
        r = where()
        if r is None:
            return
        img = text.render(label, px(20), theme.TEXT, bold=True)
        peak = round(px(38) * 1.1)  # the spring's largest radius
        disc_box = pygame.Rect(0, 0, peak * 5 // 2, peak * 5 // 2)
        disc_box.center = r.center
        label_box = img.get_rect(midtop=(r.centerx, r.centery + peak + 4)).inflate(px(16), px(6))
        dx, dy = place.shift(surface, disc_box.union(label_box), (r.center, label))
        center = (r.centerx + dx, r.centery + dy)
        rad = round(px(38) * (0.7 + 0.3 * out_back(min(1.0, p * 2))))
        d = rad * 5 // 2
        disc = pygame.Surface((d, d), pygame.SRCALPHA)
        pygame.draw.circle(disc, (0, 0, 0, 150), (d // 2, d // 2), d // 2)
        surface.blit(disc, disc.get_rect(center=center))
        draw_direction(surface, center, rad, direction)
        at = img.get_rect(midtop=(center[0], center[1] + rad + 4))
        _plate(surface, at.inflate(px(16), px(6)), 150, px(8))
        surface.blit(img, at)

    return draw


def fly_image(
    start: Point, end: Point, count: int, image: Callable[[], pygame.Surface], *, px: Px = _unit
) -> Draw:
    """Up to four copies of ``image`` (card backs) glide from ``start`` to ``end``."""

    def paint(surface: pygame.Surface, at: tuple[int, int]) -> None:
        img = image()
        surface.blit(img, img.get_rect(center=at))

    return fly(start, end, min(count, 4), paint, px=px)
