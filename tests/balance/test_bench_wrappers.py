"""The bench scripts whose jobs moved into the balance lab stay thin wrappers over it
(issue 36 item 1): ``bench/balance_pve.py`` prints its table from the lab's boss cells,
and reads a variant boss file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import balance_pve


def test_balance_pve_prints_a_row_per_boss(capsys: pytest.CaptureFixture[str]) -> None:
    assert balance_pve.main(["--boss", "ngu_tinh", "--players", "1", "--games", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2].startswith("| ngu_tinh | ") and "/2)" in out[2]


def test_balance_pve_plays_a_variant_boss_file(tmp_path: Path) -> None:
    import assets

    data = json.loads(assets.path("games", "shv", "bosses.json").read_text(encoding="utf-8"))
    data["cards"]["ngu_tinh"]["hp"]["1"] = 1  # a solo Ngư Tinh of 1 HP falls at once
    variant = tmp_path / "bosses.json"
    variant.write_text(json.dumps(data), encoding="utf-8")
    shipped = balance_pve.play_cell("ngu_tinh", 1, 6, 1)
    changed = balance_pve.play_cell("ngu_tinh", 1, 6, 1, path=str(variant))
    assert changed["wins"] > shipped["wins"], (shipped, changed)
