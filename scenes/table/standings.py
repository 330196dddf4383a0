"""The score / standing panel: one row per seat (or team) under a title.

Each :class:`Standing` row shows a dot in the seat's colour, its name (the
viewer's in bold), the total right-aligned and, left of the total, token icons
with their counts (ManaSurge's purple and gold stones; Sử Hộ Vương's MP per
player; Thất Thánh Triệu Hồi's characters still standing).  The row of the seat
to move is highlighted; ``marker`` draws a token on the dot (the caster, the
first player).  Rows share the panel's height, so 2 or 6 seats both fit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from scenes import text, theme
from scenes.table.hud import panel
from scenes.table.tokens import PURPLE, draw_stone

Color = tuple[int, int, int]
Icon = Callable[[pygame.Surface, tuple[int, int], int, Color], None]
Marker = Callable[[pygame.Surface, tuple[int, int], int], None]


@dataclass(frozen=True)
class Standing:
    name: str
    color: Color
    total: str
    tokens: Sequence[tuple[int | None, Color]] = ((None, PURPLE),)
    """(count, colour) icons right to left of the total; a None count draws the icon alone."""
    active: bool = False  # to move: the row is highlighted
    own: bool = False  # the viewer's row: name in bold, in the text colour
    marker: Marker | None = None


def draw_standings(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    rows: Sequence[Standing],
    px: Callable[[float], int],
    *,
    icon: Icon = draw_stone,
) -> None:
    """The panel in ``rect``: ``title``, then ``rows`` (``icon`` draws a token)."""
    panel(surface, rect)
    head = text.render(title, max(12, px(15)), theme.ACCENT, bold=True)
    surface.blit(head, (rect.x + px(8), rect.y + px(6)))
    y = rect.y + px(10) + head.get_height()
    row_h = max(14, min(px(26), (rect.bottom - y - px(4)) // max(1, len(rows))))
    for row in rows:
        _draw_row(surface, rect, y, row_h, row, px, icon)
        y += row_h


def _draw_row(
    surface: pygame.Surface,
    r: pygame.Rect,
    y: int,
    row_h: int,
    row: Standing,
    px: Callable[[float], int],
    icon: Icon,
) -> None:
    body = max(11, min(px(15), row_h - 4))
    cy = y + row_h // 2
    if row.active:
        pygame.draw.rect(surface, (50, 60, 74), (r.x + 3, y, r.w - 6, row_h), border_radius=4)
    pygame.draw.circle(surface, row.color, (r.x + px(14), cy), max(3, body // 3))
    num = text.render(row.total, body, theme.TEXT, bold=True)
    surface.blit(num, num.get_rect(midright=(r.right - px(8), cy)))
    right = r.right - px(8) - max(num.get_width(), px(18)) - px(8)
    icon_r = max(4, body // 2 - 1)
    for count, color in row.tokens:
        if count is not None:
            c = text.render(str(count), body - 2, color, bold=True)
            surface.blit(c, c.get_rect(midright=(right, cy)))
            right -= c.get_width() + px(3)
        right -= icon_r
        icon(surface, (right, cy), icon_r, color)
        right -= icon_r + px(6)
    size = text.fit_size(row.name, body, right - (r.x + px(26)), min_size=9)
    ink = theme.TEXT if row.own else row.color
    img = text.render(row.name, size, ink, bold=row.own)
    surface.blit(img, img.get_rect(midleft=(r.x + px(26), cy)))
    if row.marker is not None:
        row.marker(surface, (r.x + px(14), cy), max(4, body // 2))
