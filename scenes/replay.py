"""The replay viewer (issue 12 item 2): step through a saved or finished game.

A replay is the game's own table (``open_table``, made watch-only by
``scenes.watch.watched``) showing the match rebuilt from its setup and action
log: position ``k`` is ``setup(config, seed)`` followed by the first ``k``
actions (:meth:`Timeline.match_at`, from a state checkpoint every
:data:`CHECKPOINT` actions).  No second renderer, no second rules path.

* **Steps**: one action forwards is applied to the table's match and animated
  like a move at the table (the log line appears with it); backwards, by turn,
  by round and jumps rebuild the table at the new position (its log replays
  with it), so the log is always in sync.  A *turn* is a run of actions by one
  seat; a *round* is the game's own ``summary(state)["round"]``.
* **View**: any seat or a spectator (``None``).  The table's eyes are set to
  that seat, so the view it draws is ``rules.view(state, seat)`` and the log
  renders every event through ``Event.for_seat(seat)``: a replay never shows
  more than the chosen seat saw (a spectator sees no hand).
* **Keys**: ←/→ one action, Shift+←/→ or PgUp/PgDn one turn, ↑/↓ one round,
  Home/End, Space play/pause, V the next view, Esc back; the buttons and the
  timeline (click to jump) in the band at the top do the same.

:func:`keep_finished` (called by the results screen) keeps every finished game
as a replay (``saves.replays``; the ``replay_keep`` setting; never in kiosk mode).
"""

from __future__ import annotations

import logging
from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING, Any

import pygame

from game.core.match import Match
from scenes import text, theme
from scenes.scene import Scene
from scenes.table import open_table
from scenes.ui.menu import draw_hint
from scenes.ui.widgets import Button, Selector
from scenes.watch import seat_names, watched

if TYPE_CHECKING:
    from scenes.scene import App
    from scenes.table.base import TableScene

log = logging.getLogger(__name__)

CHECKPOINT = 32
"""A copy of the state is kept every this many actions (jumps replay at most that many)."""
PLAY_STEP = 0.9
"""Seconds between two actions while playing (after the animations)."""
HINT_SECONDS = 8.0
"""The key hint shows this long after the viewer opens (it covers the hand)."""


def keep_finished(app: App, match: Any) -> None:
    """Keep a finished match as a replay (the ``replay_keep`` setting; not at a
    kiosk: nothing of a visitor's game stays).  A failure is logged, never raised."""
    if app.options.kiosk or match is None:
        return
    from saves import replays

    try:
        replays.keep(match, app.settings.replay_keep)
    except Exception as exc:  # a full disk must not stop the results screen
        log.warning("could not keep the replay: %s", exc)


class Timeline:
    """The positions of one game: a match at any position, turns and rounds."""

    def __init__(self, match: Match) -> None:
        self.game_id = match.game_id
        self.rules = match.rules
        self.config = match.config
        self.seed = match.seed
        self.actions = list(match.log)
        self.seats = list(match.seats)
        self.rounds: list[int] = []  # the round at each position 0..n
        self.checkpoints: dict[int, Any] = {}
        rules = self.rules
        state = rules.setup(self.config, self.seed)
        for k, action in enumerate(self.actions):
            self.rounds.append(self._round(state))
            if k % CHECKPOINT == 0:
                self.checkpoints[k] = rules.clone(state)
            rules.apply(state, action, check=False)
        self.rounds.append(self._round(state))
        self.final = rules.to_json(state)
        self.turns = [
            k for k, a in enumerate(self.actions) if k == 0 or a.seat != self.actions[k - 1].seat
        ]
        self.round_starts = [
            k for k in range(len(self.rounds)) if k == 0 or self.rounds[k] != self.rounds[k - 1]
        ]

    def _round(self, state: Any) -> int:
        value = self.rules.summary(state).get("round", 0)
        return value if isinstance(value, int) else 0

    def __len__(self) -> int:
        return len(self.actions)

    def match_at(self, k: int) -> Match:
        """The match after the first ``k`` actions (a fresh object)."""
        k = max(0, min(len(self.actions), k))
        base = (
            (k // CHECKPOINT) * CHECKPOINT
            if k < len(self.actions)
            else max(self.checkpoints, default=0)
        )
        base = min(base, k)
        match = Match(self.game_id, self.config, self.seed, self.rules)
        if base in self.checkpoints:
            match.state = self.rules.clone(self.checkpoints[base])
        else:
            base = 0
        for action in self.actions[base:k]:
            self.rules.apply(match.state, action, check=False)
        match.log = list(self.actions[:k])
        match.barrier = k
        return match

    def next_turn(self, pos: int) -> int:
        i = bisect_right(self.turns, pos)
        return self.turns[i] if i < len(self.turns) else len(self.actions)

    def prev_turn(self, pos: int) -> int:
        i = bisect_left(self.turns, pos)
        return self.turns[i - 1] if i > 0 else 0

    def next_round(self, pos: int) -> int:
        i = bisect_right(self.round_starts, pos)
        return self.round_starts[i] if i < len(self.round_starts) else len(self.actions)

    def prev_round(self, pos: int) -> int:
        i = bisect_left(self.round_starts, pos)
        return self.round_starts[i - 1] if i > 0 else 0


class ReplayScene(Scene):
    """Step through ``match``'s log from its setup (see the module docstring)."""

    def __init__(self, app: App, match: Match, view: int | None = None, pos: int = 0) -> None:
        super().__init__(app)
        self.timeline = Timeline(match)
        self.view_seat = view
        self.pos = max(0, min(len(self.timeline), pos))
        self.table: TableScene | None = None
        self.playing = False
        self.wait = 0.0
        self.band = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)  # the timeline strip
        self.widgets: list[Any] = []
        self.shown_for = 0.0  # seconds on screen (the key hint goes after HINT_SECONDS)

    # -- the table at a position ----------------------------------------------------
    def enter(self) -> None:
        self.rebuild()

    def exit(self) -> None:
        if self.table is not None:
            self.table.exit()

    def rebuild(self) -> None:
        """A fresh table at ``pos`` seen by ``view_seat``, its log replayed."""
        if self.table is not None:
            self.table.exit()
        table = watched(open_table(self.app, self.timeline.match_at(self.pos)))
        table.finished = True  # nobody plays: no AI, no hand-off, no results
        table.enter()
        self._set_eyes(table)
        self.table = table
        self.resize(self.app.size)

    def _set_eyes(self, table: TableScene) -> None:
        seat = self.view_seat
        table.viewer = seat  # None: a spectator (no seat is "you")
        table.revealed_to = seat
        table.handoff_open = False
        table.refresh_view(animate=False)

    def forward(self) -> None:
        """One action forwards, animated as at the table."""
        table = self.table
        if table is None or self.pos >= len(self.timeline):
            return
        action = self.timeline.actions[self.pos]
        events = table.match.apply(action)
        raw = list(events)
        filtered = [e.for_seat(table.eyes) for e in raw]
        if not table.anims.busy:
            table._unfiltered = []
        table._unfiltered.extend(zip(filtered, raw, strict=True))
        table.on_events(filtered)
        table.last_to_move = table.to_move
        table.refresh_view(animate=True)
        controls = getattr(table, "controls", None)
        if callable(controls):
            controls()
        self.pos += 1

    def go(self, pos: int) -> None:
        """Jump to ``pos`` (one action forwards is animated, anything else rebuilt)."""
        pos = max(0, min(len(self.timeline), pos))
        if pos == self.pos:
            return
        if pos == self.pos + 1:
            self.forward()
            return
        self.pos = pos
        self.rebuild()

    def set_view(self, seat: int | None) -> None:
        self.view_seat = seat
        self.rebuild()

    def views(self) -> list[int | None]:
        return [None, *range(len(self.timeline.seats))]

    def next_view(self) -> None:
        views = self.views()
        self.set_view(views[(views.index(self.view_seat) + 1) % len(views)])

    # -- input ----------------------------------------------------------------------------
    def back(self) -> None:
        if len(self.app.stack) > 1:
            self.app.stack.pop()
        else:
            self.app.scenes.clear_to("title")

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.pos < len(self.timeline)
        self.wait = 0.0
        self.layout()

    def _keys(self) -> dict[int, Any]:
        tl = self.timeline
        return {
            pygame.K_HOME: lambda: self.go(0),
            pygame.K_END: lambda: self.go(len(tl)),
            pygame.K_PAGEUP: lambda: self.go(tl.prev_turn(self.pos)),
            pygame.K_PAGEDOWN: lambda: self.go(tl.next_turn(self.pos)),
            pygame.K_UP: lambda: self.go(tl.prev_round(self.pos)),
            pygame.K_DOWN: lambda: self.go(tl.next_round(self.pos)),
            pygame.K_SPACE: self.toggle_play,
            pygame.K_v: self.next_view,
            pygame.K_ESCAPE: self.back,
        }

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self.playing = self.playing and event.key == pygame.K_SPACE
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            tl = self.timeline
            if event.key == pygame.K_LEFT:
                self.go(tl.prev_turn(self.pos) if shift else self.pos - 1)
            elif event.key == pygame.K_RIGHT:
                self.go(tl.next_turn(self.pos) if shift else self.pos + 1)
            elif event.key in self._keys():
                self._keys()[event.key]()
            return True
        bar_click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if bar_click and self.bar.collidepoint(event.pos):
            span = max(1, self.bar.width)
            self.go(round((event.pos[0] - self.bar.x) / span * len(self.timeline)))
            return True
        for widget in self.widgets:
            if widget.handle(event):
                return True
        return True

    # -- frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.shown_for += dt
        table = self.table
        if table is None:
            return
        table.update(dt)
        if not self.playing or table.anims.busy:
            return
        self.wait += dt
        if self.wait >= max(PLAY_STEP, self.app.settings.ai_delay):
            self.wait = 0.0
            self.forward()
            if self.pos >= len(self.timeline):
                self.playing = False
                self.layout()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.band = pygame.Rect(0, 0, w, self.app.px(112))
        if self.table is not None:
            self.table.resize((w, h - self.band.height))
        self.layout()

    def layout(self) -> None:
        app, tr, tl = self.app, self.app.tr, self.timeline
        px = app.px
        row = pygame.Rect(px(16), px(40), 0, px(36))
        specs = [
            ("start", tr("demo.replay.start"), lambda: self.go(0)),
            ("turn_back", tr("demo.replay.turn_back"), lambda: self.go(tl.prev_turn(self.pos))),
            ("step_back", tr("demo.replay.step_back"), lambda: self.go(self.pos - 1)),
            (
                "play",
                tr("demo.replay.pause" if self.playing else "demo.replay.play"),
                self.toggle_play,
            ),
            ("step", tr("demo.replay.step"), lambda: self.go(self.pos + 1)),
            ("turn", tr("demo.replay.turn"), lambda: self.go(tl.next_turn(self.pos))),
            ("end", tr("demo.replay.end"), lambda: self.go(len(tl))),
        ]
        widgets: list[Any] = []
        x = row.x
        for name, label, act in specs:
            width = text.size_of(label, px(17))[0] + px(22)
            rect = pygame.Rect(x, row.y, width, row.height)
            widgets.append(Button(label, act, rect, font_size=px(17), name=name))
            x = rect.right + px(6)
        options: list[tuple[int | None, str]] = [(None, tr("demo.replay.spectator"))]
        options += [(i, s.name) for i, s in enumerate(tl.seats)]
        right = self.band.width - px(16)
        back = pygame.Rect(0, row.y, px(110), row.height)
        back.right = right
        widgets.append(Button(tr("ui.common.back"), self.back, back, font_size=px(17), name="back"))
        view = pygame.Rect(x + px(10), row.y, max(px(200), back.x - x - px(20)), row.height)
        widgets.append(
            Selector(tr("demo.replay.view"), options, self.view_seat, self.set_view, view,
                     font_size=px(17), label_ratio=0.42, name="view")
        )  # fmt: skip
        self.widgets = widgets
        self.bar = pygame.Rect(px(16), px(84), self.band.width - px(32), px(18))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self.table is not None:
            area = pygame.Rect(0, self.band.height, w, h - self.band.height)
            self.table.draw(surface.subsurface(area))
        self.draw_band(surface)
        if self.shown_for < HINT_SECONDS:
            draw_hint(surface, self.app, self.app.tr("demo.replay.keys"))

    def heading(self) -> tuple[str, str]:
        tr, tl = self.app.tr, self.timeline
        import game

        teams = any(
            m.teams > 1 for m in game.info(tl.game_id).modes if m.id == tl.config.get("mode")
        )
        title = tr(
            "demo.replay.title",
            game=tr(f"{tl.game_id}.name"),
            players=seat_names(tr, tl.seats, teams),
        )
        from scenes.replay_list import round_words

        rounds = round_words(tr, tl.game_id, tl.rounds[self.pos])
        where = tr("demo.replay.position", step=self.pos, steps=len(tl), round=rounds)
        return title, where

    def draw_band(self, surface: pygame.Surface) -> None:
        app, band = self.app, self.band
        px = app.px
        veil = pygame.Surface(band.size, pygame.SRCALPHA)
        veil.fill((6, 10, 14, 232))
        surface.blit(veil, band.topleft)
        pygame.draw.line(surface, theme.ACCENT_DARK, band.bottomleft, band.bottomright, 2)
        title, where = self.heading()
        pos_surf = text.render(where, px(18), theme.ACCENT, bold=True)
        surface.blit(pos_surf, pos_surf.get_rect(topright=(band.right - px(16), px(9))))
        room = band.width - pos_surf.get_width() - px(48)
        size = text.fit_size(title, px(20), room, bold=True)
        head = text.render(text.clip(title, size, room, ellipsis="…"), size, theme.TEXT, bold=True)
        surface.blit(head, (px(16), px(9)))
        for widget in self.widgets:
            widget.draw(surface)
        self.draw_bar(surface)

    def draw_bar(self, surface: pygame.Surface) -> None:
        bar, tl, px = self.bar, self.timeline, self.app.px
        pygame.draw.rect(surface, theme.PANEL, bar, border_radius=bar.height // 2)
        n = max(1, len(tl))
        for k in tl.round_starts[1:]:
            x = bar.x + round(k / n * bar.width)
            pygame.draw.line(surface, theme.PANEL_EDGE, (x, bar.y + 2), (x, bar.bottom - 3), 1)
        done = pygame.Rect(bar.x, bar.y, round(self.pos / n * bar.width), bar.height)
        if done.width > 0:
            pygame.draw.rect(surface, theme.ACCENT_DARK, done, border_radius=bar.height // 2)
        knob = (bar.x + done.width, bar.centery)
        pygame.draw.circle(surface, theme.ACCENT, knob, bar.height // 2 + px(2))
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 1, border_radius=bar.height // 2)
