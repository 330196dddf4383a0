"""Broken files are listed as broken, and the rest of each list still works
(issue 37 class 8): a replay or deck file that does not read is a row with its
reason and a delete button (the player's choice, confirmed; the file goes, a
link never takes its target with it); a damaged puzzle of the installation is
skipped with a message; a Tiled layout is read with entity expansion off."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from game import new_match
from game.decks import DeckError
from game.decks.model import Deck
from saves import replays, store
from scenes import decks as decks_ui
from scenes import puzzles as puzzles_mod
from scenes.decks.library import DeckLibraryScene
from scenes.dialogs import ConfirmDialog
from scenes.puzzles_scene import PuzzleListScene
from scenes.replay_list import ReplayListScene
from scenes.table import layout
from tests.scenes.table_driver import step
from tests.timebox import timebox


def test_a_broken_replay_is_listed_with_its_reason_and_can_be_deleted(app: Any) -> None:
    store.save_match(new_match("manasurge", {"players": 2}, 5), "ván tối")
    broken = replays.folder() / "replay-manasurge-0123456789abcdef.json"
    broken.write_text('{"format": "banthe-save", "version": 1, "game"')
    outside = replays.folder().parent.parent / "elsewhere.json"
    outside.write_text("{}")
    link = replays.folder() / "replay-manasurge-00000000000000aa.json"
    link.symlink_to(outside)
    scene = ReplayListScene(app)
    app.stack.push(scene)
    step(app)
    kinds = [kind for kind, _ in scene.entries]
    assert kinds.count("broken") == 2 and "slot" in kinds  # the good save still listed
    row = next(info for kind, info in scene.entries if info.path == broken)
    assert app.tr("saves.error.truncated") in scene.label("broken", row)
    names = [b.name for b in scene.focus.buttons]
    assert sum(n.startswith("delete") for n in names) == 2
    scene.ask_delete(row)
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ConfirmDialog)  # nothing goes without a yes
    assert broken.exists()
    app.stack.pop()
    app.stack.apply_pending()
    scene.delete(row)
    scene.delete(next(info for kind, info in scene.entries if info.path == link))
    assert not broken.exists() and not link.exists() and outside.read_text() == "{}"
    assert [kind for kind, _ in scene.entries] == ["slot"]
    step(app)


def test_replays_delete_broken_stays_in_its_folder(tmp_path: Path) -> None:
    other = tmp_path / "x.json"
    other.write_text("{}")
    with pytest.raises(store.SaveError):
        replays.delete_broken(other)
    assert other.exists()


def test_a_broken_deck_file_is_listed_with_a_delete_button(app: Any) -> None:
    folder = decks_ui.folder("shv")
    folder.mkdir(parents=True)
    good = decks_ui.store("shv").save(Deck("shv", "Tốt", {"kim_co_ban": 2}))
    bad = folder / "bad.json"
    bad.write_bytes(b"\xff\xfe not a deck")
    scene = DeckLibraryScene(app, "shv")
    app.stack.push(scene)
    step(app)
    names = [b.name for b in scene.focus.buttons]
    assert "delete.user.bad.json" in names and f"user.{good.name}" in names
    assert f"delete.user.{good.name}" not in names  # a good deck has no such button
    [stored] = [s for s in scene.entries if s.deck is None]
    scene.ask_delete(stored)
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ConfirmDialog) and bad.exists()
    app.stack.pop()
    app.stack.apply_pending()
    scene.delete(stored)
    assert not bad.exists() and good.exists()
    with pytest.raises(DeckError):  # a deck that reads is never deleted this way
        decks_ui.store("shv").delete_broken(good)
    step(app)


def test_a_damaged_puzzle_is_skipped_with_a_message(
    app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = puzzles_mod.folder()
    fake = tmp_path / "puzzles"
    shutil.copytree(real / "manasurge", fake / "manasurge")
    (fake / "manasurge" / "0_cut.json").write_text('{"id": "x", "game": "manas')
    (fake / "manasurge" / "0_shape.json").write_text('{"id": "x", "game": "manasurge"}')
    (fake / "manasurge" / "0_deep.json").write_text("[" * 1000 + "]" * 1000)
    monkeypatch.setattr(puzzles_mod, "folder", lambda: fake)
    damaged: list[puzzles_mod.Damaged] = []
    found = puzzles_mod.puzzles(["manasurge"], damaged)
    assert len(found) == len(list((real / "manasurge").glob("*.json")))
    assert sorted(d.path.name for d in damaged) == ["0_cut.json", "0_deep.json", "0_shape.json"]
    scene = PuzzleListScene(app)
    app.stack.push(scene)
    step(app)
    assert len(scene.damaged) == 3 and scene.items


LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE map [
 <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
 <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
 <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
 <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
]>
<map width="40" height="45" tilewidth="32" tileheight="16">
 <objectgroup name="z"><object name="&d;" x="0" y="0" width="1" height="1"/></objectgroup>
</map>
"""

EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE map [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<map width="40" height="45" tilewidth="32" tileheight="16">
 <objectgroup name="z"><object name="&x;" x="0" y="0" width="1" height="1"/></objectgroup>
</map>
"""


@pytest.mark.parametrize("body", [LAUGHS, EXTERNAL, LAUGHS.replace("DOCTYPE", "doctype")])
def test_a_tmx_with_entities_is_refused_at_once(tmp_path: Path, body: str) -> None:
    path = tmp_path / "evil.tmx"
    path.write_text(body)
    with timebox(2), pytest.raises(ValueError, match=r"not allowed|not XML"):
        layout.TableLayout(path)


def test_the_shipped_layouts_still_load() -> None:
    for path in sorted(Path(layout.assets.path("layouts")).glob("*.tmx")):
        assert layout.TableLayout(path).zones


@pytest.mark.parametrize(
    "body",
    [
        '<map width="x" height="1" tilewidth="1" tileheight="1"/>',
        '<map width="0" height="0" tilewidth="1" tileheight="1"><objectgroup>'
        '<object name="a" x="0" y="0" width="1" height="1"/></objectgroup></map>',
        "<notamap/>",
    ],
)
def test_a_tmx_that_is_xml_but_no_map_is_a_clear_error(tmp_path: Path, body: str) -> None:
    path = tmp_path / "odd.tmx"
    path.write_text(body)
    with pytest.raises(ValueError):
        layout.TableLayout(path)


def test_a_puzzle_naming_a_seat_its_position_lacks_is_damaged(tmp_path: Path) -> None:
    source = sorted((puzzles_mod.folder() / "manasurge").glob("*.json"))[0]
    doc = json.loads(source.read_text("utf-8"))
    doc["seat"] = 9
    path = tmp_path / "seat.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match="seat 9"):
        puzzles_mod.read_puzzle(path)


def test_a_damaged_installed_guide_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes import guide

    (tmp_path / "manasurge.json").write_text('{"game": "manasurge", "steps": [')
    monkeypatch.setattr(guide, "folder", lambda: tmp_path)
    assert guide.script_for("manasurge") is None
