"""The debug flag ``--game ID [--players N] [--seats LIST]``: a new game of any game
with a table (hidden test games included) straight at the table; exit 2 with a
clear message for an unknown game or one without a table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import game
import main
from game import new_match
from scenes.app import App
from scenes.table import registry
from scenes.table.manasurge import ManaSurgeTable
from scenes.table.registry import TableEntry

from . import fake_team_game
from .test_shell_router import Marker

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The first scene ``main.main`` would run (the window loop is not started)."""
    first: list[Any] = []

    def fake_run(self: App, scene: Any, frames: int | None = None) -> int:
        first.append(scene)
        return 0

    monkeypatch.setattr(App, "run", fake_run)
    return first


def test_manasurge_at_the_table_with_the_seats_asked(opened: list[Any]) -> None:
    argv = ["--game", "manasurge", "--players", "3", "--seats", "human,ai,ai:random"]
    assert main.main([*argv, "--seed", "77", "--lang", "en"]) == 0
    (table,) = opened
    assert isinstance(table, ManaSurgeTable)
    match = table.match
    assert match.game_id == "manasurge" and match.seed == 77 and len(match.seats) == 3
    assert [(s.control, s.bot) for s in match.seats] == [
        ("human", "greedy"),
        ("ai", "greedy"),
        ("ai", "random"),
    ]
    assert [s.name for s in match.seats] == ["An", "Bình", "Châu"]  # ui.seats.default_names
    assert match.log == []  # a new game


def test_defaults_fewest_players_first_seat_human(opened: list[Any]) -> None:
    assert main.main(["--game", "manasurge"]) == 0
    match = opened[0].match
    fewest = game.info("manasurge").modes[0].player_counts[0]
    assert len(match.seats) == fewest
    assert [s.control for s in match.seats] == ["human"] + ["ai"] * (fewest - 1)
    assert main.main(["--game", "manasurge", "--seats", "ai,ai,ai,ai"]) == 0
    assert [s.control for s in opened[1].match.seats] == ["ai"] * 4


def test_hidden_game_opens_at_its_table(opened: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """A game with rules left out of game.ids() and a table: not listed, but --game opens it."""
    real_get = game.get

    def get(game_id: str) -> Any:
        return fake_team_game.RULES if game_id == "hidden" else real_get(game_id)

    monkeypatch.setattr(game, "get", get)
    monkeypatch.setattr(game, "info", lambda game_id: get(game_id).info)
    monkeypatch.setattr(
        registry, "TABLES", (*registry.TABLES, TableEntry("hidden", f"{Marker.__module__}:Marker"))
    )
    assert "hidden" not in game.ids() and "hidden" not in registry.playable()
    assert main.main(["--game", "hidden", "--players", "2", "--seats", "human,human"]) == 0
    (scene,) = opened
    assert isinstance(scene, Marker)
    (match,) = scene.args
    assert match.game_id == "hidden" and [s.control for s in match.seats] == ["human"] * 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "nope"], "--game: unknown game 'nope' (games with a table: manasurge"),
        (["--game", "manasurge", "--players", "9"], "takes (2, 3, 4, 5, 6) players"),
        (["--game", "manasurge", "--players", "3", "--seats", "ai,ai"], "lists 2 seats but"),
        (["--game", "manasurge", "--seats", "human,robot"], "each seat is human, ai or ai:BOT"),
        (["--game", "manasurge", "--seats", "ai:nobody"], "got 'ai:nobody'"),
        (["--players", "2"], "--players and --seats go with --game"),
        (["--game", "manasurge", "--load", "x.json"], "cannot be combined with --load"),
    ],
)
def test_bad_game_flags_exit_2(
    argv: list[str], message: str, opened: list[Any], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main.main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err, err
    assert opened == []


def test_game_with_rules_but_no_table_exits_2(
    opened: list[Any], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(
        game, "info", lambda gid: fake_team_game.RULES.info if gid == "teams" else None
    )
    with pytest.raises(SystemExit) as exc:
        main.main(["--game", "teams"])
    assert exc.value.code == 2
    assert "--game: 'teams' has no table yet" in capsys.readouterr().err


def test_game_flag_runs_the_real_window(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["BANTHE_SAVE_DIR"] = str(tmp_path)
    argv = ["--game", "manasurge", "--players", "2", "--seats", "ai,ai", "--frames", "20"]
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


def test_load_of_a_game_without_a_table_exits_2(
    opened: list[Any], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from saves import store

    monkeypatch.setitem(game._MODULES, fake_team_game.GAME_ID, fake_team_game.__name__)
    monkeypatch.setitem(game._cache, fake_team_game.GAME_ID, fake_team_game.RULES)
    config = fake_team_game.RULES.info.default_config(None, 2)
    path = store.save_match(new_match(fake_team_game.GAME_ID, config, 3), "teams")
    assert main.main(["--load", str(path)]) == 2
    assert f"the game {fake_team_game.GAME_ID!r} has no table yet" in capsys.readouterr().err
    assert opened == []
