"""Issue 12 item 4: the first-game guide.  Each game's script finishes when a test
plays the expected actions (the table's action API, and the mouse for a drag);
other moves are refused with the step's "Hãy …" note; the computer plays the
scripted answers; Skip and Esc close it; the title lists it; the first start of
the program offers it once (never in a booth or the demo)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from game.i18n import LANGS, table
from scenes.app import App, LaunchOptions
from scenes.guide import (
    ADVANCE,
    ALLOW,
    REFUSE,
    GuideRun,
    first_start_offer,
    guides,
    locate,
    matches,
    settled,
    start_match,
)
from scenes.guide_scene import GuideHud, GuideListScene
from scenes.table import ai, registry
from tests.scenes.table_driver import drag, key, step

SCRIPTS = guides()


@pytest.fixture(autouse=True)
def _one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ai.ENV_THREADS, "1")


def make_app(lang: str = "vi", **options: Any) -> App:
    options.setdefault("save_settings", False)
    app = App(LaunchOptions(lang=lang, size=(1280, 720), **options))
    app.settings.anim_speed = 40.0
    app.settings.ai_delay = 0.0
    return app


def open_from_menu(app: App, game_id: str) -> GuideHud:
    listing = GuideListScene(app)
    app.stack.clear_to(listing)
    app.stack.apply_pending()
    button = next(b for b in listing.focus.buttons if b.name == game_id)
    button.activate()
    app.stack.apply_pending()
    hud = app.stack.top
    assert isinstance(hud, GuideHud)
    return hud


def wait_ready(app: App, hud: GuideHud, limit: int = 600) -> None:
    for _ in range(limit):
        if settled(hud.table, hud.run):
            return
        step(app)
    raise AssertionError(f"step {hud.run.step.id} never became ready")


def expected(hud: GuideHud) -> Any:
    run = hud.run
    assert run.step.expect is not None
    match = hud.table.match
    fits = [a for a in match.legal_actions() if matches(match, run.script.seat, run.step.expect, a)]
    assert len(fits) >= 1, (run.step.id, match.legal_actions())
    return fits[0]


def play_through(app: App, hud: GuideHud) -> list[str]:
    """Play every step by the table's action API; returns the step ids seen."""
    seen = []
    for _ in range(40):
        wait_ready(app, hud)
        run = hud.run
        seen.append(run.step.id)
        assert locate(hud.table, run.step.point, run) is not None or run.step.point is None
        if run.last:
            return seen
        if run.step.expect is None:
            app.step([key(pygame.K_RETURN)], 1 / 60)  # Next
            continue
        assert hud.table.submit(expected(hud)) is None
    raise AssertionError("the guide never reached its last step")


def test_every_playable_game_has_a_guide_with_texts_in_both_languages() -> None:
    assert {s.game_id for s in SCRIPTS} == set(registry.playable())
    for script in SCRIPTS:
        for s in script.steps:
            for lang in LANGS:
                assert f"guide.{script.game_id}.{s.id}.text" in table(lang), (s.id, lang)
                if s.expect is not None:
                    do = table(lang)[f"guide.{script.game_id}.{s.id}.do"]
                    assert do.startswith("Hãy" if lang == "vi" else do[:1])


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.game_id for s in SCRIPTS])
def test_the_guide_finishes_with_the_scripted_answers(script: Any) -> None:
    app = make_app()
    hud = open_from_menu(app, script.game_id)
    seen = play_through(app, hud)
    assert seen == [s.id for s in script.steps]  # every callout shown, in order
    log = hud.table.match.log
    mine = [a for a in log if a.seat == script.seat]
    assert len(mine) == len([s for s in script.steps if s.expect is not None])
    answers = [a for s in script.steps for a in s.ai]
    theirs = [a for a in log if a.seat != script.seat]
    assert len(theirs) >= len(answers)
    for data, action in zip(answers, theirs, strict=False):  # the computer followed the script
        assert action.kind == data["kind"], (data, action)
    assert hud.buttons[0].name == "finish"
    hud.buttons[0].on_click()  # Finish: back to the menu, table closed
    app.stack.apply_pending()
    assert isinstance(app.stack.top, GuideListScene) and len(app.stack) == 1
    from saves import store

    assert store.list_saves(verify=False) == []  # a guided game is never autosaved


def test_a_drag_plays_the_step_and_a_wrong_card_is_refused() -> None:
    """MS-4.1: the lead is dragged onto the ladder by the mouse; another card
    springs back with the step's "Hãy …" note and the guide waits."""
    app = make_app()
    hud = open_from_menu(app, "manasurge")
    wait_ready(app, hud)
    assert hud.run.step.id == "welcome"
    tbl: Any = hud.table
    assert tbl.submit(tbl.match.legal_actions()[0]) == table("vi")["guide.refuse_next"]
    app.step([key(pygame.K_RETURN)], 1 / 60)
    wait_ready(app, hud)
    assert hud.run.step.id == "lead"
    card = locate(tbl, "expect:card", hud.run)
    ladder = locate(tbl, "zone:ladder", hud.run)
    assert card is not None and ladder is not None
    wrong = next(s.rect for s in tbl.hand.sprites if s.rect.centerx != card.centerx)
    drag(app, wrong.center, ladder.center)
    assert tbl.match.log == [] and hud.run.step.id == "lead"
    note = table("vi")["guide.manasurge.lead.do"]
    assert any(note in str(getattr(t, "text", t)) for t in tbl.toasts.items)
    step(app, frames=30)
    card = locate(tbl, "expect:card", hud.run)
    assert card is not None
    drag(app, card.center, ladder.center)
    assert [a.kind for a in tbl.match.log][:1] == ["lead"]
    wait_ready(app, hud)
    assert hud.run.step.id == "resonance"
    assert [a.kind for a in tbl.match.log] == ["lead", "play"]  # the scripted answer


def test_a_refused_move_leaves_the_step_and_undo_is_off() -> None:
    app = make_app()
    hud = open_from_menu(app, "shv")
    run: GuideRun = hud.run
    app.step([key(pygame.K_RETURN)], 1 / 60)
    wait_ready(app, hud)
    assert run.step.id == "tactic"
    match = hud.table.match
    other = next(a for a in match.legal_actions() if run.check(a) == REFUSE)
    assert hud.table.submit(other) == table("vi")["guide.shv.tactic.do"]
    assert match.log == []
    assert hud.table.submit(expected(hud)) is None
    hud.table.undo()
    assert len(match.log) == 1 and run.step.id == "skill"
    assert hud.table.hints.seat == 0 and not hud.table.hints.offered  # no AI hint in a guide


def test_allowed_moves_are_played_without_moving_on() -> None:
    """A step's ``allow`` (partial actions, or "any") lets other moves through
    without advancing; the expected one advances; the rest are refused."""
    script = next(s for s in SCRIPTS if s.game_id == "shv")
    tactic = script.steps[1]
    assert tactic.id == "tactic"
    some = replace(tactic, allow=({"kind": "summon", "card": "ma_troi"},))
    run = GuideRun(replace(script, steps=(script.steps[0], some)), start_match(script, "vi"))
    run.index = 1
    legal = run.match.legal_actions()
    summon = next(a for a in legal if a.kind == "summon")
    end = next(a for a in legal if a.kind == "end_turn")
    give = [a for a in legal if a.kind == "give_tactic"]
    assert [run.check(a) for a in give].count(ADVANCE) == 1  # Thế Mộc, not Thế Kim
    assert run.check(summon) == ALLOW and run.check(end) == REFUSE
    run = GuideRun(replace(script, steps=(replace(tactic, allow="any"),)), run.match)
    assert run.check(end) == ALLOW


def test_skip_by_esc_asks_first_and_the_skip_button_closes() -> None:
    app = make_app()
    hud = open_from_menu(app, "invokation")
    wait_ready(app, hud)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    app.stack.apply_pending()
    confirm = app.stack.top
    assert confirm.__class__.__name__ == "ConfirmDialog"
    app.step([key(pygame.K_ESCAPE)], 1 / 60)  # No: back to the guide
    app.stack.apply_pending()
    assert app.stack.top is hud and not hud.run.done
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    app.stack.apply_pending()
    app.stack.top.confirm()  # type: ignore[union-attr]
    app.stack.apply_pending()
    assert hud.run.skipped and isinstance(app.stack.top, GuideListScene)
    hud = open_from_menu(app, "invokation")
    wait_ready(app, hud)
    skip = next(b for b in hud.buttons if b.name == "skip")
    skip.on_click()
    app.stack.apply_pending()
    app.stack.top.confirm()  # type: ignore[union-attr]
    app.stack.apply_pending()
    assert isinstance(app.stack.top, GuideListScene) and len(app.stack) == 1


def test_keep_playing_leaves_the_game_to_the_player() -> None:
    app = make_app()
    hud = open_from_menu(app, "manasurge")
    play_through(app, hud)
    keep = next(b for b in hud.buttons if b.name == "keep")
    keep.on_click()
    app.stack.apply_pending()
    assert app.stack.top is hud.table and hud.run.done
    legal = hud.table.match.legal_actions()
    assert hud.table.submit(legal[-1]) is None  # any move now


def test_the_title_lists_the_guide() -> None:
    from scenes.title import TitleScene

    app = make_app()
    title = TitleScene(app)
    app.stack.clear_to(title)
    app.stack.apply_pending()
    app.step([], 1 / 60)
    button = next(b for b in title.focus.buttons if b.name == "guide")
    assert button.label == "Hướng dẫn"
    assert button.rect.bottom <= app.size[1] and button.rect.top > 0
    button.activate()
    app.stack.apply_pending()
    listing = app.stack.top
    assert isinstance(listing, GuideListScene)
    names = [b.name for b in listing.focus.buttons]
    # a guide per game, then the co-op chapter of the rules (the guides play PvP)
    assert names == [*registry.playable(), "rules-shv-pve", "back"]


def test_the_first_start_offers_the_guide_once_and_never_at_a_booth() -> None:
    from saves.settings import Settings

    assert first_start_offer(make_app(demo=True, save_settings=True)) is None
    assert first_start_offer(make_app(kiosk=True, demo=True, save_settings=True)) is None
    assert first_start_offer(make_app(save_settings=False)) is None  # a --frames smoke run
    assert not Settings.load().guide_offered
    app = make_app(save_settings=True)
    offer = first_start_offer(app)
    assert offer is not None and offer.__class__.__name__ == "ConfirmDialog"
    assert Settings.load().guide_offered  # written at once
    app.stack.push(offer)
    app.stack.apply_pending()
    offer.confirm()  # type: ignore[attr-defined]
    app.stack.apply_pending()
    assert isinstance(app.stack.top, GuideListScene)
    assert first_start_offer(make_app(save_settings=True)) is None  # the next start: not again


def test_the_program_opens_on_the_offer_over_the_title_the_first_time_only() -> None:
    import main
    from scenes.title import TitleScene

    args = main.build_parser().parse_args([])
    app = make_app(save_settings=True)
    first = main.first_scene(app, args, None)
    assert first.__class__.__name__ == "ConfirmDialog"
    app.stack.apply_pending()
    assert isinstance(app.stack.top, TitleScene)  # the title waits under the offer
    again = make_app(save_settings=True)
    assert isinstance(main.first_scene(again, args, None), TitleScene)
