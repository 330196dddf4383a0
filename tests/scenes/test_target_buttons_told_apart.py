"""Buttons that would read alike name the guardian's owner (play-test P3-7).

When the players chose a Minion's target, the buttons read "1. Ma Trơi" and "2. Ma
Trơi" with nothing to tell them apart; a guardian's button now names its owner when
another button would read the same ("Ma Trơi (An)")."""

from __future__ import annotations

from typing import Any

from test_shv_card_choices import busy


def test_two_buttons_naming_the_same_guardian_say_whose(
    make_app: Any,
) -> None:  # SHV-10.5 (the players choose among tied targets)
    app = make_app("vi")
    table = busy(app)
    mine = next(g.card for g in table.view.players[0].field)
    name = table.card_name(mine)
    assert table.told_apart(("g", mine), name, [name, name]) == f"{name} ({table.seat_name(0)})"
    assert table.told_apart(("g", mine), name, [name, "Khác"]) == name  # alone: as it was
