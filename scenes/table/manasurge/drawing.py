"""ManaSurge table: drawing the felt, seats, ladder, piles and scores.  A part of
:class:`ManaSurgeTable`, holding a typed reference to it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.manasurge import cards as mc
from scenes import text, theme
from scenes.table.cards import draw_back, draw_hidden_hand, draw_owner_tag, draw_pile, draw_zoom
from scenes.table.hud import draw_help, draw_lit, draw_tip, panel
from scenes.table.seating import draw_seat_panel
from scenes.table.tokens import GOLD, PURPLE, draw_caster, draw_stone

if TYPE_CHECKING:
    from scenes.table.manasurge.table import ManaSurgeTable


class TablePainter:
    """Draws :class:`ManaSurgeTable` from its ``shown`` view, sprites and widgets."""

    def __init__(self, table: ManaSurgeTable) -> None:
        self.t = table
        self.app = table.app
        self.char_badges: list[tuple[pygame.Rect, int]] = []  # (badge, character) for tips
        self._penalty_backs: dict[tuple[int, int], pygame.Surface] = {}

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
        r = self.t.rects["scores"]
        panel(surface, r)
        px = self.app.px
        title_px = max(12, px(15))
        title = text.render(
            self.app.tr("table.scores.title", target=v.target), title_px, theme.ACCENT, bold=True
        )
        surface.blit(title, (r.x + px(8), r.y + px(6)))
        y = r.y + px(10) + title.get_height()
        row_h = max(14, min(px(26), (r.bottom - y - px(4)) // max(1, self.t.n)))
        body = max(11, min(px(15), row_h - 4))
        for seat in range(self.t.n):
            cy = y + row_h // 2
            color = self.t.seating.color(seat)
            if seat == self.t.to_move:
                hl = pygame.Rect(r.x + 3, y, r.w - 6, row_h)
                pygame.draw.rect(surface, (50, 60, 74), hl, border_radius=4)
            pygame.draw.circle(surface, color, (r.x + px(14), cy), max(3, body // 3))
            score = v.pool_purple[seat] + 5 * v.pool_gold[seat]
            num = text.render(str(score), body, theme.TEXT, bold=True)
            surface.blit(num, num.get_rect(midright=(r.right - px(8), cy)))
            right = r.right - px(8) - max(num.get_width(), px(18)) - px(8)
            stone_r = max(4, body // 2 - 1)
            if v.pool_gold[seat]:
                # gold is change (MS-G7): show the stones themselves, then the total
                for count, stone in ((v.pool_purple[seat], PURPLE), (v.pool_gold[seat], GOLD)):
                    c = text.render(str(count), body - 2, stone, bold=True)
                    surface.blit(c, c.get_rect(midright=(right, cy)))
                    right -= c.get_width() + px(3) + stone_r
                    draw_stone(surface, (right, cy), stone_r, stone)
                    right -= stone_r + px(6)
            else:
                right -= stone_r
                draw_stone(surface, (right, cy), stone_r)
                right -= stone_r + px(6)
            name = self.t.name(seat)
            size = text.fit_size(name, body, right - (r.x + px(26)), min_size=9)
            img = text.render(
                name,
                size,
                color if seat != self.t.viewer else theme.TEXT,
                bold=seat == self.t.viewer,
            )
            surface.blit(img, img.get_rect(midleft=(r.x + px(26), cy)))
            if seat == v.caster:
                draw_caster(surface, (r.x + px(14), cy), max(4, body // 2))
            y += row_h

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
        r = self.t.rects["ladder"]
        px = self.app.px
        tr = self.app.tr
        lang = tr.lang
        head_px = max(11, px(15))
        parts = [tr("table.ladder.title", round=v.round)]
        if v.lead_suit >= 0 and self.t.ladder:
            parts.append(tr("table.ladder.lead_suit", suit=mc.suit_name(v.lead_suit, lang)))
            rank = v.ladder
            parts.append(
                tr("table.ladder.rank", rank=rank) if 1 <= rank <= 8 else tr("table.ladder.free")
            )
        head = "  ·  ".join(parts)
        size = text.fit_size(head, head_px, r.w - px(20), min_size=9)
        img = text.render(head, size, theme.TEXT, bold=True)
        surface.blit(img, (r.x + px(10), r.y + px(4)))
        if not self.t.ladder:
            msg = tr("table.ladder.empty")
            size = text.fit_size(msg, max(11, px(16)), r.w - px(20), min_size=9)
            img = text.render(msg, size, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=r.center))
            return
        stone_r = max(5, px(8))
        for i, item in enumerate(self.t.ladder):
            sprite = self.t.ladder_sprites.get(item.card)
            if sprite is None:
                continue
            sprite.draw(surface, self.t.art, lang)
            cr = sprite.rect
            color = self.t.seating.color(item.seat)
            nxt = (
                self.t.ladder_sprites.get(self.t.ladder[i + 1].card)
                if i + 1 < len(self.t.ladder)
                else None
            )
            strip = (nxt.rect.x - cr.x) if nxt is not None else cr.w
            draw_owner_tag(surface, cr, strip, self.t.name(item.seat), color, px)
            if i == 0:
                pygame.draw.rect(
                    surface, theme.ACCENT, cr.inflate(4, 4), 3, border_radius=max(3, cr.w // 12)
                )
                lead = text.render(
                    tr("table.ladder.lead"), max(10, px(12)), (20, 20, 20), bold=True
                )
                lr = lead.get_rect(midbottom=(cr.x + min(strip, cr.w) // 2, cr.y - 1))
                pygame.draw.rect(surface, theme.ACCENT, lr.inflate(8, 2), border_radius=5)
                surface.blit(lead, lr)
            if item.stones:
                sx = cr.x + max(stone_r + 3, min(strip, cr.w) // 2)
                sy = cr.y + round(cr.h * 0.62)
                if item.stones <= 3 and strip > stone_r * 3:
                    for k in range(item.stones):
                        draw_stone(surface, (sx, sy - k * (stone_r * 2 + 2)), stone_r)
                else:
                    draw_stone(surface, (sx, sy), stone_r)
                    n = text.render(str(item.stones), max(10, px(13)), theme.TEXT, bold=True)
                    nr = n.get_rect(midtop=(sx, sy + stone_r))
                    pygame.draw.rect(surface, (0, 0, 0), nr.inflate(6, 2), border_radius=5)
                    surface.blit(n, nr)

    def _draw_seat(self, surface: pygame.Surface, v: Any, seat: int) -> None:
        r = self.t.seat_rect(seat)
        px, tr = self.app.px, self.app.tr
        ai = self.t.match.seats[seat].is_ai
        tag = tr("table.seat.ai") if ai else (tr("table.seat.you") if seat == self.t.viewer else "")
        color, active = self.t.seating.color(seat), seat == self.t.to_move
        x, y = draw_seat_panel(surface, r, self.t.name(seat), color, active=active, tag=tag, px=px)
        pad = px(8)
        small = max(10, px(13))
        char = v.chars[seat]
        if char >= 0:  # MS-3.1: characters are public; hover the badge for the power
            words = tr("table.seat.character", name=mc.character_name(char, tr.lang))
            size = text.fit_size(words, small, r.w - 2 * pad, bold=True)
            badge = text.render(words, size, theme.ACCENT, bold=True)
            surface.blit(badge, (x, y - px(3)))
            self.char_badges.append((pygame.Rect(x, y - px(3), *badge.get_size()), char))
            y += badge.get_height() + px(2)
        avail_h = r.bottom - pad - y
        # hand (face down for others)
        count = len(v.hands[seat])
        mini_h = max(16, min(px(44), avail_h - small * 2 - px(10)))
        # the bottom seat's hand is fanned in the hand area only once it is revealed
        if self.t.seating.position(seat) != 0 or self.t.revealed_to != self.t.viewer:
            words = tr("table.seat.cards", count=count)
            draw_hidden_hand(surface, (x, y), count, mini_h, words, self.t.art, tr.lang, px, small)
            y += mini_h + px(6)
        # penalty pile and score
        pen = len(v.penalty[seat])
        pen_img = text.render(
            tr("table.seat.penalty", count=pen),
            small,
            theme.BAD if pen >= 3 else theme.TEXT_DIM,
            bold=pen >= 3,
        )
        score = v.pool_purple[seat] + 5 * v.pool_gold[seat]
        score_img = text.render(tr("table.seat.score", score=score), small, theme.TEXT, bold=True)
        row_y = y
        draw_stone(surface, (x + px(7), row_y + score_img.get_height() // 2), max(4, px(7)))
        surface.blit(score_img, (x + px(18), row_y))
        wide = r.w - 2 * pad > score_img.get_width() + pen_img.get_width() + px(44)
        if wide:
            px_pen = x + px(18) + score_img.get_width() + px(16)
            surface.blit(pen_img, (px_pen, row_y))
            y = row_y + score_img.get_height() + px(6)
        else:
            surface.blit(pen_img, (x, row_y + score_img.get_height() + px(2)))
            y = row_y + 2 * score_img.get_height() + px(8)
        # the face-down penalty pile itself, where there is room
        room = r.bottom - pad - y
        if pen and room >= px(24):
            h = min(px(40), room)
            pile = (round(h * 0.7), h)
            if pile not in self._penalty_backs:
                self._penalty_backs[pile] = draw_back(pile, (150, 44, 52))
            for i in range(min(pen, 10)):
                surface.blit(self._penalty_backs[pile], (x + i * max(3, pile[0] // 3), y))
