"""One press does one thing (issue 34 major 9, P-GI-3).

A key held a little long repeats (``pygame.key.set_repeat``), Space also types a
``TEXTINPUT`` " ", and a click ends with a release: when the first part of a press
has already done something that changes what is under it (the round summary or any
animation skipped, a scene opened or closed, the zoomed card put away), the rest of
the same press must not do a second thing on what appeared (the next lead's
direction button, the first button of the revealed table).

:class:`PressGuard` (``app.presses``) is told that the press being handled is done
(:meth:`done`: by the app when the press changed the scene stack, by a scene when it
closed one of its overlays) and swallows the rest of that press: the key's repeats
while it is held, the text it types, its release, the mouse button's release.  A new
press (another key, the same key again after its release, a mouse press) is never
swallowed.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

Held = Callable[[int], bool]


def key_held(key: int) -> bool:
    """Is ``key`` down on the keyboard now (a repeat, not a new press)?"""
    try:
        return bool(pygame.key.get_pressed()[key])
    except (IndexError, pygame.error):
        return False


class PressGuard:
    """Swallows the rest of a press that already did its one thing."""

    def __init__(self, held: Held = key_held) -> None:
        self.held = held
        self.current: pygame.event.Event | None = None  # the event being handled now
        self.key: int | None = None  # a key whose press is done, until it is released
        self.text = ""  # the text that key types (Space: " ")
        self.button: int | None = None  # a mouse button whose press is done

    def done(self, event: pygame.event.Event | None = None) -> None:
        """The press ``event`` (default: the one being handled) did its one thing."""
        event = event if event is not None else self.current
        if event is None:
            return
        if event.type == pygame.KEYDOWN:
            self.key, self.text = event.key, getattr(event, "unicode", "") or ""
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.button = event.button

    def swallow(self, event: pygame.event.Event) -> bool:
        """True for the rest of a done press (the event must reach nobody)."""
        kind = event.type
        if kind == pygame.KEYDOWN:
            if self.key is not None and event.key == self.key and self.held(event.key):
                return True  # the key is still held: a repeat
            self.key, self.text = None, ""  # a new press
            return False
        if kind == pygame.KEYUP and self.key is not None and event.key == self.key:
            self.key, self.text = None, ""
            return True
        if kind == pygame.TEXTINPUT and self.key is not None and self.text:
            return getattr(event, "text", "") == self.text
        if kind == pygame.MOUSEBUTTONDOWN:
            self.button = None
            return False
        if kind == pygame.MOUSEBUTTONUP and self.button is not None and event.button == self.button:
            self.button = None
            return True
        if kind == pygame.WINDOWFOCUSLOST:  # the release goes to another window
            self.key, self.text, self.button = None, "", None
        return False
