"""Seat setup, driven entirely by the game's ``GameInfo``.

Mode (``GameInfo.modes``) → player count (``Mode.player_counts``) → one row
per seat: name, human or an AI level (``game.ai.bots.BOTS``), a team when
the mode has teams, and every ``GameInfo.seat_choices`` entry (a deck).
Mode-wide ``Mode.choices`` (a boss) and ``GameInfo.options`` sit in the right
column; the rules' ``advanced_options`` (open rules most tables never change)
sit behind an "advanced rules" button in an overlay of their own.  Focusing or
hovering an option shows its one-line description (``rules.<game>.options.<id>``)
between the Back and Start buttons.  A game that deals something at random at
setup can declare it (``rules.setup_pool(options, lang)`` → (name, fewest
players)); the rows panel lists it and greys what does nothing with this many
players.  Start builds the config, creates the ``Match`` and opens the table.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

import game
from game import new_match
from game.ai.bots import BOTS
from game.ai.levels import DEFAULT_LEVEL, SEAT_LEVELS
from game.core.contract import Choice, GameInfo, Mode, Option
from scenes import decks as decks_ui
from scenes import text, theme
from scenes.advanced_rules import AdvancedRulesScene, draw_help, help_text
from scenes.ui.menu import (
    FocusScene,
    draw_background,
    draw_heading,
    draw_hint,
)
from scenes.ui.widgets import MIN_TEXT, Button, Selector, TextField, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App

MAX_NAME = 16
HUMAN = "human"
SEAT_COLORS = ((232, 186, 84), (92, 150, 230), (226, 96, 88), (110, 196, 120),
               (190, 130, 220), (120, 210, 210), (230, 140, 60), (200, 200, 200))  # fmt: skip


def option_values(option: Option, offered: Sequence[Any] | None = None) -> list[Any]:
    """The values a setup option can take in the selector: the game's own
    list when it gives one (``rules.option_values``), else on/off for a flag,
    a range around an integer default, "automatic" or a number for None."""
    if offered:
        return list(offered)
    d = option.default
    if isinstance(d, bool):
        return [False, True]
    if isinstance(d, int):
        return list(range(max(1, d - 6), d + 7))
    if d is None:
        return [None, *range(3, 21)]
    return [d]


class SeatSetupScene(FocusScene):
    def __init__(self, app: App, game_id: str, info: GameInfo | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.info = info or game.info(game_id)
        offered = {} if info is not None else getattr(game.get(game_id), "option_values", {})
        self.offered: dict[str, Sequence[Any]] = dict(offered or {})
        self.dirty = False
        self.rows_rect = pygame.Rect(0, 0, 0, 0)
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self.row_badges: list[tuple[pygame.Rect, int]] = []
        self.header_cells: list[tuple[str, pygame.Rect]] = []
        names = app.tr("ui.seats.default_names").split(",")
        self.mode_id = self.info.modes[0].id
        self.players = self._default_count(self.info.modes[0])
        self.mode_choices: dict[str, Any] = {}
        rules = None if info is not None else game.get(game_id)
        self.rules = rules
        self.advanced: tuple[Option, ...] = tuple(getattr(rules, "advanced_options", ()) or ())
        self.options: dict[str, Any] = self.info.default_options()
        self.options.update({o.id: o.default for o in self.advanced})
        self.help_rect = pygame.Rect(0, 0, 0, 0)
        self.pool_top = 0
        most = max(max(m.player_counts) for m in self.info.modes)
        self.seats: list[dict[str, Any]] = []
        for i in range(most):
            seat: dict[str, Any] = {
                "name": names[i % len(names)].strip() if names else f"#{i + 1}",
                "control": HUMAN if i == 0 else "ai",
                "bot": DEFAULT_LEVEL,
            }
            for choice in self.info.seat_choices:
                seat[choice.id] = choice.default
            self.seats.append(seat)
        self.own_decks = decks_ui.seat_options(game_id, app.tr) if info is None else []
        if info is None:
            self._restore(app.settings.setups.get(game_id))
        self._apply_mode()

    # -- model ------------------------------------------------------------------
    @property
    def mode(self) -> Mode:
        return self.info.mode(self.mode_id)

    @staticmethod
    def _default_count(mode: Mode) -> int:
        counts = mode.player_counts
        return 4 if 4 in counts else (2 if 2 in counts else counts[0])

    def _apply_mode(self) -> None:
        """After a mode change: valid player count, teams and mode choices."""
        mode = self.mode
        if self.players not in mode.player_counts:
            self.players = self._default_count(mode)
        self.mode_choices = {
            c.id: self.mode_choices.get(c.id, c.default)
            if self.mode_choices.get(c.id) in [v for v, _ in c.options]
            else c.default
            for c in mode.choices
        }
        for i, seat in enumerate(self.seats):
            if mode.teams > 0:
                team = seat.get("team")
                seat["team"] = (
                    team if isinstance(team, int) and team < mode.teams else i % mode.teams
                )
            else:
                seat["team"] = None

    def config(self) -> dict[str, Any]:
        """The match config the rules core's ``setup`` receives."""
        names = self.app.tr("ui.seats.default_names").split(",")
        seats = []
        for i, seat in enumerate(self.seats[: self.players]):
            entry = dict(seat)
            entry["name"] = str(seat["name"]).strip() or names[i % len(names)].strip()
            if entry["control"] == HUMAN:
                entry["control"] = HUMAN
            else:
                entry["control"] = "ai"
            if "deck" in entry:  # a player's own deck goes in whole (scenes.decks)
                entry["deck"] = decks_ui.seat_value(self.game_id, entry["deck"], self.app.tr.lang)
            seats.append(entry)
        config: dict[str, Any] = {
            "mode": self.mode_id,
            "players": self.players,
            "seats": seats,
            "options": dict(self.options),
        }
        config.update(self.mode_choices)
        return config

    # -- the last setup, per game (issue 11.11) --------------------------------------
    def remember(self) -> None:
        """Keep this setup in the settings for the next visit (and save them)."""
        if self.rules is None:
            return
        self.app.settings.setups[self.game_id] = {
            "mode": self.mode_id,
            "players": self.players,
            "seats": [dict(seat) for seat in self.seats],
            "options": dict(self.options),
            "mode_choices": dict(self.mode_choices),
        }
        self.app.persist_settings()

    def _restore(self, data: Any) -> None:
        """Take back every value of a remembered setup the game still accepts."""
        if not isinstance(data, dict):
            return
        if data.get("mode") in [m.id for m in self.info.modes]:
            self.mode_id = data["mode"]
        if data.get("players") in self.mode.player_counts:
            self.players = data["players"]
        if isinstance(data.get("mode_choices"), dict):
            self.mode_choices = dict(data["mode_choices"])  # checked by _apply_mode
        options = data.get("options")
        for o in (*self.info.options, *self.advanced) if isinstance(options, dict) else ():
            value = options.get(o.id, o.default)  # type: ignore[union-attr]
            vals = option_values(o, self.offered.get(o.id))
            if any(v == value and type(v) is type(value) for v in vals):  # True is not 1
                self.options[o.id] = value
        seats = data.get("seats")
        for seat, saved in zip(self.seats, seats if isinstance(seats, list) else (), strict=False):
            if isinstance(saved, dict):
                self._restore_seat(seat, saved)

    def _restore_seat(self, seat: dict[str, Any], saved: dict[str, Any]) -> None:
        name = saved.get("name")
        if isinstance(name, str) and name.strip():
            seat["name"] = unicodedata.normalize("NFC", name)[:MAX_NAME]
        if saved.get("control") in (HUMAN, "ai"):
            seat["control"] = saved["control"]
        if saved.get("bot") in BOTS:  # a baseline bot of older setups: the easy level
            seat["bot"] = saved["bot"] if saved["bot"] in SEAT_LEVELS else SEAT_LEVELS[0]
        team = saved.get("team")
        if isinstance(team, int) and not isinstance(team, bool):
            seat["team"] = team  # checked by _apply_mode
        for choice in self.info.seat_choices:
            if saved.get(choice.id) in [v for v, _ in self.choice_options(choice)]:
                seat[choice.id] = saved[choice.id]

    def back(self) -> None:
        self.remember()
        super().back()

    def start(self) -> None:
        from scenes.dialogs import MessageDialog
        from scenes.table import open_table

        seed = self.app.seed if self.app.seed is not None else random.randrange(1, 2**32)
        try:
            match = new_match(self.game_id, self.config(), seed)
        except (ValueError, KeyError) as exc:
            tr = self.app.tr
            self.app.stack.push(MessageDialog(self.app, tr("ui.seats.cannot_start"), str(exc)))
            return
        self.remember()
        self.app.stack.replace(open_table(self.app, match))

    # -- changes ------------------------------------------------------------------
    def _changed(self) -> None:
        self.dirty = True

    def set_mode(self, mode_id: str) -> None:
        self.mode_id = mode_id
        self._apply_mode()
        self._changed()

    def set_players(self, n: int) -> None:
        self.players = n
        self._changed()

    def set_seat(self, i: int, key: str, value: Any) -> None:
        if key == "control":
            if value == HUMAN:
                self.seats[i]["control"] = HUMAN
            else:
                self.seats[i]["control"] = "ai"
                self.seats[i]["bot"] = value.split(":", 1)[1]
        else:
            self.seats[i][key] = value
        if key != "name":
            self._changed()

    def choice_options(self, choice: Choice) -> list[tuple[Any, str]]:
        """A seat choice's (value, shown text): the game's, then for the deck the
        player's own legal decks (``scenes.decks``), for human and AI seats alike."""
        out = [(v, self.app.tr(k)) for v, k in choice.options]
        return out + (self.own_decks if choice.id == "deck" else [])

    def side_buttons(self, mode_rules: str | None, has_decks: bool) -> list[tuple[str, Any, str]]:
        """The buttons under the options: the mode's rules chapter (PvE), the advanced
        rules (how many changed), the player's decks; as (label, action, name)."""
        tr = self.app.tr
        out: list[tuple[str, Any, str]] = []
        if mode_rules is not None:
            heading = tr(f"rules.{self.game_id}.sections.{mode_rules}.heading")
            out.append((tr("ui.seats.mode_rules", heading=heading),
                        partial(self.open_mode_rules, mode_rules), "mode_rules"))  # fmt: skip
        if self.advanced:
            changed = self.advanced_changed()
            label = tr("ui.seats.advanced_count", n=changed) if changed else tr("ui.seats.advanced")
            out.append((label, self.open_advanced, "advanced"))
        if has_decks:
            out.append((tr("decks.seat.open"), self.open_decks, "decks"))
        return out

    def shown_options(self) -> list[Option]:
        """The rule options of this mode: the team going first (``first_team``) only
        when the mode has two teams (SHV-6.7: co-op has no team going second)."""
        return [o for o in self.info.options if o.id != "first_team" or self.mode.teams > 1]

    def mode_rules_section(self) -> str | None:
        """The rules help section that teaches this mode, when the game names one
        (``rules.<game>.mode_sections.<mode>``: Sử Hộ Vương's co-op chapter)."""
        key = f"rules.{self.game_id}.mode_sections.{self.mode_id}"
        return self.app.tr(key) if self.app.tr.has(key) else None

    def open_mode_rules(self, section: str) -> None:
        self.app.scenes.push("rules", self.game_id, section=section)

    def open_decks(self) -> None:
        from scenes.decks.library import DeckLibraryScene

        self.app.stack.push(DeckLibraryScene(self.app, self.game_id))

    def resume(self) -> None:  # back from the deck library: its decks may have changed
        choice = next((c for c in self.info.seat_choices if c.id == "deck"), None)
        if self.rules is not None and choice is not None:
            self.own_decks = decks_ui.seat_options(self.game_id, self.app.tr)
            allowed = [v for v, _ in self.choice_options(choice)]
            for seat in self.seats:
                if seat.get("deck") not in allowed:
                    seat["deck"] = choice.default
        super().resume()

    def set_mode_choice(self, cid: str, value: Any) -> None:
        self.mode_choices[cid] = value

    def set_option(self, oid: str, value: Any) -> None:
        self.options[oid] = value

    def advanced_changed(self) -> int:
        """How many advanced options differ from their default."""
        return sum(1 for o in self.advanced if self.options.get(o.id, o.default) != o.default)

    def open_advanced(self) -> None:
        self.app.stack.push(AdvancedRulesScene(self.app, self))

    def pool(self) -> tuple[tuple[str, int], ...]:
        """What the rules deal at random at setup (``setup_pool``), if they say."""
        declare = getattr(self.rules, "setup_pool", None)
        return tuple(declare(self.options, self.app.tr.lang)) if declare else ()

    def option_selector(
        self, option: Option, rect: pygame.Rect, font_size: int, label_ratio: float
    ) -> Selector:
        """The selector of one rule option, named ``option.<id>``."""
        vals = option_values(option, self.offered.get(option.id))
        cur = self.options.get(option.id, option.default)
        if cur not in vals:
            vals.append(cur)
        return Selector(
            self.app.tr(option.label_key),
            [(v, self._option_label(option, v)) for v in vals],
            cur,
            partial(self.set_option, option.id),
            rect,
            font_size=font_size,
            label_ratio=label_ratio,
            name=f"option.{option.id}",
        )

    # -- layout -----------------------------------------------------------------
    def _control_options(self) -> list[tuple[str, str]]:
        tr = self.app.tr
        return [(HUMAN, tr("ui.seats.human"))] + [
            (f"ai:{b}", tr(f"ai.level.{b}")) for b in SEAT_LEVELS
        ]

    def _option_label(self, option: Option, value: Any) -> str:
        """Shown text of an option value: the game's own string when it has one
        (``<game>.option.<id>_<value>``, or ``<game>.option.<word>_<value>`` for a
        value shared by several options), else on/off, automatic/off for None,
        or the number."""
        tr = self.app.tr
        word = "none" if value is None else str(value).lower()
        base = f"{self.game_id}.option."
        for key in (f"{base}{option.id}_{word}", f"{base}{option.id.split('_')[0]}_{word}"):
            if tr.has(key):
                return tr(key)
        if isinstance(value, bool):
            return tr("ui.common.on") if value else tr("ui.common.off")
        if value is None:
            # None as the default means "let the rules decide"; otherwise "off".
            return tr("ui.seats.auto") if option.default is None else tr("ui.common.off")
        return str(value)

    def enter(self) -> None:
        super().enter()
        self.focus.focus_name("start")

    def layout(self) -> None:
        app, tr = self.app, self.app.tr
        w, h = app.size
        mode = self.mode
        margin, gap = app.px(28), app.px(10)
        fs = app.px(18)
        top = app.px(96)
        bottom = h - app.px(58) - app.px(30)
        ncols = 2 + (1 if mode.teams > 1 else 0) + len(self.info.seat_choices)
        side_frac = 0.48 if ncols <= 2 else (0.4 if ncols == 3 else 0.33)
        side_w = int((w - 2 * margin) * side_frac)
        self.rows_rect = pygame.Rect(margin, top, w - 2 * margin - side_w - gap * 2, bottom - top)
        self.side_rect = pygame.Rect(self.rows_rect.right + gap * 2, top, side_w, bottom - top)
        old = self.focus.current.name if self.focus.current else None
        widgets: list[Any] = []

        # right column: mode, players, mode choices, options
        side: list[tuple[str, str, list[tuple[Any, str]], Any, Any]] = [
            ("mode", tr("ui.seats.mode"), [(m.id, tr(m.label_key)) for m in self.info.modes],
             self.mode_id, self.set_mode),
            ("players", tr("ui.seats.players"),
             [(n, tr("ui.seats.players_value", n=n)) for n in mode.player_counts],
             self.players, self.set_players),
        ]  # fmt: skip
        for c in mode.choices:
            side.append(
                (f"choice.{c.id}", tr(c.label_key), [(v, tr(k)) for v, k in c.options],
                 self.mode_choices[c.id], lambda v, cid=c.id: self.set_mode_choice(cid, v))
            )  # fmt: skip
        has_decks = self.rules is not None and decks_ui.supported(self.game_id)
        shown_options = self.shown_options()
        extras = self.side_buttons(self.mode_rules_section(), has_decks)
        rows = len(side) + len(shown_options) + len(extras)
        pad = app.px(12)
        avail = self.side_rect.height - 2 * pad - app.px(34)
        rh = max(app.px(26), min(app.px(44), (avail - gap * (rows - 1)) // max(1, rows)))
        sfs = max(MIN_TEXT, min(fs, rh * 9 // 20))
        ratio = 0.56 if ncols <= 2 else 0.46
        y = self.side_rect.y + pad + app.px(34)
        side_widgets: list[Any] = []
        for name, label, options, value, on_change in side:
            rect = pygame.Rect(self.side_rect.x + pad, y, self.side_rect.width - 2 * pad, rh)
            side_widgets.append(
                Selector(label, options, value, on_change, rect, font_size=sfs,
                         label_ratio=ratio, name=name)
            )  # fmt: skip
            y += rh + gap
        for o in shown_options:
            rect = pygame.Rect(self.side_rect.x + pad, y, self.side_rect.width - 2 * pad, rh)
            side_widgets.append(self.option_selector(o, rect, sfs, ratio))
            y += rh + gap
        for label, action, name in extras:
            rect = pygame.Rect(self.side_rect.x + pad, y, self.side_rect.width - 2 * pad, rh)
            side_widgets.append(Button(label, action, rect, font_size=sfs, name=name))
            y += rh + gap

        # seat rows: badge | name | control | team | seat choices
        cols: list[tuple[str, float]] = [("name", 1.0), ("control", 1.15)]
        if mode.teams > 1:  # one team (co-op): nothing to choose
            cols.append(("team", 0.8))
        cols += [(f"seat.{c.id}", 1.5 if c.id == "deck" else 1.1) for c in self.info.seat_choices]
        badge = app.px(34)
        inner_x = self.rows_rect.x + pad + badge + gap
        inner_w = self.rows_rect.right - pad - inner_x
        unit = (inner_w - gap * (len(cols) - 1)) / sum(wt for _, wt in cols)
        head_h = app.px(30)
        avail = self.rows_rect.height - 2 * pad - head_h
        rh = max(app.px(28), min(app.px(46), (avail - gap * (self.players - 1)) // self.players))
        xs = []
        x = float(inner_x)
        self.header_cells = []
        for cid, wt in cols:
            cw = int(unit * wt)
            xs.append((cid, int(x), cw))
            key = "ui.seats.col." + (cid.split(".", 1)[1] if cid.startswith("seat.") else cid)
            label = tr(key)
            for c in self.info.seat_choices:
                if cid == f"seat.{c.id}":
                    label = tr(c.label_key)
            self.header_cells.append(
                (label, pygame.Rect(int(x), self.rows_rect.y + pad, cw, head_h))
            )
            x += cw + gap
        self.row_badges = []
        self.pool_top = self.rows_rect.y + pad + head_h + self.players * (rh + gap)
        for i in range(self.players):
            seat = self.seats[i]
            y = self.rows_rect.y + pad + head_h + i * (rh + gap)
            self.row_badges.append(
                (pygame.Rect(self.rows_rect.x + pad, y + (rh - badge) // 2, badge, badge), i)
            )
            rfs = min(fs, rh * 9 // 20)
            for cid, cx, cw in xs:
                rect = pygame.Rect(cx, y, cw, rh)
                name = f"seat{i}.{cid}"
                if cid == "name":
                    widgets.append(
                        TextField(str(seat["name"]), partial(self.set_seat, i, "name"),
                                  rect, max_len=MAX_NAME, font_size=rfs, name=name,
                                  placeholder=tr("ui.seats.name_placeholder"),
                                  full_hint=tr("ui.seats.name_full", n=MAX_NAME))
                    )  # fmt: skip
                elif cid == "control":
                    value = HUMAN if seat["control"] == HUMAN else f"ai:{seat['bot']}"
                    widgets.append(
                        Selector("", self._control_options(), value,
                                 partial(self.set_seat, i, "control"), rect,
                                 font_size=rfs, name=name)
                    )  # fmt: skip
                elif cid == "team":
                    widgets.append(
                        Selector("", [(t, tr("ui.seats.team_value", n=t + 1))
                                      for t in range(mode.teams)], seat["team"],
                                 partial(self.set_seat, i, "team"), rect,
                                 font_size=rfs, name=name)
                    )  # fmt: skip
                else:
                    choice: Choice = next(
                        c for c in self.info.seat_choices if cid == f"seat.{c.id}"
                    )
                    widgets.append(
                        Selector("", self.choice_options(choice), seat[choice.id],
                                 partial(self.set_seat, i, choice.id), rect,
                                 font_size=rfs, name=name)
                    )  # fmt: skip

        bw, bh = app.px(220), app.px(50)
        back = pygame.Rect(margin, h - bh - app.px(30), bw, bh)
        start = pygame.Rect(w - margin - bw, h - bh - app.px(30), bw, bh)
        buttons = [
            Button(tr("ui.seats.start"), self.start, start, primary=True,
                   font_size=app.px(22), name="start"),
            Button(tr("ui.common.back"), self.back, back, font_size=app.px(20), name="back"),
        ]  # fmt: skip
        self.help_rect = pygame.Rect(back.right + gap * 2, back.y - app.px(4),
                                     start.x - back.right - gap * 4, bh + app.px(8))  # fmt: skip
        self.focus.set(side_widgets[:2] + widgets + side_widgets[2:] + buttons, focus=old)

    # -- frame ------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and event.mod & pygame.KMOD_CTRL
        ):
            self.start()
            return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        if self.dirty:
            self.dirty = False
            self.layout()
        self.focus.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        app, tr = self.app, self.app.tr
        w = surface.get_width()
        draw_background(surface)
        draw_heading(
            surface,
            tr("ui.seats.title", game=tr(self.info.name_key)),
            (w // 2, app.px(44)),
            app.px(40),
            w - app.px(40),
        )
        draw_panel(surface, self.rows_rect, radius=app.px(12))
        draw_panel(surface, self.side_rect, radius=app.px(12))
        hs = app.px(15)
        for label, rect in self.header_cells:
            size = text.fit_size(label, hs, rect.width)
            surf = text.render(label, size, theme.TEXT_DIM, bold=True)
            surface.blit(surf, surf.get_rect(midleft=(rect.x + app.px(4), rect.centery)))
        title = tr("ui.seats.setup")
        size = text.fit_size(title, hs, self.side_rect.width - app.px(24))
        surf = text.render(title, size, theme.TEXT_DIM, bold=True)
        surface.blit(surf, (self.side_rect.x + app.px(14), self.side_rect.y + app.px(16)))
        mode = self.mode
        for rect, i in self.row_badges:
            team = self.seats[i].get("team")
            color = (
                theme.team_color(team)
                if mode.teams and team is not None
                else (SEAT_COLORS[i % len(SEAT_COLORS)])
            )
            pygame.draw.circle(surface, color, rect.center, rect.width // 2)
            num = text.render(str(i + 1), app.px(18), (20, 20, 20), bold=True)
            surface.blit(num, num.get_rect(center=rect.center))
        self._draw_pool(surface)
        self._draw_preview(surface)
        self._draw_decks(surface)
        self.focus.draw(surface)
        draw_help(surface, app, help_text(app, self.game_id, self.focus.buttons), self.help_rect)
        draw_hint(surface, app, tr("ui.seats.keys"))

    def pool_lines(self) -> list[tuple[str, bool]]:
        """(shown text, greyed) per entry of the random pool: greyed with the
        reason when it does nothing with this many players."""
        tr = self.app.tr
        return [
            (tr("ui.seats.pool_needs", name=name, n=fewest), True)
            if self.players < fewest
            else (name, False)
            for name, fewest in self.pool()
        ]

    def preview(self) -> tuple[Any, list[str]]:
        """What the game shows of the mode's choices (a boss card): (face, lines)."""
        from scenes.table import registry

        show = registry.previewer(self.game_id) if self.rules is not None else None
        if show is None:
            return None, []
        face, lines = show(self.game_id, self.mode_id, self.mode_choices, self.players,
                           self.app.tr.lang)  # fmt: skip
        return face, list(lines)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """The mode choice's card (its face on the left, its lines wrapped beside it)
        under the seat rows; lines that find no room are left out, none cut."""
        from scenes.table.cards import draw_face

        face, lines = self.preview()
        app = self.app
        top = self.pool_top + app.px(8)
        room = pygame.Rect(self.rows_rect.x + app.px(16), top, self.rows_rect.width - app.px(32),
                           self.rows_rect.bottom - app.px(12) - top)  # fmt: skip
        if not lines or room.height < app.px(90):
            return
        x = room.x
        if face is not None:
            h = min(room.height, app.px(240))
            card = draw_face(face, (round(h * 0.7), h))
            surface.blit(card, (room.x, room.y))
            x += card.get_width() + app.px(14)
        width, size = room.right - x, max(MIN_TEXT, app.px(15))
        line_h, y = text.font(size).get_linesize(), room.y
        for i, line in enumerate(lines):
            wrapped = text.wrap(line, size, width)
            if y + len(wrapped) * line_h > room.bottom:
                break
            for part in wrapped:
                color = theme.ACCENT if i == 0 else theme.TEXT
                surface.blit(text.render(part, size, color, bold=i == 0), (x, y))
                y += line_h
            y += app.px(4)

    # -- the seats' decks under the rows (issue 34, P-GI-13) ---------------------------
    def deck_summaries(self) -> list[Any]:
        """Each playing seat's deck as :class:`scenes.decks.summary.DeckSummary`
        (None for a deck that cannot be read); [] for a game without decks."""
        from scenes.decks import summary

        if self.rules is None or not decks_ui.supported(self.game_id):
            return []
        if not any(c.id == "deck" for c in self.info.seat_choices):
            return []
        values = tuple(seat.get("deck") for seat in self.seats[: self.players])
        key = (values, self.app.tr.lang, tuple(self.own_decks))
        cached = getattr(self, "_deck_summaries", None)
        if cached is None or cached[0] != key:  # read once per choice, not per frame
            shown = [summary.summary(self.game_id, v, i, self.app.tr) for i, v in enumerate(values)]
            cached = self._deck_summaries = (key, shown)
        return list(cached[1])

    def deck_blocks(self) -> list[pygame.Rect]:
        """Where each seat's deck summary goes: the room under the seat rows (and
        the random pool), none when a mode's card is previewed there."""
        from scenes.decks import summary

        if not self.deck_summaries() or self.preview()[1] or self.pool_lines():
            return []
        app = self.app
        top = self.pool_top + app.px(6)
        room = pygame.Rect(self.rows_rect.x + app.px(12), top, self.rows_rect.w - app.px(24),
                           self.rows_rect.bottom - app.px(12) - top)  # fmt: skip
        return summary.blocks(room, self.players, app.px)

    def _draw_decks(self, surface: pygame.Surface) -> None:
        from game.decks import rules_for
        from scenes.decks import summary
        from scenes.decks.editor import card_art

        rects = self.deck_blocks()
        if not rects:
            return
        art = getattr(self, "_deck_art", None)
        if art is None:
            art = self._deck_art = card_art(rules_for(self.game_id))
        mode = self.mode
        entries = []
        for i, shown in enumerate(self.deck_summaries()):
            team = self.seats[i].get("team")
            color = (
                theme.team_color(team)
                if mode.teams and team is not None
                else SEAT_COLORS[i % len(SEAT_COLORS)]
            )
            entries.append((i, color, shown))
        summary.draw(surface, self.app, art, self.game_id, entries, rects)

    def _draw_pool(self, surface: pygame.Surface) -> None:
        """The random pool (characters) under the seat rows, one name a line."""
        lines = self.pool_lines()
        app = self.app
        size = max(MIN_TEXT, app.px(16))
        line_h = text.font(size).get_linesize()
        x = self.rows_rect.x + app.px(16)
        width = self.rows_rect.width - app.px(32)
        y = self.pool_top + app.px(6)
        if not lines or y + (len(lines) + 1) * line_h > self.rows_rect.bottom - app.px(8):
            return  # no pool, or no room below the seats (many players: nothing is greyed)
        head = text.clip(app.tr("ui.seats.pool"), size, width, bold=True)
        surface.blit(text.render(head, size, theme.TEXT_DIM, bold=True), (x, y))
        for shown, greyed in lines:
            y += line_h
            color = (120, 124, 130) if greyed else theme.TEXT
            surf = text.render(text.clip("• " + shown, size, width, ellipsis="…"), size, color)
            surface.blit(surf, (x, y))
