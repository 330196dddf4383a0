"""A tray of dice built on :class:`~scenes.table.dice.DieWidget`.

It shows a seat's dice in a row (wrapping to two rows when they do not fit),
rolls them to the values the rules drew, and lets the player select dice by
click or keyboard: to reroll them, or to change the payment the action picker
proposes (``propose``).  The tray decides nothing: the selection goes back to
the picker (``PickerInput.pay("dice", tray.selection)``) and the rules core
accepts or refuses it.

Indices are positions in the seat's dice list, which is what a rules core's
``dice`` arg names.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from scenes import theme
from scenes.table.dice import DieWidget


class DiceTray:
    def __init__(
        self,
        rect: pygame.Rect,
        faces: int = 6,
        *,
        labels: Sequence[str] | None = None,
        colors: Sequence[tuple[int, int, int]] | None = None,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.faces = faces
        self.labels = list(labels) if labels is not None else None
        self.colors = list(colors) if colors is not None else None
        self.dice: list[DieWidget] = []
        self.selected: set[int] = set()
        self.proposed: set[int] = set()
        self.focus: int | None = None
        self.selectable = False  # only while the picker asks for dice

    # -- values ------------------------------------------------------------------------------
    @property
    def values(self) -> list[int]:
        return [d.value for d in self.dice]

    @property
    def selection(self) -> tuple[int, ...]:
        """The selected dice, as sorted indices."""
        return tuple(sorted(self.selected))

    def set_values(self, values: Sequence[int]) -> None:
        """Show ``values`` at once (no roll); keeps widgets that did not change."""
        self._resize(len(values))
        for die, v in zip(self.dice, values, strict=True):
            if die.value != v or not die.settled:
                die.roll(v, duration=0)
        self.selected = {i for i in self.selected if i < len(values)}
        self.layout()

    def roll(self, values: Sequence[int], duration: float = 0.9, only: Sequence[int] = ()) -> None:
        """Roll to ``values`` (the rules' result); ``only`` limits the tumble to
        the rerolled dice, the others just take their value."""
        self._resize(len(values))
        for i, (die, v) in enumerate(zip(self.dice, values, strict=True)):
            tumble = not only or i in only
            die.roll(v, duration=duration if tumble else 0)
        self.selected.clear()
        self.layout()

    def _resize(self, n: int) -> None:
        while len(self.dice) < n:
            self.dice.append(
                DieWidget(
                    self.rect,
                    self.faces,
                    labels=self.labels,
                    colors=self.colors,
                    seed=len(self.dice),
                )
            )
        del self.dice[n:]

    @property
    def settled(self) -> bool:
        return all(d.settled for d in self.dice)

    def skip(self) -> None:
        for d in self.dice:
            d.skip()

    # -- selection ----------------------------------------------------------------------------
    def propose(self, indices: Sequence[int]) -> None:
        """Show the payment the picker proposes, pre-selected (the player may change it)."""
        self.proposed = {i for i in indices if 0 <= i < len(self.dice)}
        self.selected = set(self.proposed)

    def toggle(self, index: int) -> None:
        if 0 <= index < len(self.dice):
            self.selected ^= {index}

    def clear(self) -> None:
        self.selected.clear()
        self.proposed.clear()

    def die_at(self, pos: tuple[int, int]) -> int | None:
        for i, d in enumerate(self.dice):
            if d.rect.collidepoint(pos):
                return i
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """Click toggles a die; Left/Right move the focus, Space toggles it."""
        if not self.selectable or not self.dice:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.die_at(event.pos)
            if i is None:
                return False
            self.focus = i
            self.toggle(i)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            start = -1 if step > 0 else len(self.dice)
            self.focus = ((self.focus if self.focus is not None else start) + step) % len(self.dice)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self.focus is not None:
            self.toggle(self.focus)
            return True
        return False

    # -- layout and drawing ------------------------------------------------------------------
    def layout(self) -> None:
        n = len(self.dice)
        if not n:
            return
        r = self.rect
        rows = 1 if n * r.h * 0.7 <= r.w else 2  # two rows when one would shrink dice a lot
        per_row = -(-n // rows)
        size = min(r.h // rows, r.w // max(per_row, 4))  # a lone die is not drawn huge
        gap = max(2, size // 8)
        size -= gap
        for i, die in enumerate(self.dice):
            row, col = divmod(i, per_row)
            x = r.x + col * (size + gap) + gap // 2
            y = r.y + row * (size + gap) + gap // 2
            die.rect = pygame.Rect(x, y, size, size)

    def update(self, dt: float) -> None:
        for d in self.dice:
            d.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for i, die in enumerate(self.dice):
            die.draw(surface)
            if i in self.selected:
                pygame.draw.rect(surface, theme.GOOD, die.rect.inflate(6, 6), 3, border_radius=6)
            if i == self.focus and self.selectable:
                pygame.draw.rect(surface, theme.FOCUS, die.rect.inflate(10, 10), 2, border_radius=8)
