"""Companion mode's table: the boss card, the big draw buttons, the drawn cards, the
villain side in a row with its buttons, the villain-turn reminder, the log.

One seat (the table operator) acts through buttons only (touch-sized, ≥ 44 px at
1024×600): every button is one legal action of :mod:`game.shv_companion` (the
"Kỹ năng" button also opens the villain turn when the players' turns are over).
A game saves after every action, undoes what drew nothing (Ctrl+Z or the Undo
button) and ends with a win/loss banner instead of the results table.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import Action, Event
from game.shv_companion.state import BOSS
from scenes import theme
from scenes.table.base import TableScene
from scenes.table.shv_companion import draw as d
from scenes.ui.menu import draw_background, draw_dim, draw_hint
from scenes.ui.widgets import MIN_TEXT, Button, FocusGroup

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import App

K = "shv_companion"
# A laptop at the table: K draws a skill, L a minion card, E ends the villain turn.
HOTKEYS = {pygame.K_k: "skill", pygame.K_l: "minion", pygame.K_e: "end"}


class CompanionTable(TableScene):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.book = match.rules.book  # type: ignore[attr-defined]
        self.focus = FocusGroup()
        self.page = 0
        self.lore_open = False
        self.zones: dict[str, pygame.Rect] = {}
        self.tiles: list[tuple[pygame.Rect, dict[str, Any], str]] = []  # rect, record, kind
        self.dirty = True
        self.hint_at: int | None = None  # the log length a shown hint was asked at (H)

    # -- helpers -----------------------------------------------------------------------
    def tr(self, key: str, **params: Any) -> str:
        return self.app.tr(f"{K}.{key}", **params)

    @property
    def s(self) -> Any:
        return self.view

    def bpx(self, value: float) -> int:
        """A button's size: scaled, never under 44 px (touch)."""
        return max(44, self.app.px(value))

    def legal(self) -> set[Action]:
        return set(self.rules.legal_actions(self.match.state)) if self.in_control else set()

    def allowed(self, action: Action) -> bool:
        """An action the rules accept now though ``legal_actions`` lists only its
        canonical form (−5 HP: the list offers −1)."""
        return self.in_control and self.rules.explain(self.match.state, action) is None

    def card_name(self, card: str) -> str:
        return self.book.name(card, self.app.tr.lang)

    # -- contract hooks ----------------------------------------------------------------
    def sync(self, animate: bool = True) -> None:
        self.dirty = True  # laid out on the next update: a click may be running

    def on_events(self, events: list[Event]) -> None:
        for event in events:
            self.log_event(event)

    def params(self, data: dict[str, Any]) -> dict[str, Any]:
        out = dict(data)
        if isinstance(data.get("card"), str):
            out["card_name"] = self.card_name(data["card"])
        if isinstance(data.get("deck"), str):
            out["deck_name"] = self.tr(f"deck.{data['deck']}")
        return out

    def sentence(self, event: Event) -> str:
        if event.kind == "villain_healed" and not event.data.get("amount"):
            return ""  # nothing to say of a heal at full HP
        return self.app.tr(f"{K}.log.{event.kind}", **self.params(event.data))

    def submit(self, action: Action, source: str = "ui") -> str | None:
        reason = super().submit(action, source)
        if reason is None:
            self.autosave()  # one seat always moves: save after every change
        return reason

    def _finish(self) -> None:
        self.finished = True  # the banner stays on the table (no results table)
        self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    # -- actions of the buttons -----------------------------------------------------------
    def do(self, action: Action) -> None:
        self.press(action)
        self.dirty = True

    def draw_skill(self) -> None:
        if self.s.step == "players":
            reason = self.submit(Action.make("villain_turn", 0), "button")
            if reason:
                self.toasts.push(reason)
                return
        self.do(Action.make("draw_skill", 0))

    def undo_button(self) -> None:
        self.undo()
        if self.match.outcome() is None:
            self.finished = False  # a mis-tap that ended the game (a player eliminated)
        self.dirty = True

    def can_undo(self) -> bool:
        return self.viewer is not None and self.undo_steps() > 0

    def toggle_lore(self) -> None:
        self.lore_open = not self.lore_open
        self.dirty = True

    def turn_page(self, step: int) -> None:
        self.page += step
        self.dirty = True

    # -- the hint: the villain-turn step to press next (H) ---------------------------------------
    def next_step(self) -> tuple[str, str] | None:
        """The button to press next in the villain turn's order (SHV-10.5, 10.6) and
        the sentence saying why; None when the game is over or the operator is not
        in control.  Only the steps are named: what the players do to the villains
        happens on the real table, the operator records it."""
        s = self.s
        if self.finished or not self.in_control or s.result:
            return None
        if s.step == "players":
            return "skill", self.tr("hint.players")
        if s.step == "skills":
            return "skill", self.tr("hint.skill", n=s.draws_left)
        if s.step == "minions":
            return "minion", self.tr("hint.minion", n=s.draws_left)
        # the Minions still to act are the rules' ``minion_act`` moves, in field order
        acts = (a for a in self.rules.legal_actions(s) if a.kind == "minion_act")
        uid = next((a.get("villain") for a in acts), None)
        card = next((m["card"] for m in s.minions if m["uid"] == uid), None)
        if card is not None:
            return f"m{uid}.act", self.tr("hint.act", name=self.card_name(card))
        return "end", self.tr("hint.end")

    def toggle_hint(self) -> None:
        """Show the step to press next (its button ringed, the sentence as a toast),
        or hide it; it goes by itself once the operator presses anything."""
        step = self.next_step()
        if self.hint_at is not None or step is None:
            self.hint_at = None
            return
        self.hint_at = len(self.match.log)
        self.toasts.push(step[1])

    def hinted(self) -> Any | None:
        """The button the shown hint rings (None: no hint, or it is on another page)."""
        if self.hint_at is not None and self.hint_at != len(self.match.log):
            self.hint_at = None  # the operator moved on
        step = self.next_step() if self.hint_at is not None else None
        if step is None:
            return None
        return next((b for b in self.focus.buttons if b.name == step[0]), None)

    def new_game(self) -> None:
        self.app.scenes.replace("companion", boss=self.s.boss, party=self.s.party)

    def to_title(self) -> None:
        self.app.scenes.clear_to("title")

    # -- layout ----------------------------------------------------------------------------
    def layout(self) -> None:
        self.dirty = False
        app, px = self.app, self.app.px
        w, h = app.size
        m, b = px(12), self.bpx(48)
        top = pygame.Rect(m, m, w - 2 * m, self.bpx(46))
        strip_h = px(24) + px(56) + 2 * b + px(16)
        strip = pygame.Rect(m, h - m - strip_h - px(22), w - 2 * m, strip_h)
        mid_y = top.bottom + m
        mid = pygame.Rect(m, mid_y, w - 2 * m, strip.y - m - mid_y)
        left = pygame.Rect(mid.x, mid.y, int(w * 0.30), mid.height)
        right = pygame.Rect(0, mid.y, int(w * 0.24), mid.height)
        right.right = mid.right
        center = pygame.Rect(left.right + m, mid.y, right.x - left.right - 2 * m, mid.height)
        self.zones = {"top": top, "strip": strip, "left": left, "right": right, "center": center}
        log = pygame.Rect(right.x, strip.y, right.width, strip.height)
        strip.width = log.x - m - strip.x  # the villain row, then the log at its right
        self.zones["log"] = log
        old = self.focus.current.name if self.focus.current else None
        legal = self.legal()
        widgets: list[Any] = []
        widgets += self._top_buttons(top, b)
        widgets += self._center_buttons(center, b, legal)
        widgets += self._boss_buttons(left, b, legal)
        widgets += self._strip_buttons(strip, b, legal)
        if self.lore_open or self.finished:
            widgets = self._overlay_buttons(b)
        self.focus.set(widgets, focus=old)
        self.log_panel.rect = self.zones.get("log", pygame.Rect(0, 0, 0, 0))
        self.log_panel.font_px = max(MIN_TEXT, px(13))
        self.log_panel.title = app.tr("table.log.title")
        cards = self.zones.get("cards", center)  # low over the drawn cards: the prompt
        self.toasts.anchor = (center.centerx, cards.bottom - px(56))  # above stays readable
        self.toasts.px = max(MIN_TEXT, px(18))

    def _button(self, label: str, action: Action | None, rect: pygame.Rect, name: str,
                legal: set[Action], *, primary: bool = False,
                size: int = 18) -> Button:  # fmt: skip
        enabled = action is not None and (action in legal or self.allowed(action))
        return Button(label, partial(self.do, action) if action else (lambda: None), rect,
                      enabled=enabled, primary=primary, font_size=self.app.px(size),
                      name=name)  # fmt: skip

    def _top_buttons(self, top: pygame.Rect, b: int) -> list[Any]:
        px = self.app.px
        labels = [("menu", self.tr("ui.menu"), self.open_pause),
                  ("hint", self.tr("ui.hint"), self.toggle_hint),
                  ("eliminate", self.tr("ui.eliminate"), self.eliminate),
                  ("lore", self.tr("ui.lore"), self.toggle_lore),
                  ("undo", self.tr("ui.undo"), self.undo_button)]  # fmt: skip
        out: list[Any] = []
        x = top.right
        for name, label, fn in labels:
            width = max(b * 2, min(px(190), d.text.size_of(label, px(17))[0] + px(30)))
            rect = pygame.Rect(x - width, top.y, width, top.height)
            x = rect.x - px(8)
            enabled = name != "eliminate" or Action.make("eliminate", 0) in self.legal()
            if name == "undo":
                enabled = self.in_control and self.can_undo()
            if name == "hint":
                enabled = self.next_step() is not None
            out.append(Button(label, fn, rect, enabled=enabled, font_size=px(17), name=name))
        self.zones["title"] = pygame.Rect(top.x, top.y, x - top.x - px(8), top.height)
        return out

    def open_pause(self) -> None:
        self.app.scenes.push("pause", self.match)

    def eliminate(self) -> None:
        """Ask first, saying which player of the party it will be and what follows
        (P-SHV-29); Yes records it (SHV-10.2: the villains win when all are out)."""
        action = Action.make("eliminate", 0)
        if not self.allowed(action):
            return
        s = self.s
        k, left = s.eliminated + 1, s.party - s.eliminated - 1
        body = self.tr("ui.eliminate_body", k=k, party=s.party, left=left)
        after = self.rules.clone(self.match.state)
        self.rules.apply(after, action)
        if self.rules.outcome(after) is not None:
            body += " " + self.tr("ui.eliminate_last" if left == 0 else "ui.eliminate_ends")
        self.app.scenes.push(
            "confirm",
            self.tr("ui.eliminate_title"),
            body,
            lambda: self.do(action),
            yes_key=f"{K}.ui.eliminate_yes",
        )

    def _center_buttons(self, center: pygame.Rect, b: int, legal: set[Action]) -> list[Any]:
        px, s = self.app.px, self.s
        bh = self.bpx(66)
        gap = px(10)
        bw = (center.width - 2 * gap) // 3
        rects = [pygame.Rect(center.x + i * (bw + gap), center.y, bw, bh) for i in range(3)]
        skills = self.book.bosses[s.boss].skills[s.party]
        if s.step == "skills":
            sub = self.tr("ui.skill_left", n=s.draws_left)
        elif s.step == "players" and not s.boss_ready:
            sub = self.tr("ui.skill_tired")
        else:
            sub = self.tr("ui.skill_left", n=skills if s.step == "players" else 0)
        can_skill = Action.make("villain_turn", 0) in legal or Action.make("draw_skill", 0) in legal
        skill = d.BigButton(self.tr("ui.skill_button"), sub, self.draw_skill, rects[0],
                            enabled=can_skill, primary=can_skill, font_size=px(28),
                            name="skill")  # fmt: skip
        per_turn = self.book.bosses[s.boss].minions[s.party]
        waiting = s.draws_left if s.step == "minions" else (per_turn if s.step != "act" else 0)
        minion_sub = self.tr("ui.skill_left", n=waiting)
        act = Action.make("draw_minion", 0)
        minion = d.BigButton(self.tr("ui.minion_button"), minion_sub, partial(self.do, act),
                             rects[1], enabled=act in legal, primary=act in legal,
                             font_size=px(28), name="minion")  # fmt: skip
        end = Action.make("end_villain_turn", 0)
        finish = d.BigButton(self.tr("ui.end_button"), self.tr("ui.end_hint"),
                             partial(self.do, end), rects[2], enabled=end in legal,
                             primary=end in legal, font_size=px(26), name="end")  # fmt: skip
        self.zones["prompt"] = pygame.Rect(center.x, rects[0].bottom + px(6), center.width, px(40))
        cards_y = self.zones["prompt"].bottom + px(6)
        self.zones["cards"] = pygame.Rect(center.x, cards_y, center.width, center.bottom - cards_y)
        return [skill, minion, finish]

    def _boss_buttons(self, left: pygame.Rect, b: int, legal: set[Action]) -> list[Any]:
        px, s = self.app.px, self.s
        pad = px(12)
        inner = left.inflate(-2 * pad, -2 * pad)
        y = inner.y + px(64)
        self.zones["hp"] = pygame.Rect(inner.x, y, inner.width, px(28))
        y += px(36)
        gap = px(6)
        bw = max(b, (inner.width - 3 * gap) * 22 // 100)
        rect = [pygame.Rect(inner.x + i * (bw + gap), y, bw, b) for i in range(3)]
        rect.append(pygame.Rect(rect[2].right + gap, y, inner.right - rect[2].right - gap, b))
        posture = "tire" if s.boss_ready else "ready"
        out = [
            self._button("−1", Action.make("damage", 0, villain=BOSS, amount=1), rect[0],
                         "boss.dmg1", legal, size=20),
            self._button("−5", Action.make("damage", 0, villain=BOSS, amount=min(5, max(1, s.hp))),
                         rect[1], "boss.dmg5", legal, size=20),
            self._button("+1", Action.make("heal", 0, villain=BOSS, amount=1), rect[2],
                         "boss.heal", legal, size=20),
            self._button(self.tr("ui.to_tired" if s.boss_ready else "ui.to_ready"),
                         Action.make(posture, 0, villain=BOSS), rect[3], "boss.posture", legal,
                         size=16),
        ]  # fmt: skip
        self.zones["boss_text"] = pygame.Rect(inner.x, y + b + px(8), inner.width, 0)
        self.zones["boss_text"].height = inner.bottom - self.zones["boss_text"].y
        return out

    def _strip_buttons(self, strip: pygame.Rect, b: int, legal: set[Action]) -> list[Any]:
        px, s = self.app.px, self.s
        head = px(24)
        records = [(m, "minion") for m in s.minions]
        records += [(o, "ongoing") for o in s.ongoing] + [(t, "treasure") for t in s.treasures]
        gap = px(8)
        min_w = max(3 * b + 4 * px(6), px(190))
        per_page = max(1, (strip.width + gap) // (min_w + gap))
        pages = max(1, -(-len(records) // per_page))
        self.page = max(0, min(self.page, pages - 1))
        shown = records[self.page * per_page : (self.page + 1) * per_page]
        tw = min(px(240), (strip.width - gap * (per_page - 1)) // per_page)
        out: list[Any] = []
        self.tiles = []
        self.zones["pages"] = pygame.Rect(0, 0, 0, 0)
        if pages > 1:
            for i, (label, step) in enumerate((("‹", -1), ("›", 1))):
                rect = pygame.Rect(
                    strip.right - (2 - i) * (b + gap), strip.y - px(10), b, head + px(10)
                )
                enabled = 0 <= self.page + step < pages
                out.append(Button(label, partial(self.turn_page, step), rect, enabled=enabled,
                                  font_size=px(22), name=f"page{step:+d}"))  # fmt: skip
            self.zones["pages"] = pygame.Rect(strip.right - 2 * (b + gap) - px(60), strip.y,
                                              px(56), head)  # fmt: skip
        for i, (rec, kind) in enumerate(shown):
            rect = pygame.Rect(strip.x + i * (tw + gap), strip.y + head, tw, strip.height - head)
            self.tiles.append((rect, rec, kind))
            out += self._tile_buttons(rect, rec, kind, b, legal)
        return out

    def _tile_buttons(self, rect: pygame.Rect, rec: dict[str, Any], kind: str, b: int,
                      legal: set[Action]) -> list[Any]:  # fmt: skip
        px = self.app.px
        pad = px(6)
        uid = rec["uid"]
        row2 = pygame.Rect(rect.x + pad, rect.bottom - pad - b, rect.width - 2 * pad, b)
        destroy = Action.make("destroy", 0, card=uid)
        if kind != "minion":
            label = self.tr("ui.remove")
            return [self._button(label, destroy, row2, f"c{uid}.destroy", legal, size=16)]
        row1 = row2.move(0, -(b + pad))
        bw = max(b, (row1.width - 2 * pad) * 3 // 10)
        r1 = [pygame.Rect(row1.x + i * (bw + pad), row1.y, bw, b) for i in range(2)]
        r1.append(pygame.Rect(r1[1].right + pad, row1.y, row1.right - r1[1].right - pad, b))
        posture = "tire" if rec["ready"] else "ready"
        half = (row2.width - pad) // 2
        act_rect = pygame.Rect(row2.x, row2.y, half, b)
        kill_rect = pygame.Rect(row2.x + half + pad, row2.y, row2.width - half - pad, b)
        acted = uid in self.s.acted
        act_label = self.tr("ui.acted" if acted else "ui.act")
        return [
            self._button("−1", Action.make("damage", 0, villain=uid, amount=1), r1[0],
                         f"m{uid}.dmg", legal, size=20),
            self._button("+1", Action.make("heal", 0, villain=uid, amount=1), r1[1],
                         f"m{uid}.heal", legal, size=20),
            self._button(self.tr("ui.to_tired" if rec["ready"] else "ui.to_ready"),
                         Action.make(posture, 0, villain=uid), r1[2], f"m{uid}.posture",
                         legal, size=15),
            self._button(act_label, Action.make("minion_act", 0, villain=uid), act_rect,
                         f"m{uid}.act", legal, primary=True, size=16),
            self._button(self.tr("ui.destroy"), destroy, kill_rect, f"m{uid}.destroy", legal,
                         size=16),
        ]  # fmt: skip

    def _overlay_buttons(self, b: int) -> list[Any]:
        px = self.app.px
        w, h = self.app.size
        panel = pygame.Rect(0, 0, min(w - px(60), px(900)), min(h - px(40), px(560)))
        panel.center = (w // 2, h // 2)
        self.zones["overlay"] = panel
        bw = px(240)
        y = panel.bottom - px(18) - b
        if self.finished:
            names = [("new_game", self.new_game), ("to_title", self.to_title)]
            if self.can_undo():  # an ending tapped by mistake is taken back here
                names.append(("undo", self.undo_button))
            bw = min(bw, (panel.width - 2 * px(28) - px(20) * (len(names) - 1)) // len(names))
            x = panel.centerx - (bw * len(names) + px(20) * (len(names) - 1)) // 2
            out: list[Any] = []
            for i, (name, fn) in enumerate(names):
                label = self.tr(f"ui.{name}")
                rect = pygame.Rect(x + i * (bw + px(20)), y, bw, b)
                out.append(Button(label, fn, rect, primary=i == 0, font_size=px(20), name=name))
            return out
        return [Button(self.tr("ui.close"), self.toggle_lore,
                       pygame.Rect(panel.centerx - bw // 2, y, bw, b), primary=True,
                       font_size=px(20), name="close")]  # fmt: skip

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.lore_open:
            self.toggle_lore()
            self.app.press_done()  # a held Esc does not go on to open the pause menu
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_z
            and event.mod & pygame.KMOD_CTRL
        ):
            self.undo_button()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not event.mod:
            self.toggle_hint()
            return True
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            name = HOTKEYS.get(event.key)
            if name is not None and not (self.lore_open or self.finished):
                button = next(b for b in self.focus.buttons if b.name == name)
                if button.enabled:
                    button.activate()
                return True
        if super().handle(event):
            return True
        return self.focus.handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.dirty:
            self.layout()
        self.focus.update(dt)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        from scenes.table.shv_companion.paint import paint

        draw_background(surface)
        paint(self, surface)
        self.focus.draw(surface)
        hinted = self.hinted()
        if hinted is not None and not (self.lore_open or self.finished):
            ring = max(2, self.app.px(3))
            pygame.draw.rect(surface, theme.ACCENT, hinted.rect.inflate(2 * ring, 2 * ring),
                             ring, border_radius=8)  # fmt: skip
        if self.lore_open or self.finished:
            draw_dim(surface, 170)
            from scenes.table.shv_companion.paint import paint_overlay

            paint_overlay(self, surface)
            for button in self.focus.buttons:
                button.draw(surface)
        self.toasts.draw(surface)
        draw_hint(surface, self.app, self.tr("ui.keys"))

    def draw_final(self, surface: pygame.Surface) -> None:
        self.draw(surface)
