"""Scene stack: push / pop / replace, applied between frames.

Input goes to the top scene first and falls through to the scene below only
while the scene above does not consume it and is not modal.  Overlays
(``overlay = True``) draw over the scene below them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from scenes.app import App


class Scene:
    """Base class. Override what you need; every hook has a harmless default."""

    overlay = False  # draw the scene below first
    modal = True  # input never falls through to the scene below

    def __init__(self, app: App) -> None:
        self.app = app

    # lifecycle, called by the stack
    def enter(self) -> None:
        """Pushed onto the stack (or replaced another scene)."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed above this one."""

    def resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (or the language / settings changed)."""

    # per frame
    def handle(self, event: pygame.event.Event) -> bool:
        """Handle one input event; return True if it was consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene."""


class SceneStack:
    """The stack of scenes. Changes requested during a frame apply after it."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.scenes)

    # requests (deferred)
    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        self._pending.append(self._pop)

    def replace(self, scene: Scene) -> None:
        """Pop the top scene and push ``scene`` in its place."""
        self._pending.append(lambda: self._replace(scene))

    def clear_to(self, scene: Scene) -> None:
        """Pop every scene, then push ``scene`` (e.g. back to the title)."""
        self._pending.append(lambda: self._clear_to(scene))

    def apply_pending(self) -> bool:
        """Apply queued changes; returns True if the stack changed."""
        changed = bool(self._pending)
        while self._pending:
            self._pending.pop(0)()
        return changed

    # immediate operations
    def _push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def _pop(self) -> None:
        if not self.scenes:
            return
        self.scenes.pop().exit()
        if self.scenes:
            self.scenes[-1].resume()

    def _replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def _clear_to(self, scene: Scene) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    # per frame
    def handle(self, event: pygame.event.Event) -> bool:
        for scene in reversed(self.scenes):
            if scene.handle(event):
                return True
            if scene.modal:
                return False
        return False

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.scenes:
            return
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        for scene in self.scenes[start:]:
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)
