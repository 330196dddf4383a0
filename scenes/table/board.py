"""Hit tests that answer *what* is under the pointer: an (arg, value) pair.

A game table says, as data, which on-screen things stand for which action
args::

    board = Board()
    board.bind("card", lambda: [(s.card, s.rect) for s in table.hand])
    board.bind("target", lambda: [(e.uid, e.rect) for e in table.entities()])
    board.bind("to", lambda: [(seat, table.seat_rect(seat)) for seat in table.seats])
    board.bind("zone", lambda: [("ladder", table.rects["ladder"])])

``board.hit(pos)`` then returns ``Spot("target", 4, rect)`` rather than a zone
name, and the :class:`~scenes.table.picker.ActionPicker` narrows the legal
actions by it.  Spots are read live (the callables run at hit time), so sprites
that glide are hit where they are.  Later bindings lie on top of earlier ones,
and within a binding later spots on top of earlier ones (a fanned hand).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pygame

from game.core.contract import ArgValue

SpotSource = Callable[[], Iterable[tuple[ArgValue, pygame.Rect]]]


@dataclass(frozen=True)
class Spot:
    """One thing on screen that stands for ``arg = value``."""

    arg: str
    value: ArgValue
    rect: pygame.Rect

    @property
    def pick(self) -> tuple[str, ArgValue]:
        return self.arg, self.value


class Board:
    """The table's arg -> on-screen-things mapping (see the module doc)."""

    def __init__(self) -> None:
        self._layers: list[tuple[str, SpotSource]] = []
        self._stand_ins: list[tuple[str, SpotSource]] = []

    def bind(self, arg: str, spots: SpotSource) -> None:
        """``spots()`` yields (value, rect) for every thing that stands for ``arg``."""
        self._layers.append((arg, spots))

    def stand_in(self, arg: str, spots: SpotSource) -> None:
        """``spots()`` yields (value, rect) for values of ``arg`` shown only through
        something else (the skills behind a "+N" chip): ``rect_of`` finds them, so a
        hint or a guide points there; clicks and focus do not."""
        self._stand_ins.append((arg, spots))

    @property
    def args(self) -> list[str]:
        return [arg for arg, _ in self._layers]

    def spots(self, args: Sequence[str] | None = None) -> list[Spot]:
        """Every spot (bottom to top), optionally only for ``args``."""
        out: list[Spot] = []
        for arg, source in self._layers:
            if args is None or arg in args:
                out.extend(Spot(arg, value, pygame.Rect(rect)) for value, rect in source())
        return out

    def stand_in_spots(self, args: Sequence[str], shown: Sequence[Spot]) -> list[Spot]:
        """The stand-ins of ``args`` whose value has no spot in ``shown`` (the spots of
        ``args`` as the caller listed them; the keyboard focus reaches a skill behind a
        "+N" chip through them)."""
        own = {(s.arg, s.value) for s in shown}
        return [
            Spot(arg, value, pygame.Rect(rect))
            for arg, source in self._stand_ins
            if arg in args
            for value, rect in source()
            if (arg, value) not in own
        ]

    def hit(self, pos: tuple[int, int], args: Sequence[str] | None = None) -> Spot | None:
        """The topmost spot under ``pos`` (optionally only for ``args``)."""
        for spot in reversed(self.spots(args)):
            if spot.rect.collidepoint(pos):
                return spot
        return None

    def rect_of(self, arg: str, value: ArgValue) -> pygame.Rect | None:
        """Where ``value`` of ``arg`` is: its spot, else what stands in for it."""
        for spot in self.spots([arg]):
            if spot.value == value:
                return spot.rect
        for bound, source in self._stand_ins:
            if bound == arg:
                found = next((r for v, r in source() if v == value), None)
                if found is not None:
                    return pygame.Rect(found)
        return None


def arrow_points(
    start: tuple[float, float], end: tuple[float, float], bend: tuple[float, float] | None = None
) -> list[tuple[int, int]]:
    """17 points of a quadratic curve from ``start`` to ``end``; its control point is the
    middle moved by ``bend`` (default: upwards by 0.18 of the length, a bowed arrow)."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    dx, dy = bend if bend is not None else (0.0, -length * 0.18)
    cx, cy = (x0 + x1) / 2 + dx, (y0 + y1) / 2 + dy
    pts = []
    for i in range(17):
        t = i / 16
        x = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1
        y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1
        pts.append((round(x), round(y)))
    return pts


def draw_arrow(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    color: tuple[int, int, int],
    width: int = 6,
) -> None:
    """A bowed arrow from ``start`` to ``end`` (the aim of a source at a target)."""
    (x0, y0), (x1, y1) = start, end
    if math.hypot(x1 - x0, y1 - y0) < 4:
        return
    draw_path(surface, arrow_points(start, end), color, width)


def draw_path(
    surface: pygame.Surface, pts: list[tuple[int, int]], color: tuple[int, int, int], width: int
) -> None:
    """An arrow along ``pts`` (a dot at the first, a head at the last), outlined."""
    if len(pts) < 2:
        return
    (x0, y0), (x1, y1) = pts[0], pts[-1]
    pygame.draw.lines(surface, (0, 0, 0), False, pts, width + 4)
    pygame.draw.lines(surface, color, False, pts, width)
    ax, ay = pts[-2]
    angle = math.atan2(y1 - ay, x1 - ax)
    head = width * 3.2
    tip = (x1, y1)
    left = (x1 - head * math.cos(angle - 0.5), y1 - head * math.sin(angle - 0.5))
    right = (x1 - head * math.cos(angle + 0.5), y1 - head * math.sin(angle + 0.5))
    pygame.draw.polygon(surface, color, [tip, left, right])
    pygame.draw.circle(surface, color, (round(x0), round(y0)), max(3, width))
