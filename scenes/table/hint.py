"""The Hint on the table (issue 10 item 5): what the hard AI would play for the
human seat to move, lit on the table, with one sentence why.

A kit part a :class:`~scenes.table.kittable.KitTable` holds as ``table.hints``:

* the **button** "Gợi ý (H)" at the top right of the log panel, and the **H** key,
  ask for a hint; pressing either again (or playing any move, or undo) clears it;
* the request goes to the AI worker (``game.ai.worker.hint`` through an
  :class:`~scenes.table.ai.AiWorker`), never on the frame thread: the worker gets
  only the seat's *view* as JSON, so the hint can never use hidden information;
  while it searches, a box under the button shows the thinking bar
  (``draw_thinking``) and the table keeps drawing (``busy`` feeds ``animating``);
* the answer (``game.ai.hint.Hint`` as the job's JSON, read as a :class:`Suggestion`;
  the kit never imports ``game.ai``) is **lit** with the table's own drop-zone
  highlight (``hud.draw_lit``) on every spot of the table's
  :class:`~scenes.table.board.Board` the action names (the card, its target, the
  dice it pays, a skill chip; list args such as ``cards``/``dice`` light each
  element), an arrow from the card to its target, and the decision button that
  makes the move; the box shows the sentence (``ai.hint.why`` / ``ai.hint.only``)
  and, after it, the reason in one sentence (``ai.hint.reason.<kind>``, the key the
  search's statistics chose, in the sentence's ``reason`` param);
* the setting ``Settings.hints`` (the settings screen's "Gợi ý") turns it off:
  no button, H does nothing.  A match opened while it is off is a "no hints"
  match (``match.config["hints"] = False``, saved with the match), and stays so.

Only a human seat to move that is looking at the table (revealed, no hand-off)
gets a hint; an all-AI table (kiosk, demo) never shows the button.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ai import bots
from game.core.contract import Action, ArgValue
from game.core.rng import Rng
from scenes import text, theme
from scenes.table import ai
from scenes.table.ai import AiWorker, draw_thinking
from scenes.table.board import arrow_points, draw_path
from scenes.table.host import TableHost
from scenes.table.hud import draw_lit, panel
from scenes.table.picker import ABSENT, KIND
from scenes.ui.widgets import Button

if TYPE_CHECKING:
    from scenes.table.board import Board
    from scenes.table.hand import FannedHand
    from scenes.table.hud import DecisionBar, LogPanel
    from scenes.table.picker import ActionPicker


class HintedTable(TableHost, Protocol):
    """What the hints read of their table (``scenes.table.kittable.KitTable``, which
    holds them as ``table.hints``)."""

    button_keys: str

    @property
    def handoff_open(self) -> bool: ...
    @property
    def hand(self) -> FannedHand: ...
    @property
    def board(self) -> Board: ...
    @property
    def picker(self) -> ActionPicker: ...
    @property
    def log_panel(self) -> LogPanel: ...
    @property
    def bar(self) -> DecisionBar: ...

    def at_rest(self) -> list[Any]: ...


log = logging.getLogger(__name__)

LEVEL = "hard"
"""The level whose choice a hint is (its clock: ``bots.thinking_seconds``)."""

SINGULAR = {"cards": "card", "dice": "die", "targets": "target"}
"""A list arg's elements stand on the board for the arg of this name."""

DEADLINE = 12.0
"""Seconds a hint may take before it counts as failed: the hard clock (2.8 s) plus
a cold worker's start (a hotseat table has no AI seat to warm it up)."""

HINT_SALT = 0x4817_7A11
"""Mixed into the match seed for the hint's search (a stream of its own)."""

SOURCES = ("use",)
"""Board args (besides the hand's) that stand for what is played: a skill chip."""

TARGETS = ("aim", "to", "who", "index", "zone")
"""Board args that stand for where a move goes: the arrow ends on the first."""


@dataclass(frozen=True)
class Suggestion:
    """The worker's hint: the move, its expected result for the seat (0..1), the
    second-best move's, and the translation key and params of the sentence why."""

    action: Action
    value: float
    second_value: float | None
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Suggestion:
        said = data["sentence"]
        second = data.get("second_value")
        return Suggestion(
            Action.from_json(data["action"]),
            float(data["value"]),
            None if second is None else float(second),
            str(said["key"]),
            dict(said["params"]),
        )


def hints_on(table: HintedTable) -> bool:
    """Hints are allowed at this table: the setting is on and the match is not a
    "no hints" match."""
    return bool(table.app.settings.hints) and table.match.config.get("hints") is not False


class HintPart:
    """One table's hint: the request in the worker, the lit spots, the box."""

    def __init__(self, table: HintedTable) -> None:
        self.table = table
        if not table.app.settings.hints:
            table.match.config["hints"] = False  # a "no hints" match, saved as one
        self.worker = AiWorker(deadline=DEADLINE)
        self.iterations: int | None = None  # fixed search (tests, screenshots); None: the clock
        self.token: tuple[int, int | None] | None = None  # (log length, seat) asked for
        self.shown: Suggestion | None = None
        self.failed = False
        label = table.app.tr("ai.hint.button")
        self.button = Button(label, self.toggle, pygame.Rect(0, 0, 0, 0), name="hint")
        self.requests = 0  # jobs sent to the worker (tests)
        self._found: tuple[Any, list[Button]] = (None, [])  # buttons() cache
        self._route: tuple[Any, list[tuple[int, int]]] = (None, [])  # route() cache

    # -- state --------------------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The human seat to move who is looking at the table, else None."""
        t = self.table
        seat = t.to_move
        if seat is None or t.finished or t.match.seats[seat].is_ai or seat != t.viewer:
            return None
        return seat if t.revealed_to == seat and not t.handoff_open else None

    @property
    def offered(self) -> bool:
        """The button is there (and H works): hints on, a human seat to move."""
        return hints_on(self.table) and self.seat is not None

    @property
    def thinking(self) -> bool:
        return self.token is not None and self.shown is None and not self.failed

    @property
    def busy(self) -> bool:
        """The thinking bar moves (the table asks for frames)."""
        return self.thinking

    def _now(self) -> tuple[int, int | None]:
        return len(self.table.match.log), self.seat

    # -- asking and clearing ---------------------------------------------------------------------
    def toggle(self) -> None:
        """H or the button: ask for a hint, or clear the one asked for (a failed
        one is asked again)."""
        if self.token is not None and not self.failed:
            self.clear()
        elif self.offered:
            self.request()

    def request(self) -> None:
        """Send the seat's view to the worker's ``hint`` job."""
        t, seat = self.table, self.seat
        assert seat is not None
        view = t.rules.to_json(t.rules.view(t.match.state, seat))
        # its own stream, seeded by the position: asking never changes the AI seats' dice
        rng_state = Rng(t.match.seed ^ HINT_SALT ^ len(t.match.log)).next64()
        args = (t.match.game_id, view, seat, rng_state, self.iterations)
        self.token, self.shown, self.failed = self._now(), None, False
        self.worker.run("hint", args, self.token, bots.thinking_seconds(LEVEL))
        self.requests += 1

    def clear(self) -> None:
        """Forget the hint.  A search still running is stopped: the worker is one
        process answering in turn, and the next AI seat's decision (its deadline
        counts from the request) must not wait behind a hint nobody reads."""
        if self.thinking and self.worker.busy:
            ai.shutdown()  # killed at once; the next request starts a fresh worker
            ai.warm_up(self.table.match.game_id)
        self.worker.reset()
        self.token, self.shown, self.failed = None, None, False

    def update(self) -> None:
        """Clear a hint the game moved past; take the worker's answer."""
        if self.token is None:
            return
        if self.token != self._now() or not self.offered:
            self.clear()
            return
        if self.shown is not None or self.failed:
            return
        done, data = self.worker.poll()
        if not done:
            return
        try:
            self.shown = Suggestion.from_json(data) if data is not None else None
        except Exception as exc:  # checked, not trusted (issue 37 class 5)
            log.error("AI worker answered an unreadable hint %.200r: %s", data, exc)
            self.worker.bad_reply(str(exc))
        self.failed = self.shown is None

    def handle(self, event: pygame.event.Event) -> bool:
        """H (no Ctrl/Alt) or a click on the button."""
        if not self.offered:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            if not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
                self.toggle()
                return True
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return self.button.handle(event)
        return False

    # -- where the move is -----------------------------------------------------------------------
    def spots(self) -> list[pygame.Rect]:
        """The on-board spots the hinted action names (what is played first)."""
        return [rect for _arg, rect in self._named()]

    def _named(self) -> list[tuple[str, pygame.Rect]]:
        """(board arg, rect) of every spot the hinted action names: the hand card or
        skill chip first, the elements of list args (``cards``, ``dice``) last."""
        if self.shown is None:
            return []
        t, action = self.table, self.shown.action
        out: list[tuple[str, pygame.Rect]] = []
        first = (t.hand.arg, *SOURCES)
        args = sorted(dict.fromkeys(t.board.args), key=lambda a: a not in first)
        for arg in args:
            value = t.picker.value(action, arg)
            if value is not ABSENT:
                _add(out, arg, t.board.rect_of(arg, value))
        for name, value in action.args:
            if isinstance(value, (list, tuple)) and name in SINGULAR:
                for item in value:
                    _add(out, SINGULAR[name], t.board.rect_of(SINGULAR[name], item))
        return out

    def arrow(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """From what is played (a card, a skill) to its target, if it has both."""
        named = self._named()
        source = next((r for a, r in named if a in (self.table.hand.arg, *SOURCES)), None)
        target = next((r for a, r in named if a in TARGETS), None)
        return (source, target) if source is not None and target is not None else None

    def route(self) -> list[tuple[int, int]]:
        """The arrow's points: from what is played to the edge of its target, bent the
        way that crosses the fewest card titles (worked out once per hint and board)."""
        arrow = self.arrow()
        if arrow is None:
            return []
        source, target = arrow
        cards = [_rect_of(s) for s in self.table.at_rest()]
        cards = [r for r in cards if r not in (source, target)]
        key = (tuple(source), tuple(target), tuple(tuple(r) for r in cards))
        if key != self._route[0]:
            self._route = key, plan_arrow(source, target, cards)
        return self._route[1]

    def buttons(self) -> list[Button]:
        """The decision buttons that make the hinted move (its action, or its kind)."""
        if self.shown is None:
            return []
        bar = self.table.bar
        key = (self.shown, tuple(id(cb) for _label, cb in bar.options), tuple(map(id, bar.buttons)))
        if key != self._found[0]:  # worked out once per hint and set of buttons, not per frame
            self._found = key, self._find(bar.buttons, bar.options)
        return self._found[1]

    def _find(self, buttons: list[Button], options: list[tuple[str, Any]]) -> list[Button]:
        assert self.shown is not None
        action = self.shown.action
        kind = self.table.picker.value(action, KIND)
        value = partial(self.table.picker.value, action)
        found = [b for b, (_, cb) in zip(buttons, options, strict=False)
                 if _makes(cb, action, kind, value)]  # fmt: skip
        if not found and len(buttons) == 1 and not self.spots():
            return list(buttons)  # a move nothing on the board stands for: the one button
        return found

    # -- drawing ---------------------------------------------------------------------------------
    def layout(self) -> None:
        """The button at the top right of the log panel, on its title line."""
        t, px = self.table, self.table.app.px
        r = t.log_panel.rect
        size = max(11, px(13))
        self.button.label = t.app.tr("ai.hint.button")
        self.button.font_size = size
        w = text.size_of(self.button.label, size)[0] + px(16)
        h = size + px(10)
        self.button.rect = pygame.Rect(r.right - w - px(4), r.y + px(3), w, h)

    def draw(self, surface: pygame.Surface) -> None:
        """The lit spots and buttons, the arrow, the button and the box."""
        if not self.offered:
            return
        self.layout()
        px = self.table.app.px
        ring = max(2, px(3))
        for rect in self.spots():  # the table's own lit-target look, and a gold ring
            draw_lit(surface, rect, True)
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(2 * ring, 2 * ring), ring, 10)
        for b in self.buttons():
            pygame.draw.rect(surface, theme.ACCENT, b.rect.inflate(2 * ring, 2 * ring), ring, 8)
        route = self.route()
        if route:
            draw_path(surface, route, theme.ACCENT, max(3, px(5)))
        self.button.focused = self.token is not None
        self.button.draw(surface)
        if self.token is not None:
            self._draw_box(surface)

    def _draw_box(self, surface: pygame.Surface) -> None:
        """Under the button, over the top of the log: thinking, or the sentence."""
        t, px, tr = self.table, self.table.app.px, self.table.app.tr
        log_rect, size = t.log_panel.rect, max(11, px(13))
        pad, width = px(8), log_rect.w - px(8)
        lines = text.wrap(self.words(), size, width - 2 * pad)
        step = size + px(5)
        h = max(3, px(4))  # the thinking bar's thickness (draw_thinking: a tenth of its rect)
        bar = 3 * h if self.thinking else 0
        box = pygame.Rect(0, 0, width, 2 * pad + step * (len(lines) + 1) + bar)
        box.midtop = (log_rect.centerx, self.button.rect.bottom + 1)
        panel(surface, box, alpha=255, edge=theme.GOOD if self.shown else theme.ACCENT)
        y = box.y + pad
        title = text.render(tr("ai.hint.title"), size + 1, theme.ACCENT, bold=True)
        surface.blit(title, (box.x + pad, y))
        for line in lines:
            y += step
            surface.blit(text.render(line, size, theme.TEXT), (box.x + pad, y))
        if self.thinking:
            progress = self.worker.progress()
            strip = pygame.Rect(box.x + pad - h, 0, box.w - 2 * pad + 2 * h, 10 * h)
            strip.bottom = box.bottom - pad + h  # its track ends ``pad`` above the edge
            draw_thinking(surface, strip, 1.0 if progress is None else progress, _clock())

    def words(self) -> str:
        """What the box says: thinking, failed, or the move and why."""
        tr = self.table.app.tr
        if self.failed:
            return str(tr("ai.hint.failed"))
        if self.shown is None:
            return str(tr("ai.hint.thinking"))
        said = [str(tr(self.shown.key, **self.shown.params))]
        why = self.shown.params.get("reason")  # game.ai.hint.reason: what the move does
        if isinstance(why, str) and tr.has(why):
            said.append(str(tr(why, **self.shown.params)))
        pressed = self.buttons()
        if pressed:
            said.insert(0, str(tr("ai.hint.press", button=pressed[0].label.split(". ", 1)[-1])))
        elif not self.spots():  # nothing to light: name the move by its button's words
            kind_key = f"{self.table.button_keys}.{self.shown.action.kind}"
            if tr.has(kind_key):
                said.insert(0, str(tr("ai.hint.press", button=tr(kind_key))))
        return " ".join(said)


def _rect_of(sprite: Any) -> pygame.Rect:
    return pygame.Rect(getattr(sprite, "bounds", sprite.rect))


def title_zone(card: pygame.Rect) -> pygame.Rect:
    """Where a card shows its title and caption: its lower part, or its right part when
    it is turned sideways (a tired guardian's title runs down its right edge)."""
    if card.w > card.h:
        return pygame.Rect(card.x + card.w * 11 // 20, card.y, card.w - card.w * 11 // 20, card.h)
    return pygame.Rect(card.x, card.y + card.h * 11 // 20, card.w, card.h - card.h * 11 // 20)


BENDS = (0.0, 0.25, -0.25, 0.45, -0.45, 0.7, -0.7)
"""The sideways bends a hint arrow may take (of its length; the default bow first)."""


def plan_arrow(
    source: pygame.Rect, target: pygame.Rect, cards: list[pygame.Rect]
) -> list[tuple[int, int]]:
    """An arrow from ``source`` (its top edge when the target is above) to the edge of
    ``target`` facing it: of the default bow and the sideways bends, the one whose
    path crosses the fewest ``cards`` titles (then the fewest cards, then the least bent)."""
    start = source.midtop if target.centery < source.top else source.center
    end = target.center
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    if length < 4:
        return []
    side = (-(end[1] - start[1]) / length, (end[0] - start[0]) / length)
    titles = [title_zone(c) for c in cards]
    best: tuple[tuple[int, int, int], list[tuple[int, int]]] | None = None
    for rank, k in enumerate((None, *BENDS[1:])):
        bend = None if k is None else (side[0] * k * length, side[1] * k * length)
        pts = _cut_at(arrow_points(start, end, bend), target)
        dense = _dense(pts)
        crossed = sum(1 for p in dense if any(z.collidepoint(p) for z in titles))
        over = sum(1 for p in dense if any(c.collidepoint(p) for c in cards))
        score = (crossed, over, rank)
        if best is None or score < best[0]:
            best = score, pts
    assert best is not None
    return best[1]


def _cut_at(pts: list[tuple[int, int]], target: pygame.Rect) -> list[tuple[int, int]]:
    """``pts`` up to where they first enter ``target`` (the arrow's tip on its edge)."""
    for i in range(1, len(pts)):
        inside = target.clipline(pts[i - 1], pts[i])
        if inside:
            entry = inside[0]
            return [*pts[:i], (int(entry[0]), int(entry[1]))]
    return pts


def _dense(pts: list[tuple[int, int]], step: int = 4) -> list[tuple[int, int]]:
    """Points every few pixels along the polyline ``pts`` (to test what it crosses)."""
    out: list[tuple[int, int]] = []
    for (x0, y0), (x1, y1) in pairwise(pts):
        n = max(1, round(math.hypot(x1 - x0, y1 - y0) / step))
        out += [(round(x0 + (x1 - x0) * i / n), round(y0 + (y1 - y0) * i / n)) for i in range(n)]
    return out


def _add(out: list[tuple[str, pygame.Rect]], arg: str, rect: pygame.Rect | None) -> None:
    if rect is not None and all(rect != r for _a, r in out):
        out.append((arg, rect))


def _makes(
    callback: Callable[[], None],
    action: Action,
    kind: ArgValue,
    value: Callable[[str], ArgValue],
) -> bool:
    """Does a decision button's callback send ``action`` (``KitTable.button``, a
    presser), choose its kind (``KitTable._chooser``) or answer one of its args
    (a closure over an arg name and the action's value of it)?"""
    if isinstance(callback, partial):
        return action in callback.args
    cells: list[Any] = [c.cell_contents for c in getattr(callback, "__closure__", None) or ()]
    if any(c == action or (isinstance(c, str) and c == kind) for c in cells):
        return True
    names = [c for c in cells if isinstance(c, str) and c != kind]
    for name in names:
        wanted = value(name)
        if wanted is not ABSENT and any(c == wanted for c in cells if c is not name):
            return True
    return False


def _clock() -> float:
    return pygame.time.get_ticks() / 1000.0
