"""Small widgets shared by menus and tables: buttons, selectors, text fields
and a focus ring.

Every widget works by mouse and keyboard: arrows / Tab move focus, Enter or
Space activates, Left / Right change a selector, the mouse hovers and clicks.
Labels are already translated text; widgets never look up strings themselves.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from scenes import text, theme
from scenes.surfaces import MB, cached

#: The smallest text a menu widget draws, in pixels (issue 11.8: readable at
#: 1024×600).  A label that does not fit at this size wraps or is cut with "…";
#: the layout gives way, the text does not shrink further.
MIN_TEXT = 11


class Widget(Protocol):
    rect: pygame.Rect
    enabled: bool
    focused: bool
    hover: bool

    def handle(self, event: pygame.event.Event) -> bool: ...

    def activate(self) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    fill: tuple[int, ...] = theme.PANEL,
    edge: tuple[int, ...] = theme.PANEL_EDGE,
    radius: int = 10,
    alpha: int = 235,
) -> None:
    """A rounded, slightly translucent panel with a thin edge (cached by look)."""
    surface.blit(_panel(rect.size, tuple(fill[:3]), tuple(edge), radius, alpha), rect.topleft)


@cached(16 * MB)
def _panel(
    size: tuple[int, int], fill: tuple[int, ...], edge: tuple[int, ...], radius: int, alpha: int
) -> pygame.Surface:
    panel = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*fill, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, edge, panel.get_rect(), width=1, border_radius=radius)
    return panel


def _colors(enabled: bool, lit: bool, focused: bool, primary: bool) -> tuple[Any, Any, Any]:
    if not enabled:
        return (40, 44, 50), (70, 74, 80), theme.TEXT_DIM
    if primary:
        fill = theme.ACCENT if lit else theme.ACCENT_DARK
        return fill, theme.FOCUS, (20, 20, 20) if lit else theme.TEXT
    fill = (58, 70, 88) if lit else theme.PANEL
    return fill, (theme.FOCUS if focused else theme.PANEL_EDGE), theme.TEXT


class Button:
    """A clickable label. ``label`` is already translated text."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], None],
        rect: pygame.Rect | None = None,
        *,
        enabled: bool = True,
        font_size: int = 22,
        primary: bool = False,
        name: str = "",
    ) -> None:
        self.label = label
        self.on_click = on_click
        self.rect = rect or pygame.Rect(0, 0, 200, 44)
        self.enabled = enabled
        self.font_size = font_size
        self.primary = primary
        self.name = name  # stable id for tests and focus restore
        self.hover = False
        self.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.enabled
            and self.rect.collidepoint(event.pos)
        ):
            self.on_click()
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.rect.collidepoint(event.pos)
        return False

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, surface: pygame.Surface) -> None:
        lit = self.enabled and (self.hover or self.focused)
        fill, edge, color = _colors(self.enabled, lit, self.focused, self.primary)
        radius = max(4, self.rect.height // 5)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(
            surface, edge, self.rect, width=2 if self.focused else 1, border_radius=radius
        )
        size = text.fit_size(self.label, self.font_size, self.rect.width - 16)
        label = text.render(self.label, size, color)
        surface.blit(label, label.get_rect(center=self.rect.center))


class Selector:
    """``Label   ‹ value ›``: Left/Right (or a click on either half) cycles
    through ``options`` = [(value, shown text)]; Enter steps forward."""

    def __init__(
        self,
        label: str,
        options: Sequence[tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], None],
        rect: pygame.Rect | None = None,
        *,
        enabled: bool = True,
        font_size: int = 20,
        label_ratio: float = 0.45,
        name: str = "",
    ) -> None:
        self.label = label
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.rect = rect or pygame.Rect(0, 0, 320, 40)
        self.enabled = enabled and len(self.options) > 0
        self.font_size = font_size
        self.label_ratio = label_ratio if label else 0.0
        self.name = name
        self.hover = False
        self.focused = False

    @property
    def value(self) -> Any:
        return self.options[self.index][0] if self.options else None

    @property
    def shown(self) -> str:
        return self.options[self.index][1] if self.options else ""

    def step(self, delta: int) -> None:
        if not self.enabled or len(self.options) < 2:
            return
        self.index = (self.index + delta) % len(self.options)
        self.on_change(self.value)

    def _value_rect(self) -> pygame.Rect:
        r = self.rect
        lw = int(r.width * self.label_ratio)
        return pygame.Rect(r.x + lw, r.y, r.width - lw, r.height)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.enabled and self.rect.collidepoint(event.pos):
                vr = self._value_rect()
                self.step(-1 if event.pos[0] < vr.x + vr.width // 4 else 1)
                return True
        elif event.type == pygame.MOUSEWHEEL and self.hover and self.enabled:
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Keys a focused selector takes before the focus ring does."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def activate(self) -> None:
        self.step(1)

    def draw(self, surface: pygame.Surface) -> None:
        lit = self.enabled and (self.hover or self.focused)
        fill, edge, color = _colors(self.enabled, lit, self.focused, False)
        r = self.rect
        radius = max(4, r.height // 5)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, edge, r, width=2 if self.focused else 1, border_radius=radius)
        pad = max(6, r.height // 5)
        if self.label:
            lw = int(r.width * self.label_ratio) - 2 * pad
            self._draw_label(surface, lw, pad, theme.TEXT_DIM if self.enabled else color)
        vr = self._value_rect()
        arrow = max(8, r.height // 3)
        if self.enabled and len(self.options) > 1:
            ac = theme.FOCUS if lit else theme.PANEL_EDGE
            cy = vr.centery
            lx, rx = vr.x + pad, vr.right - pad
            pygame.draw.polygon(
                surface,
                ac,
                [(lx, cy), (lx + arrow // 2, cy - arrow // 2), (lx + arrow // 2, cy + arrow // 2)],
            )
            pygame.draw.polygon(
                surface,
                ac,
                [(rx, cy), (rx - arrow // 2, cy - arrow // 2), (rx - arrow // 2, cy + arrow // 2)],
            )
        inner = max(10, vr.width - 2 * (pad + arrow))
        floor = min(self.font_size, MIN_TEXT)
        size = text.fit_size(self.shown, self.font_size, inner, bold=True, min_size=floor)
        shown = text.clip(self.shown, size, inner, bold=True, ellipsis="…")
        val = text.render(shown, size, color, bold=True)
        surface.blit(val, val.get_rect(center=vr.center))

    def _draw_label(self, surface: pygame.Surface, lw: int, pad: int, color: Any) -> None:
        """The label at the widget's size if it fits, else on two lines at 4/5
        of it, else on one line cut with "…"; never under ``MIN_TEXT`` px."""
        r = self.rect
        floor = min(self.font_size, MIN_TEXT)
        small = max(floor, self.font_size * 4 // 5)
        size = text.fit_size(self.label, self.font_size, lw, min_size=floor)
        lines = text.wrap(self.label, small, lw)
        line_h = text.font(small).get_linesize()
        cut = text.size_of(self.label, size)[0] > lw
        if (size < small or cut) and len(lines) == 2 and 2 * line_h <= r.height + 2:
            # A long label reads better on two lines than squeezed on one.
            for k, line in enumerate(lines):
                lab = text.render(text.clip(line, small, lw, ellipsis="…"), small, color)
                y = r.centery + (k - 1) * line_h + (0 if k else 1)
                surface.blit(lab, (r.x + pad, y + (line_h - lab.get_height()) // 2))
            return
        lab = text.render(text.clip(self.label, size, lw, ellipsis="…"), size, color)
        surface.blit(lab, lab.get_rect(midleft=(r.x + pad, r.centery)))


NOTES: dict[str, str] = {"copied": "", "empty": "", "unavailable": ""}
"""What a text field says after Ctrl+C / Ctrl+V: the app words them in the player's
language (``App.word_widgets``); widgets never look strings up themselves."""


def clipboard_get() -> str | None:
    """The clipboard's text ("" when it holds none), or None when there is no
    clipboard to read (pygame-ce's ``pygame.scrap.get_text``: SDL's clipboard, no
    ``scrap.init`` needed; it also works with the dummy video driver)."""
    try:
        return str(pygame.scrap.get_text())
    except (pygame.error, AttributeError, NotImplementedError, OSError):
        return None


def clipboard_put(value: str) -> bool:
    """Put ``value`` on the clipboard; False when there is no clipboard."""
    try:
        pygame.scrap.put_text(value)
    except (pygame.error, AttributeError, NotImplementedError, OSError):
        return False
    return True


def one_line(pasted: str) -> str:
    """Pasted text for a one-line field: line breaks and tabs become spaces, other
    control characters go, the ends are trimmed (a code copied with its newline)."""
    flat = "".join(ch if ch.isprintable() else " " if ch in "\t\r\n" else "" for ch in pasted)
    return flat.strip()


class TextField:
    """One line of editable text (names of seats and save slots, deck codes, searches).

    Typing arrives as TEXTINPUT events; Backspace/Delete/Home/End/Left/Right
    edit while the field has focus; Ctrl+A selects all (the next key replaces
    or clears it).  Ctrl+V and Shift+Insert paste the clipboard at the caret (over
    a selection), Ctrl+C copies the whole value, Ctrl+X cuts a selection; without a
    clipboard the field says so (``NOTES``).  Typing or pasting past ``max_len``
    is refused visibly: the field shakes, its edge turns red and ``full_hint``
    shows for a moment (``refused`` counts that moment down).  ``on_change`` gets
    the new value."""

    SHAKE = 1.2  # seconds of feedback after a refused character (shaking the first 0.45)
    NOTE = 1.6  # seconds a clipboard note shows over the field

    def __init__(
        self,
        value: str,
        on_change: Callable[[str], None],
        rect: pygame.Rect | None = None,
        *,
        max_len: int = 24,
        placeholder: str = "",
        font_size: int = 20,
        label: str = "",
        name: str = "",
        full_hint: str = "",
    ) -> None:
        self.value = unicodedata.normalize("NFC", value)[:max_len]
        self.full_hint = full_hint
        self.selected = False  # Ctrl+A: the whole value is selected
        self.refused = 0.0
        self.on_change = on_change
        self.rect = rect or pygame.Rect(0, 0, 240, 40)
        self.max_len = max_len
        self.placeholder = placeholder
        self.font_size = font_size
        self.label = label
        self.name = name
        self.caret = len(self.value)
        self.enabled = True
        self.hover = False
        self.focused = False
        self.blink = 0.0
        self.note = ""  # a clipboard note ("copied", "no clipboard") shown for ``note_time``
        self.note_time = 0.0
        self.note_bad = False

    def _say(self, key: str, bad: bool = False) -> None:
        self.note, self.note_time, self.note_bad = NOTES.get(key, ""), self.NOTE, bad
        if bad:
            self.refused = self.SHAKE

    def _clipboard_key(self, event: pygame.event.Event) -> bool:
        """Ctrl+V / Shift+Insert paste, Ctrl+C copies, Ctrl+X cuts (a selection)."""
        key, mod = event.key, event.mod
        ctrl = bool(mod & pygame.KMOD_CTRL) and not mod & pygame.KMOD_ALT
        paste = (ctrl and key == pygame.K_v) or (key == pygame.K_INSERT and mod & pygame.KMOD_SHIFT)
        if paste:
            pasted = clipboard_get()
            if pasted is None:
                self._say("unavailable", bad=True)
                return True
            chars = one_line(pasted)
            if not chars:
                self._say("empty", bad=True)
                return True
            self._take_selection()
            self._set(
                self.value[: self.caret] + chars + self.value[self.caret :],
                self.caret + len(chars),
            )
            return True
        if ctrl and key in (pygame.K_c, pygame.K_x):
            cut = key == pygame.K_x and self.selected
            if self.value and not clipboard_put(self.value):
                self._say("unavailable", bad=True)
                return True
            if self.value:
                self._say("copied")
            if cut:
                self._take_selection()
            return True
        return False

    def _set(self, value: str, caret: int) -> None:
        value = unicodedata.normalize("NFC", value)
        if len(value) > self.max_len:
            self.refused = self.SHAKE
            value = value[: self.max_len]
        self.caret = max(0, min(len(value), caret))
        if value != self.value:
            self.value = value
            self.on_change(value)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            return self.rect.collidepoint(event.pos)
        return False

    def _take_selection(self) -> bool:
        """Drop a Ctrl+A selection; True if there was one (its text is cleared)."""
        if not self.selected:
            return False
        self.selected = False
        self._set("", 0)
        return True

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            chars = "".join(ch for ch in event.text if ch.isprintable())
            if chars:
                self._take_selection()
                self._set(
                    self.value[: self.caret] + chars + self.value[self.caret :],
                    self.caret + len(chars),
                )
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if self._clipboard_key(event):
            return True
        if key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
            self.selected = bool(self.value)
            self.caret = len(self.value)
            return True
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self._take_selection():
            return True
        if key != pygame.K_TAB:
            self.selected = False
        if key == pygame.K_BACKSPACE:
            if self.caret > 0:
                self._set(self.value[: self.caret - 1] + self.value[self.caret :], self.caret - 1)
            return True
        if key == pygame.K_DELETE:
            self._set(self.value[: self.caret] + self.value[self.caret + 1 :], self.caret)
            return True
        if key == pygame.K_LEFT and self.caret > 0:
            self.caret -= 1
            return True
        if key == pygame.K_RIGHT and self.caret < len(self.value):
            self.caret += 1
            return True
        if key == pygame.K_HOME:
            self.caret = 0
            return True
        if key == pygame.K_END:
            self.caret = len(self.value)
            return True
        # Printable keys arrive again as TEXTINPUT; swallow them here so Space
        # types a space instead of activating the field.
        return bool(event.unicode and event.unicode.isprintable() and key != pygame.K_TAB)

    def activate(self) -> None:
        """Enter on a text field: nothing to do (the focus ring moves on)."""

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        edge = theme.FOCUS if self.focused else (theme.TEXT_DIM if self.hover else theme.PANEL_EDGE)
        radius = max(4, r.height // 5)
        pygame.draw.rect(surface, (14, 18, 24), r, border_radius=radius)
        pygame.draw.rect(surface, edge, r, width=2 if self.focused else 1, border_radius=radius)
        pad = max(6, r.height // 4)
        if self.refused > 0:  # refused input: shake sideways and edge in red
            shake = max(0.0, self.refused - (self.SHAKE - 0.45))
            r = r.move(round(math.sin(self.refused * 40) * shake * 20), 0)
            pygame.draw.rect(surface, theme.BAD, r, width=2, border_radius=radius)
        shown = self.value or self.placeholder
        color = theme.TEXT if self.value else theme.TEXT_DIM
        size = text.fit_size(shown or " ", self.font_size, r.width - 2 * pad)
        if shown:
            surf = text.render(shown, size, color)
            at = surf.get_rect(midleft=(r.x + pad, r.centery))
            if self.selected:
                pygame.draw.rect(surface, (60, 90, 150), at.inflate(4, 2))
            surface.blit(surf, at)
        if self.note_time > 0 and self.note:  # a clipboard note over the field
            self._tag(surface, r, self.note, theme.BAD if self.note_bad else theme.GOOD)
        elif self.refused > 0 and self.full_hint:  # a short tag over the field
            self._tag(surface, r, self.full_hint, theme.BAD)
        if self.focused and int(self.blink * 2) % 2 == 0:
            cx = (
                r.x + pad + text.size_of(self.value[: self.caret], size)[0]
                if self.value
                else r.x + pad
            )
            h = text.font(size).get_height()
            pygame.draw.line(
                surface, theme.FOCUS, (cx, r.centery - h // 2), (cx, r.centery + h // 2), 2
            )

    def _tag(self, surface: pygame.Surface, r: pygame.Rect, words: str, color: Any) -> None:
        hs = max(MIN_TEXT, self.font_size * 4 // 5)
        hint = text.render(words, hs, color, bold=True)
        at = hint.get_rect(midbottom=(r.centerx, r.y - 3))
        pygame.draw.rect(surface, (20, 14, 16), at.inflate(12, 4), border_radius=6)
        surface.blit(hint, at)

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0 if self.focused else 0.0
        self.refused = max(0.0, self.refused - dt)
        self.note_time = max(0.0, self.note_time - dt)
        if not self.focused:
            self.selected = False


class FocusGroup:
    """Keyboard focus over a list of widgets (arrows, Tab, Enter, Space).

    The focused widget sees keys first (a selector takes Left/Right, a text
    field takes typing); what it leaves moves the focus or activates."""

    def __init__(self, buttons: Sequence[Any] = (), index: int = 0) -> None:
        self.buttons: list[Any] = list(buttons)
        self.index = index
        self._sync()

    def set(self, buttons: Sequence[Any], focus: str | None = None) -> None:
        """Replace the widgets; keep focus on the widget named ``focus`` if given."""
        self.buttons = list(buttons)
        if focus:
            for i, b in enumerate(self.buttons):
                if getattr(b, "name", "") == focus:
                    self.index = i
                    break
        self.index = min(self.index, max(0, len(self.buttons) - 1))
        if self.buttons and not self.buttons[self.index].enabled:
            self.move(1)
        self._sync()

    @property
    def current(self) -> Any | None:
        if not self.buttons:
            return None
        if not 0 <= self.index < len(self.buttons):  # ``buttons`` assigned directly
            self.index = min(max(0, self.index), len(self.buttons) - 1)
            self._sync()
        return self.buttons[self.index]

    def focus_name(self, name: str) -> bool:
        for i, b in enumerate(self.buttons):
            if getattr(b, "name", "") == name and b.enabled:
                self.index = i
                self._sync()
                return True
        return False

    def _sync(self) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.index

    def move(self, step: int) -> None:
        if not self.buttons:
            return
        for _ in range(len(self.buttons)):
            self.index = (self.index + step) % len(self.buttons)
            if self.buttons[self.index].enabled:
                break
        self._sync()

    def handle(self, event: pygame.event.Event) -> bool:
        current = self.current
        if (
            current is not None
            and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)
            and hasattr(current, "handle_key")
            and current.handle_key(event)
        ):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_RIGHT) or (
                event.key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT
            ):
                self.move(1)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT, pygame.K_TAB):
                self.move(-1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons:
                target = self.buttons[self.index]
                if isinstance(target, TextField):
                    self.move(1)
                else:
                    target.activate()
                return True
        buttons = self.buttons
        for i, b in enumerate(buttons):
            if b.handle(event):
                # a click runs the button's action, which may replace the widgets (a
                # table's decision bar gets the next decision's buttons): ``i`` then
                # indexes the old list, and the new list keeps the focus it was given
                if b.enabled and self.buttons is buttons:
                    self.index = i
                    self._sync()
                return True
            if (
                event.type == pygame.MOUSEMOTION
                and b.hover
                and b.enabled
                and self.index != i
                and not isinstance(self.current, TextField)
            ):
                self.index = i
                self._sync()
        return False

    def update(self, dt: float) -> None:
        for b in self.buttons:
            if hasattr(b, "update"):
                b.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)
