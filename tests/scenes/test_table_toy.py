"""The Tiny Duel table (issue 6 item 14): a whole hotseat game played with real
pygame mouse events, a strike aimed at a totem (an entity), the block/take reply
answered by the struck seat, the gamble's die, the shield's turns left; and
``main.py --game toy`` opening it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
from table_driver import click, drag, hotseat_config, key, step

from game import new_match
from game.core.contract import Action, Event
from game.toy.rules import RULES, rank
from scenes.handoff import HandoffScene
from scenes.results import ResultsScene
from scenes.table import open_table
from scenes.table.board import Board
from scenes.table.events import EventAnimator
from scenes.table.picker import KIND, ActionPicker
from scenes.table.pickinput import PickerInput
from scenes.table.toy import ToyTable

ROOT = Path(__file__).resolve().parents[2]


def open_toy(app: Any, position: dict[str, Any]) -> ToyTable:
    match = new_match("toy", hotseat_config(2), 3)
    match.state = RULES.from_scenario(position)
    table = open_table(app, match)
    assert isinstance(table, ToyTable)
    app.stack.push(table)
    app.stack.apply_pending()
    return table


def settle(app: Any, table: ToyTable, handoffs: list[int]) -> None:
    """Step until nothing moves; cross a hand-off screen by clicking it."""
    for _ in range(900):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            handoffs.append(table.viewer)
            click(app, (app.size[0] // 2, app.size[1] // 2))
            continue
        if top is not table:
            return
        moving = any(s.moving for s in table.hand.sprites + table.totems.sprites)
        if table.in_control and not moving:
            return
        step(app)
    raise AssertionError("the table never settled")


def button(table: ToyTable, kind: str) -> pygame.Rect:
    label = table.app.tr(f"toy.table.kind.{kind}")
    return next(b.rect for b in table.bar.buttons if b.label.endswith(label))


def card_rect(table: ToyTable, card: int) -> pygame.Rect:
    return next(s.rect for s in table.hand.sprites if s.card == card)


def last(table: ToyTable) -> Action:
    return table.actions_sent[-1][0]


def test_whole_hotseat_game_by_mouse(app: Any) -> None:
    # TD-1..TD-6 on a built position: seat 1 owns a totem; seat 0 holds a strike.
    position = {
        "hands": [[5, 4, 0, 2], [11, 17, 1]],  # ranks: 6 5 1 3 | 6 6 2
        "deck": [6, 7, 8, 9],
        "scores": [6, 6],
        "target": 20,
        "entities": [{"card": "totem", "owner": 1, "zone": "summon", "usages": 2}],
    }
    table = open_toy(app, position)
    handoffs: list[int] = []
    settle(app, table, handoffs)
    assert handoffs == [0]  # hotseat: the first seat reveals too
    (totem,) = table.totems.sprites
    assert totem.counters["uses"].value == 2

    # Seat 0 drags the strike onto the pile (TD-2), then clicks the totem (TD-5: an entity).
    drag(app, card_rect(table, 5).center, table.rects["pile"].center)
    settle(app, table, handoffs)
    assert last(table) == Action.make("play", 0, card=5)
    assert ("aim", ("entity", totem.uid)) in table.input.lit
    assert ("aim", ("seat", 1)) in table.input.lit
    click(app, totem.bounds.center)
    assert last(table) == Action.make("target", 0, entity=totem.uid)
    settle(app, table, handoffs)
    assert table.totems.sprites == [] and table.view.fx.entities == []
    assert handoffs == [0, 1]

    # Seat 1: click the strike, click the pile; the one target left is clicked on its panel.
    click(app, card_rect(table, 11).center)
    assert table.input.source is not None  # selected, waiting for the pile
    click(app, table.rects["pile"].center)
    assert last(table) == Action.make("play", 1, card=11)
    settle(app, table, handoffs)
    click(app, table.rect_of(("seat", 0)).center)
    assert last(table) == Action.make("target", 1, target=0)
    # The struck seat answers (a pending choice of another seat): hand-off to seat 0.
    settle(app, table, handoffs)
    assert handoffs == [0, 1, 0] and table.rules.prompt(table.match.state).kind == "respond"
    click(app, button(table, "block").center)
    assert ("card", 2) in table.input.lit  # now the card to throw away
    click(app, card_rect(table, 2).center)
    assert last(table) == Action.make("block", 0, card=2)
    settle(app, table, handoffs)
    assert table.match.state.discard == [2]

    # Seat 0 plays the ward: a shield for 2 of its turns, ticked at its turn end (TD-4).
    drag(app, card_rect(table, 4).center, table.rects["pile"].center)
    settle(app, table, handoffs)
    (shield,) = table.view.fx.entities
    assert shield.card == "shield" and shield.duration == 1

    # Seat 1 strikes; both the seat panel and the shield icon are on offer.
    drag(app, card_rect(table, 17).center, table.rects["pile"].center)
    settle(app, table, handoffs)
    assert ("aim", ("entity", shield.id)) in table.input.lit
    click(app, table.rect_of(("seat", 0)).move(0, 4).midtop)
    settle(app, table, handoffs)
    before = table.match.state.scores[0]
    click(app, button(table, "take").center)  # seat 0's hand holds only the gamble now
    assert last(table) == Action.make("take", 0)
    settle(app, table, handoffs)
    assert table.match.state.scores[0] == before  # the shield absorbed all 3
    assert table.view.fx.entities == []

    # The rest by mouse: play the first card by dragging it, else click the deck;
    # strike the first lit target, take every hit.  Ends at the results screen.
    for _ in range(40):
        if isinstance(app.stack.top, ResultsScene):
            break
        prompt = table.rules.prompt(table.match.state)
        if prompt.kind == "respond":
            click(app, button(table, "take").center)
        elif prompt.kind == "choose_target":
            spot = next(s for s in table.board.spots(["aim"]) if s.pick in table.input.lit)
            click(app, spot.rect.center)
        elif table.hand.sprites:
            drag(app, table.hand.sprites[0].rect.center, table.rects["pile"].center)
        else:
            click(app, table.rects["deck"].center)
        settle(app, table, handoffs)
    assert isinstance(app.stack.top, ResultsScene)
    assert table.match.outcome() is not None
    sources = {source for _, source in table.actions_sent}
    # every action came from the mouse through the picker: drags, clicks, buttons
    assert sources == {"drag", "click", "button"}
    kinds = [a.kind for a, _ in table.actions_sent]
    assert "draw" in kinds and any(
        a.kind == "play" and rank(a["card"]) == 1 for a, _ in table.actions_sent
    )
    rolled = [e for e in table.event_log.entries if e.event and e.event.kind == "rolled"]
    assert rolled and table.tray.values == [rolled[-1].event.data["value"]]
    lines = table.event_log.lines()
    assert any("Cột Vật Tổ của Bình" in line for line in lines), lines  # the entity strike
    assert len(handoffs) >= 6


def test_kit_alias_fixed_fields_and_question_with_one_answer(app: Any) -> None:
    # Kit additions: EventAnimator.alias(fixed=...) and a question (choose_target)
    # with one answer left lights that answer's spot to click.
    seen: list[Event] = []
    table = open_toy(app, {"hands": [[5], [1]], "deck": [3]})
    animator = EventAnimator(table, table.anims)
    animator.register("card_moved", lambda e: seen.append(e) or table.animator.fallback(e))
    animator.alias("drew", "card_moved", fixed={"from": "deck", "to": "hand"}, seat="who")
    animator.queue_event(Event("drew", {"who": 1, "card": 4}))
    assert seen[0].data == {"who": 1, "seat": 1, "card": 4, "from": "deck", "to": "hand"}

    board = Board()
    board.bind("aim", lambda: [(("seat", 1), pygame.Rect(0, 0, 10, 10))])
    sent: list[Action] = []
    only = Action.make("target", 0, target=1)
    picker = ActionPicker(derived={"aim": lambda a: ("seat", a["target"])})
    inp = PickerInput(picker, board, sources=("card", KIND), submit=lambda a: sent.append(a))
    inp.set_legal([only], "choose_target")
    assert inp.lit == {("aim", ("seat", 1))}
    inp.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    inp.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    assert sent == [only]
    inp.set_legal([only], "act")  # on the seat's own turn nothing is aimed before a source
    assert ("aim", ("seat", 1)) not in inp.lit


def test_game_flag_opens_the_toy_table(monkeypatch: Any) -> None:
    import main
    from scenes.app import App

    first: list[Any] = []
    monkeypatch.setattr(App, "run", lambda self, scene, frames=None: first.append(scene) or 0)
    assert main.main(["--game", "toy", "--players", "2", "--seats", "human,ai"]) == 0
    (table,) = first
    assert isinstance(table, ToyTable) and table.match.game_id == "toy"


def test_main_runs_the_toy_table_window(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["BANTHE_SAVE_DIR"] = str(tmp_path)
    argv = ["--game", "toy", "--players", "2", "--seats", "human,ai", "--frames", "30"]
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


def test_kit_label_die_value_and_aim_arrow(app: Any) -> None:
    # hud.label returns where the line went (the next line starts under it).
    from scenes.table.hud import label

    surface = pygame.Surface((200, 100))
    rect = label(surface, "Khiên · còn 2 lượt", 14, topleft=(5, 7))
    assert rect.topleft == (5, 7) and rect.w > 40
    assert label(surface, "Khiên · còn 2 lượt", 14, width=40, topleft=(5, 7)).w <= 40
    # dice_rolled takes ``value`` for one die; the tumble lasts as long as its
    # animation at the table's speed (40x here), so the die settles with it.
    table = open_toy(app, {"hands": [[0], [1]], "deck": [3]})
    anim = table.animator.queue_event(Event("dice_rolled", {"seat": 0, "value": 4}))
    for _ in range(4):
        step(app)
    assert table.tray.values == [4] and not table.anims.busy and anim.finished
    assert all(d.settled for d in table.tray.dice)
    # The arrow from the seat is drawn only while a target (not a source) is asked, and
    # only while the pointer is on an answer.
    inp = table.input
    inp.set_legal([Action.make("block", 0, card=0), Action.make("take", 0)], "respond")
    assert inp.asking is not None and inp.asking.arg == KIND
    drawn: list[Any] = []
    import scenes.table.pickinput as pickinput

    real = pickinput.draw_arrow
    pickinput.draw_arrow = lambda *a, **k: drawn.append(a)  # type: ignore[assignment]
    try:
        inp.draw(pygame.Surface((10, 10)), [KIND], origin=(1, 1))
        assert drawn == []
        inp.set_legal([Action.make("target", 0, target=1), Action.make("take", 0)], "choose_target")
        inp.pointer = (-50, -50)  # on no answer: no arrow trails the pointer (play-test D4)
        inp.draw(pygame.Surface((10, 10)), ["aim"], origin=(1, 1))
        assert drawn == []
        answer = next(s for s in inp.board.spots(["aim"]) if s.pick in inp.lit)
        inp.pointer = answer.rect.center
        inp.draw(pygame.Surface((10, 10)), ["aim"], origin=(1, 1))
    finally:
        pickinput.draw_arrow = real  # type: ignore[assignment]
    assert len(drawn) == 1 and drawn[0][1] == (1, 1)


def test_keyboard_plays_a_card(app: Any) -> None:
    # TD-2 by keys: Right focuses the first card (cards before the deck); Enter plays it
    # (one action left: no drop spot to ask for).
    table = open_toy(app, {"hands": [[3, 1], [2]], "deck": [5]})
    settle(app, table, [])
    step(app, [key(pygame.K_RIGHT)])
    step(app, [key(pygame.K_RIGHT)])
    focus = table.input.focus
    assert focus is not None and focus.pick == ("card", 3)
    assert table.hand.sprites[1].rect.colliderect(focus.rect)
    step(app, [key(pygame.K_RETURN)])
    assert last(table) == Action.make("play", 0, card=3)
