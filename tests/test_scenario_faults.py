"""``python -m game scenario`` refuses a position the rules could never reach
(issue 13 item 4): after ``from_scenario`` the game's own invariants
(``Rules.invariants``) must hold, as well as the turn checks (the seat to move
has a legal action) and the save round trip.  Exit 2, one ``error:`` line
naming the broken invariant, nothing on stdout."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from game.__main__ import main

ROOT = Path(__file__).resolve().parent
GI = json.loads((ROOT / "invokation" / "scenarios" / "swirl_splash.json").read_text("utf-8"))
MS = json.loads((ROOT / "scenarios" / "manasurge" / "gold_change.json").read_text("utf-8"))


def _run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], doc: dict[str, Any]
) -> tuple[int, str, str]:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(doc), "utf-8")
    code = main(["scenario", str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err


def _gi(change: Any) -> dict[str, Any]:
    position = copy.deepcopy(GI)
    change(position)
    return {"game": "invokation", "position": position}


def _character(seat: int, index: int, **fields: Any) -> Any:
    def change(position: dict[str, Any]) -> None:
        chars = position["players"][seat]["characters"]
        entry = chars[index] if isinstance(chars[index], dict) else {"card": chars[index]}
        entry.update(fields)
        chars[index] = entry

    return change


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        (_gi(_character(1, 2, hp=999)), "hp 999/10"),
        (_gi(_character(1, 2, hp=-5)), "hp -5/10"),
        (_gi(_character(0, 0, energy=-2)), "energy -2/"),
        (_gi(lambda p: p["players"][0].update(dice={"omni": 500})), "500 dice"),
    ],
    ids=["hp over max", "negative hp", "negative energy", "500 dice"],
)
def test_a_position_breaking_an_invariant_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], doc: dict[str, Any], words: str
) -> None:
    code, out, err = _run(tmp_path, capsys, doc)
    assert code == 2 and out == ""
    assert err.startswith("error: unreachable scenario position: ") and words in err
    assert len(err.strip().splitlines()) == 1


def test_reachable_positions_still_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for doc in ({"game": "invokation", "position": GI}, MS):
        code, out, err = _run(tmp_path, capsys, doc)
        assert code == 0 and err == "" and out, (doc["game"], err)
