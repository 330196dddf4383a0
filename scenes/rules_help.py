"""Rules help: the rules summary of a game, scrollable (wheel, arrows, PgUp/PgDn).

Text comes from ``assets/i18n/<lang>/rules.json``: ``rules.<game>.title`` and
numbered ``rules.<game>.sections.<NN>.heading`` / ``.body`` entries.  A body line
starting with "• " or "1. " is a list item with a hanging indent; runs of lines
starting with "|" are a table, ``[[pyro]]`` is an element icon (``scenes.rules_doc``) and a
line starting with "## " is a sub-heading.
The scene takes any game id, listed in game select or not (a hidden game's table
opens it from its pause menu), and optionally a section number to open at:
``app.scenes.push("rules", "invokation", section="18")`` (the table's glossary popup
opens a term's section this way).

A search box above the text: typing finds every line holding the words, accents and
letter case ignored ("tan cong" finds "tấn công", ``rules_doc.fold``), marks them and
jumps to the first one at or below the view; Enter / F3 (or the ▼ button) goes to the
next match, Shift+Enter / Shift+F3 (▲) to the previous; the count shows "3/12"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from game.i18n import table
from scenes import rules_doc, text, theme
from scenes.ui.menu import FocusScene, draw_background, draw_dim, draw_heading, draw_hint
from scenes.ui.widgets import Button, TextField, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App

LIST_MARKER = re.compile(r"(•|\d+\.) ")
SUBHEAD = "## "  # a body line starting so is a sub-heading (bold), without the marker
HIT = (92, 78, 34)  # a search match behind its words
HIT_NOW = (168, 120, 30)  # the current match
Words = tuple[str, int, bool, bool]  # a line's plain text, size, bold, exact (no icons/table)


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
        self.headings: dict[str, str] = {}  # section number -> its heading
        self.heading_ys: set[int] = set()  # headings and table headers: kept with what follows
        self.scroll = 0
        self.lines: list[rules_doc.DocLine] = []  # painted when first drawn
        self.words: list[Words] = []  # the text of each line, for the search
        self.query = ""
        self.matches: list[tuple[int, int, int]] = []  # (line, start, end)
        self.current = -1  # the match shown (an index into ``matches``)
        self.search_rect = pygame.Rect(0, 0, 0, 0)
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
        sh = app.px(36)  # the search row
        self.search_rect = pygame.Rect(
            self.panel_rect.x + pad, self.panel_rect.y + pad + head - app.px(8),
            pw - 2 * pad - app.px(330), sh,
        )  # fmt: skip
        top = self.search_rect.bottom + app.px(10)
        self.view = pygame.Rect(
            self.panel_rect.x + pad,
            top,
            pw - 2 * pad,
            self.panel_rect.bottom - pad - bh - app.px(12) - top,
        )
        body_size, head_size = app.px(19), app.px(23)
        y = 0
        self.lines = []
        self.words = []
        width = self.view.width - app.px(16)
        lang = app.tr.lang
        self.anchors = {}
        self.headings = {}
        self.heading_ys = set()
        for sid, (heading, body) in zip(
            section_ids(self.game_id, lang), sections(self.game_id, lang), strict=True
        ):
            self.anchors[sid] = y
            self.headings[sid] = heading
            for line in text.wrap(heading, head_size, width, bold=True):
                self.heading_ys.add(y)
                self.lines.append(rules_doc.rich_line(line, head_size, theme.ACCENT, 0, y, True))
                self.words.append((line, head_size, True, True))
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
        field = TextField(self.query, self.set_query, self.search_rect, max_len=40,
                          font_size=app.px(18), name="search",
                          placeholder=app.tr("glossary.search.placeholder"))  # fmt: skip
        arrow = pygame.Rect(0, 0, app.px(36), self.search_rect.h)
        up = arrow.move(self.search_rect.right + app.px(8), self.search_rect.y)
        down = up.move(app.px(42), 0)
        self.focus.set(
            [
                field,
                Button("▲", self.previous_match, up, font_size=app.px(16), name="previous"),
                Button("▼", self.next_match, down, font_size=app.px(16), name="next"),
                Button(
                    app.tr("ui.common.back"), self.back, back, font_size=app.px(20), name="back"
                ),
            ]
        )
        self.matches = rules_doc.find_all([w[0] for w in self.words], self.query)
        self.current = min(self.current, len(self.matches) - 1)

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
                self.heading_ys.add(rows[0].y)  # the header row stays with the first row
                self.lines.extend(rows)
                self.words.extend(
                    (rules_doc.plain(" | ".join(rules_doc.cells(r))), size - 1, False, False)
                    for r in paras[i:end]
                )
                y += self.app.px(8)
                i = end
                continue
            para = paras[i]
            if para.startswith(SUBHEAD):  # a sub-heading: bold, kept with what follows
                y += self.app.px(6)
                for line in text.wrap(para[len(SUBHEAD) :], size, width, bold=True):
                    self.heading_ys.add(y)
                    self.lines.append(rules_doc.rich_line(line, size, theme.TEXT, 0, y, True))
                    self.words.append((line, size, True, True))
                    y += text.font(size, True).get_linesize()
                i += 1
                continue
            indent = self.hanging_indent(para, size)
            for j, line in enumerate(rules_doc.rich_wrap(para, size, width - indent)):
                x = indent if j > 0 else 0
                self.lines.append(rules_doc.rich_line(line, size, theme.TEXT, x, y))
                self.words.append((rules_doc.plain(line), size, False, "[[" not in line))
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
            i for i, line in enumerate(self.lines) if line.y >= top and line.y + line.h <= bottom
        ]
        while (
            shown and shown[-1] + 1 < len(self.lines) and self.lines[shown[-1]].y in self.heading_ys
        ):
            shown.pop()
        return shown

    def page_down(self) -> None:
        """Next page: the first line not wholly in view becomes the top line."""
        bottom = self.scroll + self.view.height
        for i, line in enumerate(self.lines):
            if line.y > self.scroll and line.y + line.h > bottom:
                # A heading at the foot of the page moves on with its body.
                while i > 0 and self.lines[i - 1].y in self.heading_ys:
                    if self.lines[i - 1].y <= self.scroll:
                        break
                    i -= 1
                self.scroll_by(self.lines[i].y - self.scroll)
                return
        self.scroll_by(self.doc_h)

    def page_up(self) -> None:
        """Previous page: it ends with the line above the current top line."""
        target = self.scroll - self.view.height
        first = next((line.y for line in self.lines if line.y >= target), 0)
        self.scroll_by(min(first, self.scroll) - self.scroll)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    # -- search ----------------------------------------------------------------------------
    def field(self) -> TextField | None:
        return next((w for w in self.focus.buttons if isinstance(w, TextField)), None)

    def set_query(self, query: str) -> None:
        """New search words: mark every match and show the first at or below the view."""
        self.query = query
        self.matches = rules_doc.find_all([w[0] for w in self.words], query)
        below = [k for k, (i, _, _) in enumerate(self.matches) if self.lines[i].y >= self.scroll]
        self.current = (below[0] if below else 0) if self.matches else -1
        self.show_match()

    def next_match(self) -> None:
        if self.matches:
            self.current = (self.current + 1) % len(self.matches)
            self.show_match()

    def previous_match(self) -> None:
        if self.matches:
            self.current = (self.current - 1) % len(self.matches)
            self.show_match()

    def show_match(self) -> None:
        """Scroll the current match into view (a third of the way down when it moves)."""
        if not 0 <= self.current < len(self.matches):
            return
        line = self.lines[self.matches[self.current][0]]
        if line.y < self.scroll or line.y + line.h > self.scroll + self.view.height:
            self.scroll_by(line.y - self.view.height // 3 - self.scroll)

    def section_of(self, line: int) -> str:
        """The number of the section a line is in."""
        y = self.lines[line].y
        return max((s for s, top in self.anchors.items() if top <= y), default="")

    def search_key(self, event: pygame.event.Event) -> bool:
        """Typing and Backspace always reach the search box; Enter / F3 step through the
        matches (Shift: backwards); Esc clears the search before it leaves."""
        field = self.field()
        if field is None:
            return False
        if event.type == pygame.TEXTINPUT or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE and self.query
        ):
            self.focus.focus_name("search")
            return bool(field.handle_key(event))
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_F3) and (
            self.query or self.focus.current is field
        ):
            back = event.mod & pygame.KMOD_SHIFT
            (self.previous_match if back else self.next_match)()
            return True
        if event.key == pygame.K_ESCAPE and self.query:
            field.value, field.caret = "", 0
            self.set_query("")
            return True
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        app = self.app
        if self.search_key(event):
            return True
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
        shown = self.visible_lines()
        hits = self.hit_rects(set(shown))
        for rect, now, exact in hits:
            if exact:
                pygame.draw.rect(surface, HIT_NOW if now else HIT, rect, border_radius=3)
        for i in shown:
            line = self.lines[i]
            surface.blit(line.surface, (self.view.x + line.x, self.view.y + line.y - self.scroll))
        for rect, now, exact in hits:
            if not exact:  # a table row or a line with icons: outlined whole
                pygame.draw.rect(surface, HIT_NOW if now else theme.ACCENT_DARK, rect, 2)
        surface.set_clip(clip)
        self.draw_search(surface)
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
        draw_hint(surface, app, app.tr("glossary.search.keys"))

    def hit_rects(self, shown: set[int]) -> list[tuple[pygame.Rect, bool, bool]]:
        """Screen rects of the matches on the ``shown`` lines: (rect, current, exact)."""
        out = []
        for k, (i, a, b) in enumerate(self.matches):
            if i not in shown:
                continue
            line = self.lines[i]
            words, size, bold, exact = self.words[i]
            x, top = self.view.x + line.x, self.view.y + line.y - self.scroll
            if exact:
                left = text.size_of(words[:a], size, bold=bold)[0] if a else 0
                w = text.size_of(words[a:b], size, bold=bold)[0]
                rect = pygame.Rect(x + left - 1, top, w + 2, line.h)
            else:
                rect = pygame.Rect(x, top, line.surface.get_width(), line.h)
            out.append((rect, k == self.current, exact))
        return out

    def draw_search(self, surface: pygame.Surface) -> None:
        """The match count right of the ▲ ▼ buttons ("3/12", or "Không thấy")."""
        if not self.query:
            return
        tr = self.app.tr
        if self.matches:
            words = tr("glossary.search.count", index=self.current + 1, total=len(self.matches))
            heading = self.headings.get(self.section_of(self.matches[self.current][0]), "")
            words = f"{words} · {heading}" if heading else words
            color = theme.TEXT
        else:
            words, color = tr("glossary.search.none"), theme.BAD
        size = self.app.px(16)
        x = self.search_rect.right + self.app.px(92)
        room = self.panel_rect.right - self.app.px(24) - x
        size = text.fit_size(words, size, room, min_size=self.app.px(12))
        img = text.render(text.clip(words, size, room, ellipsis="…"), size, color)
        surface.blit(img, img.get_rect(midleft=(x, self.search_rect.centery)))
