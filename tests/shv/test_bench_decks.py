"""``bench/shv_decks.py`` (the PvP deck matrix of docs/BALANCE.md) keeps working: a
tiny run prints the table and each deck's share, and an unknown deck is refused
with the known ones named.  It checks the script, never a balance figure."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import shv_decks


def test_a_tiny_matrix_prints_every_cell_and_share(capsys: pytest.CaptureFixture[str]) -> None:
    assert shv_decks.main(["--decks", "lua_rung,nui_tan", "--games", "2", "-j", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out if line.startswith("| lua_rung") or line.startswith("| nui_tan")]
    assert len(rows) == 2 and all(line.count("%") == 2 for line in rows)
    shares = [line for line in out if line.startswith("- ")]
    assert [s.split(":")[0] for s in shares] == ["- lua_rung", "- nui_tan"]
    assert all("of 8 seat-games won" in s for s in shares)  # 4 cells x 2 games, both seats


def test_a_cell_is_the_simulate_command_with_two_decks() -> None:
    cell = shv_decks.play_cell(("nui_tan", "lua_rung", 3, 7, "greedy"))
    assert cell["seat0_wins"] + cell["seat1_wins"] + cell["unfinished"] == 3
    assert cell["seat0"] == "nui_tan" and cell["median_rounds"] > 0


def test_an_unknown_deck_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        shv_decks.main(["--decks", "lua_rung,no_such_deck", "--games", "1"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "no_such_deck" in err and "lua_rung" in err and "dat_viet" in err
