"""Option ``short_game`` (issue 11.30, MS-2.1): the game also ends at the end of
round SHORT_GAME_ROUNDS, or of the first round after it without a tie for the most
stones; the most stones win."""

from __future__ import annotations

import json
from pathlib import Path

from game import match_from_json, new_match
from game.cli import play_games
from game.manasurge.options import SHORT_GAME_ROUNDS, MSOptions, parse_options
from game.manasurge.state import PHASE_OVER
from tests.manasurge.ms_helpers import R, act, kinds, pos

ROOT = Path(__file__).resolve().parents[2]


def last_play(round_no: int, stones: list[int], short: bool = True):
    """Seat 1 plays the round's last valid spell; seat 2 is then stuck (hit)."""
    s = pos(
        players=3,
        round=round_no,
        stones=stones,
        options={"short_game": short},
        table=[{"card": "quake-4", "seat": 0}],
        turn=1,
        hands=[["blades-8"], ["frost-7", "blades-3"], ["blades-2", "quake-1"]],
    )
    return s, act(s, "play", 1, card="frost-7")


def test_a_clear_leader_wins_at_the_end_of_the_last_round():
    # MS-2.1 short game: round 10 ends, seat 2 alone has the most stones
    s, events = last_play(SHORT_GAME_ROUNDS, [0, 1, 9])
    assert s.phase == PHASE_OVER
    result = R.outcome(s)
    assert result.reason == "round_limit" and result.winners == (2,) and not result.draw
    assert "game_over" in kinds(events)


def test_before_the_last_round_and_without_the_option_play_goes_on():
    s, _ = last_play(SHORT_GAME_ROUNDS - 1, [0, 1, 9])
    assert s.phase != PHASE_OVER and s.round == SHORT_GAME_ROUNDS
    s, _ = last_play(SHORT_GAME_ROUNDS, [0, 1, 9], short=False)
    assert s.phase != PHASE_OVER and s.round == SHORT_GAME_ROUNDS + 1


def test_a_tie_for_the_most_stones_plays_on():
    # MS-2.2 in spirit: no shared win in a short game; the next round decides
    s, events = last_play(SHORT_GAME_ROUNDS, [0, 1, 2])
    scores = s.scores()
    assert scores.count(max(scores)) > 1  # the round left a tie for the most
    assert s.phase != PHASE_OVER and s.round == SHORT_GAME_ROUNDS + 1
    tied = [e for e in events if e.kind == "victory_tied"]
    assert len(tied) == 1 and tied[0].data["score"] == max(scores)


def test_short_games_last_about_ten_rounds_with_one_winner():
    short = play_games("manasurge", 4, 30, 7, ["random"], {"short_game": True})
    full = play_games("manasurge", 4, 30, 7, ["random"])
    assert short["draws"] == 0 and sum(short["wins"]) == 30
    assert short["rounds_per_game"]["median"] == SHORT_GAME_ROUNDS
    assert short["rounds_per_game"]["mean"] < SHORT_GAME_ROUNDS + 2
    assert full["rounds_per_game"]["mean"] > 2 * SHORT_GAME_ROUNDS - 4


def test_the_option_is_saved_only_when_on():
    # saves written before the option existed must still reproduce their snapshot
    assert "short_game" not in MSOptions().to_json()
    assert parse_options(MSOptions(short_game=True).to_json()).short_game is True
    config = R.info.default_config(None, 3)
    config["options"]["short_game"] = True
    match = new_match("manasurge", config, 4)
    assert match.snapshot()["options"]["short_game"] is True
    again = match_from_json(json.loads(json.dumps(match.to_json())))
    assert again.state.opts.short_game is True  # type: ignore[attr-defined]


def test_labels_and_descriptions_name_the_round():
    for lang in ("vi", "en"):
        labels = json.loads((ROOT / f"assets/i18n/{lang}/manasurge.json").read_text("utf-8"))
        rules = json.loads((ROOT / f"assets/i18n/{lang}/rules.json").read_text("utf-8"))
        assert str(SHORT_GAME_ROUNDS) in labels["option"]["short_game"]
        assert not rules["manasurge"]["options"]["short_game"].startswith("MS-")  # no rule ID
        assert str(SHORT_GAME_ROUNDS) in rules["manasurge"]["options"]["short_game"]
