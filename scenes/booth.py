"""The event booth around every scene: the idle timer and kiosk mode (issue 12).

:class:`Booth` (``app.booth``) sees every input event before the scene stack
(``App.step`` calls :meth:`Booth.intercept`, then :meth:`Booth.tick` once a
frame):

* **Idle timer.** After ``settings.idle_minutes`` minutes without a key, a
  click, a touch or a real mouse move, the demo (``scenes.demo.DemoScene``) takes
  over: from any scene in kiosk mode (the visitor walked away), and otherwise only
  from the title screen.  Outside kiosk mode a game in progress (a table, its pause
  menu, companion mode) and every other menu are never left by themselves (issue
  34 major 5: a group playing on paper does not touch the computer for minutes).
  0 minutes: never.
* **Kiosk mode** (``--kiosk``): the window's close button, Alt+F4 and F11 are
  ignored; the program quits only on the key chord :data:`EXIT_CHORD`
  (Ctrl+Shift+Q).  Each time the demo takes over, the visitor's game is
  forgotten: every scene is closed and the saves this booth session wrote
  are deleted, so nothing of the previous visitor's game is visible.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from scenes.scene import App

log = logging.getLogger(__name__)

EXIT_CHORD = "Ctrl+Shift+Q"
"""The only way out of kiosk mode (documented in README and ``--help``)."""

MOVE_PX = 24
"""A mouse that moves less than this (summed) is a bump of the table, not a visitor."""

_INPUT = (
    pygame.KEYDOWN,
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEWHEEL,
    pygame.FINGERDOWN,
    pygame.JOYBUTTONDOWN,
    pygame.TEXTINPUT,
)


def is_exit_chord(event: pygame.event.Event) -> bool:
    """Ctrl+Shift+Q (either Ctrl, either Shift)."""
    if event.type != pygame.KEYDOWN or event.key != pygame.K_q:
        return False
    mod = getattr(event, "mod", 0)
    return bool(mod & pygame.KMOD_CTRL) and bool(mod & pygame.KMOD_SHIFT)


class Booth:
    """Idle timer and kiosk guard of one app (see the module docstring)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.idle = 0.0  # seconds since the last input
        self._moved = 0  # pixels the mouse moved since the last counted input
        self.started = time.time()  # autosaves newer than this are the booth's own

    @property
    def kiosk(self) -> bool:
        return self.app.options.kiosk

    # -- input ----------------------------------------------------------------------
    def is_input(self, event: pygame.event.Event) -> bool:
        """Is ``event`` a person at the machine (not a jitter of the mouse)?"""
        if event.type in _INPUT:
            return True
        if event.type == pygame.MOUSEMOTION:
            rel = getattr(event, "rel", (0, 0))
            self._moved += abs(rel[0]) + abs(rel[1])
            if self._moved >= MOVE_PX:
                self._moved = 0
                return True
        return False

    def intercept(self, event: pygame.event.Event) -> bool:
        """Count input for the idle timer; in kiosk mode swallow the ways out
        (returns True when the event must not reach the app or the scenes)."""
        if self.is_input(event):
            self.idle = 0.0
        if not self.kiosk:
            return False
        if is_exit_chord(event):
            self.app.quit()
            return True
        if event.type == pygame.QUIT:
            return True  # Alt+F4, the close button: a visitor must not end the booth
        return event.type == pygame.KEYDOWN and event.key == pygame.K_F11

    # -- time -------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        self.idle += dt
        minutes = self.app.settings.idle_minutes
        if minutes <= 0 or self.idle < minutes * 60:
            return
        self.idle = 0.0
        if self.attracts():
            self.to_demo()

    def attracts(self) -> bool:
        """May the demo take over now?  In kiosk mode from any scene but the demo;
        otherwise only from the title screen, alone on the stack (no game under it)."""
        top = self.app.stack.top
        if top is None or getattr(top, "is_demo", False):
            return False
        if self.kiosk:
            return True
        from scenes.title import TitleScene

        return isinstance(top, TitleScene) and len(self.app.stack) == 1

    def to_demo(self) -> None:
        """Close every scene and start the demo (the visitor walked away)."""
        if self.kiosk:
            self.forget_visitor()
        else:
            self._save_tables()
        self.app.scenes.clear_to("demo")

    def _save_tables(self) -> None:
        for scene in self.app.stack.scenes:
            save = getattr(scene, "autosave", None)
            if callable(save) and getattr(scene, "match", None) is not None:
                save()

    def forget_visitor(self) -> None:
        """Kiosk: delete the saves and autosaves this run wrote (the visitors'
        games) and nobody changed since; every other file is left alone."""
        from saves import store

        for info in store.list_saves(verify=False):
            # Only a file this run wrote and nobody changed since (issue 37 class 4):
            # a file dropped into the folder, or edited, is kept however new it is.
            if not store.written_here(info.path):
                log.info("kiosk: keeping %s (not written by this booth)", info.path)
                continue
            try:
                store.delete_save(info.path)
            except (OSError, store.SaveError) as exc:
                log.warning("kiosk: could not delete %s: %s", info.path, exc)
