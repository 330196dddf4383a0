"""Issue 39 item 5's benches keep working: ``bench/rules_goals.py --quick`` prints both
figures for this checkout and another one, ``bench/ms_budget.py`` its split.  They check
the scripts, never the machine's speed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_rules_goals_prints_both_figures_beside_another_checkout() -> None:
    done = subprocess.run(
        [sys.executable, "bench/rules_goals.py", "--quick", "--runs", "1", "--no-peer",
         "--beside", str(ROOT)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    for label in ("Sử Hộ Vương 1v1", "ManaSurge 4p"):
        for side in ("this", "beside"):
            line = re.search(rf"{label}\s+{side}.*median\s+([\d,.]+) games/s", done.stdout)
            assert line is not None, (label, side, done.stdout)
            assert float(line.group(1).replace(",", "")) > 0


def test_ms_budget_splits_a_game() -> None:
    done = subprocess.run(
        [sys.executable, "bench/ms_budget.py", "--games", "5"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    for part in ("whole game", "shuffles", "bot, Rng.choice, loop", "rules core's own"):
        assert part in done.stdout, part
