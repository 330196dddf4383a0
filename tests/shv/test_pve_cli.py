"""The command line's ``--boss`` flag (issue 8 Build 6): ``python -m game simulate
--game shv --mode pve --boss ID --players N`` and the same for ``soak``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.cli import main

SIM = ["simulate", "--game", "shv", "--players", "1", "--games", "2", "--bots", "greedy"]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main([*SIM, *args, "--json"]) == 0
    result: dict[str, Any] = json.loads(capsys.readouterr().out.splitlines()[-1])
    for key in ("seconds", "games_per_s", "actions_per_s"):
        result.pop(key)
    return result


def test_boss_flag_is_the_boss_option(capsys: pytest.CaptureFixture[str]) -> None:
    by_flag = _run(capsys, "--mode", "pve", "--boss", "moc_tinh")
    by_option = _run(capsys, "--mode", "pve", "--option", "boss=moc_tinh")
    without_mode = _run(capsys, "--boss", "moc_tinh")  # the mode with bosses is meant
    other = _run(capsys, "--mode", "pve", "--boss", "ngu_tinh")
    assert by_flag == by_option == without_mode
    assert by_flag["mode"] == "pve"
    assert by_flag != other  # the flag really picks the boss


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mode", "pve", "--boss", "nobody"], "unknown boss 'nobody'; known: ngu_tinh"),
        (["--mode", "versus", "--boss", "ngu_tinh"], "shv has no bosses in mode versus"),
        (["--boss", "ngu_tinh", "--option", "boss=moc_tinh"], "disagree"),
    ],
)
def test_boss_flag_refusals(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit):
        main([*SIM, *args])
    assert message in capsys.readouterr().err


def test_boss_flag_on_a_game_without_bosses(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--game", "manasurge", "--boss", "ngu_tinh"])
    assert "manasurge has no bosses in any mode" in capsys.readouterr().err
    assert main(["soak", "--game", "manasurge", "--boss", "ngu_tinh", "--games", "1"]) == 2
    assert "manasurge has no bosses" in capsys.readouterr().err


def test_soak_takes_the_boss_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["soak", "--game", "shv", "--boss", "ho_tinh_cuu_vi", "--games", "1"]) == 0
    assert "0 failures" in capsys.readouterr().out
    assert main(["soak", "--game", "shv", "--boss", "nobody", "--games", "1"]) == 2
    assert "known: ngu_tinh, ho_tinh_cuu_vi, moc_tinh" in capsys.readouterr().err
