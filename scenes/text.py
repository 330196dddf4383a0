"""Fonts and text rendering with a cache.

The bundled DejaVu Sans covers every Vietnamese letter (pygame's default font
lacks 94 of the 178).  Text is NFC-normalised before it is measured or drawn
(``drawable``: NUL and lone surrogates, which pygame refuses, become U+FFFD),
and rendered surfaces are cached by (text, size, style, colour).  Fitting text
to a width (``fit_size``, ``clip``) is a binary search: a few measurements
even for a 10,000-character string.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import lru_cache

import pygame

import assets
from scenes.surfaces import MB, SurfaceCache
from scenes.ui.safetext import LINE_MAX, shown

FONT_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}

Color = tuple[int, int, int] | tuple[int, int, int, int]

# The smallest text a card face or a table label on a card uses, in pixels
# (issue 11 item 8: at 1024x600 titles had shrunk to 6-7 px).  Below it the
# layout gives way instead: the art gets smaller, a title takes two lines, a
# caption is cut with "…".  The setup screens' floor is ``widgets.MIN_TEXT``.
CARD_MIN_TEXT = 9


# The display font (titles, card names, big numbers): Be Vietnam Pro, complete
# Vietnamese, SIL OFL (assets/fonts/LICENSE-BeVietnamPro.txt); body text stays DejaVu.
DISPLAY_FILES = {False: "BeVietnamPro-SemiBold.ttf", True: "BeVietnamPro-Bold.ttf"}


def font_path(bold: bool = False, condensed: bool = False, display: bool = False) -> str:
    name = DISPLAY_FILES[bold] if display else FONT_FILES[(bold, condensed)]
    return str(assets.path("fonts", name))


# Each size of each style is its own FreeType face, about 0.3 MB: a window dragged
# through many sizes would keep hundreds.  The measurements below are memoised by
# (style, size), not by font object, so an evicted font is freed.
_FONTS = 128


@lru_cache(maxsize=_FONTS)
def font(
    size: int, bold: bool = False, condensed: bool = False, display: bool = False
) -> pygame.font.Font:
    """A bundled font at ``size`` pixels (the 128 most recently used kept);
    ``display``: the display font (``condensed`` does not apply to it)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_path(bold, condensed, display), max(6, int(size)))


def drawable(text: str, limit: int | None = None) -> str:
    """``text`` as the font renderer may draw it: ``scenes.ui.safetext.shown``
    (NUL and lone surrogates made U+FFFD, invisible characters dropped, marks
    bounded, NFC, at most ``limit`` characters)."""
    return shown(text, limit)


# Rendered lines: a table draws a few hundred a frame (12 MB at 4K in the deck editor).
_cache: SurfaceCache[tuple[object, ...], pygame.Surface] = SurfaceCache(
    "text", 32 * MB, max_items=2048
)


def render(
    text: str,
    size: int,
    color: Color = (240, 240, 240),
    *,
    bold: bool = False,
    condensed: bool = False,
    display: bool = False,
) -> pygame.Surface:
    """Anti-aliased text on a transparent surface, cached."""
    key = (text, int(size), color, bold, condensed, display)
    surf = _cache.get(key)
    if surf is None:
        line = drawable(text, LINE_MAX)
        f = font(size, bold, condensed, display)
        if f.size(line)[0] <= 0:  # nothing visible: pygame refuses a zero-width text
            drawn = pygame.Surface((0, f.get_linesize()), pygame.SRCALPHA)
        else:
            drawn = f.render(line, True, color)
        surf = _cache.put(key, drawn)
    return surf


# Measurements are pure functions of (style, size, text, width): each is memoised.
# A table re-wraps its log and re-fits its labels every frame; the caches turn
# that into dict look-ups (issue 15: frame p99).  ``forget`` clears them (a test
# that swaps ``font`` for a counting one).
_MEMO = 8192


def size_of(
    text: str, size: int, *, bold: bool = False, condensed: bool = False, display: bool = False
) -> tuple[int, int]:
    return _size_of(int(size), bold, condensed, text, display)


@lru_cache(maxsize=_MEMO)
def _size_of(
    size: int, bold: bool, condensed: bool, text: str, display: bool = False
) -> tuple[int, int]:
    return font(size, bold, condensed, display).size(drawable(text, LINE_MAX))


def wrap(
    text: str,
    size: int,
    width: int,
    *,
    bold: bool = False,
    condensed: bool = False,
    display: bool = False,
) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (hard breaks kept)."""
    return list(_wrap(int(size), bold, condensed, text, width, display))


@lru_cache(maxsize=_MEMO)
def _wrap(
    size: int, bold: bool, condensed: bool, text: str, width: int, display: bool = False
) -> tuple[str, ...]:
    f = font(size, bold, condensed, display)
    lines: list[str] = []
    for para in drawable(text).split("\n"):
        lines += fill(para.split(" "), width, lambda line: f.size(line)[0])
    return tuple(lines)


def fill(words: list[str], width: int, measure: Callable[[str], int]) -> list[str]:
    """Greedy lines of ``words`` (one paragraph) as ``measure`` gives a line's width:
    each takes as many words as fit in ``width`` (at least one; the empty words of
    doubled spaces at a line's start are dropped). Instead of measuring the line word
    by word, guess where it ends from the paragraph's mean width per letter, then
    measure that guess and step a word at a time to the exact end: about two
    measurements a line instead of one a word, with the same lines (a line's width
    never shrinks as words join it)."""
    i, n = _start(words, 0), len(words)
    joined = " ".join(words[i:])
    total = measure(joined)
    if total <= width or i == n - 1:
        return [joined]
    per_letter = total / len(joined)
    lines: list[str] = []
    while i < n:
        budget, j = width / per_letter - len(words[i]), i + 1
        while j < n and len(words[j]) + 1 <= budget:
            budget -= len(words[j]) + 1
            j += 1
        if measure(" ".join(words[i:j])) <= width:
            while j < n and measure(" ".join(words[i : j + 1])) <= width:
                j += 1
        else:
            while j > i + 1:
                j -= 1
                if measure(" ".join(words[i:j])) <= width:
                    break
        lines.append(" ".join(words[i:j]))
        i = _start(words, j) if j < n else n
    return lines


def _start(words: list[str], i: int) -> int:
    """Where a line starting at word ``i`` really starts: past the empty words (a
    doubled space), but never past the last word."""
    while i < len(words) - 1 and not words[i]:
        i += 1
    return i


def fit_size(
    text: str,
    size: int,
    width: int,
    *,
    bold: bool = False,
    condensed: bool = False,
    min_size: int = 9,
    display: bool = False,
) -> int:
    """The largest size in ``[min_size, size]`` at which ``text`` fits in
    ``width`` pixels (``min_size`` if none does); a binary search over sizes."""
    return _fit_size(text, int(size), width, bold, condensed, min_size, display)


@lru_cache(maxsize=_MEMO)
def _fit_size(
    text: str,
    size: int,
    width: int,
    bold: bool,
    condensed: bool,
    min_size: int,
    display: bool = False,
) -> int:
    def fits(px: int) -> bool:
        return _size_of(px, bold, condensed, text, display)[0] <= width

    if size <= min_size or fits(size):
        return size
    low, high = min_size, size - 1  # the answer is in [low, high]; low is the floor
    while low < high:
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    return low


def clip(
    text: str,
    size: int,
    width: int,
    *,
    bold: bool = False,
    condensed: bool = False,
    ellipsis: str = "",
    display: bool = False,
) -> str:
    """The longest prefix of ``text`` (plus ``ellipsis`` when cut) no wider
    than ``width`` pixels at ``size``; "" if not even one character fits.
    A binary search over the length: about log2(len(text)) measurements."""
    return _clip(int(size), bold, condensed, text, width, ellipsis, display)


@lru_cache(maxsize=_MEMO)
def _clip(
    size: int,
    bold: bool,
    condensed: bool,
    text: str,
    width: int,
    ellipsis: str,
    display: bool = False,
) -> str:
    f = font(size, bold, condensed, display)
    text = drawable(text)
    if f.size(text)[0] <= width:
        return text
    low, high = 0, len(text) - 1  # longest fitting prefix length is in [low, high]
    while low < high:
        mid = (low + high + 1) // 2
        if f.size(text[:mid].rstrip() + ellipsis)[0] <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ellipsis if low else ""


def forget() -> None:
    """Clear the measurement memos (the fonts and rendered lines stay)."""
    for memo in (_size_of, _wrap, _fit_size, _clip):
        memo.cache_clear()


def missing_glyphs(
    text: str, bold: bool = False, condensed: bool = False, display: bool = False
) -> list[str]:
    """Characters of ``text`` that the bundled font has no glyph for.

    ``pygame.font`` silently draws a box for a missing glyph, so this asks
    ``pygame.freetype``, which reports a missing glyph as ``None``."""
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    face = pygame.freetype.Font(font_path(bold, condensed, display), 16)
    chars = sorted({ch for ch in unicodedata.normalize("NFC", text) if not ch.isspace()})
    metrics = face.get_metrics("".join(chars)) if chars else []
    return [ch for ch, m in zip(chars, metrics, strict=True) if m is None]
