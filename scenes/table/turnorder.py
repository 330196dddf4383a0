"""Team seating and the turn-order strip (kit parts; first used by Sử Hộ Vương).

:class:`TeamSeating` puts the viewer at the bottom (``seat_0``), the viewer's
teammates next (``seat_1 ..``: a layout places them beside the viewer) and the
opponents last (across the table), each side in the game's order; the plain
:class:`~scenes.table.seating.Seating` turns a ring instead.

:func:`draw_turn_order` lists the seats in turn order (an interleaved team order
is the point), the seat to move highlighted, each with a value on the right
(MP, score), eliminated seats dimmed and struck out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from scenes import theme
from scenes.table.hud import label, panel
from scenes.table.seating import Seating

Color = tuple[int, int, int]
OUT = (90, 96, 104)  # an eliminated seat's dot and name


class TeamSeating(Seating):
    """``teams`` required: teammates beside the viewer, opponents across."""

    def places(self) -> list[int]:
        me = self.bottom
        mates = [s for s in self.order if self.teams[s] == self.teams[me] and s != me]
        return [me, *mates, *(s for s in self.order if self.teams[s] != self.teams[me])]

    def position(self, seat: int) -> int:
        return self.places().index(seat)

    def seat_at(self, position: int) -> int:
        return self.places()[position]


@dataclass(frozen=True)
class Turn:
    """One row of the strip: a seat's name, colour and value in turn order."""

    name: str
    color: Color
    value: str
    active: bool = False  # its turn: the row is highlighted
    out: bool = False  # eliminated: dimmed and struck out
    own: bool = False  # the viewer: the name in bold


def draw_turn_order(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    rows: Sequence[Turn],
    px: Callable[[float], int],
) -> list[pygame.Rect]:
    """The panel: ``title``, then one numbered row per seat in turn order; every row
    inside the panel, closer and smaller when the panel is short (a demo banner above
    it, six seats: play-test D11).  Returns the rows' rects."""
    panel(surface, rect)
    at = (rect.x + px(8), rect.y + px(6))
    head = label(surface, title, max(12, px(15)), theme.ACCENT, bold=True, topleft=at)
    y = head.bottom + px(4)
    room = rect.bottom - px(3) - y
    row_h = max(1, min(px(22), room // max(1, len(rows))))
    size = max(9, min(max(11, px(14)), row_h - 3))
    out: list[pygame.Rect] = []
    for i, row in enumerate(rows):
        line = pygame.Rect(rect.x + px(4), y, rect.w - px(8), row_h)
        if row.active:
            pygame.draw.rect(surface, (52, 62, 84), line, border_radius=px(5))
        color = OUT if row.out else row.color
        pygame.draw.circle(surface, color, (line.x + px(10), line.centery), min(px(6), row_h // 3))
        ink = OUT if row.out else theme.TEXT
        mid = (line.x + px(22), line.centery)
        name = f"{i + 1}. {row.name}"
        at_name = label(surface, name, size, ink, bold=row.own, width=line.w - px(80), midleft=mid)
        if row.out:
            pygame.draw.line(surface, theme.BAD, at_name.midleft, at_name.midright, max(1, px(2)))
        right = (line.right - px(6), line.centery)
        label(surface, row.value, size, color, bold=True, midright=right)
        out.append(line)
        y += row_h
    return out
