"""Card faces drawn: what is printed on a card, laid out by its kind.

The kit knows nothing about any game: a game adapter turns a card id into a
:class:`CardFace` (title, rank, colours, picture, frame, gems, rules text) in the
player's language, and :func:`draw_face` draws it: the kind's :class:`Frame`, the
picture (``scenes.art``) in its window over the card's colours, the name in the
display font (:func:`title_fit`), the numbers in :class:`Gem`s at fixed corners,
the caption and the rules text.  ``scenes.table.cards`` caches faces per card and
puts them on the table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import pygame

from scenes import art as art_lib
from scenes import text
from scenes.table.hud import tint

Color = tuple[int, int, int]
CARD_RATIO = 0.7  # width / height


@dataclass(frozen=True, slots=True)
class Frame:
    """How a card kind looks, so kinds tell apart at a glance: the frame's metal, the
    picture window's shape (``arch`` beings, ``round`` actions, ``shield`` gear,
    ``hex`` summons and statuses, ``rect``), a dark paper for villains, an ornament
    (``studs``, ``spikes``, ``double``, ``leaves``, ``gilded``)."""

    kind: str = "plain"
    edge: Color = (168, 160, 150)
    window: str = "rect"
    dark: bool = False
    ornament: str = ""


PLAIN = Frame()


class Gem(NamedTuple):
    """A number printed in a gem: its value, colour and the symbol whose shape it
    takes (``assets/art/symbols.json``; "" for a faceted disc)."""

    value: str
    color: Color
    symbol: str = ""


@dataclass(frozen=True, slots=True)
class CardFace:
    """What is printed on a card, already in the reader's language."""

    title: str
    color: Color
    emblem: str = "diamond"
    rank: str = ""
    caption: str = ""  # suit or card type
    body: str = ""  # rules text
    short: str = ""  # the caption on a card too small for it ("HP 3" for "Hộ thần · HP 3")
    short_title: str = ""  # the title on a card too small for it ("Cao Lỗ" for "Cao Lỗ the Bowyer")
    art: tuple[str, ...] = ()  # the picture (``game.core.art``: the card's ``art`` field)
    frame: Frame = PLAIN  # the kind's frame
    gems: tuple[tuple[str, Gem], ...] = ()  # numbers at fixed corners: ("tl", Gem("3", ...))
    badge: tuple[str, ...] = ()  # a picture in the top-right corner (a suit's emblem)
    badge_color: Color | None = None


# --- emblems ---------------------------------------------------------------


def _shade(color: Color, k: float) -> Color:
    if k >= 1:
        return tuple(min(255, round(c + (255 - c) * (k - 1))) for c in color)  # type: ignore[return-value]
    return tuple(max(0, round(c * k)) for c in color)  # type: ignore[return-value]


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


def fit_body(
    body: str, width: int, room: int, start: int, min_px: int = text.CARD_MIN_TEXT
) -> tuple[int, list[str]]:
    """The largest text size <= ``start`` at which ``body`` wraps into ``room``
    pixels of height (line step = size + 2), with its lines."""

    def fits(px: int) -> bool:
        return len(text.wrap(body, px, width)) * (px + 2) <= room

    if start <= min_px or fits(start):
        return start, text.wrap(body, start, width)
    low, high = min_px, start - 1  # a binary search: a few sizes measured, not each one
    while low < high:  # (a large card's first face: each new size measures cold glyphs)
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    return low, text.wrap(body, low, width)


# Card names are set in the display font and never under 11 px (a window of 1024x600
# included); captions and rules text keep ``text.CARD_MIN_TEXT``.
TITLE_MIN = 11
# A card in a field at six players (40 px at 1024x600) may set a name up to 18 %
# narrower than the font draws it, at the same height, rather than cut it with "…".
SQUEEZE = 0.82

SOFT = "\u00ad"  # a soft hyphen: where a short title may break ("Sword-" / "fish")


class Title(NamedTuple):
    """A card title laid out for its band: the size, the lines, the weight."""

    px: int
    lines: list[str]
    bold: bool = True

    @property
    def cut(self) -> bool:
        """Some of the title is missing ("…")."""
        return any(line.endswith("…") for line in self.lines)


def title_fit(title: str, size: int, width: int, short: str = "", most: int = 3) -> Title:
    """A card title in ``width`` px (the display font), whole if at all possible,
    never under ``TITLE_MIN`` and never more than ``most`` lines.  Tried in turn:
    ``title`` in bold (one line shrunk down to 3/4 of ``size``, two lines split at
    the best space, three broken at spaces and hyphens), then in the regular weight
    (a small card, at the least size); ``short`` (the face's short title, which may
    hold soft hyphens) the same way; last, ``short`` or ``title`` cut with "…"."""
    tries = [title, short] if short and short != title else [title]
    for words in tries:
        for bold in (True, False):
            whole = _title_whole(words, size, width, bold, most)
            if whole is not None:
                return whole
    return _title_cut(tries[-1].replace(SOFT, ""), size, width, most)


def _title_whole(title: str, size: int, width: int, bold: bool, most: int) -> Title | None:
    kw: dict[str, Any] = {"bold": bold, "display": True}
    least = TITLE_MIN
    size = max(size, least)
    plain = title.replace(SOFT, "")
    if bold:  # the regular weight is the small card's last resort: at the least size
        px = text.fit_size(plain, size, width, min_size=max(least, size * 3 // 4), **kw)
        if text.size_of(plain, px, **kw)[0] <= width:
            return Title(px, [plain], bold)
        if " " in plain.strip() and most > 1:
            px, pair = _two_lines(plain, size, width)
            if all(text.size_of(x, px, **kw)[0] <= width for x in pair):
                return Title(px, pair, bold)
    lines = _title_lines(title, least, width, most, bold)
    return Title(least, lines, bold) if lines else None


def _title_cut(title: str, size: int, width: int, most: int = 2) -> Title:
    """The last resort: one line (a single word) or two, cut with "…"."""
    kw: dict[str, Any] = {"bold": True, "display": True}
    size = max(size, TITLE_MIN)
    if " " not in title.strip() or most < 2:
        px = text.fit_size(title, size, width, min_size=TITLE_MIN, **kw)
        return Title(px, [text.clip(title, px, width, ellipsis="…", **kw)])
    px, pair = _two_lines(title, size, width)
    return Title(px, [text.clip(x, px, width, ellipsis="…", **kw) for x in pair])


def _two_lines(title: str, size: int, width: int) -> tuple[int, list[str]]:
    """``title`` split at the space that makes its wider half narrowest, and the size
    (down to ``TITLE_MIN``) at which both halves fit if any (bold)."""
    kw: dict[str, Any] = {"bold": True, "display": True}
    words = title.split()
    splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    pair = min(splits, key=lambda p: max(text.size_of(x, size, **kw)[0] for x in p))
    px = min(text.fit_size(x, size, width, min_size=TITLE_MIN, **kw) for x in pair)
    return px, pair


def _title_lines(title: str, px: int, width: int, most: int, bold: bool = True) -> list[str] | None:
    """``title`` in at most ``most`` lines of ``width`` px, broken at spaces, after
    hyphens ("Hundred-" / "Knot") and at soft hyphens ("Sword-" / "fish"); None if a
    piece is still too wide."""
    kw: dict[str, Any] = {"bold": bold, "display": True}
    pieces = [p for word in title.split() for p in _after_hyphens(word)]
    lines: list[str] = []
    for piece, glued in pieces:
        if lines:
            last = lines[-1][:-1] if lines[-1].endswith(SOFT) else lines[-1]
            trial = last + ("" if glued else " ") + piece
            if text.size_of(trial.replace(SOFT, "-"), px, **kw)[0] <= width:
                lines[-1] = trial
                continue
        lines.append(piece)
    lines = [x.replace(SOFT, "-") for x in lines]
    if len(lines) > most or any(text.size_of(x, px, **kw)[0] > width for x in lines):
        return None
    return lines


def _after_hyphens(word: str) -> list[tuple[str, bool]]:
    """A word's pieces, broken after each inner hyphen and soft hyphen (kept at the
    piece's end); True where a piece is glued to the one before (no space between)."""
    pieces, start = [], 0
    for i, ch in enumerate(word):
        if ch in ("-", SOFT) and i + 1 < len(word):
            pieces.append(word[start : i + 1])
            start = i + 1
    pieces.append(word[start:])
    return [(p, i > 0) for i, p in enumerate(pieces) if p]


def caption_fit(face: CardFace, size: int, width: int) -> tuple[int, list[str]]:
    """A face's caption in ``width`` px: one line shrunk down to ``CARD_MIN_TEXT``;
    else its ``short`` form on one line, or on two (a small card); else cut with "…"."""
    if not face.caption:
        return size, []
    least, kw = text.CARD_MIN_TEXT, {"condensed": True}
    for words in (face.caption, face.short):
        px = text.fit_size(words, size, width, min_size=least, **kw) if words else size
        if words and text.size_of(words, px, **kw)[0] <= width:
            return px, [words]
    if face.short:  # two lines at the smallest size, each cut if a word is too long
        lines = text.wrap(face.short, least, width, **kw)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        return least, [text.clip(line, least, width, ellipsis="…", **kw) for line in lines]
    return least, [text.clip(face.caption, least, width, ellipsis="…", **kw)]


def draw_face(
    face: CardFace,
    size: tuple[int, int],
    *,
    detail: bool | None = None,
    body_out: list[tuple[str, int, int, int]] | None = None,
    title_out: list[Title] | None = None,
    band_out: list[pygame.Rect] | None = None,
) -> pygame.Surface:
    """Render a card face: the kind's frame, the picture in its window over the card's
    colours, the name in the display font, numbers in gems at fixed corners.
    ``detail`` (default: tall enough) adds the rules text; ``body_out`` receives its
    lines as (text, x, y, size) (the glossary marks terms), ``title_out`` the title as
    laid out, ``band_out`` its band (face coordinates)."""
    w, h = size
    frame = face.frame
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, w // 12)
    detail = h >= 220 if detail is None else detail
    tiny = not detail and h < 100  # a card in a field: the name over the picture, no caption
    edge_w = max(1 if tiny else 2, w // 26)
    outer = surf.get_rect()
    pygame.draw.rect(surf, (18, 16, 22), outer, border_radius=radius)
    band_rect = outer.inflate(-2, -2)
    pygame.draw.rect(surf, frame.edge, band_rect, border_radius=radius)
    inner = outer.inflate(-2 * edge_w - 2, -2 * edge_w - 2)
    _gradient(surf, inner, _shade(face.color, 0.55 if frame.dark else 1.2),
              _shade(face.color, 0.25 if frame.dark else 0.72), max(2, radius - 2))  # fmt: skip
    pygame.draw.rect(surf, _shade(frame.edge, 1.5), inner.inflate(2, 2), 1,
                     border_radius=max(2, radius - 1))  # fmt: skip
    _ornament(surf, frame, band_rect, edge_w)
    pad = 1 if tiny else max(2, w // 22)
    paper = (40, 34, 44) if frame.dark else (246, 240, 226)
    ink = (232, 226, 236) if frame.dark else (34, 34, 40)
    # the title, in the display font, never under TITLE_MIN
    room = inner.w - (0 if tiny else 2)
    title_size = max(TITLE_MIN, round(h * (0.062 if detail else 0.1)))
    line_least = text.font(TITLE_MIN, True, display=True).get_linesize()
    most = 2 if detail else max(1, min(3, (inner.h * 4 // 5) // line_least))
    title = _face_title(face, title_size, room, most, tiny)
    if title_out is not None:
        title_out.append(title)
    title_px, lines, bold = title
    line_h = text.font(title_px, bold, display=True).get_linesize()
    band_h = line_h * len(lines) + (1 if tiny else max(2, title_px // 3))
    cap_px = max(text.CARD_MIN_TEXT, round(h * (0.042 if detail else 0.07)))
    low_gem = any(corner in ("bl", "br") for corner, _ in face.gems)
    gem_room = round(2.4 * max(6, round(w * 0.13))) if low_gem and not detail else 0
    cap_px, captions = caption_fit(face, cap_px, inner.w - 6 - gem_room)
    cap_x = inner.centerx - gem_room // 2  # clear of a gem in a lower corner
    captions = [] if tiny else captions
    cap_h = (text.font(cap_px, False, True).get_linesize() + 1) * len(captions)
    cap_h += 2 if captions else 0
    # the picture window: all the room the words leave (a large card: beside its text)
    top = inner.y + max(1, pad // 2)
    body_px, body = 0, list[str]()
    if detail:
        art = pygame.Rect(inner.x + pad, top, inner.w - 2 * pad, round(h * 0.40))
        if face.body:
            low = 2 * max(6, round(w * 0.085)) if low_gem else 0  # text ends above a gem
            text_box = inner.inflate(0, -low).move(0, -low // 2)
            art.h, body_px, body = _art_for_body(face.body, text_box, art, pad, band_h + cap_h, h)
        band = pygame.Rect(inner.x, art.bottom - min(band_h // 3, art.h // 4), inner.w, band_h)
    elif tiny:
        art = pygame.Rect(inner.x + pad, top, inner.w - 2 * pad, inner.bottom - top - pad)
        band = pygame.Rect(inner.x, inner.bottom - band_h, inner.w, band_h)
    else:
        art = pygame.Rect(inner.x + pad, top, inner.w - 2 * pad, 0)
        art.h = max(4, inner.bottom - max(1, pad // 2) - cap_h - band_h - top)
        band = pygame.Rect(inner.x, art.bottom - min(band_h // 3, art.h // 4), inner.w, band_h)
    if band_out is not None:
        band_out.append(band.copy())
    _window(surf, face, art, lift=band.h if tiny else 0)
    # the name on its ribbon
    ribbon = _shade(frame.edge, 0.55) if frame.dark else _shade(face.color, 0.62)
    if tiny:
        tint(surf, band, (*ribbon, 215))
    else:
        pygame.draw.rect(surf, ribbon, band)
    pygame.draw.line(surf, _shade(frame.edge, 1.3), band.topleft, band.topright)
    pygame.draw.line(surf, _shade(frame.edge, 0.6), band.bottomleft, band.bottomright)
    _draw_title(surf, band, lines, title_px, bold, room)
    # the caption and the rules text on paper
    y = band.bottom
    if captions or body:
        sheet = pygame.Rect(inner.x + 1, y, inner.w - 2, inner.bottom - y - 1)
        if sheet.h > 0:
            pygame.draw.rect(surf, paper, sheet, border_radius=max(1, radius // 3))
    y += 1
    for words in captions:
        c = text.render(words, cap_px, _shade(face.color, 1.7 if frame.dark else 0.45),
                        condensed=True)  # fmt: skip
        surf.blit(c, c.get_rect(midtop=(cap_x, y)))
        y += c.get_height() + 1
    if body:
        y += max(2, pad // 2)
        for line in body:
            if y + body_px > inner.bottom - 2 - (2 * max(6, round(w * 0.085)) if low_gem else 0):
                break
            s = text.render(line, body_px, ink)
            surf.blit(s, (inner.x + pad, y))
            if body_out is not None:
                body_out.append((line, inner.x + pad, y, body_px))
            y += body_px + 2
    _corners(surf, face, inner, w, detail, tiny)
    return surf


def _face_title(face: CardFace, size: int, room: int, most: int, tiny: bool) -> Title:
    """The face's title laid out; a field's smallest card lets its letters close up
    (``SQUEEZE``) before it would cut the name."""
    title = title_fit(face.title, size, room, face.short_title, most)
    if title.cut and tiny:
        closer = title_fit(face.title, size, round(room / SQUEEZE), face.short_title, most)
        title = title if closer.cut else closer
    return title


def _draw_title(
    surf: pygame.Surface, band: pygame.Rect, lines: list[str], px: int, bold: bool, room: int
) -> None:
    """The name on its ribbon, white with a shadow; a line wider than ``room`` (a
    closed-up title) is set narrower at the same height."""
    for i, line in enumerate(lines):
        y = band.y + band.h * (2 * i + 1) // (2 * len(lines))
        shadow = text.render(line, px, (10, 10, 14), bold=bold, display=True)
        img = text.render(line, px, (255, 255, 255), bold=bold, display=True)
        if img.get_width() > room:
            shadow = pygame.transform.smoothscale(shadow, (room, shadow.get_height()))
            img = pygame.transform.smoothscale(img, (room, img.get_height()))
        surf.blit(shadow, shadow.get_rect(center=(band.centerx + 1, y + 1)))
        surf.blit(img, img.get_rect(center=(band.centerx, y)))


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


def _window(surf: pygame.Surface, face: CardFace, art_rect: pygame.Rect, lift: int = 0) -> None:
    """The picture over a glow of the card's colour, in the frame's window (``lift``:
    the picture centred above the lowest ``lift`` px, where the name lies over it)."""
    if art_rect.w < 4 or art_rect.h < 4:
        return
    frame = face.frame
    if frame.dark:
        back_top, back_bottom = _shade(face.color, 0.75), _shade(face.color, 0.3)
        ink, edge = _shade(face.color, 1.85), _shade(face.color, 0.2)
    else:
        back_top, back_bottom = _shade(face.color, 1.85), _shade(face.color, 1.35)
        ink, edge = _shade(face.color, 0.3), _shade(face.color, 1.9)
    window = pygame.Surface(art_rect.size, pygame.SRCALPHA)
    _gradient(window, window.get_rect(), back_top, back_bottom, 0)
    free = max(1, art_rect.h - lift)
    side = round(min(art_rect.w, free) * (0.92 if lift else 0.86))
    middle = (art_rect.w // 2, free // 2)
    if face.art and side >= 6:
        pic = art_lib.picture(face.art, side, ink, edge)
        window.blit(pic, pic.get_rect(center=middle))
    elif side >= 6:
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


def _corners(
    surf: pygame.Surface, face: CardFace, inner: pygame.Rect, w: int, detail: bool, tiny: bool
) -> None:
    """The gems (cost, HP, energy, rank) and the corner badge (a tiny card, whose name
    lies along its foot: the gems along its top, without the badge)."""
    gem_r = max(6, round(w * (0.085 if detail else 0.13)))
    spots = {
        "tl": (inner.x + gem_r - 1, inner.y + gem_r - 1),
        "tr": (inner.right - gem_r, inner.y + gem_r - 1),
        "bl": (inner.x + gem_r - 1, inner.bottom - gem_r),
        "br": (inner.right - gem_r, inner.bottom - gem_r),
    }
    gems = dict(face.gems)
    if face.rank and not gems:
        gems["tl"] = Gem(face.rank, _shade(face.color, 0.6))
    if tiny:  # the foot holds the name: a low gem moves up to its free top corner
        gems = {("t" + c[1] if c[0] == "b" and "t" + c[1] not in gems else c): g
                for c, g in gems.items()}  # fmt: skip
    for corner, gem in gems.items():
        draw_gem(surf, gem, spots[corner], gem_r)
    if "tr" not in gems and not tiny and (face.badge or not face.art):
        center = spots["tr"]
        badge_r = max(5, round(gem_r * 0.9))
        pygame.draw.circle(surf, (246, 240, 226), center, badge_r)
        pygame.draw.circle(surf, face.frame.edge, center, badge_r, max(1, badge_r // 6))
        if face.badge:
            side = round(badge_r * 1.5)
            pic = art_lib.picture(face.badge, side, face.badge_color or _shade(face.color, 0.5),
                                  (246, 240, 226))  # fmt: skip
            surf.blit(pic, pic.get_rect(center=center))
        else:
            draw_emblem(surf, face.emblem, center, max(3, badge_r - 3), face.color)


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
        px = max(TITLE_MIN, round(r * (1.25 if len(gem.value) < 2 else 1.0)))
        shadow = text.render(gem.value, px, (0, 0, 0), bold=True, display=True)
        num = text.render(gem.value, px, (255, 255, 255), bold=True, display=True)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (1, 1)):
            surface.blit(shadow, shadow.get_rect(center=(cx + dx, cy + dy)))
        surface.blit(num, num.get_rect(center=center))


def _art_for_body(
    body: str, paper: pygame.Rect, art: pygame.Rect, pad: int, between: int, h: int
) -> tuple[int, int, list[str]]:
    """(art height, text size, lines) of a large card's rules text: the picture gives
    way, step by step down to 17 % of the card (it stays a picture), until the text
    reaches a comfortable size (3.4 % of the card) — a long text is read at the size
    a short one gets, or as near it as the picture's least room allows."""
    width = paper.w - 2 * pad
    below = between + 2 * max(2, pad // 2) + max(2, pad // 3)  # title, captions, gaps
    start = max(9, round(h * 0.048))
    comfortable = max(text.CARD_MIN_TEXT, round(h * 0.034))
    least = max(4, round(h * 0.17))
    steps = (round(h * 0.32), round(h * 0.26), round(h * 0.21))
    heights = [art.h, *(x for x in steps if least < x < art.h)]
    for art_h in [*heights, least]:
        room = paper.bottom - pad // 2 - (art.y + art_h + below)
        px, lines = fit_body(body, width, room, start)
        if px >= comfortable:
            break
    return art_h, px, lines


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
