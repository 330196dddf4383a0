"""One descriptor per game: what the program knows about a game is its ``GameInfo``
(rules side) and its entry in ``scenes/table/registry.py`` (screen side).

* A game that is only "its package and its two registry lines"
  (``tests/fake_card_game.py``) gets deck building, deck codes, its AI search changes
  and pass kinds, a game-select card with its picture and chooser, deck-editor faces
  and a place among the title's drifting cards.
* No module outside a game's own packages, the two registries and the modules a
  descriptor names holds a game id as a literal (a per-game ``if``/``elif`` or a side
  table keyed by game id) or imports a game's package: the scan names file and line.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import game
from game import decks
from game.ai import levels, passive
from game.decks import code
from scenes.table import registry
from tests import fake_card_game as fake

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "saves", "scenes")

REGISTRIES = ("game/__init__.py", "scenes/table/registry.py")

STILL_PER_GAME: dict[str, str] = {
    "scenes/story.py": "Sử Hộ Vương's Story (its chooser's campaign), a screen of that game",
    "scenes/story_parts.py": "Sử Hộ Vương's Story (its chooser's campaign), a screen of that game",
    "game/ai/matches.py": "the default of --game",
    "game/balance/cli.py": "the default of --game",
}
"""Files that still know games by id, and why.  Shrink it; never grow it: a new
per-game fact goes in the game's ``GameInfo`` or its table entry."""


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    fake.register(monkeypatch)
    fake.FACES.clear()


# -- a new game: its package and its two registry lines -----------------------------------------
@pytest.mark.usefixtures("registered")
def test_a_new_game_has_deck_building_and_deck_codes_from_its_game_info() -> None:
    assert fake.GAME_ID in decks.games() and decks.has_decks(fake.GAME_ID)
    rules = decks.rules_for(fake.GAME_ID)
    assert isinstance(rules, fake.FakeDeckRules) and rules.code_prefix == "FKC"
    assert code.prefixes()["FKC"] == fake.GAME_ID
    deck = rules.presets()[0].deck
    text = code.encode(rules, deck)
    assert text.startswith("FKC1-") and code.looks_like_code(text)
    assert code.decode(rules, text).cards == {"a": 2}
    from scenes import decks as decks_ui

    assert decks_ui.supported(fake.GAME_ID)
    assert not decks.has_decks("manasurge") and not decks_ui.supported("manasurge")


@pytest.mark.usefixtures("registered")
def test_a_new_game_gives_the_bots_its_search_and_level_changes_and_pass_kinds() -> None:
    rules = game.get(fake.GAME_ID)
    bot = levels.make("hard", 30)
    assert isinstance(bot, levels.SearchBot)
    assert bot.config_for(rules).rollout_depth == 7 and bot.config_for(rules).iterations == 30
    assert levels.game_config(bot.config, fake.GAME_ID).rollout_depth == 7
    normal = levels.make("normal", 30)
    assert isinstance(normal, levels.SearchBot)
    assert normal.config_for(rules).rollout_depth == 3  # its own level's change wins
    assert levels.game_config(bot.config, fake.GAME_ID, "normal").rollout_depth == 3
    assert bot.config_for(game.get("toy")).rollout_depth == bot.config.rollout_depth
    kinds = passive.pass_kinds(rules)
    assert {"draw", "pass_block"} <= kinds and "take" not in kinds
    assert passive.Tracker(rules, 2).pass_turn == frozenset({"draw"})


@pytest.mark.usefixtures("registered")
def test_a_new_game_has_a_game_select_card_with_its_picture_and_chooser() -> None:
    from scenes import game_select
    from scenes.ui.art import game_picture

    assert fake.GAME_ID in [e.id for e in game_select.entries() if e.playable]
    assert game_picture(fake.GAME_ID, 40, 30).get_at((20, 15))[:3] == fake.PICTURE_COLOR
    from tests.shell.driver import Driver

    d = Driver()
    d.start(game_select.GameSelectScene(d.app))
    d.top.pick(fake.GAME_ID)  # type: ignore[attr-defined]
    d.app.stack.apply_pending()
    assert isinstance(d.top, fake.Chooser)


@pytest.mark.usefixtures("registered")
def test_a_new_game_draws_its_cards_in_the_deck_editor_and_over_the_title() -> None:
    from scenes.decks.editor import card_art
    from scenes.ui.art import drifting_face

    art = card_art(decks.rules_for(fake.GAME_ID))
    assert art.faces(1, "en").title == "B" and fake.FACES == [("b", "en")]
    # the game with the most showcase cards comes first among the drifting faces
    assert registry.showcase()[0] == (fake.GAME_ID, "a")
    drifting_face(len(registry.showcase()), 31, 43)  # kind % count == 0: the first card
    assert fake.FACES[-1] == ("a", "vi")


# -- no per-game literal outside the descriptors ------------------------------------------------
def _descriptor_modules() -> set[str]:
    """Modules a game's descriptors name (its deck rules, table, picture, chooser...)."""
    named: set[str] = set()
    descriptors = [*(game.info(g) for g in game.ids(include_hidden=True)), *registry.TABLES]
    for descriptor in descriptors:
        for part in dataclasses.fields(descriptor):
            target = getattr(descriptor, part.name)
            if isinstance(target, str) and ":" in target:  # "module:attribute"
                named.add(target.partition(":")[0])
    return named


def _module_path(module: str) -> str:
    base = ROOT.joinpath(*module.split("."))
    path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
    return path.relative_to(ROOT).as_posix()


def _allowed(rel: str, ids: set[str], named: set[str]) -> bool:
    parts = rel.split("/")
    own = (parts[0] == "game" and len(parts) > 2 and parts[1] in ids) or (
        parts[:2] == ["scenes", "table"] and len(parts) > 3 and parts[2] in ids
    )
    return own or rel in REGISTRIES or rel in named


def _game_package(module: str, ids: set[str]) -> bool:
    """Is ``module`` in a game's rules package or its table package?"""
    parts = module.split(".")
    return (parts[0] == "game" and len(parts) > 1 and parts[1] in ids) or (
        parts[:2] == ["scenes", "table"] and len(parts) > 2 and parts[2] in ids
    )


def mentions(tree: ast.AST, ids: set[str]) -> Iterator[tuple[int, str]]:
    """(line, what) of every game id literal and every import of a game's package."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in ids:
            yield node.lineno, repr(node.value)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if _game_package(node.module, ids):
                yield node.lineno, f"from {node.module} import"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if _game_package(alias.name, ids):
                    yield node.lineno, f"import {alias.name}"


def per_game_mentions(ids: set[str]) -> Iterator[str]:
    """``path:line: what`` of every game id literal or game-package import outside
    the allowed files."""
    named = {_module_path(m) for m in _descriptor_modules()}
    files = [ROOT / "main.py"]
    for package in PACKAGES:
        files.extend(sorted((ROOT / package).rglob("*.py")))
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        if _allowed(rel, ids, named) or rel in STILL_PER_GAME:
            continue
        for line, what in mentions(ast.parse(path.read_text(encoding="utf-8")), ids):
            yield f"{rel}:{line}: {what}"


def test_no_game_is_known_by_id_outside_its_descriptors() -> None:
    found = list(per_game_mentions(set(game.ids(include_hidden=True))))
    assert not found, "a game named outside its GameInfo / table entry:\n" + "\n".join(found)


def test_every_file_still_per_game_still_is() -> None:
    ids: Any = set(game.ids(include_hidden=True))
    for rel in STILL_PER_GAME:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        assert any(mentions(tree, ids)), f"{rel} names no game now: take it off STILL_PER_GAME"
