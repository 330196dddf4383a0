"""Fonts and text rendering with a cache.

The bundled DejaVu Sans covers every Vietnamese letter (pygame's default font
lacks 94 of the 178).  Text is NFC-normalised before it is measured or drawn,
and rendered surfaces are cached by (text, size, style, colour).
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from functools import cache

import pygame

import assets

FONT_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}

Color = tuple[int, int, int] | tuple[int, int, int, int]


def font_path(bold: bool = False, condensed: bool = False) -> str:
    return str(assets.path("fonts", FONT_FILES[(bold, condensed)]))


@cache
def font(size: int, bold: bool = False, condensed: bool = False) -> pygame.font.Font:
    """A bundled font at ``size`` pixels (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_path(bold, condensed), max(6, int(size)))


_cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
_CACHE_MAX = 2048


def render(
    text: str,
    size: int,
    color: Color = (240, 240, 240),
    *,
    bold: bool = False,
    condensed: bool = False,
) -> pygame.Surface:
    """Anti-aliased text on a transparent surface, cached."""
    key = (text, int(size), color, bold, condensed)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    nfc = unicodedata.normalize("NFC", text)
    surf = font(size, bold, condensed).render(nfc, True, color)
    _cache[key] = surf
    if len(_cache) > _CACHE_MAX:
        _cache.popitem(last=False)
    return surf


def size_of(
    text: str, size: int, *, bold: bool = False, condensed: bool = False
) -> tuple[int, int]:
    return font(size, bold, condensed).size(unicodedata.normalize("NFC", text))


def wrap(
    text: str, size: int, width: int, *, bold: bool = False, condensed: bool = False
) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (hard breaks kept)."""
    f = font(size, bold, condensed)
    lines: list[str] = []
    for para in unicodedata.normalize("NFC", text).split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else f"{line} {word}"
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_size(
    text: str,
    size: int,
    width: int,
    *,
    bold: bool = False,
    condensed: bool = False,
    min_size: int = 9,
) -> int:
    """The largest size <= ``size`` at which ``text`` fits in ``width`` pixels."""
    while size > min_size and size_of(text, size, bold=bold, condensed=condensed)[0] > width:
        size -= 1
    return size


def missing_glyphs(text: str, bold: bool = False, condensed: bool = False) -> list[str]:
    """Characters of ``text`` that the bundled font has no glyph for.

    ``pygame.font`` silently draws a box for a missing glyph, so this asks
    ``pygame.freetype``, which reports a missing glyph as ``None``."""
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    face = pygame.freetype.Font(font_path(bold, condensed), 16)
    chars = sorted({ch for ch in unicodedata.normalize("NFC", text) if not ch.isspace()})
    metrics = face.get_metrics("".join(chars)) if chars else []
    return [ch for ch, m in zip(chars, metrics, strict=True) if m is None]
