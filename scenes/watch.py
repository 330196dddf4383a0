"""Tables that are watched, not played (demo, replay), and the Watch menu.

:func:`watched` turns any game's table (whatever ``open_table`` built) into one
that nobody plays: its class is swapped for a subclass with :class:`Watching`
mixed in, so the game's own drawing, animations and log are reused as they
are (no second renderer):

* nobody is ever in control (no lit hand, no decision buttons, no input);
* it never autosaves (a demo game or a replay is not a game in progress);
* the end of the game only sets ``finished`` (no results screen): the scene
  that holds the table decides what comes next.

:func:`practised` mixes in only the last two (a puzzle is played, not saved).

:class:`WatchScene` is the title's "Watch and learn" menu: the demo, the puzzles
and the replays (the replays are hidden in kiosk mode).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from scenes.ui.menu import MenuItem, MenuScene, draw_background, draw_hint

if TYPE_CHECKING:
    from scenes.scene import App, Scene
    from scenes.table.base import TableScene


class Unsaved:
    """Mixed in before a table's class by :func:`practised`: a game that is not a
    game in progress (a puzzle) is never autosaved and shows no results screen."""

    finished: bool

    def autosave(self) -> None:
        """Never saved as a game in progress."""

    def _finish(self) -> None:
        self.finished = True


class Watching(Unsaved):
    """Mixed in by :func:`watched` (see the module docstring): nobody plays either.
    ``watch_only`` tells a table's drawing to offer no key or button to a player
    (:func:`is_watched`): nobody is there to press them."""

    watch_only = True

    @property
    def in_control(self) -> bool:
        return False

    def turn_prompt(self, seat: int) -> str:
        """A table that has stopped (a replay: ``finished`` from the start) runs no
        computer seat, so none "is thinking" (P-GI-27): the banner says what the
        seat to move is asked, as the rules word it."""
        table = cast("TableScene", self)
        if not self.finished:
            return str(super().turn_prompt(seat))  # type: ignore[misc]
        prompt = table.rules.prompt(table.match.state)
        if prompt is None:
            return ""
        name = table.match.seats[seat].name
        params = table.params({"name": name, **prompt.params})
        return str(table.app.tr(table.prompt_key(prompt), **params))


_classes: dict[tuple[type, type], type] = {}


def _mixed(scene: Scene, mixin: type) -> TableScene:
    table = cast("TableScene", scene)
    cls = type(table)
    if issubclass(cls, mixin):
        return table
    sub = _classes.get((cls, mixin))
    if sub is None:
        sub = type(f"{mixin.__name__}{cls.__name__}", (mixin, cls), {})
        _classes[(cls, mixin)] = sub
    table.__class__ = sub
    return table


def is_watched(table: Any) -> bool:
    """Is ``table`` watch-only (a demo game, a replay)?  A table then shows no
    "press Space" or "Skip (S)" (issue 34, P-GI-30)."""
    return bool(getattr(table, "watch_only", False))


def watched(scene: Scene) -> TableScene:
    """``scene`` (a table from ``open_table``, modified in place and returned) as a
    table nobody plays."""
    return _mixed(scene, Watching)


def practised(scene: Scene) -> TableScene:
    """``scene`` (a table from ``open_table``) played, but never saved and with no
    results screen (puzzles)."""
    return _mixed(scene, Unsaved)


class WatchScene(MenuScene):
    """Watch and learn: the demo, the replays."""

    heading_key = "demo.watch.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)

    def items(self) -> list[MenuItem]:
        tr = self.app.tr
        items = [MenuItem("demo", tr("demo.watch.demo"), self.on_demo, primary=True)]
        items.append(MenuItem("puzzles", tr("puzzles.title"), self.on_puzzles))
        if not self.app.options.kiosk:
            items.append(MenuItem("replays", tr("demo.watch.replays"), self.on_replays))
        items.append(MenuItem("back", tr("ui.common.back"), self.back))
        return items

    def on_demo(self) -> None:
        self.app.scenes.clear_to("demo")

    def on_puzzles(self) -> None:
        self.app.scenes.push("puzzles")

    def on_replays(self) -> None:
        self.app.scenes.push("replays")

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        self.draw_heading(surface)
        self.focus.draw(surface)
        draw_hint(surface, self.app, self.app.tr("demo.watch.keys"))


def seat_names(tr: Any, seats: list[Any], teams: bool) -> str:
    """The players of a match for a caption: "An, Bình" or, by team, "An và Châu
    đấu Bình và Dũng"."""
    if not teams:
        return str(tr.join([s.name for s in seats]))
    by_team: dict[int, list[str]] = {}
    for i, seat in enumerate(seats):
        by_team.setdefault(seat.team if seat.team is not None else i, []).append(seat.name)
    sides = [str(tr.join(names)) for _, names in sorted(by_team.items())]
    return str(tr("demo.caption.versus").join(sides))
