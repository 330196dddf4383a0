"""Sử Hộ Vương PvP on the rules contract (ARCHITECTURE 2, 6; rules.md 2A, 3.1).

Decisions (``decision(state)``, the keys of ``moves``) and their actions:

==============  ==========================================================  =============
decision        actions (args)                                              who
==============  ==========================================================  =============
privilege_type  privilege_type(type)                                        2nd captain
place           place_guardian(card)  (hidden commitment)                   each, in order
mulligan        mulligan / keep                                             each, in order
act             summon(card), give_tactic(card, guardian[, point_type]),    active seat
                treasure(card[, guardian | player]),
                activate(source, skill[, guardian | player]),
                privilege(guardian), end_turn
target          choose_target(guardian | player)                            skill owner
interrupt       interrupt(source, skill[, guardian | player]) / pass        offered seat
react           react(source, skill[, guardian | player]) / pass            offered seat
declare         declare(source, skill) / done                               active seat
order           resolve_next(source, skill)                                 active seat
keep_equipment  keep_equipment(card)                                        active seat
attach          attach(card, guardian[, point_type]) / pass                 skill owner
point_type      point_type(type)                                            skill owner
discard         discard(card)                                               active seat
==============  ==========================================================  =============

``legal_actions`` lists one card per name (copies are the same choice);
``explain`` accepts any copy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    Option,
    Outcome,
    Prompt,
    Rules,
)
from game.core.events import Vocabulary
from game.core.rng import Rng
from game.shv.catalog import CARDS_PER_SEAT, POINT_TYPES, Catalog, default_catalog
from game.shv.decks import MAX_COPIES
from game.shv.evaluate import WEIGHTS, Evaluator, Weights
from game.shv.events import EVENTS
from game.shv.flow import Flow, decision_name
from game.shv.invariants import problems
from game.shv.moves import DECISIONS
from game.shv.options import (
    CONTRACT_OPTIONS,
    OPTION_VALUES,
    PVE_CONTRACT_OPTIONS,
    ShvOptions,
    parse_options,
)
from game.shv.pve_setup import (
    describe_villain,
    pve_scenario,
    pve_setup,
    villain_named,
    villain_problems,
    villain_strength,
)
from game.shv.refusals import refusal_of
from game.shv.scenario import scenario_state
from game.shv.state import SCHEMA, Player, ShvState, check, held_treasures, owner
from game.shv.texts import action_text, describe
from game.shv.villain import BossCatalog, default_bosses
from game.shv.villain_turn import PveFlow

GAME_ID = "shv"
#: action kinds without a ``card`` argument (``_canonical`` has nothing to do)
_NO_CARD = frozenset(
    {
        "activate",
        "end_turn",
        "pass",
        "interrupt",
        "react",
        "declare",
        "done",
        "resolve_next",
        "choose_target",
        "privilege",
        "privilege_type",
        "point_type",
        "mulligan",
        "keep",
        "keep_equipment",
    }
)
MOVES: dict[str, tuple[str, ...]] = {name: kinds for name, (_k, kinds) in DECISIONS.items()}


def build_info(catalog: Catalog, bosses: BossCatalog | None = None) -> GameInfo:
    decks = tuple((d, f"shv.deck.{d}") for d in catalog.decks)
    modes = [Mode("pvp", "shv.mode.pvp", (2, 4, 6), teams=2)]
    if bosses is not None and bosses.bosses:  # SHV-2.3 PvE, SHV-10.4.1: the Boss
        boss = Choice(
            "boss",
            "shv.choice.boss",
            tuple((b, f"shv.boss.{b}") for b in bosses.bosses),
            bosses.bosses[0],
        )
        counts = (1, 2, 3, 4, 5, 6)
        modes.append(Mode("pve", "shv.mode.pve", counts, teams=1, villain=True, choices=(boss,)))
    return GameInfo(
        id=GAME_ID,
        name_key="shv.name",
        pitch_key="shv.pitch",
        modes=tuple(modes),
        seat_choices=(
            Choice("deck", "shv.choice.deck", (("auto", "shv.deck.auto"), *decks), "auto"),
        ),
        options=CONTRACT_OPTIONS,
        decks="game.decks.shv:rules",
        deck_code="SHV",
        # The search plays its rollouts greedily to the end of the seat's own next turn
        # (at most 60 moves): a turn here is 5-10 decisions of one seat, its danger is
        # the foe's reply and its worth shows in what the seat can do after it.  Against
        # greedy on the same 100 deals (docs/AI.md "The turn rollout") hard@300 scored
        # 71 % with the rollout to the end of the foe's turn and 87 % with this one.
        search=(("rollout_turns", 3), ("rollout_depth", 60), ("rollout_greedy", 1.0)),
        # Normal keeps the rollout to the end of the foe's turn: with the longer one it
        # ended 6.5 % of its turns with a useful move left (docs/AI.md "The turn rollout").
        level_search=(("normal", (("rollout_turns", 2), ("rollout_depth", 40))),),
        # Each of hard's iterations plays about three turns, so its search settles
        # within a few hundred (docs/AI.md "Budgets").
        budgets=(("normal", 300), ("hard", 300)),
        pass_turn=frozenset({"end_turn"}),
        art_files=("cards.json", "bosses.json"),
        balance="game.balance.shv:LAB",
    )


class ShvRules(Rules[ShvState]):
    #: "2" (issue 35): every eligible answer to a window is offered (A-SHV-2); Stealth
    #: ends after any skill (A-SHV-1) and never stops a group (A-SHV-5); a villain group
    #: card goes to an unshielded player (A-SHV-6); PvE has no redraw unless asked and a
    #: single-use treasure is discarded after its text (A-SHV-12, A-SHV-14).
    #: A save of "1" whose log meets none of these still replays and loads.
    version: ClassVar[str] = "2"
    events: ClassVar[Vocabulary] = EVENTS
    moves: ClassVar[Mapping[str, tuple[str, ...]]] = MOVES
    option_values: ClassVar[Mapping[str, tuple[Any, ...]]] = OPTION_VALUES
    #: one card per name is listed; ``explain`` accepts any copy (``_canonical``)
    open_args: ClassVar[Mapping[str, frozenset[str]]] = {
        kind: frozenset({"card"})
        for kinds in MOVES.values()
        for kind in kinds
        if kind != "keep_equipment"
    }
    #: PvE rules most tables never change (SHV-10.5 ties, SHV-G14, SHV-10.7.1)
    advanced_options: ClassVar[tuple[Option, ...]] = PVE_CONTRACT_OPTIONS
    _evaluator: Evaluator | None = None  # built on first use (game.shv.evaluate)

    def __init__(
        self,
        catalog: Catalog | None = None,
        bosses: BossCatalog | None = None,
        weights: Weights = WEIGHTS,
    ) -> None:
        """``weights``: the bots' evaluation (``bench/shv_evaluate.py`` compares two)."""
        self.weights = weights
        self.catalog = catalog if catalog is not None else default_catalog()
        self.bosses = bosses if bosses is not None else default_bosses()
        self.flow = Flow(self.catalog)
        self.pve = PveFlow(self.catalog, self.bosses)  # PvE games only (SHV-10)
        self.info = build_info(self.catalog, self.bosses)

    def flow_for(self, state: ShvState) -> Flow:
        """The PvP flow, or the PvE one when the game has a villain side."""
        return self.flow if state.villain is None else self.pve

    # -- lifecycle ---------------------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], seed: int) -> ShvState:
        mode = self.info.mode(config.get("mode"))
        if mode.id == "pve":
            return pve_setup(self, config, seed)
        players = int(config.get("players", 2))
        if players not in mode.player_counts:
            raise ValueError(f"Sử Hộ Vương PvP is for 2, 4 or 6 players, not {players}")
        opts = parse_options(config.get("options"))
        seats = list(config.get("seats") or [{} for _ in range(players)])
        if len(seats) != players:
            raise ValueError(f"{len(seats)} seats for {players} players")
        teams = [
            int(s.get("team") if s.get("team") is not None else i % 2) for i, s in enumerate(seats)
        ]
        if sorted(teams) != sorted([0, 1] * (players // 2)):
            raise ValueError("PvP needs two teams of equal size (SHV-2.3)")
        rng = Rng(seed)
        first = rng.below(2) if opts.first_team == "random" else int(opts.first_team)
        lines = [[s for s in range(players) if teams[s] == t] for t in (first, 1 - first)]
        order = [s for pair in zip(*lines, strict=True) for s in pair]  # SHV-3.4.3, 3.5
        names, plist = self.seat_players(seats, teams, opts)
        state = ShvState(rng=rng, opts=opts, names=names, players=plist, order=order)
        state.phase = "privilege_type"
        state.privilege = {"team": 1 - first, "point_type": None, "used": False, "holder": None}
        from game.shv.flow import ask

        ask(state, "privilege_type", order[1])  # the second team's captain (SHV-3.4.2)
        return state

    def seat_players(
        self, seats: Sequence[Mapping[str, Any]], teams: list[int], opts: ShvOptions
    ) -> tuple[list[str], list[Player]]:
        """Every seat's deck (SHV-2.1, 3.7) and player record."""
        names: list[str] = []
        plist = []
        deck_ids = list(self.catalog.decks)
        for seat, spec in enumerate(seats):
            deck_id, cards = self._seat_deck(spec.get("deck"), deck_ids[seat % len(deck_ids)])
            if len(cards) != CARDS_PER_SEAT:
                raise ValueError(f"deck {deck_id} has {len(cards)} cards, not 30 (SHV-2.1)")
            start = self._seat_mp(spec, deck_id, opts)
            if not any(self._fits(c, start) for c in cards):
                raise ValueError(
                    f"deck {deck_id} has no guardian costing less than {start} MP (SHV-3.7)"
                )
            names.extend(cards)
            base = seat * CARDS_PER_SEAT
            plist.append(
                Player(
                    seat,
                    teams[seat],
                    start,
                    deck=list(range(base, base + CARDS_PER_SEAT)),
                )
            )
        return names, plist

    def _seat_mp(self, spec: Mapping[str, Any], deck_id: str, opts: ShvOptions) -> int:
        """A seat's own starting MP (SHV-3.4 step 1: "số MP khởi điểm của bản thân"): the
        seat's ``starting_mp``, else its deck's (an own deck's inline field or decks.json,
        SHV-G1), else the table's option."""
        deck = spec.get("deck")
        for where, value in (
            ("seat", spec.get("starting_mp")),
            ("deck", deck.get("starting_mp") if isinstance(deck, Mapping) else None),
        ):
            if value is None:
                continue
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 99:
                raise ValueError(f"a {where}'s starting_mp must be a whole number from 1 to 99")
            return value
        return self.catalog.deck_mp.get(deck_id, opts.starting_mp)

    def _seat_deck(self, value: Any, auto: str) -> tuple[str, list[str]]:
        """(name, sorted card ids) of a seat's deck: a preconstructed deck's id, "auto",
        or an inline list ``{"name", "cards": {id: copies}}`` (a player's own deck,
        game.decks); its size and guardian are checked by the caller (SHV-2.1, 3.7)."""
        if isinstance(value, Mapping):
            cards = value.get("cards")
            if not isinstance(cards, Mapping) or any(
                c not in self.catalog.cards or not isinstance(n, int) or n < 1
                for c, n in cards.items()
            ):
                raise ValueError("a seat's own deck names unknown cards or bad counts")
            over = sorted(
                c
                for c, n in cards.items()
                if n > MAX_COPIES
                and not (self.catalog.cards[c].kind == "tactic" and self.catalog.cards[c].basic)
            )
            if over:
                raise ValueError(
                    f"a seat's own deck holds more than {MAX_COPIES} of {over[0]!r} "
                    "(only basic tactics are exempt, SHV-2.2)"
                )
            return str(value.get("name") or "deck"), sorted(
                c for c, n in cards.items() for _ in range(n)
            )
        deck_id = str(value or "auto")
        if deck_id == "auto":
            deck_id = auto
        if deck_id not in self.catalog.decks:
            raise ValueError(f"unknown deck {deck_id!r}")
        return deck_id, self.catalog.deck_list(deck_id)

    def num_seats(self, state: ShvState) -> int:
        return len(state.players)

    def to_move(self, state: ShvState) -> int | None:
        if state.over:
            return None
        pending = state.fx.pending
        return state.active if pending is None else pending.seat

    def decision(self, state: ShvState) -> str | None:
        return decision_name(state)

    def legal_actions(self, state: ShvState) -> list[Action]:
        if state.phase == "over":  # to_move and decision_name, read once
            return []
        flow = self.flow if state.villain is None else self.pve
        pending = state.fx.pending
        if pending is None:
            return flow.act_actions(state, state.active)
        name = decision_name(state)
        assert name is not None
        return flow.pending_actions(state, name, pending.seat)

    def explain(self, state: ShvState, action: Action) -> IllegalAction | None:
        name = decision_name(state)
        assert name is not None
        problem = refusal_of(self.flow_for(state), state, name, action)
        if problem is not None:
            return problem
        if self._canonical(state, action) not in self.legal_actions(state):
            return IllegalAction(f"{action} is not legal now", "core.illegal.not_legal")
        return None

    def _canonical(self, state: ShvState, action: Action) -> Action:
        """The listed copy of an action on a card that has several copies."""
        if action.kind in _NO_CARD:
            return action
        card = action.get("card")
        if not isinstance(card, int) or action.kind in ("keep_equipment",):
            return action
        p = state.players[action.seat]
        zone = p.deck if action.kind == "place_guardian" else p.hand
        if card not in zone:
            return action
        names = state.names
        name = names[card]
        for first in zone:  # the first copy in the zone (``card`` is there)
            if names[first] == name:
                break
        if first == card:  # listed actions name the first copy already
            return action
        args = {k: (first if k == "card" else v) for k, v in action.args}
        return Action(action.kind, action.seat, tuple(sorted(args.items())))

    def _apply(self, state: ShvState, action: Action) -> list[Event]:
        name = decision_name(state)
        action = self._canonical(state, action)
        events: list[Event] = []
        flow = self.flow if state.villain is None else self.pve
        if name == "act":
            flow.act(state, action, events)
        elif name in ("privilege_type", "place", "mulligan"):
            flow.setup_answer(state, action, events)
        else:
            flow.answer(state, str(name), action, events)
        flow.advance(state, events)
        return events

    def outcome(self, state: ShvState) -> Outcome | None:
        if not state.over:
            return None
        v = state.villain
        if v is not None:  # SHV-10.2: the players win or lose together
            kind = str((v.result or {}).get("kind", "all_eliminated"))
            return Outcome(
                winners=tuple(state.winners),
                scores=tuple(float(p.mp) for p in state.players),
                reason=f"shv.outcome.{kind}",
            )
        return Outcome(
            winners=tuple(state.winners),
            draw=not state.winners,
            scores=tuple(float(p.mp) for p in state.players),
            reason="shv.outcome.team_out",
        )

    def prompt(self, state: ShvState) -> Prompt | None:
        seat = self.to_move(state)
        if seat is None:
            return None
        idle = Prompt(seat, "shv.prompt.act", {"round": state.round}, kind="act")
        return state.fx.prompt(seat, idle)

    # -- information -------------------------------------------------------------------------
    def view(self, state: ShvState, seat: int | None) -> ShvState:
        out = SCHEMA.clone(state)
        out.rng = Rng(0)
        for p in out.players:
            if p.seat == seat:
                continue
            p.hand = [HIDDEN] * len(p.hand)
            p.deck = [HIDDEN] * len(p.deck)
            if p.setup_guardian is not None:
                p.setup_guardian = HIDDEN
        return out

    def determinize(self, view: ShvState, seat: int, rng: Rng) -> ShvState:
        out = SCHEMA.clone(view)
        for p in out.players:
            if p.seat != seat:
                self._deal(out, p, rng)
        out.rng = rng.fork()
        return out

    def _deal(self, state: ShvState, p: Player, rng: Rng) -> None:
        known = {u for u in (*p.hand, *p.deck, *p.discard, *p.removed) if u >= 0}
        known.update(held_treasures(state, p.seat))  # public: on the table (SHV-5.3)
        for g in p.field:
            known.update((g.card, *g.tactics, *g.equipment.values()))
        if p.setup_guardian is not None and p.setup_guardian >= 0:
            known.add(p.setup_guardian)
        base = p.seat * CARDS_PER_SEAT
        unknown = [u for u in range(base, base + CARDS_PER_SEAT) if u not in known]
        rng.shuffle(unknown)
        if p.setup_guardian == HIDDEN:
            start = p.mp  # before the reveal a player's MP is their own starting MP
            fits = [u for u in unknown if self._setup_fit(state, u, start)]
            pick = fits[0] if fits else unknown[0]
            unknown.remove(pick)
            p.setup_guardian = pick
        p.hand = sorted(unknown.pop() if u == HIDDEN else u for u in p.hand)
        p.deck = sorted(unknown.pop() if u == HIDDEN else u for u in p.deck)

    def _fits(self, card_id: str, start: int) -> bool:
        card = self.catalog.cards[card_id]
        return card.kind == "guardian" and card.cost < start

    def _setup_fit(self, state: ShvState, uid: int, start: int) -> bool:
        card = self.flow.card(state, uid)
        return card.kind == "guardian" and card.cost < start

    def clone(self, state: ShvState) -> ShvState:
        return SCHEMA.clone(state)

    # -- persistence -------------------------------------------------------------------------
    def to_json(self, state: ShvState) -> dict[str, Any]:
        return SCHEMA.to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> ShvState:
        state = check(SCHEMA.from_json(dict(data) if isinstance(data, Mapping) else data))
        unknown = sorted(set(state.names).difference(self.catalog.cards, ("",)))
        if unknown:
            raise ValueError(f"names: unknown cards {unknown[:5]}")
        if state.villain is not None:
            foreign = sorted(set(state.villain.names).difference(self.bosses.cards))
            if foreign:
                raise ValueError(f"villain.names: unknown villain cards {foreign[:5]}")
        return state

    def from_scenario(self, data: Mapping[str, Any]) -> ShvState:
        pve = "boss" in data  # a PvE position (game.shv.pve_setup)
        state = pve_scenario(self, data) if pve else scenario_state(self.flow, data)
        return self.from_json(self.to_json(state))

    def action_from_json(self, state: ShvState, data: Mapping[str, Any]) -> Action:
        """Accepts card names for ``card``/``source``/``guardian`` ("ma_troi")."""
        from game.shv.scenario import named_action

        if (
            state.villain is not None
            and isinstance(data, Mapping)
            and isinstance(data.get("villain"), str)
        ):
            data = {**data, "villain": villain_named(state, str(data["villain"]))}
        return named_action(self.flow, state, data)

    def action_text(self, action: Action) -> str:
        return action_text(action)

    def describe(self, state: ShvState) -> str:
        text = describe(self.flow, state)
        return "\n".join([text, *describe_villain(state)]) if state.villain else text

    def summary(self, state: ShvState) -> dict[str, Any]:
        return {"round": state.round, "scores": [p.mp for p in state.players]}

    def content_hash(self) -> str:
        """The PvP cards, the preconstructed decks (a seat's ``auto`` or named deck is
        dealt from them at setup, so a changed list changes a save's replay) and the
        bosses: a save of any of them tells a changed set."""
        data: dict[str, Any] = {"cards": self.catalog.hash, "decks": self.catalog.decks}
        if self.bosses.bosses:
            data["bosses"] = self.bosses.hash
        return content_hash(data)

    def invariants(self, state: ShvState) -> list[str]:
        if state.villain is None:
            return problems(self, self.flow, state)
        return problems(self, self.flow, state) + villain_problems(self.bosses, state)

    # -- bots ---------------------------------------------------------------------------------
    def evaluate(self, state: ShvState, seat: int) -> float:
        """The seat's **team** against the other side (ARCHITECTURE 6, issue 10:
        ``game.shv.evaluate``: concave MP, shielding against the foes' damage a
        turn, guardians' HP and usable skills, hand and deck)."""
        result = self.outcome(state)
        if result is not None:
            return result.value(seat)
        return self._team_value(state, seat)

    def evaluate_all(self, state: ShvState) -> list[float]:
        """``evaluate`` of every seat, computed once a team: teammates share a value,
        and in PvP the two sides' values add to 1 (``Evaluator``'s logistic)."""
        result = self.outcome(state)
        if result is not None:
            return [result.value(p.seat) for p in state.players]
        first = state.players[0]
        value = self._team_value(state, first.seat)
        teams = {first.team: value}
        for p in state.players:
            if p.team not in teams:  # PvP's other side (PvE has one team)
                teams[p.team] = 1.0 - value
        return [teams[p.team] for p in state.players]

    def _team_value(self, state: ShvState, seat: int) -> float:
        """``game.shv.evaluate`` of ``seat``'s team in a game that is not over."""
        ev = self._evaluator
        if ev is None:
            ev = self._evaluator = Evaluator(self.flow, self.weights)
        villain = None if state.villain is None else villain_strength(state)
        return ev.evaluate(state, seat, villain)


def seats_of_team(state: ShvState, team: int) -> Sequence[int]:
    return [p.seat for p in state.players if p.team == team]


__all__ = ["GAME_ID", "MOVES", "POINT_TYPES", "ShvRules", "owner", "seats_of_team"]
