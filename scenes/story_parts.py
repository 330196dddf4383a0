"""Story mode's screens around a fight: the lore before it (:class:`LoreScene`), the
seat setup that starts it as a PvE arena match (:class:`StorySeats`), and the
epilogue after a win (:class:`EpilogueScene`)."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

import game
from game import new_match
from game.core.contract import GameInfo
from game.shv_companion.bosses import book
from saves import profiles
from scenes import theme
from scenes.companion import boss_card
from scenes.seats import SeatSetupScene
from scenes.table.shv_companion import draw as d
from scenes.ui.menu import FocusScene, draw_background, draw_heading, draw_hint
from scenes.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App

PVE = "pve"


def pve_info() -> GameInfo | None:
    """Sử Hộ Vương's GameInfo cut to the PvE mode, named Story (P-SHV-16), its boss
    choice and boss option left out (Story fixes the boss), and no team going first
    (SHV-6.7: one team); None while the rules have no PvE mode."""
    info = game.info("shv")
    try:
        mode = info.mode(PVE)
    except ValueError:
        return None
    if mode.id != PVE:
        return None
    choices = tuple(c for c in mode.choices if c.id != "boss")
    mode = dataclasses.replace(mode, label_key="story.mode", choices=choices)
    options = tuple(o for o in info.options if o.id not in ("boss", "first_team"))
    return dataclasses.replace(info, modes=(mode,), options=options)


class Story(Protocol):
    """What the screens around a fight read and set of the story
    (``scenes.story.StoryScene``, which opens them)."""

    profile: profiles.Profile
    fight: Fight | None
    message: str


@dataclass
class Fight:
    """A Story fight under way: the match and its boss."""

    match: Any
    boss: str


def saved_outcome(pending: dict[str, Any]) -> Any:
    """The outcome of the pending Story fight from its save, when a finished save of
    that match (game ``shv``, the same seed and boss) is in the save folder."""
    from saves import store

    for info in store.list_saves(verify=False):
        if info.game != "shv" or not info.ok or info.summary.get("to_move") is not None:
            continue
        try:
            data = store.read_document(info.path)
            config = data.get("config")
            if data.get("seed") != pending["seed"] or not isinstance(config, dict):
                continue
            if config.get("boss") != pending["boss"]:
                continue
            outcome = store.load_match(info.path).outcome()
        except store.SaveError:
            continue
        if outcome is not None:
            return outcome
    return None


class LoreScene(FocusScene):
    """The boss's card and its lore (vi/en) before the fight."""

    def __init__(self, app: App, story: Story, boss: str) -> None:
        super().__init__(app)
        self.story = story
        self.boss = boss
        self.card = pygame.Rect(0, 0, 0, 0)
        self.text = pygame.Rect(0, 0, 0, 0)
        self.message = ""

    def layout(self) -> None:
        app, tr = self.app, self.app.tr
        w, h = app.size
        m = app.px(24)
        bh = max(44, app.px(54))
        top = app.px(80)
        bottom = h - bh - app.px(60)
        self.card = pygame.Rect(m, top, int((w - 2 * m) * 0.38), bottom - top)
        self.text = pygame.Rect(self.card.right + app.px(20), top, w - m - self.card.right -
                                app.px(20), bottom - top)  # fmt: skip
        bw = app.px(260)
        fight = pygame.Rect(w // 2 + app.px(10), h - bh - app.px(36), bw, bh)
        back = pygame.Rect(w // 2 - app.px(10) - bw, h - bh - app.px(36), bw, bh)
        old = self.focus.current.name if self.focus.current else None
        self.focus.set([
            Button(tr("story.fight"), self.fight, fight, primary=True, font_size=app.px(22),
                   name="fight"),
            Button(tr("ui.common.back"), self.back, back, font_size=app.px(20), name="back"),
        ], focus=old or "fight")  # fmt: skip

    def fight(self) -> None:
        info = pve_info()
        if info is None:
            self.message = self.app.tr("story.error.no_pve")
            return
        self.app.stack.replace(StorySeats(self.app, self.story, self.boss, info))

    def draw(self, surface: pygame.Surface) -> None:
        app, tr, lang = self.app, self.app.tr, self.app.tr.lang
        w = surface.get_width()
        draw_background(surface)
        name = book().name(self.boss, lang)
        draw_heading(surface, tr("story.lore_title", boss=name), (w // 2, app.px(42)),
                     app.px(38), w - app.px(40))  # fmt: skip
        boss_card(surface, self.card, app, self.boss, None, lang, lore=False)
        draw_panel(surface, self.text, radius=app.px(14), alpha=225)
        inner = self.text.inflate(-app.px(36), -app.px(36))
        d.draw_block(surface, inner, [(book().story(self.boss, "lore", lang), False)], app.px(22))
        self.focus.draw(surface)
        if self.message:
            d.draw_label(surface, self.message, app.px(17), (w // 2, self.card.bottom + app.px(6)),
                         w - app.px(40), theme.BAD, anchor="midtop")  # fmt: skip
        draw_hint(surface, app, tr("story.keys"))


class StorySeats(SeatSetupScene):
    """The seat setup of a Story fight: PvE only, the boss fixed; Start records the
    match on the Story scene (which records its result) and opens the table."""

    def __init__(self, app: App, story: Story, boss: str, info: GameInfo) -> None:
        super().__init__(app, "shv", info=info)
        self.story = story
        self.boss = boss

    def preview(self) -> tuple[Any, list[str]]:
        """The Boss of this fight, as the Arena's seat screen shows it: its card, HP for
        this many players, goals, draws and passives (the rules document's PvE setup
        says to read the Boss card first: P-SHV-16)."""
        from scenes.table import registry

        show = registry.previewer("shv")
        if show is None:
            return None, []
        face, lines = show("shv", PVE, {"boss": self.boss}, self.players, self.app.tr.lang)
        return face, list(lines)

    def config(self) -> dict[str, Any]:
        config = super().config()
        config["mode"] = PVE
        config["boss"] = self.boss  # the mode choice (``--option boss=ID`` on the command line)
        return config

    def start(self) -> None:
        from scenes.dialogs import MessageDialog
        from scenes.table import open_table

        seed = self.app.seed if self.app.seed is not None else random.randrange(1, 2**32)
        try:
            match = new_match("shv", self.config(), seed)
        except (ValueError, KeyError) as exc:
            tr = self.app.tr
            self.app.stack.push(MessageDialog(self.app, tr("ui.seats.cannot_start"), str(exc)))
            return
        self.story.fight = Fight(match, self.boss)
        try:
            profiles.start_fight(self.story.profile, self.boss, seed)
        except profiles.ProfileError as exc:  # the fight is still recorded in memory
            self.story.message = self.app.tr(exc.key, **exc.params)
        self.app.stack.replace(open_table(self.app, match))


class EpilogueScene(FocusScene):
    """After a Story win: the boss's ``victory`` text and what it unlocked."""

    def __init__(self, app: App, profile: profiles.Profile, boss: str) -> None:
        super().__init__(app)
        self.profile = profile
        self.boss = boss
        self.body = pygame.Rect(0, 0, 0, 0)

    def layout(self) -> None:
        app, tr = self.app, self.app.tr
        w, h = app.size
        bh = max(44, app.px(54))
        self.body = pygame.Rect(0, 0, min(w - app.px(60), app.px(960)), h - app.px(200) - bh)
        self.body.midtop = (w // 2, app.px(100))
        bw = app.px(300)
        rect = pygame.Rect(0, 0, bw, bh)
        rect.midtop = (w // 2, self.body.bottom + app.px(24))
        self.focus.set([Button(tr("story.continue"), self.back, rect, primary=True,
                               font_size=app.px(22), name="continue")])  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        app, tr, lang = self.app, self.app.tr, self.app.tr.lang
        w = surface.get_width()
        draw_background(surface)
        name = book().name(self.boss, lang)
        draw_heading(surface, tr("story.epilogue_title", boss=name), (w // 2, app.px(50)),
                     app.px(42), w - app.px(40))  # fmt: skip
        draw_panel(surface, self.body, radius=app.px(14), alpha=230)
        paras = [(book().story(self.boss, "victory", lang), False)]
        order = book().order
        nxt = [b for b in profiles.unlocked(self.profile, order) if b not in self.profile.beaten]
        if nxt:
            paras.append((tr("story.unlocked", boss=book().name(nxt[0], lang)), True))
        elif all(b in self.profile.beaten for b in order):
            paras.append((tr("story.all_done"), True))
        d.draw_block(surface, self.body.inflate(-app.px(40), -app.px(36)), paras, app.px(22))
        self.focus.draw(surface)
        draw_hint(surface, app, tr("story.keys"))
