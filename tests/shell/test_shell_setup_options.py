"""Seat setup (issue 11.12, 11.19): every rule option has a one-line
description on focus or hover, the advanced options open in an overlay that
fits the window and is reachable by keyboard and mouse, and a 2-player setup
greys the characters that do nothing with two players."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

import game
from game import new_match
from scenes.advanced_rules import AdvancedRulesScene
from scenes.seats import SeatSetupScene, help_text
from scenes.ui.widgets import Selector

from .driver import Driver

SIZES = [(1024, 600), (1280, 720)]


def _setup(size: tuple[int, int] = (1280, 720), lang: str = "vi") -> tuple[Driver, SeatSetupScene]:
    d = Driver(size=size, lang=lang)
    scene = SeatSetupScene(d.app, "manasurge")
    d.start(scene)
    return d, scene


def _widget(scene: Any, name: str) -> Any:
    return next(w for w in scene.focus.buttons if w.name == name)


def _help(d: Driver) -> str:
    return help_text(d.app, "manasurge", d.top.focus.buttons)  # type: ignore[attr-defined]


def test_focused_then_hovered_option_shows_its_description() -> None:
    d, scene = _setup()
    tr = d.app.tr
    assert _help(d) == ""  # Start has focus: no option, no description
    d.focus_to("option.compare_to")
    assert _help(d) == tr("rules.manasurge.options.compare_to")
    assert not _help(d).startswith("MS-")  # no rule ID in a player-facing hint (P-SHV-26)
    target = _widget(scene, "option.overload_at").rect.center
    d.step([pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))])
    assert _help(d) == tr("rules.manasurge.options.overload_at")
    # The strip sits between Back and Start, on screen, over no widget.
    assert d.app.screen.get_rect().contains(scene.help_rect)
    assert not any(scene.help_rect.colliderect(w.rect) for w in scene.focus.buttons)


def test_every_option_has_a_description_in_both_languages() -> None:
    rules = game.get("manasurge")
    for lang in ("vi", "en"):
        d, _scene = _setup(lang=lang)
        for option in (*rules.info.options, *rules.advanced_options):
            assert d.app.tr.has(f"rules.manasurge.options.{option.id}"), (lang, option.id)


@pytest.mark.parametrize("size", SIZES)
def test_advanced_options_by_keyboard_reach_the_match(size: tuple[int, int]) -> None:

    d, scene = _setup(size)
    advanced = game.get("manasurge").advanced_options
    assert len(advanced) == 8 and advanced[0].id == "short_game"  # issue 11.30 first
    d.focus_to("advanced")
    d.press(pygame.K_RETURN)
    overlay = d.top
    assert isinstance(overlay, AdvancedRulesScene)
    screen = d.app.screen.get_rect()
    rects = [w.rect for w in overlay.focus.buttons]
    assert all(screen.contains(r) and r.height >= 20 for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    for option in advanced:  # every one by keyboard: focus it, → takes the other value
        d.focus_to(f"option.{option.id}", pygame.K_DOWN)
        assert _help(d) == d.app.tr(f"rules.manasurge.options.{option.id}")
        d.press(pygame.K_RIGHT)
        assert scene.options[option.id] != option.default, option.id
    d.press(pygame.K_ESCAPE)
    d.step()
    assert d.top is scene
    assert _widget(scene, "advanced").label == d.app.tr("ui.seats.advanced_count", n=8)
    config = scene.config()
    match = new_match("manasurge", config, 5)
    opts = match.state.opts  # type: ignore[attr-defined]
    assert opts.resonance == "previous" and opts.hit_last_bonus is False  # MS-G3, MS-6.2.1
    assert opts.token_tie == "after_caster" and opts.frost_to == "clockwise"  # MS-G13, G16
    assert opts.short_game is True  # MS-2.1 short game


def test_advanced_options_by_mouse_and_defaults() -> None:
    d, scene = _setup((1024, 600))
    d.click(_widget(scene, "advanced").rect.center)
    overlay = d.top
    assert isinstance(overlay, AdvancedRulesScene)
    sel = _widget(overlay, "option.round_rules")
    assert isinstance(sel, Selector)
    d.click((sel.rect.right - 10, sel.rect.centery))
    assert scene.options["round_rules"] == "resonance"  # MS-8.6
    d.click(_widget(overlay, "defaults").rect.center)
    assert scene.options["round_rules"] == "always"
    d.click(_widget(overlay, "done").rect.center)
    d.step()
    assert d.top is scene


def test_two_players_grey_the_echo_keeper() -> None:
    # MS-C3: the Echo Keeper's power (not reversing on an equal rank) needs 3+ players.
    _d, scene = _setup(lang="en")
    assert scene.pool_lines() == []  # characters off: nothing is dealt
    scene.set_option("characters", True)
    scene.set_players(4)
    assert all(not greyed for _, greyed in scene.pool_lines())
    scene.set_players(2)
    greyed = [shown for shown, grey in scene.pool_lines() if grey]
    assert greyed == ["Echo Keeper (needs 3+ players)"]
    assert len(scene.pool_lines()) == 6


def test_declared_fewest_players_match_the_card_texts() -> None:
    from game.manasurge.cards import content

    rules = game.get("manasurge")
    pool = rules.setup_pool({"characters": True}, "en")
    for (name, fewest), card in zip(pool, content()["characters"], strict=True):
        assert name == card["name"]["en"]
        assert ("(3+ players only.)" in card["text"]["en"]) == (fewest == 3), name


# -- the last setup per game (issue 11.11) --------------------------------------------


def test_setup_is_remembered_per_game_and_survives_a_restart() -> None:
    from saves.settings import Settings

    d = Driver(save_settings=True)
    fresh = SeatSetupScene(d.app, "manasurge")
    d.start(fresh)
    assert fresh.players == 4 and fresh.seats[0]["name"] == "An"  # a fresh install: defaults
    fresh.set_players(3)
    d.step()
    d.focus_to("seat0.name")
    d.press(pygame.K_BACKSPACE)
    d.press(pygame.K_BACKSPACE)
    d.type("Anh Thư")
    d.focus_to("seat2.control")
    d.press(pygame.K_LEFT)  # normal -> easy (issue 10 levels)
    d.focus_to("option.compare_to")
    d.press(pygame.K_RIGHT)
    fresh.set_option("token_tie", "after_caster")  # an advanced option, MS-G13
    d.press(pygame.K_ESCAPE)  # Back keeps the setup too
    assert Settings.load().setups["manasurge"]["players"] == 3  # written to disk

    again = Driver()  # a new run reads the settings file
    scene = SeatSetupScene(again.app, "manasurge")
    again.start(scene)
    assert scene.players == 3
    assert scene.seats[0]["name"] == "Anh Thư"
    assert scene.seats[2]["control"] == "ai" and scene.seats[2]["bot"] == "easy"
    assert scene.options["compare_to"] == "lead" and scene.options["token_tie"] == "after_caster"
    assert _widget(scene, "seat0.name").value == "Anh Thư"


def test_a_bad_remembered_setup_falls_back_to_defaults() -> None:
    d = Driver()
    d.app.settings.setups["manasurge"] = {
        "players": 9,
        "mode": "nope",
        "options": {"allow_equal": 1, "target": 10, "overload_at": "x"},
        "seats": [{"name": 5, "control": "robot", "bot": "genius"}, "x"],
    }
    scene = SeatSetupScene(d.app, "manasurge")
    d.start(scene)
    assert scene.players == 4 and scene.mode_id == "ffa"
    assert scene.options["allow_equal"] is True  # 1 is not a flag
    assert scene.options["target"] == 10 and scene.options["overload_at"] == 5
    assert scene.seats[0] == {"name": "An", "control": "human", "bot": "normal", "team": None}


# -- destructive confirms (issue 11.10) ---------------------------------------------------


def test_quit_confirm_focuses_no_and_enter_keeps_the_game() -> None:
    from scenes.dialogs import ConfirmDialog
    from scenes.pause import PauseScene

    d = Driver()
    match = new_match("manasurge", game.info("manasurge").default_config(players=2), 3)
    d.start(PauseScene(d.app, match))
    d.choose("quit")
    assert isinstance(d.top, ConfirmDialog) and d.focused() == "no"
    d.press(pygame.K_RETURN)
    assert isinstance(d.top, PauseScene)
    asked = ConfirmDialog(d.app, "t", "b", lambda: None, default_no=False)
    d.app.stack.push(asked)
    d.step()
    assert d.focused() == "yes"


# -- broken saves on the load screen (issue 11.13) ---------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_a_broken_save_can_be_deleted_and_its_reason_is_readable(size: tuple[int, int]) -> None:
    from saves import paths, store
    from scenes.saveload import SaveLoadScene, SlotRow
    from scenes.ui.widgets import MIN_TEXT

    bad = paths.save_dir() / "slot-hong.json"
    bad.write_text('{"format": "banthe-save", "version": 99}', encoding="utf-8")
    d = Driver(size=size, lang="en")
    d.start(SaveLoadScene(d.app, "load"))
    row = next(b for b in d.top.focus.buttons if isinstance(b, SlotRow))
    assert row.info.path == bad and row.enabled is False
    size_px, lines = row.detail_lines()
    assert size_px >= MIN_TEXT  # was fitted down to 8 px
    reason = store.describe(row.info, "en")
    assert reason and reason.split()[0] in lines[0]
    from scenes import text

    assert all(text.size_of(line, size_px)[0] <= row.rect.width for line in lines)
    d.choose("del0")  # the Delete button of the broken row is enabled
    assert d.focused() == "no"
    d.choose("yes")
    assert not bad.exists()


# -- the name field (issue 11.26) ---------------------------------------------------------


def test_ctrl_a_selects_the_name_and_typing_replaces_it() -> None:
    d, scene = _setup()
    d.focus_to("seat1.name")
    d.press(pygame.K_a, pygame.KMOD_CTRL)
    field = _widget(scene, "seat1.name")
    assert field.selected
    d.type("Lan")
    assert field.value == "Lan" and scene.seats[1]["name"] == "Lan"
    d.press(pygame.K_a, pygame.KMOD_CTRL)
    d.press(pygame.K_BACKSPACE)
    assert field.value == "" and not field.selected
    d.type("Hạ")
    d.press(pygame.K_a, pygame.KMOD_CTRL)
    d.press(pygame.K_LEFT)  # an arrow drops the selection and keeps the text
    d.type("X")
    assert field.value == "HXạ"


def test_typing_past_sixteen_characters_is_refused_visibly() -> None:
    d, scene = _setup()
    d.focus_to("seat0.name")
    field = _widget(scene, "seat0.name")
    d.type("bcdefghijklmno")  # "An" + 14 = 16: accepted silently
    assert field.value == "Anbcdefghijklmno" and field.refused == 0
    before = d.app.screen.copy()
    d.type("p")
    assert field.value == "Anbcdefghijklmno"  # still 16
    assert field.refused > 0 and field.full_hint == d.app.tr("ui.seats.name_full", n=16)
    d.step()
    shaken = d.app.screen.copy()
    strip = pygame.Rect(field.rect.x, field.rect.y - 22, field.rect.width, 20)  # the tag
    assert pygame.image.tobytes(before.subsurface(strip), "RGB") != pygame.image.tobytes(
        shaken.subsurface(strip), "RGB"
    )
    d.app.step([], 1.5)  # 1.5 s later the feedback is gone
    assert field.refused == 0


# -- game select (issue 11.25) --------------------------------------------------------------


def test_arrows_walk_the_game_cards_and_a_coming_game_says_not_yet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scenes.game_select import GameCard, GameSelectScene
    from scenes.table import registry

    # every game has a table now: a coming one for the test
    monkeypatch.setattr(registry, "TABLES", (*registry.TABLES, registry.TableEntry("later", None)))
    d = Driver()
    scene = GameSelectScene(d.app)
    d.start(scene)
    cards = [w.name for w in scene.focus.buttons if isinstance(w, GameCard)]
    assert cards[0] == "manasurge" and len(cards) >= 2
    assert d.focused() == "manasurge"
    for name in cards[1:]:  # → walks the cards in row order, not onto Back
        d.press(pygame.K_RIGHT)
        assert d.focused() == name
    d.press(pygame.K_RIGHT)
    assert d.focused() == cards[-1]  # the row ends; no wrap onto Back
    d.press(pygame.K_DOWN)
    assert d.focused() == "back"
    d.press(pygame.K_UP)
    assert d.focused() == cards[-1]
    d.press(pygame.K_RETURN)  # a coming game: feedback, no setup
    assert d.top is scene
    coming = _widget(scene, cards[-1])
    assert coming.nudge > 0
    assert scene.notice == d.app.tr("ui.games.not_yet", game=d.app.tr(coming.entry.name_key))
    d.click(coming.rect.center)  # by mouse too
    assert coming.nudge > 0 and d.top is scene
    d.app.step([], 3.0)  # one long frame: the feedback has run out
    assert scene.notice_time == 0 and coming.nudge == 0
    d.press(pygame.K_LEFT)
    d.focus_to("manasurge", pygame.K_LEFT)
    d.press(pygame.K_RETURN)
    assert isinstance(d.top, SeatSetupScene)


# -- window sizes that fit the display (issue 11.7) ----------------------------------------


def test_settings_offer_only_window_sizes_that_fit_the_display(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scenes.settings_menu import SettingsScene
    from scenes.ui import display

    monkeypatch.setattr(display, "display_size", lambda: (1600, 900))
    d = Driver()
    d.start(SettingsScene(d.app))
    offered = [v for v, _ in _widget(d.top, "size").options]
    assert (1280, 720) in offered and (1600, 900) in offered
    assert all(w <= 1600 and h <= 900 for w, h in offered)
    assert (3840, 2160) not in offered
    monkeypatch.setattr(display, "display_size", lambda: (1024, 768))
    d.start(SettingsScene(d.app))  # the current size stays listed even when larger
    assert [v for v, _ in _widget(d.top, "size").options] == [(1024, 600), (1280, 720)]


def test_size_flag_above_the_display_falls_back_with_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import main
    from scenes.ui import display

    monkeypatch.setattr(display, "display_size", lambda: (1600, 900))
    assert main.fit_size_to_display((1280, 720)) == (1280, 720)
    assert capsys.readouterr().err == ""
    assert main.fit_size_to_display((3840, 2160)) == (1600, 900)
    err = capsys.readouterr().err
    assert "3840x2160" in err and "1600x900" in err
    monkeypatch.setattr(display, "display_size", lambda: None)  # headless: nothing refused
    assert main.fit_size_to_display((3840, 2160)) == (3840, 2160)
    help_text_ = main.build_parser().format_help()
    assert "4K" not in help_text_ and f"{main.MAX_W}x{main.MAX_H}" in help_text_
    assert "display" in help_text_


# -- readable text (issue 11.8) --------------------------------------------------------------


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_setup_text_is_never_below_the_minimum_at_1024x600(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes import text
    from scenes.ui.widgets import MIN_TEXT

    sizes: list[tuple[int, str]] = []
    render = text.render

    def spy(label: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        sizes.append((size, label))
        return render(label, size, *args, **kwargs)

    monkeypatch.setattr(text, "render", spy)
    d, scene = _setup((1024, 600), lang)
    for players in (2, 6):
        scene.set_option("characters", True)
        scene.set_players(players)
        d.step(frames=2)
        d.focus_to("option.target")  # the longest label, and its description
        d.step()
    d.focus_to("advanced")
    d.press(pygame.K_RETURN)
    d.focus_to("option.frost_to", pygame.K_DOWN)
    d.step()
    assert isinstance(d.top, AdvancedRulesScene)
    small = sorted({(s, label) for s, label in sizes if s < MIN_TEXT})
    assert small == []
    assert len(sizes) > 100


# -- the hot-seat hand-off (issue 11.6) -------------------------------------------------------


def test_escape_on_the_handoff_opens_the_pause_menu_without_revealing() -> None:
    from scenes.handoff import HandoffScene
    from scenes.pause import PauseScene
    from scenes.settings_menu import SettingsScene
    from scenes.table import open_table

    d = Driver()
    config = game.info("manasurge").default_config(players=2, control="human")
    match = new_match("manasurge", config, 11)
    table = open_table(d.app, match)
    d.start(table)
    d.wait_for(lambda: isinstance(d.top, HandoffScene), 5)
    handoff = d.top
    assert isinstance(handoff, HandoffScene) and handoff.match is match
    d.press(pygame.K_ESCAPE)
    assert isinstance(d.top, PauseScene) and d.top.match is match
    assert d.names() == [type(table).__name__, "HandoffScene", "PauseScene"]
    assert not handoff.done  # nobody's hand was shown
    # The hand-off still paints every pixel under the pause panel.
    d.app.screen.fill((255, 0, 255))
    handoff.draw(d.app.screen)
    d.top.draw(d.app.screen)
    magenta = pygame.mask.from_threshold(d.app.screen, (255, 0, 255), (1, 1, 1, 255))
    assert magenta.count() == 0
    d.choose("settings")
    assert isinstance(d.top, SettingsScene)
    d.press(pygame.K_ESCAPE)
    d.choose("resume")
    assert d.top is handoff and not handoff.done
    d.press(pygame.K_RETURN)
    assert handoff.done and d.top is table


# -- names joined per language (issue 11.33) --------------------------------------------------


def test_join_names_per_language() -> None:
    from game.i18n import Translator, join_names

    assert join_names([], "vi") == "" and join_names(["An"], "en") == "An"
    assert join_names(["An", "Bình"], "vi") == "An và Bình"
    assert join_names(["An", "Bình"], "en") == "An and Bình"
    assert join_names(["An", "Bình", "Châu"], "vi") == "An, Bình và Châu"
    assert join_names(["An", "Bình", "Châu"], "en") == "An, Bình and Châu"
    assert Translator("en").join(("An", "Bình", "Châu", "Dũng")) == "An, Bình, Châu and Dũng"


def test_results_and_log_lines_list_names_with_the_join() -> None:
    from game.core.contract import Event, Outcome
    from scenes.results import ResultsScene
    from scenes.table import open_table

    config = game.info("manasurge").default_config(players=3, names=("An", "Bình", "Châu"))
    match = new_match("manasurge", config, 4)
    for lang, together in (("vi", "An, Bình và Châu cùng thắng!"),
                           ("en", "An, Bình and Châu win together!")):  # fmt: skip
        d = Driver(lang=lang)
        results = ResultsScene(d.app, match)
        results.outcome = Outcome((0, 1, 2))
        assert results.headline() == together
        results.outcome = Outcome((1, 2))
        assert results.headline().startswith("Bình " + d.app.tr("ui.common.and") + " Châu")
        table = open_table(d.app, match)
        line = table.sentence(Event("quake", {"seats": [0, 2]}))  # type: ignore[attr-defined]
        assert "An " + d.app.tr("ui.common.and") + " Châu" in line, line
