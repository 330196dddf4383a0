"""Table HUD widgets: game log panel, whose-turn banner, toasts, decision
buttons and the card zoom.  All text arrives already translated."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from scenes import text, theme
from scenes.surfaces import MB, SurfaceCache
from scenes.table import richtext
from scenes.table.ai import draw_thinking
from scenes.table.eventlog import EventLog
from scenes.ui.widgets import Button, FocusGroup

_panels: SurfaceCache[tuple[tuple[int, int], int, int], pygame.Surface] = SurfaceCache(
    "hud.panels", 48 * MB
)
_tints: SurfaceCache[tuple[int, int, int, int], pygame.Surface] = SurfaceCache("hud.tints", 2 * MB)
TINT_TILE = 256  # a tint's layer: one tile per colour, blitted over the rect


def tint(surface: pygame.Surface, rect: pygame.Rect, rgba: tuple[int, int, int, int]) -> None:
    """Blend a translucent colour over ``rect``: one cached tile per colour, laid
    over the rect, so dimmed cards and lit drop zones allocate nothing per frame and
    a full-window dim at 4K costs 256 KB, not 33 MB."""
    layer = _tints.get(rgba)
    if layer is None:
        layer = _tints.put(rgba, pygame.Surface((TINT_TILE, TINT_TILE), pygame.SRCALPHA))
        layer.fill(rgba)
    right, bottom = rect.right, rect.bottom
    for y in range(rect.top, bottom, TINT_TILE):
        for x in range(rect.left, right, TINT_TILE):
            surface.blit(
                layer, (x, y), (0, 0, min(TINT_TILE, right - x), min(TINT_TILE, bottom - y))
            )


def label(
    surface: pygame.Surface,
    message: str,
    size: int,
    color: tuple[int, int, int] = theme.TEXT,
    *,
    bold: bool = False,
    width: int | None = None,
    **anchor: tuple[int, int],
) -> pygame.Rect:
    """One line of text placed by a rect anchor (``midbottom=(x, y)``), cut to
    ``width`` if given; returns the rect it took (a seat panel's next line)."""
    if width is not None:
        message = text.clip(message, size, width, bold=bold)
    img = text.render(message, size, color, bold=bold)
    rect = img.get_rect(**anchor)
    surface.blit(img, rect)
    return rect


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    alpha: int = 200,
    edge: tuple[int, int, int] = theme.PANEL_EDGE,
    radius: int = 8,
) -> None:
    """A translucent rounded panel (backgrounds cached by size, so the
    per-frame draw allocates nothing)."""
    key = (rect.size, alpha, radius)
    bg = _panels.get(key)
    if bg is None:
        bg = _panels.put(key, pygame.Surface(rect.size, pygame.SRCALPHA))
        pygame.draw.rect(bg, (*theme.PANEL, alpha), bg.get_rect(), border_radius=radius)
    surface.blit(bg, rect)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=radius)


class LogPanel:
    """The game log (:class:`~scenes.table.eventlog.EventLog`), newest at the
    bottom; the wheel scrolls back.  ``lines`` are rendered for the log's
    current eyes and language."""

    def __init__(self, title: str = "", log: EventLog | None = None) -> None:
        self.title = title
        self.log = log if log is not None else EventLog()
        self.scroll = 0  # wrapped lines scrolled up from the bottom
        self.rect = pygame.Rect(0, 0, 200, 300)
        self.font_px = 13
        self._wrap_key: tuple[object, ...] = ()
        self._wrap_cache: list[tuple[str, bool]] = []
        self._seen = 0

    @property
    def lines(self) -> list[str]:
        return self.log.lines()

    def add(self, line: str) -> None:
        """A literal line (notes and events go through ``log`` instead)."""
        self.log.add_text(line)

    def _wrapped(self, px: int, width: int) -> list[tuple[str, bool]]:
        """The last 80 lines wrapped to ``width`` (cached until the rendering
        changes, so the per-frame draw does no text measuring)."""
        lines = self.lines
        key = (self.log.version, px, width)
        if key != self._wrap_key:
            if len(lines) != self._seen:
                self.scroll = 0  # a new line: back to the newest
                self._seen = len(lines)
            wrapped: list[tuple[str, bool]] = []
            for i, line in enumerate(lines[-80:]):
                parts = richtext.wrap(line, px, width, condensed=True)
                for j, part in enumerate(parts):
                    wrapped.append((part if j == 0 else "  " + part, i % 2 == 0))
            self._wrap_key, self._wrap_cache = key, wrapped
        return self._wrap_cache

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll + event.y * 2)
            return True
        return False

    def state(self) -> tuple[object, ...]:
        """What the panel shows: the same picture while this stays the same (a table
        may keep it, ``scenes.table.snapshot``)."""
        self.log.lines()  # brings ``log.version`` up to date
        return (self.title, self.font_px, self.log.version, self.scroll, self.rect.size)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect | None = None) -> None:
        """The panel at ``rect`` (default: its own place)."""
        r = self.rect if rect is None else rect
        panel(surface, r)
        px = self.font_px
        pad = max(4, px // 2)
        y0 = r.y + pad
        if self.title:
            t = text.render(self.title, px + 1, theme.ACCENT, bold=True)
            surface.blit(t, (r.x + pad, y0))
            y0 += t.get_height() + pad // 2
        wrapped = self._wrapped(px, r.w - 2 * pad - px)
        step = px + 4
        rows = max(1, (r.bottom - pad - y0) // step)
        self.scroll = min(self.scroll, max(0, len(wrapped) - rows))
        end = len(wrapped) - self.scroll
        visible = wrapped[max(0, end - rows) : end]
        y = y0
        for k, (line, even) in enumerate(visible):
            newest = k == len(visible) - 1 and self.scroll == 0
            color = theme.TEXT if newest else (theme.TEXT_DIM if even else (200, 204, 196))
            s = richtext.render(line, px, color, condensed=True)  # [[pyro]]: its icon
            surface.blit(s, (r.x + pad, y))
            y += step


def draw_direction(
    surface: pygame.Surface,
    center: tuple[int, int],
    r: int,
    direction: int,
    color: tuple[int, int, int] = theme.ACCENT,
) -> pygame.Rect:
    """The direction of play as its art-set icon (``ms.direction``, one icon everywhere:
    the banner, the change animation): clockwise for +1, mirrored for -1.  Returns
    where it is drawn (for a tip)."""
    from scenes.table.tokens import draw_direction_icon

    return draw_direction_icon(surface, center, r + max(2, r // 4), direction, color)


class Banner:
    """Whose turn it is, what they are asked, and the direction of play."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 600, 44)
        self.name = ""
        self.prompt = ""
        self.color: tuple[int, int, int] = theme.ACCENT
        self.direction = 0
        self.direction_label = ""
        self.flash = 0.0
        self.thinking: float | None = None  # an AI seat's progress (scenes.table.ai)
        self.clock = 0.0

    def set(
        self,
        name: str,
        prompt: str,
        color: tuple[int, int, int],
        direction: int,
        direction_label: str,
    ) -> None:
        if name != self.name:
            self.flash = 1.0
        self.name, self.prompt, self.color = name, prompt, color
        self.direction, self.direction_label = direction, direction_label

    def update(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt * 1.5)
        self.clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        panel(surface, r, edge=self.color if self.flash > 0 else theme.PANEL_EDGE)
        h = r.h
        px = max(11, round(h * 0.42))
        x = r.x + h // 2
        pygame.draw.circle(surface, self.color, (x, r.centery), max(5, h // 5))
        x += h // 2
        right_w = 0
        if self.direction:
            label = text.render(self.direction_label, max(10, px - 3), theme.TEXT_DIM)
            right_w = label.get_width() + h + 8
            draw_direction(
                surface, (r.right - h // 2 - 2, r.centery), max(6, h // 3), self.direction
            )
            surface.blit(label, label.get_rect(midright=(r.right - h - 2, r.centery)))
        name = text.render(self.name, px, self.color, bold=True)
        surface.blit(name, name.get_rect(midleft=(x, r.centery)))
        x += name.get_width() + 12
        room = r.right - right_w - x - 8
        shown = without_name(self.prompt, self.name)
        if room > 40 and shown:
            size = text.fit_size(shown, px, room, min_size=9)
            p = text.render(shown, size, theme.TEXT)
            surface.blit(p, p.get_rect(midleft=(x, r.centery)))
        if self.thinking is not None:
            draw_thinking(surface, r, self.thinking, self.clock)


def without_name(prompt: str, name: str) -> str:
    """The prompt as the banner shows it next to the seat's name: a leading
    "{name}:" or "{name} " is dropped, so the name is not shown twice."""
    rest = prompt[len(name) :] if name and prompt.startswith(name) else ""
    if rest[:1] in (":", " "):
        return rest.lstrip(": ")
    return prompt


@dataclass
class _Toast:
    text: str
    life: float
    kind: str


class Toasts:
    """Short messages that fade out (the reason an action was refused).  With an
    ``area`` (the board's middle) they stack down from its top and step past the
    ``avoid`` rects (seat panels, log, banner, buttons), so no panel is covered
    (issue 11 item 4); without one they hang under ``anchor``."""

    def __init__(self) -> None:
        self.items: list[_Toast] = []
        self.anchor = (640, 120)
        self.px = 18
        self.area: pygame.Rect | None = None
        self.avoid: list[pygame.Rect] = []

    def push(self, message: str, duration: float = 2.8, kind: str = "bad") -> None:
        self.items = [t for t in self.items if t.text != message][-2:]
        self.items.append(_Toast(message, duration, kind))

    @property
    def texts(self) -> list[str]:
        return [t.text for t in self.items]

    def update(self, dt: float) -> None:
        for t in self.items:
            t.life -= dt
        self.items = [t for t in self.items if t.life > 0]

    def _place(self, box: pygame.Rect, y: int) -> None:
        """Put ``box`` at ``y`` (centred in the area), below any avoided rect it meets."""
        area = self.area
        box.midtop = (area.centerx, y) if area is not None else (self.anchor[0], y)
        if area is None:
            return
        for _ in range(len(self.avoid) + 1):
            hit = box.collidelist(self.avoid)
            if hit < 0:
                return
            box.top = self.avoid[hit].bottom + 6

    def boxes(self, width: int) -> list[tuple[_Toast, list[pygame.Surface], pygame.Rect]]:
        """Each toast's lines and where it goes (stacked, none over another)."""
        out = []
        gap = 6
        y = self.area.top + gap if self.area is not None else self.anchor[1]
        if self.area is not None:  # the box (text + 28) fits the area
            width = min(width, self.area.w - 2 * gap) - 28
        for t in self.items:
            lines = text.wrap(t.text, self.px, width, bold=True)
            surfs = [text.render(line, self.px, theme.TEXT, bold=True) for line in lines]
            w = max(s.get_width() for s in surfs) + 28
            h = sum(s.get_height() for s in surfs) + 14
            box = pygame.Rect(0, 0, w, h)
            self._place(box, y)
            out.append((t, surfs, box))
            y = box.bottom + gap
        return out

    def draw(self, surface: pygame.Surface) -> None:
        for t, surfs, box in self.boxes(int(surface.get_width() * 0.6)):
            alpha = int(235 * min(1.0, t.life / 0.4))
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            edge = theme.BAD if t.kind == "bad" else theme.GOOD
            pygame.draw.rect(bg, (30, 24, 28, alpha), bg.get_rect(), border_radius=10)
            pygame.draw.rect(bg, (*edge, alpha), bg.get_rect(), 2, border_radius=10)
            surface.blit(bg, box)
            yy = box.y + 7
            for s in surfs:
                s2 = s.copy()
                s2.set_alpha(alpha)
                surface.blit(s2, s2.get_rect(midtop=(box.centerx, yy)))
                yy += s.get_height()


class DecisionBar:
    """Buttons for decisions that are not card drops (decline, take the hit,
    choose direction...).  Number keys 1-9 press them; Tab / arrows + Enter too
    (the table routes keys here only when it has no card selected)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 300, 100)
        self.group = FocusGroup()
        self.font_px = 18
        self.options: list[tuple[str, Callable[[], None]]] = []
        self.top = False  # buttons from the top of the rect (room for a hint below)
        #: buttons the kit adds after every table's own (Cancel while a card is held)
        self.extra: list[tuple[str, Callable[[], None]]] = []

    @property
    def buttons(self) -> list[Button]:
        return self.group.buttons

    def set(
        self, options: Sequence[tuple[str, Callable[[], None]]], primary: int | None = None
    ) -> None:
        options = [*options, *self.extra]
        if [o[0] for o in options] == [o[0] for o in self.options]:
            # same labels: keep focus, refresh callbacks
            self.options = list(options)
            for b, (_, cb) in zip(self.group.buttons, options, strict=True):
                b.on_click = cb
            self.layout()
            return
        self.options = list(options)
        buttons = [
            Button(f"{i + 1}. {label}", cb, font_size=self.font_px, primary=(i == primary))
            for i, (label, cb) in enumerate(options)
        ]
        self.group.set(buttons)
        self.group.index = 0
        self.group._sync()
        self.layout()

    def layout(self) -> None:
        n = len(self.group.buttons)
        if not n:
            return
        r = self.rect
        gap = 6
        cols = 1 if n == 1 else 2
        rows = math.ceil(n / cols)
        bh = min(round(self.font_px * 2.2), (r.h - gap * (rows - 1)) // rows)
        bw = (r.w - gap * (cols - 1)) // cols
        total_h = rows * bh + (rows - 1) * gap
        y0 = r.y if self.top else r.y + (r.h - total_h) // 2
        for i, b in enumerate(self.group.buttons):
            row, col = divmod(i, cols)
            b.rect = pygame.Rect(r.x + col * (bw + gap), y0 + row * (bh + gap), bw, bh)
            b.font_size = self.font_px

    def handle(self, event: pygame.event.Event, keys: bool = True) -> bool:
        if not self.group.buttons:
            return False
        if event.type == pygame.KEYDOWN:
            if not keys or event.key == pygame.K_SPACE:
                return False  # Space only skips animations at a table (play-test P2-4)
            if pygame.K_1 <= event.key <= pygame.K_9:
                i = event.key - pygame.K_1
                if i < len(self.group.buttons):
                    self.group.index = i
                    self.group._sync()
                    self.group.buttons[i].activate()
                    return True
                return False
        return self.group.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.group.draw(surface)

    def free(self) -> pygame.Rect:
        """The part of the rect under the buttons (all of it when there are none)."""
        if not self.buttons:
            return pygame.Rect(self.rect)
        top = max(b.rect.bottom for b in self.buttons) + 2
        return pygame.Rect(self.rect.x, top, self.rect.w, max(0, self.rect.bottom - top))


class Zoom:
    """A large card with its full text: after hovering, or pinned by right-click."""

    HOVER_DELAY = 0.55

    def __init__(self) -> None:
        self.card: int | None = None
        self.anchor = pygame.Rect(0, 0, 0, 0)
        self.pinned = False
        self._hover_key: object = None
        self._hover_time = 0.0
        #: a row of cards (the hand) the zoom of one of its cards must not cover: the
        #: zoom goes above it, so the pointer reaches the neighbours (play-test D13)
        self.row: pygame.Rect | None = None

    def hover(self, key: object, card: int | None, anchor: pygame.Rect | None, dt: float) -> None:
        if self.pinned:
            return
        if key != self._hover_key:
            self._hover_key = key
            self._hover_time = 0.0
            self.card = None
        elif key is not None:
            self._hover_time += dt
            if self._hover_time >= self.HOVER_DELAY and card is not None and card >= 0:
                self.card = card
                self.anchor = anchor or self.anchor

    def pin(self, card: int | None, anchor: pygame.Rect | None) -> None:
        if card is None or card < 0 or (self.pinned and self.card == card):
            self.unpin()
            return
        self.card, self.pinned = card, True
        self.anchor = anchor or self.anchor

    def unpin(self) -> None:
        self.pinned = False
        self.card = None
        self._hover_key = None

    def rect_for(self, screen: pygame.Rect) -> pygame.Rect:
        h = round(screen.h * 0.56)
        w = round(h * 0.7)
        r = pygame.Rect(0, 0, w, h)
        a = self.anchor
        row = self.row
        if row is not None and row.colliderect(a) and row.top - 12 >= h:
            r.midbottom = (a.centerx, row.top - 12)  # over the row, never on its cards
        elif a.centerx < screen.centerx:
            r.midleft = (a.right + 12, a.centery)
        else:
            r.midright = (a.left - 12, a.centery)
        return r.clamp(screen)


Line = tuple[str, tuple[int, int, int], bool]  # text, colour, bold


def draw_tip(
    surface: pygame.Surface,
    at: tuple[int, int],
    title: str,
    body: str,
    px: Callable[[float], int],
    marks: Callable[[pygame.Surface, list[tuple[str, int, int, int]]], object] | None = None,
    avoid: Sequence[pygame.Rect] = (),
) -> None:
    """A tooltip by the pointer: a bold title over wrapped text (a power, a keyword).
    ``marks`` gets the text's lines as (text, x, y, size) (the glossary marks terms).
    A tip that would cover one of ``avoid`` (the decision buttons) opens above the
    pointer instead (play-test P3-8)."""
    width = px(300)
    size = max(11, px(14))
    head = text.render(title, size + 2, theme.ACCENT, bold=True)
    lines = text.wrap(body, size, width - px(20))
    line_h = text.font(size).get_linesize()
    box = pygame.Rect(0, 0, width, px(16) + head.get_height() + len(lines) * line_h)
    box.topleft = (at[0] + px(14), at[1] + px(14))
    box.clamp_ip(surface.get_rect())
    if box.collidelist(list(avoid)) >= 0:
        box.bottomleft = (at[0] + px(14), at[1] - px(14))
        box.clamp_ip(surface.get_rect())
    panel(surface, box, alpha=245, edge=theme.ACCENT)
    surface.blit(head, (box.x + px(10), box.y + px(8)))
    y = box.y + px(8) + head.get_height()
    placed = []
    for line in lines:
        surface.blit(text.render(line, size, theme.TEXT), (box.x + px(10), y))
        placed.append((line, box.x + px(10), y, size))
        y += line_h
    if marks is not None:
        marks(surface, placed)


HELP_SMALLEST = 10  # px: the controls hint is set smaller, down to this, before it drops a key
HELP_SEP = " · "  # between the keys of a hint ("Chuột phải: phóng to · Esc: tạm dừng")


def help_lines(words: str, size: int, rect: pygame.Rect) -> tuple[int, list[str]]:
    """The hint in ``rect``: its size and lines.  Set smaller (down to
    ``HELP_SMALLEST``) until every line fits; if it still does not, whole keys are
    dropped from the end, never one cut in the middle (play-test D10)."""

    def rows(px: int) -> int:  # lines of ``px`` that fit: each is px + 4 tall, 4 above
        return max(0, rect.h // (px + 4))

    for px in range(size, min(size, HELP_SMALLEST) - 1, -1):
        lines = text.wrap(words, px, rect.w)  # text.wrap keeps its own memo
        if len(lines) <= rows(px):
            return px, lines
    px = min(size, HELP_SMALLEST)
    keys = words.split(HELP_SEP)
    while len(keys) > 1:
        keys.pop()
        lines = text.wrap(HELP_SEP.join(keys), px, rect.w)
        if len(lines) <= rows(px):
            return px, lines
    return px, text.wrap(words, px, rect.w)[: rows(px)]


def draw_help(surface: pygame.Surface, rect: pygame.Rect, words: str, size: int) -> None:
    """Dim help text (the keys) in ``rect`` (``help_lines``)."""
    px, lines = help_lines(words, size, rect)
    y = rect.y + 4
    for line in lines:
        surface.blit(text.render(line, px, theme.TEXT_DIM), (rect.x, y))
        y += px + 4


def draw_summary(
    surface: pygame.Surface,
    over: pygame.Rect,
    title: str,
    lines: Sequence[Line],
    foot: str,
    p: float,
    px: Callable[[float], int],
) -> None:
    """A summary box centred on ``over`` above a veil (a round's results)."""
    box_w = min(over.w - px(16), px(760))
    body_px = max(12, px(18))
    wrapped: list[Line] = []
    for line, color, bold in lines:
        for part in text.wrap(line, body_px, box_w - px(40), bold=bold):
            wrapped.append((part, color, bold))
    head = text.render(title, px(28), theme.ACCENT, bold=True)
    tail = text.render(foot, max(11, px(14)), theme.TEXT_DIM)
    step = body_px + px(8)
    box_h = head.get_height() + len(wrapped) * step + tail.get_height() + px(48)
    box = pygame.Rect(0, 0, box_w, box_h)
    box.center = over.center
    box.clamp_ip(surface.get_rect())
    alpha = round(250 * min(1.0, p * 40))
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, round(alpha * 0.55)))
    surface.blit(veil, (0, 0))
    bg = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(bg, (*theme.PANEL, alpha), bg.get_rect(), border_radius=14)
    surface.blit(bg, box)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=14)
    y = box.y + px(16)
    surface.blit(head, head.get_rect(midtop=(box.centerx, y)))
    y += head.get_height() + px(12)
    for line, color, bold in wrapped:
        img = text.render(line, body_px, color, bold=bold)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += step
    surface.blit(tail, tail.get_rect(midbottom=(box.centerx, box.bottom - px(10))))


def draw_lit(surface: pygame.Surface, rect: pygame.Rect, hot: bool) -> None:
    """A drop target lit while a card is dragged (``hot``: the pointer is over it)."""
    tint(surface, rect, (*theme.GOOD, 70 if hot else 35))
    pygame.draw.rect(surface, theme.GOOD, rect, 4 if hot else 2, border_radius=10)


def place_hud(
    rects: dict[str, pygame.Rect],
    px: Callable[[float], int],
    *,
    log: LogPanel,
    banner: Banner,
    bar: DecisionBar,
    toasts: Toasts,
) -> None:
    """Put the table's HUD widgets in the layout's ``log``, ``banner`` and
    ``actions`` rects (toasts under the banner), sized for the window."""
    log.rect = rects["log"]
    log.font_px = max(11, px(13))
    banner.rect = rects["banner"]
    bar.rect = rects["actions"].inflate(-px(8), -px(8))
    bar.font_px = max(12, px(16))
    bar.layout()
    toasts.anchor = (banner.rect.centerx, banner.rect.bottom + px(8))
    toasts.px = max(13, px(17))
