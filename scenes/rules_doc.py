"""Rich lines and tables for the rules help (``scenes.rules_help``).

Two markups inside a rules-help body, both optional (a body without them is laid out
exactly as plain text):

* ``[[pyro]]`` (any name of ``scenes.table.elements.ICON_NAMES``) draws that element's
  icon inline, one line high; any other ``[[word]]`` shows the word.
* Consecutive body lines starting with ``|`` form a **table**: cells split on ``|``,
  the first row is the header (bold, gold).  Columns get the width their longest
  word needs, then share the rest of the line in proportion to their text; cells wrap.

``layout_paragraph`` and ``layout_table`` return ``(surface, x, y)`` rows the help
scene blits, with the document height they use.  Nothing here reads translations.

Search: :func:`fold` drops accents and letter case one character for one character
("Tấn công" -> "tan cong", so "tan cong" finds it and the match's positions are the
original's); :func:`find_all` lists every match over the help's lines.
"""

from __future__ import annotations

import re
import unicodedata

import pygame

from scenes import text, theme
from scenes.table.elements import ICON_NAMES, element_icon

ICON = re.compile(r"\[\[(\w+)\]\]")
Placed = tuple[pygame.Surface, int, int]

HEAD_BG = (46, 54, 68)
ROW_BG = ((30, 36, 48), (36, 43, 56))
GRID = (78, 90, 108)


def is_table_line(para: str) -> bool:
    return para.startswith("|")


def cells(row: str) -> list[str]:
    """``| a | b |`` -> ``["a", "b"]`` (outer bars optional)."""
    return [c.strip() for c in row.strip().strip("|").split("|")]


def _pieces(word: str) -> list[tuple[bool, str]]:
    """A word as (is_icon, value) pieces: ``[[cryo]]+[[dendro]]`` -> icon, "+", icon."""
    out: list[tuple[bool, str]] = []
    pos = 0
    for m in ICON.finditer(word):
        if m.start() > pos:
            out.append((False, word[pos : m.start()]))
        name = m.group(1)
        out.append((name in ICON_NAMES, name))
        pos = m.end()
    if pos < len(word):
        out.append((False, word[pos:]))
    return out


def _icon_size(size: int) -> int:
    return text.font(size).get_linesize() - max(1, size // 10)


def rich_width(line: str, size: int, bold: bool = False) -> int:
    """Pixel width of a line with icon markup."""
    if "[[" not in line:
        return text.size_of(line, size, bold=bold)[0]
    gap = max(1, size // 8)
    w = 0
    for is_icon, value in _pieces(line):
        w += _icon_size(size) + 2 * gap if is_icon else text.size_of(value, size, bold=bold)[0]
    return w


def rich_wrap(para: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text.wrap`` that measures icons as icons."""
    if "[[" not in para:
        return text.wrap(para, size, width, bold=bold)
    lines: list[str] = []
    line = ""
    for word in para.split(" "):
        trial = word if not line else f"{line} {word}"
        if not line or rich_width(trial, size, bold) <= width:
            line = trial
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines


def rich_render(line: str, size: int, color: text.Color, bold: bool = False) -> pygame.Surface:
    """One line with its icons drawn in place."""
    if "[[" not in line:
        return text.render(line, size, color, bold=bold)
    height = text.font(size, bold).get_linesize()
    surf = pygame.Surface((max(1, rich_width(line, size, bold)), height), pygame.SRCALPHA)
    gap = max(1, size // 8)
    x = 0
    for is_icon, value in _pieces(line):
        if is_icon:
            icon = element_icon(value, _icon_size(size))
            surf.blit(icon, (x + gap, (height - icon.get_height()) // 2))
            x += icon.get_width() + 2 * gap
        else:
            piece = text.render(value, size, color, bold=bold)
            surf.blit(piece, (x, 0))
            x += piece.get_width()
    return surf


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


def layout_table(rows_text: list[str], size: int, width: int, y: int) -> tuple[list[Placed], int]:
    """Rows of a table, one surface each, starting at document ``y``; returns the
    rows and the ``y`` under the table."""
    rows = [cells(r) for r in rows_text]
    ncols = len(rows[0])
    rows = [(row + [""] * ncols)[:ncols] for row in rows]
    pad = max(3, size // 3)
    widths = _column_widths(rows, size, width, pad)
    total = sum(widths)
    line_h = text.font(size).get_linesize()
    placed: list[Placed] = []
    for r, row in enumerate(rows):
        bold = r == 0
        color = theme.ACCENT if bold else theme.TEXT
        wrapped = [rich_wrap(cell, size, widths[c] - 2 * pad, bold) for c, cell in enumerate(row)]
        height = max(len(lines) for lines in wrapped) * line_h + 2 * pad
        surf = pygame.Surface((total, height))
        surf.fill(HEAD_BG if bold else ROW_BG[r % 2])
        x = 0
        for c, lines in enumerate(wrapped):
            for i, line in enumerate(lines):
                surf.blit(rich_render(line, size, color, bold), (x + pad, pad + i * line_h))
            if c:
                pygame.draw.line(surf, GRID, (x, 0), (x, height))
            x += widths[c]
        pygame.draw.rect(surf, GRID, surf.get_rect(), 1)
        placed.append((surf, 0, y))
        y += height - 1  # neighbouring rows share a grid line
    return placed, y + 1


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
