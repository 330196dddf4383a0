"""Tiny Duel's table, assembled only from kit parts: the worked example a new
game's table copies (walkthrough: ``/work/wt/notes/toytable-arch.md``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import Action, ArgValue, Event
from game.i18n import t
from game.toy import windows
from game.toy.rules import BY_RANK, CONTENT, rank
from scenes import theme
from scenes.table.cards import CardFace
from scenes.table.dicetray import DiceTray
from scenes.table.entity import Status, draw_statuses
from scenes.table.events import Ref
from scenes.table.hud import label, panel
from scenes.table.kittable import KitTable
from scenes.table.picker import ABSENT, KIND, ActionPicker
from scenes.table.rows import Row

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import App

ENTITIES = {1000: "totem", 1001: "shield"}  # card-art ids of the entity cards
COLORS = [(214, 150, 60), (90, 140, 210), (110, 176, 96), (70, 110, 190), (168, 120, 210)]
COLORS.append((206, 84, 80))  # by rank - 1


def content_id(card: int) -> str:
    return ENTITIES.get(card) or BY_RANK[rank(card)]


def card_face(card: int, lang: str) -> CardFace:
    cid, r = content_id(card), CONTENT.card(content_id(card)).get("rank")
    color, emblem = (COLORS[r - 1], "star") if r else (theme.ACCENT, "shield")
    body = CONTENT.render(cid, lang)
    return CardFace(t(f"toy.card.{cid}", lang), color, emblem, str(r or ""), "", body)


def _zone(action: Action) -> ArgValue:  # a played card is dropped on the pile
    return "pile" if action.kind == "play" else ABSENT


def _aim(action: Action) -> ArgValue:  # a strike's target: one arg for a seat or an entity
    if action.kind != "target":
        return ABSENT
    seat = action.get("target")
    return ("seat", seat) if seat is not None else ("entity", action["entity"])


class ToyTable(KitTable):
    button_kinds = ("draw", "block", "take")  # kinds chosen by a button
    button_keys = "toy.table.kind"
    toast_zone = "totems"
    aim_args = (KIND, "zone", "aim")  # outlined when a pick accepts them; the strike's arrow

    def __init__(self, app: App, match: Match) -> None:
        self.tray = DiceTray(pygame.Rect(0, 0, 1, 1))  # the gamble's die
        self.totems = Row(pygame.Rect(0, 0, 1, 1), capacity=6, fill=0.8)
        self.gone: dict[Any, pygame.Rect] = {}  # where removed totems were (their flash)
        self.owners: dict[Any, int] = {}  # totem id -> owner seat
        n = match.rules.num_seats(match.state)
        picker = ActionPicker(order=("aim", KIND, "card"), derived={"zone": _zone, "aim": _aim})
        super().__init__(app, match, layout=f"toy_{n}", faces=card_face, picker=picker)
        self.board.bind("card", self.hand.spots)  # keyboard focus: cards, then the deck
        self.board.bind(KIND, lambda: [("draw", self.rects["deck"])])  # a click on the deck
        self.board.bind("zone", lambda: [("pile", self.rects["pile"])])
        self.board.bind("aim", self._aim_spots)
        # every event is animated by the kit, as game/toy/events.py declares

    # -- where things are ----------------------------------------------------------------------
    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        if ref[0] == "entity":
            return dict(self._aim_spots()).get(ref) or self.gone.get(ref[1])
        return super().rect_of(ref) or self.rects["pile"]

    def dice_tray(self, seat: int) -> DiceTray | None:
        return self.tray

    def _shields(self, seat: int) -> list[tuple[Any, pygame.Rect]]:
        """The seat's shields (status entities) and the line each takes on its panel."""
        r, h = self.seat_rect(seat), self.app.px(22)
        lines = enumerate(windows.owned(self.view.fx, seat, "status"), start=1)
        return [(e, pygame.Rect(r.x + 6, r.bottom - i * (h + 4), r.w - 12, h)) for i, e in lines]

    def _aim_spots(self) -> list[tuple[ArgValue, pygame.Rect]]:
        """What a strike can aim at: seat panels, the shield lines on them, the totems."""
        out: list[tuple[ArgValue, pygame.Rect]] = []
        for seat in range(self.n):
            out.append((("seat", seat), self.seat_rect(seat)))
            out.extend((("entity", e.id), rect) for e, rect in self._shields(seat))
        return out + [(("entity", uid), rect) for uid, rect in self.totems.spots()]

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        r, px = self.rects, self.app.px
        self.totems.rect = r["totems"].inflate(-px(16), -px(16))
        self.tray.rect = pygame.Rect(0, 0, r["dice"].h - px(40), r["dice"].h - px(40))
        self.tray.rect.center = r["dice"].center
        self.tray.layout()
        self.totems.relayout()

    # -- view, words, input ----------------------------------------------------------------------
    def sync(self, animate: bool = True) -> None:
        v, d = self.view, 0.25 if animate else 0.0
        self.seating.turn_to(self.viewer)
        mine = v.hands[self.viewer] if self.eyes is not None else []
        self.hand.sync(mine, spawn=self.rects["deck"], duration=d)
        shown = [e for e in v.fx.entities if e.zone == "summon"]
        self.owners = {e.id: e.owner for e in shown}
        cards = {c: k for k, c in ENTITIES.items()}
        for sprite in self.totems.sync([(e.id, cards[e.card]) for e in shown], duration=d):
            self.gone[sprite.uid] = sprite.bounds
        for e, sprite in zip(shown, self.totems.sprites, strict=True):
            sprite.set_counter("uses", e.usages, color=theme.ACCENT)
        self.controls()

    def prompt_params(self, params: dict[str, Any]) -> dict[str, Any]:
        if "attacker" in params:  # the respond prompt names who strikes
            params["attacker"] = self.match.seats[params["attacker"]].name
        return params

    def refusal(self, picks: dict[str, ArgValue]) -> str:
        return self.app.tr("toy.table.refused")

    def choose(self, kind: ArgValue) -> str | None:
        reason = super().choose(kind)
        if reason is None and self.input.asking is not None:
            self.toasts.push(self.app.tr("toy.table.block_hint"), kind="good")  # now pick a card
        return reason

    def sentence(self, event: Event) -> str:
        d, tr, seats = dict(event.data), self.app.tr, self.match.seats
        names = {k: seats[d[k]].name for k in ("seat", "target") if isinstance(d.get(k), int)}
        card, kind = d.get("card"), event.kind
        if isinstance(card, str) or (isinstance(card, int) and card >= 0):
            names["name"] = tr(f"toy.card.{card if isinstance(card, str) else content_id(card)}")
        if kind == "targeted" and "entity" in d:
            kind = "targeted_entity"
        return tr(f"toy.log.{kind}", **{**d, **names})

    def update(self, dt: float) -> None:
        super().update(dt)
        self.totems.update(dt)
        self.tray.update(dt)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        px, lang, r, v, tr = self.app.px, self.app.tr.lang, self.rects, self.view, self.app.tr
        small, dim, size = max(10, px(13)), theme.TEXT_DIM, (px(70), px(100))
        surface.fill(theme.BG)
        pygame.draw.rect(surface, theme.FELT, r["totems"].union(r["dice"]), border_radius=px(18))
        for seat in range(self.n):
            self._draw_seat(surface, seat, self.seat_rect(seat))
        surface.blit(self.art.surface(-1, size, lang), r["deck"].move(px(14), px(4)))
        deck = tr("toy.table.deck", count=len(v.deck))
        label(surface, deck, small, dim, midbottom=r["deck"].midbottom)
        panel(surface, r["pile"], alpha=90)
        label(surface, tr("toy.table.pile"), small, dim, midbottom=r["pile"].midbottom)
        tops = [(seat, pile[-1]) for seat, pile in enumerate(v.piles) if pile]
        for i, (seat, card) in enumerate(tops):  # each seat's last played card, and its name
            at = r["pile"].move(px(10 + 158 * i), px(6))
            at = surface.blit(self.art.surface(card, size, lang), at).move(px(6), 0)
            label(surface, self.match.seats[seat].name, small, dim, midleft=at.midright)
        for sprite in self.totems.sprites:  # each totem, and its owner's name under it
            sprite.draw(surface, self.art, lang)
            owner = self.match.seats[self.owners.get(sprite.uid, 0)].name
            label(surface, owner, small, dim, midtop=sprite.rect.move(0, px(4)).midbottom)
        self.tray.draw(surface)
        self.log_panel.draw(surface)
        self.banner.draw(surface)
        self.draw_top(surface)  # hand, buttons, animations, lit targets and the aim arrow

    def _draw_seat(self, surface: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        """Name (AI tag), score of target, cards in hand, shields with their turns left."""
        px, tr, v, info = self.app.px, self.app.tr, self.view, self.match.seats[seat]
        color, big, small = self.seating.color(seat), max(11, px(17)), max(10, px(14))
        panel(surface, r, edge=color if self.to_move == seat else theme.PANEL_EDGE)
        name = info.name + (f" · {tr('toy.table.ai')}" if info.is_ai else "")
        at = r.move(px(8), px(8))
        at = label(surface, name, big, color, bold=True, width=r.w - px(16), topleft=at.topleft)
        score = tr("toy.table.score", score=v.scores[seat], target=v.target)
        at = label(surface, score, big + px(5), bold=True, topleft=at.move(0, px(4)).bottomleft)
        hand = tr("toy.table.hand", count=len(v.hands[seat]))
        label(surface, hand, small, theme.TEXT_DIM, topleft=at.move(0, px(4)).bottomleft)
        icon = [Status(tr("toy.table.shield"), theme.GOOD)]
        for e, box in self._shields(seat):  # a status icon, its turns left
            draw_statuses(surface, box.move(0, box.h * 3 // 4), icon, box.h // 2)
            left = tr("toy.table.shield_left", turns=e.duration)
            label(surface, left, small, midleft=(box.x + box.h + px(4), box.centery))
