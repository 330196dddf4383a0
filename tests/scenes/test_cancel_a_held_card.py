"""A held card or skill says what is asked and can be put back (play-test P2-2).

Clicking a skill or a card lit its targets, but the banner still said "your turn…",
"Kết thúc lượt" was gone and only Esc (which nothing mentioned) put it back.  While a
card or skill is held the banner asks for a target and the buttons end with "Hủy",
which puts it back: on every kit table (the Cancel is the kit's)."""

from __future__ import annotations

from typing import Any

import pytest
from table_driver import click, step
from test_shv_card_choices import busy, hand_rect, settle
from test_shv_table_markers_and_zoom import DECK, open_position


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_clicked_tactic_asks_for_its_guardian_and_cancel_puts_it_back(
    make_app: Any, lang: str
) -> None:  # SHV-5.2: a Tactic is given to a Guardian of yours
    app = make_app(lang)
    table = busy(app)
    card = next(s.card for s in table.hand.sprites if table.names[s.card] == "song_hanh")
    before = [b.label for b in table.bar.buttons]
    assert not any(app.tr("table.cancel") in label for label in before)
    click(app, hand_rect(table, card).center)
    step(app, frames=2)
    assert table.input.source is not None
    assert table.banner.prompt == app.tr("table.prompt.aiming", name=table.name(0))
    cancel = table.bar.buttons[-1]
    assert cancel.label.endswith(app.tr("table.cancel")), [b.label for b in table.bar.buttons]
    click(app, cancel.rect.center)
    step(app, frames=2)
    assert table.input.source is None
    assert [b.label for b in table.bar.buttons] == before
    assert table.banner.prompt != app.tr("table.prompt.aiming", name=table.name(0))


def test_a_card_with_one_target_waits_with_cancel_and_cancel_does_not_end_the_turn(
    make_app: Any,
) -> None:  # SHV-5.2; play-test P3-1: the hidden "Kết thúc lượt" still ended the turn
    app = make_app("vi")
    position = {"active": 0, "players": [
        {"team": 0, "mp": 15, "deck": DECK, "hand": ["kim_co_ban"], "field": [{"card": "cao_lo"}]},
        {"team": 1, "mp": 15, "deck": DECK, "field": [{"card": "ma_troi"}]},
    ]}  # fmt: skip
    table = open_position(app, "pvp", position)
    settle(app, table)
    tactic = table.hand.sprites[0].card
    moves = len(table.match.log)
    click(app, hand_rect(table, tactic).center)
    step(app, frames=2)
    assert table.input.source is not None and table.picking()  # its one target: a click
    labels = [b.label for b in table.bar.buttons]
    assert labels and labels[-1].endswith(app.tr("table.cancel")), labels
    assert table.banner.prompt == app.tr("table.prompt.aiming", name=table.name(0))
    click(app, table.bar.buttons[-1].rect.center)
    step(app, frames=2)
    assert table.input.source is None and len(table.match.log) == moves
    click(app, hand_rect(table, tactic).center)
    step(app, frames=2)
    click(app, (table.rects["log"].centerx, table.rects["log"].bottom - 5))  # on nothing
    step(app, frames=2)
    assert table.input.source is None and len(table.match.log) == moves, "the turn ended"
