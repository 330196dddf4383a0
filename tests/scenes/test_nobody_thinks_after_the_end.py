"""Once the game is over nobody is "thinking" (play-test P2-10).

"Dũng is thinking…" stayed on the final table, and "Châu đang suy nghĩ…" under "Phe
người chơi thắng!": the rules had an outcome while a seat was still named to move.  An
outcome ends the banner's turn and the AI's progress bar on every table."""

from __future__ import annotations

from typing import Any

import pytest
from registry_tables import open_on_stack, table_modes

import game
from scenes.table.kittable import KitTable


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_an_outcome_silences_the_thinking_seat(
    make_app: Any, monkeypatch: pytest.MonkeyPatch, game_id: str, mode_id: str
) -> None:
    app = make_app()
    info = game.info(game_id)
    mode = info.mode(mode_id)
    config = info.default_config(mode_id, min(mode.player_counts), control="ai")
    table = open_on_stack(app, game.new_match(game_id, config, 7))
    if not isinstance(table, KitTable):
        pytest.skip(f"{game_id}: not a kit table")
    seat = table.to_move
    assert seat is not None and table.match.seats[seat].is_ai
    monkeypatch.setattr(table.match, "outcome", lambda: object())  # the rules say: over
    table.anims.flush()
    table.set_banner()
    assert table.banner.name == app.tr("table.banner.over") and table.banner.prompt == ""
    assert table._thinking() is None


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_the_results_picture_shows_the_end_not_the_last_prompt(
    make_app: Any, monkeypatch: pytest.MonkeyPatch, game_id: str, mode_id: str
) -> None:  # play-test P3-3: "An chọn mục tiêu…" under "Phe người chơi thắng!"
    app = make_app()
    info = game.info(game_id)
    config = info.default_config(mode_id, min(info.mode(mode_id).player_counts), control="ai")
    table = open_on_stack(app, game.new_match(game_id, config, 7))
    if not isinstance(table, KitTable):
        pytest.skip(f"{game_id}: not a kit table")
    table.banner.set("An", "An: chọn mục tiêu", (200, 200, 200), 0, "")  # the last prompt
    monkeypatch.setattr(table.match, "outcome", lambda: object())
    monkeypatch.setattr(table.app.scenes, "replace", lambda *a, **k: None)
    table._finish()
    assert table.banner.name == app.tr("table.banner.over") and table.banner.prompt == ""
    assert table.input.source is None and not table.bar.buttons
