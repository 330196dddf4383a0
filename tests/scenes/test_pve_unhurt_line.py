"""A villain that takes no damage says so, as a Guardian does (play-test P2-12).

The log read "Ngư Tinh mất 0 máu (còn 21)" where a Guardian's line says "không nhận
sát thương nào"; now "Ngư Tinh không mất máu nào (còn 21)."."""

from __future__ import annotations

from typing import Any

from registry_tables import human_match, open_on_stack

from game.core.contract import Event
from scenes.table.richtext import plain


def test_a_villain_hit_for_nothing_says_it_lost_no_hp(make_app: Any) -> None:  # SHV-10.6
    app = make_app()
    table = open_on_stack(app, human_match("shv", "pve"))
    boss = table.villain()
    assert boss is not None
    uid = boss.boss.uid
    data = {"who": uid, "card": boss.boss.card, "amount": 0, "blocked": 0,
            "piercing": False, "source": None, "hp": 21}  # fmt: skip
    line = plain(table.sentence(Event("villain_damaged", data)))
    assert "0" not in line.replace("21", "") and "không mất máu nào" in line, line
    hurt = plain(table.sentence(Event("villain_damaged", {**data, "amount": 3, "hp": 18})))
    assert "mất 3 máu" in hurt, hurt
