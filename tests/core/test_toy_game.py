"""The toy game's own rules, and proof that the generic contract suite can fail.

Part 1 tests Tiny Duel like a real game is tested: scenarios, one action,
assertions on state and events.  Part 2 breaks the toy game in the ways real
games break (a view that keeps the RNG, a shallow clone, randomness outside the
state...) and asserts that the generic checks in ``contract_checks`` catch each
one, with the message an engineer would see.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest

import game
from game import new_match
from game.core.contract import HIDDEN, PROMPT_KINDS, Action, Event, IllegalAction
from game.core.rng import Rng

from . import contract_checks as cc
from .toy_game import RULES, ToyRules, ToyState, rank

CONFIG_3 = cc.make_config(RULES.info, RULES.info.mode("ffa"), 3)


def all_cards(state: ToyState) -> list[int]:
    cards = list(state.deck) + list(state.discard)
    for zone in (*state.hands, *state.piles):
        cards.extend(zone)
    return sorted(cards)


# --- Part 1: the toy game's rules --------------------------------------------------------


def test_setup_deals_hidden_hands_from_a_shuffled_deck() -> None:
    state = RULES.setup(CONFIG_3, seed=4)
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert len(state.deck) == 18 - 9
    assert all_cards(state) == list(range(18))
    other = RULES.setup(CONFIG_3, seed=5)
    assert state.hands != other.hands, "the seed must drive the shuffle"


def test_cards_are_conserved_through_a_whole_game() -> None:
    state = RULES.setup(CONFIG_3, seed=12)
    rng = Rng(1)
    while RULES.to_move(state) is not None:
        RULES.apply(state, rng.choice(RULES.legal_actions(state)))
        assert all_cards(state) == list(range(18))


def test_view_hides_other_hands_and_the_deck() -> None:
    state = RULES.setup(CONFIG_3, seed=4)
    view = RULES.view(state, 1)
    assert view.hands[1] == state.hands[1]
    assert view.hands[0] == [HIDDEN] * 3 and view.hands[2] == [HIDDEN] * 3
    assert view.deck == [HIDDEN] * len(state.deck)
    spectator = RULES.view(state, None)
    assert all(hand == [HIDDEN] * 3 for hand in spectator.hands)


def test_determinize_deals_exactly_the_unseen_cards() -> None:
    state = RULES.setup(CONFIG_3, seed=4)
    guess = RULES.determinize(RULES.view(state, 0), 0, Rng(9))
    assert guess.hands[0] == state.hands[0]
    assert all_cards(guess) == list(range(18))
    assert guess.hands != state.hands or guess.deck != state.deck


def strike_position() -> ToyState:
    # Card 5 has rank 6 (a strike); seat 1 holds 2 (rank 3) and 7 (rank 2).
    return RULES.from_scenario(
        {"hands": [[5, 0], [2, 7], [3]], "deck": [4, 8], "scores": [4, 6, 0], "turn": 0}
    )


def test_strike_is_a_pending_decision_then_another_seat_decides() -> None:
    state = strike_position()
    assert rank(5) == 6
    events = RULES.apply(state, Action.make("play", 0, card=5))
    assert [e.kind for e in events] == ["played", "scored"]
    assert RULES.to_move(state) == 0
    assert getattr(RULES.prompt(state), "key", None) == "core.prompt.choose_target"
    assert RULES.legal_actions(state) == [
        Action.make("target", 0, target=1),
        Action.make("target", 0, target=2),
    ]
    RULES.apply(state, Action.make("target", 0, target=1))
    assert RULES.to_move(state) == 1, "the offer goes to the targeted seat"
    assert getattr(RULES.prompt(state), "key", None) == "toy.prompt.respond"
    assert set(RULES.legal_actions(state)) == {
        Action.make("block", 1, card=2),
        Action.make("block", 1, card=7),
        Action.make("take", 1),
    }
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, Action.make("take", 0))
    assert refused.value.key == "core.illegal.not_your_turn"
    events = RULES.apply(state, Action.make("block", 1, card=7))
    assert events[0] == Event("blocked", {"seat": 1, "card": 7})
    assert state.discard == [7] and state.hands[1] == [2]
    assert RULES.to_move(state) == 1 and state.pending is None  # next turn: seat 1


def test_taking_the_hit_costs_three_points_but_never_below_zero() -> None:
    state = strike_position()
    RULES.apply(state, Action.make("play", 0, card=5))
    RULES.apply(state, Action.make("target", 0, target=2))
    RULES.apply(state, Action.make("take", 2))
    assert state.scores == [6, 6, 0]


def test_a_draw_is_secret_to_everyone_but_the_drawer() -> None:
    state = strike_position()
    (drew, *_) = RULES.apply(state, Action.make("draw", 0))
    assert drew.kind == "drew" and drew.data["card"] == 8
    assert drew.for_seat(0).data["card"] == 8
    assert drew.for_seat(1).data["card"] == HIDDEN


def test_undo_barriers_draw_and_dice_but_not_a_plain_play() -> None:
    match = new_match("toy", CONFIG_3, seed=3)
    rng = Rng(0)
    seen: set[str] = set()
    while match.to_move is not None and len(seen) < 3:
        action = rng.choice(match.legal_actions())
        rolled_before = match.state.rng.state
        events = match.apply(action)
        kinds = {e.kind for e in events}
        if "drew" in kinds or match.state.rng.state != rolled_before:
            assert not match.can_undo()
            seen.add("barrier")
        elif action.kind == "play":
            assert match.can_undo()
            seen.add("plain")
        if "rolled" in kinds:
            seen.add("dice")
    assert seen == {"barrier", "plain", "dice"}


def test_scenario_and_json_refuse_nonsense() -> None:
    with pytest.raises(ValueError):
        RULES.from_json({"hands": [[1], [2]]})
    data = RULES.to_json(strike_position())
    with pytest.raises(ValueError):
        RULES.from_json({**data, "turn": 7})
    with pytest.raises(ValueError):
        RULES.from_json({**data, "scores": "many"})
    with pytest.raises(ValueError):
        RULES.setup({"mode": "ffa", "players": 9}, 1)


def test_a_totem_scores_at_its_owners_turn_start_and_is_used_up() -> None:
    # TD-3: card 2 has rank 3 (raise totem: score 1, a totem with 2 uses).
    state = RULES.from_scenario({"hands": [[2, 1], [3, 9]], "deck": [7, 13], "turn": 0})
    events = RULES.apply(state, Action.make("play", 0, card=2))
    created = next(e for e in events if e.kind == "entity_created")
    assert created.data["card"] == "totem" and created.data["usages"] == 2
    assert state.scores == [1, 0] and [e.card for e in state.fx.entities] == ["totem"]
    RULES.apply(state, Action.make("play", 1, card=3))  # seat 1 scores 4; seat 0's turn starts
    assert state.scores == [2, 4] and state.fx.entities[0].usages == 1
    RULES.apply(state, Action.make("play", 0, card=1))  # +2
    events = RULES.apply(state, Action.make("play", 1, card=9))
    assert state.scores == [5, 8] and state.fx.entities == []
    assert [e.data.get("reason") for e in events if e.kind == "entity_removed"] == ["used_up"]


def test_a_shield_lasts_two_of_its_owners_turns_and_absorbs_a_hit() -> None:
    # TD-4, TD-5: card 4 has rank 5 (ward: score 2, shield for 2 turns); 5 is a strike.
    state = RULES.from_scenario(
        {"hands": [[4, 1], [5, 3]], "deck": [7, 13, 19], "scores": [0, 0], "turn": 0}
    )
    RULES.apply(state, Action.make("play", 0, card=4))
    (shield,) = state.fx.entities
    assert shield.zone == "status" and shield.duration == 1, "ticked once at the end of the turn"
    RULES.apply(state, Action.make("play", 1, card=5))
    RULES.apply(state, Action.make("target", 1, target=0))
    prompt = RULES.prompt(state)
    assert prompt is not None and prompt.kind == "respond" and RULES.to_move(state) == 0
    events = RULES.apply(state, Action.make("take", 0))
    assert [e.kind for e in events][:4] == ["absorbed", "usage_spent", "entity_removed", "took_hit"]
    assert state.scores == [2, 2], "the shield took all 3 points"


def test_an_unused_shield_expires_after_two_turns() -> None:
    state = RULES.from_scenario({"hands": [[4, 1], [3, 9]], "deck": [7, 13], "turn": 0})
    RULES.apply(state, Action.make("play", 0, card=4))
    RULES.apply(state, Action.make("play", 1, card=3))
    events = RULES.apply(state, Action.make("play", 0, card=1))
    assert [(e.kind, e.data.get("reason")) for e in events if e.kind.startswith("entity")] == [
        ("entity_removed", "expired")
    ]
    assert state.fx.entities == []


def test_a_strike_may_target_an_entity_on_the_board_and_destroys_it() -> None:
    # TD-5: seat 0 strikes seat 1's totem instead of seat 1.
    state = RULES.from_scenario(
        {
            "hands": [[5], [3]],
            "deck": [7],
            "turn": 0,
            "entities": [{"card": "totem", "owner": 1, "zone": "summon", "usages": 2}],
        }
    )
    (totem,) = state.fx.entities
    RULES.apply(state, Action.make("play", 0, card=5))
    prompt = RULES.prompt(state)
    assert prompt is not None and prompt.kind == "choose_target"
    assert prompt.key == "core.prompt.choose_target"
    assert RULES.legal_actions(state) == [
        Action.make("target", 0, target=1),
        Action.make("target", 0, entity=totem.id),
    ]
    events = RULES.apply(state, Action.make("target", 0, entity=totem.id))
    # the entity's card is named (the log says which thing was struck: totem or shield)
    targeted = {"seat": 0, "target": 1, "entity": totem.id, "card": "totem"}
    assert events[0] == Event("targeted", targeted)
    assert events[1].kind == "entity_removed" and events[1].data["reason"] == "destroyed"
    assert state.fx.entities == [] and RULES.to_move(state) == 1, "no response: the turn ends"


def test_a_game_saved_mid_effect_resumes_identically() -> None:
    state = strike_position()
    RULES.apply(state, Action.make("play", 0, card=5))
    RULES.apply(state, Action.make("target", 0, target=1))
    assert state.fx.stack, "the strike is still on the stack, waiting for the reply"
    saved = RULES.from_json(json.loads(json.dumps(RULES.to_json(state))))
    a = RULES.apply(state, Action.make("take", 1))
    b = RULES.apply(saved, Action.make("take", 1))
    assert a == b and RULES.to_json(state) == RULES.to_json(saved)


def test_every_prompt_names_its_kind() -> None:
    state = RULES.setup(CONFIG_3, seed=21)
    rng = Rng(4)
    kinds = set()
    while RULES.to_move(state) is not None:
        prompt = RULES.prompt(state)
        assert prompt is not None and prompt.kind in PROMPT_KINDS
        kinds.add(prompt.kind)
        RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    assert "act" in kinds


def test_toy_is_registered_but_hidden_from_menus() -> None:
    assert game.get("toy") is RULES
    assert "toy" not in game.ids() and "toy" in game.ids(include_hidden=True)


# --- Part 2: the suite catches broken games -------------------------------------------


class KeepsRngView(ToyRules):
    def view(self, state: ToyState, seat: int | None) -> ToyState:
        out = super().view(state, seat)
        out.rng = state.rng.copy()
        return out


class FabricatingView(ToyRules):
    def view(self, state: ToyState, seat: int | None) -> ToyState:
        out = super().view(state, seat)
        out.deck = [0] * len(out.deck)
        return out


class LeakyView(ToyRules):
    """Hides the deck but shows every hand to everyone."""

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        out = super().view(state, seat)
        out.hands = [list(h) for h in state.hands]
        return out


class ShallowClone(ToyRules):
    def clone(self, state: ToyState) -> ToyState:
        out = super().clone(state)
        out.hands = state.hands  # shared lists: the classic aliasing bug
        return out


class MutatesWhenRefusing(ToyRules):
    def apply(self, state: ToyState, action: Action, *, check: bool = True) -> list[Event]:
        if self.explain(state, action) is not None:
            state.history.append(-1)  # the bug: touches the state before refusing
        return super().apply(state, action, check=check)


class ListsUnplayableCards(ToyRules):
    def legal_actions(self, state: ToyState) -> list[Action]:
        out = super().legal_actions(state)
        seat = self.to_move(state)
        if seat is not None and state.pending is None and state.deck:
            out.append(Action.make("play", seat, card=state.deck[0]))
        return out


class SecretlessDraw(ToyRules):
    def _apply(self, state: ToyState, action: Action) -> list[Event]:
        events = super()._apply(state, action)
        return [Event(e.kind, e.data) if e.kind == "drew" else e for e in events]


_outside = itertools.count()


class RandomnessOutsideTheState(ToyRules):
    def _apply(self, state: ToyState, action: Action) -> list[Event]:
        if action.kind == "play" and rank(action["card"]) == 1:
            seat = action.seat
            state.hands[seat].remove(action["card"])
            state.piles[seat].append(action["card"])
            roll = next(_outside) % 6 + 1  # a counter outside the state
            events = [Event("rolled", {"seat": seat, "value": roll})]
            self._score(state, seat, roll, events)
            self._end_turn(state, events)
            return events
        return super()._apply(state, action)


class TupleJson(ToyRules):
    def to_json(self, state: ToyState) -> dict[str, Any]:
        data = super().to_json(state)
        data["scores"] = tuple(data["scores"])
        return data


class PeekingLegalActions(ToyRules):
    def legal_actions(self, state: ToyState) -> list[Action]:
        out = super().legal_actions(state)
        if state.deck and rank(state.deck[-1]) == 6:  # peeks at the hidden top card
            out = [a for a in out if a.kind != "draw"]
        return out


class LazyDeterminize(ToyRules):
    def determinize(self, view: ToyState, seat: int, rng: Rng) -> ToyState:
        out = self.clone(view)
        out.rng = rng.fork()
        return out


class ToMoveAfterTheEnd(ToyRules):
    def to_move(self, state: ToyState) -> int | None:
        return state.turn if state.over else super().to_move(state)


class UntranslatedReason(ToyRules):
    def explain(self, state: ToyState, action: Action) -> IllegalAction | None:
        problem = super().explain(state, action)
        if problem is not None:
            return IllegalAction(str(problem), "toy.illegal.forgot_to_translate")
        return None


def _play(rules: ToyRules) -> None:
    for seed in range(6):
        cc.check_determinism(rules, CONFIG_3, seed, cc.play_checked(rules, CONFIG_3, seed))


BROKEN: list[tuple[type[ToyRules], str]] = [
    (KeepsRngView, "keeps the real RNG"),
    (FabricatingView, "may only replace values by HIDDEN"),
    (LeakyView, "does not hide that seat's private cards"),
    (ShallowClone, "changed the original"),
    (MutatesWhenRefusing, "changed the state"),
    (ListsUnplayableCards, "refuses listed action"),
    (SecretlessDraw, "returned no secret event"),
    (RandomnessOutsideTheState, "gave different"),
    (TupleJson, "JSON round trip"),
    (PeekingLegalActions, "depend on something the mover cannot see"),
    (LazyDeterminize, "left HIDDEN values"),
    (ToMoveAfterTheEnd, "exactly one must be None"),
    (UntranslatedReason, "has no vi"),
]


@pytest.mark.parametrize(("broken", "message"), BROKEN, ids=[b.__name__ for b, _ in BROKEN])
def test_the_suite_catches(broken: type[ToyRules], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        _play(broken())


def test_the_match_checks_catch_randomness_outside_the_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(game._cache, "toy", RandomnessOutsideTheState())
    with pytest.raises(AssertionError, match=r"did not restore|different state|Match\.replay"):
        for seed in range(6):
            cc.check_match("toy", CONFIG_3, seed)


def test_the_match_checks_catch_a_snapshot_that_does_not_survive_a_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(game._cache, "toy", TupleJson())
    with pytest.raises(ValueError, match="snapshot"):
        cc.check_match("toy", CONFIG_3, 1)


def test_the_bot_checks_catch_a_bot_that_cheats(monkeypatch: pytest.MonkeyPatch) -> None:
    class Cheater:
        name = "cheater"

        def choose(self, rules: Any, state: Any, seat: int, rng: Rng) -> Action:
            return Action.make("play", seat, card=HIDDEN)

    bots: dict[str, Callable[[], Any]] = {"cheater": Cheater}
    monkeypatch.setattr(cc, "make_bot", lambda name: bots[name]())
    with pytest.raises(AssertionError, match="chose illegal"):
        cc.play_bots(RULES, CONFIG_3, 1, ["cheater"])
