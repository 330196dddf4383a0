"""What every table hands the helpers that draw, word and hint for it.

A table's helper modules (drawing, wording, offers, the hint) are typed against a
protocol of what they read from their table, never against the table class, so they
import no table and no import circle forms (``tests/test_layers.py``).  The
properties every table has (``scenes.table.base.TableScene``) are declared once here;
each helper's protocol adds what it reads besides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.core.contract import Rules
    from game.core.match import Match
    from scenes.scene import App


class TableHost(Protocol):
    """The parts of ``TableScene`` every table's helpers may read."""

    @property
    def app(self) -> App: ...
    @property
    def match(self) -> Match: ...
    @property
    def rules(self) -> Rules[Any]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def revealed_to(self) -> int | None: ...
    @property
    def finished(self) -> bool: ...
