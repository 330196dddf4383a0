"""The viewer's skill chips beside the equipment slots on a short field (six players
in co-op at 1024x600): a line of their own shrank the viewer's guardians to 34-px
cards with cut titles ("Trọ…", "Ma…") while the teammates' were 43 px."""

from __future__ import annotations

from typing import Any

import pytest
from table_driver import click, step
from test_table_shv_pve import lit_spots, open_pve, settle

from game import new_match
from game.core.match import Match
from scenes.table.shv.draw import _boxes
from scenes.table.shv.pve import ShvPveTable, arena_config

MATES = ("Bình", "Châu", "Dũng", "Hạnh", "Giang")


def arena_match(mine: list[dict[str, Any]], n: int = 6) -> Match:
    """A fight against Ngư Tinh for ``n`` players at round 1: the viewer's field is
    ``mine``, each teammate's two unequipped guardians, a Rock Crab on the villain side."""
    match = new_match("shv", arena_config("ngu_tinh", ["An", *MATES[: n - 1]]), 1)
    mate = [{"card": "chan_tinh"}, {"card": "voi_chin_nga"}]
    players = [{"mp": 15, "field": mine, "deck": ["kim_co_ban"] * 4, "hand": []}]
    players += [{"mp": 15, "field": mate, "deck": ["kim_co_ban"] * 4, "hand": []}] * (n - 1)
    match.state = match.rules.from_scenario(
        {
            "boss": "ngu_tinh",
            "players": players,
            "active": 0,
            "villain": {"minions": [{"card": "cua_da"}], "skill_deck": [], "minion_deck": []},
        }
    )
    return match


def _match() -> Match:
    mine = [
        {
            "card": "cao_lo",
            "tactics": ["moc_co_ban", "moc_co_ban"],
            "equipment": {"weapon": "no_than"},
        },
        {"card": "ma_troi", "tactics": ["hoa_co_ban"]},
    ]
    return arena_match(mine)


def _open(make_app: Any, size: tuple[int, int]) -> ShvPveTable:
    app = make_app(size=size)
    table = open_pve(app, _match())
    settle(app, table)
    step(app, frames=10)
    return table


def _card_width(table: ShvPveTable, seat: int) -> int:
    return min(s.rect.w for s in table.fields[seat].sprites)


def test_short_field_puts_the_chips_beside_the_slots(make_app: Any) -> None:
    table = _open(make_app, (1024, 600))
    assert table.chips_beside
    mates = [_card_width(table, s) for s in range(1, 6)]
    assert _card_width(table, 0) >= min(mates) - 2, (_card_width(table, 0), mates)
    field, row = table.field_rect(0), table.fields[0]
    # Cao Lỗ's three skills (its own two, its crossbow's one) have no room for whole
    # names beside the slots: they stand behind "+3" (tests/scenes/test_shv_skill_overflow.py)
    assert {c.label for c in table.chips} == {"+3", "Lửa Ma"}
    more = next(c for c in table.chips if c.more)
    assert [m.label for m in more.more] == ["Bắn Nỏ", "Tên Xuyên Giáp", "Ngàn Mũi Tên"]
    for g in table.view.players[0].field:
        sprite = row.get(g.card)
        boxes = [r for _, _, r in _boxes(table, sprite, g)]
        mine = [c.rect for c in table.chips if c.pick[0] in (g.card, *g.equipment.values())]
        assert mine, g.card
        for chip in mine:
            assert field.contains(chip), (chip, field)
            assert chip.y == boxes[0].y  # the equipment line
            assert chip.left >= max(b.right for b in boxes), (chip, boxes)
    # a chip beside the slots still starts the skill: Bắn Nỏ lights the villains
    click(table.app, more.rect.center)
    chip = next(c for c in table.chips if c.label == "Bắn Nỏ")
    assert chip.usable and chip.in_menu
    click(table.app, chip.rect.center)
    assert {s.pick[1] for s in lit_spots(table, "aim")} >= {("v", 0)}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_taller_field_keeps_the_chips_on_their_own_line(
    make_app: Any, size: tuple[int, int]
) -> None:
    table = _open(make_app, size)
    assert not table.chips_beside
    row = table.fields[0]
    for g in table.view.players[0].field:
        boxes = [r for _, _, r in _boxes(table, row.get(g.card), g)]
        for chip in (c.rect for c in table.chips if c.pick[0] in (g.card, *g.equipment.values())):
            assert chip.y > boxes[0].bottom, (chip, boxes)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_guardians_lines_stay_in_the_field_and_apart(make_app: Any, size: tuple[int, int]) -> None:
    # A guardian's column is as wide as the row's pitch allows, up to 220 design px (160
    # cut "Armour-Piercing Bolt" beside "Crossbow Shot" with the field half empty).
    from test_table_shv import open_busy
    from test_table_shv import settle as settle_pvp

    from scenes.table.shv.draw import _tabs

    for n in (2, 4, 6):
        app = make_app(size=size)
        table = open_busy(app, n, ("human",) * 2 + ("ai",) * (n - 2))
        settle_pvp(app, table, [])
        step(app, frames=20)
        for seat in range(n):
            row = table.fields[seat]
            owned: list[list[Any]] = []
            for g in table.view.players[seat].field:
                sprite = row.get(g.card)
                mine = [r for _, _, r in _boxes(table, sprite, g)] + [
                    r for _, r in _tabs(table, sprite, g)
                ]
                mine += [
                    c.rect for c in table.chips if c.pick[0] in (g.card, *g.equipment.values())
                ]
                owned.append(mine)
            field = table.field_rect(seat)
            assert all(field.contains(r) for rects in owned for r in rects), (n, seat, size)
            for i, a in enumerate(owned):
                for b in owned[i + 1 :]:
                    assert not any(x.colliderect(y) for x in a for y in b), (n, seat, size)
        assert any(c.label == "Bắn Nỏ" for c in table.chips)
