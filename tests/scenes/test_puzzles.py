"""Issue 12 item 3: every puzzle's solution is played and its check fires; an
attempt that lets the chance pass fails; the panel over the table says solved and
retries (headless)."""

from __future__ import annotations

import pygame
import pytest

from game.ai import bots
from game.core.rng import Rng
from game.i18n import LANGS, table
from scenes.app import App, LaunchOptions
from scenes.puzzles import FAILED, SOLVED, play_solution, puzzles, start_match, verdict
from scenes.puzzles_scene import PuzzleHud, PuzzleListScene
from scenes.table import ai, registry

DT = 1 / 60
ALL = puzzles()


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_at_least_three_puzzles_per_playable_game_with_texts_in_both_languages() -> None:
    for game_id in registry.playable():
        assert len([p for p in ALL if p.game_id == game_id]) >= 3, game_id
    for puzzle in ALL:
        for lang in LANGS:
            for part in ("title", "goal", "hint"):
                assert f"puzzles.{puzzle.id}.{part}" in table(lang), (puzzle.id, lang, part)
    assert len({p.id for p in ALL}) == len(ALL)


@pytest.mark.parametrize("puzzle", ALL, ids=[p.id for p in ALL])
def test_the_solution_solves_it(puzzle) -> None:  # type: ignore[no-untyped-def]
    match = start_match(puzzle, "vi")
    assert verdict(puzzle, match) is None  # not solved before a move
    assert play_solution(puzzle, match, bots.make("greedy"), Rng(1)) == SOLVED


@pytest.mark.parametrize("puzzle", ALL, ids=[p.id for p in ALL])
def test_an_attempt_that_lets_the_chance_pass_fails(puzzle) -> None:  # type: ignore[no-untyped-def]
    """Each other first move, then the seat ends its turn as soon as it can (its
    first legal action otherwise; other seats greedy): the check says failed,
    never solved and never "still going"."""
    rules = start_match(puzzle, "vi").rules
    first = rules.action_from_json(start_match(puzzle, "vi").state, puzzle.solution[0])
    bot, rng = bots.make("greedy"), Rng(2)
    tried = 0
    for action in start_match(puzzle, "vi").legal_actions():
        if action == first or action.kind in puzzle.ends_on:
            continue
        match = start_match(puzzle, "vi")
        match.apply(action)
        tried += 1
        for _ in range(60):
            if verdict(puzzle, match) is not None:
                break
            seat = match.to_move
            assert seat is not None
            if seat == puzzle.seat:
                legal = match.legal_actions()
                ends = [a for a in legal if a.kind in puzzle.ends_on]
                match.apply(ends[0] if ends else legal[0])
            else:
                match.apply(bot.choose(rules, rules.view(match.state, seat), seat, rng))
        assert verdict(puzzle, match) == FAILED, (puzzle.id, action)
    assert tried >= 1


def test_the_panel_reports_solved_and_retry_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ai.ENV_THREADS, "1")
    app = App(LaunchOptions(lang="vi", size=(1280, 720), seed=3, save_settings=False))
    app.settings.anim_speed = 40.0
    app.settings.ai_delay = 0.0
    listing = PuzzleListScene(app)
    app.stack.clear_to(listing)
    app.stack.apply_pending()
    puzzle = listing.items[0]
    listing.focus.buttons[0].activate()
    app.stack.apply_pending()
    hud = app.stack.top
    assert isinstance(hud, PuzzleHud) and hud.puzzle == puzzle
    table = hud.table
    rules = table.match.rules
    for data in puzzle.solution:  # as the table's picker would send them
        assert table.submit(rules.action_from_json(table.match.state, data)) is None
        for _ in range(30):
            app.step([], DT)
    assert hud.state == SOLVED and app.stack.top is hud  # no results screen
    from saves import store

    assert store.list_saves(verify=False) == []  # a puzzle is never autosaved
    app.step([key(pygame.K_r)], DT)  # retry
    app.stack.apply_pending()
    again = app.stack.top
    assert isinstance(again, PuzzleHud) and again is not hud
    assert again.table.match.log == [] and again.state is None
    assert len(app.stack) == 3  # list, table, panel
    app.step([key(pygame.K_h)], DT)
    assert again.show_hint
    app.step([key(pygame.K_ESCAPE)], DT)  # falls through to the table: its pause menu
    app.stack.apply_pending()
    pause = app.stack.top
    assert pause.__class__.__name__ == "PauseScene"
    assert "save" not in [b.name for b in pause.focus.buttons]  # not a saved game
    app.step([key(pygame.K_ESCAPE)], DT)
    app.stack.apply_pending()
    assert app.stack.top is again
    again.to_list()
    app.stack.apply_pending()
    assert app.stack.top is listing


@pytest.mark.parametrize("puzzle", ALL[:1] + [p for p in ALL if p.game_id == "invokation"][:1])
def test_in_a_puzzle_h_is_the_puzzles_hint_and_the_ai_hint_is_off(puzzle) -> None:  # type: ignore[no-untyped-def]
    # P-GI-28: the AI's Hint would play the answer; H shows the puzzle's own hint.
    from scenes.table.hint import hints_on

    app = App(LaunchOptions(lang="vi", size=(1280, 720), seed=3, save_settings=False))
    app.settings.ai_delay = 0.0
    listing = PuzzleListScene(app)
    app.stack.clear_to(listing)
    app.stack.apply_pending()
    listing.focus.buttons[ALL.index(puzzle)].activate()
    app.stack.apply_pending()
    hud = app.stack.top
    assert isinstance(hud, PuzzleHud)
    assert start_match(puzzle, "vi").config["hints"] is False
    assert not hints_on(hud.table)  # no "Gợi ý (H)" button of the AI's
    app.step([key(pygame.K_h)], DT)
    assert hud.show_hint and "(H)" in app.tr("puzzles.hint")
