"""Widgets fed synthetic events: text fields, selectors, the focus ring."""

from __future__ import annotations

import unicodedata

import pygame

from scenes.ui.widgets import Button, FocusGroup, Selector, TextField

from .driver import click_events, key_event, text_event


def test_text_field_types_edits_and_normalises() -> None:
    changes: list[str] = []
    field = TextField("An", changes.append, pygame.Rect(0, 0, 200, 40), max_len=8)
    group = FocusGroup([field])
    group.handle(text_event(unicodedata.normalize("NFD", " Hồ")))  # decomposed input
    assert field.value == "An Hồ" and unicodedata.is_normalized("NFC", field.value)
    group.handle(key_event(pygame.K_BACKSPACE))
    assert field.value == "An H"
    group.handle(key_event(pygame.K_HOME))
    group.handle(key_event(pygame.K_DELETE))
    assert field.value == "n H"
    group.handle(key_event(pygame.K_END))
    group.handle(text_event("ữu Tình"))
    assert field.value == "n Hữu Tì"  # cut at max_len
    assert changes[-1] == field.value
    # Space types a space instead of activating the field.
    assert group.handle(key_event(pygame.K_SPACE, unicode=" "))


def test_selector_cycles_with_arrows_enter_and_clicks() -> None:
    seen: list[int] = []
    sel = Selector("N", [(1, "1"), (2, "2"), (3, "3")], 2, seen.append, pygame.Rect(0, 0, 300, 40))
    other = Button("x", lambda: None, pygame.Rect(0, 50, 100, 40))
    group = FocusGroup([sel, other])
    group.handle(key_event(pygame.K_RIGHT))
    group.handle(key_event(pygame.K_RIGHT))  # wraps
    group.handle(key_event(pygame.K_LEFT))
    assert seen == [3, 1, 3] and group.current is sel  # arrows change, not move
    group.handle(key_event(pygame.K_RETURN))
    assert sel.value == 1
    for event in click_events((sel.rect.right - 5, sel.rect.centery)):
        group.handle(event)
    assert sel.value == 2
    group.handle(key_event(pygame.K_DOWN))
    assert group.current is other


def test_focus_ring_skips_disabled_and_activates() -> None:
    hits: list[str] = []
    a = Button("a", lambda: hits.append("a"), pygame.Rect(0, 0, 100, 40), name="a")
    b = Button("b", lambda: hits.append("b"), pygame.Rect(0, 50, 100, 40), enabled=False)
    c = Button("c", lambda: hits.append("c"), pygame.Rect(0, 100, 100, 40), name="c")
    group = FocusGroup([a, b, c])
    group.handle(key_event(pygame.K_TAB))
    assert group.current is c
    group.handle(key_event(pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    assert group.current is a
    group.handle(key_event(pygame.K_RETURN))
    for event in click_events(b.rect.center):
        group.handle(event)
    for event in click_events(c.rect.center):
        group.handle(event)
    assert hits == ["a", "c"]
    group.set([a, b, c], focus="a")
    assert group.current is a
