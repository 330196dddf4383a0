"""Elemental dice on the kit's tray: a die shows its element's shape on the
element's colour (``elements.die_face``, the kit's one icon set), so a face reads
without colour too."""

from __future__ import annotations

import math

import pygame

from scenes.table.dice import DieWidget
from scenes.table.dicetray import DiceTray
from scenes.table.elements import die_face
from scenes.table.invokation import look


def face_index(face: object) -> int:
    """1-based die value of a face name (the tray's values); 0 if unknown (hidden)."""
    return look.FACES.index(face) + 1 if face in look.FACES else 0


class ElementDie(DieWidget):
    def face_surface(self, face: int, size: int) -> pygame.Surface:
        return die_face(look.FACES[face - 1], max(8, size))


class ElementTray(DiceTray):
    """``mark``: how a selected die is marked, ``"pay"`` (a tick: it pays) or
    ``"reroll"`` (a turning arrow: it is rolled again, GI-3.2)."""

    def __init__(self, rect: pygame.Rect) -> None:
        super().__init__(rect, faces=len(look.FACES))
        self.mark = "pay"

    def _resize(self, n: int) -> None:
        while len(self.dice) < n:
            self.dice.append(ElementDie(self.rect, self.faces, seed=len(self.dice)))
        del self.dice[n:]

    @property
    def faces_shown(self) -> list[str]:
        return [look.FACES[v - 1] for v in self.values]

    def draw(self, surface: pygame.Surface) -> None:
        """The kit's tray, each selected die raised a little and marked."""
        super().draw(surface)
        for i in self.selected:
            if 0 <= i < len(self.dice):
                r = self.dice[i].rect
                at = (r.right - max(4, r.w // 8), r.y + max(4, r.w // 8))
                rad = max(5, r.w // 7)
                if self.mark == "reroll":
                    _turn_mark(surface, at, rad)
                    continue
                pygame.draw.circle(surface, (20, 20, 24), at, rad + 1)
                pygame.draw.circle(surface, (108, 196, 120), at, rad)
                pygame.draw.lines(
                    surface,
                    (20, 20, 24),
                    False,
                    [
                        (at[0] - rad // 2, at[1]),
                        (at[0] - rad // 6, at[1] + rad // 2),
                        (at[0] + rad // 2, at[1] - rad // 2),
                    ],
                    max(2, rad // 3),
                )


def _turn_mark(surface: pygame.Surface, at: tuple[int, int], rad: int) -> None:
    """A die to be rolled again: an amber badge with a turning arrow."""
    ink, w = (20, 20, 24), max(2, rad // 3)
    pygame.draw.circle(surface, ink, at, rad + 1)
    pygame.draw.circle(surface, (236, 170, 70), at, rad)
    arc = pygame.Rect(0, 0, rad + 2, rad + 2)
    arc.center = at
    pygame.draw.arc(surface, ink, arc, math.radians(40), math.radians(320), w)
    tip = (at[0] + (rad + 2) // 2, at[1] - 1)
    head = [(tip[0] - w - 1, tip[1] - w), (tip[0] + w + 1, tip[1] - w), (tip[0], tip[1] + w)]
    pygame.draw.polygon(surface, ink, head)
