"""Guard of issue 34 major 1 (P-SHV-1): a card dragged from the hand follows the
pointer, drawn over everything else, at every table that has a hand, in every mode
(the tables and modes come from the registry: a table added later is covered)."""

from __future__ import annotations

import os
from typing import Any

import pygame
import pytest
from registry_tables import DT, human_match, open_on_stack, play_until, table_modes

from scenes.table.kittable import KitTable

SENTINEL = (255, 0, 255)
SHOTS = os.environ.get("BANTHE_TEST_SHOTS")  # a folder: save each mid-drag frame there


def _draggable(table: Any) -> Any:
    """A hand card the viewer can start an action from now, whatever the decision (its
    own turn, or a setup choice made on the cards: Sử Hộ Vương's face-down Guardian)."""
    for sprite in table.hand.sprites:
        spot = table.board.hit(sprite.rect.center)
        if spot is None or spot.arg != table.hand.arg:
            continue
        if spot.pick in table.input.lit or table.input.source_ok(spot):
            return sprite
    return None


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_the_dragged_card_is_drawn_under_the_pointer_on_top(
    make_app: Any, game_id: str, mode_id: str
) -> None:
    app = make_app(size=(1280, 720))
    table = open_on_stack(app, human_match(game_id, mode_id))
    if not isinstance(table, KitTable):
        pytest.skip(f"{game_id} {mode_id}: no hand")
    assert play_until(app, table, lambda t: _draggable(t) is not None), "no card to drag"
    sprite = _draggable(table)
    start = sprite.rect.center
    pointer = app.screen.get_rect().center  # over the board: zones, lit drops, panels
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], DT)
    for i in range(1, 7):
        at = (
            round(start[0] + (pointer[0] - start[0]) * i / 6),
            round(start[1] + (pointer[1] - start[1]) * i / 6),
        )
        app.step(
            [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))], DT
        )
    app.step([], DT)
    assert table.hand.dragged(table.input) is sprite, "the drag did not start"
    if SHOTS:
        pygame.image.save(app.screen, os.path.join(SHOTS, f"drag-{game_id}-{mode_id}.png"))
    # the card alone, drawn where the drag puts it, on a sentinel colour
    alone = pygame.Surface(app.screen.get_size())
    alone.fill(SENTINEL)
    sprite.draw(alone, table.art, app.tr.lang, offset=table.input.drag_delta)
    patch = pygame.Rect(0, 0, 24, 24)
    patch.center = pointer
    seen = [
        app.screen.get_at((x, y))[:3]
        for x in range(patch.left, patch.right)
        for y in range(patch.top, patch.bottom)
    ]
    card = [
        alone.get_at((x, y))[:3]
        for x in range(patch.left, patch.right)
        for y in range(patch.top, patch.bottom)
    ]
    assert SENTINEL not in card, "the pointer is not on the dragged card"
    assert seen == card, f"{game_id} {mode_id}: the dragged card is not drawn on top at the pointer"
