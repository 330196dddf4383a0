"""Every row of the turn order stays in its panel (play-test D11).

Under the demo's banner (the table gets the window less the banner's 74 px) the Sử Hộ
Vương 2v2 panel cut its fourth row "4. Dũng 15 MP" at its bottom edge.  The rows now
close up and get smaller when the panel is short: every seat count of every mode, at
1280x720 and 1024x600, with and without the banner."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from registry_tables import human_match, open_on_stack

from scenes.table import turnorder

BANNER = 74  # scenes.demo: the band over a demo table, px(74)


@pytest.mark.parametrize("banner", [0, BANNER])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize(("mode_id", "players"), [("pvp", 4), ("pvp", 6), ("pve", 6)])
def test_every_turn_order_row_is_inside_its_panel(
    make_app: Any,
    monkeypatch: pytest.MonkeyPatch,
    mode_id: str,
    players: int,
    size: tuple[int, int],
    banner: int,
) -> None:  # SHV-3.5: the interleaved turn order, every seat listed
    app = make_app(size=size)
    table = open_on_stack(app, human_match("shv", mode_id, players))
    w, h = size
    table.resize((w, h - app.px(banner)))
    drawn: list[tuple[pygame.Rect, list[pygame.Rect]]] = []
    real = turnorder.draw_turn_order

    def spy(surface: Any, rect: pygame.Rect, title: str, rows: Any, px: Any) -> Any:
        out = real(surface, rect, title, rows, px)
        drawn.append((rect.copy(), out))
        return out

    for module in ("scenes.table.shv.panels", "scenes.table.shv.pve_draw"):
        monkeypatch.setattr(f"{module}.draw_turn_order", spy)
    table.snapshots = type(table.snapshots)()  # paint the panel again, through the spy
    table.draw(pygame.Surface((w, h - app.px(banner))))
    assert drawn, "no turn order drawn"
    rect, rows = drawn[-1]
    expected = players + (1 if mode_id == "pve" else 0)  # PvE adds the villain side's row
    assert len(rows) == expected
    assert all(rect.contains(r) for r in rows), (rect, rows)
