"""The fanned hand at the bottom of the table, with keyboard focus.

:class:`FannedHand` keeps one :class:`~scenes.table.cards.CardSprite` per card
id, lays them on a gentle arc inside ``rect`` (overlapping when many), and
glides them when cards come and go.  ``focus`` is the index the keyboard
(or the :class:`~scenes.table.pickinput.PickerInput`'s focus) points at; the
focused or hovered card is drawn lifted and on top of its neighbours (whole).
``spots()`` binds the hand to a :class:`~scenes.table.board.Board` as the
``card`` arg (or any arg).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import pygame

from scenes.table.cards import CardArt, CardSprite
from scenes.table.pickinput import PickerInput
from scenes.table.tween import out_back

CARD_RATIO = 0.7


class FannedHand:
    def __init__(
        self, rect: pygame.Rect, *, fill: float = 0.8, pad: int = 10, margin: int = 6
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.fill = fill
        self.pad = pad
        self.margin = margin
        self.sprites: list[CardSprite] = []
        self.focus: int | None = None
        self.arg = "card"  # the action arg the hand's cards stand for

    @property
    def cards(self) -> list[int]:
        return [s.card for s in self.sprites]

    def card_h(self) -> int:
        return max(40, round(self.rect.h * self.fill))

    def rects(self, count: int) -> list[pygame.Rect]:
        """The arc: cards overlap when they do not fit, outer cards sit lower."""
        if count == 0:
            return []
        r = self.rect
        h = self.card_h()
        w = round(h * CARD_RATIO)
        step = min(w + self.pad // 2, (r.w - 2 * self.pad - w) / max(1, count - 1))
        total = w + step * (count - 1)
        x0 = r.centerx - total / 2
        y = r.bottom - h - self.margin
        out = []
        for i in range(count):
            k = (i - (count - 1) / 2) / max(1, count)
            out.append(pygame.Rect(round(x0 + i * step), round(y + abs(k) * h * 0.12), w, h))
        return out

    def sync(
        self,
        cards: Sequence[int],
        *,
        spawn: pygame.Rect | Callable[[int], pygame.Rect] | None = None,
        duration: float = 0.0,
    ) -> list[CardSprite]:
        """Show ``cards`` in order; new ones come from ``spawn`` (a rect, or the
        rect each new card comes from).  Returns the sprites of cards that left
        (the table flies them where they went)."""
        old = {s.card: s for s in self.sprites}
        new = []
        for card in cards:
            sprite = old.pop(card, None)
            if sprite is None:
                where = spawn(card) if callable(spawn) else spawn
                start = pygame.Rect(where) if where is not None else self.rect
                sprite = CardSprite(("hand", card), card, start)
            new.append(sprite)
        self.sprites = new
        if self.focus is not None:
            self.focus = min(self.focus, len(new) - 1) if new else None
        self.layout(duration)
        return list(old.values())

    def layout(self, duration: float = 0.0, *, keep: CardSprite | None = None) -> None:
        """Glide every card to its place (``keep``, a dragged card, only learns it)."""
        for sprite, rect in zip(self.sprites, self.rects(len(self.sprites)), strict=True):
            if sprite is keep:
                sprite.home = (float(rect.x), float(rect.y))
                continue
            sprite.move_to(rect, duration)

    def remove(self, card: int) -> CardSprite | None:
        for sprite in self.sprites:
            if sprite.card == card:
                self.sprites.remove(sprite)
                return sprite
        return None

    # -- pointer and keys ---------------------------------------------------------------------
    def at(self, pos: tuple[int, int]) -> CardSprite | None:
        """The card under ``pos`` as drawn: a lifted card is drawn on top of its
        neighbours, so it keeps the pointer while the pointer is on it."""
        for sprite in self.sprites:
            if (sprite.hover or sprite is self.focused) and sprite.rect.collidepoint(pos):
                return sprite
        for sprite in reversed(self.sprites):
            if sprite.rect.collidepoint(pos):
                return sprite
        return None

    def spots(self) -> list[tuple[int, pygame.Rect]]:
        return [(s.card, s.rect) for s in self.sprites]

    def hover(self, pos: tuple[int, int] | None) -> CardSprite | None:
        """Mark the card under ``pos`` hovered (only the topmost)."""
        top = self.at(pos) if pos is not None else None
        for sprite in self.sprites:
            sprite.hover = sprite is top
        return top

    def move_focus(self, step: int) -> int | None:
        if not self.sprites:
            self.focus = None
        elif self.focus is None:
            self.focus = 0 if step > 0 else len(self.sprites) - 1
        else:
            self.focus = (self.focus + step) % len(self.sprites)
        return self.focus

    def focus_card(self, card: int | None) -> None:
        cards = self.cards
        self.focus = cards.index(card) if card in cards else None

    @property
    def focused(self) -> CardSprite | None:
        if self.focus is None or not 0 <= self.focus < len(self.sprites):
            return None
        return self.sprites[self.focus]

    def follow(
        self, picks: PickerInput, mouse: tuple[int, int], *, active: bool
    ) -> CardSprite | None:
        """The focus follows the card ``picks`` chose or focuses (while ``active``);
        the card under ``mouse`` (none while dragging) is hovered and returned."""
        chosen = picks.source
        if chosen is None and picks.focus_index is not None:
            chosen = picks.focus
        card = chosen.value if chosen is not None and chosen.arg == self.arg else None
        self.focus_card(card if active and isinstance(card, int) else None)
        return self.hover(None if picks.dragging else mouse)

    def light(self, playable: Collection[int], *, active: bool) -> None:
        """While ``active`` (the seat may act), ``playable`` cards are lit, the rest dimmed."""
        for sprite in self.sprites:
            sprite.lit = active and sprite.card in playable
            sprite.dim = active and sprite.card not in playable

    def dragged(self, picks: PickerInput) -> CardSprite | None:
        """The card being dragged through ``picks`` (draw it moved by ``drag_delta``): the
        picked source, or a card dragged as a whole answer (a setup choice: Sử Hộ
        Vương's face-down Guardian), which takes no source until it is dropped."""
        src = picks.source if picks.source is not None else picks.pressed
        if not picks.dragging or src is None or src.arg != self.arg:
            return None
        return next((s for s in self.sprites if s.card == src.value), None)

    def drop(
        self, sprite: CardSprite, delta: tuple[int, int], accepted: bool, spring: float
    ) -> None:
        """A drag of ``sprite`` ended ``delta`` away from its place: a card that was
        played stays where it fell (its animation takes it on), a refused one
        springs home in ``spring`` seconds."""
        if sprite not in self.sprites:
            return
        home = sprite.rect
        sprite.place(home.move(delta))
        if not accepted:
            sprite.move_to(home, spring, ease=out_back)

    def update(self, dt: float) -> None:
        for sprite in self.sprites:
            sprite.update(dt)

    def draw(
        self,
        surface: pygame.Surface,
        art: CardArt,
        lang: str,
        *,
        lift: int = 14,
        skip: CardSprite | None = None,
        hidden: bool = False,
    ) -> None:
        """The fan, focused and hovered cards lifted (``skip``: the dragged card,
        drawn on top by the table; ``hidden``: every card's back, whatever its
        ``face_up``: nobody at the table may see this hand now)."""
        focused = self.focused
        lifted = [s for s in self.sprites if s.hover or s is focused]
        for sprite in [s for s in self.sprites if s not in lifted] + lifted:  # lifted on top
            if sprite is skip:
                continue
            sprite.selected = sprite is focused and not hidden
            up = sprite.face_up
            sprite.face_up = up and not hidden
            try:
                sprite.draw(surface, art, lang, lift=lift if sprite in lifted and not hidden else 0)
            finally:
                sprite.face_up = up
