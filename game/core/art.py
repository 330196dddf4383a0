"""Card pictures as data: the ``art`` field of a card and the art library's files.

A card's picture is named in its data file, beside its name and text: ``"art":
"turtle"`` (one icon of the vendored game-icons.net set, ``assets/art/turtle.svg``)
or ``"art": ["bowl", "steam"]`` (a picture composed of two or three icons: the first
large, the others smaller over its corners).  Symbols that are not cards (an
element, MP, a status) are named in ``assets/art/symbols.json``.

This module checks those names without pygame (content loading refuses an unknown
picture with a clear message); ``scenes/art.py`` draws them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import assets
from game.core import files

if TYPE_CHECKING:
    from game.core.contract import GameInfo

ICON = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MOST_PARTS = 3
FIELD = "art"  # display only: left out of the content hash, so a new picture flags no save


def art_dir() -> Path:
    return assets.path("art")


Picture = tuple[str, ...]


def parts(value: object) -> Picture:
    """The icon names of an ``art`` value; ValueError (a clear message) if it is not
    one name or a list of one to three names."""
    if isinstance(value, str):
        found: list[object] = [value]
    elif isinstance(value, list) and 1 <= len(value) <= MOST_PARTS:
        found = list(value)
    else:
        raise ValueError(f"art must be an icon name or a list of 1-{MOST_PARTS}: {value!r}")
    for name in found:
        if not isinstance(name, str) or not ICON.match(name):
            raise ValueError(f"art: {name!r} is not an icon name (lower-case-words)")
    return tuple(str(x) for x in found)


def exists(name: str) -> bool:
    return art_dir().joinpath(f"{name}.svg").is_file()


def problems(value: object) -> list[str]:
    """What is wrong with an ``art`` value: its shape, or a picture the library lacks."""
    try:
        names = parts(value)
    except ValueError as err:
        return [str(err)]
    return [
        f"art: unknown picture {name!r} (no assets/art/{name}.svg; "
        "add it to the card data and run tools/fetch_art.py)"
        for name in names
        if not exists(name)
    ]


def without_art(data: Any) -> Any:
    """``data`` with every ``art`` field left out (what the content hash reads)."""
    if isinstance(data, Mapping):
        return {k: without_art(v) for k, v in data.items() if k != FIELD}
    if isinstance(data, list):
        return [without_art(v) for v in data]
    return data


@cache
def symbols() -> dict[str, Picture]:
    """``assets/art/symbols.json``: concept (``"shv.mp"``, ``"element.pyro"``) -> picture."""
    data = files.read_asset(art_dir().joinpath("symbols.json"))
    return {k: parts(v) for k, v in data.items() if not k.startswith("_")}


def all_cards(info: GameInfo) -> list[tuple[str, Mapping[str, Any]]]:
    """Every card of a game as (key, data), whatever its data file's shape: the cards
    of its ``art_files``."""
    return list(_cards(info.id, info.art_files))


def _cards(game_id: str, filenames: Sequence[str]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for filename in filenames:
        data = files.read_asset(assets.path("games", game_id, filename))
        if "cards" in data:
            yield from data["cards"].items()
            continue
        for section in ("suits", "spells", "magic", "characters"):  # ManaSurge's shape
            for entry in data.get(section, ()):
                yield f"{section}/{entry.get('code', entry.get('id'))}", entry
