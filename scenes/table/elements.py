"""Element icons: an art-set picture and a colour for each of the seven elements and Omni.

Thất Thánh Triệu Hồi shows elements everywhere: the auras on a character, the dice
faces, the costs and the rules help's reaction table.  Each icon is a game-icons.net
picture named in ``assets/art/symbols.json`` (``"element.pyro": "fire"``) and drawn
through :mod:`scenes.art`; each has its own **silhouette** as well as its own colour,
so the icons read without colour (colour-blind players, grey screenshots):

=========  ==========================  ==============
element    picture (symbols.json)      colour
=========  ==========================  ==============
cryo       snowflake                   ice blue
hydro      water drop                  blue
pyro       fire (three tongues)        red-orange
electro    lightning bolt              violet
anemo      whirlwind                   teal
geo        cut diamond                 amber
dendro     sprout                      green
omni       seven-pointed star          white
physical   fist                        grey
piercing   broadhead arrow             light grey
unaligned  a die                       grey           (a cost: any dice)
matching   two linked rings            pale grey      (a cost: dice of one element)
energy     four-point star             gold           (a burst's energy)
=========  ==========================  ==============

``draw_element(surface, element, rect)`` draws one icon centred in ``rect`` (the
picture in the element's colour, outlined in a dark edge so it reads over any card or
felt).  ``element_icon`` returns a cached surface of a given size; ``die_face`` an
elemental die (a dark rounded square edged in the element's colour with its icon).
This is the one icon set: the rules help (``scenes/rules_doc.py``) and Thất Thánh
Triệu Hồi's table both draw with it.  Game-agnostic: the names are plain strings, no
game package is imported.
"""

from __future__ import annotations

import pygame

from game.core import art as art_names
from scenes import art
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
    "unaligned": (168, 172, 188),
    "matching": (214, 214, 220),
    "energy": (250, 214, 90),
}

EDGE: Color = (20, 20, 24)  # the outline that keeps an icon readable over a light card
DIE: Color = (34, 36, 44)  # a die's body
UNKNOWN: Color = (120, 120, 120)


def concept(element: str) -> str:
    """The symbol of ``element`` in ``assets/art/symbols.json`` (``"element.pyro"``)."""
    return f"element.{element}"


def picture(element: str) -> tuple[str, ...] | None:
    """The icon names of ``element``'s picture (None: not an element icon)."""
    if element not in COLORS:
        return None
    return art_names.symbols().get(concept(element))


def edge_width(size: int) -> int:
    """The outline of an icon ``size`` px wide: 1 px up to 30, then thicker."""
    return max(1, round(size / 30))


def _glyph(element: str, size: int, color: Color, edge: Color | None) -> pygame.Surface | None:
    """``element``'s picture ``size`` px square in ``color`` (outlined in ``edge``)."""
    parts = picture(element)
    if parts is None:
        return None
    if edge is None:
        return art.picture(parts, size, color, EDGE)
    w = edge_width(size)
    inner = max(1, size - 2 * w)
    if len(parts) == 1:
        return art.outlined(parts[0], inner, color, edge, w)
    return art.picture(parts, size, color, edge)


def draw_element(surface: pygame.Surface, element: str, rect: pygame.Rect) -> None:
    """Draw the icon of ``element`` (a name of :data:`ICON_NAMES`) centred in ``rect``.

    An unknown name draws a plain grey disc; it never fails."""
    side = min(rect.width, rect.height)
    if side < 2:
        return
    icon = element_icon(element, side)
    surface.blit(icon, icon.get_rect(center=rect.center))


@cached(2 * MB)
def element_icon(element: str, size: int) -> pygame.Surface:
    """A cached ``size`` x ``size`` icon surface (transparent around the picture)."""
    size = max(2, int(size))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    glyph = _glyph(element, size, COLORS.get(element, UNKNOWN), EDGE)
    if glyph is None:
        r = size // 2
        pygame.draw.circle(surf, UNKNOWN, (r, r), max(1, r - 1))
        return surf
    surf.blit(glyph, glyph.get_rect(center=(size // 2, size // 2)))
    return surf


@cached(2 * MB)
def die_face(face: str, size: int) -> pygame.Surface:
    """An elemental die of ``size`` px: a dark rounded square edged in ``face``'s colour
    with the element's icon in that colour in the middle (reads without colour: the
    icon's silhouette)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    color = COLORS.get(face, UNKNOWN)
    radius = size // 5
    pygame.draw.rect(surf, DIE, rect, border_radius=radius)
    pygame.draw.rect(surf, color, rect, max(2, size // 12), border_radius=radius)
    inner = pygame.Rect(0, 0, round(size * 0.62), round(size * 0.62))
    inner.center = rect.center
    glyph = _glyph(face, inner.w, color, None)
    if glyph is None:
        draw_element(surf, face, inner)
    else:
        surf.blit(glyph, glyph.get_rect(center=rect.center))
    return surf
