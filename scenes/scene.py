"""Scene stack: push / pop / replace, applied between frames; scenes by name.

Input goes to the top scene first and falls through to the scene below only
while the scene above does not consume it and is not modal.  Overlays
(``overlay = True``) draw over the scene below them.

:class:`SceneRouter` (``app.scenes``) builds a scene from its registered name
and pushes it: ``app.scenes.push("pause", match=m)``.  The scene's module is
imported on first use, so a caller (the table kit) never imports the shell
scenes it opens, and the scenes form no import circle.

:class:`App` is what a scene may use of the running application (``scene.app``):
``scenes.app.App`` is the one implementation.  Scenes name this protocol for their
type, never ``scenes.app`` (which imports the scenes), so no import circle forms,
a type-only one included.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from game.i18n import Translator
    from saves.settings import Settings
    from scenes.launch import LaunchOptions
    from scenes.presses import PressGuard
    from scenes.sound import SoundBoard


class Booth(Protocol):
    """What a scene asks of the kiosk booth (``scenes.booth.Booth``)."""

    def is_input(self, event: pygame.event.Event) -> bool: ...


class App(Protocol):
    """What a scene may use of the running application (``scenes.app.App``)."""

    options: LaunchOptions
    version: str
    settings: Settings
    tr: Translator
    stack: SceneStack
    scenes: SceneRouter
    seed: int | None
    sound: SoundBoard
    presses: PressGuard

    @property
    def booth(self) -> Booth: ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def scale(self) -> float: ...

    def px(self, value: float) -> int: ...

    def toggle_fullscreen(self) -> None: ...

    def set_window_size(self, width: int, height: int) -> None: ...

    def set_lang(self, lang: str) -> None: ...

    def persist_settings(self) -> None: ...

    def press_done(self) -> None: ...

    def quit(self) -> None: ...


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

    def animating(self) -> bool:
        """Does the scene change on screen without input this frame?  The main
        loop stops drawing a scene that says no (after ``app.IDLE_GRACE``
        seconds without input); the default, yes, redraws every frame.  Answer
        no only when nothing moves, fades or counts down on its own."""
        return True


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


# Scene name -> "module:callable"; the callable takes (app, *args, **kwargs) and returns
# the scene (a Scene subclass or a factory function).  Imported on first use.
SCENES: dict[str, str] = {
    "title": "scenes.title:TitleScene",
    "game_select": "scenes.game_select:GameSelectScene",
    "seats": "scenes.seats:SeatSetupScene",  # (game_id)
    "table": "scenes.table:open_table",  # (match): the game's table, from the table registry
    "handoff": "scenes.handoff:HandoffScene",  # (seat_name, on_reveal)
    "pause": "scenes.pause:PauseScene",  # (match)
    "results": "scenes.results:ResultsScene",  # (match)
    "saveload": "scenes.saveload:SaveLoadScene",  # (mode, match=None)
    "settings": "scenes.settings_menu:SettingsScene",
    "rules": "scenes.rules_help:RulesScene",  # (game_id)
    "message": "scenes.dialogs:MessageDialog",  # (title, body)
    "confirm": "scenes.dialogs:ConfirmDialog",  # (title, body, on_yes, ...)
    "companion": "scenes.companion:CompanionSetupScene",  # (boss=None, party=2)
    "story": "scenes.story:ProfilesScene",  # Sử Hộ Vương's Story mode: choose a profile
    "demo": "scenes.demo:DemoScene",  # computer-vs-computer loop (issue 12)
    "watch": "scenes.watch:WatchScene",  # the title's Watch menu: demo, replays
    "replays": "scenes.replay_list:ReplayListScene",  # finished games and saves to replay
    "replay": "scenes.replay:ReplayScene",  # (match): step through a game
    "puzzles": "scenes.puzzles_scene:PuzzleListScene",  # puzzle positions of the playable games
    "guides": "scenes.guide_scene:GuideListScene",  # the first-game guide of each playable game
    "credits": "scenes.credits:CreditsScene",  # the icon set, fonts and their licences
}

SceneFactory = Callable[..., Scene]


class SceneRouter:
    """Scenes by name on top of a :class:`SceneStack` (``app.scenes``).

    ``push``, ``replace`` and ``clear_to`` build the scene now (so a bad argument
    fails at the call) and queue the stack change like the stack does.  Each
    returns the scene it built."""

    def __init__(self, app: App, stack: SceneStack, names: dict[str, str] | None = None) -> None:
        self.app = app
        self.stack = stack
        self._targets: dict[str, str | SceneFactory] = dict(SCENES if names is None else names)
        self._loaded: dict[str, SceneFactory] = {}

    def names(self) -> list[str]:
        return sorted(self._targets)

    def register(self, name: str, target: str | SceneFactory) -> None:
        """Add or replace a name: ``"module:callable"`` (lazy) or the callable itself."""
        self._targets[name] = target
        self._loaded.pop(name, None)

    def factory(self, name: str) -> SceneFactory:
        """The class or function registered as ``name`` (imports its module once)."""
        if name not in self._loaded:
            if name not in self._targets:
                raise KeyError(f"no scene named {name!r}; known: {', '.join(self.names())}")
            target = self._targets[name]
            if isinstance(target, str):
                module_name, _, attr = target.partition(":")
                target = getattr(importlib.import_module(module_name), attr)
            self._loaded[name] = target
        return self._loaded[name]

    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Build the scene called ``name`` with ``(app, *args, **kwargs)``."""
        scene = self.factory(name)(self.app, *args, **kwargs)
        if not isinstance(scene, Scene):
            raise TypeError(f"scene {name!r} built a {type(scene).__name__}, not a Scene")
        return scene

    def push(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        scene = self.make(name, *args, **kwargs)
        self.stack.push(scene)
        return scene

    def replace(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        scene = self.make(name, *args, **kwargs)
        self.stack.replace(scene)
        return scene

    def clear_to(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        scene = self.make(name, *args, **kwargs)
        self.stack.clear_to(scene)
        return scene
