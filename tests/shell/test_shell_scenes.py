"""Every scene by keyboard only, live settings, save browser rules, results,
hand-off, and layouts that fit from 1024x600 to 4K."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import new_match
from game.ai.bots import RandomBot
from game.core.match import Match
from game.core.rng import Rng
from saves import paths, store
from saves.settings import Settings
from scenes.dialogs import ConfirmDialog, MessageDialog
from scenes.game_select import GameSelectScene
from scenes.handoff import HandoffScene
from scenes.pause import PauseScene
from scenes.results import ResultsScene
from scenes.rules_help import RulesScene
from scenes.saveload import SaveLoadScene, SlotRow
from scenes.seats import SeatSetupScene
from scenes.settings_menu import SettingsScene
from scenes.table import open_table
from scenes.title import TitleScene

from .driver import Driver

SIZES = [(1024, 600), (1280, 720), (3840, 2160)]


def _match(players: int = 2, seed: int = 3, moves: int = 4) -> Match:
    seats = [{"name": n} for n in ("An", "Bình", "Châu", "Dũng")[:players]]
    match = new_match("manasurge", {"players": players, "seats": seats}, seed)
    for _ in range(moves):
        match.apply(match.legal_actions()[0])
    return match


def _finished_match(seed: int = 21) -> Match:
    match = new_match("manasurge", {"players": 3}, seed)
    bot, rng = RandomBot(), Rng(seed)
    for _ in range(20000):
        seat = match.to_move
        if seat is None:
            break
        match.apply(bot.choose(match.rules, match.state, seat, rng))
    assert match.outcome() is not None
    return match


# -- keyboard reachability ------------------------------------------------------


def test_title_menu_reaches_every_scene_by_keyboard() -> None:
    d = Driver()
    d.start(TitleScene(d.app))
    for name, cls in (
        ("settings", SettingsScene),
        ("rules", RulesScene),
        ("load", SaveLoadScene),
        ("new", GameSelectScene),
    ):
        d.choose(name)
        assert isinstance(d.top, cls), name
        d.press(pygame.K_ESCAPE)
        assert isinstance(d.top, TitleScene), name
    d.choose("quit")
    assert d.app.running is False


def test_pause_menu_reaches_every_scene_by_keyboard() -> None:
    d = Driver()
    table = open_table(d.app, _match())  # two human seats: hot-seat
    d.start(table)
    if isinstance(d.top, HandoffScene):  # the table may hide the first hand too
        d.press(pygame.K_RETURN)
    assert d.top is table
    d.press(pygame.K_ESCAPE)
    assert isinstance(d.top, PauseScene) and d.top.overlay
    for name, cls in (
        ("settings", SettingsScene),
        ("rules", RulesScene),
        ("load", SaveLoadScene),
        ("save", SaveLoadScene),
    ):
        d.choose(name)
        assert isinstance(d.top, cls), name
        assert d.top.overlay  # drawn over the table
        d.press(pygame.K_ESCAPE)
        assert isinstance(d.top, PauseScene), name
    d.choose("quit")
    assert isinstance(d.top, ConfirmDialog)
    d.press(pygame.K_ESCAPE)  # No
    assert isinstance(d.top, PauseScene)
    d.choose("resume")
    assert d.top is table or isinstance(d.top, HandoffScene)


def test_rules_scroll_by_keyboard() -> None:
    d = Driver(size=(1024, 600))
    d.start(RulesScene(d.app, "manasurge"))
    scene = d.top
    assert scene.max_scroll > 0  # the summary is longer than one screen
    d.press(pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    d.press(pygame.K_END)
    assert scene.scroll == scene.max_scroll
    d.press(pygame.K_HOME)
    assert scene.scroll == 0


def test_handoff_hides_everything_and_reveals_on_enter() -> None:
    d = Driver()
    d.start(TitleScene(d.app))
    revealed: list[bool] = []
    d.app.stack.push(HandoffScene(d.app, "Bình", lambda: revealed.append(True)))
    d.app.stack.apply_pending()
    d.app.screen.fill((255, 0, 255))
    d.top.draw(d.app.screen)
    magenta = pygame.mask.from_threshold(d.app.screen, (255, 0, 255), (1, 1, 1, 255))
    assert magenta.count() == 0  # opaque: nothing of the scene below shows
    assert d.app.tr("ui.handoff.title", name="Bình") == "Chuyển máy cho Bình"
    d.press(pygame.K_a)  # other keys do nothing
    assert revealed == []
    d.press(pygame.K_RETURN)
    assert revealed == [True]
    assert isinstance(d.top, TitleScene)


def test_results_rematch_and_back_to_title() -> None:
    match = _finished_match()
    d = Driver()
    d.start(ResultsScene(d.app, match))
    scene = d.top
    winner = match.seats[match.outcome().winners[0]].name
    assert winner in scene.headline()
    assert scene.columns()[0][1]  # a score per seat
    assert d.focused() == "rematch"
    d.press(pygame.K_RETURN)
    table = d.top
    assert table.match.config == match.config
    assert table.match.log == []
    d.start(ResultsScene(d.app, match))
    d.press(pygame.K_ESCAPE)
    assert isinstance(d.top, TitleScene)


# -- settings -------------------------------------------------------------------


def test_settings_apply_at_once_and_persist() -> None:
    d = Driver(save_settings=True)
    d.start(TitleScene(d.app))
    d.choose("settings")
    assert d.focused() == "lang"
    d.press(pygame.K_RIGHT)  # vi -> en
    assert d.app.tr.lang == "en"
    title = d.app.stack.scenes[0]
    assert [b.label for b in title.focus.buttons][1] == "New game"  # relaid out below
    d.focus_to("size")
    while d.top.focus.current.value != (1600, 900):
        d.press(pygame.K_RIGHT)
    assert d.app.size == (1600, 900)
    d.focus_to("anim")
    d.press(pygame.K_RIGHT)
    d.focus_to("ai_delay")
    d.press(pygame.K_LEFT)
    d.focus_to("volume")
    d.press(pygame.K_LEFT)
    assert d.app.sound.volume == d.app.settings.volume == 0.5
    saved = json.loads(Settings.path().read_text(encoding="utf-8"))
    assert saved["volume"] == 0.5
    assert saved["lang"] == "en"
    assert (saved["width"], saved["height"]) == (1600, 900)
    assert saved["anim_speed"] == d.app.settings.anim_speed != 1.0
    assert saved["ai_delay"] == d.app.settings.ai_delay
    assert Settings.path().parent == paths.config_dir()
    d.choose("back")
    assert isinstance(d.top, TitleScene)


def test_smoke_runs_do_not_write_settings() -> None:
    d = Driver(save_settings=False)
    d.start(SettingsScene(d.app))
    d.press(pygame.K_RIGHT)
    assert d.app.tr.lang == "en"
    assert not Settings.path().exists()


# -- save browser -----------------------------------------------------------------


def test_bad_file_is_greyed_with_its_reason_and_never_touched() -> None:
    good = store.save_match(_match(), "tốt")
    bad = paths.save_dir() / "slot-hong.json"
    bad.write_text('{"format": "banthe-save", "version": 99}', encoding="utf-8")
    os.utime(bad, (2_000_000_000, 2_000_000_000))  # newest, listed first
    before = bad.read_bytes()
    d = Driver()
    d.start(SaveLoadScene(d.app, "load"))
    rows = [b for b in d.top.focus.buttons if isinstance(b, SlotRow)]
    bad_row = next(r for r in rows if r.info.path == bad)
    assert bad_row.enabled is False and bad_row.info.error is not None
    assert d.focused() != bad_row.name  # focus skips it
    bad_row.activate()
    d.press(pygame.K_DELETE)  # focus is on the good row: asks to delete it
    assert isinstance(d.top, ConfirmDialog)
    d.press(pygame.K_ESCAPE)
    assert good.exists() and bad.read_bytes() == before


def test_overwrite_and_delete_ask_first() -> None:
    match = _match()
    d = Driver()
    d.start(SaveLoadScene(d.app, "save", match))
    d.type("Slot A")
    d.press(pygame.K_RETURN)
    path = store.slot_path("Slot A")
    assert path.exists()
    os.utime(path, (1_000_000_000, 1_000_000_000))
    d.focus_to("name")
    d.press(pygame.K_RETURN)  # the name is still there: same slot
    assert isinstance(d.top, ConfirmDialog)
    d.press(pygame.K_ESCAPE)
    assert path.stat().st_mtime == 1_000_000_000  # not overwritten
    d.focus_to("name")
    d.press(pygame.K_RETURN)
    assert d.focused() == "no"  # issue 11.10: a destructive confirm focuses No
    d.press(pygame.K_RETURN)  # Enter answers No
    assert path.stat().st_mtime == 1_000_000_000
    d.focus_to("name")
    d.press(pygame.K_RETURN)
    d.choose("yes")
    assert path.stat().st_mtime != 1_000_000_000

    d.start(SaveLoadScene(d.app, "load"))
    row = next(b for b in d.top.focus.buttons if isinstance(b, SlotRow))
    d.focus_to(row.name)
    d.press(pygame.K_DELETE)
    assert isinstance(d.top, ConfirmDialog)
    d.press(pygame.K_RETURN)  # issue 11.10: Enter answers No, nothing is deleted
    assert path.exists() and not isinstance(d.top, ConfirmDialog)
    d.focus_to(row.name)
    d.press(pygame.K_DELETE)
    d.choose("yes")
    assert not path.exists()
    assert not any(isinstance(b, SlotRow) for b in d.top.focus.buttons)


def test_empty_slot_name_is_refused() -> None:
    d = Driver()
    d.start(SaveLoadScene(d.app, "save", _match()))
    d.press(pygame.K_RETURN)
    assert d.top.status and not d.top.status_good
    assert store.list_saves() == []


def test_load_failure_shows_the_reason() -> None:
    path = store.save_match(_match(), "x")
    d = Driver()
    d.start(SaveLoadScene(d.app, "load"))
    path.write_text("{", encoding="utf-8")  # broken after listing
    row = next(b for b in d.top.focus.buttons if isinstance(b, SlotRow))
    d.focus_to(row.name)
    d.press(pygame.K_RETURN)
    assert isinstance(d.top, MessageDialog)
    assert path.read_text(encoding="utf-8") == "{"


# -- layouts --------------------------------------------------------------------


def _scenes(d: Driver) -> list[tuple[str, Any]]:
    match = _match()
    store.save_match(match, "Bố cục")
    return [
        ("title", lambda: TitleScene(d.app)),
        ("games", lambda: GameSelectScene(d.app)),
        ("seats", lambda: SeatSetupScene(d.app, "manasurge")),
        ("settings", lambda: SettingsScene(d.app)),
        ("rules", lambda: RulesScene(d.app, "manasurge")),
        ("load", lambda: SaveLoadScene(d.app, "load")),
        ("save", lambda: SaveLoadScene(d.app, "save", match)),
        ("pause", lambda: PauseScene(d.app, match)),
        ("results", lambda: ResultsScene(d.app, _finished_match(5))),
        ("confirm", lambda: ConfirmDialog(d.app, "Tiêu đề", "Nội dung " * 20, lambda: None)),
    ]


@pytest.mark.parametrize("size", SIZES)
def test_every_scene_fits_the_window(size: tuple[int, int]) -> None:
    d = Driver(size=size)
    assert d.app.size == size
    for name, make in _scenes(d):
        d.start(make())
        screen = d.app.screen.get_rect()
        widgets = d.top.focus.buttons
        assert widgets, name
        rects = [w.rect for w in widgets]
        for r in rects:
            assert screen.contains(r), (name, r)
            assert r.height >= 20, (name, r)
        for i, a in enumerate(rects):
            for b in rects[i + 1 :]:
                assert not a.colliderect(b), (name, a, b)


def test_window_resize_relayouts_the_scene() -> None:
    d = Driver()
    d.start(TitleScene(d.app))
    small = d.top.focus.buttons[0].rect.copy()
    d.step([pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))])
    big = d.top.focus.buttons[0].rect
    assert big.width > small.width and big.centerx == 960


def test_icon_and_window_title(tmp_path: Path) -> None:
    d = Driver()
    assert pygame.display.get_caption()[0] == "Bàn Thẻ"
    import assets

    icon = pygame.image.load(str(assets.path("icon.png")))
    assert icon.get_size() == (128, 128)
    d.app.set_lang("en")
    assert pygame.display.get_caption()[0] == "Bàn Thẻ (Card Table)"


def test_new_game_by_mouse_only() -> None:
    d = Driver()
    d.start(TitleScene(d.app))

    def rect_of(name: str) -> pygame.Rect:
        return next(w.rect for w in d.top.focus.buttons if w.name == name)

    d.click(rect_of("new").center)
    assert isinstance(d.top, GameSelectScene)
    d.click(rect_of("manasurge").center)
    seats = d.top
    assert isinstance(seats, SeatSetupScene)
    players = next(w for w in seats.focus.buttons if w.name == "players")
    d.click((players.rect.right - 4, players.rect.centery))  # right half: one more
    d.step()
    assert seats.players == 5
    d.click(rect_of("start").center)
    assert d.top.match.rules.num_seats(d.top.match.state) == 5


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_title_lines_and_menu_never_overlap(size: tuple[int, int], lang: str) -> None:
    # Eight buttons (Guide was added) pushed the column up to y=212 at 1280x720: the
    # "Last game: …" line sat on the subtitle; nine (the demo's quick start) covered it.
    from scenes import text, theme
    from scenes.demo import programme

    d = Driver(size=size, lang=lang)
    store.autosave(_match())
    store.flush_writes()
    w, h = size
    px = d.app.px
    for offer in (None, programme()[0]):
        d.start(TitleScene(d.app, offer))
        title = d.top
        assert isinstance(title, TitleScene)
        rects = [b.rect for b in title.focus.buttons]
        assert len(rects) == (10 if offer else 9)
        sub = d.app.tr("ui.title.subtitle")
        shown = text.render(sub, text.fit_size(sub, px(22), w - px(60)), theme.TEXT)
        lines = [shown.get_rect(center=(w // 2, title.subtitle_y()))]
        label = title.continue_hint()
        assert bool(label) == (offer is None)
        if label:
            hint = text.render(label, text.fit_size(label, px(16), w - px(60)), theme.TEXT_DIM)
            lines.append(hint.get_rect(midbottom=(w // 2, rects[0].y - px(6))))
            assert not lines[0].colliderect(lines[1]), (lines, offer)
        assert all(not line.colliderect(r) for line in lines for r in rects), (lines, rects[0])
        assert rects[-1].bottom <= h - px(40)  # clear of the keys line
        assert min(r.h for r in rects) >= px(38)
