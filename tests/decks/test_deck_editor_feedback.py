"""The deck editor and library tell the player what happens (issue 34, P-GI-12,
P-GI-14, P-GI-32): warnings in the panel, a refused card says why, an imported
deck is not dropped without asking, a deck code fits its dialog and field."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.decks import code, rules_for
from scenes import text
from scenes.decks import editor_draw
from scenes.decks.editor import DeckEditorScene
from scenes.decks.export import ExportDialog
from scenes.decks.library import DeckLibraryScene
from scenes.dialogs import ConfirmDialog
from scenes.ui.widgets import MIN_TEXT
from tests.shell.driver import Driver


def widget(d: Driver, name: str) -> Any:
    return next(b for b in d.top.focus.buttons if getattr(b, "name", "") == name)


def polearm_deck() -> Any:
    rules = rules_for("invokation")
    deck = rules.presets()[0].deck.copy("Thử")  # Lửa Làng Rèn: claymore, bow
    gone = next(c for c, n in deck.cards.items() if n == 1)
    deck.cards.pop(gone)
    deck.cards["giao_tre"] = 1  # a polearm nobody wields (GI-5.2)
    return deck


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_editor_panel_shows_the_weapon_warning(lang: str) -> None:
    d = Driver(size=(1280, 720), lang=lang)
    d.start(DeckEditorScene(d.app, "invokation", polearm_deck()))
    ed = d.top
    assert isinstance(ed, DeckEditorScene)
    lines = editor_draw.panel_notes(ed)
    name = ed.rules.card_name("giao_tre", lang)
    warned = [(words, color) for words, color in lines if name in words]
    assert warned, lines
    assert all(color == editor_draw.WARN for _, color in warned)
    assert ed.deck is not None and not ed.rules.check(ed.deck)  # still legal
    d.step(frames=2)  # and it draws


def test_a_full_deck_says_why_a_card_is_refused() -> None:
    d = Driver(size=(1024, 600))
    rules = rules_for("invokation")
    d.start(DeckEditorScene(d.app, "invokation", rules.presets()[0].deck.copy("Đầy")))
    ed = d.top
    assert isinstance(ed, DeckEditorScene) and ed.deck is not None
    ed.set_filter("kind", "weapon")
    cid, rect = ed.grid[0]
    before = ed.deck.total()
    d.click(rect.center)
    assert ed.deck.total() == before == 30
    assert ed.note_time > 0 and "30" in ed.note
    assert ed.note == rules.reason_text(rules.refusal(ed.deck, cid), "vi")  # type: ignore[arg-type]


def test_an_imported_deck_is_not_discarded_without_asking() -> None:
    d = Driver(size=(1280, 720))
    d.start(DeckLibraryScene(d.app, "invokation"))
    rules = rules_for("invokation")
    d.top.set_code(code.encode(rules, rules.presets()[2].deck))
    d.top.import_code()
    d.step()
    ed = d.top
    assert isinstance(ed, DeckEditorScene)
    d.press(pygame.K_ESCAPE)
    assert isinstance(d.top, ConfirmDialog), d.names()
    d.press(pygame.K_RETURN)  # No has the focus: the deck stays
    assert d.top is ed and ed.deck is not None and ed.deck.total() == 30
    widget(d, "save").activate()
    d.step()
    d.press(pygame.K_ESCAPE)  # saved: leaves at once
    assert isinstance(d.top, DeckLibraryScene)


@pytest.mark.parametrize("game_id", ["shv", "invokation"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_exported_code_fits_its_dialog(game_id: str, size: tuple[int, int]) -> None:
    d = Driver(size=size)
    rules = rules_for(game_id)
    d.start(DeckEditorScene(d.app, game_id, rules.presets()[1].deck.copy("Mã")))
    d.top.export()
    d.step()
    dialog = d.top
    assert isinstance(dialog, ExportDialog)
    whole = code.encode(rules, rules.presets()[1].deck)
    lines = dialog.code_lines()
    assert "".join(lines) == whole
    box = dialog.code_box()
    assert dialog.rect.contains(box)
    size_px = dialog.code_px()
    assert size_px >= MIN_TEXT
    for line in lines:
        assert text.size_of(line, size_px, bold=True)[0] <= box.w
    assert widget(d, "copy") is not None
    d.step(frames=2)


def test_the_code_field_keeps_a_readable_size_and_shows_the_caret() -> None:
    d = Driver(size=(1024, 600))
    d.start(DeckLibraryScene(d.app, "invokation"))
    field = widget(d, "code")
    rules = rules_for("invokation")
    long_code = code.encode(rules, rules.presets()[0].deck)
    d.top.focus.focus_name("code")
    d.type(long_code)
    assert field.value == long_code
    shown, size_px = field.shown()
    assert size_px >= MIN_TEXT
    pad = max(6, field.rect.height // 4)
    assert text.size_of(shown, size_px)[0] <= field.rect.w - 2 * pad
    assert shown.endswith(long_code[-6:])  # the caret is at the end: the end shows
    field.caret = 0
    shown, _ = field.shown()
    assert shown.startswith(long_code[:6])
