"""Issue 34, Companion-mode polish from the Sử Hộ Vương play test: a Minion drawn
this turn shows its current HP on the centre card (P-SHV-21), the save list and the
title speak of the fight, never of an internal seat name (P-SHV-17), and "a player
is out" asks first (P-SHV-29)."""

from __future__ import annotations

from typing import Any

from game import new_match
from game.core.contract import Action
from tests.scenes.table_driver import click, step


def _table(app: Any, boss: str = "ngu_tinh", party: int = 3, seed: int = 5) -> Any:
    from scenes.companion import companion_config
    from scenes.table import open_table

    match = new_match("shv_companion", companion_config(app, boss, party), seed)
    app.stack.push(open_table(app, match))
    app.stack.apply_pending()
    step(app)
    return app.stack.top


def _minion_drawn(table: Any) -> dict[str, Any]:
    """Play the villain turn up to its Minion draws; the first Minion drawn."""
    match, book = table.match, table.book
    match.apply(Action.make("villain_turn", 0))
    while match.state.step in ("skills", "minions"):
        kind = "draw_skill" if match.state.step == "skills" else "draw_minion"
        match.apply(Action.make(kind, 0))
        drawn = [c for c in match.state.revealed if book.kind(c) == "minion"]
        if drawn:
            return next(m for m in match.state.minions if m["card"] == drawn[0])
    raise AssertionError("no Minion drawn")


def test_the_centre_card_of_a_minion_shows_its_current_hp(make_app: Any) -> None:
    """P-SHV-21 (SHV-10.6): the card drawn this turn says the HP the Minion has now,
    as its tile does, not its printed HP."""
    from scenes.table.shv_companion.paint import card_labels

    app = make_app()
    table = _table(app, seed=11)
    minion = _minion_drawn(table)
    most = minion["max_hp"]
    assert most >= 2, minion
    table.match.apply(Action.make("damage", 0, villain=minion["uid"], amount=1))
    table.refresh_view(animate=False)
    labels = dict(zip(table.s.revealed, card_labels(table), strict=True))
    now = table.tr("ui.hp", hp=most - 1, max=most)
    assert now in labels[minion["card"]], labels


def test_saves_and_the_title_name_the_fight_not_a_seat(make_app: Any) -> None:
    """P-SHV-17: the Load list's line of a companion save tells the round and the
    Boss's HP; neither it nor the title's Continue line shows the internal seat name
    ("Bàn chơi") or a score beside it."""
    from saves import store
    from scenes.saveload import SaveLoadScene
    from scenes.title import TitleScene

    for lang in ("vi", "en"):
        app = make_app(lang=lang)
        table = _table(app)
        s = table.match.state
        table.match.apply(Action.make("damage", 0, villain=0, amount=3))
        store.autosave(table.match)
        store.flush_writes()
        scene = SaveLoadScene(app, "load")
        app.stack.push(scene)
        app.stack.apply_pending()
        step(app)
        rows = [b for b in scene.focus.buttons if getattr(b, "info", None) is not None]
        row = next(r for r in rows if r.info.game == "shv_companion")
        line = " ".join(row.detail_lines()[1])
        assert f"{s.hp}/{s.max_hp}" in line, line
        for internal in ("Bàn chơi", "Table"):
            assert internal not in line, line
        title = TitleScene(app)
        app.stack.clear_to(title)
        app.stack.apply_pending()
        step(app)
        hint = title.continue_hint()
        assert hint and "Bàn chơi" not in hint and "Table" not in hint.split("—")[-1], hint


def test_a_player_out_is_asked_first(make_app: Any) -> None:
    """P-SHV-29 (SHV-10.2): "a player is out" opens a confirm that says which player
    of the party it will be; only Yes records it."""
    from scenes.dialogs import ConfirmDialog

    app = make_app(size=(1024, 600))
    table = _table(app, party=3)
    button = next(b for b in table.focus.buttons if b.name == "eliminate")
    click(app, button.rect.center)
    step(app)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    assert table.match.state.eliminated == 0
    assert "1" in dialog.body and "3" in dialog.body, dialog.body
    dialog.cancel()
    app.stack.apply_pending()
    step(app)
    assert table.match.state.eliminated == 0
    click(app, button.rect.center)
    step(app)
    app.stack.top.confirm()
    app.stack.apply_pending()
    step(app)
    assert table.match.state.eliminated == 1
