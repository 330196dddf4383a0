"""Card faces drawn: what is printed on a card, laid out by its kind.

The kit knows nothing about any game: a game adapter turns a card id into a
:class:`CardFace` (title, rank, colours, picture, frame, gems, rules text) in the
player's language, and :func:`draw_face` draws it: the kind's :class:`Frame`, the
picture (``scenes.art``) in its window over the card's colours, the name in the
display font (:func:`title_fit`), the numbers in :class:`Gem`s at fixed corners,
the caption and the rules text.  ``scenes.table.cards`` caches faces per card and
puts them on the table.

Where each thing goes is :func:`scenes.table.facelayout.lay_out`'s (a
:class:`~scenes.table.facelayout.FaceLayout`, data); :func:`paint_face` paints that
layout with pygame, as the PDF painter (``scenes.printing``) paints it on paper.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from scenes import art as art_lib
from scenes import text
from scenes.table.facelayout import (
    CARD_RATIO,
    PLAIN,
    SOFT,
    SQUEEZE,
    TITLE_MIN,
    Badge,
    CardFace,
    Color,
    FaceLayout,
    Frame,
    Gem,
    Line,
    Title,
    _shade,
    caption_fit,
    fit_body,
    gem_px,
    lay_out,
    title_fit,
)
from scenes.table.hud import tint

__all__ = [
    "CARD_RATIO",
    "PLAIN",
    "SOFT",
    "SQUEEZE",
    "TITLE_MIN",
    "CardFace",
    "Color",
    "FaceLayout",
    "Frame",
    "Gem",
    "Title",
    "_shade",
    "caption_fit",
    "draw_emblem",
    "draw_face",
    "draw_gem",
    "fan_picture",
    "fit_body",
    "lay_out",
    "paint_face",
    "title_fit",
]

# --- emblems ---------------------------------------------------------------


def _pts(
    cx: float, cy: float, r: float, pts: Sequence[tuple[float, float]]
) -> list[tuple[int, int]]:
    return [(round(cx + x * r), round(cy + y * r)) for x, y in pts]


def draw_emblem(
    surface: pygame.Surface, shape: str, center: tuple[int, int], r: int, color: Color
) -> None:
    """Draw a suit emblem of radius ``r``; unknown shapes draw a diamond."""
    cx, cy = center
    dark = _shade(color, 0.45)
    light = _shade(color, 1.45)
    w = max(1, r // 7)
    if shape == "blades":
        for sign in (-1, 1):
            tip = (cx + sign * 0.8 * r, cy - 0.8 * r)
            base = (cx - sign * 0.55 * r, cy + 0.55 * r)
            blade = [
                (tip[0], tip[1]),
                (base[0] + sign * 0.12 * r, base[1] + 0.02 * r),
                (base[0] - 0.02 * r * sign, base[1] - 0.12 * r),
            ]
            pygame.draw.polygon(surface, light, [(round(x), round(y)) for x, y in blade])
            pygame.draw.polygon(surface, dark, [(round(x), round(y)) for x, y in blade], w)
            gx, gy = cx - sign * 0.45 * r, cy + 0.45 * r
            pygame.draw.line(
                surface,
                dark,
                (round(gx - 0.2 * r), round(gy - 0.2 * r * sign)),
                (round(gx + 0.2 * r), round(gy + 0.2 * r * sign)),
                max(2, w * 2),
            )
            hx, hy = cx - sign * 0.75 * r, cy + 0.75 * r
            pygame.draw.line(
                surface, dark, (round(gx), round(gy)), (round(hx), round(hy)), max(2, w * 2)
            )
    elif shape == "flame":
        outer = [
            (0, -1),
            (0.35, -0.45),
            (0.7, -0.1),
            (0.72, 0.35),
            (0.45, 0.8),
            (0, 0.95),
            (-0.45, 0.8),
            (-0.72, 0.35),
            (-0.62, -0.15),
            (-0.35, 0.05),
            (-0.3, -0.5),
        ]
        inner = [(0, -0.25), (0.3, 0.2), (0.35, 0.5), (0, 0.75), (-0.35, 0.5), (-0.25, 0.2)]
        pygame.draw.polygon(surface, color, _pts(cx, cy, r, outer))
        pygame.draw.polygon(surface, dark, _pts(cx, cy, r, outer), w)
        pygame.draw.polygon(surface, (255, 226, 120), _pts(cx, cy, r, inner))
    elif shape == "snowflake":
        for k in range(3):
            a = math.pi / 2 + k * math.pi / 3
            dx, dy = math.cos(a) * r, math.sin(a) * r
            pygame.draw.line(
                surface,
                color,
                (round(cx - dx), round(cy - dy)),
                (round(cx + dx), round(cy + dy)),
                max(2, w * 2),
            )
            for s in (-1, 1):
                bx, by = cx + s * dx * 0.6, cy + s * dy * 0.6
                for t in (-1, 1):
                    b = a + t * math.pi / 4
                    ex = bx + s * math.cos(b) * r * 0.3
                    ey = by + s * math.sin(b) * r * 0.3
                    pygame.draw.line(
                        surface, color, (round(bx), round(by)), (round(ex), round(ey)), max(1, w)
                    )
        pygame.draw.circle(surface, light, center, max(2, r // 5))
    elif shape == "bolt":
        bolt = [
            (0.2, -1),
            (-0.5, 0.1),
            (-0.05, 0.1),
            (-0.3, 1),
            (0.55, -0.2),
            (0.08, -0.2),
            (0.45, -1),
        ]
        pygame.draw.polygon(surface, color, _pts(cx, cy, r, bolt))
        pygame.draw.polygon(surface, dark, _pts(cx, cy, r, bolt), w)
    elif shape == "mountain":
        back = [(-1, 0.8), (-0.35, -0.55), (0.05, 0.1), (0.4, -0.85), (1, 0.8)]
        pygame.draw.polygon(surface, color, _pts(cx, cy, r, back))
        pygame.draw.polygon(surface, dark, _pts(cx, cy, r, back), w)
        crack = [(0.4, -0.85), (0.3, -0.3), (0.5, 0.1), (0.35, 0.8)]
        pygame.draw.lines(surface, dark, False, _pts(cx, cy, r, crack), max(1, w))
        snow = [(0.4, -0.85), (0.25, -0.45), (0.4, -0.5), (0.55, -0.4)]
        pygame.draw.polygon(surface, (240, 240, 240), _pts(cx, cy, r, snow))
    elif shape == "star":
        pts = []
        for k in range(16):
            a = -math.pi / 2 + k * math.pi / 8
            rad = 1.0 if k % 2 == 0 else 0.42
            pts.append((math.cos(a) * rad, math.sin(a) * rad))
        pygame.draw.polygon(surface, color, _pts(cx, cy, r, pts))
        pygame.draw.polygon(surface, dark, _pts(cx, cy, r, pts), w)
        pygame.draw.circle(surface, light, center, max(2, r // 4))
    elif shape == "person":
        pygame.draw.circle(surface, color, (cx, round(cy - 0.45 * r)), round(0.35 * r))
        body = pygame.Rect(0, 0, round(1.3 * r), round(0.9 * r))
        body.midtop = (cx, round(cy - 0.02 * r))
        pygame.draw.ellipse(surface, color, body)
        pygame.draw.circle(surface, dark, (cx, round(cy - 0.45 * r)), round(0.35 * r), w)
    else:
        diamond = [(0, -1), (0.7, 0), (0, 1), (-0.7, 0)]
        pygame.draw.polygon(surface, color, _pts(cx, cy, r, diamond))
        pygame.draw.polygon(surface, dark, _pts(cx, cy, r, diamond), w)


def draw_face(
    face: CardFace,
    size: tuple[int, int],
    *,
    detail: bool | None = None,
    body_out: list[tuple[str, int, int, int]] | None = None,
    title_out: list[Title] | None = None,
    band_out: list[pygame.Rect] | None = None,
    layout_out: list[FaceLayout] | None = None,
) -> pygame.Surface:
    """Render a card face: the kind's frame, the picture in its window over the card's
    colours, the name in the display font, numbers in gems at fixed corners.
    ``detail`` (default: tall enough) adds the rules text; ``body_out`` receives its
    lines as (text, x, y, size) (the glossary marks terms), ``title_out`` the title as
    laid out, ``band_out`` its band (face coordinates), ``layout_out`` the whole
    :class:`~scenes.table.facelayout.FaceLayout` (the PDF painter paints the same)."""
    lay = lay_out(face, size, detail)
    if title_out is not None:
        title_out.append(lay.title)
    if band_out is not None:
        band_out.append(lay.band.copy())
    if body_out is not None:
        body_out.extend((line.text, line.x, line.y, line.px) for line in lay.body)
    if layout_out is not None:
        layout_out.append(lay)
    return paint_face(face, lay)


def paint_face(face: CardFace, lay: FaceLayout) -> pygame.Surface:
    """The screen painter: ``lay`` (``facelayout.lay_out``) drawn with pygame."""
    frame, colors = face.frame, lay.palette
    surf = pygame.Surface(lay.size, pygame.SRCALPHA)
    radius, inner, band = lay.radius, lay.inner, lay.band
    pygame.draw.rect(surf, colors.rim, lay.outer, border_radius=radius)
    pygame.draw.rect(surf, frame.edge, lay.rim, border_radius=radius)
    _gradient(surf, inner, colors.top, colors.bottom, max(2, radius - 2))
    pygame.draw.rect(surf, colors.inner_line, inner.inflate(2, 2), 1,
                     border_radius=max(2, radius - 1))  # fmt: skip
    _ornament(surf, frame, lay.rim, lay.edge_w)
    _window(surf, face, lay)
    # the name on its ribbon
    if lay.tiny:
        tint(surf, band, (*colors.ribbon, 215))
    else:
        pygame.draw.rect(surf, colors.ribbon, band)
    pygame.draw.line(surf, colors.ribbon_light, band.topleft, band.topright)
    pygame.draw.line(surf, colors.ribbon_dark, band.bottomleft, band.bottomright)
    _draw_title(surf, band, lay.titles, lay.title_room)
    # the caption and the rules text on paper
    if lay.sheet is not None:
        pygame.draw.rect(surf, colors.paper, lay.sheet, border_radius=max(1, radius // 3))
    for line in lay.captions:
        c = text.render(line.text, line.px, colors.caption, condensed=True)
        surf.blit(c, c.get_rect(midtop=(line.x, line.y)))
    for line in lay.body:
        surf.blit(text.render(line.text, line.px, colors.ink), (line.x, line.y))
    for spot in lay.gems:
        draw_gem(surf, spot.gem, spot.center, spot.r)
    if lay.badge is not None:
        _badge(surf, face, lay.badge)
    return surf


def _badge(surf: pygame.Surface, face: CardFace, badge: Badge) -> None:
    """The corner badge: a suit's emblem (or the card's emblem) on a paper disc."""
    center, badge_r = badge.center, badge.r
    pygame.draw.circle(surf, (246, 240, 226), center, badge_r)
    pygame.draw.circle(surf, face.frame.edge, center, badge_r, max(1, badge_r // 6))
    if face.badge:
        pic = art_lib.picture(face.badge, badge.side, face.badge_color or _shade(face.color, 0.5),
                              (246, 240, 226))  # fmt: skip
        surf.blit(pic, pic.get_rect(center=center))
    else:
        draw_emblem(surf, face.emblem, center, max(3, badge_r - 3), face.color)


def _draw_title(surf: pygame.Surface, band: pygame.Rect, lines: list[Line], room: int) -> None:
    """The name on its ribbon, white with a shadow; a line wider than ``room`` (a
    closed-up title) is set narrower at the same height."""
    for line in lines:
        kw: dict[str, Any] = {"bold": line.bold, "display": True}
        shadow = text.render(line.text, line.px, (10, 10, 14), **kw)
        img = text.render(line.text, line.px, (255, 255, 255), **kw)
        if img.get_width() > room:
            shadow = pygame.transform.smoothscale(shadow, (room, shadow.get_height()))
            img = pygame.transform.smoothscale(img, (room, img.get_height()))
        surf.blit(shadow, shadow.get_rect(center=(line.x + 1, line.y + 1)))
        surf.blit(img, img.get_rect(center=(line.x, line.y)))


def _gradient(surf: pygame.Surface, rect: pygame.Rect, top: Color, bottom: Color, r: int) -> None:
    """A vertical gradient in ``rect`` with rounded corners."""
    if rect.w <= 0 or rect.h <= 0:
        return
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    fill = pygame.transform.smoothscale(strip, (rect.w, rect.h)).convert_alpha() if (
        pygame.display.get_surface() is not None) else pygame.transform.smoothscale(
        strip, (rect.w, rect.h))  # fmt: skip
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
    shaped = pygame.Surface(rect.size, pygame.SRCALPHA)
    shaped.blit(fill, (0, 0))
    shaped.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(shaped, rect)


def _window_mask(shape: str, size: tuple[int, int]) -> pygame.Surface:
    """The picture window's shape as an opaque-white mask."""
    w, h = size
    mask = pygame.Surface(size, pygame.SRCALPHA)
    white = (255, 255, 255, 255)
    if shape == "arch":  # beings: a round-topped arch
        r = min(w // 2, h // 2)
        pygame.draw.rect(mask, white, (0, r, w, h - r), border_radius=max(1, w // 16))
        pygame.draw.ellipse(mask, white, (0, 0, w, 2 * r))
    elif shape == "round":  # actions: an oval
        pygame.draw.ellipse(mask, white, (0, 0, w, h))
    elif shape == "hex":  # summons and statuses: a cut-cornered plate
        c = min(w, h) // 4
        pts = [(c, 0), (w - c, 0), (w, c), (w, h - c), (w - c, h), (c, h), (0, h - c), (0, c)]
        pygame.draw.polygon(mask, white, pts)
    elif shape == "shield":  # gear: a shield-topped plate
        c = min(w, h) // 5
        pts = [(0, 0), (w // 2, c // 2), (w, 0), (w, h), (0, h)]
        pygame.draw.polygon(mask, white, pts)
    else:
        pygame.draw.rect(mask, white, (0, 0, w, h), border_radius=max(2, min(w, h) // 10))
    return mask


def _window(surf: pygame.Surface, face: CardFace, lay: FaceLayout) -> None:
    """The picture over a glow of the card's colour, in the frame's window (a tiny
    card's picture is centred above its name, which lies over the window's foot)."""
    art_rect, colors = lay.art, lay.palette
    if art_rect.w < 4 or art_rect.h < 4:
        return
    frame = face.frame
    window = pygame.Surface(art_rect.size, pygame.SRCALPHA)
    _gradient(window, window.get_rect(), colors.window_top, colors.window_bottom, 0)
    side = lay.picture_side
    middle = (lay.picture_center[0] - art_rect.x, lay.picture_center[1] - art_rect.y)
    if face.art and side:
        pic = art_lib.picture(face.art, side, colors.picture, colors.picture_edge)
        window.blit(pic, pic.get_rect(center=middle))
    elif side:
        draw_emblem(window, face.emblem, middle, max(3, side // 2 - 2), face.color)
    window.blit(_window_mask(frame.window, art_rect.size), (0, 0),
                special_flags=pygame.BLEND_RGBA_MIN)  # fmt: skip
    surf.blit(window, art_rect)
    outline = _window_mask(frame.window, art_rect.size)
    edge_mask = pygame.mask.from_surface(outline).outline()
    if len(edge_mask) > 2:
        pts = [(art_rect.x + x, art_rect.y + y) for x, y in edge_mask]
        pygame.draw.lines(surf, frame.edge, True, pts, max(1, art_rect.w // 60))


def _ornament(surf: pygame.Surface, frame: Frame, band: pygame.Rect, edge_w: int) -> None:
    """What a kind adds to its frame: studs, spikes, a second rule, leaves."""
    light, dark = _shade(frame.edge, 1.5), _shade(frame.edge, 0.5)
    r = max(1, edge_w // 2 + 1)
    if frame.ornament == "studs":
        for x in (band.x + edge_w, band.right - edge_w - 1):
            for y in (band.y + band.h // 3, band.y + 2 * band.h // 3):
                pygame.draw.circle(surf, light, (x, y), r)
                pygame.draw.circle(surf, dark, (x, y), r, 1)
    elif frame.ornament == "spikes":
        step = max(6, band.w // 6)
        for x in range(band.x + step // 2, band.right - step // 3, step):
            pygame.draw.polygon(surf, dark, [(x - r * 2, band.y + edge_w), (x, band.y),
                                              (x + r * 2, band.y + edge_w)])  # fmt: skip
        pygame.draw.rect(surf, (150, 30, 36), band, max(1, edge_w // 2), border_radius=4)
    elif frame.ornament == "double":
        pygame.draw.rect(surf, light, band.inflate(-edge_w, -edge_w), 1, border_radius=4)
    elif frame.ornament == "leaves":
        for cx, cy in (band.topleft, band.topright, band.bottomleft, band.bottomright):
            x = cx + (edge_w * 2 if cx == band.x else -edge_w * 2)
            y = cy + (edge_w * 2 if cy == band.y else -edge_w * 2)
            pygame.draw.ellipse(surf, light, (x - r * 2, y - r, r * 4, r * 2))
    elif frame.ornament == "gilded":
        for cx, cy in (band.topleft, band.topright, band.bottomleft, band.bottomright):
            x = cx + (edge_w + 1 if cx == band.x else -edge_w - 1)
            y = cy + (edge_w + 1 if cy == band.y else -edge_w - 1)
            pygame.draw.circle(surf, (250, 220, 120), (x, y), r + 1)
            pygame.draw.circle(surf, dark, (x, y), r + 1, 1)


def draw_gem(surface: pygame.Surface, gem: Gem, center: tuple[int, int], r: int) -> None:
    """A number in a gem: the symbol's shape (a heart for HP) or a faceted disc."""
    cx, cy = center
    if gem.symbol:
        try:
            back = art_lib.symbol(gem.symbol, round(r * 2.3), (16, 14, 20))
            shape = art_lib.symbol(gem.symbol, round(r * 2.1), gem.color)
        except KeyError:
            back = None
        if back is not None:
            surface.blit(back, back.get_rect(center=center))
            surface.blit(shape, shape.get_rect(center=center))
    if not gem.symbol or back is None:
        pygame.draw.circle(surface, (16, 14, 20), center, r + 1)
        pygame.draw.circle(surface, gem.color, center, r)
        pygame.draw.circle(surface, _shade(gem.color, 1.5), (cx - r // 3, cy - r // 3),
                           max(1, r // 3))  # fmt: skip
        pygame.draw.circle(surface, _shade(gem.color, 1.6), center, r, max(1, r // 6))
    if gem.value:
        px = gem_px(gem, r)
        shadow = text.render(gem.value, px, (0, 0, 0), bold=True, display=True)
        num = text.render(gem.value, px, (255, 255, 255), bold=True, display=True)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (1, 1)):
            surface.blit(shadow, shadow.get_rect(center=(cx + dx, cy + dy)))
        surface.blit(num, num.get_rect(center=center))


def fan_picture(
    faces: Sequence[CardFace], size: tuple[int, int], top: Color, bottom: Color
) -> pygame.Surface:
    """A game's picture (game select): its own card faces fanned over a gradient."""
    w, h = size
    surf = pygame.Surface(size)
    _gradient(surf, surf.get_rect(), top, bottom, 0)
    ch = round(h * 0.78)
    cw = round(ch * CARD_RATIO)
    n = len(faces)
    for i, face in enumerate(faces):
        turn = (i - (n - 1) / 2) * (34 / max(1, n - 1)) if n > 1 else 0.0
        img = pygame.transform.rotozoom(draw_face(face, (cw, ch)), -turn, 1.0)
        x = w / 2 + math.sin(math.radians(turn)) * w * 0.62
        y = h * 0.56 + (1 - math.cos(math.radians(turn))) * h * 0.9
        surf.blit(img, img.get_rect(center=(round(x), round(y))))
    return surf
