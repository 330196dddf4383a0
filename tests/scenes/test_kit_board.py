"""Rows, entity sprites, the dice tray, seating and the fanned hand."""

from __future__ import annotations

from typing import Any, cast

import pygame
import pytest
from table_driver import down, key

from scenes import theme
from scenes.table.cards import CardArt, CardFace
from scenes.table.dicetray import DiceTray
from scenes.table.entity import EntitySprite, Status
from scenes.table.hand import FannedHand
from scenes.table.rows import Row
from scenes.table.seating import SEAT_COLORS, Seating, draw_team_banner


def art() -> CardArt:
    return CardArt(lambda card, lang: CardFace(title=f"#{card}", color=(120, 80, 60)))


def test_a_row_lays_out_up_to_its_capacity_inside_its_rect() -> None:
    row = Row(pygame.Rect(100, 50, 600, 200), capacity=4, gap=10)
    gone = row.sync([("a", 1), ("b", 2), ("c", 3)])
    assert gone == []
    rects = [s.rect for s in row.sprites]
    assert all(row.rect.contains(r) for r in rects)
    assert rects[0].right + 10 == rects[1].x and rects[1].right + 10 == rects[2].x
    assert rects[1].centerx == row.rect.centerx  # three cards, centred
    assert rects[0].h == 180  # 90 % of the row: four fit in 600 px
    keep = row.get("b")
    gone = row.sync([("b", 2), ("d", 4)], spawn=pygame.Rect(0, 0, 10, 10), duration=0.5)
    assert [s.uid for s in gone] == ["a", "c"]
    assert row.get("b") is keep and row.get("d") is not None
    assert row.get("d").rect.topleft == (0, 0)  # a new entity comes from the spawn rect


def test_a_crowded_row_shrinks_and_sideways_slots_fit_a_tired_card() -> None:
    row = Row(pygame.Rect(0, 0, 300, 200), capacity=4, sideways=True, gap=0)
    row.sync([(i, i) for i in range(4)])
    w, h = row.card_size(4)
    assert 4 * h <= 300 and h == 75  # each slot as wide as a card is tall
    sprite = row.sprites[1]
    sprite.tired = True
    for _ in range(20):
        row.update(0.05)
    assert sprite.angle == 90 and not sprite.turning
    assert sprite.bounds.size == (h, w)
    assert row.at(sprite.rect.center) is sprite
    assert row.spots()[1] == (1, sprite.bounds)


def test_entity_counters_statuses_and_drawing(app: Any) -> None:
    e = EntitySprite(7, 3, pygame.Rect(50, 50, 70, 100))
    e.set_counter("hp", 10, color=theme.BAD, corner="tr")
    e.set_counter("energy", 2, pips=True, maximum=3, color=theme.ACCENT)
    e.set_counter("hp", 8)  # a value change keeps the style
    assert e.counters["hp"].value == 8 and e.counters["hp"].corner == "tr"
    e.set_counter("energy", None)
    assert "energy" not in e.counters
    e.set_statuses([Status("❄", count=2)])
    surface = pygame.Surface((300, 300))
    e.draw(surface, art(), "vi")
    # the HP badge sits at the top-right corner in its colour
    r = max(8, round(70 * 0.17))
    assert surface.get_at((e.rect.right - r // 2, e.rect.y + r // 2 + r // 2))[:3] == theme.BAD


def test_the_dice_tray_rolls_selects_and_shows_a_proposal() -> None:
    tray = DiceTray(pygame.Rect(0, 0, 400, 50))
    tray.roll([1, 4, 4, 6], duration=0.5)
    assert not tray.settled
    tray.update(1.0)
    assert tray.settled and tray.values == [1, 4, 4, 6]
    tray.propose([1, 2])  # the picker's canonical payment
    assert tray.selection == (1, 2)
    tray.selectable = True
    assert tray.handle(down(tray.dice[3].rect.center))
    assert tray.selection == (1, 2, 3)
    assert tray.focus == 3  # the click moved the keyboard focus too
    tray.handle(key(pygame.K_LEFT))
    tray.handle(key(pygame.K_SPACE))
    assert tray.focus == 2 and tray.selection == (1, 3)
    tray.roll([2, 4, 5, 6], only=[0, 2])
    assert tray.selection == () and tray.dice[1].settled and not tray.dice[0].settled
    tray.selectable = False
    assert not tray.handle(down(tray.dice[0].rect.center))


def test_seating_follows_the_game_order_not_seat_numbers() -> None:
    # Sử Hộ Vương style: teams interleaved around the table
    seating = Seating([0, 2, 1, 3], teams=[0, 0, 1, 1])
    assert [seating.rect_name(s) for s in range(4)] == ["seat_0", "seat_2", "seat_1", "seat_3"]
    assert seating.turn_to(1) and not seating.turn_to(1)
    assert [seating.position(s) for s in (1, 3, 0, 2)] == [0, 1, 2, 3]
    assert seating.seat_at(1) == 3
    assert seating.color(1) == theme.TEAM_COLORS[0] and seating.color(2) == theme.TEAM_COLORS[1]
    assert seating.teammates(1) == [0, 1] and seating.teammates(2) == [2, 3]
    assert Seating([0, 1]).color(1) == SEAT_COLORS[1]  # no teams: the seat's own colour
    with pytest.raises(ValueError):
        Seating([0, 0, 1])


def test_team_banner_draws_in_the_team_colour(app: Any) -> None:
    surface = pygame.Surface((200, 60))
    draw_team_banner(surface, pygame.Rect(10, 10, 180, 40), "Đội 1", theme.team_color(1))
    assert surface.get_at((15, 12))[:3] == theme.TEAM_COLORS[1]


def test_the_fanned_hand_keeps_sprites_and_focus(app: Any) -> None:
    hand = FannedHand(pygame.Rect(0, 500, 800, 200))
    hand.sync([5, 6, 7])
    first = hand.sprites[0]
    rects = [s.rect for s in hand.sprites]
    assert rects[0].x < rects[1].x < rects[2].x and rects[0].y > rects[1].y  # an arc
    assert hand.move_focus(-1) == 2 and hand.move_focus(1) == 0
    gone = hand.sync([5, 7, 8], spawn=pygame.Rect(900, 0, 10, 10))
    assert [s.card for s in gone] == [6] and hand.sprites[0] is first
    hand.focus_card(8)
    assert hand.focused is hand.sprites[2]
    assert hand.at(hand.sprites[1].rect.center) is hand.sprites[1]
    assert hand.spots()[0] == (5, hand.sprites[0].rect)
    hand.draw(pygame.Surface((800, 720)), art(), "vi")


def test_a_lifted_card_in_a_crowded_hand_is_drawn_whole_and_keeps_the_pointer() -> None:
    """Ten overlapping cards: the hovered one is drawn on top (not under its right
    neighbour) and the pointer on its covered part still finds it."""
    hand = FannedHand(pygame.Rect(0, 0, 560, 166))
    hand.sync(list(range(10)))
    rects = hand.rects(10)
    assert rects[5].colliderect(rects[6])  # crowded: the fan overlaps
    covered = (rects[6].x + 2, rects[5].centery)  # on card 5, under card 6 as laid out
    assert hand.at(covered) is hand.sprites[6]
    hand.hover((rects[5].x + 2, rects[5].centery))
    assert hand.sprites[5].hover
    assert hand.at(covered) is hand.sprites[5]  # lifted: it keeps the pointer
    order: list[tuple[int, int]] = []
    for sprite in hand.sprites:  # record the drawing order and the lift

        def record(surface: Any, art: Any, lang: str, lift: int = 0, s: Any = sprite) -> None:
            order.append((s.card, lift))

        sprite.draw = record  # type: ignore[method-assign]
    hand.draw(pygame.Surface((560, 166)), cast(CardArt, None), "vi")  # draw is recorded
    assert order[-1][0] == 5 and order[-1][1] > 0
    assert sorted(c for c, _ in order) == list(range(10))
