"""The load screen draws only the rows in view and fits each row's text once
(issue 13: a full save folder made every frame fit and draw every row)."""

from __future__ import annotations

from typing import Any

import pytest

from game import new_match
from saves import store
from scenes.saveload import SaveLoadScene, SlotRow

from .driver import Driver


def test_rows_out_of_view_are_not_drawn_and_details_are_fitted_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = new_match("manasurge", {"players": 2}, 3)
    for i in range(30):
        store.save_match(match, f"ván {i}")
    d = Driver()
    d.start(SaveLoadScene(d.app, "load"))
    scene = d.top
    assert isinstance(scene, SaveLoadScene)
    rows = [b for b in scene.focus.buttons if isinstance(b, SlotRow)]
    assert len(rows) == 30
    drawn: list[SlotRow] = []
    fitted: list[SlotRow] = []
    real_draw, real_fit = SlotRow.draw, SlotRow._fit_details

    def draw(self: SlotRow, surface: Any) -> None:
        drawn.append(self)
        real_draw(self, surface)

    def fit(self: SlotRow) -> Any:
        fitted.append(self)
        return real_fit(self)

    monkeypatch.setattr(SlotRow, "draw", draw)
    monkeypatch.setattr(SlotRow, "_fit_details", fit)
    for _ in range(3):
        d.app.step([], 1 / 60)
    per_frame = len(drawn) / 3
    assert 0 < per_frame < 30
    assert all(r.rect.colliderect(scene.view) for r in drawn)
    assert len(fitted) == 0  # fitted when first drawn, not again every frame
