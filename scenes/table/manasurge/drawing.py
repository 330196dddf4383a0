"""ManaSurge table: drawing the felt, seats, ladder, piles and scores.  A part of
:class:`ManaSurgeTable`, holding a typed reference to it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.manasurge import cards as mc
from scenes import text, theme
from scenes.table.cards import draw_pile, draw_zoom
from scenes.table.hud import draw_help, draw_lit, draw_tip, panel
from scenes.table.manasurge.look import PENALTY_BACK
from scenes.table.seating import SeatLines, draw_seat_panel
from scenes.table.standings import Standing, draw_standings
from scenes.table.tokens import GOLD, PURPLE, draw_caster, draw_stone

if TYPE_CHECKING:
    from scenes.table.manasurge.table import ManaSurgeTable


class TablePainter:
    """Draws :class:`ManaSurgeTable` from its ``shown`` view, sprites and widgets."""

    def __init__(self, table: ManaSurgeTable) -> None:
        self.t = table
        self.app = table.app
        self.char_badges: list[tuple[pygame.Rect, int]] = []  # (badge, character) for tips

    def draw(self, surface: pygame.Surface) -> None:
        t, px, lang = self.t, self.app.px, self.app.tr.lang
        surface.fill(theme.BG)
        self._draw_felt(surface)
        v = t.shown
        if v is None:
            return
        self.char_badges = []
        self._draw_scores(surface, v)
        t.log_panel.draw(surface)
        t.banner.draw(surface)
        self._draw_piles(surface, v)
        self._draw_ladder(surface, v)
        for seat in range(t.n):
            self._draw_seat(surface, v, seat)
        hot = t.hot_zone()
        for zone in t.lit_zones():
            draw_lit(surface, t.rects[zone], zone == hot)
        t.ghosts.draw(surface, t.art, lang)
        t.caster.draw(surface)
        dragged = t.hand.dragged(t.input)
        lift = px(16) if t.in_control else 0
        t.hand.draw(surface, t.art, lang, lift=lift, skip=dragged)
        t.bar.draw(surface)
        if not t.bar.buttons and t.in_control:
            draw_help(surface, t.bar.rect, self.app.tr("table.help.keys"), max(10, px(13)))
        t.anims.draw(surface)
        if dragged is not None:
            dragged.draw(surface, t.art, lang, offset=t.input.drag_delta)
        if t.zoom.card is not None and dragged is None:
            draw_zoom(surface, t.zoom.card, t.zoom.rect_for(surface.get_rect()), t.art, lang)
        self._draw_character_tip(surface, dragged is None)
        t.toasts.draw(surface)

    def _draw_character_tip(self, surface: pygame.Surface, show: bool) -> None:
        """The power of the character whose badge the mouse is over (MS-C3)."""
        mouse = pygame.mouse.get_pos()
        char = next((c for rect, c in self.char_badges if rect.collidepoint(mouse)), None)
        if char is None or not show:
            return
        lang = self.app.tr.lang
        title, body = mc.character_name(char, lang), mc.character_text(char, lang)
        draw_tip(surface, mouse, title, body, self.app.px)

    def _draw_felt(self, surface: pygame.Surface) -> None:
        r = self.t.rects["ladder"].union(self.t.rects["actions"]).union(self.t.rects["draw"])
        felt = r.inflate(self.app.px(16), self.app.px(10))
        pygame.draw.rect(surface, theme.FELT, felt, border_radius=self.app.px(18))
        pygame.draw.rect(surface, (44, 100, 80), felt, 2, border_radius=self.app.px(18))

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
            surface.blit(num, num.get_rect(midleft=(r.x + px(40), cy)))

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
            words = tr("table.seat.character", name=mc.character_name(char, tr.lang))
            self.char_badges.append((lines.badge(words, theme.ACCENT), char))
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
