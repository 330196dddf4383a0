"""Issue 39 item 2, "normal plays like a person": passive turns are counted and
reported by ``python -m game match``; a search level does not pass idly when a
move it found about as good does something; the easy level's slips are never
absurd (a move that loses at once while another does not)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import game
from game.__main__ import main
from game.ai import bots, guards, levels
from game.ai.mcts import Choice, SearchResult
from game.ai.passive import Tracker
from game.core.contract import Action
from game.core.rng import Rng

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "shv"


def _scenario(name: str) -> tuple[Any, Any]:
    rules = game.get("shv")
    data = json.loads((SCENARIOS / name).read_text("utf-8"))
    return rules, rules.from_scenario(data["position"])


def _kind(rules: Any, state: Any, kind: str, skill: str | None = None) -> Action:
    return next(
        a
        for a in rules.legal_actions(state)
        if a.kind == kind and (skill is None or a.get("skill") == skill)
    )


def test_ending_a_turn_with_a_useful_play_in_hand_is_a_passive_turn() -> None:
    # SHV-7.2 / SHV-8.4: Lửa Ma knocks out the Âu Cơ at 1 HP; ending at once is passive.
    rules, state = _scenario("ai_idle_turn.json")
    tracker = Tracker(rules, 2)
    end = _kind(rules, state, "end_turn")
    tracker.before(state, end)
    assert (tracker.counts[0].turns, tracker.counts[0].passive) == (1, 1)


def test_ending_a_turn_after_playing_is_not_passive() -> None:
    rules, state = _scenario("ai_idle_turn.json")
    tracker = Tracker(rules, 2)
    for kind in ("activate", "end_turn"):
        action = _kind(rules, state, kind)
        tracker.before(state, action)
        rules.apply(state, action)
    assert (tracker.counts[0].turns, tracker.counts[0].passive) == (1, 0)


def test_the_match_reports_passive_turns_per_bot(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--game", "shv", "--bots", "greedy,random", "--games", "2", "--seed", "3"]
    assert main([*argv, "--json"]) == 0
    row = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for name in ("greedy", "random"):
        counts = row["passive"][name]
        assert counts["turns"] > 0 and 0 <= counts["passive"] <= counts["turns"]
        assert counts["rate"] == round(counts["passive"] / counts["turns"], 4)
        assert {"offers", "used", "passed_useful", "per_game"} <= set(counts)
    assert main(argv) == 0
    assert "passive turns" in capsys.readouterr().out


def _result(rules: Any, state: Any, end_value: float, act_value: float) -> SearchResult:
    end, act = _kind(rules, state, "end_turn"), _kind(rules, state, "activate")
    choices = [Choice(end, 30, end_value, 0.60), Choice(act, 25, act_value, 0.65)]
    return SearchResult(end, choices, 55, 0.1)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_search_level_plays_rather_than_pass_on_a_near_tie(
    level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The search's values differ by less than its noise: the move that acts is played.
    rules, state = _scenario("ai_idle_turn.json")
    bot = levels.make(level, 10)
    assert isinstance(bot, levels.SearchBot)
    monkeypatch.setattr(bot, "analyse", lambda *a: _result(rules, state, 0.62, 0.61))
    assert bot.choose(rules, state, 0, Rng(1)).kind == "activate"


def test_a_pass_the_search_is_sure_of_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    # hard: the guard alone (normal may also draw the other move by its visits)
    rules, state = _scenario("ai_idle_turn.json")
    bot = levels.make("hard", 10)
    assert isinstance(bot, levels.SearchBot)
    monkeypatch.setattr(bot, "analyse", lambda *a: _result(rules, state, 0.70, 0.50))
    assert bot.choose(rules, state, 0, Rng(1)).kind == "end_turn"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_search_levels_do_not_end_the_turn_idly_in_the_scenario(level: str) -> None:
    # SHV-7.2 / SHV-8.4: ending at once leaves Lửa Ma's knock-out unplayed. Normal may
    # play a close second (levels.NORMAL_SAMPLE); hard plays the search's best.
    rules, state = _scenario("ai_idle_turn.json")
    for seed in range(6):
        kind = levels.make(level, 60).choose(rules, rules.clone(state), 0, Rng(seed)).kind
        assert kind != "end_turn"
        assert level == "normal" or kind == "activate"


def test_easy_slips_never_lose_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # SHV-3.2b: Nhặt Thóc draws from an empty deck and seat 0 is out at once.
    rules, state = _scenario("ai_absurd_slip.json")
    losing = _kind(rules, state, "activate", "nhat_thoc")
    after = rules.clone(state)
    rules.apply(after, losing)
    assert (result := rules.outcome(after)) is not None and 0 not in result.winners
    monkeypatch.setattr(levels, "EASY_SLIP", 1.0)  # every move a slip
    bot = levels.make("easy")
    picks = {bot.choose(rules, rules.clone(state), 0, Rng(seed)) for seed in range(40)}
    assert losing not in picks
    assert len(picks) > 1  # the slips stay slips: more than one move is played


def test_sane_keeps_every_move_when_all_of_them_lose() -> None:
    rules, state = _scenario("ai_absurd_slip.json")
    losing = [_kind(rules, state, "activate", "nhat_thoc")]
    kept, scores = guards.sane(rules, state, losing, 0)
    assert kept == losing and len(scores) == 1


def _offer() -> tuple[Any, Any]:
    """``ai_reaction_saves.json`` after Lửa Ma on the Lý Thường Kiệt at 1 HP: seat 1 is
    offered Giữ Thành (CHEN NGANG, Block 1, SHV-8.3)."""
    rules, state = _scenario("ai_reaction_saves.json")
    rules.apply(state, _kind(rules, state, "activate", "lua_ma"))
    assert rules.to_move(state) == 1 and rules.prompt(state).kind == "respond"
    return rules, state


@pytest.mark.parametrize("level", ["normal@60", "hard@60"])
def test_a_reaction_that_saves_the_last_guardian_is_used(level: str) -> None:
    # SHV-8.3 Block 1 keeps the Lý Thường Kiệt (SHV-8.4) and seat 1 shielded (SHV-8.6).
    rules, state = _offer()
    for seed in range(3):
        assert levels.parse(level).choose(rules, rules.clone(state), 1, Rng(seed)).kind == (
            "interrupt"
        )


def test_a_search_level_answers_an_offer_on_a_near_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    rules, state = _offer()
    answer, decline = _kind(rules, state, "interrupt"), _kind(rules, state, "pass")
    choices = [Choice(decline, 30, 0.40, 0.05), Choice(answer, 20, 0.39, 0.14)]
    bot = levels.make("normal", 10)
    assert isinstance(bot, levels.SearchBot)
    monkeypatch.setattr(bot, "analyse", lambda *a: SearchResult(decline, choices, 50, 0.1))
    assert bot.choose(rules, state, 1, Rng(1)) == answer
    tracker = Tracker(rules, 2)
    tracker.before(state, decline)  # declined with a use: counted
    assert (tracker.counts[1].offers, tracker.counts[1].used, tracker.counts[1].passed_useful) == (
        1,
        0,
        1,
    )


def test_tiny_duels_take_is_a_declined_offer() -> None:
    rules = game.get("toy")
    state = rules.setup(rules.info.default_config(None, 2), 1)
    anyone, rng = bots.make("random"), Rng(1)
    while (prompt := rules.prompt(state)) is not None and prompt.kind != "respond":
        seat = rules.to_move(state)
        assert seat is not None
        rules.apply(state, anyone.choose(rules, state, seat, rng))
    seat = rules.to_move(state)
    assert seat is not None
    tracker = Tracker(rules, 2)
    tracker.before(state, Action.make("take", seat))
    assert (tracker.counts[seat].offers, tracker.counts[seat].used) == (1, 0)
