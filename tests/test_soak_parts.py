"""tools/soak_parts.py: a long soak in resumable parts adds up to the one run (issue 13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import soak
from tools import soak_parts


def _run(folder: Path, *extra: str) -> int:
    return soak_parts.main(
        ["run", str(folder), "--game", "toy", "--games", "7", "--part", "3", "--jobs", "1",
         "--nice", "0", *extra]
    )  # fmt: skip


def test_parts_add_up_to_the_whole_run_and_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(tmp_path) == 0
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == [
        "toy-default-0000000.json",
        "toy-default-0000003.json",
        "toy-default-0000006.json",
    ]
    whole = soak.soak("toy", 7, 2026)
    summed = soak_parts.total(tmp_path, "toy", None, 7, 2026)
    assert summed["problems"] == []
    assert (summed["games"], summed["actions"], summed["failures"]) == (7, whole.actions, 0)
    assert summed["codes"] == [whole.code] and summed["parts"] == 3
    # run again: every part is there for this code, nothing is played or rewritten
    before = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    capsys.readouterr()
    assert _run(tmp_path) == 0
    assert capsys.readouterr().out == ""
    assert {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()} == before
    assert soak_parts.main(["sum", str(tmp_path), "--game", "toy", "--games", "7"]) == 0


def test_sum_names_gaps_other_codes_and_failures(tmp_path: Path) -> None:
    assert _run(tmp_path) == 0
    middle = tmp_path / "toy-default-0000003.json"
    data = json.loads(middle.read_text("utf-8"))
    middle.unlink()
    problems = soak_parts.total(tmp_path, "toy", None, 7, 2026)["problems"]
    assert problems == ["games 3–5 missing"]
    middle.write_text(
        json.dumps(data | {"code": "0" * 12, "failures": [{"problem": "x"}]}), "utf-8"
    )
    problems = soak_parts.total(tmp_path, "toy", None, 8, 2026)["problems"]
    assert "games from 3: 1 failures" in problems
    assert "games 7–7 not played yet" in problems
    assert any(p.startswith("more than one code") for p in problems)
    twice = tmp_path / "toy-default-0000002.json"
    twice.write_text(json.dumps(data | {"first": 2}), "utf-8")
    assert "games 2–2 in two parts" in soak_parts.total(tmp_path, "toy", None, 8, 2026)["problems"]
    twice.unlink()
    # a part of another code is never overwritten: the run stops and says so
    assert _run(tmp_path) == 2
    assert json.loads(middle.read_text("utf-8"))["code"] == "0" * 12


def test_sum_from_a_start_leaves_the_earlier_parts_out(tmp_path: Path) -> None:
    # a long run whose first games were summed in another folder (a machine that did not
    # keep them) is checked from its first game on; a gap after the start still counts
    assert _run(tmp_path) == 0
    whole = soak_parts.total(tmp_path, "toy", None, 7, 2026)
    (tmp_path / "toy-default-0000000.json").unlink()
    assert "games 0–2 missing" in soak_parts.total(tmp_path, "toy", None, 7, 2026)["problems"]
    later = soak_parts.total(tmp_path, "toy", None, 7, 2026, start=3)
    assert later["problems"] == [] and (later["start"], later["games"], later["parts"]) == (3, 4, 2)
    assert later["actions"] < whole["actions"]
    assert soak_parts.main(["sum", str(tmp_path), "--game", "toy", "--games", "7",
                            "--start", "3"]) == 0  # fmt: skip
    (tmp_path / "toy-default-0000006.json").unlink()
    problems = soak_parts.total(tmp_path, "toy", None, 7, 2026, start=3)["problems"]
    assert problems == ["games 6–6 not played yet"]
    for bad in ("-1", "7"):
        with pytest.raises(SystemExit) as exit_info:
            soak_parts.main(["sum", str(tmp_path), "--game", "toy", "--games", "7", "--start", bad])
        assert exit_info.value.code == 2


def test_unknown_game_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_info:
        soak_parts.main(["sum", str(tmp_path), "--game", "chess"])
    assert exit_info.value.code == 2


def test_sum_table_prints_one_ledger_row_a_part(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the rows of docs/RELIABILITY.md's part tables come from the part files themselves
    assert _run(tmp_path) == 0
    capsys.readouterr()
    assert soak_parts.main(["sum", str(tmp_path), "--game", "toy", "--games", "7", "--start", "3",
                            "--table"]) == 0  # fmt: skip
    lines = capsys.readouterr().out.splitlines()
    rows, summed = lines[:-1], json.loads(lines[-1])
    assert [r.split(" | ")[2] for r in rows] == ["3–5", "6–6"]
    data = json.loads((tmp_path / "toy-default-0000003.json").read_text("utf-8"))
    assert rows[0] == (
        f"| toy | 2026 | 3–5 | {data['code']} | {data['actions']:,} | **0** "
        f"| {data['commit']} | {round(data['cpu']):,} s |"
    )
    assert summed["parts"] == 2 and summed["problems"] == []
