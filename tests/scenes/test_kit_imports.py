"""The kit stays game-agnostic (it may use game.core, game.i18n and the AI package,
never a game), and the ManaSurge table reads no phase of its game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TABLE = Path(__file__).resolve().parents[2] / "scenes" / "table"
KIT = sorted(p for p in TABLE.glob("*.py"))


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("path", KIT, ids=lambda p: p.name)
def test_kit_modules_import_no_game_package(path: Path) -> None:
    games = {
        m
        for m in imported(path)
        if m.startswith("game.") and m.split(".")[1] not in ("core", "i18n", "ai")
    }
    if path.name == "__init__.py":  # the table registry opens each game's own package
        games = set()
    assert games == set(), path.name


def test_the_manasurge_table_takes_its_input_mode_from_the_contract() -> None:
    modules = imported(TABLE / "manasurge" / "table.py")
    assert "game.manasurge.state" not in modules
    source = (TABLE / "manasurge" / "table.py").read_text(encoding="utf-8")
    assert "state.phase" not in source and "PHASE_" not in source
