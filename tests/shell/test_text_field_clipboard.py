"""Issue 34 major 10 (P-GI-5): every text field pastes (Ctrl+V, Shift+Insert) and
copies (Ctrl+C; Ctrl+X cuts a Ctrl+A selection) through pygame-ce's clipboard
(``pygame.scrap.get_text`` / ``put_text``); without a clipboard the field says so."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.decks import code, rules_for
from scenes.decks.editor import DeckEditorScene
from scenes.decks.library import DeckLibraryScene
from scenes.ui import widgets
from scenes.ui.widgets import FocusGroup, TextField
from tests.shell.driver import Driver, key_event

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def clipboard(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The system clipboard, as pygame-ce's scrap functions see it."""
    board: dict[str, Any] = {"text": "", "works": True}

    def get_text() -> str:
        if not board["works"]:
            raise pygame.error("no clipboard")
        return str(board["text"])

    def put_text(value: str) -> None:
        if not board["works"]:
            raise pygame.error("no clipboard")
        board["text"] = value

    monkeypatch.setattr(pygame.scrap, "get_text", get_text)
    monkeypatch.setattr(pygame.scrap, "put_text", put_text)
    return board


def _field(value: str = "", max_len: int = 40) -> tuple[TextField, FocusGroup]:
    field = TextField(value, lambda v: None, pygame.Rect(0, 0, 300, 40), max_len=max_len)
    return field, FocusGroup([field])


def test_ctrl_v_pastes_at_the_caret_one_line(clipboard: dict[str, Any]) -> None:
    field, group = _field("AB")
    field.caret = 1
    clipboard["text"] = "x y\r\n"
    assert group.handle(key_event(pygame.K_v, CTRL, "\x16"))
    assert field.value == "Ax yB" and field.caret == 4


def test_shift_insert_pastes_and_replaces_a_selection(clipboard: dict[str, Any]) -> None:
    field, group = _field("old")
    group.handle(key_event(pygame.K_a, CTRL))
    clipboard["text"] = "new"
    assert group.handle(key_event(pygame.K_INSERT, pygame.KMOD_SHIFT))
    assert field.value == "new"


def test_a_paste_too_long_is_cut_and_refused_visibly(clipboard: dict[str, Any]) -> None:
    field, group = _field("", max_len=5)
    clipboard["text"] = "123456789"
    group.handle(key_event(pygame.K_v, CTRL))
    assert field.value == "12345" and field.refused > 0


def test_ctrl_c_copies_the_value_and_ctrl_x_cuts_a_selection(clipboard: dict[str, Any]) -> None:
    field, group = _field("SHV1-ABC")
    assert group.handle(key_event(pygame.K_c, CTRL, "\x03"))
    assert clipboard["text"] == "SHV1-ABC" and field.value == "SHV1-ABC"
    assert field.note == widgets.NOTES["copied"] and field.note_time > 0 and not field.note_bad
    group.handle(key_event(pygame.K_a, CTRL))
    clipboard["text"] = ""
    assert group.handle(key_event(pygame.K_x, CTRL, "\x18"))
    assert clipboard["text"] == "SHV1-ABC" and field.value == ""


def test_no_clipboard_leaves_the_value_and_says_so(
    clipboard: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(widgets.NOTES, "unavailable", "no clipboard here")
    field, group = _field("keep")
    clipboard["works"] = False
    assert group.handle(key_event(pygame.K_v, CTRL))
    assert field.value == "keep" and field.note == "no clipboard here" and field.note_time > 0
    assert group.handle(key_event(pygame.K_c, CTRL))
    assert field.note == "no clipboard here"


def test_the_app_words_the_notes_in_its_language() -> None:
    d = Driver(lang="vi")
    vi = dict(widgets.NOTES)
    d.app.set_lang("en")
    en = dict(widgets.NOTES)
    assert set(vi) == set(en) == {"copied", "empty", "unavailable"}
    assert all(vi[k] and en[k] and vi[k] != en[k] for k in vi)


def test_the_real_clipboard_round_trips_headless() -> None:
    """pygame-ce 2.5.8's SDL clipboard works with the dummy video driver too."""
    Driver()
    assert widgets.clipboard_put("TTT1-AAAQ")
    assert widgets.clipboard_get() == "TTT1-AAAQ"


# -- P-GI-5: the shared deck code ------------------------------------------------------------
def test_a_shared_deck_code_is_pasted_and_imported(clipboard: dict[str, Any]) -> None:
    from game.decks import Deck

    rules = rules_for("shv")
    deck = Deck(game="shv", name="x", cards={"ma_troi": 3, "kim_co_ban": 27})
    clipboard["text"] = code.encode(rules, deck) + "\n"
    d = Driver()
    d.start(DeckLibraryScene(d.app, "shv"))
    library = d.top
    assert library.focus.focus_name("code")
    d.press(pygame.K_v, CTRL)
    assert library.code_text == clipboard["text"].strip()
    library.import_code()
    d.step(frames=2)
    assert isinstance(d.top, DeckEditorScene) and d.top.deck is not None
    assert d.top.deck.cards == deck.cards


# -- every text field of the shell ------------------------------------------------------------
def _fields(scene: Any) -> list[TextField]:
    """The text fields a scene shows (in its focus rings, or held directly)."""
    found: list[TextField] = []
    for value in vars(scene).values():
        items = value.buttons if isinstance(value, FocusGroup) else [value]
        found += [w for w in items if isinstance(w, TextField) and w not in found]
    return found


def _shell_scenes() -> list[Any]:
    from tools import monkey

    starts = [s for s in monkey.starts() if s.what != "table"]
    return [pytest.param(s, id=str(s)) for s in starts] + [
        pytest.param("decks", id="deck-library"),
        pytest.param("editor", id="deck-editor"),
    ]


@pytest.mark.parametrize("start", _shell_scenes())
def test_every_text_field_of_every_scene_pastes(clipboard: dict[str, Any], start: Any) -> None:
    from tools import monkey

    d = Driver()
    if start == "decks":
        d.start(DeckLibraryScene(d.app, "shv"))
    elif start == "editor":
        d.start(DeckLibraryScene(d.app, "shv"))
        d.top.new_deck()
        d.step(frames=2)
    else:
        monkey.open_start(d.app, start, random.Random(1))
        d.app.stack.apply_pending()
        d.step(frames=2)
    scene = d.top
    fields = _fields(scene)
    if not fields:
        pytest.skip(f"{type(scene).__name__}: no text field")
    for field in fields:
        group = next(
            g for g in vars(scene).values() if isinstance(g, FocusGroup) and field in g.buttons
        )
        group.index = group.buttons.index(field)
        group._sync()
        before = field.value
        clipboard["text"] = "Dán"
        d.press(pygame.K_v, CTRL, "\x16")
        assert field.value.endswith("Dán") or len(field.value) == field.max_len, (
            type(scene).__name__,
            field.name,
            before,
            field.value,
        )
