"""Headless: build a legal deck by mouse only, save it, start a game with it (issue 14)."""

from __future__ import annotations

from typing import Any

import pygame

from game.decks import rules_for
from scenes import decks as decks_ui
from scenes.decks.editor import DeckEditorScene
from scenes.decks.library import DeckLibraryScene
from scenes.seats import SeatSetupScene
from tests.shell.driver import Driver


def widget(d: Driver, name: str) -> Any:
    return next(b for b in d.top.focus.buttons if getattr(b, "name", "") == name)


def click_widget(d: Driver, name: str, side: str = "center") -> None:
    rect = widget(d, name).rect
    pos = rect.center if side == "center" else (rect.right - 6, rect.centery)
    d.click(pos)


def grid_pos(ed: DeckEditorScene, card_id: str) -> tuple[int, int]:
    return next(r.center for c, r in ed.grid if c == card_id)


def test_build_save_and_play_a_deck_by_mouse() -> None:
    d = Driver(size=(1024, 600))
    d.start(SeatSetupScene(d.app, "shv"))
    click_widget(d, "decks")
    assert isinstance(d.top, DeckLibraryScene)
    click_widget(d, "new")
    ed = d.top
    assert isinstance(ed, DeckEditorScene) and ed.deck is not None
    for _ in range(3):  # SHV-2.2: three of a guardian (Ma Trơi costs 2 < 15 MP, SHV-3.7)
        d.click(grid_pos(ed, "ma_troi"))
    d.click(grid_pos(ed, "ma_troi"))  # a fourth is refused
    assert ed.deck.cards == {"ma_troi": 3}
    # drag a basic tactic onto the deck panel, then click 25 more
    start, end = grid_pos(ed, "kim_co_ban"), ed.panel.center
    d.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])  # fmt: skip
    assert ed.deck.cards["kim_co_ban"] == 1
    for _ in range(27):
        d.click(grid_pos(ed, "kim_co_ban"))
    assert ed.deck.total() == 30 and ed.deck.cards["kim_co_ban"] == 27  # full at 30
    assert rules_for("shv").check(ed.deck) == []
    # a click on a deck row takes one out, a click on the card puts it back
    d.click(next(r.center for c, r in ed.rows if c == "kim_co_ban"))
    assert ed.deck.total() == 29
    d.click(grid_pos(ed, "kim_co_ban"))
    click_widget(d, "save")
    saved = decks_ui.store("shv").entries()
    assert [s.deck.cards for s in saved if s.deck] == [{"ma_troi": 3, "kim_co_ban": 27}]
    click_widget(d, "back")
    assert isinstance(d.top, DeckLibraryScene)
    click_widget(d, "back")
    seats = d.top
    assert isinstance(seats, SeatSetupScene)
    selector = widget(d, "seat0.seat.deck")
    mine = saved[0].key
    assert mine in [v for v, _ in selector.options]
    for _ in range(len(selector.options)):
        if widget(d, "seat0.seat.deck").value == mine:
            break
        click_widget(d, "seat0.seat.deck", side="right")
    assert seats.seats[0]["deck"] == mine
    click_widget(d, "start")
    match = getattr(d.top, "match", None)
    assert match is not None, d.names()
    deck = match.config["seats"][0]["deck"]
    assert deck["cards"] == {"kim_co_ban": 27, "ma_troi": 3}
    state = match.state
    names = sorted(state.names[u] for u in range(30))
    assert names == sorted(["ma_troi"] * 3 + ["kim_co_ban"] * 27)


def test_browser_filters_and_zoom() -> None:
    d = Driver(size=(1280, 720))
    d.start(DeckEditorScene(d.app, "invokation"))
    ed = d.top
    assert isinstance(ed, DeckEditorScene)
    assert ed.grid[0][0] == "ba_lo_ren"  # characters first
    ed.set_filter("kind", "food")
    assert {ed.rules.by_id[c].kind for c, _ in ed.grid} == {"food"}
    ed.set_filter("kind", "all")
    ed.set_search("bánh")  # Vietnamese
    found = [c for c, _ in ed.grid]
    ed.set_search("rice")  # English text of the same card set
    assert found and set(found) & {c for c, _ in ed.grid}
    d.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ed.grid[0][1].center, button=3)])
    assert ed.zoom == ed.grid[0][0]
    d.press(pygame.K_SPACE)
    assert ed.zoom is None


def test_seat_screen_offers_only_legal_user_decks_to_every_seat() -> None:
    rules = rules_for("invokation")
    good = rules.presets()[1].deck.copy("Sông của tôi")
    bad = good.copy("Thiếu bài")
    bad.cards.pop(next(iter(bad.cards)))
    store = decks_ui.store("invokation")
    good_path, bad_path = store.save(good), store.save(bad)
    d = Driver(size=(1280, 720))
    d.start(SeatSetupScene(d.app, "invokation"))
    for seat in ("seat0.seat.deck", "seat1.seat.deck"):  # the human's and the AI's
        values = [v for v, _ in widget(d, seat).options]
        assert f"user:{good_path.name}" in values
        assert f"user:{bad_path.name}" not in values
    d.top.seats[1]["deck"] = f"user:{good_path.name}"
    config = d.top.config()
    assert config["seats"][1]["deck"]["characters"] == good.characters
    good_path.unlink()  # gone before Start: the seat screen says so, no crash
    d.top.seats[1]["deck"] = f"user:{good_path.name}"
    click_widget(d, "start")
    assert isinstance(d.find(SeatSetupScene), SeatSetupScene)
    assert type(d.top).__name__ == "MessageDialog"


def test_code_with_a_repeated_card_is_refused() -> None:
    import base64
    import hashlib

    from game.decks import DeckError, code

    rules = rules_for("shv")
    body = bytes((3, 1, 3, 2))
    raw = body + hashlib.sha256(b"SHV1" + body).digest()[:2]
    text = "SHV1-" + base64.b32encode(raw).decode().rstrip("=")
    try:
        code.decode(rules, text)
    except DeckError as exc:
        assert [r.key for r in exc.reasons] == ["code.bad_entry"]
        assert rules.pool[3].name["vi"] in rules.reason_text(exc.reasons[0], "vi")
    else:
        raise AssertionError("a repeated card was accepted")


def test_keyboard_reaches_cards_and_rows() -> None:
    from game.decks import Deck

    d = Driver(size=(1024, 600))
    d.start(DeckEditorScene(d.app, "shv", Deck("shv", "Phím")))
    ed = d.top
    assert isinstance(ed, DeckEditorScene) and ed.deck is not None
    d.focus_to("card.ma_troi")
    d.press(pygame.K_RETURN)
    d.press(pygame.K_RETURN)
    assert ed.deck.cards == {"ma_troi": 2}
    d.press(pygame.K_z)
    assert ed.zoom == "ma_troi"
    d.press(pygame.K_ESCAPE)  # closes the zoom, not the editor
    assert ed.zoom is None and d.top is ed
    d.focus_to("row.ma_troi")
    d.press(pygame.K_RETURN)
    assert ed.deck.cards == {"ma_troi": 1}
