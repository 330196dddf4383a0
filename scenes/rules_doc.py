"""Rich lines and tables for the rules help (``scenes.rules_help``).

Two markups inside a rules-help body, both optional (a body without them is laid out
exactly as plain text):

* ``[[pyro]]`` (any name of ``scenes.table.elements.ICON_NAMES``) draws that element's
  icon inline, one line high; any other ``[[word]]`` shows the word.
* Consecutive body lines starting with ``|`` form a **table**: cells split on ``|``,
  the first row is the header (bold, gold).  Columns get the width their longest
  word needs, then share the rest of the line in proportion to their text; cells wrap.

The help scene lays a document out as :class:`DocLine` rows (``rich_line``, and
``layout_table`` with the document height a table uses): where each goes and how tall it
is, painted only when it is first drawn.  Nothing here reads translations.

Search: :func:`fold` drops accents and letter case one character for one character
("Tấn công" -> "tan cong", so "tan cong" finds it and the match's positions are the
original's); :func:`find_all` lists every match over the help's lines.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import partial

import pygame

from scenes import text, theme
from scenes.table import richtext

ICON = re.compile(r"\[\[(\w+)\]\]")

HEAD_BG = (46, 54, 68)
ROW_BG = ((30, 36, 48), (36, 43, 56))
GRID = (78, 90, 108)


class DocLine:
    """One row of a laid-out document: its place (``x``, ``y`` in the document) and
    height, known at layout; its picture is painted the first time ``surface`` is read,
    so opening a long document paints only the rows on screen (the rules summary of
    Thất Thánh Triệu Hồi is 240 rows, about 35 on a screen)."""

    __slots__ = ("_paint", "_surface", "h", "x", "y")

    def __init__(self, x: int, y: int, h: int, paint: Callable[[], pygame.Surface]) -> None:
        self.x, self.y, self.h = x, y, h
        self._paint = paint
        self._surface: pygame.Surface | None = None

    @property
    def painted(self) -> bool:
        return self._surface is not None

    @property
    def surface(self) -> pygame.Surface:
        if self._surface is None:
            self._surface = self._paint()
        return self._surface


def rich_line(
    line: str, size: int, color: text.Color, x: int, y: int, bold: bool = False
) -> DocLine:
    """``line`` (icon markup allowed) as a document row at (``x``, ``y``)."""
    if "[[" in line:
        h = text.font(size, bold).get_linesize()
    else:
        h = text.size_of(line, size, bold=bold)[1]
    return DocLine(x, y, h, partial(rich_render, line, size, color, bold))


def is_table_line(para: str) -> bool:
    return para.startswith("|")


def cells(row: str) -> list[str]:
    """``| a | b |`` -> ``["a", "b"]`` (outer bars optional)."""
    return [c.strip() for c in row.strip().strip("|").split("|")]


def rich_width(line: str, size: int, bold: bool = False) -> int:
    """Pixel width of a line with icon markup (``scenes.table.richtext``, as the log)."""
    return richtext.width(line, size, bold=bold)


def rich_wrap(para: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text.wrap`` that measures icons as icons."""
    return richtext.wrap(para, size, width, bold=bold)


def rich_render(line: str, size: int, color: text.Color, bold: bool = False) -> pygame.Surface:
    """One line with its icons drawn in place."""
    return richtext.render(line, size, color, bold=bold)


def _column_widths(rows: list[list[str]], size: int, width: int, pad: int) -> list[int]:
    ncols = len(rows[0])
    need = [0] * ncols  # the longest word of the column
    want = [0] * ncols  # the whole text on one line
    for r, row in enumerate(rows):
        for c, cell in enumerate(row[:ncols]):
            bold = r == 0
            words = [rich_width(w, size, bold) for w in cell.split(" ")]
            need[c] = max(need[c], max(words) + 2 * pad)
            want[c] = max(want[c], rich_width(cell, size, bold) + 2 * pad)
    return _share(need, want, width)


def _share(need: list[int], want: list[int], width: int) -> list[int]:
    """Max-min fair widths: a column that wants less than an equal share of the room
    left gets what it wants (its text on one line); the others split the rest, never
    below the width of their longest word."""
    ncols = len(need)
    widths = list(need)
    left = set(range(ncols))
    room = width
    while left:
        share = room / len(left)
        small = [c for c in left if want[c] <= share]
        if not small:
            break
        for c in small:
            widths[c] = want[c]
            room -= want[c]
            left.discard(c)
    if left:
        big = sum(want[c] for c in left)
        for c in left:
            widths[c] = max(need[c], room * want[c] // big)
    return widths


def layout_table(rows_text: list[str], size: int, width: int, y: int) -> tuple[list[DocLine], int]:
    """Rows of a table, one document row each, starting at document ``y``; returns the
    rows and the ``y`` under the table."""
    rows = [cells(r) for r in rows_text]
    ncols = len(rows[0])
    rows = [(row + [""] * ncols)[:ncols] for row in rows]
    pad = max(3, size // 3)
    widths = _column_widths(rows, size, width, pad)
    line_h = text.font(size).get_linesize()
    placed: list[DocLine] = []
    for r, row in enumerate(rows):
        wrapped = [rich_wrap(cell, size, widths[c] - 2 * pad, r == 0) for c, cell in enumerate(row)]
        height = max(len(lines) for lines in wrapped) * line_h + 2 * pad
        paint = partial(_paint_row, wrapped, widths, height, size, pad, r)
        placed.append(DocLine(0, y, height, paint))
        y += height - 1  # neighbouring rows share a grid line
    return placed, y + 1


def _paint_row(
    wrapped: list[list[str]], widths: list[int], height: int, size: int, pad: int, r: int
) -> pygame.Surface:
    """Row ``r`` of a table (row 0 is the header: bold and gold) with its grid lines."""
    bold = r == 0
    color = theme.ACCENT if bold else theme.TEXT
    line_h = text.font(size).get_linesize()
    surf = pygame.Surface((sum(widths), height))
    surf.fill(HEAD_BG if bold else ROW_BG[r % 2])
    x = 0
    for c, lines in enumerate(wrapped):
        for i, line in enumerate(lines):
            surf.blit(rich_render(line, size, color, bold), (x + pad, pad + i * line_h))
        if c:
            pygame.draw.line(surf, GRID, (x, 0), (x, height))
        x += widths[c]
    pygame.draw.rect(surf, GRID, surf.get_rect(), 1)
    return surf


# --- search ----------------------------------------------------------------------------


def _fold_char(ch: str) -> str:
    """One character without its accents, lower case: "Ấ" -> "a", "Đ" -> "d"."""
    if ch in "đĐ":
        return "d"
    base = unicodedata.normalize("NFD", ch)[0].lower()
    return base if len(base) == 1 else ch


def fold(words: str) -> str:
    """``words`` for an accent-insensitive search, one character for each character (so
    a match's positions are the original's): "Tấn Công" -> "tan cong"."""
    return "".join(_fold_char(ch) for ch in words)


def plain(line: str) -> str:
    """A rich line's words without icon markup (``[[pyro]]`` -> ``pyro``)."""
    return ICON.sub(lambda m: m.group(1), line)


def find_all(texts: list[str], query: str) -> list[tuple[int, int, int]]:
    """Every match of ``query`` in ``texts`` (accents and letter case ignored, runs of
    spaces as one): (text index, start, end), in order."""
    needle = " ".join(fold(query).split())
    if not needle:
        return []
    out = []
    for i, words in enumerate(texts):
        hay = fold(words)
        start = hay.find(needle)
        while start >= 0:
            out.append((i, start, start + len(needle)))
            start = hay.find(needle, start + 1)
    return out
