"""Element icons: a shape and a colour for each of the seven elements and Omni.

Thất Thánh Triệu Hồi shows elements everywhere: the auras on a character, the dice
faces, the costs and the rules help's reaction table.  Each element has its own
**shape** as well as its own colour, so the icons read without colour (colour-blind
players, grey screenshots):

=========  ========================  ==============
element    shape                     colour
=========  ========================  ==============
cryo       six-spoke snowflake       ice blue
hydro      drop (point up)           blue
pyro       flame (three tongues)     red-orange
electro    lightning bolt            violet
anemo      spiral swirl              teal
geo        diamond with a facet      amber
dendro     leaf with a midrib        green
omni       eight-point star          white
physical   fist-like square          grey
piercing   arrow through a bar       light grey
unaligned  hollow ring               dark grey      (a cost: any dice)
matching   two linked squares        pale grey      (a cost: dice of one element)
energy     four-point spark          gold           (a burst's energy)
=========  ========================  ==============

``draw_element(surface, element, rect)`` draws one icon centred in ``rect`` (a disc of
the colour, darkened rim, the shape in a light or dark ink on top).  ``element_icon``
returns a cached surface of a given size; ``die_face`` an elemental die (a rounded
square of the element's colour with its icon).  This is the one icon set: the rules
help (``scenes/rules_doc.py``) and Thất Thánh Triệu Hồi's table both draw with it.
Game-agnostic: the names are plain strings, no game package is imported.
"""

from __future__ import annotations

import math

import pygame

from scenes.surfaces import MB, cached

Color = tuple[int, int, int]

ELEMENTS = ("cryo", "hydro", "pyro", "electro", "anemo", "geo", "dendro")
ICON_NAMES = (*ELEMENTS, "omni", "physical", "piercing", "unaligned", "matching", "energy")

COLORS: dict[str, Color] = {
    "cryo": (150, 215, 240),
    "hydro": (60, 130, 230),
    "pyro": (235, 95, 55),
    "electro": (170, 110, 230),
    "anemo": (90, 205, 180),
    "geo": (225, 170, 60),
    "dendro": (120, 190, 70),
    "omni": (238, 236, 228),
    "physical": (150, 150, 150),
    "piercing": (205, 205, 215),
    "unaligned": (92, 94, 104),
    "matching": (214, 214, 220),
    "energy": (250, 214, 90),
}

_DARK: Color = (28, 30, 38)
_LIGHT: Color = (248, 248, 250)


def _ink(color: Color) -> Color:
    """Dark ink on a light disc, light ink on a dark one."""
    r, g, b = color
    return _DARK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else _LIGHT


def _rim(color: Color) -> Color:
    return (color[0] * 3 // 5, color[1] * 3 // 5, color[2] * 3 // 5)


def _pts(cx: float, cy: float, r: float, pts: list[tuple[float, float]]) -> list[tuple[int, int]]:
    """Unit-square points (-1..1) scaled into a circle of radius ``r``."""
    return [(round(cx + x * r), round(cy + y * r)) for x, y in pts]


def _cryo(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color) -> None:
    w = max(1, round(r * 0.16))
    for k in range(6):
        a = math.pi / 2 + k * math.pi / 3
        dx, dy = math.cos(a), math.sin(a)
        end = (cx + dx * r * 0.8, cy - dy * r * 0.8)
        pygame.draw.line(s, ink, (cx, cy), end, w)
        for side in (-1, 1):  # the small barbs of a snowflake
            b = a + side * 0.7
            mid = (cx + dx * r * 0.5, cy - dy * r * 0.5)
            tip = (mid[0] + math.cos(b) * r * 0.28, mid[1] - math.sin(b) * r * 0.28)
            pygame.draw.line(s, ink, mid, tip, max(1, w - 1))


def _hydro(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color) -> None:
    pygame.draw.circle(s, ink, (round(cx), round(cy + r * 0.22)), round(r * 0.48))
    tri = [(0.0, -0.85), (-0.46, 0.12), (0.46, 0.12)]
    pygame.draw.polygon(s, ink, _pts(cx, cy, r, tri))


def _pyro(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color) -> None:
    flame = [
        (0.0, -0.85),
        (0.22, -0.35),
        (0.42, -0.6),
        (0.62, 0.1),
        (0.5, 0.55),
        (0.0, 0.78),
        (-0.5, 0.55),
        (-0.62, 0.1),
        (-0.42, -0.6),
        (-0.22, -0.35),
    ]
    pygame.draw.polygon(s, ink, _pts(cx, cy, r, flame))


def _electro(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color) -> None:
    bolt = [
        (0.15, -0.85),
        (-0.5, 0.1),
        (-0.05, 0.1),
        (-0.2, 0.85),
        (0.5, -0.15),
        (0.05, -0.15),
        (0.3, -0.85),
    ]
    pygame.draw.polygon(s, ink, _pts(cx, cy, r, bolt))


def _anemo(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color) -> None:
    w = max(1, round(r * 0.17))
    pts = []
    for i in range(40):  # an Archimedean spiral, about one and a half turns
        t = i / 39
        a = t * 3.2 * math.pi
        rad = r * (0.12 + 0.68 * t)
        pts.append((cx + math.cos(a) * rad, cy + math.sin(a) * rad))
    pygame.draw.lines(s, ink, False, pts, w)


def _geo(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color, disc: Color) -> None:
    diamond = [(0.0, -0.82), (0.62, 0.0), (0.0, 0.82), (-0.62, 0.0)]
    pygame.draw.polygon(s, ink, _pts(cx, cy, r, diamond))
    facet = [(0.0, -0.45), (0.3, 0.0), (0.0, 0.45), (-0.3, 0.0)]
    pygame.draw.polygon(s, disc, _pts(cx, cy, r, facet), max(1, round(r * 0.1)))


def _dendro(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color, disc: Color) -> None:
    leaf = []
    for i in range(24):
        a = i / 24 * 2 * math.pi
        x, y = math.sin(a) * 0.42, -math.cos(a) * 0.8
        x *= abs(math.cos(a / 2)) ** 0.3 + 0.2  # pointed at the tip
        leaf.append((x * 0.9 - y * 0.35, y * 0.95 + x * 0.35))  # tilted
    pygame.draw.polygon(s, ink, _pts(cx, cy, r, leaf))
    w = max(1, round(r * 0.1))
    start, end = _pts(cx, cy, r, [(-0.28, 0.75), (0.28, -0.75)])
    pygame.draw.line(s, disc, start, end, w)


def _omni(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color) -> None:
    star = []
    for i in range(16):
        a = -math.pi / 2 + i * math.pi / 8
        rad = 0.85 if i % 2 == 0 else 0.38
        star.append((math.cos(a) * rad, math.sin(a) * rad))
    pygame.draw.polygon(s, ink, _pts(cx, cy, r, star))


def _physical(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color) -> None:
    box = pygame.Rect(0, 0, round(r * 1.0), round(r * 1.0))
    box.center = (round(cx), round(cy))
    pygame.draw.rect(s, ink, box, border_radius=max(1, round(r * 0.2)))


def _piercing(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color) -> None:
    w = max(1, round(r * 0.16))
    pygame.draw.line(s, ink, (cx - r * 0.75, cy), (cx + r * 0.4, cy), w)
    head = [(0.8, 0.0), (0.3, -0.4), (0.3, 0.4)]
    pygame.draw.polygon(s, ink, _pts(cx, cy, r, head))
    pygame.draw.line(s, ink, (cx, cy - r * 0.7), (cx, cy + r * 0.7), max(1, w - 1))


def _unaligned(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color) -> None:
    pygame.draw.circle(s, ink, (round(cx), round(cy)), round(r * 0.62), max(1, round(r * 0.2)))


def _matching(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color) -> None:
    w, side = max(1, round(r * 0.16)), round(r * 0.8)
    for dx, dy in ((-0.28, -0.28), (0.28, 0.28)):
        box = pygame.Rect(0, 0, side, side)
        box.center = (round(cx + dx * r), round(cy + dy * r))
        pygame.draw.rect(s, ink, box, w)


def _energy(s: pygame.Surface, cx: float, cy: float, r: float, ink: Color) -> None:
    spark = []
    for i in range(8):
        a = -math.pi / 2 + i * math.pi / 4
        rad = 0.9 if i % 2 == 0 else 0.22
        spark.append((math.cos(a) * rad, math.sin(a) * rad))
    pygame.draw.polygon(s, ink, _pts(cx, cy, r, spark))


def draw_element(surface: pygame.Surface, element: str, rect: pygame.Rect) -> None:
    """Draw the icon of ``element`` (a name of :data:`ICON_NAMES`) centred in ``rect``.

    An unknown name draws a plain grey disc; it never fails."""
    cx, cy = rect.center
    r = max(2.0, min(rect.width, rect.height) / 2 - 0.5)
    disc = COLORS.get(element, (120, 120, 120))
    pygame.draw.circle(surface, disc, (cx, cy), round(r))
    pygame.draw.circle(surface, _rim(disc), (cx, cy), round(r), max(1, round(r * 0.12)))
    ink = _ink(disc)
    inner = r * 0.78
    if element in ("geo", "dendro"):
        (_geo if element == "geo" else _dendro)(surface, cx, cy, inner, ink, disc)
        return
    draw = {
        "cryo": _cryo,
        "hydro": _hydro,
        "pyro": _pyro,
        "electro": _electro,
        "anemo": _anemo,
        "omni": _omni,
        "physical": _physical,
        "piercing": _piercing,
        "unaligned": _unaligned,
        "matching": _matching,
        "energy": _energy,
    }.get(element)
    if draw is not None:
        draw(surface, cx, cy, inner, ink)


@cached(2 * MB)
def element_icon(element: str, size: int) -> pygame.Surface:
    """A cached ``size`` x ``size`` icon surface (transparent outside the disc)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_element(surf, element, surf.get_rect())
    return surf


@cached(2 * MB)
def die_face(face: str, size: int) -> pygame.Surface:
    """An elemental die of ``size`` px: a rounded square edged in ``face``'s colour with
    the element's icon in the middle (reads without colour: the icon's shape)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    color = COLORS.get(face, (120, 120, 120))
    radius = size // 5
    pygame.draw.rect(surf, (34, 36, 44), rect, border_radius=radius)
    pygame.draw.rect(surf, color, rect, max(2, size // 12), border_radius=radius)
    inner = rect.inflate(-size * 2 // 7, -size * 2 // 7)
    draw_element(surf, face, inner)
    return surf
