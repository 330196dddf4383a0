"""A line of text with icons in it: ``"Gây 2 sát thương [[pyro]] Hỏa"``.

``[[name]]`` draws the icon of an element (``scenes.table.elements``: the seven
elements, omni, physical, piercing, ...) or of a symbol named in
``assets/art/symbols.json`` (``[[shv.mp]]``), the same icon the table shows for that
concept; an unknown name is drawn as its text.  The game log uses it
(``hud.LogPanel``), so a damage line shows the element's icon beside its name.
"""

from __future__ import annotations

import re

import pygame

from game.core import art as art_names
from scenes import art, text
from scenes.surfaces import MB, SurfaceCache
from scenes.table.elements import ICON_NAMES, element_icon

MARK = re.compile(r"\[\[([a-z0-9_.]+)\]\]")  # the rules help's tables use it too
_cache: SurfaceCache[tuple[object, ...], pygame.Surface] = SurfaceCache(
    "richtext", 4 * MB, max_items=512
)


def known(name: str) -> bool:
    return name in ICON_NAMES or name in art_names.symbols()


def plain(line: str) -> str:
    """The line as words only (what a screen reader or a test reads): icons dropped."""
    return re.sub(r"\s{2,}", " ", MARK.sub(lambda m: "" if known(m[1]) else m[1], line)).strip()


def pieces(line: str) -> list[tuple[bool, str]]:
    """(is an icon, value) in order."""
    out: list[tuple[bool, str]] = []
    at = 0
    for m in MARK.finditer(line):
        if m.start() > at:
            out.append((False, line[at : m.start()]))
        out.append((known(m[1]), m[1]))
        at = m.end()
    if at < len(line):
        out.append((False, line[at:]))
    return out


def _icon(name: str, size: int, color: text.Color) -> pygame.Surface:
    if name in ICON_NAMES:
        return element_icon(name, size)
    return art.symbol(name, size, tuple(color[:3]))  # type: ignore[arg-type]


def icon_size(size: int, *, bold: bool = False, condensed: bool = False) -> int:
    """An icon's side in a line of ``size`` px text: the line's height, less a margin."""
    return text.font(size, bold, condensed).get_linesize() - max(1, size // 10)


def width(line: str, size: int, *, bold: bool = False, condensed: bool = False) -> int:
    """The drawn width of ``line`` at ``size``."""
    if "[[" not in line:
        return text.size_of(line, size, bold=bold, condensed=condensed)[0]
    gap = max(1, size // 8)
    side = icon_size(size, bold=bold, condensed=condensed)
    total = 0
    for is_icon, value in pieces(line):
        if is_icon:
            total += side + 2 * gap
        else:
            total += text.size_of(value, size, bold=bold, condensed=condensed)[0]
    return total


def wrap(
    line: str, size: int, room: int, *, bold: bool = False, condensed: bool = False
) -> list[str]:
    """``line`` in lines no wider than ``room`` (an icon measured as an icon)."""
    if "[[" not in line:
        return text.wrap(line, size, room, bold=bold, condensed=condensed)
    words = line.split(" ")
    return text.fill(words, room, lambda s: width(s, size, bold=bold, condensed=condensed))


def render(
    line: str, size: int, color: text.Color, *, bold: bool = False, condensed: bool = False
) -> pygame.Surface:
    """One line with its icons drawn in place (cached)."""
    if "[[" not in line:
        return text.render(line, size, color, bold=bold, condensed=condensed)
    key = (line, size, tuple(color), bold, condensed)
    found = _cache.get(key)
    if found is not None:
        return found
    height = text.font(size, bold, condensed).get_linesize()
    drawn = width(line, size, bold=bold, condensed=condensed)
    surf = pygame.Surface((max(1, drawn), height), pygame.SRCALPHA)
    gap = max(1, size // 8)
    side = icon_size(size, bold=bold, condensed=condensed)
    x = 0
    for is_icon, value in pieces(line):
        if is_icon:
            icon = _icon(value, side, color)
            surf.blit(icon, (x + gap, (height - icon.get_height()) // 2))
            x += side + 2 * gap
        else:
            piece = text.render(value, size, color, bold=bold, condensed=condensed)
            surf.blit(piece, (x, 0))
            x += piece.get_width()
    return _cache.put(key, surf)
