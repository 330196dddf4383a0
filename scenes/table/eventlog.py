"""The game log as *events*, rendered for whoever is looking, in the current language.

The log stores what happened, not sentences: each entry is either a rules
:class:`~game.core.contract.Event` exactly as the rules core produced it
(secrets included), a translation key with parameters (a table note such as
"An took back a move"), or a literal line.  :meth:`EventLog.lines` renders every
entry for the current ``eyes`` and language: an event goes through
``Event.for_seat(eyes)`` *before* the game's sentence function sees it, so
hotseat privacy rests on the contract's secret marking, never on a sentence
happening not to name a card.  When the eyes or the language change, the
whole log re-renders (the old lines follow a language switch).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.contract import Event

Sentence = Callable[[Event], str]
"""The game's sentence for an event already filtered for the eyes ('' = no line)."""
Note = Callable[[str, Mapping[str, Any]], str]
"""Translate a key with parameters in the current language."""
Context = Callable[[], tuple[int | None, str]]
"""(eyes, lang): the seat whose secrets may show (None = nobody's) and the language."""


@dataclass(frozen=True)
class LogEntry:
    """One log entry: an unfiltered event, a translation key, or a literal line."""

    event: Event | None = None
    key: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""


def _no_sentence(event: Event) -> str:
    return ""


def _no_note(key: str, params: Mapping[str, Any]) -> str:
    return key


def _no_context() -> tuple[int | None, str]:
    return None, ""


class EventLog:
    """Entries in order; ``lines()`` is the rendering for the current context
    (cached until an entry is added or the eyes or language change)."""

    LIMIT = 400
    TRIM = 100

    def __init__(
        self,
        sentence: Sentence = _no_sentence,
        note: Note = _no_note,
        context: Context = _no_context,
    ) -> None:
        self.entries: list[LogEntry] = []
        self.sentence = sentence
        self.note = note
        self.context = context
        self.version = 0  # bumps whenever the rendered lines may have changed
        self._added = 0  # entries ever added or cleared (part of the cache key)
        self._key: tuple[object, ...] = ()
        self._lines: list[str] = []
        self._ctx: tuple[object, ...] | None = None  # eyes and language of ``_rendered``
        self._rendered: list[str] = []  # one rendering per entry, kept as entries come

    def bind(self, sentence: Sentence, note: Note, context: Context) -> None:
        self.sentence, self.note, self.context = sentence, note, context
        self._key = ()
        self._ctx = None

    # -- adding ----------------------------------------------------------------------
    def _append(self, entry: LogEntry) -> None:
        self.entries.append(entry)
        if len(self.entries) > self.LIMIT:
            del self.entries[: self.TRIM]
            del self._rendered[: self.TRIM]
        self._added += 1

    def add_event(self, event: Event) -> None:
        """An event as the rules core produced it (unfiltered: secrets intact)."""
        self._append(LogEntry(event=event))

    def add_note(self, key: str, **params: Any) -> None:
        """A table note, translated when rendered (so it follows the language)."""
        self._append(LogEntry(key=key, params=params))

    def add_text(self, line: str) -> None:
        """A literal line (already in its final language)."""
        if line:
            self._append(LogEntry(text=line))

    def clear(self) -> None:
        self.entries.clear()
        self._rendered.clear()
        self._added += 1

    # -- rendering ---------------------------------------------------------------------
    def render(self, entry: LogEntry, eyes: int | None) -> str:
        if entry.event is not None:
            return self.sentence(entry.event.for_seat(eyes))
        if entry.key:
            return self.note(entry.key, entry.params)
        return entry.text

    def lines(self) -> list[str]:
        """Non-empty sentences of every entry, for the current eyes and language."""
        eyes, lang = self.context()
        key = (self._added, eyes, lang)
        if key != self._key:
            if self._ctx != (eyes, lang) or len(self._rendered) > len(self.entries):
                self._ctx, self._rendered = (eyes, lang), []  # a new reader: all again
            # entries only come at the end: render the new ones (a long game's log
            # would otherwise be rendered whole for every event)
            new = self.entries[len(self._rendered) :]
            self._rendered += [self.render(entry, eyes) for entry in new]
            self._lines = [line for line in self._rendered if line]
            self._key = key
            self.version += 1
        return self._lines


def name_params(
    data: Mapping[str, Any],
    seat_name: Callable[[int], str],
    card_name: Callable[[Any], str],
    *,
    seats: int,
    seat_keys: tuple[str, ...] = ("seat", "to", "from"),
    seat_lists: tuple[str, ...] = ("seats", "winners"),
    card_lists: tuple[str, ...] = ("cards",),
    name_from: tuple[str, ...] | None = None,
    join: Callable[[list[str]], str] = ", ".join,
) -> dict[str, Any]:
    """Event / prompt / refusal fields plus readable names for a sentence:
    ``<key>_name`` for each seat field, ``name`` (the first of ``name_from``,
    default ``seat_keys``, that names a seat),
    ``card_name``, ``<key>_names`` for lists of seats (joined by ``join``, the
    language's "An, Bình và Châu") or cards (comma separated), and
    ``<key>_count`` for lists of seats (``{winners_count|wins|win}``)."""
    out = dict(data)
    for key in seat_keys:
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats:
            out[f"{key}_name"] = seat_name(value)
    first = next((out[f"{k}_name"] for k in name_from or seat_keys if f"{k}_name" in out), None)
    if first is not None:
        out.setdefault("name", first)
    if "card" in data:
        out["card_name"] = card_name(data["card"])
    for key in seat_lists:
        items = data.get(key)
        if isinstance(items, list):
            out[f"{key}_names"] = join([seat_name(x) for x in items])
            out[f"{key}_count"] = len(items)
    for key in card_lists:
        items = data.get(key)
        if isinstance(items, list):
            out[f"{key}_names"] = ", ".join(card_name(x) for x in items)
    return out
