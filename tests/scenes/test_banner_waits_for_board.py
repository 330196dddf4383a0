"""The turn banner waits for the board (play-test D3, D14), on every table.

The banner used to ask the next seat to act ("An đến lượt hành động") or say "Ván đấu
kết thúc" while the last move's animations still played, and a drag made then was
ignored.  While a batch plays the banner names the seat to move but asks nothing
(or names the step being animated, as the Sử Hộ Vương villain turn does); what the
seat is asked comes once the board has caught up, and so does the game's end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from registry_tables import DT, enter_key, human_match, open_on_stack, table_modes

from scenes.handoff import HandoffScene
from scenes.table.kittable import KitTable


def _banner(table: Any) -> tuple[str, str]:
    return table.banner.name, table.banner.prompt


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_the_banner_keeps_its_words_while_the_move_is_animated(
    make_app: Any, game_id: str, mode_id: str
) -> None:
    app = make_app()
    app.settings.anim_speed = 8.0
    table = open_on_stack(app, human_match(game_id, mode_id))
    if not isinstance(table, KitTable):
        pytest.skip(f"{game_id}: not a kit table")
    rng = random.Random(5)
    changed = 0
    for _ in range(400):
        app.step([], DT)
        if isinstance(app.stack.top, HandoffScene):
            app.step([enter_key()], DT)
            continue
        if table.match.to_move is None or changed >= 2:
            break
        if not table.in_control:
            continue
        before = _banner(table)
        table.submit(rng.choice(table.match.legal_actions()))
        during = set()
        while table.anims.busy:
            during.add(_banner(table))
            app.step([], DT)
        app.step([], DT)
        if isinstance(app.stack.top, HandoffScene):
            continue
        after = _banner(table)
        if after != before:
            changed += 1
            assert after not in during, "the banner ran ahead of the board"
    assert changed, "no move changed the banner: the check proved nothing"
