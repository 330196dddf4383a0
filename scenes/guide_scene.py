"""The guide's callout over the table, and the guide menu (issue 12 item 4).

:class:`GuideHud` is a non-modal overlay above a table made by
:func:`open_guide`: it updates the table (it is the top scene) and,
once the table is quiet (:func:`scenes.guide.settled`), draws the current step's
callout: a panel with "Bước k/N", the step's text, Next (a step without an
expected action) and Skip, an outline and an arrow at the element the step
names, and a second arrow from the card to where it goes.  While the computer
answers, a small panel says so (Skip stays).  Esc asks to skip (a confirm);
Enter is Next; every other input falls through to the table, whose moves the
:class:`~scenes.guide.Guided` mixin checks.  The last step offers Finish (back
to the menu) and Keep playing (the guide steps aside, the game goes on).

:class:`GuideListScene` (router ``"guides"``): one row per playable game that
has a script, reached from the title's "Hướng dẫn" and the first-start offer.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from scenes import text, theme
from scenes.guide import (
    GuideRun,
    computer_acting,
    guided,
    guides,
    locate,
    script_for,
    settled,
    start_match,
)
from scenes.scene import Scene
from scenes.table.board import draw_arrow
from scenes.ui.menu import MenuItem, MenuScene, draw_background, draw_hint
from scenes.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App
    from scenes.table.base import TableScene

WIDTH = 400  # the callout's width in design pixels
FONT = 17


class GuideHud(Scene):
    """The callout of the current step over the guided table (module doc)."""

    overlay = True
    modal = False

    def __init__(self, app: App, table: TableScene, run: GuideRun) -> None:
        super().__init__(app)
        self.table = table
        self.run = run
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.lines: list[str] = []
        self.shown: tuple[int, bool, tuple[int, int], bool] | None = None  # what the layout is for
        self.target: pygame.Rect | None = None
        self.dest: pygame.Rect | None = None
        self.about: list[pygame.Rect] = []  # what else the text talks about
        self.hidden = False  # no callout now (the player's own move is animating)
        self.closed = False

    # -- control ------------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        return settled(self.table, self.run)

    def next_step(self) -> None:
        """Next on a step that waits for it; on the last step: Finish."""
        if not self.ready or not self.run.waits_for_next:
            return
        if self.run.last:
            self.finish()
            return
        self.run.advance()
        self.shown = None

    def finish(self) -> None:
        """Close the guide and its table."""
        self.run.done = True
        self._close(table=True)

    def keep_playing(self) -> None:
        """The guide steps aside; the game goes on against the computer."""
        self.run.done = True
        self._close(table=False)

    def skip(self) -> None:
        self.run.skipped = True
        self.run.done = True
        self._close(table=True)

    def ask_skip(self) -> None:
        tr = self.app.tr
        self.app.scenes.push(
            "confirm",
            tr("guide.skip_title"),
            tr("guide.skip_body"),
            self.skip,
            yes_key="guide.skip",
            no_key="guide.stay",
        )

    def _close(self, table: bool) -> None:
        """Pop this overlay (and the table under it); after a confirm the
        dialog's own pop is queued first."""
        if self.closed:
            return
        self.closed = True
        self.app.stack.pop()
        if table:
            self.app.stack.pop()

    # -- frame --------------------------------------------------------------------------
    def enter(self) -> None:
        self.shown = None
        self._layout()

    def resume(self) -> None:
        self.shown = None
        self._layout()

    def resize(self, size: tuple[int, int]) -> None:
        self.shown = None

    def update(self, dt: float) -> None:
        self.table.update(dt)
        if not self.closed:
            self._layout()  # the buttons follow the step even before a frame is drawn

    def animating(self) -> bool:
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        self._layout()
        for button in self.buttons:
            if button.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.ask_skip()
                return True
            enter = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            if enter and self.ready and self.run.waits_for_next:
                self.next_step()
                return True
        return False

    # -- layout -------------------------------------------------------------------------
    def _layout(self) -> None:
        """Work out the panel, its text and buttons for the current step (again
        only when the step, the readiness or the window changed); the target rects
        are read every frame (cards glide)."""
        ready = self.ready
        # between steps the callout says "the computer is answering" only while it
        # is: the player's own move animating (a fast action, the roll) shows none
        self.hidden = not ready and not computer_acting(self.table, self.run)
        key = (self.run.index, ready, self.app.size, self.hidden)
        step = self.run.step
        self.target = locate(self.table, step.point, self.run) if ready else None
        self.dest = locate(self.table, step.to, self.run) if ready else None
        found = [locate(self.table, name, self.run) for name in step.about] if ready else []
        self.about = [r for r in found if r is not None]
        if key == self.shown:
            self._place()
            return
        self.shown = key
        app = self.app
        px = app.px
        width = min(px(WIDTH), app.size[0] - px(20))
        log = getattr(self.table, "rects", {}).get("log")
        if not ready and log is not None and log.w >= width // 2:
            width = min(width, log.w)  # the note sits at the foot of the log
        room = width - px(28)
        body = self.body() or ""
        self.lines = text.wrap(body, px(FONT), room) if body else []
        line_h = text.font(px(FONT)).get_linesize()
        height = px(44) + len(self.lines) * line_h + px(12) + px(40)
        self.panel = pygame.Rect(0, 0, width, height)
        self._buttons(ready)
        self._place()

    def body(self) -> str | None:
        """The callout's text now: the step's, "the computer is answering", or
        None (no callout: the player's own move is animating)."""
        if self.ready:
            return self.run.script.text(self.run.step, "text", self.app.tr.lang)
        return None if self.hidden else self.app.tr("guide.waiting")

    def _buttons(self, ready: bool) -> None:
        tr = self.app.tr
        specs: list[tuple[str, Any, bool, str]] = []
        if self.hidden:
            self.buttons = []
            return
        if ready and self.run.last:
            specs = [
                (tr("guide.finish"), self.finish, True, "finish"),
                (tr("guide.keep_playing"), self.keep_playing, False, "keep"),
            ]
        else:
            if ready and self.run.waits_for_next:
                specs.append((tr("guide.next"), self.next_step, True, "next"))
            specs.append((tr("guide.skip"), self.ask_skip, False, "skip"))
        self.buttons = [
            Button(
                label, act, pygame.Rect(0, 0, 1, 1), font_size=self.app.px(16), primary=p, name=n
            )
            for label, act, p, n in specs
        ]

    def _place(self) -> None:
        """Put the panel beside the target (above, below, left or right of it, or
        of the whole drag from it to ``to``): the spot that covers least of the
        target, the destination, the hand, the dice tray and the banner, nearest
        first; with no target, at the top middle."""
        px = self.app.px
        w, h = self.app.size
        margin = px(8)
        bounds = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        spot = self._free_spot()
        t = self.target
        at = self._hinted(bounds)
        if at is not None:
            spot = at
        elif t is not None:
            best: tuple[float, ...] | None = None
            for rect in self._candidates(t, bounds):
                score = self._cover(rect, t)
                if best is None or score < best:
                    best, spot = score, rect
            if best is not None and self._covers_named(spot):  # the corners, last
                for rect in self._corners(bounds):
                    score = self._cover(rect, t)
                    if score < best:
                        best, spot = score, rect
        self.panel = spot.clamp(bounds)
        spot = self.panel
        n = len(self.buttons)
        bw = (spot.w - px(20) - px(10) * (n - 1)) // max(1, n)
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(
                spot.x + px(10) + i * (bw + px(10)), spot.bottom - px(44), bw, px(34)
            )

    def _free_spot(self) -> pygame.Rect:
        """Where a callout with no target goes: the middle of the board (a welcome,
        a summary); the "computer is answering" note sits at the foot of the log."""
        p = self.panel
        spot = pygame.Rect(0, 0, p.w, p.h)
        rects: dict[str, pygame.Rect] = getattr(self.table, "rects", {})
        log = rects.get("log")
        if not self.ready and log is not None and log.w >= p.w:
            spot.bottomright = log.bottomright
            return spot
        w, h = self.app.size
        board = rects.get(getattr(self.table, "board_zone", ""))
        spot.center = board.center if board is not None else (w // 2, h // 2)
        return spot

    def _hinted(self, bounds: pygame.Rect) -> pygame.Rect | None:
        """The step's ``at`` = ``"<side>:<element>"`` (side: above, below, left,
        right): beside that element, when the script knows the best spot."""
        at = self.run.step.at
        if not at or not self.ready:
            return None
        side, _, name = at.partition(":")
        anchor = locate(self.table, name, self.run)
        if anchor is None:
            return None
        p, gap = self.panel, self.app.px(24)
        spots = {
            "above": (anchor.centerx - p.w // 2, anchor.top - gap - p.h),
            "below": (anchor.centerx - p.w // 2, anchor.bottom + gap),
            "left": (anchor.left - gap - p.w, anchor.centery - p.h // 2),
            "right": (anchor.right + gap, anchor.centery - p.h // 2),
        }
        if side not in spots:
            return None
        return pygame.Rect(*spots[side], p.w, p.h).clamp(bounds)

    def _candidates(self, t: pygame.Rect, bounds: pygame.Rect) -> list[pygame.Rect]:
        p, gap = self.panel, self.app.px(46)
        anchors = [t] if self.dest is None else [t, t.union(self.dest), self.dest]
        anchors += [t.union(a) for a in self.about]  # beside the whole group it talks about
        out = []
        for a in anchors:
            xs = (a.centerx - p.w // 2, a.left, a.right - p.w)  # centred, then either edge
            ys = (a.centery - p.h // 2, a.top, a.bottom - p.h)
            for x in xs:
                out.append(pygame.Rect(x, a.top - gap - p.h, p.w, p.h).clamp(bounds))
                out.append(pygame.Rect(x, a.bottom + gap, p.w, p.h).clamp(bounds))
            for y in ys:
                out.append(pygame.Rect(a.left - gap - p.w, y, p.w, p.h).clamp(bounds))
                out.append(pygame.Rect(a.right + gap, y, p.w, p.h).clamp(bounds))
        return out

    def _corners(self, bounds: pygame.Rect) -> list[pygame.Rect]:
        """The screen's corners: where the panel goes when every spot beside the
        target covers a card the text talks about."""
        out = []
        for corner in ("topleft", "topright", "bottomleft", "bottomright"):
            spot = pygame.Rect(0, 0, self.panel.w, self.panel.h)
            setattr(spot, corner, getattr(bounds, corner))
            out.append(spot)
        return out

    def _covers_named(self, rect: pygame.Rect) -> bool:
        """Does ``rect`` cover a card or button the step names (not a whole zone)?"""
        w, h = self.app.size
        named = [self.target, self.dest, *self.about]
        return any(r is not None and _area(r) <= w * h // 6 and rect.colliderect(r) for r in named)

    def _cover(self, rect: pygame.Rect, t: pygame.Rect) -> tuple[float, ...]:
        """How bad ``rect`` is for the panel: what it covers, then how far it is."""
        kit: Any = self.table
        rects = getattr(kit, "rects", {})
        tray = kit.dice_tray(kit.viewer or 0) if hasattr(kit, "dice_tray") else None
        soft = [rects.get("hand"), rects.get("banner"), tray.rect if tray is not None else None]
        soft += [r for k, r in rects.items() if k.startswith("seat_")]  # the players' panels
        w, h = self.app.size
        board = getattr(kit, "board", None)
        if board is not None:  # hand cards, skill buttons, characters: not whole zones
            soft += [s.rect for s in board.spots() if _area(s.rect) < w * h // 10]
        hard = [t, self.dest, *self.about]
        # a card or button the text talks about is never covered while another spot
        # is free; of a whole zone (a drop area) an edge may go
        big = w * h // 6
        covered = sum(
            (10 if _area(r) > big else 1000) * _area(rect.clip(r)) for r in hard if r is not None
        )
        covered += 3 * sum(_area(rect.clip(r)) for r in soft if r is not None)
        dx = max(t.left - rect.right, rect.left - t.right, 0)
        dy = max(t.top - rect.bottom, rect.top - t.bottom, 0)
        return (covered, dx + dy)

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        if self.hidden:
            return
        app, tr = self.app, self.app.tr
        px = app.px
        for rect in self.about:  # what else the text talks about: a thin outline
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(px(6), px(6)), px(2), px(10))
        if self.target is not None:
            pygame.draw.rect(surface, (0, 0, 0), self.target.inflate(px(10), px(10)), px(6), px(10))
            pygame.draw.rect(surface, theme.FOCUS, self.target.inflate(px(8), px(8)), px(3), px(10))
        if self.target is not None and self.dest is not None:
            pygame.draw.rect(surface, theme.GOOD, self.dest.inflate(px(6), px(6)), px(3), px(10))
            draw_arrow(surface, self.target.center, self.dest.center, theme.GOOD, px(5))
        p = self.panel
        draw_panel(surface, p, radius=px(12), alpha=248, edge=theme.ACCENT)
        if self.target is not None:
            self._pointer(surface, p, self.target)
        x, y = p.x + px(14), p.y + px(10)
        room = p.w - px(28)
        steps = len(self.run.script.steps)
        head = tr("guide.heading", step=min(self.run.index + 1, steps), steps=steps)
        size = text.fit_size(head, px(16), room, bold=True)
        surface.blit(text.render(head, size, theme.ACCENT, bold=True), (x, y))
        y += px(32)
        line_h = text.font(px(FONT)).get_linesize()
        for line in self.lines:
            surface.blit(text.render(line, px(FONT), theme.TEXT), (x, y))
            y += line_h
        for button in self.buttons:
            button.draw(surface)

    def _pointer(self, surface: pygame.Surface, panel: pygame.Rect, target: pygame.Rect) -> None:
        """A straight arrow from the panel's border to the target's border, along
        the line between the nearest points of the two."""
        px = self.app.px
        aim = target.inflate(px(12), px(12))
        start = _nearest(panel, aim.center)
        end = _nearest(aim, start)
        _straight_arrow(surface, start, end, theme.ACCENT, px(4))


def _nearest(rect: pygame.Rect, point: tuple[int, int]) -> tuple[int, int]:
    """The point of ``rect`` (its border, if ``point`` is outside) nearest ``point``."""
    x = max(rect.left, min(rect.right - 1, point[0]))
    y = max(rect.top, min(rect.bottom - 1, point[1]))
    return x, y


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _straight_arrow(
    surface: pygame.Surface,
    start: tuple[int, int],
    end: tuple[int, int],
    color: tuple[int, int, int],
    width: int,
) -> None:
    (x0, y0), (x1, y1) = start, end
    vec = pygame.Vector2(x1 - x0, y1 - y0)
    if vec.length() < 4:
        return
    pygame.draw.line(surface, (0, 0, 0), start, end, width + 4)
    pygame.draw.line(surface, color, start, end, width)
    unit = vec.normalize()
    side = pygame.Vector2(-unit.y, unit.x)
    head = width * 3.5
    tip = pygame.Vector2(end)
    left = tip - unit * head + side * head * 0.6
    right = tip - unit * head - side * head * 0.6
    pygame.draw.polygon(surface, (0, 0, 0), [tip + unit * 2, left, right])
    pygame.draw.polygon(surface, color, [tip, left, right])


def open_guide(app: App, game_id: str) -> Scene:
    """Put the game's guided table and its callout overlay on the stack."""
    from scenes.table import open_table

    script = script_for(game_id)
    if script is None:
        raise KeyError(f"no guide for {game_id!r}")
    match = start_match(script, app.tr.lang)
    run = GuideRun(script, match)
    table = guided(open_table(app, match), run)
    hud = GuideHud(app, table, run)
    app.stack.push(table)
    app.stack.push(hud)
    return hud


class GuideListScene(MenuScene):
    """Hướng dẫn: one row per playable game with a guide, then Back."""

    heading_key = "guide.menu.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.scripts = guides()

    def items(self) -> list[MenuItem]:
        """One row per game, none drawn as the primary one: the gold of a primary
        button beside the focus ring read as two choices (P-GI-35, P-SHV-33)."""
        tr = self.app.tr
        items = [
            MenuItem(s.game_id, tr(f"{s.game_id}.name"), self._opener(s.game_id))
            for s in self.scripts
        ]
        items += self.mode_rules()
        items.append(MenuItem("back", tr("ui.common.back"), self.back))
        return items

    def mode_rules(self) -> list[MenuItem]:
        """A row for each mode the guide does not play but the rules help teaches
        (``rules.<game>.mode_sections.<mode>``: Sử Hộ Vương's co-op chapter)."""
        import game

        tr, out = self.app.tr, []
        for script in self.scripts:
            for mode in game.info(script.game_id).modes:
                key = f"rules.{script.game_id}.mode_sections.{mode.id}"
                if not tr.has(key):
                    continue
                section = tr(key)
                heading = tr(f"rules.{script.game_id}.sections.{section}.heading")
                label = tr("ui.seats.mode_rules", heading=heading)
                push = partial(self._open_rules, script.game_id, section)
                out.append(MenuItem(f"rules-{script.game_id}-{mode.id}", label, push))
        return out

    def _open_rules(self, game_id: str, section: str) -> None:
        self.app.scenes.push("rules", game_id, section=section)

    def resume(self) -> None:
        """Back from a guide: the focus stays on the game just played, and the
        hover marks follow where the pointer is now (not where it was before the
        guide), so one row looks chosen; a row under the pointer takes the focus."""
        super().resume()
        pos = pygame.mouse.get_pos()
        for button in self.focus.buttons:
            button.hover = button.rect.collidepoint(pos)
            if button.hover and button.enabled:
                self.focus.focus_name(button.name)

    def _opener(self, game_id: str) -> Any:
        return lambda: open_guide(self.app, game_id)

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        self.draw_heading(surface)
        self.focus.draw(surface)
        draw_hint(surface, self.app, self.app.tr("guide.menu.keys"))


__all__ = ["GuideHud", "GuideListScene", "open_guide"]
