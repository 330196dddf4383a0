"""A row of played cards, in play order, each with its owner and tokens on it.

ManaSurge's ladder (the spells of a round, stones on them, the lead card
marked); a trick or a chain of responses in other games: Sử Hộ Vương's skills
declared in a round with the Tactic points they use, Thất Thánh Triệu Hồi's
cards played this round.  The row keeps one :class:`~scenes.table.cards.CardSprite`
per card, lays the cards from the left and lets them overlap when they do not
fit (each keeps a visible ``strip``), tags each with its owner's name and
colour, and stacks its tokens (up to three icons, else one icon and the count).
The first card can carry a ``lead`` badge.  ``spots()`` binds the row to a
:class:`~scenes.table.board.Board` (the value is the card's index).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from scenes import text, theme
from scenes.table.cards import CardArt, CardSprite, draw_owner_tag
from scenes.table.tokens import PURPLE, draw_stone

Color = tuple[int, int, int]
Px = Callable[[float], int]


@dataclass
class Played:
    card: int
    seat: int  # who played it
    tokens: int = 0  # tokens lying on it (ManaSurge's stones)


class PlayedRow:
    def __init__(self, rect: pygame.Rect | None = None, *, pad: int = 10) -> None:
        self.rect = pygame.Rect(rect or (0, 0, 0, 0))
        self.pad = pad
        self.items: list[Played] = []
        self.sprites: dict[int, CardSprite] = {}  # by card

    # -- geometry ---------------------------------------------------------------------------
    def rects(self, count: int) -> list[pygame.Rect]:
        """Cards 62 % of the row's height, from the left, overlapping when many."""
        r, pad = self.rect, self.pad
        h = round(r.h * 0.62)
        w = round(h * 0.7)
        if count == 0:
            return []
        step = min(w + pad, (r.w - 2 * pad - w) / max(1, count - 1))
        y = r.y + round(r.h * 0.20)
        return [pygame.Rect(round(r.x + pad + i * step), y, w, h) for i in range(count)]

    def sprite(self, index: int) -> CardSprite | None:
        if not 0 <= index < len(self.items):
            return None
        return self.sprites.get(self.items[index].card)

    def spots(self) -> list[tuple[int, pygame.Rect]]:
        """(index, rect) of each card shown."""
        sprites = [self.sprites.get(item.card) for item in self.items]
        return [(i, s.rect) for i, s in enumerate(sprites) if s is not None]

    def at(self, pos: tuple[int, int]) -> tuple[Played, pygame.Rect] | None:
        """The topmost card under ``pos``."""
        for item in reversed(self.items):
            sprite = self.sprites.get(item.card)
            if sprite is not None and sprite.rect.collidepoint(pos):
                return item, sprite.rect
        return None

    def token_point(self, index: int) -> tuple[int, int] | None:
        """Where tokens leave a card from or land on (None if it is not shown)."""
        sprite = self.sprite(index)
        if sprite is None:
            return None
        r = sprite.rect
        return r.x + r.w // 5, r.y + round(r.h * TOKEN_Y)

    def strip(self, index: int) -> int:
        """How much of card ``index`` shows before the next one covers it."""
        sprite, nxt = self.sprite(index), self.sprite(index + 1)
        if sprite is None:
            return 0
        return (nxt.rect.x - sprite.rect.x) if nxt is not None else sprite.rect.w

    # -- content ----------------------------------------------------------------------------
    def layout(
        self, duration: float, start: Callable[[Played, pygame.Rect], pygame.Rect]
    ) -> list[CardSprite]:
        """Glide every card to its place; a new card starts at ``start(item, slot)``.
        Returns the sprites of cards no longer in the row (the table sends them away)."""
        keep: dict[int, CardSprite] = {}
        for item, rect in zip(self.items, self.rects(len(self.items)), strict=True):
            sprite = self.sprites.pop(item.card, None)
            if sprite is None:
                sprite = CardSprite(("played", item.card), item.card, start(item, rect))
            sprite.move_to(rect, duration)
            keep[item.card] = sprite
        gone = list(self.sprites.values())
        self.sprites = keep
        return gone

    def first_of(self, seat: int) -> int | None:
        """The index of ``seat``'s first card in the row."""
        return next((i for i, item in enumerate(self.items) if item.seat == seat), None)

    def move_tokens(self, index: int, count: int, src: int | None = None) -> None:
        """``count`` tokens land on card ``index`` (taken off card ``src`` if given)."""
        if 0 <= index < len(self.items):
            self.items[index].tokens += count
        if src is not None and 0 <= src < len(self.items):
            self.items[src].tokens = max(0, self.items[src].tokens - count)

    def clear_tokens(self, seat: int) -> None:
        """The tokens on ``seat``'s cards leave the row."""
        for item in self.items:
            if item.seat == seat:
                item.tokens = 0

    def update(self, dt: float) -> None:
        for sprite in self.sprites.values():
            sprite.update(dt)

    # -- drawing ----------------------------------------------------------------------------
    def draw_header(self, surface: pygame.Surface, title: str, empty: str, px: Px) -> None:
        """``title`` along the top of the row; ``empty`` in its middle while no card is."""
        r = self.rect
        size = text.fit_size(title, max(11, px(15)), r.w - px(20), min_size=9)
        surface.blit(text.render(title, size, theme.TEXT, bold=True), (r.x + px(10), r.y + px(4)))
        if not self.items:
            size = text.fit_size(empty, max(11, px(16)), r.w - px(20), min_size=9)
            img = text.render(empty, size, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=r.center))

    def draw(
        self,
        surface: pygame.Surface,
        art: CardArt,
        lang: str,
        px: Px,
        owner: Callable[[int], tuple[str, Color]],
        *,
        lead: str = "",
        token: Color = PURPLE,
    ) -> None:
        """The cards, each with its owner's tag (``owner(seat)`` gives the name and
        colour) and tokens; the first framed with the ``lead`` badge if given."""
        for i, item in enumerate(self.items):
            sprite = self.sprites.get(item.card)
            if sprite is None:
                continue
            sprite.draw(surface, art, lang)
            cr, strip = sprite.rect, self.strip(i)
            name, color = owner(item.seat)
            draw_owner_tag(surface, cr, strip, name, color, px)
            if i == 0 and lead:
                _draw_lead(surface, cr, strip, lead, px)
            if item.tokens:
                _draw_tokens(surface, cr, strip, item.tokens, token, px)


def _draw_lead(surface: pygame.Surface, cr: pygame.Rect, strip: int, label: str, px: Px) -> None:
    pygame.draw.rect(surface, theme.ACCENT, cr.inflate(4, 4), 3, border_radius=max(3, cr.w // 12))
    img = text.render(label, max(10, px(12)), (20, 20, 20), bold=True)
    lr = img.get_rect(midbottom=(cr.x + min(strip, cr.w) // 2, cr.y - 1))
    pygame.draw.rect(surface, theme.ACCENT, lr.inflate(8, 2), border_radius=5)
    surface.blit(img, lr)


TOKEN_Y = 0.42  # tokens lie on the card's picture, clear of its name below


def _draw_tokens(
    surface: pygame.Surface, cr: pygame.Rect, strip: int, count: int, color: Color, px: Px
) -> None:
    """Up to three tokens stacked up the card's strip, else one token and the count."""
    r = max(5, px(8))
    sx = cr.x + max(r + 3, min(strip, cr.w) // 2)
    sy = cr.y + round(cr.h * TOKEN_Y)
    if count <= 3 and strip > r * 3:
        for k in range(count):
            draw_stone(surface, (sx, sy - k * (r * 2 + 2)), r, color)
        return
    draw_stone(surface, (sx, sy), r, color)
    n = text.render(str(count), max(10, px(13)), theme.TEXT, bold=True)
    nr = n.get_rect(midtop=(sx, sy + r))
    pygame.draw.rect(surface, (0, 0, 0), nr.inflate(6, 2), border_radius=5)
    surface.blit(n, nr)
