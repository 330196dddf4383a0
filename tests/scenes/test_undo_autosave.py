"""Issue 34 major 6 (P-SHV-8): undo and the autosave agree.  An undone action never
comes back after Continue: in companion mode (undo, quit, Continue, compare) and at
every table and mode of the registry (undo, then the autosave Continue would load)."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest
from registry_tables import DT, human_match, open_on_stack, play_until, table_modes

from saves import store
from scenes.title import TitleScene
from tests.scenes.test_companion import button, open_companion, press


def ctrl_z() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")


def continued() -> Any:
    """The match Continue would open: the latest autosave, once written."""
    assert store.flush_writes() == []
    latest = store.latest_autosave()
    assert latest is not None
    return store.load_match(latest.path)


def test_companion_undo_quit_continue_restores_the_game_as_undone(make_app: Any) -> None:
    """P-SHV-8: "a player is out", undo it, quit, Continue: nobody is out (SHV-10.2,
    SHV-10.5 step 2: an eliminated player changes the Boss's targets and can end the game)."""
    app = make_app(size=(1280, 720))
    app.seed = 7
    table = open_companion(app)
    rules = table.match.rules
    before = rules.to_json(table.match.state)
    press(app, "eliminate")
    app.stack.top.confirm()  # "a player is out" asks first (P-SHV-29)
    app.stack.apply_pending()
    assert table.match.log and table.match.log[-1].kind == "eliminate"
    press(app, "undo")
    assert rules.to_json(table.match.state) == before
    undone = list(table.match.log)
    app.scenes.push("pause", table.match)  # quit: pause -> quit -> yes
    app.stack.apply_pending()
    app.stack.top.quit()
    app.stack.apply_pending()
    assert isinstance(app.stack.top, TitleScene)
    app.stack.top.refresh()
    app.stack.top.on_continue()
    app.stack.apply_pending()
    back = app.stack.top
    assert type(back) is type(table) and back is not table
    assert list(back.match.log) == undone
    assert rules.to_json(back.match.state) == before
    assert button(back, "undo") is not None


@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_the_autosave_follows_an_undo_at_every_table(
    make_app: Any, game_id: str, mode_id: str
) -> None:
    app = make_app()
    table = open_on_stack(app, human_match(game_id, mode_id))
    assert play_until(app, table, lambda t: True)
    rng = random.Random(5)
    for _ in range(40):  # an action the viewer may take back (not a draw: an undo barrier)
        moves = len(table.match.log)
        table.submit(rng.choice(table.match.legal_actions()))
        for _ in range(3):
            app.step([], DT)
        if table.undo_steps() > 0 and app.stack.top is table:
            break
        assert play_until(app, table, lambda t: True)
    else:
        pytest.skip(f"{game_id} {mode_id}: nothing the viewer could take back")
    table.autosave()  # the game was saved with the action (a turn change, companion mode)
    assert len(continued().log) > moves
    app.step([ctrl_z()], DT)
    app.step([], DT)
    assert len(table.match.log) == moves, "Ctrl+Z took nothing back"
    assert [a.to_json() for a in continued().log] == [a.to_json() for a in table.match.log]
