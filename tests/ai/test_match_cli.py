"""``python -m game match`` (issue 10 item 6): seats rotated, wins per bot, draws,
decision times, the same result in one process or two, clear errors."""

from __future__ import annotations

import json

import pytest

from game.__main__ import main
from game.ai import matches


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(["match", *argv])
    except SystemExit as exc:  # argparse errors
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_match_reports_wins_draws_and_decision_times(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--game", "manasurge", "--bots", "greedy,random", "--games", "12", "--seed", "4"]
    code, out, _ = run(capsys, *argv, "--json")
    row = json.loads(out.strip().splitlines()[-1])
    assert code == 0 and row["games"] == 12 and row["players"] == 2
    assert sum(row["wins"].values()) + row["draws"] == 12
    for key in ("decision_ms_p50", "decision_ms_p95", "rate", "ci95"):
        assert set(row[key]) == {"greedy", "random"}
    assert row["decision_ms_p95"]["greedy"] >= row["decision_ms_p50"]["greedy"] > 0
    again = json.loads(run(capsys, *argv, "--json", "--jobs", "2")[1].strip().splitlines()[-1])
    assert again["wins"] == row["wins"] and again["draws"] == row["draws"]  # same games
    code, text, _ = run(capsys, *argv)
    assert code == 0 and "greedy: won" in text and "games/s" in text


def test_seats_rotate_so_each_bot_sits_first_equally() -> None:
    firsts = [matches.seat_bot(0, n, 2, 2) for n in range(10)]
    assert firsts.count(0) == firsts.count(1) == 5
    three = [[matches.seat_bot(s, n, 3, 3) for s in range(3)] for n in range(3)]
    assert all(sorted(seats) == [0, 1, 2] for seats in three)  # each bot one seat per game
    assert [seats[0] for seats in three] == [0, 2, 1]  # every bot takes seat 0 in turn


def test_the_better_bot_scores_more_over_a_seeded_match() -> None:
    spec = matches.MatchSpec("manasurge", ("greedy", "random"), 40, 7)
    row = matches.run(spec)
    assert row["rate"]["greedy"] > row["rate"]["random"]
    assert matches.run(spec)["wins"] == row["wins"]  # seeded: the same games again


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "chess"],
        ["--bots", "greedy"],
        ["--bots", "greedy,clever"],
        ["--game", "toy", "--bots", "greedy,random", "--players", "9"],
        ["--game", "toy", "--bots", "greedy,random", "--games", "0"],
        ["--game", "toy", "--bots", "greedy,random", "--mode", "nope"],
    ],
)
def test_bad_match_flags_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("error: ")


def test_progress_prints_a_line_per_game_matching_the_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--game", "manasurge", "--bots", "greedy,random", "--games", "6", "--seed", "4"]
    code, out, err = run(capsys, *argv, "--json", "--progress")
    row = json.loads(out.strip().splitlines()[-1])
    lines = err.strip().splitlines()
    assert code == 0 and len(lines) == 6
    assert lines[0].startswith("game 0 (seat 0: greedy)") and lines[1].startswith(
        "game 1 (seat 0: random)"
    )
    assert sum("won by greedy" in line for line in lines) == row["wins"]["greedy"]
    assert sum("draw" in line for line in lines) == row["draws"]
