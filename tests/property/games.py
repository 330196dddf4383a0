"""Hypothesis strategies shared by the property tests: every registered game
(``game.ids(include_hidden=True)``, so a game added later is tested without a
change here), random reachable matches, and actions outside ``legal_actions``."""

from __future__ import annotations

import importlib.util
import json
import string
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import assume
from hypothesis import strategies as st

import game
from game import new_match
from game.core.contract import Action, Rules
from game.core.match import Match
from game.core.rng import Rng

MAX_STEPS = 400
"""A random game is cut off after this many actions (ManaSurge games last about
70 actions, Tiny Duel about 27)."""


def game_params() -> list[Any]:
    """One pytest param per registered game; a registered game whose module is
    not written yet is skipped with the reason (it is being built)."""
    params = []
    for game_id in game.ids(include_hidden=True):
        module = game._MODULES[game_id]
        if importlib.util.find_spec(module) is None:
            mark = pytest.mark.skip(reason=f"{game_id}: {module} is not written yet")
            params.append(pytest.param(game_id, marks=mark, id=game_id))
        else:
            params.append(pytest.param(game_id, id=game_id))
    return params


@dataclass
class Played:
    """A match at a random reachable state, with every earlier legal action
    (for stale ones) and a snapshot of everything a refusal must not change."""

    match: Match
    earlier: list[Action] = field(default_factory=list)

    @property
    def rules(self) -> Rules[Any]:
        return self.match.rules

    def fingerprint(self) -> tuple[str, list[Action], int, list[list[Action]], list[str]]:
        m = self.match
        return (
            json.dumps(m.rules.to_json(m.state), sort_keys=True),
            list(m.log),
            m.barrier,
            [list(group) for group in m._redo],
            m.rules.invariants(m.state),
        )


@st.composite
def played(draw: st.DrawFn, game_id: str) -> Played:
    """A match of ``game_id`` (any mode and player count) at a random point of
    a random game: one game is played to its end, then rebuilt from its first
    ``k`` actions (a finished game about one time in eight).  Sometimes the last
    action is undone, so a redo is pending (a refused action must not drop it)."""
    rules = game.get(game_id)
    mode = draw(st.sampled_from(rules.info.modes))
    players = draw(st.sampled_from(mode.player_counts))
    config = rules.info.default_config(mode.id, players)
    seed = draw(st.integers(0, 2**63 - 1))
    rng = Rng(draw(st.integers(0, 2**32)))
    whole = new_match(game_id, config, seed)
    earlier: list[Action] = []
    while whole.to_move is not None and len(whole.log) < MAX_STEPS:
        legal = whole.legal_actions()
        whole.apply(rng.choice(legal))
    finished = draw(st.integers(0, 7)) == 0
    k = len(whole.log) if finished else draw(st.integers(0, max(0, len(whole.log) - 1)))
    match = new_match(game_id, config, seed)
    for action in whole.log[:k]:
        earlier.extend(match.legal_actions())
        match.apply(action)
    if draw(st.booleans()) and match.can_undo():
        match.undo()
    return Played(match, earlier)


# --- values -------------------------------------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(-3, 300),
    st.text(max_size=12),
)
json_args = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4), max_leaves=8)
"""Values ``Action.make`` accepts (JSON scalars and lists): wrong in type or range."""

json_values = st.recursive(
    scalars | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any JSON value."""

names = st.text(string.ascii_lowercase + "_", min_size=1, max_size=10)


def _with_args(action: Action, args: dict[str, Any], seat: Any = None) -> Action:
    return Action.make(action.kind, action.seat if seat is None else seat, **args)


def _args(action: Action) -> dict[str, Any]:
    return {k: v for k, v in action.args}


# --- actions outside legal_actions ------------------------------------------------------


@st.composite
def wrong_seat(draw: st.DrawFn, p: Played) -> Action:
    """A legal action of the mover given to another seat: a real other seat, a
    seat beyond the table, a bool, a negative number, or not a number at all."""
    legal = p.match.legal_actions()
    assume(legal)
    base = draw(st.sampled_from(legal))
    n = p.rules.num_seats(p.match.state)
    others = [s for s in range(n) if s != base.seat]
    choices = st.sampled_from(others) if others else st.nothing()
    seat = draw(
        choices
        | st.integers(n, 2**40)
        | st.booleans()
        | st.integers(-(2**40), -1)
        | st.sampled_from(["0", str(base.seat), None, 0.0, float(base.seat), [base.seat]])
    )
    return Action(base.kind, seat, base.args)  # type: ignore[arg-type]


@st.composite
def wrong_kind(draw: st.DrawFn, p: Played) -> Action:
    """A kind the pending decision does not allow (another phase's kind) or no
    kind of the game at all, with the arguments of some legal action."""
    rules, state = p.rules, p.match.state
    legal = p.match.legal_actions()
    mover = p.match.to_move
    base = draw(st.sampled_from(legal)) if legal else Action("x", mover or 0)
    now = {a.kind for a in legal}
    elsewhere = sorted(k for kinds in rules.moves.values() for k in kinds if k not in now)
    unknown = names.filter(lambda k: k not in rules._kinds and k not in now)
    kind = draw((st.sampled_from(elsewhere) if elsewhere else st.nothing()) | unknown | st.just(""))
    action = Action(kind, base.seat, base.args)
    assume(action not in legal)
    del state
    return action


@st.composite
def bad_argument(draw: st.DrawFn, p: Played) -> Action:
    """A legal action with one argument changed: an unknown card (any number
    or a wrong type), a field dropped, or a garbage field added."""
    legal = p.match.legal_actions()
    assume(legal)
    base = draw(st.sampled_from(legal))
    args = _args(base)
    how = draw(st.sampled_from(["change", "drop", "add"]))
    if how == "change" and args:
        key = draw(st.sampled_from(sorted(args)))
        args[key] = draw(json_args)
    elif how == "drop" and args:
        del args[draw(st.sampled_from(sorted(args)))]
    else:
        key = draw(names.filter(lambda k: k not in args))
        args[key] = draw(json_args)
    action = _with_args(base, args)
    assume(action not in legal)
    return action


@st.composite
def stale(draw: st.DrawFn, p: Played) -> Action:
    """An action that was legal earlier in this match (a stale target, a card
    since played, another phase's answer) and is not legal now."""
    legal = set(p.match.legal_actions())
    old = [a for a in p.earlier if a not in legal]
    assume(old)
    return draw(st.sampled_from(old))


def illegal_actions(p: Played) -> st.SearchStrategy[Action]:
    return st.one_of(wrong_seat(p), wrong_kind(p), bad_argument(p), stale(p))
