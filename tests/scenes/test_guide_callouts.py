"""The guide's callouts as a new player reads them (issue 34: P-GI-20, P-GI-35,
P-SHV-9, P-SHV-24, P-SHV-33).

* For every guide of every registry game, at 1280x720 and 1024x600: a callout
  never covers the element it points at, where the card goes, or the other
  elements its text talks about (``about``); of a whole zone (a drop area) it
  may cover an edge, never more than 15 %.
* "The computer is answering" shows only while the computer is: a player's own
  fast action animating shows no callout.
* The Sử Hộ Vương guide teaches the turn's phases, Tactics, Treasures and an
  Interrupt, and its text agrees with the board (SHV-4.3 B1: a Guardian is
  readied at the end of its owner's turn; SHV-7.5: an Interrupt resolves before
  the damage).
* Back in the guide menu only one button looks chosen.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.i18n import table
from scenes.app import App, LaunchOptions
from scenes.guide import guides, locate, matches, settled
from scenes.guide_scene import GuideHud, GuideListScene
from scenes.table import ai, registry

SCRIPTS = guides()
DT = 1 / 60


@pytest.fixture(autouse=True)
def _one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ai.ENV_THREADS, "1")


def make_app(size: tuple[int, int] = (1280, 720), lang: str = "vi") -> App:
    app = App(LaunchOptions(lang=lang, size=size, save_settings=False))
    app.settings.anim_speed = 40.0
    app.settings.ai_delay = 0.0
    return app


def open_guide_by_mouse(app: App, game_id: str) -> GuideHud:
    listing = GuideListScene(app)
    app.stack.clear_to(listing)
    app.stack.apply_pending()
    app.step([], DT)
    button = next(b for b in listing.focus.buttons if b.name == game_id)
    pos = button.rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(30, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)  # fmt: skip
    app.stack.apply_pending()
    hud = app.stack.top
    assert isinstance(hud, GuideHud)
    return hud


def wait_ready(app: App, hud: GuideHud, limit: int = 900) -> None:
    for _ in range(limit):
        if settled(hud.table, hud.run):
            app.step([], DT)  # one frame to lay the callout out
            return
        app.step([], DT)
    raise AssertionError(f"step {hud.run.step.id} never became ready")


def expected(hud: GuideHud) -> Any:
    run, match = hud.run, hud.table.match
    fits = [a for a in match.legal_actions() if matches(match, run.script.seat, run.step.expect, a)]
    assert fits, (run.step.id, match.legal_actions())
    return fits[0]


def walk(app: App, hud: GuideHud, at_step: Any) -> None:
    """Play the guide through by its expected actions, calling ``at_step(hud)`` at
    every ready step."""
    for _ in range(40):
        wait_ready(app, hud)
        at_step(hud)
        run = hud.run
        if run.last:
            return
        if run.step.expect is None:
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0)], DT)  # fmt: skip
            continue
        assert hud.table.submit(expected(hud)) is None
    raise AssertionError("the guide never ended")


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("script", SCRIPTS, ids=[s.game_id for s in SCRIPTS])
def test_a_callout_covers_nothing_it_talks_about(script: Any, size: tuple[int, int]) -> None:
    assert {s.game_id for s in SCRIPTS} == set(registry.playable())
    app = make_app(size)
    hud = open_guide_by_mouse(app, script.game_id)
    checked: list[str] = []

    def check(h: GuideHud) -> None:
        step = h.run.step
        named = [("point", step.point), ("to", step.to), *(("about", a) for a in step.about)]
        for role, name in named:
            if not name:
                continue
            rect = locate(h.table, name, h.run)
            assert rect is not None, (step.id, role, name)
            if name.startswith("zone:"):  # a whole zone (the drop area): its edge may go
                cut = h.panel.clip(rect)
                assert cut.w * cut.h <= 0.15 * rect.w * rect.h, (step.id, role, name)
            else:
                assert not h.panel.colliderect(rect), (step.id, role, name, h.panel, rect)
        checked.append(step.id)

    walk(app, hud, check)
    assert checked == [s.id for s in script.steps]


def test_invokation_answer_step_names_the_character_it_talks_about() -> None:
    script = next(s for s in SCRIPTS if s.game_id == "invokation")
    answer = next(s for s in script.steps if s.id == "answer")
    assert answer.about, "Ông Chài (the opponent's active character) is in the text"


def test_the_waiting_note_shows_only_while_the_computer_answers() -> None:
    app = make_app()
    hud = open_guide_by_mouse(app, "invokation")
    waiting = app.tr("guide.waiting")
    seen: list[tuple[str, str | None]] = []

    def watch(h: GuideHud) -> None:
        if h.run.step.id != "heal":
            return
        assert h.table.submit(expected(h)) is None  # a fast action: still the player's turn
        for _ in range(240):
            app.step([], DT)
            if settled(h.table, h.run):
                break
            seat = h.table.to_move
            computer = seat is not None and h.table.match.seats[seat].is_ai
            body = h.body()
            seen.append((h.run.step.id, body))
            assert body != waiting or computer, "the player's own move is not the computer's"

    walk(app, hud, watch)
    assert seen, "the heal animated"


def test_the_shv_guide_teaches_phases_tactics_treasures_and_an_interrupt() -> None:
    script = next(s for s in SCRIPTS if s.game_id == "shv")
    kinds = [s.expect["kind"] for s in script.steps if s.expect]
    assert {"give_tactic", "activate", "treasure", "summon", "end_turn", "interrupt"} <= set(kinds)
    ids = [s.id for s in script.steps]
    assert "phases" in ids
    for lang in ("vi", "en"):
        words = table(lang)["guide.shv.phases.text"]
        assert "7" in words  # SHV-4.3 B4: discard down to 7


def test_the_shv_answer_step_matches_the_board() -> None:
    """P-SHV-9: the text says Trọng Thủy stands Ready again (SHV-4.3 B1 at the end
    of the computer's own turn), Ma Trơi kept 1 HP thanks to the Interrupt (SHV-7.5)
    and Trưng Nhị is Tired (the Interrupt exerts)."""
    app = make_app()
    hud = open_guide_by_mouse(app, "shv")
    facts: dict[str, Any] = {}

    def look(h: GuideHud) -> None:
        if h.run.step.id != "answer":
            return
        state = h.table.match.state
        g = {x.card: x for p in state.players for x in p.field}
        facts.update(trong_thuy=g[30], ma_troi=g.get(4), trung_nhi=g[1])

    walk(app, hud, look)
    assert facts, "the answer step was reached"
    assert facts["trong_thuy"].ready
    assert facts["ma_troi"] is not None and facts["ma_troi"].damage == 2  # 3 HP, 1 left
    assert not facts["trung_nhi"].ready
    vi = table("vi")["guide.shv.answer.text"]
    assert "đứng thẳng" in vi and "Mệt mỏi" in vi and "1 máu" in vi


@pytest.mark.parametrize("game_id", [s.game_id for s in SCRIPTS])
def test_back_in_the_menu_one_button_looks_chosen(game_id: str) -> None:
    app = make_app()
    hud = open_guide_by_mouse(app, game_id)
    walk(app, hud, lambda h: None)
    finish = next(b for b in hud.buttons if b.name == "finish")
    pos = finish.rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(40, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)  # fmt: skip
    app.stack.apply_pending()
    app.step([], DT)
    listing = app.stack.top
    assert isinstance(listing, GuideListScene)
    lit = {b.name for b in listing.focus.buttons if b.focused or b.hover or b.primary}
    assert lit == {game_id}, lit


def test_the_guide_menu_opens_the_co_op_rules_chapter() -> None:
    # issue 34 major 7 (P-SHV-6): the guide plays PvP; the co-op chapter is one row away.
    from scenes.guide_scene import GuideListScene
    from scenes.rules_help import RulesScene

    app = make_app()
    menu = GuideListScene(app)
    app.stack.clear_to(menu)
    app.stack.apply_pending()
    row = next(i for i in menu.items() if i.name == "rules-shv-pve")
    row.action()
    app.stack.apply_pending()
    top = app.stack.top
    assert isinstance(top, RulesScene) and top.game_id == "shv"
    app.step([], 1 / 60)  # laid out and drawn: scrolled to its heading
    section = app.tr("rules.shv.mode_sections.pve")
    assert top.scroll == top.anchors[section] > 0
