"""``make bench`` (issue 15) keeps working: ``bench/all.py --quick`` runs every
benchmark at a tiny size and prints a figure in every row.  It checks the script,
never the machine's speed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_quick_bench_prints_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "rows.json"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "BANTHE_SAVE_DIR": str(tmp_path / "saves")}  # fmt: skip
    done = subprocess.run(
        [sys.executable, "bench/all.py", "--quick", "--no-peers", "--json", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    rows = json.loads(out.read_text())
    sections = {r["section"] for r in rows}
    assert sections == {"rules", "calls", "table", "start", "saves", "memory"}
    missing = [r["name"] for r in rows if r["value"] is None or r["value"] <= 0]
    assert missing == []
    names = " ".join(r["name"] for r in rows)
    for figure in ("Sử Hộ Vương 1v1", "3v3", "PvE 4p", "Thất Thánh Triệu Hồi", "ManaSurge 6p",
                   "clone", "view", "determinize", "legal_actions", "frame p99",
                   "start to first frame", "load with replay check", "file size"):  # fmt: skip
        assert figure in names, figure
    assert "MISSED" in done.stdout or "met" in done.stdout  # the goals are printed


def test_only_runs_the_sections_asked_for(tmp_path: Path) -> None:
    out = tmp_path / "rows.json"
    done = subprocess.run(
        [sys.executable, "bench/all.py", "--quick", "--no-peers", "--only", "memory",
         "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert {r["section"] for r in json.loads(out.read_text())} == {"memory"}
    bad = subprocess.run(
        [sys.executable, "bench/all.py", "--quick", "--only", "rules,nothing"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert bad.returncode == 2 and "--only takes sections among" in bad.stderr


def test_the_coop_draw_bench_prints_its_figure(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "BANTHE_SAVE_DIR": str(tmp_path / "saves")}  # fmt: skip
    for position in ("two", "crowd"):
        done = subprocess.run(
            [sys.executable, "bench/shv_coop_draw.py", "--position", position, "--runs", "1",
             "--draws", "2"],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.startswith(f"{position}: ") and " ms a draw" in done.stdout


def test_memory_resize_prints_its_figures(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "BANTHE_SAVE_DIR": str(tmp_path / "saves")}  # fmt: skip
    done = subprocess.run(
        [sys.executable, "bench/memory_resize.py", "--sizes", "2", "--frames", "1"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[-1].startswith("end: ") and " MB resident, caches hold " in lines[-1]
    assert "caches hold -1 MB" not in done.stdout


def test_rules_help_open_prints_its_figures(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "bench/rules_help_open.py", "--runs", "1", "--game", "shv"]
    done = subprocess.run(
        [*command, "--size", "800x600"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    figure = done.stdout.splitlines()[-1].split()
    assert figure[:2] == ["shv", "800x600"] and float(figure[2]) > 0 and figure[3] == "ms"
    wrong = subprocess.run(
        [*command, "--size", "big"], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert wrong.returncode == 2 and "--size 'big'" in wrong.stderr
