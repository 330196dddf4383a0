"""State clone cost: the schema helper against hand-written clones (not a test).

Usage (from the repository root)::

    .venv/bin/python bench/bench_clone.py [--runs 7] [--number 20000]

Prints the median over ``--runs`` runs of the cost of one clone (µs) for:

* the toy game mid-game (``game.toy``, cloned by its ``SCHEMA``);
* a state shaped like a big game (2 players x 3 characters with HP, energy and
  statuses, 30-card decks, hands, 8 dice each, summons and supports on the board,
  an effect frame on the stack), cloned by a ``Schema`` and by hand;
* ManaSurge mid-game, cloned by its hand-written ``MSState.clone`` and by a
  ``Schema`` declaring the same fields.

The budget for the big games is 200 µs (0.2 ms) per clone.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import timeit
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import game
from game.core.effects import Effects, Frame
from game.core.rng import Rng
from game.core.schema import F, Schema


@dataclass
class BigState:
    rng: Rng
    round: int
    phase: int
    turn: int
    active: list[int]
    hp: list[list[int]]
    energy: list[list[int]]
    hands: list[list[int]]
    decks: list[list[int]]
    dice: list[list[int]]
    used: list[int]
    over: bool
    fx: Effects = field(default_factory=Effects)


BIG_SCHEMA: Schema[BigState] = Schema(
    BigState,
    [
        F.rng(),
        F.num("round"),
        F.num("phase"),
        F.num("turn"),
        F.ints("active"),
        F.intss("hp"),
        F.intss("energy"),
        F.intss("hands"),
        F.intss("decks"),
        F.intss("dice"),
        F.ints("used"),
        F.flag("over"),
        F.obj("fx", Effects.clone, Effects.to_json, Effects.from_json),
    ],
)


def big_by_hand(s: BigState) -> BigState:
    """What an engineer would write without the schema (the baseline)."""
    return BigState(
        s.rng.copy(), s.round, s.phase, s.turn, s.active[:], [x[:] for x in s.hp],
        [x[:] for x in s.energy], [x[:] for x in s.hands], [x[:] for x in s.decks],
        [x[:] for x in s.dice], s.used[:], s.over, s.fx.clone(),
    )  # fmt: skip


def big_state() -> BigState:
    s = BigState(
        Rng(1), 3, 1, 0, [0, 1], [[10, 8, 10], [7, 10, 9]], [[2, 3, 0], [1, 0, 2]],
        [list(range(7)), list(range(30, 36))], [list(range(7, 30)), list(range(36, 60))],
        [[0, 1, 2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2, 1, 0]], [], False,
    )  # fmt: skip
    for owner in (0, 1):
        for char in range(3):
            s.fx.create("status", owner, f"char{char}", usages=2, duration=2, counters={"c": 1})
        for _ in range(4):
            s.fx.create("summon", owner, "summon", usages=3, counters={"hp": 2})
        for _ in range(2):
            s.fx.create("support", owner, "support", counters={"charge": 1})
    steps: list[dict[str, Any]] = [{"op": "damage", "amount": 3}, {"op": "draw"}]
    s.fx.stack.append(Frame(steps, 1, {"seat": 0, "target": 4}))
    return s


def mid_game(game_id: str, players: int, steps: int) -> Any:
    rules = game.get(game_id)
    state = rules.setup(rules.info.default_config(players=players), 3)
    rng = Rng(2)
    for _ in range(steps):
        if rules.to_move(state) is None:
            break
        rules.apply(state, rng.choice(rules.legal_actions(state)), check=False)
    return state


def ms_schema() -> Schema[Any]:
    from game.manasurge.state import MSState

    keep = ("opts", "winners", "end_reason")  # immutable values, shared like by hand
    lists: tuple[str, ...] = ("draw", "discard", "table", "table_seat", "table_stones")
    lists += ("offer", "pool_purple", "pool_gold", "chars", "attuned")
    nested = ("hands", "penalty", "stats")
    fields = [F.rng()]
    for name in ("n", "target", "round", "phase", "caster", "turn", "pending", "direction"):
        fields.append(F.num(name))
    fields += [F.ints(x) for x in lists] + [F.intss(x) for x in nested]
    for name in ("lead_suit", "ladder", "last_rank", "amplify", "supply_purple"):
        fields.append(F.num(name))
    fields += [F.num(x) for x in ("supply_gold", "extra", "hit_seat", "last_seat")]
    fields += [F.data(x) for x in keep]
    return Schema(MSState, fields)


def median_us(fn: Callable[[Any], Any], arg: Any, runs: int, number: int) -> float:
    times = [timeit.timeit(lambda: fn(arg), number=number) for _ in range(runs)]
    return statistics.median(times) / number * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--number", type=int, default=20000)
    args = parser.parse_args()
    runs, number = args.runs, args.number
    print(f"Python {platform.python_version()} on {platform.machine()}")
    print(f"median of {runs} runs x {number} clones, µs per clone (budget 200 µs):")
    toy = game.get("toy")
    toy_state = mid_game("toy", 3, 12)
    print(f"  toy (schema)                 {median_us(toy.clone, toy_state, runs, number):7.2f}")
    big = big_state()
    assert BIG_SCHEMA.to_json(BIG_SCHEMA.clone(big)) == BIG_SCHEMA.to_json(big)
    print(f"  big-game shape (schema)      {median_us(BIG_SCHEMA.clone, big, runs, number):7.2f}")
    print(f"  big-game shape (by hand)     {median_us(big_by_hand, big, runs, number):7.2f}")
    ms_state = mid_game("manasurge", 4, 30)
    schema = ms_schema()
    assert schema.to_json(schema.clone(ms_state)) == schema.to_json(ms_state)
    hand = median_us(lambda s: s.clone(), ms_state, runs, number)
    gen = median_us(schema.clone, ms_state, runs, number)
    print(f"  manasurge 4p (MSState.clone) {hand:7.2f}")
    print(f"  manasurge 4p (schema)        {gen:7.2f}   ({(gen / hand - 1) * 100:+.1f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
