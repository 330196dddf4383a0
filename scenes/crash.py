"""Crash recovery (issue 13.11): an error screen instead of a closed window.

``App.run`` hands an unexpected exception from a frame to :func:`recover`,
which logs it with its traceback (``saves.logfile``), autosaves the match in
play (rebuilt from its log first if the error left its state half-changed),
closes every scene and shows :class:`CrashScene`: what happened in one line,
whether and where the game was saved, where the log file is, and a request to
report it with that save attached.  Its one button (Enter, Esc) goes back to
the title, whose Continue opens the saved game.

:func:`resume_offer` is the question the next start asks after a run that
ended without a clean quit (an error the screen could not catch, a kill, a
power cut): resume the last unfinished game?
"""

from __future__ import annotations

import logging
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.match import Match
from scenes import text, theme
from scenes.scene import Scene
from scenes.ui.menu import FocusScene, draw_background, draw_heading, draw_hint
from scenes.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App

log = logging.getLogger("banthe.crash")

ERROR_CHARS = 240
"""The one-line description of the error is cut to this many characters."""


def describe(exc: BaseException) -> str:
    """``Type: message (file:line)``: one line, the innermost frame of our code."""
    message = " ".join(str(exc).split())
    line = f"{type(exc).__name__}: {message}" if message else type(exc).__name__
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        parts = Path(last.filename).parts
        where = "/".join(parts[-2:]) if len(parts) >= 2 else last.filename
        line = f"{line} ({where}:{last.lineno})"
    line = text.drawable(line)
    return line if len(line) <= ERROR_CHARS else line[: ERROR_CHARS - 1] + "…"


def find_match(app: App) -> Match | None:
    """The match of the topmost scene that holds one (a table, its pause menu)."""
    for scene in reversed(app.stack.scenes):
        match = getattr(scene, "match", None)
        if isinstance(match, Match):
            return match
    return None


def save_match(match: Match) -> tuple[Path | None, str | None]:
    """Autosave ``match``: (path, None) or (None, why not).  An error inside
    ``apply`` may leave the state half-changed, so the state is rebuilt from
    the setup and the log whenever it differs from that."""
    from saves import store

    try:
        rebuilt = Match.replay(match.game_id, match.config, match.seed, match.log, match.rules)
        if rebuilt.snapshot() != match.snapshot():
            log.warning("the match state did not match its log; saving the replayed state")
            match.state = rebuilt.state
        path = store.autosave(match)
        errors = store.flush_writes(timeout=5.0)  # on disk before the error screen says so
        if errors:
            raise errors[0]
        return path, None
    except Exception as exc:  # a broken match or a full disk: say so, keep going
        log.exception("the crash autosave failed")
        return None, describe(exc)


def _close_all(app: App) -> None:
    """Drop every scene and queued change; a scene whose ``exit`` fails too is
    only logged (the screen must come up whatever state the stack is in)."""
    stack = app.stack
    stack._pending.clear()
    while stack.scenes:
        scene = stack.scenes.pop()
        try:
            scene.exit()
        except Exception:
            log.exception("%s.exit failed during crash recovery", type(scene).__name__)


def recover(app: App, exc: Exception) -> None:
    """Log ``exc``, autosave the match in play, and replace every scene by the
    error screen.  An error in the error screen itself is raised again (the
    program then ends, with the error in the log)."""
    log.error("unexpected error; showing the error screen", exc_info=exc)
    if isinstance(app.stack.top, CrashScene):
        raise exc
    match = find_match(app)
    saved, problem = save_match(match) if match is not None else (None, None)
    _close_all(app)
    from saves import logfile

    crash = CrashScene(app, describe(exc), logfile.log_path(), saved, problem, match is not None)
    app.stack.push(crash)
    app.stack.apply_pending()


class CrashScene(FocusScene):
    """The error screen; its one button goes back to the title."""

    def __init__(
        self,
        app: App,
        error: str,
        log_file: Path | None,
        saved: Path | None = None,
        save_problem: str | None = None,
        had_match: bool = False,
    ) -> None:
        super().__init__(app)
        self.error = error
        self.log_file = log_file
        self.saved = saved
        self.save_problem = save_problem
        self.had_match = had_match
        self.panel = pygame.Rect(0, 0, 0, 0)

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """(text, colour) of each paragraph under the heading."""
        tr = self.app.tr
        out = [(tr("ui.crash.what", error=self.error), theme.TEXT)]
        if self.saved is not None:
            out.append((tr("ui.crash.saved", path=str(self.saved)), theme.TEXT))
        elif self.had_match:
            out.append((tr("ui.crash.not_saved", reason=self.save_problem or "?"), theme.TEXT))
        log_file = str(self.log_file) if self.log_file is not None else "—"
        out.append((tr("ui.crash.log", path=log_file), theme.TEXT_DIM))
        out.append((tr("ui.crash.report" if self.saved else "ui.crash.report_plain"), theme.TEXT))
        return out

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        rect = pygame.Rect(0, 0, app.px(300), app.px(50))
        pad, size = app.px(24), app.px(20)
        width = min(w - app.px(60), app.px(960))
        line_h = text.font(size).get_linesize()
        rows = sum(len(text.wrap(p, size, width - 2 * pad)) + 0.5 for p, _ in self.lines())
        top = int(h * 0.2)
        room = h - app.px(64) - rect.height - app.px(24) - top
        self.panel = pygame.Rect(0, top, width, min(room, int(rows * line_h) + 2 * pad))
        self.panel.centerx = w // 2
        rect.midtop = (w // 2, self.panel.bottom + app.px(28))
        label = app.tr("ui.crash.back")
        button = Button(label, self.to_title, rect, primary=True, font_size=app.px(22), name="back")
        self.focus.set([button], focus="back")

    def back(self) -> None:
        self.to_title()

    def to_title(self) -> None:
        from scenes.title import TitleScene

        self.app.stack.clear_to(TitleScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        draw_background(surface)
        draw_heading(surface, app.tr("ui.crash.title"), (w // 2, int(h * 0.11)), app.px(52), w)
        draw_panel(surface, self.panel, radius=app.px(14), alpha=235)
        pad = app.px(24)
        size = app.px(20)
        width = self.panel.width - 2 * pad
        y = self.panel.y + pad
        line_h = text.font(size).get_linesize()
        for paragraph, color in self.lines():
            for line in text.wrap(paragraph, size, width):
                if y + line_h > self.panel.bottom - pad // 2:
                    break
                surf = text.render(text.clip(line, size, width), size, color)
                surface.blit(surf, (self.panel.x + pad, y))
                y += line_h
            y += line_h // 2
        self.focus.draw(surface)
        draw_hint(surface, app, app.tr("ui.crash.keys"))


def resume_offer(app: App, title: Any) -> Scene | None:
    """After a run that ended without a clean quit: a question over ``title``
    (the title scene, pushed first) to resume the newest unfinished game, or
    None when the last run quit cleanly or there is nothing to resume."""
    from saves import logfile, store
    from scenes.dialogs import ConfirmDialog

    if not logfile.previous_crashed():
        return None
    latest = store.latest_autosave()
    if latest is None:
        return None
    tr = app.tr
    seats = tr.join([s.get("name", "") for s in latest.summary.get("seats", [])])
    from scenes.replay_list import round_words  # the game's own word: "Hiệp 3"

    body = tr(
        "ui.crash.resume_body",
        game=tr(f"{latest.game}.name"),
        round=round_words(tr, latest.game, latest.summary.get("round", "?")),
        seats=seats,
    )
    return ConfirmDialog(
        app, tr("ui.crash.resume_title"), body, title.on_continue, default_no=False
    )
