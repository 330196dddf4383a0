"""A card on the board: counters, status icons, rotation, hover.

:class:`EntitySprite` is a :class:`~scenes.table.cards.CardSprite` that stands
for a rules *entity* (a guardian, a character, a summon, a support), keyed by
the entity's id (``uid``) so it keeps its place and glides when the board
changes.  It draws:

* **counters** (:class:`Counter`): a badge in a corner (HP, damage, usages) or a
  line of pips along the bottom (energy 2/3);
* **status icons** (:class:`Status`): small labelled discs along the top, with a
  count (rounds left, stacks);
* **rotation**: ``tired = True`` turns the card sideways (a tired guardian),
  animated; ``angle`` is the degrees shown now;
* ``hover`` / ``lit`` / ``selected`` / ``dim`` as any card sprite.

Labels are text the table already translated or short symbols; the sprite
knows no game.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes import text, theme
from scenes.table.cards import CardArt, CardSprite

Color = tuple[int, int, int]
CORNERS = ("tl", "tr", "bl", "br")
TURNED = {"tr": "tl", "tl": "bl", "bl": "br", "br": "tr"}
"""Where a corner of the card is once it is turned sideways (a quarter turn to the left):
a badge stays on the same corner of the card, off its caption at the bottom."""


@dataclass
class Counter:
    """A number on an entity: a corner badge, or ``pips`` (``value`` of ``maximum``)."""

    value: int
    color: Color = theme.BAD
    corner: str = "br"
    maximum: int | None = None
    pips: bool = False


@dataclass
class Status:
    """A status icon: a short ``label`` (a symbol or 1-2 letters) and a count."""

    label: str
    color: Color = theme.ACCENT
    count: int | None = None


class EntitySprite(CardSprite):
    TURN_SPEED = 360.0  # degrees per second at animation speed 1

    def __init__(self, uid: object, card: int, rect: pygame.Rect, *, face_up: bool = True) -> None:
        super().__init__(("entity", uid), card, rect, face_up=face_up)
        self.uid = uid
        self.counters: dict[str, Counter] = {}
        self.statuses: list[Status] = []
        self.tired = False
        # the card turned sideways, kept while the face and the angle stay the same:
        # a tired guardian is drawn every frame, rotated once
        self._turn_cache: tuple[pygame.Surface, float, pygame.Surface] | None = None

    # -- state -------------------------------------------------------------------------------
    def set_counter(self, name: str, value: int | None, **style: object) -> None:
        """Show counter ``name`` at ``value`` (None removes it); ``style`` are
        :class:`Counter` fields (colour, corner, maximum, pips)."""
        if value is None:
            self.counters.pop(name, None)
            return
        old = self.counters.get(name)
        if old is not None and not style:
            old.value = value
            return
        self.counters[name] = Counter(value, **style)  # type: ignore[arg-type]

    def set_statuses(self, statuses: list[Status]) -> None:
        self.statuses = list(statuses)

    @property
    def target_angle(self) -> float:
        return 90.0 if self.tired else 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        goal = self.target_angle
        if self.angle != goal:
            step = self.TURN_SPEED * dt
            if abs(goal - self.angle) <= step:
                self.angle = goal
            else:
                self.angle += step if goal > self.angle else -step

    @property
    def turning(self) -> bool:
        return self.angle != self.target_angle

    @property
    def bounds(self) -> pygame.Rect:
        """The rect the card covers as shown (wider when turned sideways)."""
        r = self.rect
        if self.angle >= 45:
            turned = pygame.Rect(0, 0, r.h, r.w)
            turned.center = r.center
            return turned
        return r

    def on_table(self, part: pygame.Rect) -> pygame.Rect:
        """``part`` of the face (face coordinates, e.g. the title band) where it is
        shown: turned a quarter counter-clockwise, the card's top lies on the left."""
        r = self.rect
        if self.angle >= 45:
            box = self.bounds
            return pygame.Rect(box.x + part.y, box.y + r.w - part.right, part.h, part.w)
        return part.move(r.topleft)

    # -- drawing -----------------------------------------------------------------------------
    def _turned(self, img: pygame.Surface) -> pygame.Surface:
        cached = self._turn_cache
        if cached is not None and cached[0] is img and cached[1] == self.angle:
            return cached[2]
        turned = pygame.transform.rotate(img, self.angle)
        self._turn_cache = (img, self.angle, turned)
        return turned

    def draw(
        self,
        surface: pygame.Surface,
        art: CardArt,
        lang: str,
        *,
        lift: int = 0,
        offset: tuple[int, int] = (0, 0),
    ) -> None:
        r = self.rect.move(offset[0], offset[1] - lift)
        img = art.surface(self.card, r.size, lang, face_up=self.face_up)
        if self.angle:
            img = self._turned(img)
        box = img.get_rect(center=r.center)
        self.paint(surface, img, box, max(3, r.w // 12), focus=self.selected or self.hover)
        badge = max(8, round(min(box.w, box.h) * 0.17))
        for counter in self.counters.values():
            if counter.pips:
                _draw_pips(surface, box, counter, badge)
            else:
                corner = TURNED.get(counter.corner, counter.corner) if self.angle >= 45 else None
                _draw_badge(surface, box, counter, badge, corner)
        draw_statuses(surface, box, self.statuses, badge)


def _corner_point(box: pygame.Rect, corner: str, r: int) -> tuple[int, int]:
    x = box.x + r // 2 if corner[1] == "l" else box.right - r // 2
    y = box.y + r // 2 if corner[0] == "t" else box.bottom - r // 2
    return x, y


def _draw_badge(
    surface: pygame.Surface, box: pygame.Rect, c: Counter, r: int, corner: str | None = None
) -> None:
    corner = corner or c.corner
    center = _corner_point(box, corner if corner in CORNERS else "br", r)
    pygame.draw.circle(surface, (20, 20, 24), center, r + 2)
    pygame.draw.circle(surface, c.color, center, r)
    label = text.render(str(c.value), max(8, round(r * 1.2)), theme.TEXT, bold=True)
    surface.blit(label, label.get_rect(center=center))


def _draw_pips(surface: pygame.Surface, box: pygame.Rect, c: Counter, r: int) -> None:
    total = max(c.maximum or c.value, 0)
    if not total:
        return
    pr = max(3, r // 2)
    step = pr * 2 + 3
    x0 = box.centerx - (total - 1) * step // 2
    y = box.bottom - pr - 3
    for i in range(total):
        at = (x0 + i * step, y)
        pygame.draw.circle(surface, (20, 20, 24), at, pr + 1)
        if i < c.value:
            pygame.draw.circle(surface, c.color, at, pr)


def draw_statuses(
    surface: pygame.Surface, box: pygame.Rect, statuses: list[Status], r: int
) -> None:
    """Status icons (with counts) along the top edge of ``box``, badge radius
    about ``r``: on an entity, or on a seat panel (a player's shield)."""
    sr = max(6, round(r * 0.8))
    for i, status in enumerate(statuses[:5]):
        at = (box.x + sr + 2 + i * (2 * sr + 2), box.y - sr // 2)
        pygame.draw.circle(surface, (20, 20, 24), at, sr + 1)
        pygame.draw.circle(surface, status.color, at, sr)
        label = text.render(status.label, max(7, sr), (20, 20, 24), bold=True)
        surface.blit(label, label.get_rect(center=at))
        if status.count is not None:
            count = text.render(str(status.count), max(7, round(sr * 0.8)), theme.TEXT, bold=True)
            surface.blit(count, count.get_rect(topleft=(at[0] + sr // 2, at[1])))
