"""Hostile save files of every registered game and mode (issue 13.13): the
kinds that depend on the game — a log entry changed (unknown kind, bool seat,
a seat beyond the table, another seat's turn), the snapshot changed, a
hostile seat name, a player count the mode does not take, a cut file — built
from a real save of each game (``game.ids(include_hidden=True)``, so a game
added later is covered without a change here).  Each is refused with the same
reason by the game (``store.load_match``), the save browser (``list_saves``)
and ``python -m game replay``, in one line, and the folder is byte-for-byte
unchanged.  ``test_hostile_files.py`` has the 56 game-independent kinds."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import game
from game.core.match import Match
from game.core.rng import Rng
from saves import format as fmt
from saves import store
from saves.format import SaveError
from tests.saves.test_hostile_files import _folder_print, _one_line, _replay_cli

Doc = dict[str, Any]
Edit = Callable[[Doc], Any]


def _games() -> list[Any]:
    return [
        pytest.param(g, m.id, id=f"{g}-{m.id}")
        for g in game.ids(include_hidden=True)
        for m in game.info(g).modes
    ]


def _good(game_id: str, mode: str) -> Doc:
    rules = game.get(game_id)
    players = max(rules.info.mode(mode).player_counts)
    match = Match(game_id, rules.info.default_config(mode, players), 424242, rules)
    rng = Rng(7)
    for _ in range(20):
        if match.to_move is None:
            break
        match.apply(rng.choice(match.legal_actions()))
    assert len(match.log) >= 3
    return fmt.encode(match, "slot", "Ván thử")


def _entry(index: int, change: Callable[[Doc, Doc], Any]) -> Edit:
    def edit(doc: Doc) -> None:
        change(doc["log"][index], doc)

    return edit


def _players(doc: Doc) -> int:
    return len(doc["config"]["seats"])


def _snapshot_key(doc: Doc) -> None:
    """The snapshot's first list or dict field becomes a number."""
    snap = doc["snapshot"]
    key = next(k for k, v in snap.items() if isinstance(v, list | dict) and v)
    snap[key] = 7


# (case, edit of the good document, accepted reason keys)
CASES: list[tuple[str, Edit, set[str]]] = [
    ("unknown action kind", _entry(0, lambda e, d: e.update(kind="teleport")), {"replay"}),
    ("seat as bool", _entry(0, lambda e, d: e.update(seat=True)), {"bad_action"}),
    ("seat beyond the table", _entry(0, lambda e, d: e.update(seat=99)), {"replay"}),
    ("negative seat", _entry(1, lambda e, d: e.update(seat=-1)), {"bad_action"}),
    (
        "another seat's turn",
        _entry(0, lambda e, d: e.update(seat=(e["seat"] + 1) % max(2, _players(d)))),
        {"replay"},
    ),
    ("garbage field in an action", _entry(2, lambda e, d: e.update(zzz=[1, 2])), {"replay"}),
    ("snapshot field of a wrong type", _snapshot_key, {"snapshot", "bad_field"}),
    ("snapshot missing", lambda d: d.pop("snapshot"), {"missing_field", "bad_field"}),
    ("nul in a seat name", lambda d: d["config"]["seats"][0].update(name="A\x00"), {"bad_name"}),
    (
        "lone surrogate in a seat name",
        lambda d: d["config"]["seats"][0].update(name="V\ud800n"),
        {"bad_name"},
    ),
    ("60 players", lambda d: d["config"].update(players=60), {"bad_config"}),
    ("unknown mode", lambda d: d["config"].update(mode="zzz"), {"bad_config"}),
    ("seed as bool", lambda d: d.update(seed=True), {"bad_field"}),
]


def _write(path: Path, doc: Doc) -> None:
    path.write_bytes(json.dumps(doc).encode("ascii"))  # a lone surrogate written as \ud800


def _verdict(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SaveError) as err:
        store.load_match(path)
    error = err.value
    for lang in ("vi", "en"):
        _one_line(error.message(lang))
    [info] = store.list_saves()
    assert info.error is not None and info.error.key == error.key
    assert store.describe(info, "vi") == error.message("vi")
    code, line = _replay_cli(path, capsys)
    _one_line(line)
    assert code in (1, 2) and error.message("en") in line, line
    return error.key.removeprefix("saves.error.")


@pytest.mark.parametrize(("game_id", "mode"), _games())
def test_hostile_saves_of_every_game(
    save_folder: Path, capsys: pytest.CaptureFixture[str], game_id: str, mode: str
) -> None:
    good = _good(game_id, mode)
    path = save_folder / "slot-hostile.json"
    _write(path, good)
    assert store.load_match(path).game_id == game_id  # the good save loads
    for case, edit, keys in CASES:
        doc = copy.deepcopy(good)
        edit(doc)
        _write(path, doc)
        before = _folder_print(save_folder)
        key = _verdict(path, capsys)
        assert key in keys, (case, key)
        assert _folder_print(save_folder) == before, case
    raw = path.read_bytes()
    for case, cut, keys in (
        ("truncated", raw[: len(raw) // 2], {"truncated"}),
        ("not utf-8", raw[:40] + b"\xff\xfe" + raw[42:], {"not_utf8", "not_json"}),
    ):
        path.write_bytes(cut)
        before = _folder_print(save_folder)
        assert _verdict(path, capsys) in keys, case
        assert _folder_print(save_folder) == before, case
