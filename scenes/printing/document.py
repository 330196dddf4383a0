"""A :class:`~scenes.printing.content.Booklet` written as a PDF (fpdf2).

Page 1 is the cover: what the file holds, how to print it, and any warning (an
illegal deck prints with its reasons here rather than being refused).  Then the cards,
nine a page in the butted block of :mod:`scenes.printing.pages`, each page followed by
its backs page when ``backs`` is set; then the full pages (a rules summary, a
reference) and the tokens to cut out.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, cast

from game.i18n import t
from scenes.printing import face as pf
from scenes.printing.content import Booklet, PrintCard, back_color
from scenes.printing.pages import PER_PAGE, Geometry, geometry
from scenes.table.facelayout import Color, _shade

if TYPE_CHECKING:
    from fpdf import FPDF

MARGIN = 15.0
INK = (30, 28, 34)
WARN = (170, 30, 30)


def write(book: Booklet, out: Path, paper: str = "a4", backs: bool = False) -> int:
    """Write ``book`` to ``out`` (the file appears whole or not at all); the page count."""
    from fpdf import FPDF

    geo = geometry(paper)
    pdf = FPDF(unit="mm", format=geo.page)
    pdf.set_auto_page_break(False)
    pdf.set_title(book.heading)
    pdf.set_creator("Bàn Thẻ")
    pf.register_fonts(pdf)
    _cover(pdf, book, geo)
    for start in range(0, len(book.cards), PER_PAGE):
        chunk = book.cards[start : start + PER_PAGE]
        _card_page(pdf, chunk, geo)
        if backs:
            _backs_page(pdf, len(chunk), geo, book)
    for title, sections in book.text_pages:
        _text_page(pdf, title, sections, geo)
    if book.tokens:
        _tokens_page(pdf, book, geo)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".part")
    pdf.output(str(tmp))
    tmp.replace(out)
    return int(pdf.pages_count)


def _cover(pdf: FPDF, book: Booklet, geo: Geometry) -> None:
    pdf.add_page()
    width = geo.page[0] - 2 * MARGIN
    pdf.set_xy(MARGIN, MARGIN)
    pdf.set_text_color(*INK)
    pdf.set_font("bevietnam", "B", 22)
    pdf.multi_cell(width, 10, book.heading)
    pdf.ln(2)
    pdf.set_font("dejavu", "", 12)
    for line in book.lines:
        pdf.set_x(MARGIN)
        pdf.multi_cell(width, 6, line)
    if book.warnings:
        pdf.ln(3)
        pdf.set_text_color(*WARN)
        pdf.set_font("dejavu", "B", 12)
        pdf.set_x(MARGIN)
        pdf.multi_cell(width, 6, t("print.warning", book.lang))
        pdf.set_font("dejavu", "", 11)
        for reason in book.warnings:
            pdf.set_x(MARGIN)
            pdf.multi_cell(width, 5.5, "• " + reason)
        pdf.set_text_color(*INK)
    pdf.ln(4)
    pdf.set_font("dejavu", "B", 12)
    pdf.set_x(MARGIN)
    pdf.multi_cell(width, 6, t("print.contents", book.lang))
    pdf.set_font("dejavu", "", 11)
    for part in book.parts:
        pdf.set_x(MARGIN)
        pdf.multi_cell(width, 5.5, "• " + part)
    pdf.ln(4)
    pdf.set_x(MARGIN)
    pdf.multi_cell(width, 5.5, t("print.how", book.lang))


def _card_page(pdf: FPDF, cards: list[PrintCard], geo: Geometry) -> None:
    pdf.add_page()
    for i, card in enumerate(cards):  # the bleed first: each card's metal past its cut lines
        x, y, w, h = geo.bleed(i, count=len(cards))
        pdf.set_fill_color(*card.face.frame.edge)
        pdf.rect(x, y, w, h, style="F")
    for i, card in enumerate(cards):
        x, y, _, _ = geo.card(i)
        lay = pf.layout(card.face)
        pf.paint(pdf, card.face, x, y, lay)
        if card.track:
            pf.paint_track(pdf, lay, x, y, card.track, _shade(card.face.color, 0.45))
    _marks(pdf, geo)


def _backs_page(pdf: FPDF, count: int, geo: Geometry, book: Booklet) -> None:
    pdf.add_page()
    color = back_color(book.game)
    for i in range(count):
        x, y, w, h = geo.bleed(i, back=True, count=count)
        pdf.set_fill_color(*_shade(color, 0.5))
        pdf.rect(x, y, w, h, style="F")
    for i in range(count):
        _back(pdf, geo.card(i, back=True), color, t(f"{book.game}.name", book.lang))
    _marks(pdf, geo)


def _back(pdf: FPDF, rect: tuple[float, float, float, float], color: Color, name: str) -> None:
    """A card back: a dark frame, a lattice and a star (``cards.draw_back``'s look)."""
    x, y, w, h = rect
    pdf.set_fill_color(*_shade(color, 0.5))
    pdf.rect(x, y, w, h, style="F")
    inset = 3.5
    ix, iy, iw, ih = x + inset, y + inset, w - 2 * inset, h - 2 * inset
    pdf.set_fill_color(*color)
    pdf.rect(ix, iy, iw, ih, style="F", round_corners=True, corner_radius=3)
    _lattice(pdf, (ix, iy, iw, ih), _shade(color, 1.35))
    pdf.set_draw_color(232, 190, 90)
    pdf.set_line_width(0.6)
    pdf.rect(ix, iy, iw, ih, style="D", round_corners=True, corner_radius=3)
    cx, cy, r = x + w / 2, y + h / 2, min(iw, ih) / 4
    star = [(cx + math.cos(-math.pi / 2 + k * math.pi / 8) * (r if k % 2 == 0 else r * 0.42),
             cy + math.sin(-math.pi / 2 + k * math.pi / 8) * (r if k % 2 == 0 else r * 0.42))
            for k in range(16)]  # fmt: skip
    pdf.set_fill_color(232, 190, 90)
    pdf.polygon(star, style="F")
    pdf.set_font("bevietnam", "B", 11)
    pdf.set_text_color(246, 240, 226)
    pdf.text(cx - pdf.get_string_width(name) / 2, iy + ih - 6, name)


def _lattice(pdf: FPDF, rect: tuple[float, float, float, float], color: Color) -> None:
    """A diagonal lattice clipped to the back's rounded panel."""
    from fpdf.drawing import ClippingPath, GraphicsContext, PaintedPath
    from fpdf.drawing_primitives import DeviceRGB

    x, y, w, h = rect
    edge = pf.window_points("rect", x * 10, y * 10, w * 10, h * 10)  # 3 mm corners, in px
    clip = ClippingPath()
    clip.move_to(edge[0][0] / 10, edge[0][1] / 10)
    for px, py in edge[1:]:
        clip.line_to(px / 10, py / 10)
    clip.close()
    lines = PaintedPath()
    k, step = -h, 9.0
    while k < w + h:
        lines.move_to(x + k, y).line_to(x + k + h, y + h)
        lines.move_to(x + k, y + h).line_to(x + k + h, y)
        k += step
    lines.style.stroke_color = DeviceRGB(*(c / 255 for c in color))
    lines.style.stroke_width = 0.2
    lines.style.fill_color = None
    lines.style.paint_rule = "STROKE"
    group = GraphicsContext()
    group.clipping_path = clip
    group.add_item(lines)
    pdf.draw_path(group)


def _marks(pdf: FPDF, geo: Geometry) -> None:
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    for x1, y1, x2, y2 in geo.cut_marks():
        pdf.line(x1, y1, x2, y2)


def _text_page(pdf: FPDF, title: str, sections: list[tuple[str, str]], geo: Geometry) -> None:
    """``sections`` in two columns on one page, the size shrunk until they fit."""
    for size in (10.0, 9.0, 8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0):
        if _columns(pdf, title, sections, geo, size, dry=True):
            break
    pdf.add_page()
    _columns(pdf, title, sections, geo, size, dry=False)


def _columns(pdf: FPDF, title: str, sections: list[tuple[str, str]], geo: Geometry,
             size: float, dry: bool) -> bool:  # fmt: skip
    """Lay ``sections`` out in two columns (``dry``: only measure); True if they fit."""
    pw, ph = geo.page
    gap, top = 6.0, MARGIN + 12
    col_w = (pw - 2 * MARGIN - gap) / 2
    line_h = size * 0.3528 * 1.25
    col, y = 0, top
    if not dry:
        pdf.set_xy(MARGIN, MARGIN)
        pdf.set_font("bevietnam", "B", 16)
        pdf.set_text_color(*INK)
        pdf.cell(pw - 2 * MARGIN, 8, title)
    for heading, body in sections:
        for text_, bold in ((heading, True), *((p, False) for p in body.split("\n"))):
            pdf.set_font("dejavu", "B" if bold else "", size)
            lines = cast(
                list[str], pdf.multi_cell(col_w, line_h, text_, dry_run=True, output="LINES")
            )
            need = len(lines) * line_h + (line_h * 0.3 if bold else 0)
            if y + need > ph - MARGIN:
                if col == 1:
                    return False
                col, y = 1, top
            if not dry:
                pdf.set_xy(MARGIN + col * (col_w + gap), y + (line_h * 0.3 if bold else 0))
                pdf.multi_cell(col_w, line_h, text_)
            y += need
        y += line_h * 0.4
    return True


def _tokens_page(pdf: FPDF, book: Booklet, geo: Geometry) -> None:
    pdf.add_page()
    pw, ph = geo.page
    pdf.set_xy(MARGIN, MARGIN)
    pdf.set_font("bevietnam", "B", 16)
    pdf.set_text_color(*INK)
    pdf.cell(pw - 2 * MARGIN, 8, book.tokens_title)
    pdf.set_xy(MARGIN, MARGIN + 10)
    pdf.set_font("dejavu", "", 10)
    pdf.multi_cell(pw - 2 * MARGIN, 5, book.tokens_intro)
    y = pdf.get_y() + 4
    painter = pf._Painter(pdf, 0, 0)
    for token in book.tokens:
        d = token.diameter
        per_row = max(1, int((pw - 2 * MARGIN) // (d + 2)))
        for k in range(token.count):
            row, col = divmod(k, per_row)
            cx = MARGIN + col * (d + 2) + d / 2
            cy = y + row * (d + 2) + d / 2
            if cy + d / 2 > ph - MARGIN:
                break
            pdf.set_fill_color(*_shade(token.color, 1.6))
            pdf.set_draw_color(*_shade(token.color, 0.5))
            pdf.set_line_width(0.4)
            pdf.circle(cx, cy, d / 2, style="DF")
            side = d * 0.62 / pf.MM_PER_PX
            px, py = cx / pf.MM_PER_PX - side / 2, cy / pf.MM_PER_PX - side / 2
            painter.picture(token.art, px, py, side, _shade(token.color, 0.6), (255, 255, 255))
        rows = math.ceil(min(token.count, 10**6) / per_row)
        y += rows * (d + 2) + 4
