"""A held card or skill says what is asked and can be put back (play-test P2-2).

Clicking a skill or a card lit its targets, but the banner still said "your turn…",
"Kết thúc lượt" was gone and only Esc (which nothing mentioned) put it back.  While a
card or skill is held the banner asks for a target and the buttons end with "Hủy",
which puts it back: on every kit table (the Cancel is the kit's)."""

from __future__ import annotations

from typing import Any

import pytest
from table_driver import click, step
from test_shv_card_choices import busy, hand_rect


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
