"""The PDF painter of a card face: the screen's layout, painted in millimetres.

:func:`paint` takes the :class:`~scenes.table.facelayout.FaceLayout` that
:func:`~scenes.table.facelayout.lay_out` gives for :data:`LAYOUT_PX` (a 63x88 mm card
at 10 px a millimetre) and paints every box of it on an fpdf2 page at ``(x, y)`` mm:
the frame, the card's gradient, the picture window in the frame's shape with the art
library's SVG drawn as vector paths (clipped to the window), the name on its ribbon,
the caption and the rules text on paper (the game's TTF fonts, embedded and
subset), the gems and the corner badge.  Nothing is measured again: the lines, their
sizes and places are the layout's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.core import art
from scenes import text
from scenes.table.facelayout import CardFace, Color, FaceLayout, GemSpot, Line, _shade, lay_out

if TYPE_CHECKING:
    from fpdf import FPDF

CARD_MM = (63.0, 88.0)
MM_PER_PX = 0.1
LAYOUT_PX = (round(CARD_MM[0] / MM_PER_PX), round(CARD_MM[1] / MM_PER_PX))  # (630, 880)
PT_PER_MM = 72 / 25.4

#: the PDF font family of each screen font (bold, condensed, display)
FAMILIES = {
    (False, False, False): ("dejavu", ""),
    (True, False, False): ("dejavu", "B"),
    (False, True, False): ("dejavucond", ""),
    (True, True, False): ("dejavucond", "B"),
    (False, False, True): ("bevietnam", ""),
    (True, False, True): ("bevietnam", "B"),
}


def register_fonts(pdf: FPDF) -> None:
    """The game's fonts, embedded (fpdf2 subsets each to the glyphs used)."""
    for (bold, condensed, display), (family, style) in FAMILIES.items():
        pdf.add_font(family, style, text.font_path(bold, condensed, display))


def layout(face: CardFace) -> FaceLayout:
    """The face laid out at print size: the same function the screen calls."""
    return lay_out(face, LAYOUT_PX, detail=True)


def paint(pdf: FPDF, face: CardFace, x: float, y: float, lay: FaceLayout | None = None) -> None:
    """``face`` on the page with its top-left corner at (``x``, ``y``) mm."""
    lay = lay or layout(face)
    p = _Painter(pdf, x, y)
    colors, frame = lay.palette, face.frame
    radius = lay.radius * MM_PER_PX
    p.fill_rect(lay.outer, colors.rim, radius)
    p.fill_rect(lay.rim, frame.edge, radius)
    p.gradient_rect(lay.inner, colors.top, colors.bottom, max(2, lay.radius - 2) * MM_PER_PX)
    p.stroke_rect(lay.inner.inflate(2, 2), colors.inner_line, 1, max(2, lay.radius - 1))
    _window(p, face, lay)
    p.fill_rect(lay.band, colors.ribbon, 0)
    p.line(lay.band.topleft, lay.band.topright, colors.ribbon_light, 1)
    p.line(lay.band.bottomleft, lay.band.bottomright, colors.ribbon_dark, 1)
    for line in lay.titles:
        squeeze = min(1.0, lay.title_room / max(1, _width_px(line)))
        p.text(line._replace(x=line.x + 1, y=line.y + 1), (10, 10, 14), squeeze, middle=True)
        p.text(line, (255, 255, 255), squeeze, middle=True)
    if lay.sheet is not None:
        p.fill_rect(lay.sheet, colors.paper, max(1, lay.radius // 3) * MM_PER_PX)
    for line in lay.captions:
        p.text(line, colors.caption)
    for line in lay.body:
        p.text(line, colors.ink)
    for spot in lay.gems:
        _gem(p, spot)
    if lay.badge is not None:
        (cx, cy), r = lay.badge.center, lay.badge.r
        p.circle(cx, cy, r, colors.badge_paper)
        p.circle(cx, cy, r, frame.edge, stroke=max(1, r // 6))
        if face.badge:
            ink = face.badge_color or _shade(face.color, 0.5)
            side = lay.badge.side
            p.picture(face.badge, cx - side / 2, cy - side / 2, side, ink, colors.badge_paper)
        else:
            p.circle(cx, cy, max(3, r - 3), face.color)


def paint_track(pdf: FPDF, lay: FaceLayout, x: float, y: float, numbers: Sequence[str],
                ink: Color) -> None:  # fmt: skip
    """A tracker card's numbers in rings on its paper, to put a coin on."""
    if lay.sheet is None or not numbers:
        return
    p = _Painter(pdf, x, y)
    box = lay.sheet.inflate(-2 * lay.pad, -2 * lay.pad)
    words = [line for line in lay.body if line.text.strip("\u00a0 ")]
    top = (words[-1].y + words[-1].px + 6) if words else box.y
    box.h, box.y = box.bottom - top, top
    cols = 6 if len(numbers) > 12 else 4
    rows = math.ceil(len(numbers) / cols)
    step = min(box.w / cols, box.h / max(1, rows))
    r = step * 0.42
    for i, number in enumerate(numbers):
        row, col = divmod(i, cols)
        cx = box.x + step * (col + 0.5)
        cy = box.y + step * (row + 0.5)
        p.circle(cx, cy, r, ink, stroke=3)
        px = round(r * (1.0 if len(number) < 2 else 0.8))
        p.text(Line(number, round(cx), round(cy), px, True, False, True, True), ink, middle=True)


def _width_px(line: Line) -> int:
    return text.size_of(line.text, line.px, bold=line.bold, condensed=line.condensed,
                        display=line.display)[0]  # fmt: skip


def _window(p: _Painter, face: CardFace, lay: FaceLayout) -> None:
    art_rect, colors = lay.art, lay.palette
    if art_rect.w < 4 or art_rect.h < 4:
        return
    shape = window_points(face.frame.window, art_rect.x, art_rect.y, art_rect.w, art_rect.h)
    p.gradient_polygon(shape, art_rect, colors.window_top, colors.window_bottom)
    side = lay.picture_side
    if side:
        cx, cy = lay.picture_center
        if face.art:
            p.picture(face.art, cx - side / 2, cy - side / 2, side, colors.picture,
                      colors.picture_edge, clip=shape)  # fmt: skip
        else:
            p.circle(cx, cy, max(3, side // 2 - 2), face.color)
    p.polygon(shape, face.frame.edge, stroke=max(1, art_rect.w // 60))


def window_points(shape: str, x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """The picture window's outline (px), as the screen's ``faces._window_mask`` draws it."""
    if shape == "arch":
        r = min(w / 2, h / 2)
        top = [(x + w / 2 - math.cos(a) * w / 2, y + r - math.sin(a) * r)
               for a in (math.pi * k / 32 for k in range(33))]  # fmt: skip
        return [(x, y + h), *top, (x + w, y + h)]
    if shape == "round":
        return [(x + w / 2 + math.cos(a) * w / 2, y + h / 2 + math.sin(a) * h / 2)
                for a in (2 * math.pi * k / 64 for k in range(64))]  # fmt: skip
    if shape == "hex":
        c = min(w, h) / 4
        rel = [(c, 0), (w - c, 0), (w, c), (w, h - c), (w - c, h), (c, h), (0, h - c), (0, c)]
        return [(x + a, y + b) for a, b in rel]
    if shape == "shield":
        c = min(w, h) / 5
        return [(x, y), (x + w / 2, y + c / 2), (x + w, y), (x + w, y + h), (x, y + h)]
    r = max(2, min(w, h) // 10)
    pts: list[tuple[float, float]] = []
    for cx, cy, start in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0),
                          (x + r, y + h - r, 90), (x + r, y + r, 180)):  # fmt: skip
        for d in range(0, 91, 15):
            a = math.radians(start + d)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _gem(p: _Painter, spot: GemSpot) -> None:
    (cx, cy), r, gem = spot.center, spot.r, spot.gem
    drawn = False
    if gem.symbol and gem.symbol in art.symbols():
        parts = art.symbols()[gem.symbol]
        back, front = round(r * 2.3), round(r * 2.1)
        p.picture(parts, cx - back / 2, cy - back / 2, back, (16, 14, 20), (20, 20, 24))
        p.picture(parts, cx - front / 2, cy - front / 2, front, gem.color, (20, 20, 24))
        drawn = True
    if not drawn:
        p.circle(cx, cy, r + 1, (16, 14, 20))
        p.circle(cx, cy, r, gem.color)
        p.circle(cx - r // 3, cy - r // 3, max(1, r // 3), _shade(gem.color, 1.5))
        p.circle(cx, cy, r, _shade(gem.color, 1.6), stroke=max(1, r // 6))
    if gem.value:
        line = Line(gem.value, cx, cy, spot.px, True, False, True, True)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (1, 1)):
            p.text(line._replace(x=cx + dx, y=cy + dy), (0, 0, 0), middle=True)
        p.text(line, (255, 255, 255), middle=True)


@lru_cache(maxsize=256)
def _svg_source(name: str) -> str:
    try:
        return (art.art_dir() / f"{name}.svg").read_text(encoding="utf-8")
    except OSError:
        return ""


def _hex(color: Color) -> str:
    return "#{:02x}{:02x}{:02x}".format(*color[:3])


class _Painter:
    """Drawing in the layout's px, put on the page in mm at (``x``, ``y``)."""

    def __init__(self, pdf: FPDF, x: float, y: float) -> None:
        self.pdf, self.x, self.y = pdf, x, y

    def mm(self, px: float, py: float) -> tuple[float, float]:
        return self.x + px * MM_PER_PX, self.y + py * MM_PER_PX

    def fill_rect(self, rect: pygame.Rect, color: Color, radius_mm: float) -> None:
        x, y, w, h = rect.x, rect.y, rect.w, rect.h
        self.pdf.set_fill_color(*color)
        X, Y = self.mm(x, y)
        self.pdf.rect(X, Y, w * MM_PER_PX, h * MM_PER_PX, style="F",
                      round_corners=radius_mm > 0, corner_radius=radius_mm)  # fmt: skip

    def stroke_rect(self, rect: pygame.Rect, color: Color, width: float, radius: float) -> None:
        x, y, w, h = rect.x, rect.y, rect.w, rect.h
        self.pdf.set_draw_color(*color)
        self.pdf.set_line_width(width * MM_PER_PX)
        X, Y = self.mm(x + 0.5, y + 0.5)
        self.pdf.rect(X, Y, (w - 1) * MM_PER_PX, (h - 1) * MM_PER_PX, style="D",
                      round_corners=True, corner_radius=radius * MM_PER_PX)  # fmt: skip

    def gradient_rect(self, rect: pygame.Rect, top: Color, bottom: Color, radius_mm: float) -> None:
        from fpdf.pattern import LinearGradient

        x, y, w, h = rect.x, rect.y, rect.w, rect.h
        X, Y = self.mm(x, y)
        grad = LinearGradient(X, Y, X, Y + h * MM_PER_PX, [top, bottom])
        with self.pdf.use_pattern(grad):
            self.pdf.rect(X, Y, w * MM_PER_PX, h * MM_PER_PX, style="F",
                          round_corners=True, corner_radius=radius_mm)  # fmt: skip

    def gradient_polygon(self, pts: list[tuple[float, float]], rect: pygame.Rect, top: Color,
                         bottom: Color) -> None:  # fmt: skip
        from fpdf.pattern import LinearGradient

        x, y, h = rect.x, rect.y, rect.h
        X, Y = self.mm(x, y)
        grad = LinearGradient(X, Y, X, Y + h * MM_PER_PX, [top, bottom])
        with self.pdf.use_pattern(grad):
            self.pdf.polygon([self.mm(a, b) for a, b in pts], style="F")

    def polygon(self, pts: list[tuple[float, float]], color: Color, stroke: float) -> None:
        self.pdf.set_draw_color(*color)
        self.pdf.set_line_width(stroke * MM_PER_PX)
        self.pdf.polygon([self.mm(a, b) for a, b in pts], style="D")

    def line(self, a: tuple[int, int], b: tuple[int, int], color: Color, width: float) -> None:
        self.pdf.set_draw_color(*color)
        self.pdf.set_line_width(width * MM_PER_PX)
        self.pdf.line(*self.mm(*a), *self.mm(*b))

    def circle(self, cx: float, cy: float, r: float, color: Color, stroke: float = 0) -> None:
        X, Y = self.mm(cx, cy)
        if stroke:
            self.pdf.set_draw_color(*color)
            self.pdf.set_line_width(stroke * MM_PER_PX)
            R = (r - stroke / 2) * MM_PER_PX
            self.pdf.circle(X, Y, R, style="D")
        else:
            self.pdf.set_fill_color(*color)
            self.pdf.circle(X, Y, r * MM_PER_PX, style="F")

    def text(self, line: Line, color: Color, squeeze: float = 1.0, middle: bool = False) -> None:
        """``line`` as the screen sets it: ``y`` its top (``middle``: its centre),
        ``x`` its left (``centred``: its centre)."""
        family, style = FAMILIES[(line.bold, line.condensed, line.display)]
        f = text.font(line.px, line.bold, line.condensed, line.display)
        size_pt = max(6, line.px) * MM_PER_PX * PT_PER_MM
        pdf = self.pdf
        pdf.set_font(family, style, size_pt)
        pdf.set_text_color(*color)
        pdf.set_stretching(100 * squeeze)
        words = text.drawable(line.text)
        width = pdf.get_string_width(words)
        top = line.y - f.get_height() // 2 if middle else line.y
        baseline = top + f.get_ascent()
        X, Y = self.mm(line.x, baseline)
        if line.centred:
            X -= width / 2
        pdf.text(X, Y, words)
        pdf.set_stretching(100)

    def picture(self, parts: Sequence[str] | str, x: float, y: float, side: float, color: Color,
                edge: Color, clip: list[tuple[float, float]] | None = None) -> None:  # fmt: skip
        """A card's picture as vector paths (``scenes.art.picture``'s composition)."""
        if isinstance(parts, str):
            parts = (parts,)
        items: list[tuple[str, float, float, float, Color]] = []
        if len(parts) == 1:
            items.append((parts[0], x, y, side, color))
        else:
            items.append((parts[0], x, y, side * 0.86, color))
            small, w = side * 0.5, max(1.0, side // 28)
            corners = [(x + side - small - 2 * w, y + side - small - 2 * w),
                       (x, y + side - small - 2 * w)]  # fmt: skip
            for name, (cx, cy) in zip(parts[1:], corners, strict=False):
                for dx in (-w, 0, w):  # the outline, as the screen draws it
                    for dy in (-w, 0, w):
                        if dx or dy:
                            items.append((name, cx + w + dx, cy + w + dy, small, edge))
                items.append((name, cx + w, cy + w, small, color))
        self._icons(items, clip)

    def _icons(self, items: list[tuple[str, float, float, float, Color]],
               clip: list[tuple[float, float]] | None) -> None:  # fmt: skip
        from fpdf.drawing import ClippingPath, GraphicsContext
        from fpdf.drawing_primitives import Transform
        from fpdf.svg import SVGObject

        group = GraphicsContext()
        if clip:
            path = ClippingPath()
            path.move_to(*self.mm(*clip[0]))
            for pt in clip[1:]:
                path.line_to(*self.mm(*pt))
            path.close()
            group.clipping_path = path
        for name, x, y, side, color in items:
            source = _svg_source(name)
            if not source:
                continue
            svg = SVGObject(source.replace("currentColor", _hex(color)))
            size = side * MM_PER_PX
            _, _, drawn = svg.transform_to_rect_viewport(1, size, size)
            X, Y = self.mm(x, y)
            base = drawn.transform or Transform.identity()
            drawn.transform = base @ Transform.translation(X, Y)
            group.add_item(drawn)
        self.pdf.draw_path(group)
