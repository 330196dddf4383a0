"""Results: winner(s), score per seat, key stats from ``rules.summary``,
rematch (same config, new seed) and back to the title.  The final board (a
picture of the table when the game ended) lies under the panel, shows as a
thumbnail in the panel's free space, and fills the window on B or a click on the
thumbnail (issue 11 item 23)."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from game import new_match
from scenes import text, theme
from scenes.surfaces import MB, SurfaceCache
from scenes.ui.art import DriftingCards
from scenes.ui.menu import FocusScene, draw_background, draw_heading, draw_hint
from scenes.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App

HIDDEN_KEYS = ("round", "scores", "seats", "to_move")


def final_board(app: App, match: Any) -> pygame.Surface | None:
    """A picture of the table as the game ended: the scene on top of the stack when
    the results are made (the table, which replaces itself with them), if it plays
    ``match``, drawn by its ``draw_final(surface)`` if it has one; None otherwise."""
    top = app.stack.top
    if top is None or getattr(top, "match", None) is not match:
        return None
    board = pygame.Surface(app.size)
    getattr(top, "draw_final", top.draw)(board)  # a table may settle its glides first
    return board


class ResultsScene(FocusScene):
    def __init__(self, app: App, match: Any, board: pygame.Surface | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.outcome = match.outcome()
        self.summary: dict[str, Any] = dict(match.rules.summary(match.state) or {})
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.cards = DriftingCards(count=10, seed=3)
        self.board = board if board is not None else final_board(app, match)
        self.peek = False  # the final board fills the window
        self.thumb_rect = pygame.Rect(0, 0, 0, 0)  # the board's thumbnail in the panel
        self._scaled: SurfaceCache[tuple[int, int], pygame.Surface] = SurfaceCache(
            "results.board", 8 * MB
        )  # the final board at the window's size

    # -- data -------------------------------------------------------------------
    def label(self, key: str) -> str | None:
        """The shown name of a stat, or None for a fact the game did not label
        (internal summary fields are not shown raw)."""
        tr = self.app.tr
        for full in (f"{self.match.game_id}.summary.{key}", f"ui.results.stat.{key}"):
            if tr.has(full):
                return tr(full)
        return None

    def scores(self) -> list[Any]:
        if self.outcome is not None and self.outcome.scores:
            return list(self.outcome.scores)
        return list(self.summary.get("scores") or [])

    def columns(self) -> list[tuple[str, list[Any]]]:
        """Per-seat stats (lists as long as the seats) shown as table columns."""
        n = len(self.match.seats)
        cols = [("score", self.scores())]
        for key, value in self.summary.items():
            if (
                key not in HIDDEN_KEYS
                and isinstance(value, list)
                and len(value) == n
                and self.label(key) is not None
            ):
                cols.append((key, value))
        moves = [0] * n
        for action in self.match.log:
            if 0 <= action.seat < n:
                moves[action.seat] += 1
        cols.append(("moves", moves))
        return cols

    def facts(self) -> list[str]:
        """Game-wide stats (round reached and other scalars)."""
        tr = self.app.tr
        out = []
        if isinstance(self.summary.get("round"), int):
            own = f"{self.match.game_id}.summary.rounds"  # a game's own word for a round
            out.append(tr(own if tr.has(own) else "ui.results.rounds", n=self.summary["round"]))
        for key, value in self.summary.items():
            label = self.label(key)
            if key not in HIDDEN_KEYS and label and isinstance(value, int | float | str):
                out.append(tr("ui.results.fact", label=label, value=value))
        out.append(tr("ui.results.total_moves", n=len(self.match.log)))
        return out

    def headline(self) -> str:
        tr = self.app.tr
        if self.outcome is None:
            return tr("ui.results.unfinished")
        if self.outcome.draw:
            return tr("ui.results.draw")
        names = [self.match.seats[s].name for s in self.outcome.winners]
        if not names and self.reason():  # nobody at the table won (a villain side did)
            return self.reason()
        if len(names) == 1:
            return tr("ui.results.winner", name=names[0])
        return tr("ui.results.winners", names=tr.join(names))

    def reason(self) -> str:
        """How the game ended, in words, when the rules name it (a PvE condition met)."""
        key = self.outcome.reason if self.outcome is not None else ""
        return self.app.tr(key) if key and self.app.tr.has(key) else ""

    # -- actions ----------------------------------------------------------------
    def rematch(self) -> None:
        from scenes.table import open_table

        seed = random.randrange(1, 2**32)
        match = new_match(self.match.game_id, self.match.config, seed)
        self.app.stack.replace(open_table(self.app, match))

    def story_below(self) -> Any:
        """The scene under this fight's results that its "Continue" returns to (one that
        says ``continues_fights``: the Story's boss list), or None: not such a fight."""
        below = self.app.stack.scenes[:-1]
        return next((s for s in reversed(below) if getattr(s, "continues_fights", False)), None)

    def back_to_story(self) -> None:
        """Tiếp tục: back to the Story, which records the fight, tells the epilogue after
        a win and shows the bosses again (play-test P3-5)."""
        scenes = self.app.stack.scenes
        story = self.story_below()
        if story is None:
            return
        for _ in range(len(scenes) - 1 - scenes.index(story)):
            self.app.stack.pop()

    def to_title(self) -> None:
        from scenes.title import TitleScene

        self.app.stack.clear_to(TitleScene(self.app))

    # -- layout -----------------------------------------------------------------
    def enter(self) -> None:
        from scenes.replay import keep_finished

        keep_finished(self.app, self.match)  # the finished game stays as a replay (issue 12)
        super().enter()
        self.focus.focus_name("continue" if self.story_below() is not None else "rematch")

    def layout(self) -> None:
        app, tr = self.app, self.app.tr
        w, h = app.size
        pw = min(w - app.px(40), app.px(860))
        self.panel_rect = pygame.Rect(0, 0, pw, h - app.px(70))
        self.panel_rect.midtop = (w // 2, app.px(16))
        story = self.story_below() is not None
        entries = (
            [("continue", tr("ui.results.story_continue"), self.back_to_story)] if story else []
        )
        entries += [("rematch", tr("ui.results.rematch"), self.rematch),
                    ("title", tr("ui.results.title_button"), self.to_title)]  # fmt: skip
        gap, bh = app.px(20), app.px(48)
        bw = min(app.px(240), (pw - app.px(40) - gap * (len(entries) - 1)) // len(entries))
        y = self.panel_rect.bottom - app.px(22) - bh
        x = w // 2 - (len(entries) * bw + (len(entries) - 1) * gap) // 2
        old = self.focus.current.name if self.focus.current else None
        self.focus.set(
            [Button(words, act, pygame.Rect(x + i * (bw + gap), y, bw, bh), primary=i == 0,
                    font_size=app.px(21), name=name)
             for i, (name, words, act) in enumerate(entries)],
            focus=old,
        )  # fmt: skip

    # -- frame ------------------------------------------------------------------
    def back(self) -> None:
        self.to_title()  # Esc: there is no table to go back to

    def handle(self, event: pygame.event.Event) -> bool:
        """B or a click on the thumbnail shows the final board; any key or click
        while it shows goes back to the results.  Space presses nothing here: at the
        table it skips animations, and a player still pressing it as the game ends
        must not start the next one (play-test P2-4); Enter does."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and not self.peek:
            return True
        if self.board is None:
            return super().handle(event)
        if self.peek:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
                self.peek = False
            return True
        key = event.type == pygame.KEYDOWN and event.key == pygame.K_b
        click = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if key or (click and self.thumb_rect.collidepoint(event.pos)):
            self.peek = True
            return True
        return super().handle(event)

    def _board_at(self, size: tuple[int, int]) -> pygame.Surface:
        assert self.board is not None
        board = self.board
        return self._scaled.fetch(size, lambda: pygame.transform.smoothscale(board, size))

    def _draw_back(self, surface: pygame.Surface) -> None:
        """The final board, dimmed, under the panel (the drifting cards without one)."""
        if self.board is None:
            draw_background(surface)
            self.cards.draw(surface, self.app.scale)
            return
        surface.blit(self._board_at(surface.get_size()), (0, 0))
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        surface.blit(veil, (0, 0))

    def _draw_thumb(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """The final board, as large as fits in ``room`` (none if it would be tiny)."""
        self.thumb_rect = pygame.Rect(0, 0, 0, 0)
        if self.board is None or room.h < self.app.px(70) or room.w <= 0:
            return
        bw, bh = self.board.get_size()
        k = min(room.w / bw, room.h / bh)
        rect = pygame.Rect(0, 0, max(1, round(bw * k)), max(1, round(bh * k)))
        rect.center = room.center
        surface.blit(self._board_at(rect.size), rect)
        pygame.draw.rect(surface, theme.TEXT_DIM, rect.inflate(2, 2), 1)
        self.thumb_rect = rect

    def update(self, dt: float) -> None:
        self.cards.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        app, tr = self.app, self.app.tr
        if self.peek and self.board is not None:
            surface.blit(self._board_at(surface.get_size()), (0, 0))
            draw_hint(surface, app, tr("ui.results.board_back"))
            return
        self._draw_back(surface)
        p = self.panel_rect
        draw_panel(surface, p, radius=app.px(14), alpha=240)
        pad = app.px(26)
        draw_heading(surface, tr("ui.results.title"), (p.centerx, p.y + pad + app.px(18)),
                     app.px(30), p.width - 2 * pad)  # fmt: skip
        head = self.headline()
        size = text.fit_size(head, app.px(36), p.width - 2 * pad, bold=True)
        hs = text.render(head, size, theme.FOCUS, bold=True)
        surface.blit(hs, hs.get_rect(midtop=(p.centerx, p.y + pad + app.px(48))))
        y = p.y + pad + app.px(48) + hs.get_height() + app.px(16)
        why = self.reason()
        if why and why != head:  # the condition met, under the winners
            size = text.fit_size(why, app.px(20), p.width - 2 * pad)
            ws = text.render(why, size, theme.TEXT)
            surface.blit(ws, ws.get_rect(midtop=(p.centerx, y - app.px(8))))
            y += ws.get_height() + app.px(4)

        cols = self.columns()
        name_w = int((p.width - 2 * pad) * (0.34 if len(cols) <= 3 else 0.22))
        col_w = (p.width - 2 * pad - name_w) // max(1, len(cols))
        hsz = app.px(16)
        head_h = 0
        labels = tuple(self.label(key) or key for key, _ in cols)
        size, headers = header_lines(labels, hsz, col_w - app.px(10))
        for j, lines in enumerate(headers):
            cx = p.x + pad + name_w + j * col_w + col_w // 2
            ly = y
            for line in lines:
                ls = text.render(line, size, theme.TEXT_DIM, bold=True)
                surface.blit(ls, ls.get_rect(midtop=(cx, ly)))
                ly += ls.get_height()
            head_h = max(head_h, ly - y)
        y += head_h + app.px(8)
        row_h = app.px(36)
        winners = set(self.outcome.winners) if self.outcome and not self.outcome.draw else set()
        for i, seat in enumerate(self.match.seats):
            row = pygame.Rect(p.x + pad, y, p.width - 2 * pad, row_h - app.px(4))
            if i in winners:
                pygame.draw.rect(surface, (70, 60, 30), row, border_radius=app.px(6))
            mark = tr("ui.results.ai_mark") if seat.is_ai else ""
            name = f"{seat.name}{mark}"
            size = text.fit_size(name, app.px(20), name_w - app.px(16))
            color = theme.ACCENT if i in winners else theme.TEXT
            ns = text.render(name, size, color, bold=i in winners)
            surface.blit(ns, ns.get_rect(midleft=(row.x + app.px(10), row.centery)))
            for j, (_, values) in enumerate(cols):
                value = values[i] if i < len(values) else ""
                shown = f"{value:g}" if isinstance(value, float) else str(value)
                vs = text.render(shown, app.px(20), color)
                cx = p.x + pad + name_w + j * col_w + col_w // 2
                surface.blit(vs, vs.get_rect(center=(cx, row.centery)))
            y += row_h
        y += app.px(10)
        for fact in self.facts():
            size = text.fit_size(fact, app.px(18), p.width - 2 * pad)
            fs = text.render(fact, size, theme.TEXT_DIM)
            surface.blit(fs, fs.get_rect(midtop=(p.centerx, y)))
            y += fs.get_height() + app.px(4)
        buttons = [b.rect.top for b in self.focus.buttons] or [p.bottom]
        top = y + app.px(8)
        self._draw_thumb(
            surface, pygame.Rect(p.x + pad, top, p.w - 2 * pad, min(buttons) - app.px(12) - top)
        )
        self.focus.draw(surface)
        draw_hint(surface, app, tr("ui.results.keys_board" if self.board else "ui.results.keys"))


@lru_cache(maxsize=16)
def header_lines(
    labels: tuple[str, ...], size: int, room: int
) -> tuple[int, tuple[tuple[str, ...], ...]]:
    """Column headers at one font size (issue 11 item 22: no header in a smaller font
    than the others): the size the tightest one needs, every header wrapped at it."""
    common = min((_header(label, size, room)[0] for label in labels), default=size)
    return common, tuple(tuple(text.wrap(label, common, room, bold=True)) for label in labels)


@lru_cache(maxsize=64)
def _header(label: str, size: int, room: int) -> tuple[int, tuple[str, ...]]:
    """A column header in at most two lines of ``room`` pixels: (font size, lines).
    Cached: the results screen draws it every frame."""
    lines = text.wrap(label, size, room, bold=True)
    while size > 9 and (
        len(lines) > 2 or any(text.size_of(ln, size, bold=True)[0] > room for ln in lines)
    ):
        size -= 1
        lines = text.wrap(label, size, room, bold=True)
    return size, tuple(lines)
