"""Each table animates its game's event kinds the way the vocabulary declares them
(``game/<id>/events.py``; the rules side is ``tests/core/test_event_vocabulary.py``).

Every registered table is opened headless in every mode of its game, and its
animator's handlers are read:

* a kind with ``shared`` is animated by the kit's handler the vocabulary installed,
  in every mode (no table overrides it);
* a kind with ``table=True`` has a handler the table registers, in some mode;
* a kind with only ``seconds`` is held that long by the kit's pause the vocabulary
  installed, in every mode (the table's own model moves meanwhile);
* any other kind is deliberately not animated: no handler in any mode (the kit's
  short pause), and a table with no event animator animates no kind;
* a table registers handlers only for declared kinds (or the kit's shared ones), and
  no table package maps kinds itself (no ``alias`` call).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from registry_tables import human_match

import game
from game.core.contract import Event
from game.core.events import SHARED, EventKind, Vocabulary
from scenes.table import open_table, registry
from scenes.table.events import EventAnimator


def _animators(app: Any, game_id: str) -> list[EventAnimator | None]:
    """The event animator of the game's table in each mode (None: it has none)."""
    out = []
    for mode in game.info(game_id).modes:
        table = open_table(app, human_match(game_id, mode.id))
        out.append(getattr(table, "animator", None))
    return out


def animation_problems(
    game_id: str, events: Mapping[str, EventKind], animators: Sequence[EventAnimator | None]
) -> list[str]:
    """Where the tables' handlers disagree with ``events`` (one line each)."""
    out: list[str] = []
    shown = [a for a in animators if a is not None]
    for name, kind in events.items():
        handlers = [a.handlers.get(name) for a in shown]
        kit = [(a.declared.get(name), a.shared.get(name)) for a in shown]
        own = [h for h, made in zip(handlers, kit, strict=True) if h is not None and h not in made]
        if kind.shared is not None:
            if not shown or any(a.handlers.get(name) is not a.declared.get(name) for a in shown):
                out.append(f"{name}: declared as {kind.shared}, not animated so by the kit")
        elif kind.animated == "paced":
            if not shown or not all(_pauses(a, name, kind.seconds) for a in shown):
                out.append(f"{name}: declared as a {kind.seconds} s pause, not held so by the kit")
        elif kind.table:
            if not own:
                out.append(f"{name}: declared animated by the table, which registers nothing")
        elif any(h is not None for h in handlers):
            out.append(f"{name}: declared not animated, but a handler animates it")
    for a in shown:
        for name in a.handlers:
            if name not in events and name not in SHARED:
                out.append(f"{name}: the table animates a kind its game does not declare")
    return sorted(set(out))


def _pauses(animator: EventAnimator, name: str, seconds: float | None) -> bool:
    """The kit's declared handler of ``name`` holds ``seconds`` and draws nothing."""
    handler = animator.handlers.get(name)
    if handler is None or handler is not animator.declared.get(name):
        return False
    anim = handler(Event(name, {}))
    return anim._draw is None and anim.duration == seconds


@pytest.mark.parametrize("game_id", registry.with_table())
def test_tables_animate_what_the_vocabulary_declares(app: Any, game_id: str) -> None:
    problems = animation_problems(game_id, game.get(game_id).events, _animators(app, game_id))
    assert not problems, f"{game_id}: " + "; ".join(problems)


def test_a_wrong_declaration_fails_the_check(app: Any) -> None:
    # the check above can fail: toy "scored" declared as the table's own, "drew" as
    # not animated, "turn" and "rolled" as pauses, and a kind the toy table registers
    # left undeclared
    animators = _animators(app, "toy")
    events = dict(game.get("toy").events)
    events["scored"] = EventKind("scored", ("seat", "points"), table=True, why="a test")
    events["drew"] = EventKind("drew", ("seat", "card"), secret=("card",))
    events["turn"] = EventKind("turn", ("seat", "round"), seconds=0.3)
    events["rolled"] = EventKind("rolled", ("seat", "value"), seconds=0.3)
    del events["played"]
    assert animation_problems("toy", Vocabulary(*events.values()), animators) == [
        "drew: declared not animated, but a handler animates it",
        "played: the table animates a kind its game does not declare",
        "rolled: declared as a 0.3 s pause, not held so by the kit",
        "scored: declared animated by the table, which registers nothing",
        "turn: declared as a 0.3 s pause, not held so by the kit",
    ]


def test_no_table_maps_kinds_itself() -> None:
    # the mapping onto the kit's kinds lives in the game's vocabulary, not in a table
    tables = Path(__file__).resolve().parents[2] / "scenes" / "table"
    calls = [
        f"{path.relative_to(tables)}:{n}"
        for path in sorted(tables.glob("*/*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ".alias(" in line
    ]
    assert not calls, f"alias tables in table packages: {calls}"
