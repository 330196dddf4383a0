"""The Tiny Duel table, assembled from kit parts only (the template for the next game).

Hand: :class:`FannedHand`; seats: :class:`Seating` + panels with score and shield
status; totems: a :class:`Row` of :class:`EntitySprite`; the gamble's die: a
:class:`DiceTray`; input: :class:`PickerInput` over an :class:`ActionPicker` and a
:class:`Board` (``card`` in hand, ``kind`` on the deck, ``zone`` the play pile, ``aim``
a seat panel or a totem); events: an :class:`EventAnimator` with aliases onto the
kit's vocabulary; log, hotseat, AI and undo: :class:`TableScene`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.contract import Action, ArgValue, Event
from game.i18n import t
from game.toy.rules import BY_RANK, CONTENT, rank
from scenes import text, theme
from scenes.table import layout as layouts
from scenes.table.base import TableScene
from scenes.table.board import Board, draw_arrow
from scenes.table.cards import CardArt, CardFace
from scenes.table.dicetray import DiceTray
from scenes.table.entity import Status, draw_statuses
from scenes.table.events import EventAnimator, Ref
from scenes.table.hand import FannedHand
from scenes.table.hud import panel
from scenes.table.picker import ABSENT, KIND, ActionPicker
from scenes.table.pickinput import PickerInput
from scenes.table.rows import Row
from scenes.table.seating import Seating

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.app import App

ENTITY_CARDS = {"totem": 1000, "shield": 1001}  # entity content ids -> card-art ids
RANK_COLORS = {1: (214, 150, 60), 2: (90, 140, 210), 3: (110, 176, 96), 4: (70, 110, 190)}
RANK_COLORS.update({5: (168, 120, 210), 6: (206, 84, 80)})
BUTTON_KINDS = ("draw", "block", "take")  # kinds chosen by a button (no spot on the board)


def content_id(card: int) -> str:
    names = {v: k for k, v in ENTITY_CARDS.items()}
    return names.get(card) or BY_RANK[rank(card)]


def card_face(card: int, lang: str) -> CardFace:
    cid = content_id(card)
    r = CONTENT.card(cid).get("rank")
    color = RANK_COLORS[int(r)] if r else theme.ACCENT
    body = CONTENT.render(cid, lang)
    return CardFace(t(f"toy.card.{cid}", lang), color, "star" if r else "shield", str(r or ""), "", body)


def _zone(action: Action) -> ArgValue:
    return "pile" if action.kind == "play" else ABSENT


def _aim(action: Action) -> ArgValue:
    if action.kind != "target":
        return ABSENT
    seat = action.get("target")
    return ("seat", seat) if seat is not None else ("entity", action["entity"])


class ToyTable(TableScene):
    def __init__(self, app: App, match: Match) -> None:
        self.n = match.rules.num_seats(match.state)
        self.layout = layouts.load(f"toy_{self.n}")
        self.rects: dict[str, pygame.Rect] = {}
        self.art = CardArt(card_face)
        self.seating = Seating(range(self.n))
        self.hand = FannedHand(pygame.Rect(0, 0, 1, 1))
        self.totems = Row(pygame.Rect(0, 0, 1, 1), capacity=6)
        self.tray = DiceTray(pygame.Rect(0, 0, 1, 1))
        self.gone: dict[object, pygame.Rect] = {}  # where removed totems were (their flash)
        self.board = Board()
        self.board.bind(KIND, lambda: [("draw", self.rects["deck"])])
        self.board.bind("zone", lambda: [("pile", self.rects["pile"])])
        self.board.bind("aim", self._aim_spots)
        self.board.bind("card", self.hand.spots)
        super().__init__(app, match)
        picker = ActionPicker(order=("aim", KIND, "card"), derived={"zone": _zone, "aim": _aim})
        self.input = PickerInput(
            picker, self.board, sources=("card", KIND), submit=self.submit,
            toast=self.toasts.push, refusal=lambda picks: self.app.tr("toy.table.refused"),
        )  # fmt: skip
        a = self.animator = EventAnimator(self, self.anims, self.log_event)
        a.alias("drew", "card_moved", fixed={"from": "deck", "to": "hand"})
        a.alias("played", "card_moved", fixed={"from": "hand", "to": "pile"})
        a.alias("blocked", "card_moved", fixed={"from": "hand", "to": "pile"})
        a.alias("scored", "counter_changed", delta="points")
        a.alias("took_hit", "damaged", amount="lost")
        a.alias("absorbed", "healed")
        a.alias("usage_spent", "counter_changed", entity="id", fixed={"delta": -1})
        a.alias("entity_created", "entity_created", entity="id")
        a.alias("entity_removed", "entity_removed", entity="id")
        roll = a.handlers["dice_rolled"]
        a.register("rolled", lambda e: roll(Event("dice_rolled", {**e.data, "dice": [e.data["value"]]})))

    # -- the kit's Stage ------------------------------------------------------------------
    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        what, value = ref
        if what == "seat" and isinstance(value, int):
            return self.rects[self.seating.rect_name(value)]
        if what == "entity":
            sprite = self.totems.get(value)
            return sprite.bounds if sprite is not None else self.gone.get(value)
        if what == "zone" and value[0] == "hand" and value[1] != self.viewer:
            return self.rect_of(("seat", value[1]))
        if what == "zone":
            return self.rects.get(value[0])
        return self.rects["pile"]

    def card_image(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        return self.art.surface(card, size, self.app.tr.lang)

    def dice_tray(self, seat: int) -> DiceTray | None:
        return self.tray

    def px(self, n: float) -> int:
        return self.app.px(n)

    def _aim_spots(self) -> list[tuple[ArgValue, pygame.Rect]]:
        """Seat panels, the shield icons on them, the totems: what a strike can aim at."""
        out: list[tuple[ArgValue, pygame.Rect]] = []
        for seat in range(self.n):
            r, size = self.rects[self.seating.rect_name(seat)], self._icon()
            out.append((("seat", seat), r))
            for i, e in enumerate(self.view.fx.of(seat, "status")):
                icon = pygame.Rect(r.x + self.app.px(6) + i * (size + 2), r.bottom - size - 6, size, size)
                out.append((("entity", e.id), icon))
        return out + [(("entity", uid), rect) for uid, rect in self.totems.spots()]

    def _icon(self) -> int:
        return 2 * max(6, round(self.app.px(14) * 0.8))

    # -- geometry and view -------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.rects = r = self.layout.rects(size)
        px = self.app.px
        self.log_panel.rect, self.log_panel.font_px = r["log"], max(11, px(13))
        self.log_panel.title = self.app.tr("table.log.title")
        self.banner.rect = r["banner"]
        self.bar.rect, self.bar.font_px = r["actions"].inflate(-px(8), -px(8)), max(12, px(15))
        self.toasts.anchor, self.toasts.px = (r["banner"].centerx, r["banner"].bottom + px(8)), max(13, px(17))
        self.hand.rect, self.totems.rect = r["hand"], r["totems"].inflate(-px(16), -px(16))
        self.tray.rect = pygame.Rect(0, 0, r["dice"].h - px(40), r["dice"].h - px(40))
        self.tray.rect.center = r["dice"].center
        self.tray.layout()
        self.bar.layout()
        self.hand.layout()
        self.totems.relayout()
        self._controls()

    def sync(self, animate: bool = True) -> None:
        v, d = self.view, 0.25 if animate else 0.0
        self.seating.turn_to(self.viewer)
        mine = v.hands[self.viewer] if self.eyes is not None else []
        self.hand.sync(mine, spawn=self.rects["deck"], duration=d)
        shown = [e for e in v.fx.entities if e.zone == "summon"]
        for sprite in self.totems.sync([(e.id, ENTITY_CARDS[e.card]) for e in shown], duration=d):
            self.gone[sprite.uid] = sprite.bounds
        for e, sprite in zip(shown, self.totems.sprites, strict=True):
            sprite.set_counter("uses", e.usages, color=theme.ACCENT)
        self._controls()

    def _controls(self) -> None:
        """Legal actions, buttons and banner for whoever is asked now."""
        prompt = self.rules.prompt(self.match.state)
        legal = self.match.legal_actions() if self.in_control else []
        self.input.set_legal(legal, prompt.kind if prompt else "act")
        self._buttons()
        if prompt is not None:
            names = {k: self.match.seats[v].name for k, v in prompt.params.items() if k == "attacker"}
            name = self.match.seats[prompt.seat].name
            said = self.app.tr(prompt.key, **{**prompt.params, **names, "name": name})
            self.banner.set(name, said, self.seating.color(prompt.seat), 0, "")

    def _buttons(self) -> None:
        kinds = [] if KIND in self.input.picker.picked else self.input.picker.candidates(KIND)
        self.bar.set([(self.app.tr(f"toy.table.kind.{k}"), lambda k=k: self._choose(k))
                      for k in kinds if k in BUTTON_KINDS])  # fmt: skip

    def _choose(self, kind: ArgValue) -> None:
        if self.input.choose(KIND, kind) is None and self.input.asking is not None:
            self.toasts.push(self.app.tr("toy.table.block_hint"), kind="good")  # now pick a card

    def sentence(self, event: Event) -> str:
        d, tr = dict(event.data), self.app.tr
        names = {k: self.match.seats[d[k]].name for k in ("seat", "target") if isinstance(d.get(k), int)}
        card = d.get("card")
        if isinstance(card, str) or (isinstance(card, int) and card >= 0):
            names["name"] = tr(f"toy.card.{card if isinstance(card, str) else content_id(card)}")
        kind = "targeted_entity" if event.kind == "targeted" and "entity" in d else event.kind
        if kind == "targeted_entity":
            names["name"] = tr("toy.card.totem")
        return tr(f"toy.log.{kind}", **{**d, **names})

    def on_events(self, events: list[Event]) -> None:
        self.animator.queue_events(events)

    # -- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        was_busy = self.anims.busy
        super().update(dt)
        for part in (self.hand, self.totems, self.tray):
            part.update(dt)
        self.hand.hover(self.input.pointer if self.in_control else None)
        if was_busy and not self.anims.busy:
            self._controls()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.in_control and (self.input.handle(event) or self.bar.handle(event)):
            self._buttons()
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        px, lang, lit, r = self.app.px, self.app.tr.lang, self.input.lit, self.rects
        pygame.draw.rect(surface, theme.FELT, r["totems"].union(r["dice"]), border_radius=px(18))
        self.log_panel.draw(surface)
        self.banner.draw(surface)
        for seat in range(self.n):
            self._draw_seat(surface, seat)
        surface.blit(self.art.surface(-1, (px(70), px(100)), lang), r["deck"].move(px(14), px(4)))
        self._label(surface, "toy.table.deck", r["deck"].midbottom, count=len(self.view.deck))
        panel(surface, r["pile"], alpha=90)
        self._label(surface, "toy.table.pile", r["pile"].midbottom)
        for spot in self.board.spots([KIND, "zone", "aim"]):
            if spot.pick in lit:
                pygame.draw.rect(surface, theme.GOOD, spot.rect.inflate(6, 6), 3, border_radius=10)
        for sprite in self.totems.sprites:
            sprite.draw(surface, self.art, lang)
        self.tray.draw(surface)
        self._draw_hand(surface, lit)
        self.bar.draw(surface)
        self.anims.draw(surface)
        focus, arrow = self.input.focus, self.input.arrow()
        if focus is not None:
            pygame.draw.rect(surface, theme.FOCUS, focus.rect.inflate(10, 10), 3, border_radius=10)
        if arrow is None and self.input.asking is not None and self.input.asking.arg == "aim":
            arrow = (self.rect_of(("seat", self.viewer or 0)).center, self.input.pointer)
        if arrow is not None:
            draw_arrow(surface, *arrow, theme.ACCENT)
        self.toasts.draw(surface)

    def _draw_hand(self, surface: pygame.Surface, lit: set[tuple[str, ArgValue]]) -> None:
        lang, delta, held = self.app.tr.lang, self.input.drag_delta, self.input.source
        held_card = held.value if held is not None and held.arg == "card" else None
        for s in self.hand.sprites:
            s.lit, s.selected = ("card", s.card) in lit, s.card == held_card
            if s.card != held_card or delta == (0, 0):
                s.draw(surface, self.art, lang, lift=self.app.px(14) if s.hover or s.selected else 0)
        if held_card is not None and delta != (0, 0):
            rect = self.hand.sprites[self.hand.cards.index(held_card)].rect.move(delta)
            surface.blit(self.art.surface(int(held_card), rect.size, lang), rect)  # type: ignore[arg-type]

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        r, px, tr, v = self.rect_of(("seat", seat)), self.app.px, self.app.tr, self.view
        assert r is not None
        color = self.seating.color(seat)
        panel(surface, r, edge=color if self.to_move == seat else theme.PANEL_EDGE)
        name = self.match.seats[seat].name + (f" · {tr('toy.table.ai')}" if self.match.seats[seat].is_ai else "")
        size = max(11, px(17))
        surface.blit(text.render(text.clip(name, size, r.w - px(16), bold=True), size, color, bold=True), (r.x + px(8), r.y + px(10)))
        score = tr("toy.table.score", score=v.scores[seat], target=v.target)
        surface.blit(text.render(score, size + px(5), theme.TEXT, bold=True), (r.x + px(8), r.y + px(38)))
        hand = tr("toy.table.hand", count=len(v.hands[seat]))
        surface.blit(text.render(hand, max(10, px(14)), theme.TEXT_DIM), (r.x + px(8), r.y + px(74)))
        shields = [Status(tr("toy.table.shield"), theme.GOOD, e.duration) for e in v.fx.of(seat, "status")]
        size = self._icon()
        draw_statuses(surface, pygame.Rect(r.x + px(6) - 2, r.bottom - 6 - size // 2 + size // 4, r.w, 1), shields, px(14))

    def _label(self, surface: pygame.Surface, key: str, at: tuple[int, int], **params: object) -> None:
        img = text.render(self.app.tr(key, **params), max(10, self.app.px(13)), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midbottom=(at[0], at[1] - self.app.px(4))))
