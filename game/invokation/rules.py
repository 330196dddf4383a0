"""Thất Thánh Triệu Hồi on the rules contract (ARCHITECTURE 2, 7; rules.md 2B, 3.2).

==============  ===================================================  ==========================
decision        actions (args)                                       who
==============  ===================================================  ==========================
mulligan        mulligan(cards)                                      each seat, first first
initial_active  choose_active(character)  (hidden commitment)        each seat, first first
reroll          reroll(dice)  (hidden commitment)                    each seat, first first
act             skill(skill, dice), switch(character, dice),         ``turn``
                play(card, dice[, character | summon][, replace]),
                tune(card, die), end_round
new_active      choose_active(character)  (hidden when both choose)  the defeated side(s)
==============  ===================================================  ==========================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from game.core.content import content_hash
from game.core.contract import (
    HIDDEN,
    Action,
    Choice,
    Event,
    GameInfo,
    IllegalAction,
    Mode,
    Outcome,
    Prompt,
    Rules,
)
from game.core.events import Vocabulary
from game.core.rng import Rng
from game.invokation import actions, legal
from game.invokation.catalog import FACES, GAME_ID, Catalog, catalog_for
from game.invokation.events import EVENTS
from game.invokation.flow import commit_reroll
from game.invokation.invariants import problems
from game.invokation.options import CONTRACT_OPTIONS, OPTION_VALUES
from game.invokation.refusals import CHECKS
from game.invokation.scenario import scenario_state
from game.invokation.state import GIState, sort_dice
from game.invokation.texts import action_text, describe

DECISIONS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "mulligan": ("choose_card", ("mulligan",), "invokation.prompt.mulligan"),
    "initial_active": ("commit_secret", ("choose_active",), "invokation.prompt.initial_active"),
    "reroll": ("commit_secret", ("reroll",), "invokation.prompt.reroll"),
    "act": ("act", ("skill", "switch", "play", "tune", "end_round"), "invokation.prompt.act"),
    "new_active": ("choose_target", ("choose_active",), "invokation.prompt.new_active"),
}
MOVES = {name: kinds for name, (_, kinds, _) in DECISIONS.items()}
# Listed canonically (ARCHITECTURE 7.4): any payment, copy, die or subset is accepted.
OPEN_ARGS = {
    "skill": frozenset({"dice"}),
    "switch": frozenset({"dice"}),
    "play": frozenset({"dice", "card"}),
    "tune": frozenset({"die", "card"}),
    "reroll": frozenset({"dice"}),
    "mulligan": frozenset({"cards"}),
}
# The arguments each kind may carry; anything else is refused.
ARG_NAMES: dict[str, frozenset[str]] = {
    "mulligan": frozenset({"cards"}),
    "choose_active": frozenset({"character"}),
    "reroll": frozenset({"dice"}),
    "skill": frozenset({"skill", "dice"}),
    "switch": frozenset({"character", "dice"}),
    "tune": frozenset({"card", "die"}),
    "play": frozenset({"card", "dice", "character", "summon", "replace"}),
    "end_round": frozenset(),
}
APPLY = {
    "skill": actions.skill,
    "switch": actions.switch,
    "play": actions.play,
    "tune": actions.tune,
    "end_round": actions.end_round,
}


def build_info(cat: Catalog) -> GameInfo:
    decks = tuple((d, f"invokation.deck.{d}") for d in cat.decks)
    return GameInfo(
        id=GAME_ID,
        name_key="invokation.name",
        pitch_key="invokation.pitch",
        modes=(Mode("duel", "invokation.mode.duel", (2,)),),
        seat_choices=(
            Choice(
                "deck", "invokation.choice.deck", (("auto", "invokation.deck.auto"), *decks), "auto"
            ),
        ),
        options=CONTRACT_OPTIONS,
        decks="game.decks.invokation:rules",
        deck_code="TTT",
        # Up to 2000 the budget buys strength (hard@2000 beat hard@200 61.7 % of 60
        # games), beyond it nothing measurable (hard@4000 scored 46.7 % against hard@2000);
        # 2000 keeps hard's decisions under a second (docs/AI.md "Budgets").
        budgets=(("normal", 1000), ("hard", 2000)),
        pass_turn=frozenset({"end_round"}),
        art_files=("cards.json",),
        balance="game.balance.invokation:LAB",
    )


def decision_of(state: GIState) -> str | None:
    if state.phase == "over":
        return None
    if state.fx.pending is not None:
        return "new_active"
    if state.phase == "setup":
        return "mulligan" if not all(p.mulliganed for p in state.players) else "initial_active"
    if state.phase == "roll":
        return "reroll"
    return "act"


def mover_of(state: GIState) -> int | None:
    if state.phase == "action":  # the usual case: decision_of is "act" or "new_active"
        pending = state.fx.pending
        return state.turn if pending is None else pending.seat
    return _mover(state, decision_of(state))


def _mover(state: GIState, name: str | None) -> int | None:
    """The seat to answer decision ``name`` (``decision_of(state)``)."""
    order = (state.first, 1 - state.first)
    if name is None:
        return None
    if name == "new_active":
        assert state.fx.pending is not None
        return state.fx.pending.seat
    if name == "mulligan":
        return next(s for s in order if not state.players[s].mulliganed)
    if name in ("initial_active", "reroll"):
        return next(s for s in order if state.commit[s] is None)
    return state.turn


class InvokationRules(Rules[GIState]):
    # Raised when a rules change makes old logs replay differently (ARCHITECTURE
    # 3.3): "2" (issue 35 items 6-9): a bearer's bonus only for its own skill hits
    # (A-GI-1/2), the End Phase from the first to declare the round end (A-GI-3),
    # a talent's skill or a Combat Action card ends the Plunging window (A-GI-4),
    # no heal-only Food at full HP (A-GI-5).  A version-1 save that met none of
    # these still loads; one that did says it was saved with version 1.
    version: ClassVar[str] = "2"
    events: ClassVar[Vocabulary] = EVENTS
    moves: ClassVar[Mapping[str, tuple[str, ...]]] = MOVES
    option_values: ClassVar[Mapping[str, tuple[Any, ...]]] = OPTION_VALUES
    open_args: ClassVar[Mapping[str, frozenset[str]]] = OPEN_ARGS

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog if catalog is not None else catalog_for("")
        self.info = build_info(self.catalog)
        self._hash = ""

    # -- lifecycle ------------------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], seed: int) -> GIState:
        extra = config.get("content", self.catalog.extra)
        cat = catalog_for(str(extra)) if extra != self.catalog.extra else self.catalog
        return actions.setup_state(cat, config, seed)

    def num_seats(self, state: GIState) -> int:
        return 2

    def to_move(self, state: GIState) -> int | None:
        return mover_of(state)

    def decision(self, state: GIState) -> str | None:
        return decision_of(state)

    def prompt(self, state: GIState) -> Prompt | None:
        name = decision_of(state)
        seat = mover_of(state)
        if name is None or seat is None:
            return None
        kind, _, key = DECISIONS[name]
        return Prompt(seat, key, {"round": state.round}, kind=kind)

    def legal_actions(self, state: GIState) -> list[Action]:
        if state.phase == "action" and state.fx.pending is None:
            return legal.act(state, state.turn)  # decision_of is "act"
        name = decision_of(state)
        seat = _mover(state, name)
        if name is None or seat is None:
            return []
        if name == "mulligan":
            return legal.mulligans(state, seat)
        if name in ("initial_active", "new_active"):
            acts = legal.actives(state, seat)
            if name == "new_active":
                p = state.players[seat]
                acts = [a for a in acts if a["character"] != p.active]
            return acts
        if name == "reroll":
            return legal.rerolls(state, seat)
        return legal.act(state, seat)

    def explain(self, state: GIState, action: Action) -> IllegalAction | None:
        extra = [k for k, _ in action.args if k not in ARG_NAMES[action.kind]]
        if extra:
            return IllegalAction(
                f"{action.kind} takes no argument {extra[0]!r}",
                "invokation.illegal.bad_args",
            )
        return CHECKS[action.kind](state, action)

    def _apply(self, state: GIState, action: Action) -> list[Event]:
        kind, seat = action.kind, action.seat
        if kind == "mulligan":
            return actions.mulligan(state, seat, list(action["cards"]))
        if kind == "choose_active":
            return actions.choose_active(state, seat, int(action["character"]))
        if kind == "reroll":
            return commit_reroll(state, seat, list(action["dice"]))
        return APPLY[kind](state, action)

    def apply_quiet(self, state: GIState, action: Action) -> None:
        """``_apply`` without its events kept (the contract's quiet mode)."""
        found = APPLY.get(action.kind)
        if found is not None:
            found(state, action)
        else:
            self._apply(state, action)

    def outcome(self, state: GIState) -> Outcome | None:
        if state.phase != "over":
            return None
        capped = all(any(c.alive for c in p.characters) for p in state.players)
        reason = f"invokation.outcome.{'round_cap' if capped else 'defeat'}"
        return Outcome(tuple(state.winners), state.draw, tuple(self._scores(state)), reason)

    def _scores(self, state: GIState) -> list[float]:
        return [
            float(sum(1 for c in state.players[1 - s].characters if not c.alive)) for s in (0, 1)
        ]

    # -- information ------------------------------------------------------------------------
    def view(self, state: GIState, seat: int | None) -> GIState:
        v = state.clone()
        v.rng = Rng(0)
        for s, p in enumerate(v.players):
            if s == seat:
                continue
            p.hand = [HIDDEN] * len(p.hand)
            p.deck = [HIDDEN] * len(p.deck)
            if not state.opts.opponent_dice_visible:
                p.dice = [HIDDEN] * len(p.dice)
            if v.commit[s] is not None:
                v.commit[s] = HIDDEN
        if seat is None:
            for p in v.players:
                p.deck = [HIDDEN] * len(p.deck)
        return v

    def determinize(self, view: GIState, seat: int, rng: Rng) -> GIState:
        s = view.clone()
        s.rng = rng.fork()
        for o, p in enumerate(s.players):
            known = {c for c in (*p.hand, *p.deck, *p.used) if c != HIDDEN}
            base = 30 * o
            pool = [c for c in range(base, base + 30) if c < len(s.cards) and c not in known]
            s.rng.shuffle(pool)
            p.hand = [pool.pop() if c == HIDDEN else c for c in p.hand]
            if HIDDEN in p.deck:
                p.deck = sorted(pool.pop() if c == HIDDEN else c for c in p.deck)
            if HIDDEN in p.dice:
                p.dice = sort_dice([f if f != HIDDEN else FACES[s.rng.below(8)] for f in p.dice])
            if s.commit[o] == HIDDEN:
                s.commit[o] = self._guess(s, o)
        return s

    def _guess(self, state: GIState, seat: int) -> Any:
        if state.phase == "roll":
            return []
        p = state.players[seat]
        options = [i for i, c in enumerate(p.characters) if c.alive and i != p.active]
        return options[state.rng.below(len(options))] if options else 0

    def clone(self, state: GIState) -> GIState:
        return state.clone()

    # -- persistence -------------------------------------------------------------------------
    def to_json(self, state: GIState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> GIState:
        state = GIState.from_json(data)
        catalog_for(state.extra)  # the content must load
        return state

    def from_scenario(self, data: Mapping[str, Any]) -> GIState:
        return scenario_state(data)

    def summary(self, state: GIState) -> dict[str, Any]:
        return {"round": state.round, "scores": self._scores(state), "phase": state.phase}

    def invariants(self, state: GIState) -> list[str]:
        return problems(self, state)

    def evaluate(self, state: GIState, seat: int) -> float:
        result = self.outcome(state)
        if result is not None:
            return result.value(seat)

        def side(s: int) -> float:
            p = state.players[s]
            alive = [c for c in p.characters if c.alive]
            return sum(c.hp + 0.5 * c.energy for c in alive) + 4 * len(alive) + 0.3 * len(p.summons)

        diff = side(seat) - side(1 - seat)
        return max(0.0, min(1.0, 0.5 + diff / 100))

    # -- readable forms ------------------------------------------------------------------------
    def action_text(self, action: Action) -> str:
        return action_text(action)

    def describe(self, state: GIState) -> str:
        return describe(state)

    def content_hash(self) -> str:
        if not self._hash:
            self._hash = content_hash(
                {"cards": dict(self.catalog.cards), "decks": dict(self.catalog.decks)}
            )
        return self._hash


RULES = InvokationRules()
