"""Original procedural art for the shell: card backs, game pictures, the icon.

Everything is drawn with pygame primitives at the size asked for, so it stays
sharp from 1024x600 to 4K and ships no image files besides the icon (which
``tools/make_icon.py`` renders from :func:`icon_surface`).
"""

from __future__ import annotations

import math

import pygame

from scenes import theme
from scenes.surfaces import MB, cached

SUIT_COLORS = {
    "blades": (196, 204, 220),
    "fireball": (232, 110, 60),
    "frost": (110, 190, 240),
    "lightning": (246, 214, 80),
    "quake": (160, 120, 80),
}


def _diamond(cx: float, cy: float, rx: float, ry: float) -> list[tuple[float, float]]:
    return [(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)]


@cached(4 * MB)
def card_back(w: int, h: int, hue: int = 0) -> pygame.Surface:
    """A card back: dark lacquer, gold border, a lotus-like diamond motif."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    base = [(120, 28, 36), (28, 60, 110), (40, 92, 64)][hue % 3]
    pygame.draw.rect(surf, base, surf.get_rect(), border_radius=radius)
    inset = max(2, w // 14)
    inner = surf.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(surf, theme.ACCENT, inner, width=max(1, w // 40), border_radius=radius // 2)
    cx, cy = w / 2, h / 2
    for k in range(3, 0, -1):
        pts = _diamond(cx, cy, inner.width * 0.14 * k, inner.height * 0.12 * k)
        pygame.draw.polygon(
            surf, theme.ACCENT if k % 2 else theme.ACCENT_DARK, pts, max(1, w // 50)
        )
    pygame.draw.circle(surf, theme.FOCUS, (int(cx), int(cy)), max(2, w // 14))
    pygame.draw.rect(surf, (0, 0, 0), surf.get_rect(), width=1, border_radius=radius)
    return surf


@cached(4 * MB)
def spell_face(w: int, h: int, suit: str, rank: int) -> pygame.Surface:
    """A small spell-card face (suit colour, rank pips) for pictures and attract mode."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    pygame.draw.rect(surf, (244, 238, 222), surf.get_rect(), border_radius=radius)
    color = SUIT_COLORS.get(suit, theme.ACCENT)
    band = pygame.Rect(0, 0, w, h // 5)
    pygame.draw.rect(
        surf, color, band, border_top_left_radius=radius, border_top_right_radius=radius
    )
    cx, cy = w // 2, h // 2 + h // 12
    r = max(4, w // 4)
    _suit_glyph(surf, suit, cx, cy, r, color)
    pip = max(2, w // 22)
    for i in range(rank):
        px = int(w * 0.15 + (i % 4) * w * 0.23)
        py = int(h * 0.82 + (i // 4) * pip * 2.6)
        pygame.draw.circle(surf, color, (px, py), pip)
    pygame.draw.rect(surf, (60, 50, 40), surf.get_rect(), width=1, border_radius=radius)
    return surf


def _suit_glyph(
    surf: pygame.Surface, suit: str, cx: int, cy: int, r: int, color: tuple[int, int, int]
) -> None:
    dark = tuple(max(0, c - 90) for c in color)
    if suit == "blades":
        pygame.draw.polygon(
            surf, color, [(cx, cy - r), (cx + r // 4, cy + r // 2), (cx - r // 4, cy + r // 2)]
        )
        pygame.draw.line(
            surf, dark, (cx - r // 2, cy + r // 2), (cx + r // 2, cy + r // 2), max(2, r // 5)
        )
        pygame.draw.line(surf, dark, (cx, cy + r // 2), (cx, cy + r), max(2, r // 5))
    elif suit == "fireball":
        pygame.draw.circle(surf, color, (cx, cy + r // 5), int(r * 0.7))
        pygame.draw.polygon(surf, color, [(cx - r // 2, cy), (cx, cy - r), (cx + r // 2, cy)])
        pygame.draw.circle(surf, (250, 210, 90), (cx, cy + r // 4), int(r * 0.35))
    elif suit == "frost":
        for a in range(6):
            ang = a * math.pi / 3
            ex, ey = cx + r * math.cos(ang), cy + r * math.sin(ang)
            pygame.draw.line(surf, dark, (cx, cy), (ex, ey), max(2, r // 6))
        pygame.draw.circle(surf, color, (cx, cy), r // 3)
    elif suit == "lightning":
        pts = [
            (cx + r // 3, cy - r),
            (cx - r // 3, cy + r // 8),
            (cx + r // 8, cy + r // 8),
            (cx - r // 3, cy + r),
            (cx + r // 2, cy - r // 6),
            (cx, cy - r // 6),
        ]
        pygame.draw.polygon(surf, color, pts)
        pygame.draw.polygon(surf, dark, pts, 1)
    else:  # quake
        pygame.draw.polygon(
            surf,
            color,
            [
                (cx - r, cy + r // 2),
                (cx - r // 3, cy - r // 2),
                (cx, cy + r // 6),
                (cx + r // 3, cy - r),
                (cx + r, cy + r // 2),
            ],
        )
        pygame.draw.line(surf, dark, (cx - r, cy + r // 2), (cx + r, cy + r // 2), max(2, r // 6))


def _gradient(
    size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int]
) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((w, h))
    for y in range(h):
        t = y / max(1, h - 1)
        c = tuple(int(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        pygame.draw.line(surf, c, (0, y), (w, y))
    return surf


@cached(8 * MB)
def game_picture(game_id: str, w: int, h: int) -> pygame.Surface:
    """The picture of a game on the game-select screen (original art).

    The table registry (``scenes.table.registry``) names each game's painter; a
    game that names none gets :func:`generic_picture`."""
    from scenes.table import registry

    painter = registry.picture_painter(game_id)
    surf = painter(w, h) if painter is not None else generic_picture(game_id, w, h)
    pygame.draw.rect(surf, (0, 0, 0), surf.get_rect(), width=1)
    return surf


def generic_picture(game_id: str, w: int, h: int) -> pygame.Surface:
    """A fan of card backs over a gradient, its colours picked from the game id."""
    hue = sum(game_id.encode()) % 3
    top = [(60, 24, 30), (20, 36, 70), (24, 56, 40)][hue]
    surf = _gradient((w, h), top, (10, 10, 16))
    cw, ch = int(w * 0.2), int(w * 0.28)
    for i in range(3):
        ang = (i - 1) * 0.3
        back = pygame.transform.rotate(card_back(cw, ch, hue), -math.degrees(ang))
        x = w / 2 + math.sin(ang) * w * 0.25
        y = h * 0.58 - math.cos(ang) * h * 0.1
        surf.blit(back, back.get_rect(center=(int(x), int(y))))
    return surf


def icon_surface(size: int = 64) -> pygame.Surface:
    """The window icon: two fanned cards on felt."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surf, theme.FELT, surf.get_rect(), border_radius=size // 6)
    cw, ch = int(size * 0.46), int(size * 0.64)
    back = pygame.transform.rotate(card_back(cw, ch, 0), 14)
    face = pygame.transform.rotate(spell_face(cw, ch, "fireball", 5), -12)
    surf.blit(back, back.get_rect(center=(int(size * 0.38), size // 2)))
    surf.blit(face, face.get_rect(center=(int(size * 0.62), int(size * 0.52))))
    return surf


@cached(4 * MB)
def drifting_face(kind: int, w: int, h: int) -> pygame.Surface:
    """A real card of one of the games (its picture and frame) for the title's
    drifting cards: kinds 3..7, one game after another (the registry's ``showcase``)."""
    from scenes.table import registry
    from scenes.table.cards import draw_face

    cards = registry.showcase()
    game_id, card_id = cards[kind % len(cards)]
    return draw_face(registry.card_faces(game_id)(card_id, "vi"), (w, h))


FACES_AFTER = 20  # frames of backs only: a real face loads card data and rasterises art


class DriftingCards:
    """Attract-mode animation: cards drifting and turning slowly over the felt."""

    def __init__(self, count: int = 14, seed: int = 7) -> None:
        import random

        self.rng = random.Random(seed)
        self.frames = 0  # real faces come after start-up, one new face a frame
        self.ready: set[tuple[int, int, int]] = set()  # (kind, w, h) of faces drawn
        self.cards: list[list[float]] = []
        for i in range(count):
            self.cards.append(self._spawn(i, fresh=True))

    def _spawn(self, i: int, fresh: bool = False) -> list[float]:
        r = self.rng
        # x, y (0..1 of the screen), vx, vy (screen fractions / s), angle, spin, kind
        y = r.uniform(0.0, 1.0) if fresh else 1.15
        return [
            r.uniform(0.0, 1.0),
            y,
            r.uniform(-0.01, 0.01),
            -r.uniform(0.015, 0.04),
            r.uniform(0, 360),
            r.uniform(-12, 12),
            float(i % 8),
        ]

    def update(self, dt: float) -> None:
        self.frames += 1
        for i, c in enumerate(self.cards):
            c[0] += c[2] * dt
            c[1] += c[3] * dt
            c[4] = (c[4] + c[5] * dt) % 360
            if c[1] < -0.2:
                self.cards[i] = self._spawn(i)

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        w, h = surface.get_size()
        cw, ch = max(20, int(70 * scale)), max(28, int(98 * scale))
        fresh = self.frames >= FACES_AFTER  # may one face be drawn anew this frame?
        for c in self.cards:
            kind = int(c[6])
            key = (kind, cw, ch)
            if kind >= 3 and key not in self.ready and fresh:
                self.ready.add(key)  # the start's first frames stay quick: backs until now
                fresh = False
            card = drifting_face(kind, cw, ch) if key in self.ready else card_back(cw, ch, kind % 3)
            img = pygame.transform.rotate(card, round(c[4] / 3) * 3)
            img.set_alpha(110)
            surface.blit(img, img.get_rect(center=(int(c[0] * w), int(c[1] * h))))
