"""Every event a game emits is declared once in its vocabulary (``game/<id>/events.py``,
``rules.events``; ``game/core/events.py`` says what a declaration holds).

Over every registered game (the hidden toy game too) and every mode and player count
it declares: seeded random games check each emitted event against its declaration
(declared, required fields present, no undeclared field, the declared secret keys);
the source is read for every ``Event("kind", ...)`` so a kind random play does not
reach is declared too; every declared kind has its log line (and declared variants)
in vi and en, and every log key of the game belongs to a declared kind.  The tables'
side (what animates each kind) is ``tests/scenes/test_event_animation_declared.py``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

import game
import game.i18n
from game.core.events import EventKind, Vocabulary
from game.core.rng import Rng

from . import contract_checks as cc

ROOT = Path(__file__).resolve().parents[2]
SEEDS = (0, 1, 2)


def _config_params() -> list[Any]:
    return [
        pytest.param(game_id, mode, players, id=f"{game_id}-{mode}-{players}")
        for game_id in game.ids(include_hidden=True)
        for mode, players, _ in cc.configurations(game.info(game_id))
    ]


def _emitted(
    game_id: str, mode: str, players: int, options: Mapping[str, Any] | None = None
) -> Iterator[tuple[str, Any]]:
    """(kind, event) of seeded random games of one configuration (plus ``options``)."""
    rules = game.get(game_id)
    config = next(c for m, n, c in cc.configurations(rules.info) if (m, n) == (mode, players))
    if options:
        config = {**config, "options": {**config.get("options", {}), **options}}
    for seed in SEEDS:
        state = rules.setup(config, seed)
        rng = Rng(seed * 7919 + 17)
        for _ in range(4000):
            if rules.to_move(state) is None:
                break
            for event in rules.apply(state, rng.choice(rules.legal_actions(state))):
                yield event.kind, event


def problems_in_play(
    vocabulary: Vocabulary,
    game_id: str,
    mode: str,
    players: int,
    options: Mapping[str, Any] | None = None,
) -> list[str]:
    """What the events of a few random games break of ``vocabulary`` (one line each)."""
    found: dict[str, None] = {}
    for kind, event in _emitted(game_id, mode, players, options):
        for problem in vocabulary.problems(kind, event.data, event.secret):
            found.setdefault(problem)
    return list(found)


@pytest.mark.parametrize("game_id", game.ids(include_hidden=True))
def test_every_game_declares_a_vocabulary(game_id: str) -> None:
    events = game.get(game_id).events
    assert isinstance(events, Vocabulary) and len(events) > 0, f"{game_id}: no rules.events"
    assert all(isinstance(k, EventKind) and k.name == name for name, k in events.items())


@pytest.mark.parametrize(("game_id", "mode", "players"), _config_params())
def test_emitted_events_are_declared(game_id: str, mode: str, players: int) -> None:
    problems = problems_in_play(game.get(game_id).events, game_id, mode, players)
    assert not problems, f"{game_id}/{mode}/{players}: " + "; ".join(problems)


def test_an_undeclared_kind_fails_the_check() -> None:
    # the check above can fail: the toy vocabulary without "scored" (every game scores)
    events = game.get("toy").events
    short = Vocabulary(*(k for name, k in events.items() if name != "scored"))
    assert "scored: not declared" in problems_in_play(short, "toy", "ffa", 2)
    # ...and a declaration that lost a field, or a secret
    drew = EventKind("drew", ("seat",), shared="card_moved")
    assert drew.problems({"seat": 0, "card": 3}, ("card",)) == [
        "drew: undeclared fields ['card']",
        "drew: secret ['card'], declared []",
    ]


@pytest.mark.parametrize(
    "wrong",
    [
        {"table": True},  # the table animates it: why?
        {"why": "no reason"},  # a why for a kind the table does not animate
        {"table": True, "why": "its own", "seconds": 0.5},  # the table's time is its own
        {"seconds": 0.0},
        {"shared": "announced", "fixed": {"tone": "loud"}},  # not a tone
        {"shared": "waved"},  # not a shared kind
        {"rename": {"amount": "seat"}},  # a rename with no shared kind
    ],
)
def test_a_declaration_says_how_it_is_shown_once(wrong: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        EventKind("hit", ("seat",), **wrong)
    assert EventKind("hit", ("seat",), table=True, why="its own").animated == "table"
    assert EventKind("hit", ("seat",), seconds=0.5).animated == "paced"


@pytest.mark.parametrize("game_id", game.ids(include_hidden=True))
def test_the_words_a_declaration_shows_are_translated(game_id: str) -> None:
    # a shared kind's ``title`` / ``words`` is an i18n key (``{field}`` parts pick one)
    missing = []
    for kind in game.get(game_id).events.values():
        for field in ("title", "words"):
            key = kind.fixed.get(field)
            if key is None:
                continue
            head = str(key).split("{")[0]
            for lang in game.i18n.LANGS:
                keys = game.i18n.table(lang)
                if (key not in keys) if head == key else not any(k.startswith(head) for k in keys):
                    missing.append(f"{kind.name}.{field} {key} ({lang})")
    assert not missing, f"{game_id}: " + "; ".join(missing)


def test_dice_an_option_shows_are_still_declared() -> None:
    # GI: with opponent_dice_visible the rolled faces are public (no secret): declared so
    events = game.get("invokation").events
    assert events["dice_rolled"].public_when and events["rerolled"].public_when
    shown = {"opponent_dice_visible": True}
    mode = game.info("invokation").modes[0].id
    rolls = [e for k, e in _emitted("invokation", mode, 2, shown) if k == "dice_rolled"]
    assert rolls and not any(e.secret for e in rolls)
    assert not problems_in_play(events, "invokation", mode, 2, shown)


def _literal_kinds(package: Path) -> Iterator[tuple[str, str]]:
    """(kind, where) of every ``Event("kind", ...)`` in a package's source (both arms of
    ``Event("a" if ... else "b", ...)``)."""
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name != "Event":
                continue
            first = node.args[0]
            arms = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
            for arm in arms:
                if isinstance(arm, ast.Constant) and isinstance(arm.value, str):
                    yield arm.value, f"{path.relative_to(ROOT)}:{node.lineno}"


def _package(game_id: str) -> Path:
    return ROOT / Path(*game._MODULES[game_id].split("."))


@pytest.mark.parametrize("game_id", game.ids(include_hidden=True))
def test_every_kind_in_the_source_is_declared(game_id: str) -> None:
    events = game.get(game_id).events
    missing = [f"{kind} ({where})" for kind, where in _literal_kinds(_package(game_id))]
    missing = [m for m in missing if m.split(" ")[0] not in events]
    assert not missing, f"{game_id}: undeclared event kinds: {missing}"


def _log_table(lang: str) -> Mapping[str, str]:
    return game.i18n.table(lang)


@pytest.mark.parametrize("game_id", game.ids(include_hidden=True))
def test_every_declared_kind_has_its_log_lines(game_id: str) -> None:
    events = game.get(game_id).events
    for lang in game.i18n.LANGS:
        table = _log_table(lang)
        missing = [key for kind in events.values() for key in kind.log_keys(game_id)]
        missing = [key for key in missing if key not in table]
        assert not missing, f"{game_id}: log lines missing in {lang}: {missing}"
        declared = {key for kind in events.values() for key in kind.log_keys(game_id)}
        stray = sorted(k for k in table if k.startswith(f"{game_id}.log.") and k not in declared)
        assert not stray, f"{game_id}: log keys of no declared kind or variant ({lang}): {stray}"


def test_the_source_scan_sees_a_conditional_kind() -> None:
    # Sử Hộ Vương picks "ko" or "returned_to_hand" in one Event(...) call (KO, SHV-8.4)
    kinds = {kind for kind, _ in _literal_kinds(_package("shv"))}
    assert {"ko", "returned_to_hand", "drew"} <= kinds
