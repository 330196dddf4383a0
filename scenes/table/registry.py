"""The one table registry: which games the shell shows, and each game's table class.

Everything the screens know per game comes from :data:`TABLES`, in menu order (what
the rules side knows is the game's ``GameInfo``):

* ``open_table`` builds ``table_class(game_id)(app, match)``;
* game select lists :func:`listed` games: playable when the game has a table and
  public rules (``game.ids()``), "coming next" when it has no table yet;
* the title's Rules link opens the first :func:`playable` game;
* the game-select picture is painted by the entry's ``picture`` function
  (``scenes.ui.art.game_picture``), or a generic picture when it names none;
* choosing the game opens its ``chooser`` scene, else the seat screen;
* the deck builder and the title's drifting cards draw its cards with ``faces``
  (:func:`card_faces`); the title shows its ``showcase`` cards (:func:`showcase`);
* ``main.py sheet`` lists its cards with its ``sheet`` function (:func:`sheet_cards`),
  ``main.py print`` prints what its ``printing`` says (:func:`printing`).

Tables and pictures are ``"module:attribute"`` strings imported on first use, like
the rules registry (``game/__init__.py``), so this module imports no game code
and no scene.  Adding a game's table is one entry here.  A game whose rules are
registered but hidden (``game.ids()`` leaves it out, e.g. the ``toy`` test game)
is never listed, but ``main.py --game <id>`` opens its table.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import game

if TYPE_CHECKING:
    import pygame

    from scenes.table.base import TableScene
    from scenes.table.cards import CardFace
    from scenes.table.contact import SheetCards

PicturePainter = Callable[[int, int], "pygame.Surface"]


@dataclass(frozen=True)
class TableEntry:
    game_id: str
    table: str | None  # "module:Class" (or a function of app, match) of its table; None: coming
    picture: str | None = None  # "module:function(w, h) -> Surface" for game select
    #: "module:function(game_id, mode, choices, players, lang) -> (CardFace | None, lines)":
    #: what the seat screen shows of the mode's choices (a boss card), or nothing
    preview: str | None = None
    menu: bool = True  # False: no card of its own (opened from another game's chooser)
    #: "module:Scene" built with ``app`` that game select opens instead of the seat screen
    chooser: str | None = None
    #: "module:function(card_id, lang) -> CardFace": one of its cards as the kit draws it
    faces: str | None = None
    #: card ids (for ``faces``) that drift over the title screen
    showcase: tuple[str, ...] = ()
    #: "module:function() -> SheetCards": its cards on the contact sheet (``main.py sheet``)
    sheet: str | None = None
    #: "module:attribute": its ``scenes.printing.content.Printing`` (print and play)
    printing: str | None = None


TABLES: tuple[TableEntry, ...] = (
    TableEntry(
        "manasurge",
        "scenes.table.manasurge:ManaSurgeTable",
        "scenes.table.manasurge.look:menu_picture",
        faces="scenes.table.manasurge.look:face",
        showcase=("18",),
        sheet="scenes.table.manasurge.sheet:cards",
        printing="scenes.printing.manasurge:PRINTING",
    ),
    TableEntry(
        "shv",
        "scenes.table.shv:shv_table",  # PvP or PvE by the match's mode
        "scenes.table.shv.look:menu_picture",
        "scenes.table.shv.pve_look:preview",
        chooser="scenes.companion:ShvModesScene",  # cards, Story, or the companion
        faces="scenes.table.shv.look:face",
        showcase=("son_tinh", "rua_vang"),
        sheet="scenes.table.shv.sheet:cards",
        printing="scenes.printing.shv:PRINTING",
    ),
    TableEntry(
        "invokation",
        "scenes.table.invokation:InvokationTable",
        "scenes.table.invokation.look:menu_picture",
        faces="scenes.table.invokation.look:face",
        showcase=("ong_sam", "tien_suoi"),
        sheet="scenes.table.invokation.sheet:cards",
        printing="scenes.printing.invokation:PRINTING",
    ),
    # public (saves, Continue, Load) but no card: Sử Hộ Vương's chooser opens it
    TableEntry("shv_companion", "scenes.table.shv_companion:CompanionTable", menu=False),
    TableEntry("toy", "scenes.table.toy:ToyTable"),  # hidden: --game toy
)


def _load(target: str) -> Any:
    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def ids() -> list[str]:
    """Every game id the registry knows, in menu order."""
    return [e.game_id for e in TABLES]


def entry(game_id: str) -> TableEntry:
    """The registry entry of ``game_id``; KeyError names the known ids."""
    for e in TABLES:
        if e.game_id == game_id:
            return e
    raise KeyError(f"no table registered for game {game_id!r}; known: {', '.join(ids())}")


def has_table(game_id: str) -> bool:
    return any(e.game_id == game_id and e.table is not None for e in TABLES)


def with_table() -> list[str]:
    """Games that have a table (public or hidden), in menu order."""
    return [e.game_id for e in TABLES if e.table is not None]


def table_class(game_id: str) -> type[TableScene]:
    """The table scene class of ``game_id`` (its module is imported on first use)."""
    target = entry(game_id).table
    if target is None:
        raise KeyError(f"game {game_id!r} has no table yet")
    cls: type[TableScene] = _load(target)
    return cls


def playable() -> list[str]:
    """Games a player can pick from game select: a table, public rules and a card of
    their own (``menu``), in menu order."""
    public = set(game.ids())
    return [e.game_id for e in TABLES if e.table is not None and e.game_id in public and e.menu]


def listed() -> list[tuple[TableEntry, bool]]:
    """What game select shows, in order: (entry, playable).  Hidden games (a table
    but rules left out of ``game.ids()``) are not listed; games without a table are
    listed as coming next."""
    can_play = set(playable())
    return [(e, e.game_id in can_play) for e in TABLES if e.table is None or e.game_id in can_play]


def picture_painter(game_id: str) -> PicturePainter | None:
    """The function that paints ``game_id``'s picture, or None (use a generic one)."""
    try:
        target = entry(game_id).picture
    except KeyError:
        return None
    if target is None:
        return None
    painter: PicturePainter = _load(target)
    return painter


def previewer(game_id: str) -> Callable[..., Any] | None:
    """The seat screen's preview of ``game_id``'s mode choices (``TableEntry.preview``)."""
    try:
        target = entry(game_id).preview
    except KeyError:
        return None
    return None if target is None else _load(target)


def chooser(game_id: str) -> Callable[..., Any] | None:
    """The scene class game select opens for ``game_id`` (``TableEntry.chooser``), or None."""
    target = entry(game_id).chooser
    return None if target is None else _load(target)


def card_faces(game_id: str) -> Callable[[str, str], CardFace]:
    """``face(card_id, lang)`` of ``game_id``'s cards (``TableEntry.faces``); KeyError
    for a game that names none."""
    target = entry(game_id).faces
    if target is None:
        raise KeyError(f"game {game_id!r} names no card faces")
    faces: Callable[[str, str], CardFace] = _load(target)
    return faces


def showcase() -> list[tuple[str, str]]:
    """(game id, card id) of the cards that drift over the title, taken in turns: the
    first card of each game, then the second...; games with more cards go first."""
    games = sorted((e for e in TABLES if e.faces and e.showcase), key=lambda e: -len(e.showcase))
    rounds = max((len(e.showcase) for e in games), default=0)
    return [(e.game_id, e.showcase[i]) for i in range(rounds) for e in games if i < len(e.showcase)]


def sheet_cards(game_id: str) -> Callable[[], SheetCards]:
    """The contact sheet function of ``game_id`` (``TableEntry.sheet``); KeyError for
    a game that names none."""
    target = entry(game_id).sheet
    if target is None:
        raise KeyError(f"game {game_id!r} has no contact sheet")
    cards: Callable[[], SheetCards] = _load(target)
    return cards


def printing(game_id: str) -> Any:
    """What ``game_id`` prints (``TableEntry.printing``, a ``Printing``); KeyError for a
    game that names none."""
    target = entry(game_id).printing
    if target is None:
        raise KeyError(f"game {game_id!r} prints nothing")
    return _load(target)
