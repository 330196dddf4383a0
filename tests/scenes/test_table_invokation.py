"""The Thất Thánh Triệu Hồi table (issue 9 Build item 3): a whole two-human hotseat
game played with real pygame mouse events — the mulligan and the first active
character across the hand-off screen (GI-2.2, GI-2.3), dice marked for the reroll
(GI-3.2), skills paid with the preselected canonical payment and a payment changed
by hand (GI-4.1, GI-4.6), a card dragged onto the tuning slot (GI-4.4), a switch
by a click on a standby character (GI-4.2), the declared end (GI-4.5), a new active
character after a defeat (GI-7.3) — to the results screen; hit tests; a resize to
1024x600; save and load in the middle of a game."""

from __future__ import annotations

from typing import Any

import pygame
from table_driver import click, drag, hotseat_config, step

from game.core.contract import Action
from game.core.match import Match
from scenes.handoff import HandoffScene
from scenes.results import ResultsScene
from scenes.table import open_table
from scenes.table.invokation import InvokationTable


def config() -> dict[str, Any]:
    cfg = hotseat_config(2)
    cfg["mode"] = "duel"
    return cfg


def open_gi(app: Any, seed: int = 7, match: Match | None = None) -> InvokationTable:
    match = match or Match("invokation", config(), seed)
    table = open_table(app, match)
    assert isinstance(table, InvokationTable)
    app.stack.push(table)
    app.stack.apply_pending()
    return table


def settle(app: Any, table: InvokationTable, handoffs: list[int] | None = None) -> None:
    """Step until the seat to move may act (a hand-off screen is clicked through)."""
    for _ in range(1500):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            if handoffs is not None:
                handoffs.append(table.viewer or 0)
            click(app, (app.size[0] // 2, app.size[1] // 2))
            continue
        if top is not table:
            return
        moving = any(s.moving for s in table.hand.sprites) or not table.tray.settled
        if table.in_control and not moving:
            return
        step(app)
    raise AssertionError("the table never settled")


def button(table: InvokationTable, key: str, **params: Any) -> pygame.Rect:
    label = table.app.tr(f"invokationtable.button.{key}", **params)
    found = [b.rect for b in table.bar.buttons if b.label.endswith(label)]
    assert found, (label, [b.label for b in table.bar.buttons])
    return found[0]


def last(table: InvokationTable) -> Action:
    return table.actions_sent[-1][0]


def legal_kinds(table: InvokationTable) -> set[str]:
    return {a.kind for a in table.offered}


def play_turn(app: Any, table: InvokationTable, plan: dict[str, Any]) -> None:
    """One decision of the seat in control, by mouse only."""
    kinds = legal_kinds(table)
    if "mulligan" in kinds:
        if not plan.setdefault("swapped", False):  # the first seat swaps one card
            click(app, table.hand.sprites[0].rect.center)
            plan["swapped"] = True
            click(app, button(table, "mulligan", count=1).center)
        else:
            click(app, button(table, "keep_hand").center)
    elif "reroll" in kinds:
        click(app, table.tray.dice[-1].rect.center)  # marked for the reroll
        assert table.tray.selection == (len(table.tray.dice) - 1,)
        click(app, button(table, "reroll", count=1).center)
    elif "choose_active" in kinds:
        spot = next(s for s in table.board.spots(["who"]) if s.pick in table.input.lit)
        click(app, spot.rect.center)
    else:
        action_turn(app, table, plan)


def action_turn(app: Any, table: InvokationTable, plan: dict[str, Any]) -> None:
    offered = table.offered
    tunes = [a for a in offered if a.kind == "tune"]
    if tunes and not plan.get("tuned"):  # GI-4.4: a card onto the tuning slot, then a die
        plan["tuned"] = True
        card = next(s for s in table.hand.sprites if s.card == tunes[0]["card"])
        drag(app, card.rect.center, table.rects["tune"].center)
        assert table.input.asking is not None and table.input.asking.arg == "die"
        click(app, table.tray.dice[tunes[0]["die"]].rect.center)
        assert last(table).kind == "tune"
        return
    usable = [b for b in table.skill_buttons if b.usable]
    if usable:
        best = usable[-1]  # burst, else the elemental skill, else the normal attack
        click(app, best.rect.center)
        canonical = next(a for a in offered if a.kind == "skill" and a["skill"] == best.skill)
        assert table.paying is not None  # GI-4.6: the canonical payment preselected
        assert table.tray.selection == tuple(canonical["dice"])
        if canonical["dice"] and not plan.get("by_hand"):  # unpick a die, pick it again
            plan["by_hand"] = True
            die = table.tray.dice[canonical["dice"][0]]
            click(app, die.rect.center)
            assert table.tray.selection != tuple(canonical["dice"])
            click(app, die.rect.center)
        click(app, table.bar.buttons[0].rect.center)
        assert last(table).kind == "skill"
        return
    switches = [a for a in offered if a.kind == "switch"]
    if switches and not plan.get("switched"):  # GI-4.2: click a standby character
        plan["switched"] = True
        click(app, table.chars[(table.viewer or 0, switches[0]["character"])].rect.center)
        click(app, table.bar.buttons[0].rect.center)
        assert last(table).kind == "switch"
        return
    click(app, button(table, "end_round", tag="⚔").center)
    assert last(table).kind == "end_round"


def test_whole_hotseat_game_by_mouse(app: Any) -> None:
    table = open_gi(app, seed=7)
    handoffs: list[int] = []
    plan: dict[str, Any] = {}
    for _ in range(400):
        settle(app, table, handoffs)
        if isinstance(app.stack.top, ResultsScene):
            break
        play_turn(app, table, plan)
    assert isinstance(app.stack.top, ResultsScene)
    assert table.match.outcome() is not None
    kinds = [a.kind for a, _ in table.actions_sent]
    for kind in ("mulligan", "choose_active", "reroll", "skill", "tune", "end_round"):
        assert kind in kinds, kind
    assert {source for _, source in table.actions_sent} >= {"click", "button"}
    assert len(handoffs) >= 4  # hidden commitments: each seat behind the hand-off screen
    lines = table.event_log.lines()
    assert any("→" in line for line in lines) or not any(
        e.event is not None and e.event.kind == "reaction" for e in table.event_log.entries
    )


def to_action_phase(app: Any, table: InvokationTable) -> None:
    plan: dict[str, Any] = {"swapped": True}
    for _ in range(12):
        settle(app, table)
        if legal_kinds(table) & {"skill", "end_round"}:
            return
        play_turn(app, table, plan)
    raise AssertionError("no action phase")


def test_hit_tests_skill_switch_tune_and_dice(app: Any) -> None:
    table = open_gi(app, seed=3)
    to_action_phase(app, table)
    me = table.viewer or 0
    b = table.board_view
    assert b is not None
    active = b.sides[me].active
    standby = next(c.index for c in b.sides[me].chars if c.index != active)
    # what is under the pointer, never a zone name
    spot = table.board.hit(table.chars[(me, standby)].rect.center, ["who"])
    assert spot is not None and spot.pick == ("who", standby)
    normal = next(bt for bt in table.skill_buttons if bt.skill == "normal")
    assert table.board.hit(normal.rect.center, ["use"]) is not None or not normal.usable
    spot = table.board.hit(table.rects["tune"].center, ["zone"])
    assert spot is not None and spot.pick == ("zone", "tune")
    spot = table.board.hit(table.tray.dice[2].rect.center, ["die"])
    assert spot is not None and spot.pick == ("die", 2)
    # the active character sits forward (towards the opponent)
    assert table.chars[(me, active)].rect.y < table.chars[(me, standby)].rect.y
    # switching: a click on the standby character preselects one die (GI-4.2)
    click(app, table.chars[(me, standby)].rect.center)
    assert table.paying is not None and table.paying.kind == "switch"
    assert len(table.tray.selection) == 1
    label = table.bar.buttons[0].label
    assert "⚔" in label  # a combat action, marked on its button
    click(app, table.bar.buttons[1].rect.center)  # cancel
    assert table.paying is None and table.tray.selection == ()


def test_resize_to_1024x600_keeps_zones_apart(make_app: Any) -> None:
    app = make_app(size=(1280, 720))
    table = open_gi(app, seed=5)
    to_action_phase(app, table)
    app.resize((1024, 600)) if hasattr(app, "resize") else table.resize((1024, 600))
    table.resize((1024, 600))
    step(app, frames=30)
    r = table.rects
    assert r["log"].right <= 1024 and r["dice"].bottom <= 600
    rows = [s.home for s in table.chars.values()]
    assert len(rows) == 6
    for (seat, _i), sprite in table.chars.items():
        zone = r[f"chars_{table.pos(seat)}"]
        home = pygame.Rect(round(sprite.home[0]), round(sprite.home[1]), *sprite.size)
        assert zone.contains(home), (zone, home)
    for bt in table.skill_buttons:
        assert r["skills"].contains(bt.rect)
    assert all(r["dice"].contains(d.rect) for d in table.tray.dice)


def test_save_and_load_mid_game(app: Any) -> None:
    from saves import store

    table = open_gi(app, seed=11)
    to_action_phase(app, table)
    plan: dict[str, Any] = {"tuned": True, "switched": True, "by_hand": True}
    action_turn(app, table, plan)
    settle(app, table)
    path = store.save_match(table.match, "giữa trận")
    loaded = store.load_match(path)
    assert loaded.snapshot() == table.match.snapshot()
    app.stack.pop()
    app.stack.apply_pending()
    again = open_gi(app, match=loaded)
    settle(app, again)
    assert again.board_view is not None and table.board_view is not None
    mine = again.viewer or 0
    assert [c.hp for c in again.board_view.sides[mine].chars] == [
        c.hp for c in table.board_view.sides[mine].chars
    ]
    assert again.event_log.lines()  # the history replayed into the log
