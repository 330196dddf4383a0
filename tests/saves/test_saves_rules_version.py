"""Saves record the rules version and content hash (issue 6 item 12).

A save whose game no longer replays because the rules or the cards changed
says exactly that (vi/en) in the save browser, in ``main.py --load`` and in
``python -m game replay``, and the file is never modified.  A save from before
the fields existed still loads.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from saves_tiny_game import TinyRules

import main as app_main
from game import match_from_json, new_match
from game.core.match import Match
from game.manasurge.rules import ManaSurgeRules
from saves import cli as saves_cli
from saves import format as fmt
from saves import store
from scenes.saveload import SaveLoadScene, SlotRow
from tests.shell.driver import Driver

MakeMatch = Callable[..., Match]


def _write(folder: Path, name: str, doc: dict[str, Any]) -> Path:
    path = folder / f"slot-{name}.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def _ms_match(actions: int = 30) -> Match:
    config = {"mode": "ffa", "players": 3, "seats": [{"name": "An"}, {"name": "Bình"}, {}]}
    match = new_match("manasurge", config, 11)
    for _ in range(actions):
        legal = match.legal_actions()
        if not legal:
            break
        match.apply(legal[len(match.log) % len(legal)])
    return match


def _broken_log(doc: dict[str, Any]) -> dict[str, Any]:
    """The same save with its first two actions swapped: seat order makes the
    second one illegal at step 1, so the log no longer replays."""
    log = list(doc["log"])
    log[0], log[1] = log[1], log[0]
    return dict(doc, log=log)


def _verdicts(path: Path) -> tuple[fmt.SaveError, fmt.SaveError, tuple[int, str]]:
    """(the browser's error, the game's error, the command's answer) for ``path``."""
    store._verified.clear()
    listed = store.read_info(path).error
    assert listed is not None
    with pytest.raises(fmt.SaveError) as loaded:
        store.load_match(path)
    return listed, loaded.value, saves_cli.replay(path)


def test_a_save_records_the_rules_version_and_content_hash(save_folder: Path) -> None:
    match = _ms_match(10)
    path = store.save_match(match, "ván")
    doc = json.loads(path.read_text("utf-8"))
    rules = ManaSurgeRules()
    assert doc["rules_version"] == rules.version == ManaSurgeRules.version != ""
    assert doc["content_hash"] == rules.content_hash() and len(doc["content_hash"]) == 64
    assert store.load_match(path).log == match.log


def test_rules_and_cards_changed_since_the_save(
    tiny_match: MakeMatch, tiny_game: TinyRules, save_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real case: the save was made, then the rules and the card set changed
    so that its log no longer replays (the deal is different now)."""
    path = store.save_match(tiny_match(steps=8), "trước")
    before = path.read_bytes()
    assert json.loads(before)["rules_version"] == "tiny-1"
    original_setup = TinyRules.setup
    monkeypatch.setattr(tiny_game, "version", "tiny-2")
    monkeypatch.setattr(tiny_game, "content_hash", lambda: "new cards")
    monkeypatch.setattr(
        tiny_game, "setup", lambda config, seed: original_setup(tiny_game, config, seed + 1)
    )
    listed, loaded, (code, line) = _verdicts(path)
    assert listed.key == loaded.key == "saves.error.stale_both"
    assert loaded.message("en").startswith(
        "This save was made with rules version tiny-1 (now tiny-2) and a different card set, "
        "so it no longer replays:"
    )
    assert loaded.message("vi").startswith(
        "Bản lưu này được tạo với luật phiên bản tiny-1 (nay là tiny-2) và một bộ lá bài khác"
    )
    assert code == saves_cli.NOT_REPRODUCED and line == f"NOT REPRODUCED: {loaded.message('en')}"
    with pytest.raises(ValueError, match=r"^saved with rules version 'tiny-1'"):
        match_from_json(json.loads(before))  # the core's verdict agrees
    assert path.read_bytes() == before  # never modified


@pytest.mark.parametrize(
    ("edit", "key", "en"),
    [
        (
            {"content_hash": "0" * 64},
            "saves.error.stale_cards",
            "This save was made with a different card set, so it no longer replays: "
            "action 1 of 30 is no longer legal.",
        ),
        (
            {"rules_version": "0"},
            "saves.error.stale_version",
            f"This save was made with rules version 0 (now {ManaSurgeRules.version}), so it "
            "no longer replays: action 1 of 30 is no longer legal.",
        ),
        (
            {"rules_version": "0", "content_hash": "x"},
            "saves.error.stale_both",
            f"This save was made with rules version 0 (now {ManaSurgeRules.version}) and a "
            "different card set, so it no longer replays: action 1 of 30 is no longer legal.",
        ),
    ],
)
def test_an_edited_hash_or_version_in_a_save_that_no_longer_replays(
    save_folder: Path, edit: dict[str, str], key: str, en: str
) -> None:
    doc = _broken_log(fmt.encode(_ms_match(30), "slot", "cũ"))
    path = _write(save_folder, "cu", dict(doc, **edit))
    before = path.read_bytes()
    listed, loaded, (code, line) = _verdicts(path)
    assert listed.key == loaded.key == key
    assert loaded.message("en").startswith(en)
    assert "Tệp được giữ nguyên" in loaded.message("vi")
    assert code == 1 and line.startswith("NOT REPRODUCED: " + en)
    reason = app_main.load_match(path, "en")  # main.py --load
    assert isinstance(reason, str) and loaded.message("en") in reason
    assert path.read_bytes() == before


def test_a_changed_snapshot_with_another_card_set_says_so(save_folder: Path) -> None:
    doc = fmt.encode(_ms_match(12), "slot", "x")
    doc = dict(doc, content_hash="old", snapshot=dict(doc["snapshot"], round=99))
    listed, loaded, (code, _) = _verdicts(_write(save_folder, "snap", doc))
    assert listed.key == loaded.key == "saves.error.stale_cards" and code == 1
    assert "no longer matches the saved one" in loaded.message("en")


def test_same_rules_broken_log_is_not_blamed_on_the_rules(save_folder: Path) -> None:
    doc = _broken_log(fmt.encode(_ms_match(30), "slot", "x"))
    listed, loaded, (code, _) = _verdicts(_write(save_folder, "edited", doc))
    assert listed.key == loaded.key == "saves.error.replay" and code == 1


def test_a_save_from_before_the_fields_still_loads(save_folder: Path) -> None:
    match = _ms_match(25)
    doc = fmt.encode(match, "slot", "cũ")
    del doc["rules_version"], doc["content_hash"]
    path = _write(save_folder, "old", doc)
    assert store.read_info(path).error is None
    assert store.load_match(path).log == match.log
    assert saves_cli.replay(path)[0] == saves_cli.OK
    # ...and when it does not replay, nothing is said about the rules
    broken = _write(save_folder, "old-broken", _broken_log(doc))
    assert _verdicts(broken)[1].key == "saves.error.replay"


def test_another_version_that_still_replays_loads(save_folder: Path) -> None:
    doc = fmt.encode(_ms_match(20), "slot", "x")
    path = _write(save_folder, "v0", dict(doc, rules_version="0", content_hash="old"))
    assert store.read_info(path).error is None
    assert store.load_match(path).log  # loads


@pytest.mark.parametrize("field", ["rules_version", "content_hash"])
def test_a_non_string_version_or_hash_is_a_bad_field(save_folder: Path, field: str) -> None:
    doc = dict(fmt.encode(_ms_match(4), "slot", "x"), **{field: 2})
    listed, loaded, (code, _) = _verdicts(_write(save_folder, "bad", doc))
    assert listed.key == loaded.key == "saves.error.bad_field" and loaded.params["field"] == field
    assert code == saves_cli.REFUSED


def test_the_load_screen_greys_a_stale_save_with_its_reason(save_folder: Path) -> None:
    good = store.save_match(_ms_match(6), "tốt")
    doc = _broken_log(fmt.encode(_ms_match(30), "slot", "cũ"))
    stale = _write(save_folder, "stale", dict(doc, content_hash="old"))
    before = stale.read_bytes()
    d = Driver(size=(1024, 600))
    d.start(SaveLoadScene(d.app, "load"))
    d.step()
    rows = {r.info.path: r for r in d.top.focus.buttons if isinstance(r, SlotRow)}
    assert rows[good].enabled and not rows[stale].enabled
    reason = store.describe(rows[stale].info, "vi")
    assert reason.startswith("Bản lưu này được tạo với một bộ lá bài khác")
    d.top.draw(pygame.Surface((1024, 600)))
    assert stale.read_bytes() == before
