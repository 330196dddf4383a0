"""Card sprites and their surfaces: backs, cached faces, piles, zoom.

:class:`CardArt` draws and caches the surfaces per ``(card, size, lang)`` (a face
is ``scenes.table.faces.draw_face``); :class:`CardSprite` is a card on the table:
where it is, where it is going (an eased tween), whether it is face up or lit.
The face's types and layout helpers live in ``scenes.table.faces`` and are named
here too, where the tables have always imported them.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes import text, theme
from scenes.surfaces import MB, SurfaceCache
from scenes.table.faces import (
    CARD_RATIO,
    PLAIN,
    SOFT,
    SQUEEZE,
    TITLE_MIN,
    CardFace,
    Color,
    Frame,
    Gem,
    Title,
    _shade,
    caption_fit,
    draw_emblem,
    draw_face,
    draw_gem,
    fan_picture,
    fit_body,
    title_fit,
)
from scenes.table.hud import tint
from scenes.table.tween import Easing, Tween, in_out_cubic, out_cubic

__all__ = [
    "ART_BUDGET",
    "CARD_RATIO",
    "PLAIN",
    "SOFT",
    "SQUEEZE",
    "TITLE_MIN",
    "CardArt",
    "CardFace",
    "CardSprite",
    "Frame",
    "Gem",
    "Ghosts",
    "Title",
    "caption_fit",
    "card_size",
    "draw_back",
    "draw_emblem",
    "draw_face",
    "draw_gem",
    "draw_hidden_hand",
    "draw_owner_tag",
    "draw_pile",
    "draw_zoom",
    "fan_picture",
    "fit_body",
    "title_fit",
]


def card_size(height: int) -> tuple[int, int]:
    return max(8, round(height * CARD_RATIO)), max(12, height)


def draw_back(size: tuple[int, int], color: Color = (96, 52, 140)) -> pygame.Surface:
    """A card back: frame, diagonal lattice and a central star."""
    w = size[0]
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, w // 12)
    pygame.draw.rect(surf, (24, 20, 30), surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(2, w // 14) * 2, -max(2, w // 14) * 2)
    pygame.draw.rect(surf, color, inner, border_radius=max(2, radius - 1))
    lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = max(5, w // 7)
    line = (*_shade(color, 1.35), 255)
    for k in range(-inner.h, inner.w + inner.h, step):
        pygame.draw.line(lattice, line, (k, 0), (k + inner.h, inner.h), 1)
        pygame.draw.line(lattice, line, (k, inner.h), (k + inner.h, 0), 1)
    surf.blit(lattice, inner.topleft)
    pygame.draw.rect(surf, theme.ACCENT, inner, max(1, w // 40), border_radius=max(2, radius - 1))
    draw_emblem(surf, "star", inner.center, max(4, min(inner.w, inner.h) // 4), theme.ACCENT)
    return surf


class CardArt:
    """Face/back surfaces for a game's cards, cached per (card, size, lang).

    ``faces(card_id, lang)`` is the game's adapter from ids to
    :class:`CardFace`.  A negative id (``HIDDEN``) draws the back.
    """

    def __init__(
        self, faces: Callable[[int, str], CardFace], back_color: Color = (96, 52, 140)
    ) -> None:
        self.faces = faces
        self.back_color = back_color
        # (face, where its title band lies) by (card, size, lang, detail)
        self._cache: SurfaceCache[CardKey, tuple[pygame.Surface, pygame.Rect | None]] = (
            SurfaceCache("cards.art", ART_BUDGET)
        )

    def surface(
        self,
        card: int,
        size: tuple[int, int],
        lang: str,
        *,
        face_up: bool = True,
        detail: bool | None = None,
    ) -> pygame.Surface:
        return self._drawn(card if face_up else -1, size, lang, detail)[0]

    def _drawn(
        self, card: int, size: tuple[int, int], lang: str, detail: bool | None = None
    ) -> tuple[pygame.Surface, pygame.Rect | None]:
        """The face of ``card`` (a negative id: the back) and where its title band lies."""
        show = card >= 0
        key = (card if show else -1, size, lang if show else "", bool(detail))
        drawn = self._cache.get(key)
        if drawn is None:
            band: list[pygame.Rect] = []
            if show:
                surf = draw_face(self.faces(card, lang), size, detail=detail, band_out=band)
                self.finish(card, surf)
            else:
                surf = draw_back(size, self.back_color)
            drawn = self._cache.put(key, (surf, band[0] if band else None))
        return drawn

    def finish(self, card: int, surf: pygame.Surface) -> None:
        """Paint what a game adds to a freshly drawn face (an element's icon, say)."""

    def title_band(self, card: int, size: tuple[int, int], lang: str) -> pygame.Rect | None:
        """Where the title band lies on the face of ``card`` drawn at ``size`` (face
        coordinates; None for a back): marks drawn on a card keep clear of it."""
        if card < 0:
            return None
        band = self._drawn(card, size, lang)[1]
        return None if band is None else band.copy()


CardKey = tuple[int, tuple[int, int], str, bool]
ART_BUDGET = 48 * MB  # the faces of one window size (the deck editor at 4K: 16 of 1.1 MB)


class CardSprite:
    """A card on the table.  ``key`` identifies it across redraws so it can
    glide (``move_to``) from its old place to its new one."""

    def __init__(self, key: object, card: int, rect: pygame.Rect, *, face_up: bool = True) -> None:
        self.key = key
        self.card = card
        self.face_up = face_up
        self.pos = (float(rect.x), float(rect.y))
        self.size = rect.size
        self.tween: Tween | None = None
        self.home = (float(rect.x), float(rect.y))
        self.hover = False
        self.selected = False
        self.lit = False  # legal drop target / playable
        self.dim = False
        self.angle = 0.0

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.pos[0]), round(self.pos[1]), *self.size)

    @property
    def moving(self) -> bool:
        return self.tween is not None and not self.tween.done

    def place(self, rect: pygame.Rect) -> None:
        self.pos = self.home = (float(rect.x), float(rect.y))
        self.size = rect.size
        self.tween = None

    def move_to(
        self, rect: pygame.Rect, duration: float, ease: Easing = out_cubic, delay: float = 0.0
    ) -> None:
        self.home = (float(rect.x), float(rect.y))
        self.size = rect.size
        if duration <= 0 or self.pos == self.home:
            self.pos = self.home
            self.tween = None
            return
        self.tween = Tween(self.pos, self.home, duration, ease, delay)

    def update(self, dt: float) -> None:
        if self.tween is not None:
            x, y = self.tween.update(dt)
            self.pos = (x, y)
            if self.tween.done:
                self.tween = None

    def draw(
        self,
        surface: pygame.Surface,
        art: CardArt,
        lang: str,
        *,
        lift: int = 0,
        offset: tuple[int, int] = (0, 0),
    ) -> None:
        """``offset``: drawn moved (a dragged card follows ``PickerInput.drag_delta``)."""
        r = self.rect.move(offset[0], offset[1] - lift)
        img = art.surface(self.card, r.size, lang, face_up=self.face_up)
        self.paint(surface, img, r, max(3, r.w // 12), focus=self.selected)

    def paint(
        self, surface: pygame.Surface, img: pygame.Surface, box: pygame.Rect, radius: int, *,
        focus: bool,
    ) -> None:  # fmt: skip
        """The card image at ``box`` with its shadow, dimming and outline (``focus``:
        the focus colour, else the lit colour when lit)."""
        if self.angle % 90:  # turning: the shadow follows the card, not its bounding box
            shade = pygame.mask.from_surface(img).to_surface(setcolor=(0, 0, 0), unsetcolor=None)
            surface.blit(shade, box.move(3, 4))
        else:
            pygame.draw.rect(surface, (0, 0, 0), box.move(3, 4), border_radius=radius)
        surface.blit(img, box)
        if self.dim:
            tint(surface, box, (0, 0, 0, 90))
        if focus or self.lit:
            color = theme.FOCUS if focus else theme.GOOD
            pygame.draw.rect(surface, color, box.inflate(4, 4), 3, border_radius=radius)


class Ghosts:
    """Sprites that left a zone (played, discarded, given), drawn while they glide
    to where they went and for ``life`` seconds in all."""

    def __init__(self) -> None:
        self.items: list[tuple[CardSprite, float]] = []

    def send(self, sprite: CardSprite, target: pygame.Rect, duration: float, life: float) -> None:
        sprite.move_to(target, duration, ease=in_out_cubic)
        self.items.append((sprite, life))

    def send_to(
        self, sprite: CardSprite, rect: pygame.Rect, duration: float, life: float, *, pile: bool
    ) -> None:
        """Send ``sprite`` to a ``pile`` (at the pile's card size, above its label) or
        to the middle of ``rect`` (a seat) at its own size."""
        if pile:
            h = round(rect.h * 0.82)
            target = pygame.Rect(0, 0, round(h * CARD_RATIO), h)
            target.midtop = rect.midtop
        else:
            target = pygame.Rect(0, 0, *sprite.size)
            target.center = rect.center
        self.send(sprite, target, duration, life)

    def update(self, dt: float) -> None:
        live = []
        for sprite, life in self.items:
            sprite.update(dt)
            if life - dt > 0:
                live.append((sprite, life - dt))
        self.items = live

    def draw(self, surface: pygame.Surface, art: CardArt, lang: str) -> None:
        for sprite, _ in self.items:
            sprite.draw(surface, art, lang)


def draw_zoom(
    surface: pygame.Surface, card: int, rect: pygame.Rect, art: CardArt, lang: str
) -> None:
    """The large card with its full text (hovered long enough, or pinned)."""
    img = art.surface(card, rect.size, lang, detail=True)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(6, 8), border_radius=12)
    surface.blit(img, rect)


Px = Callable[[float], int]


def draw_pile(
    surface: pygame.Surface,
    rect: pygame.Rect,
    count: int,
    top: int | None,
    label: str,
    art: CardArt,
    lang: str,
    px: Px,
) -> None:
    """A pile in ``rect``: up to three stacked cards (``top`` face up, or backs), an
    empty outline when ``count`` is 0, and ``label`` (with the count) below."""
    img = text.render(f"{label} · {count}", max(10, px(12)), theme.TEXT)
    h = rect.h - img.get_height() - px(4)
    card = pygame.Rect(0, 0, round(h * CARD_RATIO), h)
    card.midtop = (rect.centerx, rect.y)
    if count == 0:
        pygame.draw.rect(surface, (60, 90, 78), card, 2, border_radius=6)
    else:
        face = art.surface(-1 if top is None else top, card.size, lang, face_up=top is not None)
        for i in range(min(3, (count + 9) // 10), 0, -1):
            surface.blit(face, card.move(i * 2, i * 2) if i > 1 else card)
    surface.blit(img, img.get_rect(midtop=(rect.centerx, card.bottom + px(2))))


def draw_hidden_hand(
    surface: pygame.Surface,
    at: tuple[int, int],
    count: int,
    height: int,
    label: str,
    art: CardArt,
    lang: str,
    px: Px,
    size: int,
) -> None:
    """Another seat's hand: up to eight overlapping backs and ``label`` (its count)."""
    x, y = at
    w = round(height * CARD_RATIO)
    back = (
        draw_back((w, height)) if height < 20 else art.surface(-1, (w, height), lang, face_up=False)
    )
    shown = min(count, 8)
    step = min(w // 2, px(12))
    for i in range(shown):
        surface.blit(back, (x + i * step, y))
    img = text.render(label, size, theme.TEXT)
    lx = x + (shown - 1) * step + w + px(6) if shown else x
    surface.blit(img, img.get_rect(midleft=(lx, y + height // 2)))


def draw_owner_tag(
    surface: pygame.Surface, card: pygame.Rect, strip: int, label: str, color: Color, px: Px
) -> None:
    """A tag in the owner's colour under a card whose visible ``strip`` may be narrow
    (cards overlapping in a row); the name is cut to fit."""
    tag = pygame.Rect(card.x, card.bottom + px(3), max(px(18), card.w // 4), px(14))
    tag.w = max(px(14), min(card.w, strip - 2))
    pygame.draw.rect(surface, color, tag, border_radius=4)
    fit = text.fit_size(
        label, max(9, px(11)), tag.w - 4, bold=True, condensed=True, min_size=text.CARD_MIN_TEXT
    )
    label = text.clip(label, fit, tag.w - 4, bold=True, condensed=True)  # a binary search
    if label:
        img = text.render(label, fit, (20, 20, 20), bold=True, condensed=True)
        surface.blit(img, img.get_rect(midleft=(tag.x + 2, tag.centery)))
