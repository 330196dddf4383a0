"""An offer that would change nothing has its pass button focused (play-test P2-3).

"(Bất Khuất lúc này không có tác dụng …)" came with "1. Dùng Bất Khuất" focused, so a
hurried Enter spent the skill for nothing.  When every answer on offer would change
nothing the pass button is focused first; a useful answer keeps the first button."""

from __future__ import annotations

from typing import Any

import pytest
from test_shv_table_markers_and_zoom import open_ko_offer


@pytest.mark.parametrize("ready", [True, False])
def test_the_pass_is_focused_when_the_reaction_would_change_nothing(
    make_app: Any, ready: bool
) -> None:  # SHV-7.3: Bất Khuất makes Bà Triệu Ready; she may be Ready already
    app = make_app(lang="vi")
    table = open_ko_offer(app, ready)
    table.prepare(table.legal(), table.rules.prompt(table.match.state))
    table.buttons()
    focused = table.bar.group.buttons[table.bar.group.index].label
    skip = app.tr("shvtable.kind.pass")
    assert (skip in focused) is ready, [b.label for b in table.bar.buttons]
