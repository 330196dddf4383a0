"""Property: an action outside ``legal_actions`` is refused with a reason and
changes nothing (issue 13.10), for every registered game at random reachable
states.  Refused means: ``Rules.explain`` returns an ``IllegalAction`` whose
key is translated in every language, ``Rules.apply`` and ``Match.apply`` raise
it, and the state, the log, the undo barrier, the pending redo and the
invariants are exactly what they were."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import game
from game.core.contract import Action, IllegalAction, is_seat
from tests.core.contract_checks import translated
from tests.property import games as g


def _fixed(action: Action, open_args: frozenset[str]) -> tuple[Any, ...]:
    return (action.kind, action.seat, tuple(a for a in action.args if a[0] not in open_args))


def assert_other_choice(p: g.Played, action: Action) -> None:
    """An accepted action outside a canonical legal list differs from a listed
    one only in the game's ``open_args`` (another payment, copy or subset), and
    playing it keeps every invariant."""
    rules, state = p.rules, p.match.state
    open_args = rules.open_args.get(action.kind, frozenset())
    listed = {_fixed(a, open_args) for a in p.match.legal_actions()}
    assert open_args and _fixed(action, open_args) in listed, f"explain() accepts {action!r}"
    after = rules.clone(state)
    rules.apply(after, action)
    assert rules.invariants(after) == [], (action, rules.invariants(after))


def assert_refused(p: g.Played, action: Action) -> None:
    rules, match = p.rules, p.match
    before = p.fingerprint()
    problem = rules.explain(match.state, action)
    if problem is None and is_seat(action.seat) and action.kind in rules.open_args:
        assert_other_choice(p, action)
        return
    assert isinstance(problem, IllegalAction), f"explain() accepts {action!r}"
    assert str(problem).strip(), f"the refusal of {action!r} gives no reason"
    assert isinstance(problem.key, str) and translated(problem.key), (
        f"refusal key {problem.key!r} for {action!r} has no vi+en text"
    )
    with pytest.raises(IllegalAction):
        rules.apply(match.state, action)
    assert p.fingerprint() == before, f"Rules.apply of a refused {action!r} changed the state"
    with pytest.raises(IllegalAction):
        match.apply(action)
    assert p.fingerprint() == before, f"Match.apply of a refused {action!r} changed the match"
    assert match.can_redo() == bool(before[3])


def _case(game_id: str) -> Any:
    return g.played(game_id).flatmap(lambda p: st.tuples(st.just(p), g.illegal_actions(p)))


@pytest.mark.parametrize("game_id", g.game_params())
@given(data=st.data())
def test_actions_outside_the_legal_list_are_refused(game_id: str, data: st.DataObject) -> None:
    p, action = data.draw(_case(game_id), label="match and action")
    assert_refused(p, action)


@pytest.mark.parametrize("game_id", g.game_params())
@given(data=st.data())
def test_every_seat_but_the_mover_is_refused_every_legal_action(
    game_id: str, data: st.DataObject
) -> None:
    """Each legal action, handed to each other seat (and to the bool of the
    mover's number): refused (core.illegal.*), nothing changes."""
    p = data.draw(g.played(game_id), label="match")
    mover = p.match.to_move
    legal = p.match.legal_actions()
    n = p.rules.num_seats(p.match.state)
    for action in legal[:8]:
        for seat in [s for s in range(n) if s != mover] + [bool(mover), -1, n]:
            if seat is mover or (type(seat) is int and seat == mover):
                continue
            assert_refused(p, Action(action.kind, seat, action.args))


@pytest.mark.parametrize("game_id", g.game_params())
@given(data=st.data())
def test_typed_actions_parse_or_fail_with_value_error(game_id: str, data: st.DataObject) -> None:
    """``action_from_json`` on anything (what a scenario file or a save may hold)
    gives an action or raises ValueError, never another exception; an action
    it gives that is not listed as legal is refused like any other."""
    p = data.draw(g.played(game_id), label="match")
    legal = p.match.legal_actions()
    base = data.draw(st.sampled_from(legal)) if legal else Action("x", 0)
    raw = data.draw(
        st.one_of(
            g.json_values,
            st.dictionaries(g.names | st.sampled_from(["kind", "seat", "card"]), g.json_values),
            g.json_values.map(lambda v: {**base.to_json(), "card": v}),
            g.json_values.map(lambda v: {**base.to_json(), "seat": v}),
            g.json_values.map(lambda v: {**base.to_json(), "kind": v}),
        ),
        label="raw action",
    )
    try:
        action = p.rules.action_from_json(p.match.state, raw)
    except ValueError:
        return
    if action not in legal:
        assert_refused(p, action)


def test_every_registered_game_is_covered() -> None:
    """The property tests take their games from the registry, hidden ones too."""
    ids = [param.values[0] for param in g.game_params()]
    assert ids == game.ids(include_hidden=True) and "toy" in ids and "manasurge" in ids
