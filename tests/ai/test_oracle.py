"""``oracle@N`` (``game.ai.oracle``): the measuring bot that searches the true state.
Only ``python -m game match`` knows it; no seat can be given it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import game
from game.__main__ import main
from game.ai import bots, levels, oracle
from game.core.contract import HIDDEN
from game.core.rng import Rng

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "manasurge"


def _dealt_views(bot: Any, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    # MS-5.1: seat 1 must beat the 4 on the ladder with the 4 or the 7.
    rules = game.get("manasurge")
    data = json.loads((SCENARIOS / "reverse_two_players.json").read_text("utf-8"))
    state = rules.from_scenario(data["position"])
    seen: list[Any] = []
    real = type(rules).determinize

    def spy(self: Any, view: Any, seat: int, rng: Rng) -> Any:
        seen.append(view)
        return real(self, view, seat, rng)

    monkeypatch.setattr(type(rules), "determinize", spy)
    bot.choose(rules, state, 1, Rng(1))
    assert seen
    return [(v.hands[0], state.hands[0]) for v in seen]


def test_the_oracle_searches_the_other_hands_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    for dealt, true in _dealt_views(oracle.parse("oracle@20"), monkeypatch):
        assert dealt == true


def test_the_hard_level_searches_them_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    for dealt, _true in _dealt_views(levels.make("hard", 20), monkeypatch):
        assert dealt == [HIDDEN] * len(dealt)


def test_no_seat_can_be_given_the_oracle() -> None:
    assert oracle.known("oracle@5") and not bots.known("oracle@5")
    assert not oracle.known("oracle@0") and not oracle.known("oracle@x")
    with pytest.raises(KeyError):
        bots.make("oracle@5")


def test_the_match_plays_the_oracle(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--game", "manasurge", "--bots", "oracle@5,random", "--games", "2"]
    assert main([*argv, "--json"]) == 0
    row = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert row["bots"] == ["oracle@5", "random"] and row["games"] == 2
    assert main(["match", "--bots", "oracle@0,random"]) != 0
    assert "oracle@N" in capsys.readouterr().err
