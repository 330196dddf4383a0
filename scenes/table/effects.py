"""Effect drawings for animations: fly, pop, number, flash, ring, big text, shake,
spotlight, a card's flight and a knocked-out card breaking.

Each helper returns a ``draw(surface, progress)`` function for an
:class:`~scenes.table.anim.Anim` (progress runs 0 -> 1).  Positions are given
as callables so a drawing follows sprites that move while it plays; sizes are
design pixels scaled by ``px`` (``app.px``).  Nothing here knows a game.

No drawing re-rasterises in a frame what it drew in the last one: a floating text
is composed once (text, icon, plate) and only faded; a card that flies or breaks is
scaled or turned once per step of its path (``_Sizes``, ``shatter``'s frames) and
those pictures live as long as the drawing (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache, partial

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


class _Label:
    """A floating text composed once: the words (and an icon before them) on a dark
    plate, as one picture that is only faded frame after frame."""

    def __init__(
        self,
        message: str,
        size: int,
        color: Color,
        *,
        icon: Callable[[int], pygame.Surface] | None = None,
        pad: tuple[int, int] = (8, 4),
        plate: int = 150,
    ) -> None:
        self.args = (message, size, color, icon, pad, plate)
        self.image: pygame.Surface | None = None

    def get(self) -> pygame.Surface:
        if self.image is None:
            message, size, color, icon, pad, plate = self.args
            words = text.render(message, size, color, bold=True)
            mark = icon(words.get_height()) if icon is not None else None
            gap = pad[0] // 2 if mark is not None else 0
            w = words.get_width() + (mark.get_width() + gap if mark is not None else 0)
            h = max(words.get_height(), mark.get_height() if mark is not None else 0)
            img = pygame.Surface((w + 2 * pad[0], h + 2 * pad[1]), pygame.SRCALPHA)
            radius = max(2, img.get_height() // 4)
            pygame.draw.rect(img, (0, 0, 0, plate), img.get_rect(), border_radius=radius)
            x = pad[0]
            if mark is not None:
                img.blit(mark, mark.get_rect(midleft=(x, img.get_height() // 2)))
                x += mark.get_width() + gap
            img.blit(words, words.get_rect(midleft=(x, img.get_height() // 2)))
            self.image = img
        return self.image


def pop(
    message: str,
    where: Point,
    color: Color,
    *,
    px: Px = _unit,
    size: int = 26,
    avoid: Avoid | None = None,
    icon: Callable[[int], pygame.Surface] | None = None,
    rise: float = 30,
) -> Draw:
    """Text that rises ``rise`` design px and fades over a dark plate (``+2``, ``-3``, a
    card name; ``icon(height)`` drawn before it); with ``avoid``, its whole rise is
    moved the least distance that covers none of those.  Composed once."""
    place = _Placer(avoid, px)
    label = _Label(message, px(size), color, icon=icon, pad=(px(8), px(4)))

    def draw(surface: pygame.Surface, p: float) -> None:
        x, y = where()
        img = label.get()
        up = px(rise)
        path = img.get_rect(center=(x, y)).union(img.get_rect(center=(x, y - up)))
        dx, dy = place.shift(surface, path, (x, y, message))
        rect = img.get_rect(center=(x + dx, round(y + dy - up * out_cubic(p))))
        img.set_alpha(round(255 * min(1.0, 2.5 * (1 - p))))
        surface.blit(img, rect)

    return draw


HEAL: Color = (108, 196, 120)
HURT: Color = (226, 92, 84)
PIERCE: Color = (214, 160, 255)
"""Piercing damage (it ignores shields and blocks): violet, with the piercing icon."""


def number(
    amount: int,
    where: Point,
    *,
    px: Px = _unit,
    heal: bool = False,
    avoid: Avoid | None = None,
    piercing: bool = False,
    element: str | None = None,
) -> Draw:
    """A damage (red, ``-N``) or heal (green, ``+N``) number rising from ``where()``;
    piercing damage is violet with the piercing icon before it, an element's damage
    carries that element's icon (the kit's icons, ``elements.element_icon``)."""
    color = HEAL if heal else PIERCE if piercing else HURT
    words = f"+{amount}" if heal else f"-{amount}"
    mark = "piercing" if piercing and not heal else element
    icon = None
    if mark:
        from scenes.table.elements import ICON_NAMES, element_icon

        if mark in ICON_NAMES:
            icon = partial(element_icon, mark)
    return pop(words, where, color, px=px, size=30, avoid=avoid, icon=icon, rise=40)


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


class _Sizes:
    """One picture at the sizes a moving card passes through, each scaled once (sizes
    rounded to ``step`` px): a flight scales a dozen times, not every frame.  The
    copies are its own (it may fade them), kept as long as the drawing that holds it."""

    def __init__(self, step: int = 4) -> None:
        self.step = max(1, step)
        self.source: pygame.Surface | None = None
        self.sizes: dict[tuple[int, int], pygame.Surface] = {}

    def get(self, img: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        if img is not self.source:
            self.source, self.sizes = img, {}
        q, (w, h) = self.step, size
        if size != img.get_size():  # its own size stays exact (a card held large)
            w = max(1, round(w / q) * q) if w > q else max(1, w)
            h = max(1, round(h / q) * q) if h > q else max(1, h)
        out = self.sizes.get((w, h))
        if out is None:
            same = (w, h) == img.get_size()
            out = img.copy() if same else pygame.transform.smoothscale(img, (w, h))
            self.sizes[(w, h)] = out
        return out


def _lerp_rect(a: pygame.Rect, b: pygame.Rect, k: float) -> pygame.Rect:
    """The rect ``k`` of the way from ``a`` to ``b`` (centre and size)."""
    w = round(a.w + (b.w - a.w) * k)
    h = round(a.h + (b.h - a.h) * k)
    r = pygame.Rect(0, 0, max(1, w), max(1, h))
    r.center = (round(a.centerx + (b.centerx - a.centerx) * k),
                round(a.centery + (b.centery - a.centery) * k))  # fmt: skip
    return r


def _fit(size: tuple[int, int], box: pygame.Rect) -> pygame.Rect:
    """A card of ``size``'s proportions as large as fits in ``box``, centred on it."""
    w, h = size
    k = min(box.w / max(1, w), box.h / max(1, h))
    r = pygame.Rect(0, 0, max(1, round(w * k)), max(1, round(h * k)))
    r.center = box.center
    return r


def card_flight(
    image: Callable[[], pygame.Surface | None],
    start: RectAt,
    end: RectAt,
    *,
    px: Px = _unit,
    lift: float = 30,
) -> Draw:
    """A card flies from ``start()`` to ``end()`` on an arc ``lift`` design px high,
    from the start's size to the end's (its proportions kept): a played card going
    from the hand to where it is played, a card going to a pile.  ``start`` is read
    once, when the flight begins (the hand card it left is gone by then)."""
    sizes = _Sizes()
    began: list[pygame.Rect] = []

    def draw(surface: pygame.Surface, p: float) -> None:
        img = image()
        if not began:
            first = start()
            if first is None:
                return
            began.append(pygame.Rect(first))
        goal = end()
        if img is None or goal is None:
            return
        a = _fit(img.get_size(), began[0])
        b = _fit(img.get_size(), goal)
        k = in_out_cubic(max(0.0, min(1.0, p)))
        r = _lerp_rect(a, b, k)
        r.y -= round(math.sin(math.pi * k) * px(lift))
        shown = sizes.get(img, r.size)
        shown.set_alpha(None)
        surface.blit(shown, shown.get_rect(center=r.center))

    return draw


def spotlight(
    image: Callable[[], pygame.Surface | None],
    where: RectAt,
    *,
    start: RectAt | None = None,
    land: RectAt | None = None,
) -> Draw:
    """A card shown large at the centre of ``where()`` while it resolves: the table
    dims, the card grows in (from ``start()``, where it was played, when given: it
    travels, it does not appear), holds, and fades (or flies into ``land()``, its
    place or its pile, when given).  Nothing is allocated per frame once the card
    has grown: the veil multiplies the table's colours in place and each size of
    the card is scaled once (issue 15: frame p99)."""
    sizes = _Sizes()
    began: list[pygame.Rect | None] = []
    grow, leave = (0.22, 0.78) if start is not None or land is not None else (0.25, 1.0)

    def draw(surface: pygame.Surface, p: float) -> None:
        img = image()
        if img is None:
            return
        if not began:
            first = start() if start is not None else None
            began.append(pygame.Rect(first) if first is not None else None)
        r = where() or surface.get_rect()
        big = img.get_rect(center=r.center)
        veil = min(1.0, p * 6, (1 - p) * 6)
        alpha = 255
        if p < grow and began[0] is not None:  # flying in from where it was played
            rect = _lerp_rect(_fit(img.get_size(), began[0]), big, in_out_cubic(p / grow))
        elif p < grow:  # no start: it springs up where it is shown
            k = 0.8 + 0.2 * out_back(min(1.0, p / grow))
            rect = _fit(img.get_size(), big.inflate(big.w * (k - 1), big.h * (k - 1)))
            alpha = round(255 * min(1.0, p * 6))
        elif p > leave and land is not None and (goal := land()) is not None:
            k = in_out_cubic((p - leave) / (1 - leave))
            rect = _lerp_rect(big, _fit(img.get_size(), goal), k)
            veil = min(veil, 1 - k)
        else:
            rect = big
            alpha = round(255 * min(1.0, (1 - p) * 6)) if land is None else 255
        keep = 255 - round(110 * veil)  # black at alpha 110 * veil, as a multiply
        if keep < 255:
            surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        shown = sizes.get(img, rect.size)
        shown.set_alpha(alpha)
        surface.blit(shown, shown.get_rect(center=rect.center))

    return draw


class _Broken:
    """What ``shatter`` draws: the card whole and its two halves, cut once as the break
    starts; each step of the halves' fall turned and scaled once."""

    def __init__(self, whole: pygame.Surface, rect: pygame.Rect) -> None:
        self.whole, self.rect = whole, pygame.Rect(rect)
        self.left, self.right = _split(whole)
        self.frames: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}

    def pieces(self, i: int, k: float, shrink: float) -> tuple[pygame.Surface, pygame.Surface]:
        if i not in self.frames:
            scale = 1.0 - shrink * k
            self.frames[i] = (
                pygame.transform.rotozoom(self.left, 18 * k, scale),
                pygame.transform.rotozoom(self.right, -24 * k, scale),
            )
        return self.frames[i]


def shatter(
    image: Callable[[tuple[int, int]], pygame.Surface | None],
    where: RectAt,
    *,
    to: RectAt | None = None,
    px: Px = _unit,
    color: Color = HURT,
    steps: int = 20,
) -> Draw:
    """A card knocked out: it shudders in a red ring, cracks in two along a jagged
    line, and the halves fall apart, shrink and fade into ``to()`` (its discard pile;
    without one they fall where the card was).  ``where()`` and the card's picture
    are read once, as it starts; the halves are turned and scaled once per step
    (``steps`` pictures for the whole break)."""
    held: list[_Broken | None] = []

    def broken() -> _Broken | None:
        if not held:
            r = where()
            img = image(r.size) if r is not None and r.w > 0 and r.h > 0 else None
            held.append(_Broken(img, r) if img is not None and r is not None else None)
        return held[0]

    def draw(surface: pygame.Surface, p: float) -> None:
        card = broken()
        if card is None:
            return
        r, crack = card.rect, 0.3
        if p < crack:  # it shudders whole, a red ring round it
            dx = round(math.sin(p * 90) * px(3) * (1 - p / crack))
            surface.blit(card.whole, r.move(dx, 0))
            ring(surface, r.inflate(6, 6), color, round(220 * math.sin(math.pi * p / crack)), 4)
            return
        q = (p - crack) / (1 - crack)
        i = min(steps - 1, int(q * steps))
        left, right = card.pieces(i, (i + 0.5) / steps, 0.55 if to is not None else 0.2)
        goal = to() if to is not None else None
        end = goal.center if goal is not None else (r.centerx, r.centery + px(60))
        k = in_out_cubic(q)
        cx = round(r.centerx + (end[0] - r.centerx) * k)
        cy = round(r.centery + (end[1] - r.centery) * k)
        spread = round(px(22) * math.sin(math.pi * min(1.0, q * 1.4)))
        alpha = round(255 * min(1.0, (1 - q) * 2.2))
        for piece, dx, dy in ((left, -spread, 0), (right, spread, round(px(10) * q * q))):
            piece.set_alpha(alpha)
            surface.blit(piece, piece.get_rect(center=(cx + dx, cy + dy)))

    return draw


def _split(img: pygame.Surface) -> tuple[pygame.Surface, pygame.Surface]:
    """The card cut in two along a jagged line from top to bottom: (left, right),
    each the card's size, transparent where the other half is."""
    w, h = img.get_size()
    zig = [(w // 2 + (w // 9 if i % 2 else -w // 10), round(h * i / 6)) for i in range(7)]
    halves = []
    for far in ([(w, h), (w, 0)], [(0, h), (0, 0)]):
        half = pygame.Surface((w, h), pygame.SRCALPHA)
        half.blit(img, (0, 0))
        pygame.draw.polygon(half, (0, 0, 0, 0), [*zig, *far])
        halves.append(half)
    return halves[0], halves[1]


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
