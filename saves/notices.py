"""Messages for the player gathered while the program starts (issue 37 class 1).

A reader that meets a bad settings file or a bad running-game marker sets the
file aside (``game.core.files.set_aside``: renamed, never deleted), goes on
with the defaults and adds a notice here; ``main.first_scene`` shows them over
the first screen.  Each notice is an i18n key with its parameters.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)

_pending: list[tuple[str, dict[str, Any]]] = []


def add(key: str, **params: Any) -> None:
    """Remember a message for the player (and log it)."""
    log.warning("%s %s", key, params)
    if (key, params) not in _pending:
        _pending.append((key, params))


def take() -> list[tuple[str, dict[str, Any]]]:
    """The messages gathered so far (each shown once)."""
    out = list(_pending)
    _pending.clear()
    return out
