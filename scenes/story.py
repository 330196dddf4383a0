"""Sử Hộ Vương's Story mode (Cốt truyện): profiles, the bosses in order, the lore
before each fight, the result recorded and the next boss unlocked by a win, the
epilogue after a win (issue 8 item 4).

* :class:`ProfilesScene`: choose a profile or create one (name input); a profile
  file that does not read is listed with the reason and its path, and kept.
* :class:`~scenes.story_parts.Fight` (a match and its boss) and the screens around
  a fight live in ``scenes.story_parts``.
* :class:`StoryScene`: the bosses in ``order``: won, open, or locked.  It stays
  under the fight: when the fight's match has ended (the scene is resumed, or
  closed on the way back to the title) it records the result in the profile and,
  after a win, opens the epilogue (:class:`~scenes.story_parts.EpilogueScene`).
* The fight is an ordinary Sử Hộ Vương PvE (arena) match started through the seat
  setup (``mode=pve``, option ``boss=<id>``) and ``open_table``
  (:class:`~scenes.story_parts.StorySeats`).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.shv_companion.bosses import book
from saves import profiles
from scenes import theme
from scenes.story_parts import EpilogueScene, Fight, LoreScene, saved_outcome
from scenes.table.shv_companion import draw as d
from scenes.ui.menu import FocusScene, draw_background, draw_heading, draw_hint
from scenes.ui.widgets import Button, TextField, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App


class ProfilesScene(FocusScene):
    """Choose or create the profile whose Story progress is played."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.name = ""
        self.message = ""
        self.good: list[profiles.Profile] = []
        self.bad: list[profiles.ProfileProblem] = []
        self.notes = pygame.Rect(0, 0, 0, 0)
        self.reload()

    def reload(self) -> None:
        try:
            self.good, self.bad = profiles.list_profiles()
        except OSError as exc:
            self.good, self.bad = [], []
            self.message = self.app.tr("story.error.folder", reason=str(exc))

    def set_name(self, value: str) -> None:
        self.name = value

    def layout(self) -> None:
        app, tr = self.app, self.app.tr
        w, h = app.size
        bw, bh, gap = min(w - app.px(80), app.px(520)), max(44, app.px(50)), app.px(10)
        x = (w - bw) // 2
        y = app.px(100)
        old = self.focus.current.name if self.focus.current else None
        widgets: list[Any] = []
        shown = self.good[: max(1, (h // 2 - y) // (bh + gap) + 1)]
        for p in shown:
            done = tr(
                "story.profile_progress", name=p.name, n=len(p.beaten), total=len(book().order)
            )
            widgets.append(Button(done, partial(self.open, p), pygame.Rect(x, y, bw, bh),
                                  font_size=app.px(20), name=f"profile.{p.name}"))  # fmt: skip
            y += bh + gap
        y += app.px(8)
        field_w = bw - app.px(150) - gap
        full = tr("ui.seats.name_full", n=profiles.NAME_MAX)
        widgets.append(TextField(self.name, self.set_name, pygame.Rect(x, y, field_w, bh),
                                 max_len=profiles.NAME_MAX, font_size=app.px(20), name="name",
                                 placeholder=tr("story.name_placeholder"),
                                 full_hint=full))  # fmt: skip
        create = pygame.Rect(x + field_w + gap, y, bw - field_w - gap, bh)
        widgets.append(Button(tr("story.create"), self.create, create, primary=not self.good,
                              font_size=app.px(20), name="create"))  # fmt: skip
        y += bh + gap
        self.notes = pygame.Rect(x - app.px(60), y, bw + app.px(120), h - y - bh - app.px(60))
        back = pygame.Rect(0, 0, app.px(220), bh)
        back.midbottom = (w // 2, h - app.px(40))
        widgets.append(Button(tr("ui.common.back"), self.back, back, font_size=app.px(20),
                              name="back"))  # fmt: skip
        self.focus.set(widgets, focus=old)

    def create(self) -> None:
        try:
            profile = profiles.create(self.name)
        except profiles.ProfileError as exc:
            self.message = self.app.tr(exc.key, **exc.params)
            return
        except OSError as exc:
            self.message = self.app.tr("story.error.write", path="", reason=str(exc))
            return
        self.name = ""
        self.message = ""
        self.reload()
        self.open(profile)

    def open(self, profile: profiles.Profile) -> None:
        self.app.stack.push(StoryScene(self.app, profile))

    def handle(self, event: pygame.event.Event) -> bool:
        """Enter in the name field creates the profile, as Enter in the save dialog's
        name field saves (P-SHV-28)."""
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and isinstance(self.focus.current, TextField)
        ):
            self.create()
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, tr = self.app, self.app.tr
        w = surface.get_width()
        draw_background(surface)
        draw_heading(surface, tr("story.profiles_title"), (w // 2, app.px(50)), app.px(44), w)
        self.focus.draw(surface)
        paras: list[tuple[str, bool]] = []
        if self.message:
            paras.append((self.message, True))
        for problem in self.bad:
            paras.append((tr(problem.key, **problem.params), False))
        if paras:
            draw_panel(surface, self.notes, radius=app.px(10), alpha=220)
            d.draw_block(surface, self.notes.inflate(-app.px(20), -app.px(16)), paras,
                         app.px(16), theme.TEXT)  # fmt: skip
        draw_hint(surface, app, tr("story.keys"))


class StoryScene(FocusScene):
    """The bosses in order for one profile; the fight's result is recorded here."""

    #: the results of a fight opened from here offer "Continue" back to this scene
    continues_fights = True

    def __init__(self, app: App, profile: profiles.Profile | str) -> None:
        super().__init__(app)
        if isinstance(profile, str):
            found = [p for p in profiles.list_profiles()[0] if p.name == profile]
            if not found:
                raise KeyError(f"no profile named {profile!r}")
            profile = found[0]
        self.profile = profile
        self.fight: Fight | None = None
        self.message = ""

    # -- the result of a fight (issue 8: progress saved, next boss unlocked) -------------
    def settle(self) -> bool:
        """Record the fight if its match has ended (the match in memory, else the
        profile's pending fight from its save); after a win, open the epilogue.
        True when something was recorded."""
        fight = self.fight
        pending = self.profile.pending
        if fight is not None:
            outcome = fight.match.outcome()
            boss = fight.boss
        elif pending is not None:
            outcome = saved_outcome(pending)
            boss = pending["boss"]
        else:
            return False
        if outcome is None:
            return False
        self.fight = None
        won = bool(outcome.winners) and not outcome.draw
        try:
            profiles.record(self.profile, boss, won)
        except profiles.ProfileError as exc:
            self.message = self.app.tr(exc.key, **exc.params)
        if won:
            self.app.stack.push(EpilogueScene(self.app, self.profile, boss))
        return True

    def enter(self) -> None:
        self.settle()  # a fight finished from a save after the program was closed
        super().enter()

    def resume(self) -> None:
        self.settle()
        super().resume()

    def exit(self) -> None:
        self.settle()  # back to the title from the results: record on the way

    # -- menu ---------------------------------------------------------------------------
    def layout(self) -> None:
        app, tr = self.app, self.app.tr
        w, h = app.size
        order = book().order
        open_ = profiles.unlocked(self.profile, order)
        bw, bh, gap = min(w - app.px(80), app.px(640)), max(56, app.px(66)), app.px(12)
        x, y = (w - bw) // 2, app.px(130)
        old = self.focus.current.name if self.focus.current else None
        widgets: list[Any] = []
        lang = app.tr.lang
        for i, boss in enumerate(order):
            name = book().name(boss, lang)
            if boss in self.profile.beaten:
                state = tr("story.beaten")
            elif boss in open_:
                state = tr("story.open")
            else:
                state = tr("story.locked", boss=book().name(order[i - 1], lang))
            label = tr("story.row", n=i + 1, boss=name, state=state)
            widgets.append(Button(label, partial(self.choose, boss), pygame.Rect(x, y, bw, bh),
                                  enabled=boss in open_, primary=boss in open_ and boss not in
                                  self.profile.beaten, font_size=app.px(21),
                                  name=f"boss.{boss}"))  # fmt: skip
            y += bh + gap
        back = pygame.Rect(0, 0, app.px(220), max(44, app.px(50)))
        back.midtop = (w // 2, min(y + app.px(16), h - back.height - app.px(40)))
        widgets.append(Button(tr("ui.common.back"), self.back, back, font_size=app.px(20),
                              name="back"))  # fmt: skip
        self.focus.set(widgets, focus=old)

    def choose(self, boss: str) -> None:
        self.app.stack.push(LoreScene(self.app, self, boss))

    def draw(self, surface: pygame.Surface) -> None:
        app, tr = self.app, self.app.tr
        w = surface.get_width()
        draw_background(surface)
        draw_heading(surface, tr("story.title"), (w // 2, app.px(50)), app.px(44), w)
        p = self.profile
        line = tr("story.profile_progress", name=p.name, n=len(p.beaten), total=len(book().order))
        d.draw_label(surface, line, app.px(20), (w // 2, app.px(92)), w - app.px(40),
                     theme.TEXT, anchor="midtop")  # fmt: skip
        self.focus.draw(surface)
        if self.message:
            d.draw_label(surface, self.message, app.px(16), (w // 2, surface.get_height() -
                         app.px(34)), w - app.px(40), theme.BAD, anchor="midbottom")  # fmt: skip
        draw_hint(surface, app, tr("story.keys"))
