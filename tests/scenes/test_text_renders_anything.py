"""Every text field and every displayed name renders, whatever it holds (issue
37 class 7): the kit cleans each string once before the font renderer
(``scenes.ui.safetext`` through ``scenes.text``), so no screen can fall over
on a name made of zero-width characters, combining marks alone, a lone
surrogate, an emoji variation selector or ten thousand letters."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game import new_match
from saves import store
from scenes import text
from scenes.ui import safetext
from scenes.ui.widgets import TextField
from tests.scenes.table_driver import hotseat_config, open_match, step

HOSTILE = {
    "zero-width only": "\u200b\u200c\u200d\u2060\ufeff",
    "combining marks only": "\u0301\u0300\u0323" * 30,
    "lone surrogate": "An\ud800h",
    "variation selector alone": "\ufe0f",
    "emoji with selector": "\u2764\ufe0f\u200d\U0001f525",
    "ten thousand letters": "Ư" * 10_000,
    "bidi override": "\u202eAn",
    "tags": "\U000e0041\U000e0042",
    "NUL and controls": "\x00\x1b[31m",
}


@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_every_text_helper_takes_it(app: Any, value: str) -> None:
    start = time.monotonic()
    assert text.render(value, 16).get_height() > 0
    text.size_of(value, 16, bold=True)
    text.wrap(value, 14, 200)
    text.clip(value, 14, 120)
    text.fit_size(value, 20, 120)
    assert time.monotonic() - start < 2.0


@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_text_field_holding_it_draws(app: Any, value: str) -> None:
    field = TextField(value, lambda v: None, pygame.Rect(10, 10, 300, 40), max_len=20_000)
    field.focused = True
    surface = pygame.Surface((400, 80))
    field.draw(surface)
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="\ufe0f\u200b"))
    field.draw(surface)
    assert isinstance(field.value, str)  # drawing raised nothing; the field still holds text


def test_the_cleaning_itself() -> None:
    assert safetext.shown("\u200b\u200d\ufe0f\u202e") == ""
    assert safetext.shown("a\ud800") == "a\ufffd"
    assert safetext.shown("Nguyễn Thị Ánh") == "Nguyễn Thị Ánh"  # Vietnamese untouched
    marks = safetext.shown("\u0301" * 50)
    assert marks.startswith("\u25cc") and len(marks) == 1 + safetext.MAX_MARKS
    assert len(safetext.shown("x" * 10_000, safetext.LINE_MAX)) == safetext.LINE_MAX
    assert safetext.shown("a\nb\tc") == "a\nb\tc"


@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_table_with_such_seat_names_draws(app: Any, value: str) -> None:
    config = hotseat_config(2)
    config["seats"][0]["name"] = value
    config["seats"][1]["name"] = "\u0301" * 16  # marks only survive the name cleaning
    table = open_match(app, new_match("manasurge", config, 3))
    step(app)  # the hand-off screen names the seat
    step(app)
    assert table in app.stack.scenes  # app.step raises what a frame raised


def test_the_save_browser_lists_names_of_marks_only(app: Any) -> None:
    config = hotseat_config(2)
    config["seats"][0]["name"] = "\ufe0f\u0301"
    store.save_match(new_match("manasurge", config, 3), "\u0301\u0300\u0323" * 20)
    from scenes.saveload import SaveLoadScene

    app.stack.push(SaveLoadScene(app, "load"))
    step(app)
    step(app)
    assert isinstance(app.stack.top, SaveLoadScene)  # listed and drawn, no error screen
