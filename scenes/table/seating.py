"""Where seats sit around the table, their team colours and the team banner.

A game gives its ``seating``: the seats in the order they sit around the table
(clockwise from any seat).  It is not necessarily seat order: Sử Hộ Vương
seats teams interleaved (A1, B1, A2, B2, ...).  :class:`Seating` turns it so
the seat whose eyes the table shows sits at the bottom (position 0); the
layout's rects ``seat_0 .. seat_{n-1}`` go clockwise from there.  Team colours
come from the one palette in :mod:`scenes.theme` (``TEAM_COLORS``), shared
with the seat-setup screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from scenes import text, theme
from scenes.surfaces import MB, SurfaceCache
from scenes.table.cards import CardArt, draw_back, draw_hidden_hand

Color = tuple[int, int, int]
Icon = Callable[[pygame.Surface, tuple[int, int], int], None]


# Each seat's own colour when the game has no teams (the first seat blue, then red...).
SEAT_COLORS: tuple[Color, ...] = (
    (88, 172, 236),
    (236, 112, 96),
    (120, 204, 120),
    (216, 132, 226),
    (240, 196, 84),
    (96, 214, 204),
)


class Seating:
    def __init__(
        self,
        order: Sequence[int],
        teams: Sequence[int | None] | None = None,
        seat_colors: Sequence[Color] | None = None,
    ) -> None:
        if sorted(order) != list(range(len(order))):
            raise ValueError(f"seating {list(order)} is not an order of seats 0..{len(order) - 1}")
        self.order = list(order)
        self.teams = list(teams) if teams is not None else [None] * len(order)
        self.seat_colors = list(seat_colors or SEAT_COLORS)
        self.bottom = self.order[0]

    @property
    def n(self) -> int:
        return len(self.order)

    def turn_to(self, seat: int | None) -> bool:
        """Put ``seat`` at the bottom (None keeps the current turn); True if it moved."""
        if seat is None or seat == self.bottom:
            return False
        self.bottom = seat
        return True

    def position(self, seat: int) -> int:
        """0 for the bottom seat, then clockwise around the table."""
        return (self.order.index(seat) - self.order.index(self.bottom)) % self.n

    def seat_at(self, position: int) -> int:
        return self.order[(self.order.index(self.bottom) + position) % self.n]

    def rect_name(self, seat: int) -> str:
        """The layout rect of ``seat`` (``seat_<position>``)."""
        return f"seat_{self.position(seat)}"

    def team(self, seat: int) -> int | None:
        return self.teams[seat]

    def teammates(self, seat: int) -> list[int]:
        team = self.teams[seat]
        return [s for s in self.order if team is not None and self.teams[s] == team]

    def color(self, seat: int) -> Color:
        """The team's colour in a team game, else the seat's own colour."""
        team = self.teams[seat]
        if team is not None:
            return theme.team_color(team)
        return self.seat_colors[seat % len(self.seat_colors)]


def draw_team_banner(
    surface: pygame.Surface, rect: pygame.Rect, label: str, color: Color, px: int = 14
) -> None:
    """A ribbon in the team's colour with its (translated) name, over a seat panel."""
    notch = max(4, rect.h // 3)
    pts = [
        rect.topleft,
        rect.topright,
        (rect.right - notch, rect.centery),
        rect.bottomright,
        rect.bottomleft,
        (rect.x + notch, rect.centery),
    ]
    pygame.draw.polygon(surface, color, pts)
    pygame.draw.polygon(surface, (20, 20, 24), pts, 2)
    ink = (20, 20, 24) if sum(color) > 420 else theme.TEXT
    size = text.fit_size(label, px, max(10, rect.w - 2 * notch - 4), bold=True)
    img = text.render(label, size, ink, bold=True)
    surface.blit(img, img.get_rect(center=rect.center))


def draw_seat_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    name: str,
    color: Color,
    *,
    active: bool,
    tag: str,
    px: Callable[[float], int],
) -> tuple[int, int]:
    """A seat's panel: framed in its colour while it is to move, its name and a dim
    ``tag`` (AI, you).  Returns where the game's own lines start (x, y)."""
    from scenes.table.hud import panel

    panel(surface, rect, edge=color if active else theme.PANEL_EDGE)
    if active:
        pygame.draw.rect(surface, color, rect, 3, border_radius=8)
    pad = px(8)
    x, y = rect.x + pad, rect.y + pad
    tag_img = text.render(tag, max(10, px(12)), theme.TEXT_DIM) if tag else None
    room = rect.w - 2 * pad - (tag_img.get_width() + px(6) if tag_img else 0) - px(28)
    size = text.fit_size(name, max(12, px(16)), room, bold=True, min_size=9)
    img = text.render(name, size, color, bold=True)
    surface.blit(img, (x, y))
    if tag_img:
        mid = (x + img.get_width() + px(6), y + img.get_height() // 2)
        surface.blit(tag_img, tag_img.get_rect(midleft=mid))
    return x, y + img.get_height() + px(6)


class SeatLines:
    """The game's lines stacked down a seat panel, below where
    :func:`draw_seat_panel` left off: a badge (hover it for a tip), the seat's
    hidden hand, a stat with its icon and a second stat beside it (or under it
    when narrow), a small face-down pile where room is left.  ManaSurge: the
    character, the hand, score and penalties; Sử Hộ Vương: MP, hand, deck;
    Thất Thánh Triệu Hồi: hand and dice."""

    def __init__(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        at: tuple[int, int],
        px: Callable[[float], int],
    ) -> None:
        self.surface, self.rect, self.px = surface, rect, px
        self.x, self.y = at
        self.pad = px(8)
        self.small = max(10, px(13))  # the lines' text size

    @property
    def room(self) -> int:
        return self.rect.bottom - self.pad - self.y

    def badge(self, words: str, color: Color) -> pygame.Rect:
        """A bold line fitted to the panel's width; returns where it is (for a tip)."""
        size = text.fit_size(words, self.small, self.rect.w - 2 * self.pad, bold=True)
        img = text.render(words, size, color, bold=True)
        at = (self.x, self.y - self.px(3))
        self.surface.blit(img, at)
        self.y += img.get_height() + self.px(2)
        return pygame.Rect(at, img.get_size())

    def hidden_hand(self, count: int, label: str, art: CardArt, lang: str) -> None:
        """Backs for the cards in a hand, as high as the room left for two lines allows."""
        px = self.px
        h = max(16, min(px(44), self.room - self.small * 2 - px(10)))
        draw_hidden_hand(self.surface, (self.x, self.y), count, h, label, art, lang, px, self.small)
        self.y += h + px(6)

    def stats(
        self, icon: Icon, main: str, side: str, side_color: Color, *, side_bold: bool = False
    ) -> None:
        """``icon`` and ``main`` (bold), then ``side`` beside them, or below if narrow."""
        px, x, y = self.px, self.x, self.y
        side_img = text.render(side, self.small, side_color, bold=side_bold)
        main_img = text.render(main, self.small, theme.TEXT, bold=True)
        line_h = main_img.get_height()
        icon(self.surface, (x + px(7), y + line_h // 2), max(4, px(7)))
        self.surface.blit(main_img, (x + px(18), y))
        if self.rect.w - 2 * self.pad > main_img.get_width() + side_img.get_width() + px(44):
            self.surface.blit(side_img, (x + px(18) + main_img.get_width() + px(16), y))
            self.y = y + line_h + px(6)
        else:
            self.surface.blit(side_img, (x, y + line_h + px(2)))
            self.y = y + 2 * line_h + px(8)

    def backs(self, count: int, color: Color) -> None:
        """Up to ten overlapping card backs (a penalty or discard pile), if they fit."""
        room = self.room
        if not count or room < self.px(24):
            return
        h = min(self.px(40), room)
        size = (round(h * 0.7), h)
        back = _BACKS.fetch((size, color), lambda: draw_back(size, color))
        for i in range(min(count, 10)):
            self.surface.blit(back, (self.x + i * max(3, size[0] // 3), self.y))


_BACKS: SurfaceCache[tuple[tuple[int, int], Color], pygame.Surface] = SurfaceCache(
    "seating.backs", 2 * MB
)  # backs by (size, colour)
