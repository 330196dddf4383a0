"""The puzzle menu and the puzzle panel over the table (issue 12 item 3).

:class:`PuzzleListScene` lists :func:`scenes.puzzles.puzzles` (every playable
game's puzzle files).  A row opens the game's own table on the puzzle's position
(``open_table`` on a :class:`~scenes.puzzles.ScenarioMatch`, made
``practised``: no autosave, no results screen) with :class:`PuzzleHud` pushed
over it: a panel over the lower part of the table's log zone with the title, the
goal, the hint (H), Retry (R) and Back.  The panel updates the table (it is the
top scene) and runs :func:`scenes.puzzles.verdict` after every move: "Solved!"
(with Next) or "Not quite" (with Retry).  Everything else — Esc, drags, clicks on
the table — falls through to the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from scenes import text, theme
from scenes.puzzles import FAILED, SOLVED, Damaged, Puzzle, puzzles, start_match, verdict
from scenes.scene import Scene
from scenes.table import open_table
from scenes.ui.menu import FocusScene, draw_background, draw_heading, draw_hint
from scenes.ui.widgets import Button, draw_panel
from scenes.watch import practised

if TYPE_CHECKING:
    from scenes.scene import App
    from scenes.table.base import TableScene


def open_puzzle(app: App, items: list[Puzzle], index: int) -> PuzzleHud:
    """Put the puzzle's table and its panel on the stack (above the list)."""
    puzzle = items[index]
    table = practised(open_table(app, start_match(puzzle, app.tr.lang)))
    hud = PuzzleHud(app, items, index, table)
    app.stack.push(table)
    app.stack.push(hud)
    return hud


class PuzzleListScene(FocusScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.damaged: list[Damaged] = []  # skipped files, named on screen (issue 37)
        self.items = puzzles(damaged=self.damaged)

    def layout(self) -> None:
        app, tr = self.app, self.app.tr
        px = app.px
        w, h = app.size
        rh, gap = px(44), px(8)
        top = px(130)
        rows = len(self.items) + 1
        top = min(top, max(px(100), h - px(60) - rows * (rh + gap)))
        widgets: list[Any] = []
        for i, puzzle in enumerate(self.items):
            label = tr(
                "puzzles.row",
                game=tr(f"{puzzle.game_id}.name"),
                title=puzzle.text("title", tr.lang),
            )
            rect = pygame.Rect(0, top + i * (rh + gap), min(w - px(60), px(640)), rh)
            rect.centerx = w // 2
            widgets.append(Button(label, self._opener(i), rect, font_size=px(19), name=puzzle.id))
        back = pygame.Rect(0, top + len(self.items) * (rh + gap) + px(10), px(220), rh)
        back.centerx = w // 2
        widgets.append(Button(tr("ui.common.back"), self.back, back, font_size=px(20), name="back"))
        old = self.focus.current.name if self.focus.current else None
        self.focus.set(widgets, focus=old)

    def _opener(self, index: int) -> Any:
        return lambda: open_puzzle(self.app, self.items, index)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w = surface.get_width()
        draw_background(surface)
        draw_heading(surface, app.tr("puzzles.title"), (w // 2, app.px(60)), app.px(44), w)
        if not self.items:
            msg = text.render(app.tr("puzzles.empty"), app.px(20), theme.TEXT_DIM)
            surface.blit(msg, msg.get_rect(midtop=(w // 2, app.px(160))))
        if self.damaged:
            names = ", ".join(d.path.name for d in self.damaged)
            line = app.tr("ui.notice.puzzles_skipped", n=len(self.damaged), files=names)
            size = text.fit_size(line, app.px(16), w - app.px(40))
            note = text.render(line, size, theme.TEXT_DIM)
            surface.blit(note, note.get_rect(midtop=(w // 2, app.px(96))))
        self.focus.draw(surface)
        draw_hint(surface, app, app.tr("puzzles.keys"))


class PuzzleHud(Scene):
    """The puzzle's panel over its table (see the module docstring)."""

    overlay = True
    modal = False

    def __init__(self, app: App, items: list[Puzzle], index: int, table: TableScene) -> None:
        super().__init__(app)
        self.items = items
        self.index = index
        self.puzzle = items[index]
        self.table = table
        self.state: str | None = None
        self.show_hint = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.lines: list[str] = []
        self.goal_lines = 0

    # -- control --------------------------------------------------------------------
    def retry(self) -> None:
        """Close this table and open the same puzzle afresh."""
        self._close()
        open_puzzle(self.app, self.items, self.index)

    def next_puzzle(self) -> None:
        self._close()
        open_puzzle(self.app, self.items, (self.index + 1) % len(self.items))

    def to_list(self) -> None:
        self._close()

    def _close(self) -> None:
        stack = self.app.stack
        stack.pop()  # this panel
        stack.pop()  # the puzzle's table

    def toggle_hint(self) -> None:
        self.show_hint = not self.show_hint
        self.layout()

    # -- frame ----------------------------------------------------------------------
    def enter(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def update(self, dt: float) -> None:
        self.table.update(dt)
        if self.state is None and not self.table.anims.busy:
            self.state = verdict(self.puzzle, self.table.match)
            if self.state is not None:
                self.layout()

    def handle(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_h, pygame.K_r):
            (self.toggle_hint if event.key == pygame.K_h else self.retry)()
            return True
        if self.state is not None and event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            (self.next_puzzle if self.state == SOLVED else self.retry)()
            return True
        return False

    def layout(self) -> None:
        app, tr = self.app, self.app.tr
        px = app.px
        log = getattr(self.table.log_panel, "rect", None)
        w, h = app.size
        width = log.width if log is not None and log.width > px(160) else px(260)
        room = width - px(24)
        self.lines = text.wrap(self.puzzle.text("goal", tr.lang), px(15), room)
        self.goal_lines = len(self.lines)
        if self.show_hint:
            self.lines += text.wrap(self.puzzle.text("hint", tr.lang), px(15), room)
        height = px(40) + len(self.lines) * px(19) + px(28) + px(88)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.bottomright = (
            (log.right, log.bottom) if log is not None else (w - px(10), h - px(10))
        )
        bw = (width - px(30)) // 2
        row = self.panel.bottom - px(44)
        first = (tr("puzzles.hide_hint" if self.show_hint else "puzzles.hint"), self.toggle_hint)
        if self.state == SOLVED:
            first = (tr("puzzles.next"), self.next_puzzle)
        specs = [first, (tr("puzzles.retry"), self.retry)]
        self.buttons = []
        for i, (label, act) in enumerate(specs):
            rect = pygame.Rect(self.panel.x + px(10) + i * (bw + px(10)), row, bw, px(34))
            self.buttons.append(
                Button(label, act, rect, font_size=px(16), primary=i == 0 and self.state == SOLVED)
            )
        back = pygame.Rect(self.panel.x + px(10), row - px(40), width - px(20), px(32))
        self.buttons.append(Button(tr("puzzles.back"), self.to_list, back, font_size=px(15)))

    def animating(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        app, tr, p = self.app, self.app.tr, self.panel
        px = app.px
        draw_panel(surface, p, radius=px(10), alpha=245)
        x, y, room = p.x + px(12), p.y + px(10), p.width - px(24)
        title = self.puzzle.text("title", tr.lang)
        size = text.fit_size(title, px(20), room, bold=True)
        surface.blit(text.render(title, size, theme.ACCENT, bold=True), (x, y))
        y += px(30)
        bottom = self.buttons[-1].rect.y - px(4) if self.buttons else p.bottom
        for i, line in enumerate(self.lines):
            color = theme.TEXT_DIM if self.show_hint and i >= self.goal_lines else theme.TEXT
            surface.blit(text.render(line, px(15), color), (x, y))
            y += px(19)
        if self.state is not None:
            word = tr("puzzles.solved" if self.state == SOLVED else "puzzles.failed")
            color = theme.GOOD if self.state == SOLVED else theme.BAD
            size = text.fit_size(word, px(18), room, bold=True)
            surf = text.render(word, size, color, bold=True)
            surface.blit(surf, surf.get_rect(midbottom=(p.centerx, bottom)))
        for button in self.buttons:
            button.draw(surface)


__all__ = ["FAILED", "SOLVED", "PuzzleHud", "PuzzleListScene", "open_puzzle"]
