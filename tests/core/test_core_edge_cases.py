"""Behaviour of game/core the mutation samples of issue 13.14 found unpinned.

``Match`` (first round): what ``apply`` and ``outcome`` return, the barrier kept
by an undo, the Seat defaults, and a broken log reported without a "saved with"
prefix when the rules did not change.  The rest of game/core (second round,
docs/RELIABILITY.md "Mutation testing"): the effects substrate's error
paths, the contract's defaults and turn invariants, the schema's messages,
data fields and generated clone source, and what the survivors of ``rng``,
``content``, ``bots``, ``worker`` and ``seeds`` showed."""

from __future__ import annotations

import copy
import dataclasses
import json
from dataclasses import dataclass
from typing import Any

import pytest

from game.ai import bots, worker
from game.core import content
from game.core import rng as rng_module
from game.core.contract import Action, Choice, GameInfo, Mode, Rules
from game.core.effects import Effects
from game.core.match import Match, Seat
from game.core.rng import Rng
from game.core.schema import CLONE_BEGIN, CLONE_END, F, Schema, clone_source_problem
from game.core.seeds import simulate_seed
from game.toy.rules import RULES as TOY
from game.toy.rules import ToyRules
from tests.core.test_match import CONFIG, RELAY, RELAY_ID, relay, saved
from tests.core.test_rng import state_before
from tests.core.test_schema import SCHEMA, Sample, sample


def test_apply_returns_the_rules_events() -> None:
    match = relay("step")
    twin = copy.deepcopy(match)
    events = match.apply(match.legal_actions()[0])
    expected = twin.rules.apply(twin.state, twin.legal_actions()[0])
    assert [e.kind for e in events] == [e.kind for e in expected] == ["step"]
    assert events[0].data == {"seat": 1}


def test_redo_replays_and_apply_after_redo_returns_events() -> None:
    match = relay("step", "step")
    assert match.undo() and match.redo() == 1
    assert [e.kind for e in match.apply(match.legal_actions()[2])] == ["roll"]
    assert match.barrier == 3  # the roll is a barrier


def test_outcome_is_the_rules_outcome() -> None:
    match = relay(*["step"] * RELAY.LENGTH)
    assert match.to_move is None and match.legal_actions() == []
    outcome = match.outcome()
    assert outcome is not None and outcome == RELAY.outcome(match.state)
    assert outcome.winners == (0, 1, 2)
    assert relay("step").outcome() is None


def test_undo_keeps_the_barrier_of_earlier_randomness() -> None:
    match = relay("roll", "step", "step")
    assert match.barrier == 1
    assert match.undo() and match.barrier == 1 and len(match.log) == 2
    assert match.undo() and match.barrier == 1 and len(match.log) == 1
    assert not match.undo() and match.barrier == 1


def test_seat_defaults_without_from_config() -> None:
    seat = Seat("An")
    assert (seat.control, seat.bot, seat.team, seat.is_ai) == ("human", "greedy", None, False)
    assert Seat("Bình", "ai").is_ai
    assert Seat.from_config({"control": "ai", "bot": ""}, 0).bot == "greedy"
    assert Seat.from_config({"team": True}, 0).team is None
    assert Seat.from_config({"team": 1}, 0).team == 1


def test_a_broken_log_with_the_same_rules_is_not_blamed_on_them() -> None:
    data = saved(relay("step", "step"))
    data["log"][1]["seat"] = 0  # seat 1 moved second
    with pytest.raises(ValueError) as err:
        Match.from_json(data, rules=RELAY)
    assert str(err.value).startswith("the action log does not replay:"), err.value
    assert "saved with" not in str(err.value)


def test_a_snapshot_mismatch_with_the_same_rules_says_only_that() -> None:
    data = saved(relay("step"))
    data["snapshot"]["steps"][0] += 1
    with pytest.raises(ValueError) as err:
        Match.from_json(data, rules=RELAY)
    assert str(err.value) == "the replayed game does not match the saved snapshot"


def test_from_json_keeps_the_larger_barrier() -> None:
    data = saved(relay("step", "roll", "step"))
    assert data["barrier"] == 2
    data["barrier"] = 3
    assert Match.from_json(data, rules=RELAY).barrier == 3
    data["barrier"] = 0  # a smaller stored barrier never lowers the replayed one
    assert Match.from_json(data, rules=RELAY).barrier == 2
    assert Match.from_json(data, rules=RELAY).seats[1] == Seat("Bình", "ai")
    assert Match(RELAY_ID, CONFIG, 7, rules=RELAY).seats[0].name == "An"


@pytest.mark.parametrize(("seed", "ok"), [(2**64 - 1, True), (-(2**64 - 1), True), (2**64, False)])
def test_the_seed_limit_is_exactly_64_bits(seed: int, ok: bool) -> None:
    data = saved(Match(RELAY_ID, CONFIG, seed, rules=RELAY))
    if ok:
        assert Match.from_json(data, rules=RELAY).seed == seed
    else:
        with pytest.raises(ValueError, match="64 bits"):
            Match.from_json(data, rules=RELAY)


def test_seat_has_slots() -> None:
    seat = Seat("An")
    assert Seat.__slots__ and not hasattr(seat, "__dict__")


@pytest.mark.parametrize("barrier", ["1", True, 1.0])
def test_a_barrier_that_is_not_an_int_is_named(barrier: object) -> None:
    data = saved(relay("step"))
    data["barrier"] = barrier
    with pytest.raises(ValueError, match=r"^match data has a bad barrier "):
        Match.from_json(data, rules=RELAY)


# --- game/core/effects.py ---------------------------------------------------------------------


def test_effects_from_json_refuses_a_non_object_with_its_path() -> None:
    for bad in ("fx", None, [], 3):
        with pytest.raises(ValueError, match=r"^fx: expected an object, got \w+$"):
            Effects.from_json(bad)
    with pytest.raises(ValueError, match=r"^saved\.fx: expected an object, got \w+$"):
        Effects.from_json([], "saved.fx")


def test_effects_from_json_names_the_pending_decision_path() -> None:
    data = Effects().to_json()
    data["pending"] = {"kind": "choose_option", "seat": "x", "key": "k", "params": {},
                       "options": [], "store": "s"}  # fmt: skip
    with pytest.raises(ValueError, match=r"^fx\.pending\.seat: expected an integer"):
        Effects.from_json(data)
    data["pending"] = "later"
    with pytest.raises(ValueError, match=r"^fx\.pending: expected an object, got \w+$"):
        Effects.from_json(data)


# --- game/core/contract.py --------------------------------------------------------------------


def test_default_config_names_unnamed_seats_from_one_and_says_the_allowed_counts() -> None:
    info = GameInfo("x", "x.n", "x.p", (Mode("ffa", "x.ffa", (2, 3)),))
    config = info.default_config(players=3, names=["An"])
    assert [s["name"] for s in config["seats"]] == ["An", "#2", "#3"]
    assert [s["name"] for s in info.default_config()["seats"]] == ["#1", "#2"]
    with pytest.raises(ValueError, match=r"^x mode ffa takes \(2, 3\) players$"):
        info.default_config("ffa", 4)


def test_action_from_json_says_what_it_was_given() -> None:
    for bad in ([1], {"seat": 0}, {"kind": 3, "seat": 0}):
        with pytest.raises(ValueError, match=r"^not an action: "):
            Action.from_json(bad)  # type: ignore[arg-type]


def test_choice_is_frozen_and_hashable() -> None:
    deck = Choice("deck", "x.deck", (("a", "x.a"),), "a")
    with pytest.raises(dataclasses.FrozenInstanceError):
        deck.default = "b"  # type: ignore[misc]
    assert hash(deck) == hash(Choice("deck", "x.deck", (("a", "x.a"),), "a"))


def test_a_rules_class_that_lists_no_open_args_has_none() -> None:
    # The property suite reads ``open_args`` of every game; the toy game inherits it.
    assert Rules.open_args == {} and ToyRules.open_args == {}


class _Mover(ToyRules):
    """The toy game with a chosen seat to move and chosen legal actions."""

    def __init__(self, mover: Any) -> None:
        self.mover = mover

    def to_move(self, state: Any) -> Any:
        return self.mover


def test_mover_problems_name_each_broken_turn_invariant() -> None:
    state = TOY.setup({"players": 3}, 1)
    acts = TOY.legal_actions(state)
    assert acts and _Mover(0).mover_problems(state, acts) == []
    for bad in (3, 7, -1, None, True):
        assert _Mover(bad).mover_problems(state, acts) == [
            f"the seat to move ({bad!r}) is not one of the 3 seats"
        ]
    assert _Mover(0).mover_problems(state, []) == ["seat 0 is to move but has no legal action"]
    assert _Mover(1).mover_problems(state, acts) == ["an action is listed for another seat than 1"]
    assert _Mover(0).mover_problems(state, [*acts, acts[0]]) == ["duplicate legal actions"]


# --- game/core/schema.py ----------------------------------------------------------------------


def test_a_double_declaration_names_the_fields() -> None:
    with pytest.raises(ValueError, match=r"^a field is declared twice in \['turn', 'turn'\]$"):
        Schema(Sample, [F.num("turn"), F.num("turn")])


class _NoNew(dict):  # type: ignore[type-arg]
    """``object.__new__`` refuses a dict subclass, as it refuses a mypyc class."""


def test_a_class_that_refuses_object_new_needs_blank_and_clone() -> None:
    with pytest.raises(
        ValueError, match=r": object\.__new__ refused; give Schema blank= and clone=$"
    ):
        Schema(_NoNew, [F.num("turn")])
    made = Schema(_NoNew, [F.num("turn")], blank=_NoNew, clone=lambda s: s)
    assert made.from_json({"turn": 2}).turn == 2  # type: ignore[attr-defined]


@dataclass
class _Doc:
    doc: Any
    turn: int


def test_a_data_field_is_written_and_read_as_it_is() -> None:
    schema: Schema[_Doc] = Schema(_Doc, [F.data("doc"), F.num("turn")])
    value = _Doc({"deep": [1, {"x": None}]}, 3)
    data = schema.to_json(value)
    assert data == {"doc": {"deep": [1, {"x": None}]}, "turn": 3}
    back = schema.from_json(json.loads(json.dumps(data)))
    assert (back.doc, back.turn) == (value.doc, 3)
    assert schema.clone(value).doc is value.doc  # replaced, never mutated: shared


def test_clone_source_names_a_custom_clone_by_its_qualified_name() -> None:
    text = SCHEMA.clone_source("Sample()")
    assert "        o.fx = Effects.clone(self.fx)\n" in text
    assert text.startswith("    def clone(self) -> Sample:\n        o = Sample()\n")
    block = f"{CLONE_BEGIN}\n    pass\n{CLONE_END}\n"
    assert clone_source_problem(SCHEMA, block, "Sample()") == (
        f"the clone between the {CLONE_BEGIN} markers differs from the schema's:\n{text}"
    )


def test_a_list_field_that_is_not_a_list_says_what_it_got() -> None:
    data = {**SCHEMA.to_json(sample()), "names": "An"}
    with pytest.raises(ValueError, match=r"^names: expected a list, got str$"):
        SCHEMA.from_json(data)


# --- game/core/rng.py -------------------------------------------------------------------------


def test_rng_repr_shows_the_state_in_hex() -> None:
    assert repr(Rng(255)) == "Rng(0xff)" and repr(Rng()) == "Rng(0x0)"


def test_the_native_switch_keeps_every_draw_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled build takes the 32-bit path below 256 items and the 64-bit one from
    256 on (its tables stop at 255): forced on here, every draw stays the same."""

    def draws() -> list[Any]:
        rng, out = Rng(0x5EED), []
        for n in (1, 2, 255, 256, 257, 1000):
            items = list(range(n))
            out += [rng.below(n), rng.choice(items)]
            rng.shuffle(items)
            out.append(items)
        return [*out, rng.state]

    plain = draws()
    monkeypatch.setattr(rng_module, "_NATIVE", True)
    assert draws() == plain


def test_rng_has_slots() -> None:
    assert Rng.__slots__ == ("state",) and not hasattr(Rng(1), "__dict__")


def test_both_shuffles_reject_the_same_draws() -> None:
    """The shuffle's first draw (n = the list's length) built to be exactly the first
    rejected value, the last accepted one and the largest: both paths agree."""
    for n in (3, 5, 7, 72, 255):
        first_bad = (1 << 64) - (1 << 64) % n
        for output in (first_bad, first_bad - 1, (1 << 64) - 1):
            a, b = Rng(state_before(output)), Rng(state_before(output))
            x, y = list(range(n)), list(range(n))
            a.shuffle(x)
            b._shuffle32(y)
            assert x == y and a.state == b.state


# --- game/core/content.py ---------------------------------------------------------------------

_DOC: dict[str, Any] = {
    "format": "banthe-content",
    "game": "demo",
    "version": 1,
    "keywords": {},
    "cards": {
        "plain": {
            "effects": [{"op": "score", "points": 2}],
            "text": {"vi": "Được {points}.", "en": "Score {points}."},
        },
        "hero": {
            "kind": "hero",
            "skills": {
                "hit": {
                    "effects": [{"op": "hit", "amount": 1}],
                    "text": {"vi": "Đánh {amount}.", "en": "Hit {amount}."},
                }
            },
        },
    },
}


def test_listing_rows_default_the_kind_and_print_a_bare_skill_without_a_lead() -> None:
    rows = {row["id"]: row for row in content.listing(_DOC)}
    assert rows["plain"]["kind"] == "card" and rows["hero"]["kind"] == "hero"
    assert rows["plain"]["text"] == {"vi": "Được 2.", "en": "Score 2."}
    # no own text, one skill with no name, keyword or points: just its text
    assert rows["hero"]["text"] == {"vi": "Đánh 1.", "en": "Hit 1."}


def test_the_op_of_a_step_is_never_a_template_parameter() -> None:
    card = {
        "effects": [{"op": "score", "points": 1}, {"op": "draw", "points": 1}],
        "text": {"vi": "{op} {points}", "en": "{points}"},
    }
    doc = {**_DOC, "cards": {"odd": card}}
    assert content.validate(doc) == ["odd: vi text uses {op}, which no step provides"]


def test_a_name_that_is_not_an_object_is_named_as_such() -> None:
    card = {**_DOC["cards"]["plain"], "name": "Plain"}
    doc = {**_DOC, "cards": {"plain": card}}
    assert content.validate(doc) == ["plain: name must be an object {vi, en}"]


# --- game/ai/bots.py --------------------------------------------------------------------------


def test_every_bot_name_makes_the_bot_of_that_name() -> None:
    assert list(bots.BOTS) == ["random", "greedy", "easy", "normal", "hard"]
    for name in bots.BOTS:
        assert bots.make(name).name == name
    with pytest.raises(KeyError, match="unknown bot 'hardest'"):
        bots.make("hardest")


# --- game/ai/worker.py ------------------------------------------------------------------------


class _Pipe:
    def __init__(self, requests: list[Any]) -> None:
        self.requests = requests
        self.replies: list[Any] = []

    def recv(self) -> Any:
        if not self.requests:
            raise EOFError
        return self.requests.pop(0)

    def send(self, obj: Any) -> None:
        self.replies.append(obj)


def test_a_failed_job_is_reported_as_the_exception_type_and_text() -> None:
    pipe = _Pipe([(4, "os.system", ("true",)), (5, "warm_up", ("chess",))])
    worker.serve(pipe)
    assert pipe.replies[0] == (4, "error", "KeyError: 'os.system'")
    assert pipe.replies[1][:2] == (5, "error")
    assert pipe.replies[1][2].startswith("KeyError: \"unknown game 'chess'")


# --- game/core/seeds.py -----------------------------------------------------------------------


def test_simulate_seeds_are_pinned_63_bit_values() -> None:
    # Stable across versions: documents quote figures for a run seed.
    assert simulate_seed(1, "manasurge", 0) == 9203674159331232614
    assert simulate_seed(2, "manasurge", 0) == 9145426919470805146
    assert simulate_seed(1, "manasurge", 1) == 3272945696958576115
    assert simulate_seed(1, "shv", 0) == 1038129472982812100
    assert all(0 <= simulate_seed(s, "toy", n) < 2**63 for s in range(5) for n in range(5))
