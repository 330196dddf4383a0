"""The event vocabulary: every kind of :class:`~game.core.contract.Event` a game emits,
declared once, on the rules side.

A game lists its kinds in ``game/<id>/events.py`` as ``EVENTS = Vocabulary(...)`` and
hangs it on its rules class (``Rules.events``).  Each :class:`EventKind` says

* the ``data`` keys it carries (``fields``; ``optional`` ones may be absent);
* which of them are ``secret`` and who sees them (``seen_by``, in words: it documents
  how the emission site builds ``Event(secret=..., seen_by=...)``), and when they are
  not secret after all (``public_when``: an option shows them to every seat);
* the :data:`SHARED` kind it is shown as, if the table kit animates it: ``shared``,
  with ``rename`` (shared field -> this kind's field) and ``fixed`` (constant shared
  fields), exactly the arguments ``EventAnimator.alias`` took;
* ``seconds``: how long its animation lasts when not the kit's own time (a kit kind),
  or, for a kind not animated, the pause the kit holds on it (the table's own model
  moves meanwhile: a villain's card turning, a hand refilled);
* ``table=True``: the game's own table animates it (a handler it registers), and
  ``why`` says why no shared kind shows it; neither ``shared`` nor ``table``: not
  animated (the kit's short pause, or ``seconds``);
* its log line: the i18n key ``<game>.log.<kind>``, or one of ``<kind>_<variant>`` for
  each of ``log_variants`` (the table picks the variant from the data).

The contract suite (``tests/core/test_event_vocabulary.py``) plays every game and
checks each emitted event against its declaration, each log key in vi and en, and
each table's handlers against ``shared`` / ``table``.  This module imports nothing
of the game: the table kit reads a match's vocabulary from ``match.rules.events``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

#: The kinds the table kit animates with no game code (``scenes/table/events.py``
#: documents the fields each reads and what it draws).
CARD_MOVED = "card_moved"
COUNTER_CHANGED = "counter_changed"
DICE_ROLLED = "dice_rolled"
ENTITY_CREATED = "entity_created"
ENTITY_REMOVED = "entity_removed"
CARD_RESOLVING = "card_resolving"
DAMAGED = "damaged"
HEALED = "healed"
ANNOUNCED = "announced"
CARDS_PASSED = "cards_passed"
DIRECTION_CHANGED = "direction_changed"
REVEALED = "revealed"
STATUS_CHANGED = "status_changed"
SHARED: tuple[str, ...] = (
    CARD_MOVED,
    COUNTER_CHANGED,
    DICE_ROLLED,
    ENTITY_CREATED,
    ENTITY_REMOVED,
    CARD_RESOLVING,
    DAMAGED,
    HEALED,
    ANNOUNCED,
    CARDS_PASSED,
    DIRECTION_CHANGED,
    REVEALED,
    STATUS_CHANGED,
)

#: The words of ``tone`` (a kit kind's colour, ``fixed`` by a declaration).
TONES: tuple[str, ...] = ("text", "accent", "good", "bad")

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True)
class EventKind:
    """One declared event kind (see the module doc)."""

    name: str
    fields: tuple[str, ...] = ()  # data keys always present
    optional: tuple[str, ...] = ()  # data keys sometimes present
    secret: tuple[str, ...] = ()  # keys hidden from seats outside ``seen_by``
    seen_by: str = ""  # who sees the secret keys, in words (the emission site decides)
    public_when: str = ""  # when the emission shows them to all (no secret), in words
    shared: str | None = None  # the kit's kind it is animated as
    rename: Mapping[str, str] = field(default_factory=lambda: _EMPTY)  # shared <- own field
    fixed: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)  # constant shared fields
    seconds: float | None = None  # its animation's (or pause's) length, if not the kit's
    table: bool = False  # the game's table animates it itself
    why: str = ""  # why the table animates it itself (required with ``table``)
    log_variants: tuple[str, ...] = ()  # ``<kind>_<variant>`` log keys the table may use

    def __post_init__(self) -> None:
        if self.shared is not None and self.shared not in SHARED:
            raise ValueError(f"{self.name}: unknown shared kind {self.shared!r}")
        if self.shared is not None and self.table:
            raise ValueError(f"{self.name}: animated by the kit or by the table, not both")
        if self.table and not self.why:
            raise ValueError(f"{self.name}: the table animates it: say why (``why``)")
        if self.why and not self.table:
            raise ValueError(f"{self.name}: ``why`` is for a kind the table animates")
        if self.seconds is not None and (self.table or self.seconds <= 0):
            raise ValueError(f"{self.name}: ``seconds`` is for the kit's animation or pause")
        if self.fixed.get("tone", "text") not in TONES:
            raise ValueError(f"{self.name}: unknown tone {self.fixed['tone']!r}")
        if (self.rename or self.fixed) and self.shared is None:
            raise ValueError(f"{self.name}: rename/fixed without a shared kind")
        unknown = set(self.secret) - set(self.fields) - set(self.optional)
        if unknown:
            raise ValueError(f"{self.name}: secret keys {sorted(unknown)} are not fields")
        unknown = set(self.rename.values()) - set(self.fields) - set(self.optional)
        if unknown:
            raise ValueError(f"{self.name}: renames fields {sorted(unknown)} it does not carry")
        object.__setattr__(self, "rename", MappingProxyType(dict(self.rename)))
        object.__setattr__(self, "fixed", MappingProxyType(dict(self.fixed)))

    @property
    def animated(self) -> str:
        """``"shared"`` (the kit), ``"table"`` (the game's table), ``"paced"`` (not
        animated, the kit holds ``seconds``) or ``"no"``."""
        if self.shared is not None:
            return "shared"
        return "table" if self.table else "paced" if self.seconds is not None else "no"

    @property
    def keys(self) -> frozenset[str]:
        """Every data key it may carry."""
        return frozenset(self.fields) | frozenset(self.optional)

    def log_keys(self, game_id: str) -> tuple[str, ...]:
        """Its log line's i18n key and the keys of its variants."""
        base = f"{game_id}.log.{self.name}"
        return (base, *(f"{base}_{v}" for v in self.log_variants))

    def problems(self, data: Mapping[str, Any], secret: Iterable[str]) -> list[str]:
        """What an emitted event's ``data`` and ``secret`` break of this declaration."""
        out = []
        missing = set(self.fields) - set(data)
        if missing:
            out.append(f"{self.name}: missing fields {sorted(missing)}")
        extra = set(data) - self.keys
        if extra:
            out.append(f"{self.name}: undeclared fields {sorted(extra)}")
        if set(secret) != set(self.secret) and not (self.public_when and not set(secret)):
            out.append(f"{self.name}: secret {sorted(secret)}, declared {sorted(self.secret)}")
        return out


class Vocabulary(Mapping[str, EventKind]):
    """A game's event kinds by name (read-only)."""

    def __init__(self, *kinds: EventKind) -> None:
        self._kinds: dict[str, EventKind] = {}
        for kind in kinds:
            if kind.name in self._kinds:
                raise ValueError(f"event kind {kind.name!r} declared twice")
            self._kinds[kind.name] = kind

    def __getitem__(self, name: str) -> EventKind:
        return self._kinds[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)

    def __repr__(self) -> str:
        return f"Vocabulary({', '.join(self._kinds)})"

    def animated_as_shared(self) -> list[EventKind]:
        """The kinds the table kit animates (``shared`` set), in declaration order."""
        return [k for k in self._kinds.values() if k.shared is not None]

    def problems(self, kind: str, data: Mapping[str, Any], secret: Iterable[str]) -> list[str]:
        """What an emitted event breaks: undeclared, or its declaration's problems."""
        if kind not in self._kinds:
            return [f"{kind}: not declared"]
        return self._kinds[kind].problems(data, secret)
