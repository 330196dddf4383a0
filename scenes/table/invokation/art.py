"""Character cards show their element with the kit's one icon set
(``scenes.table.elements``): the card face is the kit's (``cards.draw_face``), then
the element icon is painted over the small corner emblem and the big art emblem,
so a card, its aura, its dice and the rules help's tables all show the same shapes."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core import art
from scenes.table.cards import CardArt, CardFace
from scenes.table.elements import COLORS, draw_element

PAPER = (246, 240, 226)  # cards.draw_face's paper


def _light(color: tuple[int, int, int]) -> tuple[int, int, int]:
    """The art box's colour (``cards._shade(color, 1.75)``)."""
    return (
        min(255, round(color[0] + (255 - color[0]) * 0.75)),
        min(255, round(color[1] + (255 - color[1]) * 0.75)),
        min(255, round(color[2] + (255 - color[2]) * 0.75)),
    )


def paint_element(surf: pygame.Surface, element: str) -> None:
    """The element's icon over the face's emblems (corner and art box)."""
    w = surf.get_width()
    edge, pad = max(2, w // 30), max(3, w // 14)
    paper = surf.get_rect().inflate(-edge * 2, -edge * 2).inflate(-pad, -pad)
    small = max(4, round(w * 0.09))
    corner = pygame.Rect(0, 0, 2 * small + 4, 2 * small + 4)
    corner.center = (paper.right - small - pad // 2, paper.y + small + pad // 2)
    pygame.draw.rect(surf, PAPER, corner.clip(paper))
    draw_element(surf, element, corner.inflate(-2, -2))
    fill = _light(COLORS[element])
    mask = pygame.mask.from_threshold(surf, (*fill, 255), (1, 1, 1, 255))
    boxes = [r for r in mask.get_bounding_rects() if r.w > w // 3]
    if boxes:
        art = max(boxes, key=lambda r: r.w * r.h)
        pygame.draw.rect(surf, fill, art, border_radius=max(2, w // 24))
        side = round(min(art.w, art.h) * 0.8)
        icon = pygame.Rect(0, 0, side, side)
        icon.center = art.center
        draw_element(surf, element, icon)


class ElementArt(CardArt):
    """``CardArt`` whose character faces carry their element icon (``element_of``
    names a card's element, or ``""`` for a card that is not a character)."""

    def __init__(
        self, faces: Callable[[int, str], CardFace], element_of: Callable[[int], str]
    ) -> None:
        super().__init__(faces)
        self.element_of = element_of

    def finish(self, card: int, surf: pygame.Surface) -> None:
        """A character's element is its face's badge; the kit's elements icon stands
        in when the art library has no picture for it."""
        element = self.element_of(card)
        if element in COLORS and f"element.{element}" not in art.symbols():
            paint_element(surf, element)
