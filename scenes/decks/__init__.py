"""The deck builder's scenes (issue 14) and what the seat screen asks of them.

* :class:`scenes.decks.library.DeckLibraryScene` — a game's decks: the shipped
  preconstructed ones (read-only) and the player's own; new, import a code, browse;
* :class:`scenes.decks.editor.DeckEditorScene` — the collection browser (no deck)
  and the deck editor (a deck): filters, search, sort, zoom, add/remove by click or
  drag, live reasons, cost curve, sample hand, save/rename/duplicate/delete/export.

User decks live in ``<save folder>/decks/<game>/`` (:func:`folder`), one JSON file
per deck (``game.decks.store``).  The seat screen lists a game's legal user decks
beside the presets (:func:`seat_options`) and turns the chosen one into the inline
deck the rules read (:func:`seat_value`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.decks import DeckStore, has_decks, rules_for
from game.i18n import Translator
from saves import paths

USER = "user:"


def supported(game_id: str) -> bool:
    return has_decks(game_id)


def folder(game_id: str) -> Path:
    return paths.save_dir() / "decks" / game_id


def store(game_id: str) -> DeckStore:
    return DeckStore(folder(game_id), game_id)


def seat_options(game_id: str, tr: Translator) -> list[tuple[str, str]]:
    """(value, shown name) of every legal user deck of ``game_id`` ("" when the game
    has no deck building)."""
    if not supported(game_id):
        return []
    rules = rules_for(game_id)
    return [
        (s.key, tr("decks.seat.mine", name=s.deck.name))
        for s in store(game_id).entries()
        if s.deck is not None and not rules.check(s.deck)
    ]


def seat_value(game_id: str, value: Any, lang: str = "vi") -> Any:
    """A seat's deck choice as the rules read it: a user deck (``user:<file>``)
    becomes its inline list; anything else is passed on.  ValueError (shown by the
    seat screen) when the file is gone, unreadable or no longer legal."""
    if not (isinstance(value, str) and value.startswith(USER)) or not supported(game_id):
        return value
    found = store(game_id).find(value[len(USER) :])
    rules = rules_for(game_id)
    if found is None or found.deck is None:
        raise ValueError(value[len(USER) :])
    problems = rules.check(found.deck)
    if problems:
        raise ValueError(rules.reason_text(problems[0], lang))
    return found.deck.seat_value()
