"""The action picker narrows a fake legal list; real pygame events drive it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from table_driver import down, key, motion, up

from game.core.contract import Action
from scenes.table.board import Board
from scenes.table.picker import ABSENT, KIND, ActionPicker, Ask, Submit
from scenes.table.pickinput import PickerInput

# A fake turn: card 1 needs a target (guardian 10 or 11, or player 0's panel),
# card 2 has one action, card 3 can pay with two dice sets, and there is a pass.
LEGAL = [
    Action.make("play", 0, card=1, target=10),
    Action.make("play", 0, card=1, target=11),
    Action.make("play", 0, card=1, target=100),
    Action.make("play", 0, card=2),
    Action.make("cast", 0, card=3, dice=[1, 2]),
    Action.make("cast", 0, card=3, dice=[4, 5]),
    Action.make("pass", 0),
]

HAND = {1: pygame.Rect(100, 500, 60, 90), 2: pygame.Rect(170, 500, 60, 90)}
HAND[3] = pygame.Rect(240, 500, 60, 90)
FIELD = {10: pygame.Rect(100, 200, 70, 90), 11: pygame.Rect(200, 200, 70, 90)}
PANELS = {100: pygame.Rect(500, 40, 160, 60)}
PLAY_ZONE = pygame.Rect(80, 320, 600, 120)


class Rig:
    def __init__(self, legal: list[Action], prompt_kind: str = "act") -> None:
        self.sent: list[Action] = []
        self.toasts: list[str] = []
        self.board = Board()
        self.board.bind("card", lambda: list(HAND.items()))
        self.board.bind("target", lambda: [*FIELD.items(), *PANELS.items()])
        self.board.bind("zone", lambda: [("play", PLAY_ZONE)])
        picker = ActionPicker(
            order=("card", "target"),
            derived={"zone": lambda a: "play" if a.kind == "play" else ABSENT},
        )
        self.input = PickerInput(
            picker,
            self.board,
            sources=("card", KIND),
            submit=self.submit,
            toast=self.toasts.append,
            refusal=lambda picks: f"no:{sorted(picks.items())}",
        )
        self.input.set_legal(legal, prompt_kind)

    def submit(self, action: Action) -> str | None:
        self.sent.append(action)
        return None

    def feed(self, *events: pygame.event.Event) -> None:
        for e in events:
            self.input.handle(e)

    def click(self, pos: tuple[int, int]) -> None:
        self.feed(down(pos), up(pos))

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        self.feed(down(start))
        for i in range(1, 5):
            x = start[0] + (end[0] - start[0]) * i // 4
            y = start[1] + (end[1] - start[1]) * i // 4
            self.feed(motion((x, y)))
        self.feed(up(end))


def test_the_picker_narrows_and_asks_for_the_differing_arg() -> None:
    picker = ActionPicker(LEGAL, order=("card", "target"))
    assert picker.pick("card", 1)
    decision = picker.decision()
    assert decision == Ask("target", (10, 11, 100))
    assert not picker.pick("target", 12)  # no such action: refused, nothing changes
    assert picker.picked == {"card": 1}
    assert picker.pick("target", 11)
    assert picker.decision() == Submit(Action.make("play", 0, card=1, target=11))


def test_one_action_left_is_submitted_and_preferences_answer_toggles() -> None:
    picker = ActionPicker(LEGAL)
    picker.pick("card", 2)
    assert picker.decision() == Submit(Action.make("play", 0, card=2))
    mods = [Action.make("play", 0, card=5), Action.make("play", 0, card=5, attune=True)]
    picker = ActionPicker(mods)
    picker.pick("card", 5)
    assert picker.decision() == Ask("attune", (ABSENT, True))
    picker = ActionPicker(mods, prefer={"attune": True})
    picker.pick("card", 5)
    assert picker.decision() == Submit(mods[1])


def test_a_dice_payment_outside_the_canonical_list_is_completed() -> None:
    picker = ActionPicker(LEGAL)
    picker.pick("card", 3)
    assert picker.decision() == Ask("dice", ((1, 2), (4, 5)))
    assert picker.complete("dice", (2, 6)) == Action.make("cast", 0, card=3, dice=[2, 6])


def test_drag_a_card_onto_a_guardian_submits_that_target() -> None:
    rig = Rig(LEGAL)
    rig.feed(down(HAND[1].center))
    rig.feed(motion((HAND[1].centerx, HAND[1].centery - 40)))
    assert rig.input.dragging and rig.input.drag_delta == (0, -40)
    # while dragging, exactly the targets of card 1 light up
    assert rig.input.lit == {("target", 10), ("target", 11), ("target", 100)}
    rig.feed(motion(FIELD[11].center), up(FIELD[11].center))
    assert rig.sent == [Action.make("play", 0, card=1, target=11)]


def test_drop_on_nothing_springs_back_and_a_wrong_target_is_refused() -> None:
    rig = Rig(LEGAL)
    rig.drag(HAND[1].center, (1000, 650))
    assert rig.sent == [] and rig.toasts == [] and rig.input.picker.picked == {}
    assert rig.input.drag_delta == (0, 0)  # drawn home again
    rig.drag(HAND[2].center, FIELD[10].center)  # card 2 takes no target
    assert rig.sent == []
    assert rig.toasts == ["no:[('card', 2), ('target', 10)]"]
    rig.drag(HAND[2].center, PLAY_ZONE.center)  # a zone stands for the derived arg
    assert rig.sent == [Action.make("play", 0, card=2)]


def test_click_source_then_click_target_with_an_arrow() -> None:
    rig = Rig(LEGAL)
    rig.click(HAND[1].center)
    assert rig.input.source is not None and rig.input.source.value == 1
    assert rig.input.asking == Ask("target", (10, 11, 100))
    rig.feed(motion((400, 300)))
    assert rig.input.arrow() == (HAND[1].center, (400, 300))
    rig.click(PANELS[100].center)  # a player panel is a target too
    assert rig.sent == [Action.make("play", 0, card=1, target=100)]
    assert rig.input.arrow() is None


def test_a_click_elsewhere_cancels_and_a_second_click_releases() -> None:
    rig = Rig(LEGAL)
    rig.click(HAND[1].center)
    rig.click((1000, 650))
    assert rig.input.source is None and rig.sent == []
    rig.click(HAND[2].center)  # one action left: selected, not sent, until confirmed
    assert rig.sent == [] and rig.input.source is not None
    rig.click(HAND[2].center)
    assert rig.input.source is None
    rig.click(HAND[2].center)
    rig.click(PLAY_ZONE.center)
    assert rig.sent == [Action.make("play", 0, card=2)]


def test_keyboard_cycles_sources_then_targets() -> None:
    rig = Rig(LEGAL)
    rig.feed(key(pygame.K_RIGHT))
    assert rig.input.focus is not None and rig.input.focus.pick == ("card", 1)
    rig.feed(key(pygame.K_RETURN))  # card 1 picked: focus moves on to its targets
    assert rig.input.focus is not None and rig.input.focus.pick == ("target", 10)
    rig.feed(key(pygame.K_RIGHT), key(pygame.K_RETURN))
    assert rig.sent == [Action.make("play", 0, card=1, target=11)]
    rig.input.set_legal(LEGAL)  # a new view: the focus starts over
    assert rig.input.focus is None
    rig.feed(key(pygame.K_LEFT))  # from the end: card 3
    assert rig.input.focus is not None and rig.input.focus.pick == ("card", 3)
    rig.feed(key(pygame.K_RETURN))
    assert rig.input.asking == Ask("dice", ((1, 2), (4, 5)))
    rig.feed(key(pygame.K_ESCAPE))
    assert rig.input.picker.picked == {}


@pytest.mark.parametrize("prompt_kind", ["choose_target", "respond"])
def test_other_prompt_kinds_ask_directly(prompt_kind: str) -> None:
    legal = [Action.make("aim", 0, target=10), Action.make("aim", 0, target=11)]
    rig = Rig(legal, prompt_kind)
    assert rig.input.asking == Ask("target", (10, 11))
    assert rig.input.lit == {("target", 10), ("target", 11)}
    rig.click(HAND[1].center)  # cards are not what is asked
    assert rig.sent == []
    rig.click(FIELD[10].center)
    assert rig.sent == [legal[0]]


def test_buttons_and_the_dice_tray_answer_through_choose_and_pay() -> None:
    rig = Rig(LEGAL)
    assert rig.input.choose(KIND, "pass") is None
    assert rig.sent == [Action.make("pass", 0)]
    rig.input.set_legal(LEGAL)
    rig.click(HAND[3].center)
    ask: Any = rig.input.asking
    assert ask.arg == "dice" and rig.input.arrow() is None  # dice are not aimed at
    rig.input.pay("dice", (4, 6))
    assert rig.sent[-1] == Action.make("cast", 0, card=3, dice=[4, 6])
