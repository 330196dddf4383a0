"""The Hint on the table (issue 10 item 5): H on a human seat's turn asks the hard
AI in the worker, lights its move (the card, its target, or the button that makes
it) and shows one sentence why; H again or a move clears it; the setting "Gợi ý"
off (or a "no hints" match) leaves no button and H does nothing; an all-AI table
offers none."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from table_driver import click, key, step

from game import new_match
from game.ai import worker as job
from game.ai.hint import Hint
from game.ai.hint import hint as search_hint
from game.core.contract import Action
from game.core.rng import Rng
from scenes.settings_menu import SettingsScene
from scenes.table import ai, open_table
from scenes.table.hint import Suggestion
from scenes.table.kittable import KitTable

ITERATIONS = 24  # a fixed search: the same hint on every machine
MODES = {"manasurge": "ffa", "shv": "pvp", "invokation": "duel", "toy": "ffa"}


@pytest.fixture
def threads(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Jobs run in a thread (the same ``game.ai.worker`` functions), so a test
    can watch which job ran."""
    monkeypatch.setenv(ai.ENV_THREADS, "1")
    ai.shutdown()
    yield
    ai.shutdown()


def _config(game_id: str, controls: tuple[str, ...] = ("human", "ai")) -> dict[str, Any]:
    game_id, _, mode = game_id.partition(":")  # "shv:pve": a mode other than MODES'
    seats = [
        {"name": name, "control": control, "bot": "easy", "team": i}
        for i, (name, control) in enumerate(zip(("An", "Bình"), controls, strict=False))
    ]
    config = {"mode": mode or MODES[game_id], "players": len(seats), "seats": seats}
    return {**config, "options": {}, **({"boss": "ngu_tinh"} if mode == "pve" else {})}


def _open(app: Any, game_id: str, seed: int = 3, **kw: Any) -> KitTable:
    match = new_match(game_id.partition(":")[0], _config(game_id, **kw), seed)
    table = open_table(app, match)
    assert isinstance(table, KitTable)
    app.stack.push(table)
    app.stack.apply_pending()
    for _ in range(1200):  # the AI's opening moves, the deal's animations
        if table.in_control and not table.anims.busy:
            break
        step(app)
    table.hints.iterations = ITERATIONS
    return table


def _hint(app: Any, table: KitTable, limit: float = 60.0) -> Suggestion:
    step(app, [key(pygame.K_h)])
    end = time.monotonic() + limit
    while table.hints.shown is None and time.monotonic() < end:
        assert not table.hints.failed
        step(app)
    step(app)
    assert table.hints.shown is not None, "the hint never came"
    return table.hints.shown


def _lit(table: KitTable, action: Action) -> None:
    """The hinted action is lit: its hand card (if any) is a lit spot, and
    something on the table stands for it (a spot or the button that makes it)."""
    spots, buttons = table.hints.spots(), table.hints.buttons()
    assert spots or buttons, f"nothing lit for {action}"
    card = action.get("card")
    if isinstance(card, int) and any(s.card == card for s in table.hand.sprites):
        assert table.hand.spots() and dict(table.hand.spots())[card] in spots
    for button in buttons:
        assert button in table.bar.buttons


@pytest.mark.parametrize("game_id", ["manasurge", "shv", "shv:pve", "invokation", "toy"])
def test_h_lights_the_hard_ais_move_and_says_why(app: Any, threads: None, game_id: str) -> None:
    table = _open(app, game_id, controls=("human",) if game_id == "shv:pve" else ("human", "ai"))
    assert table.hints.offered and table.hints.button.label == "Gợi ý (H)"
    shown = _hint(app, table)
    assert shown.action in table.match.legal_actions()  # for the human seat to move
    assert shown.action.seat == table.to_move == table.viewer
    _lit(table, shown.action)
    words = table.hints.words()
    best, second = round(100 * shown.value), shown.second_value
    if second is not None:  # vi first: the expected win chance of both moves
        assert f"{best}%" in words and f"{round(100 * second)}%" in words
        assert "khả năng thắng" in words
    else:
        assert "duy nhất" in words
    table.draw(app.screen)  # the box and the lit spots draw without error
    step(app, [key(pygame.K_h)])  # H again clears it
    assert table.hints.shown is None and not table.hints.spots()


def test_playing_a_move_clears_the_hint(app: Any, threads: None) -> None:
    table = _open(app, "manasurge")
    shown = _hint(app, table)
    assert table.hints.spots()
    assert table.submit(shown.action) is None
    step(app)
    assert table.hints.shown is None and table.hints.token is None and not table.hints.spots()


def test_the_request_goes_through_the_worker_job(
    app: Any, threads: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table sends the seat's *view* (JSON) to ``game.ai.worker.hint`` with the
    fixed iterations; the job's answer is what the search gives on that view."""
    calls: list[tuple[Any, ...]] = []
    real = job.hint

    def spy(*args: Any) -> dict[str, Any]:
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(job, "hint", spy)
    table = _open(app, "toy")
    shown = _hint(app, table)
    assert len(calls) == 1 and table.hints.requests == 1
    game_id, view, seat, rng_state, iterations = calls[0]
    assert (game_id, seat, iterations) == ("toy", table.viewer, ITERATIONS)
    rules = table.rules
    assert view == rules.to_json(rules.view(table.match.state, seat))  # never the true state
    again = search_hint(rules, rules.from_json(view), seat, Rng(rng_state), ITERATIONS)
    assert (again.action, again.value, again.second_value) == (  # deterministic, fixed budget
        shown.action,
        shown.value,
        shown.second_value,
    )
    assert (shown.key, shown.params) == again.sentence()


def test_hints_off_no_button_and_h_does_nothing(app: Any, threads: None) -> None:
    app.settings.hints = False
    table = _open(app, "toy")
    assert table.match.config["hints"] is False  # a "no hints" match, saved as one
    assert not table.hints.offered
    step(app, [key(pygame.K_h)], frames=5)
    assert table.hints.requests == 0 and table.hints.token is None
    table.hints.button.rect = pygame.Rect(0, 0, 0, 0)
    table.draw(app.screen)
    assert table.hints.button.rect.width == 0  # never laid out: not drawn
    app.settings.hints = True  # the match stays a "no hints" match
    step(app, [key(pygame.K_h)])
    assert not table.hints.offered and table.hints.requests == 0


def test_an_all_ai_table_offers_no_hint(app: Any, threads: None) -> None:
    match = new_match("toy", _config("toy", ("ai", "ai")), 3)
    table = open_table(app, match)
    assert isinstance(table, KitTable)
    app.stack.push(table)
    app.stack.apply_pending()
    for _ in range(20):
        step(app, [key(pygame.K_h)])
        assert not table.hints.offered and table.hints.requests == 0


def test_the_settings_screen_turns_hints_off(app: Any) -> None:
    scene = SettingsScene(app)
    rows = {row[0]: row for row in scene.rows()}
    _name, label, options, value, change = rows["hints"]
    assert label == "Gợi ý" and value is True
    assert [v for v, _ in options] == [True, False]
    change(False)
    assert app.settings.hints is False


def test_the_hint_json_survives_the_pipe() -> None:
    a, b = Action.make("play", 0, card=3), Action.make("draw", 0)
    hint = Hint(a, 0.64, b, 0.41)
    assert Hint.from_json(hint.to_json()) == hint
    assert hint.sentence() == ("ai.hint.why", {"best": 64, "second": 41})
    piped = {**hint.to_json(), "sentence": {"key": "ai.hint.why", "params": {"best": 64}}}
    read = Suggestion.from_json(piped)
    assert (read.action, read.value, read.second_value, read.key) == (a, 0.64, 0.41, "ai.hint.why")


def test_the_table_keeps_drawing_while_the_hint_thinks(app: Any) -> None:
    """The search runs in the worker process: frames go on with the thinking bar
    and the table asks for frames meanwhile (how fast a frame is belongs to
    ``make bench``, not to a test)."""
    ai.shutdown()
    table = _open(app, "invokation")
    table.hints.iterations = 150
    for _ in range(3):  # the first full frames fill the text and card caches
        table.draw(app.screen)
    frames, thinking = 0, 0
    events = [key(pygame.K_h)]
    end = time.monotonic() + 60  # a time-box against a hang, not a speed check
    while table.hints.shown is None and time.monotonic() < end:
        step(app, events)
        frames, events = frames + 1, []
        assert table.animating() or not table.hints.busy  # frames while it thinks
        thinking += table.hints.thinking
    assert table.hints.shown is not None and thinking >= 1, (frames, thinking)
    assert ai.worker_pid() is not None  # a separate process did the search


def test_a_move_while_the_hint_thinks_stops_the_search(app: Any) -> None:
    """The worker answers one job at a time: a hint nobody will read is not left
    searching in front of the next AI seat's decision (its deadline runs)."""
    ai.shutdown()
    table = _open(app, "toy")
    table.hints.iterations = 10**7  # far longer than the test
    rng_before = table.bot_rng.state
    step(app, [key(pygame.K_h)])
    searching = ai.worker_pid()
    assert table.hints.thinking and searching is not None
    assert table.bot_rng.state == rng_before  # the AI seats' stream is untouched
    legal = table.match.legal_actions()
    assert table.submit(legal[0]) is None
    step(app)
    assert table.hints.token is None and not table.hints.busy
    assert ai.worker_pid() != searching  # that process was stopped, a fresh one serves


def test_a_failed_hint_says_so_and_h_asks_again(
    app: Any, threads: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any) -> dict[str, Any]:
        raise RuntimeError("a bot bug")

    monkeypatch.setattr(job, "hint", broken)
    table = _open(app, "toy")
    step(app, [key(pygame.K_h)])
    for _ in range(200):
        if table.hints.failed:
            break
        step(app)
        time.sleep(0.005)
    assert table.hints.failed and table.hints.shown is None and not table.hints.busy
    assert "thử lại" in table.hints.words() and not table.hints.spots()
    step(app, [key(pygame.K_h)])  # asked again, not cleared
    assert table.hints.requests == 2 and table.hints.token is not None


def test_the_button_asks_and_clears_like_h(app: Any, threads: None) -> None:
    table = _open(app, "toy")
    table.draw(app.screen)
    at = table.hints.button.rect
    assert at.width > 0 and table.log_panel.rect.contains(at)  # on the log's title line
    click(app, at.center)
    assert table.hints.requests == 1 and table.hints.token is not None
    for _ in range(600):
        if table.hints.shown is not None:
            break
        step(app)
        time.sleep(0.005)
    assert table.hints.shown is not None and table.hints.spots()
    click(app, at.center)
    assert table.hints.shown is None and table.hints.token is None
