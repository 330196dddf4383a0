"""Table layouts from Tiled ``.tmx`` maps.

A layout is a Tiled map whose object layers hold named rectangles (``hand``,
``ladder``, ``seat_0`` ...).  The map's pixel size is the design size
(1280x720); :meth:`TableLayout.rects` scales every rectangle to the window.
Loading uses ``pytmx.TiledMap`` with no image loader, so no display is needed,
on XML read with entity expansion off (``read_tmx``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from xml.etree import ElementTree

import pygame
import pytmx

import assets
from game.core import files

TMX_BYTES = 1024 * 1024
"""The largest layout read (the shipped ones are a few KB)."""

_DECLARATIONS = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def read_tmx(path: Path) -> ElementTree.Element:
    """The XML of a Tiled map, read with entity expansion off (issue 37 class 8):
    through the bounded reader, and refused (ValueError) when it declares a
    document type or an entity at all — Tiled never writes one, and an entity
    is how a small file expands to gigabytes or reads another file."""
    try:
        body = files.decode(files.read_bytes(path, limit=TMX_BYTES), path)
    except files.ReadError as exc:
        raise ValueError(f"{path.name}: {exc.code}") from exc
    if _DECLARATIONS.search(body):
        raise ValueError(f"{path.name}: a DOCTYPE or ENTITY declaration is not allowed")
    try:
        return ElementTree.fromstring(body)
    except ElementTree.ParseError as exc:
        raise ValueError(f"{path.name}: not XML ({exc})") from exc


@dataclass(frozen=True, slots=True)
class Zone:
    """A named rectangle in design pixels, with the object's Tiled class."""

    name: str
    x: float
    y: float
    w: float
    h: float
    kind: str = ""


class TableLayout:
    """Named zones of a ``.tmx`` map, scaled to any window size."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        tmx = pytmx.TiledMap()  # no file: pytmx would parse it with entities on
        tmx.filename = str(self.path)
        try:
            tmx.parse_xml(read_tmx(self.path))
            self.width = float(tmx.width * tmx.tilewidth)
            self.height = float(tmx.height * tmx.tileheight)
        except ValueError:
            raise
        except Exception as exc:  # any shape a damaged map may have
            raise ValueError(f"{self.path.name}: not a Tiled map ({exc!r})"[:300]) from exc
        if not (self.width > 0 and self.height > 0):
            raise ValueError(f"{self.path.name}: the map has no size")
        self.zones: dict[str, Zone] = {}
        for group in tmx.objectgroups:
            for obj in group:
                if not obj.name:
                    continue
                if obj.name in self.zones:
                    raise ValueError(f"{self.path.name}: zone {obj.name!r} defined twice")
                kind = getattr(obj, "type", None) or getattr(obj, "class", None) or ""
                self.zones[obj.name] = Zone(
                    obj.name, float(obj.x), float(obj.y), float(obj.width), float(obj.height), kind
                )
        if not self.zones:
            raise ValueError(f"{self.path.name}: no named rectangles in any object layer")

    @property
    def names(self) -> list[str]:
        return list(self.zones)

    def __contains__(self, name: str) -> bool:
        return name in self.zones

    def rect(self, name: str, size: tuple[int, int]) -> pygame.Rect:
        z = self.zones[name]
        sx, sy = size[0] / self.width, size[1] / self.height
        left, top = round(z.x * sx), round(z.y * sy)
        right, bottom = round((z.x + z.w) * sx), round((z.y + z.h) * sy)
        return pygame.Rect(left, top, right - left, bottom - top)

    def rects(self, size: tuple[int, int]) -> dict[str, pygame.Rect]:
        """Every zone scaled from the map size to ``size`` (edges rounded, so
        rectangles that do not overlap in the map never overlap scaled)."""
        return {name: self.rect(name, size) for name in self.zones}


@cache
def load(name: str) -> TableLayout:
    """A layout from ``assets/layouts/<name>.tmx`` (cached)."""
    return TableLayout(assets.path("layouts", f"{name}.tmx"))
