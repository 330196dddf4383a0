"""Reusable checks of the rules contract (``game/core/contract.py``).

Every registered game must pass them; ``test_contract_games.py`` runs them over
``game.ids()`` and every mode and player count of ``rules.info``, and
``test_toy_game.py`` runs them against deliberately broken variants of the toy
game to prove each check can fail.

The checks assume only what the contract and ``Match`` already assume:

* the state keeps its RNG as ``state.rng`` (a :class:`Rng`);
* ``to_json`` gives plain JSON (lists, str-keyed dicts, ints, str, bool, None);
* a view keeps the JSON shape of the true state and only replaces values the
  seat may not know by ``HIDDEN`` (a scalar ``-1``: one hidden card, or a whole
  hidden value), plus the RNG.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import game.i18n
from game import match_from_json, new_match, replay_match
from game.ai.bots import make as make_bot
from game.core.contract import (
    HIDDEN,
    PROMPT_KINDS,
    Action,
    Event,
    GameInfo,
    IllegalAction,
    Mode,
    Rules,
)
from game.core.match import Match
from game.core.rng import Rng

Path = tuple[str | int, ...]

_SENTINEL_RNG = 0x5EED_5EED_5EED_5EED
_BOGUS_KIND = "no-such-action"


@dataclass(frozen=True)
class Budget:
    """How hard to push one configuration. Full checks run on the first
    ``heavy_steps`` states and then on every ``heavy_every``-th state; cheap
    checks (turn/outcome, legality of the chosen action) run on every state."""

    heavy_steps: int = 120
    heavy_every: int = 8
    max_steps: int = 4000
    max_checked_actions: int = 32


# --- small helpers -------------------------------------------------------------


def translated(key: str) -> bool:
    """True when ``key`` exists in every language (no silent fallback)."""
    return all(key in game.i18n.table(lang) for lang in game.i18n.LANGS)


def assert_json_pure(value: Any, what: str) -> None:
    """``value`` survives json.dumps/json.loads unchanged (no tuples, int keys, NaN)."""
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{what} is not plain JSON: {exc}") from exc
    assert json.loads(text) == value, (
        f"{what} changes through a JSON round trip (tuples, non-str keys?): {value!r}"
    )


def leaves(obj: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    if isinstance(obj, Mapping):
        for key in sorted(obj):
            yield from leaves(obj[key], (*path, key))
    elif isinstance(obj, list):
        for i, item in enumerate(obj):
            yield from leaves(item, (*path, i))
    else:
        yield path, obj


def count_hidden(obj: Any) -> int:
    return sum(1 for _, v in leaves(obj) if v == HIDDEN and not isinstance(v, bool))


def masked_paths(truth: Any, view: Any, path: Path = ()) -> set[Path]:
    """Paths where ``view`` hides a value of ``truth``; fails on any other difference."""
    if view == HIDDEN and not isinstance(view, bool) and truth != view:
        return {path}
    if isinstance(truth, Mapping):
        assert isinstance(view, Mapping) and set(view) == set(truth), (
            f"the view changes the shape of the state at {path}: keys {sorted(truth)} vs "
            f"{sorted(view) if isinstance(view, Mapping) else view!r}"
        )
        out: set[Path] = set()
        for key in truth:
            out |= masked_paths(truth[key], view[key], (*path, key))
        return out
    if isinstance(truth, list):
        assert isinstance(view, list) and len(view) == len(truth), (
            f"the view changes the shape of the state at {path}: {truth!r} vs {view!r}"
        )
        out = set()
        for i, (a, b) in enumerate(zip(truth, view, strict=True)):
            out |= masked_paths(a, b, (*path, i))
        return out
    assert truth == view, (
        f"the view shows {view!r} at {path} where the state has {truth!r}; a view may only "
        f"replace values by HIDDEN ({HIDDEN})"
    )
    return set()


def json_with_rng(rules: Rules[Any], state: Any, rng_state: int) -> dict[str, Any]:
    """``to_json`` of a copy of ``state`` whose RNG is set to ``rng_state``."""
    other = rules.clone(state)
    other.rng = Rng(rng_state)
    return rules.to_json(other)


def make_config(info: GameInfo, mode: Mode, players: int) -> dict[str, Any]:
    """A seat-setup config as the shell builds it (interfaces.md), all defaults."""
    names = [f"P{i + 1}" for i in range(players)]
    return info.default_config(mode.id, players, names=names)


def configurations(info: GameInfo) -> list[tuple[str, int, dict[str, Any]]]:
    return [
        (mode.id, players, make_config(info, mode, players))
        for mode in info.modes
        for players in mode.player_counts
    ]


# --- static checks ---------------------------------------------------------------


def check_info(rules: Rules[Any]) -> None:
    """Everything the seat-setup screen shows has a vi and an en string."""
    info = rules.info
    assert info.modes, f"{info.id} declares no modes"
    keys = [info.name_key, info.pitch_key]
    for mode in info.modes:
        assert mode.player_counts, f"mode {mode.id} has no player counts"
        assert all(n >= 1 for n in mode.player_counts)
        keys.append(mode.label_key)
        for choice in mode.choices:
            keys.append(choice.label_key)
            keys.extend(k for _, k in choice.options)
            assert choice.default in [v for v, _ in choice.options], choice
    for choice in info.seat_choices:
        keys.append(choice.label_key)
        keys.extend(k for _, k in choice.options)
        assert choice.default in [v for v, _ in choice.options], choice
    for option in info.options:
        keys.append(option.label_key)
    assert_json_pure(info.default_options(), "default options")
    missing = sorted({k for k in keys if not translated(k)})
    assert not missing, f"{info.id}: setup labels without a vi+en translation: {missing}"


# --- per-state checks ----------------------------------------------------------------


def expect_illegal(rules: Rules[Any], state: Any, action: Action, truth: dict[str, Any]) -> None:
    """``action`` is explained as illegal, ``apply`` raises, and nothing changes."""
    problem = rules.explain(state, action)
    assert isinstance(problem, IllegalAction), f"explain() accepts illegal action {action}"
    assert isinstance(problem.key, str) and translated(problem.key), (
        f"IllegalAction key {problem.key!r} (for {action}) has no vi+en translation"
    )
    try:
        rules.apply(state, action)
    except IllegalAction as exc:
        assert translated(exc.key), f"IllegalAction key {exc.key!r} is not translated"
    else:
        raise AssertionError(f"apply() accepted illegal action {action}")
    assert rules.to_json(state) == truth, f"a refused action {action} changed the state"


def check_events(rules: Rules[Any], events: Sequence[Event], seats: int) -> None:
    assert isinstance(events, list), "apply() must return a list of events"
    missing: set[str] = set()
    for event in events:
        assert isinstance(event, Event), f"apply() returned {event!r}, not an Event"
        assert isinstance(event.kind, str) and event.kind
        assert_json_pure(event.to_json(), f"event {event.kind}")
        assert set(event.secret) <= set(event.data), (
            f"event {event.kind} marks secret keys {event.secret} it does not carry"
        )
        assert all(0 <= s < seats for s in event.seen_by), event
        for seat in [*range(seats), None]:
            shown = event.for_seat(seat)
            if seat is None or seat not in event.seen_by:
                for k in event.secret:
                    value, hidden = event.data[k], shown.data[k]
                    if isinstance(value, list | tuple):
                        # A secret list keeps its length: the table still sees how many.
                        assert hidden == [HIDDEN] * len(value), (seat, event)
                    else:
                        assert hidden == HIDDEN, (seat, event)
        key = f"{rules.info.id}.log.{event.kind}"
        if not translated(key):
            missing.add(key)
    assert not missing, f"events without a vi+en log sentence: {sorted(missing)}"


def check_views(
    rules: Rules[Any], state: Any, truth: dict[str, Any], legal: list[Action], rng: Rng
) -> None:
    """Views hide only by HIDDEN, never keep the RNG, and determinize back to themselves."""
    seats = rules.num_seats(state)
    mover = rules.to_move(state)
    hidden: dict[int | None, set[Path]] = {}
    for seat in [*range(seats), None]:
        view = rules.view(state, seat)
        assert rules.to_json(state) == truth, f"view(state, {seat}) changed the state"
        assert isinstance(view.rng, Rng), "a view must still carry an Rng"
        assert view.rng.state != state.rng.state, (
            f"view(state, {seat}) keeps the real RNG: that seat could predict every draw"
        )
        as_truth = json_with_rng(rules, view, state.rng.state)
        hidden[seat] = masked_paths(truth, as_truth)
        assert rules.to_move(view) == mover, f"to_move differs in the view of seat {seat}"
        plain = json_with_rng(rules, view, _SENTINEL_RNG)
        again = json_with_rng(rules, rules.view(view, seat), _SENTINEL_RNG)
        assert again == plain, f"view is not idempotent for seat {seat}"
        if seat is None:
            continue
        if seat == mover:
            assert rules.decision(view) == rules.decision(state), (
                "decision() differs in the mover's view: a table could not read it"
            )
            assert rules.legal_actions(view) == legal, (
                "legal_actions differ between the true state and the mover's view: they "
                "depend on something the mover cannot see"
            )
        view_json = rules.to_json(view)
        guess = rules.determinize(view, seat, Rng(rng.next64()))
        assert rules.to_json(view) == view_json, "determinize() changed the view"
        assert json_with_rng(rules, rules.view(guess, seat), _SENTINEL_RNG) == plain, (
            f"view(determinize(view)) differs from the view of seat {seat}"
        )
        assert count_hidden(rules.to_json(guess)) <= count_hidden(truth), (
            f"determinize() for seat {seat} left HIDDEN values in the state"
        )
        assert rules.to_move(guess) == mover, "determinize() changed who moves"
        if seat == mover:
            assert rules.legal_actions(guess) == legal, "determinize() changed the legal actions"
    spectator = hidden[None]
    for seat in range(seats):
        for path in hidden[seat]:
            covered = any(path[:i] in spectator for i in range(len(path) + 1)) or any(
                p[: len(path)] == path for p in spectator
            )
            assert covered, f"seat {seat} cannot see {path} but a spectator can"


def check_state(
    rules: Rules[Any], state: Any, rng: Rng, *, heavy: bool = True, max_checked_actions: int = 32
) -> None:
    seats = rules.num_seats(state)
    truth = rules.to_json(state)
    assert isinstance(state.rng, Rng), "the state must keep its RNG as state.rng"
    mover = rules.to_move(state)
    result = rules.outcome(state)
    assert (mover is None) == (result is not None), (
        f"to_move is {mover} while outcome is {result}: exactly one must be None"
    )
    legal = rules.legal_actions(state)
    prompt = rules.prompt(state)
    if mover is None:
        assert result is not None
        assert legal == [], "legal_actions must be empty when the game is over"
        assert prompt is None, "prompt must be None when the game is over"
        assert set(result.winners) <= set(range(seats)), result
        assert len(result.scores) in (0, seats), result
        assert_json_pure(result.to_json(), "outcome")
    else:
        assert isinstance(mover, int) and not isinstance(mover, bool) and 0 <= mover < seats, (
            f"to_move {mover!r} is not a seat"
        )
        assert legal, "legal_actions is empty while the game is not over"
        assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
        for action in legal:
            assert isinstance(action, Action) and action.seat == mover, (
                f"{action} is listed for seat {mover}"
            )
            data = json.loads(json.dumps(action.to_json()))
            assert Action.from_json(data) == action, f"{action} does not survive JSON"
        assert prompt is not None and prompt.seat == mover, f"prompt {prompt} for seat {mover}"
        assert translated(prompt.key), f"prompt key {prompt.key!r} has no vi+en translation"
        check_moves(rules, state, prompt.kind, legal)
    problems = rules.invariants(state)  # the game's own invariants, declared once
    assert problems == [], f"{type(rules).__name__}.invariants: {problems}"
    summary = rules.summary(state)
    assert_json_pure(summary, "summary")
    assert "round" in summary and "scores" in summary, f"summary lacks round/scores: {summary}"
    assert len(summary["scores"]) == seats, summary
    for seat in range(seats):
        value = rules.evaluate(state, seat)
        assert 0.0 <= value <= 1.0, f"evaluate() = {value} for seat {seat}"
    if not heavy:
        return

    assert_json_pure(truth, "to_json(state)")
    assert rules.to_json(rules.from_json(copy.deepcopy(truth))) == truth, (
        "from_json(to_json(state)) does not round-trip"
    )
    twin = rules.clone(state)
    assert rules.to_json(twin) == truth, "clone() differs from the original"

    checked = list(legal)
    if len(checked) > max_checked_actions:
        checked = [legal[i] for i in sorted(_sample(rng, len(legal), max_checked_actions))]
    for action in checked:
        assert rules.explain(state, action) is None, f"explain() refuses listed action {action}"
        trial = rules.clone(state)
        try:
            events = rules.apply(trial, action)
        except IllegalAction as exc:
            raise AssertionError(f"listed action {action} is refused: {exc}") from exc
        check_events(rules, events, seats)
    assert rules.to_json(state) == truth, "trying actions on clones changed the original"

    if mover is None:
        expect_illegal(rules, state, Action.make(_BOGUS_KIND, 0), truth)
    else:
        expect_illegal(rules, state, Action.make(_BOGUS_KIND, mover), truth)
        first = legal[0]
        if seats > 1:
            expect_illegal(rules, state, Action(first.kind, (mover + 1) % seats, first.args), truth)
        # Seats are ints >= 0, never bools (True == 1) or negative (issue 13 item 3).
        expect_illegal(rules, state, Action(first.kind, mover == 1, first.args), truth)
        expect_illegal(rules, state, Action(first.kind, mover - seats, first.args), truth)
        # Clone independence: play on the clone, then stir its RNG.
        rules.apply(twin, legal[-1], check=False)
        twin.rng.next64()
        assert rules.to_json(state) == truth, "changing a clone changed the original"

    check_views(rules, state, truth, legal, rng)


def check_moves(rules: Rules[Any], state: Any, kind: str, legal: Sequence[Action]) -> None:
    """The prompt names a known input mode, and every legal action is allowed by
    the game's declared ``moves`` table for the pending decision."""
    assert kind in PROMPT_KINDS, f"prompt kind {kind!r} is not one of {PROMPT_KINDS}"
    if not rules.moves:
        return
    decision = rules.decision(state)
    assert decision in rules.moves, (
        f"decision {decision!r} is not declared in {type(rules).__name__}.moves"
    )
    allowed = rules.moves[decision]
    stray = sorted({a.kind for a in legal if a.kind not in allowed})
    assert not stray, f"legal kinds {stray} are not allowed in decision {decision!r}: {allowed}"


def _sample(rng: Rng, n: int, k: int) -> set[int]:
    picks = list(range(n))
    rng.shuffle(picks)
    return set(picks[:k])


# --- whole games -----------------------------------------------------------------------


@dataclass
class Record:
    """A played game: the actions, the full events of each, and the final JSON."""

    actions: list[Action] = field(default_factory=list)
    events: list[list[dict[str, Any]]] = field(default_factory=list)
    final: dict[str, Any] = field(default_factory=dict)


def _visible(rules: Rules[Any], state: Any, seat: int) -> tuple[int, int]:
    """(values hidden from ``seat``, values in the state)."""
    truth = rules.to_json(state)
    masked = masked_paths(truth, json_with_rng(rules, rules.view(state, seat), state.rng.state))
    return len(masked), sum(1 for _ in leaves(truth))


def check_step(
    rules: Rules[Any],
    before: tuple[int, int],
    state: Any,
    action: Action,
    events: Sequence[Event],
    rng_moved: bool,
) -> None:
    """After ``action``: a reveal to the actor is a barrier; a secret is not in everyone's view."""
    seats = rules.num_seats(state)
    barrier = rng_moved or any(e.reveals for e in events)
    hidden_before, total_before = before
    hidden_after, total_after = _visible(rules, state, action.seat)
    if hidden_after < hidden_before and total_after >= total_before:
        assert barrier, (
            f"{action} showed the actor something it could not see before, but used no "
            "randomness and returned no secret event: Match.undo could take it back"
        )
    for event in events:
        if not event.secret or not 0 < len(event.seen_by) < seats:
            continue
        insider = event.seen_by[0]
        inside = json_with_rng(rules, rules.view(state, insider), _SENTINEL_RNG)
        for outsider in range(seats):
            if outsider in event.seen_by:
                continue
            outside = json_with_rng(rules, rules.view(state, outsider), _SENTINEL_RNG)
            assert outside != inside, (
                f"after secret event {event.kind}, seat {outsider} sees exactly what seat "
                f"{insider} sees: the view does not hide that seat's private cards"
            )


def play_checked(
    rules: Rules[Any], config: Mapping[str, Any], seed: int, budget: Budget = Budget()
) -> Record:
    """Random legal play from ``setup(config, seed)`` to the end, checking as it goes."""
    state = rules.setup(config, seed)
    seats = rules.num_seats(state)
    assert seats == config["players"], f"{seats} seats for a {config['players']}-player config"
    rng = Rng(seed * 7919 + 17)
    record = Record()
    last_events: list[Event] = []
    for step in range(budget.max_steps + 1):
        heavy = step < budget.heavy_steps or step % budget.heavy_every == 0
        check_state(rules, state, rng, heavy=heavy, max_checked_actions=budget.max_checked_actions)
        if rules.to_move(state) is None:
            record.final = rules.to_json(state)
            return record
        action = rng.choice(rules.legal_actions(state))
        before = _visible(rules, state, action.seat) if heavy else (0, 0)
        rng_before = state.rng.state
        events = rules.apply(state, action)
        check_events(rules, events, seats)
        if heavy:
            check_step(rules, before, state, action, events, state.rng.state != rng_before)
        if record.actions:
            previous = [e.to_json() for e in last_events]
            assert previous == record.events[-1], (
                f"the events of {record.actions[-1]} changed after {action}: event data "
                "shares lists or dicts with the state; copy them into the event"
            )
        last_events = events
        record.actions.append(action)
        record.events.append(_deep([e.to_json() for e in events]))
    raise AssertionError(f"the game did not end within {budget.max_steps} random actions")


def check_determinism(
    rules: Rules[Any], config: Mapping[str, Any], seed: int, record: Record
) -> None:
    """Same seed + same actions -> the same events and the same JSON, byte for byte."""
    first = rules.setup(config, seed)
    assert rules.to_json(rules.setup(config, seed)) == rules.to_json(first), (
        "setup() with the same seed gives different states"
    )
    assert rules.to_json(rules.setup(config, seed + 1)) != rules.to_json(first), (
        "setup() ignores the seed"
    )
    for i, (action, expected) in enumerate(zip(record.actions, record.events, strict=True)):
        got = _deep([e.to_json() for e in rules.apply(first, action)])
        assert got == expected, f"replaying action {i} ({action}) gave different events"
    assert json.dumps(rules.to_json(first), sort_keys=True) == json.dumps(
        record.final, sort_keys=True
    ), "replaying the same actions from the same seed gave a different final state"


def _deep(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _first_int_path(obj: Any) -> Path:
    for path, value in leaves(obj):
        if isinstance(value, int) and not isinstance(value, bool):
            return path
    raise AssertionError("the snapshot has no integer to edit")


def _set_path(obj: Any, path: Path, value: Any) -> None:
    for key in path[:-1]:
        obj = obj[key]
    obj[path[-1]] = value


def _get_path(obj: Any, path: Path) -> Any:
    for key in path:
        obj = obj[key]
    return obj


def check_match(
    game_id: str,
    config: Mapping[str, Any],
    seed: int,
    *,
    undo_steps: int = 60,
    max_steps: int = 4000,
) -> Match:
    """Undo never crosses a barrier and otherwise restores the exact JSON; replay and
    save/load reproduce the match; an edited save is refused."""
    match = new_match(game_id, config, seed)
    rng = Rng(seed * 104729 + 3)
    snapshots = [match.snapshot()]
    for step in range(max_steps + 1):
        if match.to_move is None:
            break
        assert step < max_steps, f"the match did not end within {max_steps} actions"
        action = rng.choice(match.legal_actions())
        before, barrier_before = match.snapshot(), match.barrier
        rng_before = match.state.rng.state
        events = match.apply(action)
        after = match.snapshot()
        assert match.log[-1] == action and len(match.log) == step + 1
        crossed = match.state.rng.state != rng_before or any(e.reveals for e in events)
        assert match.barrier >= barrier_before, "the undo barrier moved backwards"
        if crossed:
            assert match.barrier == len(match.log), "randomness or a reveal set no barrier"
        if step < undo_steps:
            if crossed:
                assert not match.can_undo() and match.undo() is False, (
                    f"undo crossed a barrier after {action}"
                )
                assert match.snapshot() == after, "a refused undo changed the state"
            else:
                assert match.undo() is True, f"undo refused without a barrier after {action}"
                assert match.snapshot() == before, f"undo of {action} did not restore the state"
                assert len(match.log) == step
                if step % 2:
                    assert match.can_redo() and match.redo() == 1, f"redo of {action} refused"
                    assert not match.can_redo() and match.log[-1] == action
                    assert match.barrier == barrier_before, "redo moved the barrier"
                    assert match.snapshot() == after, f"redoing {action} gave a different state"
                else:
                    again = match.apply(action)
                    assert match.snapshot() == after, f"redoing {action} gave a different state"
                    assert [e.to_json() for e in again] == [e.to_json() for e in events]
                    assert not match.can_redo(), "a new action must forget the redo"
        snapshots.append(after)

    # Take back everything undo allows, one action at a time.
    end = match.snapshot()
    log = list(match.log)
    while match.undo():
        assert match.snapshot() == snapshots[len(match.log)], "undo chain lost a state"
    assert len(match.log) == match.barrier, "undo stopped before reaching the barrier"
    for action in log[len(match.log) :]:
        match.apply(action)
    assert match.snapshot() == end

    replayed = replay_match(game_id, config, seed, log)
    assert replayed.snapshot() == end, "Match.replay did not reproduce the state"
    assert replayed.barrier == match.barrier

    saved = json.loads(json.dumps(match.to_json()))
    assert saved["rules_version"] == match.rules.version
    assert saved["content_hash"] == match.rules.content_hash()
    envelope = {"format": "banthe-save", "version": 1, "kind": "slot", "name": "t", **saved}
    loaded = match_from_json(envelope)
    assert loaded.snapshot() == end and loaded.log == log and loaded.barrier == match.barrier

    edited = copy.deepcopy(saved)
    path = _first_int_path(edited["snapshot"])
    _set_path(edited["snapshot"], path, _get_path(edited["snapshot"], path) + 1)
    _refused(edited, "an edited snapshot")
    if log and rules_seats(match) > 1:  # one seat: no other seat to blame
        tampered = copy.deepcopy(saved)
        last = tampered["log"][-1]
        last["seat"] = (last["seat"] + 1) % rules_seats(match)
        _refused(tampered, "a log with an action by the wrong seat")
        truncated = copy.deepcopy(saved)
        truncated["log"] = truncated["log"][:-1]
        _refused(truncated, "a truncated log")
    _refused({k: v for k, v in saved.items() if k != "log"}, "a save without a log")
    _refused({**saved, "game": "no-such-game"}, "a save of an unknown game")
    return match


def rules_seats(match: Match) -> int:
    return match.rules.num_seats(match.state)


def _refused(data: Mapping[str, Any], what: str) -> None:
    try:
        match_from_json(data)
    except ValueError:
        return
    raise AssertionError(f"Match.from_json accepted {what}")


def play_bots(
    rules: Rules[Any],
    config: Mapping[str, Any],
    seed: int,
    bots: Sequence[str],
    max_steps: int = 4000,
) -> int:
    """Bots (by name, cycled over the seats) play a whole game; returns the length.

    Even seats get the true state, odd seats only their view (what an AI worker
    process should send), so both paths are exercised."""
    state = rules.setup(config, seed)
    players = [make_bot(bots[i % len(bots)]) for i in range(rules.num_seats(state))]
    rng = Rng(seed ^ 0xB0B)
    for step in range(max_steps + 1):
        seat = rules.to_move(state)
        if seat is None:
            return step
        truth = rules.to_json(state)
        given = state if seat % 2 == 0 else rules.view(state, seat)
        action = players[seat].choose(rules, given, seat, rng)
        assert rules.to_json(state) == truth, f"bot {players[seat].name} changed the state"
        assert action in rules.legal_actions(state), (
            f"bot {players[seat].name} chose illegal {action}"
        )
        rules.apply(state, action)
    raise AssertionError(f"bots {list(bots)} did not finish within {max_steps} actions")
