"""The zoom of a hand card never covers the rest of the hand (play-test D13).

The zoom opened beside the hovered card, over its neighbours, and held while the
pointer was on it: moving from Ma Trơi to Song Hành kept showing Ma Trơi.  A hand
card's zoom now goes above the hand; the pointer reaches every neighbour, and a
neighbour hovered long enough is the one zoomed.  Every kit table with a hand."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from registry_tables import DT, human_match, open_on_stack, play_until, table_modes

from scenes.table.kittable import KitTable


def _hold(app: Any, pointer: list[tuple[int, int]], pos: tuple[int, int]) -> None:
    """The pointer moves to ``pos`` and rests there (the table reads the mouse)."""
    pointer[0] = pos
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))], DT)
    for _ in range(60):
        app.step([], DT)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_a_hand_cards_zoom_leaves_its_neighbours_in_reach(
    make_app: Any,
    monkeypatch: pytest.MonkeyPatch,
    game_id: str,
    mode_id: str,
    size: tuple[int, int],
) -> None:
    app = make_app(size=size)
    pointer = [(0, 0)]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointer[0])
    table = open_on_stack(app, human_match(game_id, mode_id))
    if not isinstance(table, KitTable):
        pytest.skip(f"{game_id}: not a kit table")
    if not play_until(app, table, lambda t: len(t.hand.sprites) >= 3, limit=120):
        pytest.skip(f"{game_id} {mode_id}: no hand of three")
    sprites = table.hand.sprites
    first, second = sprites[1], sprites[2]
    _hold(app, pointer, first.rect.center)
    assert table.zoom.card == first.card, "the hovered hand card was not zoomed"
    zoomed = table.zoom.rect_for(pygame.Rect((0, 0), app.size))
    others = [s.rect for s in sprites if s is not first]
    assert not [r for r in others if zoomed.colliderect(r)], "the zoom covers the hand"
    _hold(app, pointer, second.rect.center)
    assert table.zoom.card == second.card, "the neighbour under the pointer was not zoomed"
