"""Rules help: the rules summary of a game, scrollable (wheel, arrows, PgUp/PgDn).

Text comes from ``assets/i18n/<lang>/rules.json``: ``rules.<game>.title`` and
numbered ``rules.<game>.sections.<NN>.heading`` / ``.body`` entries.  A body line
starting with "• " or "1. " is a list item with a hanging indent; runs of lines
starting with "|" are a table and ``[[pyro]]`` is an element icon (``scenes.rules_doc``).
The scene takes any game id, listed in game select or not (a hidden game's table
opens it from its pause menu), and optionally a section number to open at:
``app.scenes.push("rules", "invokation", section="18")``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from game.i18n import table
from scenes import rules_doc, text, theme
from scenes.ui.menu import FocusScene, draw_background, draw_dim, draw_heading, draw_hint
from scenes.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from scenes.app import App

LIST_MARKER = re.compile(r"(•|\d+\.) ")


def section_ids(game_id: str, lang: str) -> list[str]:
    """The numbers ("01", "02", ...) of a game's rules sections, in order."""
    prefix = f"rules.{game_id}.sections."
    return sorted({k[len(prefix) :].split(".")[0] for k in table(lang) if k.startswith(prefix)})


def sections(game_id: str, lang: str) -> list[tuple[str, str]]:
    """(heading, body) pairs of a game's rules summary, in order."""
    prefix = f"rules.{game_id}.sections."
    strings = table(lang)
    return [
        (strings.get(f"{prefix}{i}.heading", ""), strings.get(f"{prefix}{i}.body", ""))
        for i in section_ids(game_id, lang)
    ]


class RulesScene(FocusScene):
    def __init__(self, app: App, game_id: str, section: str | None = None) -> None:
        """``section`` ("18"): open scrolled to that section's heading (a table's
        shortcut to one page, for example the reaction table)."""
        super().__init__(app)
        self.game_id = game_id
        self.start_section = section
        self.anchors: dict[str, int] = {}  # section number -> y of its heading
        self.heading_ys: set[int] = set()  # headings and table headers: kept with what follows
        self.scroll = 0
        self.lines: list[tuple[pygame.Surface, int, int]] = []  # (line, x, y in the document)
        self.doc_h = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.overlay = app.stack.top is not None and app.stack.top.overlay

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        pw = min(w - app.px(40), app.px(900))
        self.panel_rect = pygame.Rect(0, 0, pw, h - app.px(54))
        self.panel_rect.midtop = (w // 2, app.px(14))
        pad = app.px(24)
        head = app.px(64)
        bh = app.px(44)
        self.view = pygame.Rect(
            self.panel_rect.x + pad,
            self.panel_rect.y + pad + head,
            pw - 2 * pad,
            self.panel_rect.height - 2 * pad - head - bh - app.px(12),
        )
        body_size, head_size = app.px(19), app.px(23)
        y = 0
        self.lines = []
        width = self.view.width - app.px(16)
        lang = app.tr.lang
        self.anchors = {}
        self.heading_ys = set()
        for sid, (heading, body) in zip(
            section_ids(self.game_id, lang), sections(self.game_id, lang), strict=True
        ):
            self.anchors[sid] = y
            for line in text.wrap(heading, head_size, width, bold=True):
                self.heading_ys.add(y)
                self.lines.append((text.render(line, head_size, theme.ACCENT, bold=True), 0, y))
                y += text.font(head_size, True).get_linesize()
            y += app.px(4)
            y = self.layout_body(body, body_size, width, y)
            y += app.px(16)
        self.doc_h = y
        if self.start_section in self.anchors:
            self.scroll = self.anchors[self.start_section]
            self.start_section = None  # later layouts (resize) keep the reader's place
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        back = pygame.Rect(0, 0, app.px(220), bh)
        back.midbottom = (self.panel_rect.centerx, self.panel_rect.bottom - pad)
        self.focus.set(
            [Button(app.tr("ui.common.back"), self.back, back, font_size=app.px(20), name="back")]
        )

    def layout_body(self, body: str, size: int, width: int, y: int) -> int:
        """Lay out one section's body from document ``y``; returns the ``y`` under it.
        Runs of ``|`` lines are tables, ``[[pyro]]`` an inline icon (scenes.rules_doc)."""
        paras = body.split("\n")
        i = 0
        while i < len(paras):
            if rules_doc.is_table_line(paras[i]):
                end = i
                while end < len(paras) and rules_doc.is_table_line(paras[end]):
                    end += 1
                y += self.app.px(4)
                rows, y = rules_doc.layout_table(paras[i:end], size - 1, width, y)
                self.heading_ys.add(rows[0][2])  # the header row stays with the first row
                self.lines.extend(rows)
                y += self.app.px(8)
                i = end
                continue
            para = paras[i]
            indent = self.hanging_indent(para, size)
            for j, line in enumerate(rules_doc.rich_wrap(para, size, width - indent)):
                x = indent if j > 0 else 0
                self.lines.append((rules_doc.rich_render(line, size, theme.TEXT), x, y))
                y += text.font(size).get_linesize()
            i += 1
        return y

    @staticmethod
    def hanging_indent(para: str, size: int) -> int:
        """Continuation lines of a bullet ("• ") or numbered step ("3. ") line up
        after its marker; other paragraphs are not indented."""
        marker = LIST_MARKER.match(para)
        return text.font(size).size(marker.group(0))[0] if marker else 0

    @property
    def max_scroll(self) -> int:
        return max(0, self.doc_h - self.view.height)

    def visible_lines(self) -> list[int]:
        """Indices of the lines drawn now: only whole lines (no half-cut letters at the
        edges), and no heading left alone at the foot of the view without its body."""
        top, bottom = self.scroll, self.scroll + self.view.height
        shown = [
            i for i, (s, _, y) in enumerate(self.lines) if y >= top and y + s.get_height() <= bottom
        ]
        while (
            shown
            and shown[-1] + 1 < len(self.lines)
            and self.lines[shown[-1]][2] in self.heading_ys
        ):
            shown.pop()
        return shown

    def page_down(self) -> None:
        """Next page: the first line not wholly in view becomes the top line."""
        bottom = self.scroll + self.view.height
        for i, (surf, _, y) in enumerate(self.lines):
            if y > self.scroll and y + surf.get_height() > bottom:
                # A heading at the foot of the page moves on with its body.
                while i > 0 and self.lines[i - 1][2] in self.heading_ys:
                    if self.lines[i - 1][2] <= self.scroll:
                        break
                    i -= 1
                self.scroll_by(self.lines[i][2] - self.scroll)
                return
        self.scroll_by(self.doc_h)

    def page_up(self) -> None:
        """Previous page: it ends with the line above the current top line."""
        target = self.scroll - self.view.height
        first = next((y for _, _, y in self.lines if y >= target), 0)
        self.scroll_by(min(first, self.scroll) - self.scroll)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def handle(self, event: pygame.event.Event) -> bool:
        app = self.app
        if event.type == pygame.KEYDOWN:
            step = app.px(40)
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                (self.page_down if event.key == pygame.K_PAGEDOWN else self.page_up)()
                return True
            moves = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_HOME: -self.doc_h,
                pygame.K_END: self.doc_h,
            }
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return True
            if event.key == pygame.K_BACKSPACE:
                self.back()
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * app.px(60))
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        if self.overlay:
            draw_dim(surface)
        else:
            draw_background(surface)
        draw_panel(surface, self.panel_rect, radius=app.px(14), alpha=255)
        draw_heading(
            surface,
            app.tr(f"rules.{self.game_id}.title"),
            (self.panel_rect.centerx, self.panel_rect.y + app.px(24) + app.px(26)),
            app.px(34),
            self.panel_rect.width - app.px(48),
        )
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for i in self.visible_lines():
            surf, x, y = self.lines[i]
            surface.blit(surf, (self.view.x + x, self.view.y + y - self.scroll))
        surface.set_clip(clip)
        if self.max_scroll > 0:
            track = pygame.Rect(
                self.view.right - app.px(6), self.view.y, app.px(5), self.view.height
            )
            pygame.draw.rect(surface, (50, 56, 66), track, border_radius=3)
            frac = self.view.height / self.doc_h
            thumb_h = max(app.px(30), int(track.height * frac))
            ty = track.y + int((track.height - thumb_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, (track.x, ty, track.width, thumb_h), border_radius=3
            )
        self.focus.draw(surface)
        draw_hint(surface, app, app.tr("ui.rules.keys"))
