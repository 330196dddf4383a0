"""Deck building for the deck games (issue 14): rules, codes, user deck files.

* :func:`rules_for` — a game's :class:`~game.decks.base.DeckRules` (pool, ``check``,
  presets, sample hands, cost curve), named by its ``GameInfo.decks``;
* :func:`games` — the games with deck building;
* :mod:`game.decks.code` — ``encode``/``decode`` short deck codes;
* :class:`~game.decks.store.DeckStore` — user decks as JSON files in a folder;
* :func:`load` — a deck from a file path or a code (the command line's argument).

A chosen deck reaches the rules as an inline seat value, ``seats[i]["deck"] =
deck.seat_value()`` (``{"name", "cards", "characters"?}``), so a saved game replays
without the deck file.  Pure Python: no pygame, no saves.
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from pathlib import Path

import game
from game.decks import code
from game.decks.base import DeckRules, Preset
from game.decks.model import CardInfo, Deck, DeckError, Reason
from game.decks.store import DeckStore, Stored

__all__ = [
    "CardInfo",
    "Deck",
    "DeckError",
    "DeckRules",
    "DeckStore",
    "Preset",
    "Reason",
    "Stored",
    "games",
    "has_decks",
    "load",
    "rules_for",
]


def _target(game_id: str) -> str | None:
    """The game's ``GameInfo.decks`` (None: no deck building or no such game)."""
    try:
        return game.info(game_id).decks
    except KeyError:
        return None


def has_decks(game_id: str) -> bool:
    return _target(game_id) is not None


def games() -> list[str]:
    """The registered games with deck building (hidden ones too), in registry order."""
    return [g for g in game.ids(include_hidden=True) if has_decks(g)]


def rules_for(game_id: str) -> DeckRules:
    """The deck rules of ``game_id`` (KeyError for a game without deck building)."""
    target = _target(game_id)
    if target is None:
        raise KeyError(f"{game_id} has no deck building; known: {', '.join(games())}")
    return _rules(target)


@cache
def _rules(target: str) -> DeckRules:
    module, _, name = target.partition(":")
    rules: DeckRules = getattr(importlib.import_module(module), name)()
    return rules


def load(game_id: str, source: str) -> Deck:
    """A deck from ``source``: a deck code, a deck file, or the id of a preconstructed
    deck.  DeckError when it cannot be read (the deck may still be illegal)."""
    from game.decks import store

    rules = rules_for(game_id)
    text = source.strip()
    preset = next((p for p in rules.presets() if p.id == text), None)
    if preset is not None:
        return preset.deck.copy()
    if code.looks_like_code(text) and (len(text) > code.MAX_LETTERS or not _exists(text)):
        return code.decode(rules, text)  # an over-long code: "too long", never a file name
    if not _fits_a_path(text):  # judged here, never handed to the system (issue 37)
        shown = text if len(text) <= 60 else text[:59] + "…"
        raise DeckError([Reason("file.missing", {"path": shown})])
    return store.read(Path(text), game_id)


MAX_PATH_BYTES = 4096
"""The longest path a deck may be read from (Linux's PATH_MAX)."""

MAX_NAME_BYTES = 255
"""The longest file or folder name in that path (NAME_MAX)."""


def _fits_a_path(text: str) -> bool:
    """Could ``text`` name a file at all?  Not with a NUL, a lone surrogate,
    more than ``MAX_PATH_BYTES`` or a part over ``MAX_NAME_BYTES``."""
    try:
        raw = os.fsencode(text)
    except (UnicodeError, ValueError):
        return False
    if b"\0" in raw or len(raw) > MAX_PATH_BYTES:
        return False
    return all(len(part) <= MAX_NAME_BYTES for part in raw.split(b"/"))


def _exists(text: str) -> bool:
    """Is ``text`` a path that exists?  A name the system refuses (too long, a
    NUL) is simply not one (``Path.exists`` raised for those)."""
    try:
        return os.path.lexists(text)
    except (OSError, ValueError):
        return False
