"""A hit lands on the board when it is animated, not before (play-test D3).

The Thất Thánh Triệu Hồi table used to show the target's new HP and "Bị đánh bại"
at once, and then play the "-2" over an already defeated card.  While a batch plays,
a character keeps the HP and life the board showed until its own damage, healing or
defeat event starts; after the batch the board is the position itself again."""

from __future__ import annotations

from typing import Any

from gi_positions import open_position
from table_driver import step

from scenes.table.invokation import InvokationTable

MINE = {"characters": ["nang_suong", "ong_sam", "co_tha_dieu"], "dice": {"omni": 8}}


def open_pos(app: Any, opp: dict[str, Any]) -> InvokationTable:
    return open_position(app, MINE, opp)


def _attack(table: InvokationTable) -> Any:
    return next(a for a in table.match.legal_actions() if a.kind == "skill")


def _life(table: InvokationTable, seat: int) -> tuple[int, bool]:
    b = table.board_view
    assert b is not None
    side = b.sides[seat]
    c = next(c for c in side.chars if c.index == side.active)
    return table.shown_life(seat, c)


def test_the_target_keeps_its_hp_until_its_hit_is_animated(app: Any) -> None:  # GI-5.1
    app.settings.anim_speed = 1.0
    table = open_pos(app, {"characters": ["tien_suoi", "ba_lo_ren", "ong_chai"]})
    before = _life(table, 1)
    assert table.submit(_attack(table)) is None
    step(app)
    assert table.anims.busy and _life(table, 1) == before
    seen = {before}
    for _ in range(600):
        step(app)
        seen.add(_life(table, 1))
        if not table.anims.busy:
            break
    after = _life(table, 1)
    assert after[0] < before[0] and len(seen) >= 2


def test_a_defeat_shows_after_the_hit_that_causes_it(app: Any) -> None:  # GI-7.3
    app.settings.anim_speed = 1.0
    weak = {"characters": [{"card": "tien_suoi", "hp": 1}, "ba_lo_ren", "ong_chai"]}
    table = open_pos(app, weak)
    assert _life(table, 1) == (1, True)
    assert table.submit(_attack(table)) is None
    order: list[tuple[int, bool]] = []
    for _ in range(900):
        step(app)
        b = table.board_view
        assert b is not None
        c = b.sides[1].chars[0]
        life = table.shown_life(1, c)
        if not order or order[-1] != life:
            order.append(life)
        if not table.anims.busy and not c.alive:
            break
    assert order[0] == (1, True) and order[-1] == (0, False), order
