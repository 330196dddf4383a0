"""Issue 39 item 6, a hint that teaches: after the percentages the hint says in one
sentence what the move does (wins, gains at once, protects, sets up, waits, a close
call, a lost cause), chosen from the search's own statistics, in every game and in
both languages."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import game
from game.ai import bots, levels
from game.ai import hint as hints
from game.ai.mcts import Choice, SearchResult
from game.core.contract import Action
from game.core.rng import Rng
from game.i18n import LANGS, Translator
from scenes.table.hint import HintPart, Suggestion

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "shv"


def _idle() -> tuple[Any, Any]:
    """``ai_idle_turn.json``: Lửa Ma can knock out the Âu Cơ at 1 HP (SHV-7.2, SHV-8.4)."""
    rules = game.get("shv")
    data = json.loads((SCENARIOS / "ai_idle_turn.json").read_text("utf-8"))
    return rules, rules.from_scenario(data["position"])


def _act(rules: Any, state: Any, kind: str) -> Action:
    return next(a for a in rules.legal_actions(state) if a.kind == kind)


def _why(rules: Any, state: Any, *choices: tuple[str, float]) -> tuple[str, dict[str, Any]]:
    listed = [Choice(_act(rules, state, k), 20, v) for k, v in choices]
    result = SearchResult(listed[0].action, listed, 60, 0.1)
    return hints.reason(rules, state, 0, result, Rng(1))


def test_every_reason_reads_as_one_sentence_in_both_languages() -> None:
    for kind in hints.REASONS:
        for lang in LANGS:
            said = Translator(lang)(f"ai.hint.reason.{kind}", danger=31)
            assert said.startswith({"vi": "Lý do: ", "en": "Why: "}[lang]), (lang, kind)
            assert said.endswith(".") and said.count(". ") == 0 and "{" not in said


def test_the_reason_follows_the_searchs_statistics() -> None:
    rules, state = _idle()
    # The search is sure of a win / sees a lost cause.
    assert _why(rules, state, ("activate", 0.95), ("end_turn", 0.4))[0] == "win"
    assert _why(rules, state, ("give_tactic", 0.05), ("end_turn", 0.03))[0] == "lost"
    # Ending the turn is the best move: waiting.
    assert _why(rules, state, ("end_turn", 0.6), ("activate", 0.5))[0] == "wait"
    # SHV-8.4: the knock-out raises the evaluation at once: it gains (a threat).
    assert _why(rules, state, ("activate", 0.7), ("end_turn", 0.5))[0] == "gain"
    # A tactic gains nothing at once; passing is much worse after the reply: it protects.
    kind, params = _why(rules, state, ("give_tactic", 0.6), ("end_turn", 0.4))
    assert (kind, params) == ("protect", {"danger": 40})
    # Nothing at once, passing about as good: a close call, or a set-up when clearly best.
    assert _why(rules, state, ("give_tactic", 0.6), ("end_turn", 0.59))[0] == "close"
    assert _why(rules, state, ("give_tactic", 0.6), ("activate", 0.5))[0] == "setup"


def _position(game_id: str) -> tuple[Any, Any, int]:
    """A position of a greedy game of ``game_id`` with a choice for the seat to move."""
    rules = game.get(game_id)
    state = rules.setup(rules.info.default_config(None, 2), 7)
    greedy, rng = bots.make("greedy"), Rng(7)
    for _ in range(400):
        seat = rules.to_move(state)
        assert seat is not None
        if len(rules.legal_actions(state)) > 2 and rules.prompt(state).kind == "act":
            return rules, state, seat
        rules.apply(state, greedy.choose(rules, state, seat, rng))
    raise AssertionError(f"{game_id}: no choice in 400 moves")


@pytest.mark.parametrize("game_id", ["shv", "invokation", "manasurge", "toy"])
def test_the_hint_gives_a_reason_in_every_game(game_id: str) -> None:
    rules, state, seat = _position(game_id)
    got = hints.hint(rules, state, seat, Rng(3), iterations=24)
    assert got.reason in hints.REASONS
    key, params = got.sentence()
    assert key == "ai.hint.why" and params["reason"] == f"ai.hint.reason.{got.reason}"
    assert hints.Hint.from_json(json.loads(json.dumps(got.to_json()))) == got
    for lang in LANGS:
        assert "{" not in Translator(lang)(params["reason"], **params)


def _part(lang: str, shown: Suggestion) -> HintPart:
    part = HintPart.__new__(HintPart)
    part.table = SimpleNamespace(app=SimpleNamespace(tr=Translator(lang)))  # type: ignore[assignment]
    part.failed, part.shown = False, shown
    part.buttons = lambda: []  # type: ignore[method-assign]
    part.spots = lambda: [SimpleNamespace()]  # type: ignore[method-assign]
    return part


def test_the_hint_box_says_the_reason_after_the_percentages() -> None:
    rules, state = _idle()
    params = {"best": 64, "second": 41, "reason": "ai.hint.reason.protect", "danger": 22}
    shown = Suggestion(_act(rules, state, "give_tactic"), 0.64, 0.41, "ai.hint.why", params)
    vi = _part("vi", shown).words()
    assert vi.index("64%") < vi.index("Lý do: nước này giữ an toàn") and "22%" in vi
    en = _part("en", shown).words()
    assert "Why: it keeps you safe" in en and "22%" in en


def test_the_hint_plays_through_a_near_tie_pass_as_the_level_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The hard level plays the knock-out (SHV-8.4) over an idle end of turn on a near
    # tie (guards.idle_pass); the hint shows that move, with the reason "use".
    rules, state = _idle()
    end, act = _act(rules, state, "end_turn"), _act(rules, state, "activate")
    result = SearchResult(end, [Choice(end, 30, 0.62, 0.60), Choice(act, 25, 0.61, 0.65)], 55, 0.1)
    monkeypatch.setattr(levels.SearchBot, "analyse", lambda *a: result)
    got = hints.hint(rules, state, 0, Rng(1), iterations=10)
    assert (got.action, got.second, got.reason) == (act, end, "use")
    assert got.sentence()[1]["reason"] == "ai.hint.reason.use"
