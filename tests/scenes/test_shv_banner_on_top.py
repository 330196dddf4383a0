"""The Sử Hộ Vương banner is drawn over the villain's arrows (play-test D18).

In the co-op villain turn the arrow from the Boss's skill card to a player's panel
crossed the banner "Bình đang cân nhắc dùng CHEN NGANG hoặc PHẢN ỨNG…" and hid a word.
The banner now comes after the animations and the layer over the board (where the
villain card and its arrows are drawn), in both modes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from registry_tables import human_match, open_on_stack


@pytest.mark.parametrize("mode_id", ["pvp", "pve"])
def test_the_banner_is_drawn_after_the_arrows_and_animations(
    make_app: Any, monkeypatch: pytest.MonkeyPatch, mode_id: str
) -> None:  # SHV-10.5: the villain turn, its targets shown by arrows
    app = make_app()
    table = open_on_stack(app, human_match("shv", mode_id))
    calls: list[str] = []
    banner_draw, anims_draw, layer = table.banner.draw, table.anims.draw, table.draw_layer
    monkeypatch.setattr(table.banner, "draw", lambda s: (calls.append("banner"), banner_draw(s)))
    monkeypatch.setattr(table.anims, "draw", lambda s: (calls.append("anims"), anims_draw(s)))

    def spy_layer(surface: Any, name: str) -> Any:
        calls.append(f"layer:{name}")
        return layer(surface, name)

    monkeypatch.setattr(table, "draw_layer", spy_layer)
    table.draw(pygame.Surface(app.size))
    assert "banner" in calls and "layer:over" in calls
    last = max(i for i, c in enumerate(calls) if c == "banner")
    assert last > calls.index("layer:over") and last > calls.index("anims"), calls
