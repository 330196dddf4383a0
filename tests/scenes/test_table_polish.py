"""The table polish the review left (issue 15 session): the decision bar's focus
after a click replaced its buttons."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.table.hud import DecisionBar


def test_a_click_that_replaces_the_bar_leaves_a_valid_focus() -> None:
    # The third of three buttons is clicked; its action leaves one button (the next
    # decision). The focus must be on that one, not on a third button that is gone.
    bar = DecisionBar()
    bar.rect = pygame.Rect(0, 0, 300, 200)

    def next_decision() -> None:
        bar.set([("Kết thúc lượt", lambda: None)])

    bar.set([("Dùng", lambda: None), ("Bỏ qua", lambda: None), ("Chọn", next_decision)])
    third = bar.buttons[2].rect.center
    assert bar.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=third, button=1))
    assert len(bar.buttons) == 1
    assert bar.group.index == 0  # read as it is: ``current`` would clamp it
    assert [b.focused for b in bar.buttons] == [True]


def test_a_number_key_that_replaces_the_bar_leaves_a_valid_focus() -> None:
    bar = DecisionBar()
    bar.rect = pygame.Rect(0, 0, 300, 200)
    calls: list[Any] = []
    bar.set([("A", lambda: None), ("B", lambda: calls.append(bar.set([("C", lambda: None)])))])
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2", scancode=0)
    assert bar.handle(key)
    assert calls and len(bar.buttons) == 1
    assert bar.group.index == 0 and [b.focused for b in bar.buttons] == [True]
