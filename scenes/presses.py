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

A scene that arrives on its own (the results when the game ends, the hand-off
screen when the turn passes, pushed by a scene's ``update`` and not by a press) was
not on screen when the player decided to press: for :data:`ARRIVAL_GRACE` seconds
(:meth:`settle`) every key and button press is swallowed whole, so the Space meant
for the round summary that just closed by itself does not press "Play again".
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

Held = Callable[[int], bool]

ARRIVAL_GRACE = 0.45  # s: longer than a reaction to what the screen showed before
SETTLED_KINDS = (
    pygame.KEYDOWN,
    pygame.KEYUP,
    pygame.TEXTINPUT,
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
)


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
        self.grace = ARRIVAL_GRACE  # tests that press like machines set 0
        self.settling = 0.0  # s left in which a scene that arrived unbidden takes no press

    def settle(self) -> None:
        """A scene arrived on its own: no press reaches it for ``grace`` seconds."""
        self.settling = max(self.settling, self.grace)

    def tick(self, dt: float) -> None:
        self.settling = max(0.0, self.settling - dt)

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
        if self.settling > 0 and kind in SETTLED_KINDS:
            if kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.done(event)  # its repeats, text and release go too, even later
            return True
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
