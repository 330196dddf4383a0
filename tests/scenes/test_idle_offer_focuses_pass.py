"""An offer that would change nothing has its pass button focused (play-test P2-3).

"(Bất Khuất lúc này không có tác dụng …)" came with "1. Dùng Bất Khuất" focused, so a
hurried Enter spent the skill for nothing.  When every answer on offer would change
nothing the pass button is focused first; a useful answer keeps the first button."""

from __future__ import annotations

from typing import Any

import pytest
from test_shv_table_polish import DECK, open_position

from game.core.contract import Action


@pytest.mark.parametrize("ready", [True, False])
def test_the_pass_is_focused_when_the_reaction_would_change_nothing(
    make_app: Any, ready: bool
) -> None:  # SHV-7.3: Bất Khuất makes Bà Triệu Ready; she may be Ready already
    app = make_app(lang="vi")
    position = {"active": 1, "players": [
        {"team": 0, "mp": 15, "deck": DECK,
         "field": [{"card": "ba_trieu", "ready": ready}, {"card": "cao_lo", "damage": 2}]},
        {"team": 1, "mp": 15, "deck": DECK,
         "field": [{"card": "ma_troi", "tactics": ["hoa_co_ban"]}]},
    ]}  # fmt: skip

    def ko(match: Any) -> None:
        state = match.state
        cao_lo = next(g.card for g in state.players[0].field if state.names[g.card] == "cao_lo")
        match.apply(Action.make("activate", 1, source=state.players[1].field[0].card,
                                skill="lua_ma", guardian=cao_lo))  # fmt: skip

    table = open_position(app, "pvp", position, before=ko)
    table.prepare(table.legal(), table.rules.prompt(table.match.state))
    table.buttons()
    focused = table.bar.group.buttons[table.bar.group.index].label
    skip = app.tr("shvtable.kind.pass")
    assert (skip in focused) is ready, [b.label for b in table.bar.buttons]
