"""ManaSurge table: drawing the felt, seats, ladder, piles and scores.  A part of
:class:`ManaSurgeTable`, holding it typed as the :class:`PaintedTable` protocol."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.manasurge import cards as mc
from scenes import text, theme
from scenes.table.badges import term
from scenes.table.cards import draw_pile
from scenes.table.host import TableHost
from scenes.table.hud import panel
from scenes.table.manasurge.look import PENALTY_BACK
from scenes.table.seating import SeatLines, draw_seat_panel
from scenes.table.standings import Standing, draw_standings
from scenes.table.tokens import GOLD, PURPLE, draw_caster, draw_stone

if TYPE_CHECKING:
    from collections.abc import Sequence

    from scenes.table.cards import CardArt, Ghosts
    from scenes.table.hud import Banner, LogPanel
    from scenes.table.played import PlayedRow
    from scenes.table.seating import Seating
    from scenes.table.tokens import Token


class PaintedTable(TableHost, Protocol):
    """What the painter reads of its table (``table.ManaSurgeTable``, which imports
    this module)."""

    @property
    def shown(self) -> Any: ...
    @property
    def n(self) -> int: ...
    @property
    def art(self) -> CardArt: ...
    @property
    def banner(self) -> Banner: ...
    @property
    def caster(self) -> Token: ...
    @property
    def ghosts(self) -> Ghosts: ...
    @property
    def ladder(self) -> PlayedRow: ...
    @property
    def log_panel(self) -> LogPanel: ...
    @property
    def rects(self) -> dict[str, pygame.Rect]: ...
    @property
    def seating(self) -> Seating: ...

    def name(self, seat: int | None) -> str: ...
    def seat_rect(self, seat: int) -> pygame.Rect: ...
    def add_tip(self, rect: pygame.Rect, title: str, body: str) -> None: ...
    def draw_felt(self, surface: pygame.Surface, zones: Sequence[str]) -> None: ...
    def draw_drops(self, surface: pygame.Surface) -> None: ...
    def draw_top(self, surface: pygame.Surface) -> None: ...


class TablePainter:
    """Draws :class:`ManaSurgeTable` from its ``shown`` view, sprites and widgets."""

    def __init__(self, table: PaintedTable) -> None:
        self.t = table
        self.app = table.app

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        surface.fill(theme.BG)
        t.draw_felt(surface, ("ladder", "actions", "draw"))
        v = t.shown
        if v is None:
            return
        self._draw_scores(surface, v)
        t.log_panel.draw(surface)
        t.banner.draw(surface)
        self._draw_direction(surface)
        self._draw_piles(surface, v)
        self._draw_ladder(surface, v)
        for seat in range(t.n):
            self._draw_seat(surface, v, seat)
        t.draw_drops(surface)
        t.ghosts.draw(surface, t.art, self.app.tr.lang)
        t.caster.draw(surface)
        c, r = t.caster.pos, t.caster.r
        self._tip(pygame.Rect(round(c[0]) - r, round(c[1]) - r, 2 * r, 2 * r), "token")
        t.draw_top(surface)

    def _tip(self, rect: pygame.Rect, term_id: str, title: str = "") -> None:
        """A hover tip over a symbol: its glossary word (or ``title``) and rule."""
        found = term("manasurge", term_id, self.app.tr.lang)
        if found is not None:
            self.t.add_tip(rect, title or found[0], found[1])

    def _draw_direction(self, surface: pygame.Surface) -> None:
        """The tip over the direction of play, which the kit's banner draws as its
        art-set icon (``hud.draw_direction``)."""
        b = self.t.banner
        if not b.direction:
            return
        r, h = b.rect, b.rect.h
        center, rad = (r.right - h // 2 - 2, r.centery), max(6, h // 3)
        at = pygame.Rect(0, 0, 2 * (rad + max(2, rad // 4)), 2 * (rad + max(2, rad // 4)))
        at.center = center  # where the banner drew it (hud.draw_direction)
        self._tip(at, "direction", b.direction_label)

    def _draw_scores(self, surface: pygame.Surface, v: Any) -> None:
        """Each seat's stones (gold is change, MS-G7: then both kinds are shown)."""
        t = self.t
        rows = []
        for seat in range(t.n):
            purple, gold = v.pool_purple[seat], v.pool_gold[seat]
            rows.append(
                Standing(
                    t.name(seat),
                    t.seating.color(seat),
                    str(purple + 5 * gold),
                    ((purple, PURPLE), (gold, GOLD)) if gold else ((None, PURPLE),),
                    active=seat == t.to_move,
                    own=seat == t.viewer,
                    marker=draw_caster if seat == v.caster else None,
                )
            )
        title = self.app.tr("table.scores.title", target=v.target)
        draw_standings(surface, t.rects["scores"], title, rows, self.app.px)

    def _draw_piles(self, surface: pygame.Surface, v: Any) -> None:
        px = self.app.px
        lang = self.app.tr.lang
        for zone, count, top in (
            ("draw", len(v.draw), None),
            ("discard", len(v.discard), v.discard[-1] if v.discard else None),
        ):
            words = self.app.tr(f"table.pile.{zone}")
            draw_pile(surface, self.t.rects[zone], count, top, words, self.t.art, lang, px)
        small = max(10, px(12))
        r = self.t.rects["supply"]
        panel(surface, r, alpha=120)
        label = text.render(self.app.tr("table.pile.supply"), small, theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midtop=(r.centerx, r.y + px(4))))
        rr = max(6, px(11))
        for i, (count, color) in enumerate(((v.supply_purple, PURPLE), (v.supply_gold, GOLD))):
            cy = r.y + px(38) + i * px(34)
            draw_stone(surface, (r.x + px(24), cy), rr, color)
            num = text.render(f"× {count}", max(11, px(16)), theme.TEXT, bold=True)
            at = num.get_rect(midleft=(r.x + px(40), cy))
            surface.blit(num, at)
            if color == PURPLE:  # the purple stone is a glossary word; gold is change
                self._tip(
                    pygame.Rect(r.x + px(24) - rr, cy - rr, 2 * rr, 2 * rr).union(at), "stone"
                )

    def _draw_ladder(self, surface: pygame.Surface, v: Any) -> None:
        """The round's spells (MS-5): the lead suit and the rank to beat above them."""
        t, tr = self.t, self.app.tr
        parts = [tr("table.ladder.title", round=v.round)]
        if v.lead_suit >= 0 and t.ladder.items:
            parts.append(tr("table.ladder.lead_suit", suit=mc.suit_name(v.lead_suit, tr.lang)))
            rank = v.ladder
            parts.append(
                tr("table.ladder.rank", rank=rank) if 1 <= rank <= 8 else tr("table.ladder.free")
            )
        empty = tr("table.ladder.empty")
        t.ladder.draw_header(surface, "  ·  ".join(parts), empty, self.app.px)
        lead = tr("table.ladder.lead")
        t.ladder.draw(surface, t.art, tr.lang, self.app.px, self._owner, lead=lead)

    def _owner(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        return self.t.name(seat), self.t.seating.color(seat)

    def _draw_seat(self, surface: pygame.Surface, v: Any, seat: int) -> None:
        t, px, tr = self.t, self.app.px, self.app.tr
        r = t.seat_rect(seat)
        ai = t.match.seats[seat].is_ai
        tag = tr("table.seat.ai") if ai else (tr("table.seat.you") if seat == t.viewer else "")
        color, active = t.seating.color(seat), seat == t.to_move
        at = draw_seat_panel(surface, r, t.name(seat), color, active=active, tag=tag, px=px)
        lines = SeatLines(surface, r, at, px)
        char = v.chars[seat]
        if char >= 0:  # MS-3.1: characters are public; hover the badge for the power
            name = mc.character_name(char, tr.lang)
            badge = lines.badge(tr("table.seat.character", name=name), theme.ACCENT)
            t.add_tip(badge, name, mc.character_text(char, tr.lang))
        # the bottom seat's hand is fanned in the hand area only once it is revealed
        if t.seating.position(seat) != 0 or t.revealed_to != t.viewer:
            count = len(v.hands[seat])
            lines.hidden_hand(count, tr("table.seat.cards", count=count), t.art, tr.lang)
        pen = len(v.penalty[seat])  # penalty cards (MS-G5), shown red from three on
        score = tr("table.seat.score", score=v.pool_purple[seat] + 5 * v.pool_gold[seat])
        pen_words = tr("table.seat.penalty", count=pen)
        pen_color = theme.BAD if pen >= 3 else theme.TEXT_DIM
        lines.stats(draw_stone, score, pen_words, pen_color, side_bold=pen >= 3)
        lines.backs(pen, PENALTY_BACK)  # the face-down penalty pile, where there is room
