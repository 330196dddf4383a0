"""Drive the real app headless with synthetic pygame events (keyboard and mouse)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

import pygame

from scenes.app import App, LaunchOptions
from scenes.scene import Scene

DT = 1 / 60


def key_event(key: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)


def text_event(chars: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=chars)


def click_events(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


class Driver:
    """A test's hands on the app: press keys, type, click, wait for a scene."""

    def __init__(
        self,
        size: tuple[int, int] = (1280, 720),
        lang: str = "vi",
        seed: int | None = 1234,
        save_settings: bool = False,
    ) -> None:
        self.app = App(LaunchOptions(lang=lang, size=size, seed=seed, save_settings=save_settings))
        self.app.settings.ai_delay = 0.0

    # -- stack ----------------------------------------------------------------
    def start(self, scene: Scene) -> Driver:
        self.app.stack.clear_to(scene)
        self.app.stack.apply_pending()
        self.step()
        return self

    @property
    def top(self) -> Scene:
        top = self.app.stack.top
        assert top is not None
        return top

    def find(self, cls: type) -> Any:
        for scene in reversed(self.app.stack.scenes):
            if isinstance(scene, cls):
                return scene
        raise AssertionError(f"no {cls.__name__} on the stack: {self.names()}")

    def names(self) -> list[str]:
        return [type(s).__name__ for s in self.app.stack.scenes]

    # -- input ------------------------------------------------------------------
    def step(self, events: Iterable[pygame.event.Event] = (), frames: int = 1) -> None:
        self.app.step(list(events), DT)
        for _ in range(frames - 1):
            self.app.step([], DT)

    def look(self) -> None:
        """A player reads a screen that arrived on its own before pressing: frames
        pass until its press grace is over (``scenes.presses.ARRIVAL_GRACE``)."""
        while self.app.presses.settling > 0:
            self.step()

    def press(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.look()
        self.step([key_event(key, mod, unicode)])

    def type(self, chars: str) -> None:
        self.look()
        self.step([text_event(chars)])

    def click(self, pos: tuple[int, int]) -> None:
        self.look()
        self.step(click_events(pos))

    def focused(self) -> str:
        focus = getattr(self.top, "focus", None)
        assert focus is not None and focus.current is not None, self.names()
        return str(focus.current.name)

    def focus_to(self, name: str, key: int = pygame.K_TAB, limit: int = 80) -> None:
        """Press ``key`` (Tab by default) until the widget ``name`` has focus."""
        for _ in range(limit):
            if self.focused() == name:
                return
            self.press(key)
        raise AssertionError(f"could not reach {name!r} on {type(self.top).__name__}")

    def choose(self, name: str) -> None:
        """Keyboard only: move focus to ``name`` and press Enter."""
        self.focus_to(name)
        self.press(pygame.K_RETURN)

    def wait_for(self, done: Callable[[], bool], seconds: float = 60.0) -> None:
        """Run frames until ``done()``; the bound is generous (a hang, not speed)."""
        end = time.monotonic() + seconds
        while not done():
            if time.monotonic() > end:
                raise AssertionError(f"condition not reached; stack {self.names()}")
            self.step()
            time.sleep(0.001)
