"""``LEVEL@N`` bot names (a search level pinned to N iterations, no clock) work
wherever a bot is named: simulate and soak take them, a bad one is refused."""

from __future__ import annotations

import json

import pytest

from game.__main__ import main
from game.ai import bots


def test_pinned_levels_are_known_bots() -> None:
    assert bots.known("hard@5") and bots.known("normal@1") and bots.known("greedy")
    assert not bots.known("hard@0") and not bots.known("hard@x") and not bots.known("god@5")
    assert type(bots.make("hard@5")).__name__ == "SearchBot"
    with pytest.raises(KeyError):
        bots.make("hard@x")


def test_simulate_plays_a_pinned_level_the_same_way_twice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--game", "manasurge", "--players", "2", "--games", "1",
            "--bots", "hard@8,greedy", "--seed", "3", "--json"]  # fmt: skip
    runs = []
    for _ in range(2):
        assert main(args) == 0
        out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        runs.append((out["actions"], out["wins"]))
    assert runs[0] == runs[1]
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--game", "manasurge", "--bots", "hard@x"])
    assert exc.value.code == 2
