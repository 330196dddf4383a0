"""Deck codes on screen (issue 34, P-GI-32): the export dialog and the code field.

A deck code is one long word (``TTT1-AMAQ…``, about 90 letters): a dialog that
wraps at spaces lets it run past its edges, and a one-line field that shrinks its
text to fit ends at an unreadable size.  :class:`ExportDialog` breaks the code
into lines of whole characters inside a box, at a readable size, with a button
that copies it; :class:`CodeField` keeps its text at a readable size and shows
the part around the caret, ``…`` marking what is cut on either side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes import text, theme
from scenes.ui.menu import FocusScene, draw_dim, draw_heading, draw_lines
from scenes.ui.widgets import MIN_TEXT, Button, TextField, clipboard_put, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App

ELLIPSIS = "…"


def break_word(word: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """``word`` cut into lines of whole characters, each at most ``width`` pixels."""
    lines: list[str] = []
    line = ""
    for ch in word:
        if line and text.size_of(line + ch, size, bold=bold)[0] > width:
            lines.append(line)
            line = ""
        line += ch
    return [*lines, line] if line else lines


class ExportDialog(FocusScene):
    """The deck's code in a box (broken by characters, never past the box), a line
    saying whether it is on the clipboard, and Copy / Close buttons."""

    overlay = True
    modal = True

    def __init__(self, app: App, title: str, intro: str, code: str, copied: bool) -> None:
        super().__init__(app)
        self.title, self.intro, self.code = title, intro, code
        self.copied = copied
        self.failed = False  # Copy pressed and there is no clipboard
        self.rect = pygame.Rect(0, 0, 0, 0)

    # -- geometry ---------------------------------------------------------------------------
    def pad(self) -> int:
        return self.app.px(24)

    def code_px(self) -> int:
        return max(MIN_TEXT, self.app.px(19))

    def code_box(self) -> pygame.Rect:
        """The code's box inside the dialog, under the title and the intro."""
        app, pad = self.app, self.pad()
        inner = self.rect.w - 2 * pad
        top = self.rect.y + pad + app.px(48) + self.intro_height() + app.px(10)
        rows = len(self._lines(inner - 2 * app.px(12)))
        h = rows * text.font(self.code_px(), bold=True).get_linesize() + 2 * app.px(10)
        return pygame.Rect(self.rect.x + pad, top, inner, h)

    def _lines(self, width: int) -> list[str]:
        return break_word(self.code, self.code_px(), width, bold=True)

    def code_lines(self) -> list[str]:
        return self._lines(self.code_box().w - 2 * self.app.px(12))

    def intro_height(self) -> int:
        size = self.app.px(18)
        lines = text.wrap(self.intro, size, self.rect.w - 2 * self.pad())
        return len(lines) * text.font(size).get_linesize()

    def note(self) -> tuple[str, tuple[int, int, int]]:
        tr = self.app.tr
        if self.failed:
            return tr("clipboard.unavailable"), theme.BAD
        if self.copied:
            return tr("decks.ui.export_copied"), theme.GOOD
        return "", theme.TEXT_DIM

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        pad = self.pad()
        dw = min(w - app.px(40), app.px(660))
        self.rect = pygame.Rect(0, 0, dw, h)  # width first: the code's lines depend on it
        note_h = text.font(app.px(16)).get_linesize()
        bh = app.px(46)
        dh = self.code_box().bottom - self.rect.y + app.px(8) + note_h + app.px(14) + bh + pad
        self.rect = pygame.Rect(0, 0, dw, min(h - app.px(20), dh))
        self.rect.center = (w // 2, h // 2)
        gap = app.px(16)
        bw = min(app.px(200), (dw - 2 * pad - gap) // 2)
        x = self.rect.centerx - (2 * bw + gap) // 2
        y = self.rect.bottom - pad - bh
        tr = app.tr
        widgets = [
            Button(tr("decks.ui.copy_code"), self.copy, pygame.Rect(x, y, bw, bh),
                   font_size=app.px(20), name="copy"),
            Button(tr("ui.dialog.ok"), self.cancel, pygame.Rect(x + bw + gap, y, bw, bh),
                   primary=True, font_size=app.px(20), name="ok"),
        ]  # fmt: skip
        old = self.focus.current.name if self.focus.current else "ok"
        self.focus.set(widgets, focus=old)

    # -- actions ----------------------------------------------------------------------------
    def copy(self) -> None:
        self.copied = clipboard_put(self.code)
        self.failed = not self.copied

    def cancel(self) -> None:
        self.app.stack.pop()

    def back(self) -> None:
        self.cancel()

    # -- frame ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, pad = self.app, self.pad()
        draw_dim(surface, 140)
        draw_panel(surface, self.rect, radius=app.px(14), alpha=255)
        draw_heading(surface, self.title, (self.rect.centerx, self.rect.y + pad + app.px(18)),
                     app.px(28), self.rect.w - 2 * pad)  # fmt: skip
        intro = pygame.Rect(self.rect.x + pad, self.rect.y + pad + app.px(48),
                            self.rect.w - 2 * pad, 0)  # fmt: skip
        draw_lines(surface, self.intro, intro, app.px(18), theme.TEXT, center=True)
        box = self.code_box()
        pygame.draw.rect(surface, (14, 18, 24), box, border_radius=app.px(8))
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=app.px(8))
        size = self.code_px()
        line_h = text.font(size, bold=True).get_linesize()
        y = box.y + app.px(10)
        for line in self.code_lines():
            surf = text.render(line, size, theme.ACCENT, bold=True)
            surface.blit(surf, surf.get_rect(midtop=(box.centerx, y)))
            y += line_h
        words, color = self.note()
        if words:
            ns = app.px(16)
            words = text.clip(words, ns, self.rect.w - 2 * pad, ellipsis=ELLIPSIS)
            surf = text.render(words, ns, color)
            surface.blit(surf, surf.get_rect(midtop=(self.rect.centerx, box.bottom + app.px(8))))
        self.focus.draw(surface)


class CodeField(TextField):
    """A one-line field for a long code: the text keeps a readable size and the
    part around the caret is shown, ``…`` where the value goes on."""

    def text_px(self) -> int:
        return max(MIN_TEXT, self.font_size)

    def _pad(self) -> int:
        return max(6, self.rect.height // 4)

    def window(self) -> tuple[int, int]:
        """(start, end) of the shown slice of ``value``: the caret inside it,
        as much text as fits after it (the end of the value when it is there)."""
        size, room = self.text_px(), self.rect.w - 2 * self._pad()
        value, caret = self.value, self.caret
        if text.size_of(value, size)[0] <= room:
            return 0, len(value)

        def fits(a: int, b: int) -> bool:
            shown = (ELLIPSIS if a > 0 else "") + value[a:b] + (ELLIPSIS if b < len(value) else "")
            return text.size_of(shown, size)[0] <= room

        start, end = caret, caret
        while end < len(value) and fits(start, end + 1):  # after the caret first
            end += 1
        while start > 0 and fits(start - 1, end):
            start -= 1
        return start, end

    def shown(self) -> tuple[str, int]:
        """The text drawn (with ``…`` marks) and its size."""
        start, end = self.window()
        value = self.value
        words = (ELLIPSIS if start > 0 else "") + value[start:end]
        words += ELLIPSIS if end < len(value) else ""
        return words, self.text_px()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.value:
            super().draw(surface)  # the placeholder, the caret at the start
            return
        r = self.rect
        edge = theme.FOCUS if self.focused else (theme.TEXT_DIM if self.hover else theme.PANEL_EDGE)
        radius = max(4, r.height // 5)
        pygame.draw.rect(surface, (14, 18, 24), r, border_radius=radius)
        pygame.draw.rect(surface, edge, r, width=2 if self.focused else 1, border_radius=radius)
        if self.refused > 0:
            pygame.draw.rect(surface, theme.BAD, r, width=2, border_radius=radius)
        words, size = self.shown()
        surf = text.render(words, size, theme.TEXT)
        at = surf.get_rect(midleft=(r.x + self._pad(), r.centery))
        if self.selected:
            pygame.draw.rect(surface, (60, 90, 150), at.inflate(4, 2))
        surface.blit(surf, at)
        if self.note_time > 0 and self.note:
            self._tag(surface, r, self.note, theme.BAD if self.note_bad else theme.GOOD)
        elif self.refused > 0 and self.full_hint:
            self._tag(surface, r, self.full_hint, theme.BAD)
        if self.focused and int(self.blink * 2) % 2 == 0:
            start, _ = self.window()
            before = (ELLIPSIS if start > 0 else "") + self.value[start : self.caret]
            cx = at.x + text.size_of(before, size)[0]
            h = text.font(size).get_height()
            pygame.draw.line(surface, theme.FOCUS, (cx, r.centery - h // 2),
                             (cx, r.centery + h // 2), 2)  # fmt: skip
