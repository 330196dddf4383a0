"""The art library drawn: game-icons.net SVGs rasterised once per (picture, size, colour).

``game.core.art`` names the pictures (a card's ``art`` field, ``symbols.json``);
this module turns a name into a surface.  ``pygame.image.load_sized_svg`` draws an
SVG at any size; the icons use ``fill="currentColor"``, so the colour is set in the
SVG text before loading.  Every surface is cached (a byte-bounded
:class:`~scenes.surfaces.SurfaceCache`); a table draws its cards' faces ahead when
it opens (``KitTable.warm``), never on a frame that must stay smooth.

A composed picture (``["bowl", "steam"]``) draws its first icon large and each
further icon smaller over a lower corner, outlined in the background colour so
the two read apart.
"""

from __future__ import annotations

import io
from functools import lru_cache

import pygame

from game.core import art, files
from scenes.surfaces import MB, SurfaceCache

Color = tuple[int, int, int]
Picture = tuple[str, ...]

_cache: SurfaceCache[tuple[object, ...], pygame.Surface] = SurfaceCache("art", 32 * MB)


SVG_BYTES = 512 * 1024
"""The largest icon file read (game-icons.net bodies are a few KB)."""


@lru_cache(maxsize=512)
def _svg_text(name: str) -> str:
    path = art.art_dir() / f"{name}.svg"
    try:  # the bounded reader: a damaged installation never hangs or floods (issue 37)
        return files.decode(files.read_bytes(path, limit=SVG_BYTES), path)
    except files.ReadError:
        return ""


def _hex(color: Color) -> str:
    return "#{:02x}{:02x}{:02x}".format(*color[:3])


def icon(name: str, size: int, color: Color) -> pygame.Surface:
    """One icon, ``size`` px square, in ``color`` (a missing file: an empty surface)."""
    size = max(1, int(size))
    key = ("icon", name, size, tuple(color[:3]))
    found = _cache.get(key)
    if found is not None:
        return found
    source = _svg_text(name)
    surf: pygame.Surface
    if source:
        data = source.replace("currentColor", _hex(color)).encode("utf-8")
        try:
            surf = pygame.image.load_sized_svg(io.BytesIO(data), (size, size))
        except (pygame.error, ValueError):
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
        if surf.get_size() != (size, size):  # a view box that is not square
            square = pygame.Surface((size, size), pygame.SRCALPHA)
            square.blit(surf, surf.get_rect(center=(size // 2, size // 2)))
            surf = square
    else:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return _cache.put(key, surf)


def outlined(name: str, size: int, color: Color, edge: Color, width: int) -> pygame.Surface:
    """An icon with an outline ``width`` px wide in ``edge`` (it reads over anything)."""
    key = ("outlined", name, size, tuple(color[:3]), tuple(edge[:3]), width)
    found = _cache.get(key)
    if found is not None:
        return found
    full = size + 2 * width
    surf = pygame.Surface((full, full), pygame.SRCALPHA)
    if width > 0:
        back = icon(name, size, edge)
        for dx in (-width, 0, width):
            for dy in (-width, 0, width):
                if dx or dy:
                    surf.blit(back, (width + dx, width + dy))
    surf.blit(icon(name, size, color), (width, width))
    return _cache.put(key, surf)


def picture(parts: Picture | str, size: int, color: Color, edge: Color) -> pygame.Surface:
    """A card's picture ``size`` px square: its first icon, then each further icon at
    about half size over the lower right (then left) corner, outlined in ``edge``."""
    if isinstance(parts, str):
        parts = (parts,)
    size = max(1, int(size))
    key = ("picture", parts, size, tuple(color[:3]), tuple(edge[:3]))
    found = _cache.get(key)
    if found is not None:
        return found
    if len(parts) == 1:
        return _cache.put(key, icon(parts[0], size, color))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    main = round(size * 0.86)
    surf.blit(icon(parts[0], main, color), (0, 0))
    small = round(size * 0.5)
    w = max(1, size // 28)
    corners = [(size - small - 2 * w, size - small - 2 * w), (0, size - small - 2 * w)]
    for name, at in zip(parts[1:], corners, strict=False):
        surf.blit(outlined(name, small, color, edge, w), at)
    return _cache.put(key, surf)


def faint(parts: Picture | str, size: int, color: Color, edge: Color, alpha: int) -> pygame.Surface:
    """A picture at ``alpha`` (a name's background on a tile or a panel), cached:
    a frame that draws it again copies nothing."""
    key = ("faint", parts, int(size), tuple(color[:3]), tuple(edge[:3]), alpha)
    found = _cache.get(key)
    if found is not None:
        return found
    pic = picture(parts, size, color, edge).copy()
    pic.set_alpha(alpha)
    return _cache.put(key, pic)


def symbol(concept: str, size: int, color: Color) -> pygame.Surface:
    """The icon of a symbol named in ``assets/art/symbols.json`` (``"shv.mp"``)."""
    parts = art.symbols().get(concept)
    if parts is None:
        raise KeyError(f"no symbol {concept!r} in assets/art/symbols.json")
    return picture(parts, size, color, (20, 20, 24))


def cache_full(share: float) -> bool:
    """The pictures hold more than ``share`` of their cache's budget."""
    return _cache.held > share * _cache.budget
