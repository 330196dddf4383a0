"""Companion mode (Chế độ đồng hành) of Sử Hộ Vương: the program runs only the villain
side while a group plays with physical cards (issue 8 item 7; rules SHV-10).

One seat, the table operator, presses the buttons the original phone app had
(SHV-10.6): draw boss skill cards and minion-deck cards, tire/ready a villain,
−N/+N HP, destroy a minion, an ongoing skill card or a boss treasure; and steps
the villain turn (SHV-10.5): ``villain_turn`` → ``draw_skill`` × N (1 if the boss
is Tired, then it tires) → ``draw_minion`` × M → ``minion_act`` per minion →
``end_villain_turn`` (everything Ready, the round ends).  The boss card's win
conditions are checked after every action.  Everything is in the state, the RNG
included, so a companion game saves, resumes, undoes and logs like any game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from game.core.contract import (
    Action,
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
from game.shv_companion import flow
from game.shv_companion.bosses import PARTY, BossBook, book
from game.shv_companion.events import EVENTS
from game.shv_companion.invariants import problems
from game.shv_companion.state import BOSS, SCHEMA, CompanionState, minion, uids

GAME_ID = "shv_companion"
MAX_AMOUNT = 99
STEP_KINDS = {
    "villain_turn": "players",
    "draw_skill": "skills",
    "draw_minion": "minions",
    "minion_act": "act",
    "end_villain_turn": "act",
}
MANUAL = ("tire", "ready", "damage", "heal", "destroy", "eliminate")
KINDS = (*STEP_KINDS, *MANUAL)
_SCENARIO_KEYS = (
    *("hp", "boss_ready", "step", "round", "draws_left", "destroyed", "eliminated"),
    *("skill_deck", "skill_discard", "minion_deck", "minion_discard"),
)


def _illegal(reason: str, message: str, **params: Any) -> IllegalAction:
    return IllegalAction(message, f"{GAME_ID}.illegal.{reason}", **params)


def _amount(action: Action) -> int | None:
    value = action.get("amount")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_AMOUNT:
        return None
    return value


class CompanionRules(Rules[CompanionState]):
    info = GameInfo(
        id=GAME_ID,
        name_key=f"{GAME_ID}.name",
        pitch_key=f"{GAME_ID}.pitch",
        modes=(Mode("companion", f"{GAME_ID}.mode.companion", (1,)),),
        options=(Option("party", f"{GAME_ID}.option.party", 2),),  # SHV-10: 1-6 players
    )
    version = "1"
    events: ClassVar[Vocabulary] = EVENTS
    moves: ClassVar[Mapping[str, tuple[str, ...]]] = {"act": KINDS}
    pass_kinds: ClassVar[frozenset[str]] = frozenset()
    #: the buttons list 1 point; the players may record any amount up to MAX_AMOUNT
    open_args: ClassVar[Mapping[str, frozenset[str]]] = {
        "damage": frozenset({"amount"}),
        "heal": frozenset({"amount"}),
    }
    option_values: ClassVar[Mapping[str, tuple[Any, ...]]] = {"party": PARTY}

    def __init__(self, bosses: BossBook | None = None) -> None:
        self._book = bosses

    @property
    def book(self) -> BossBook:
        if self._book is None:
            self._book = book()
        return self._book

    # -- lifecycle ------------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], seed: int) -> CompanionState:
        self.info.mode(config.get("mode"))  # ValueError for an unknown mode
        if int(config.get("players", 1)) != 1:
            raise ValueError("Companion mode has one seat: the table operator")
        bosses = self.book
        boss_id = str(config.get("boss") or bosses.order[0])
        if boss_id not in bosses.bosses:
            raise ValueError(f"unknown boss {boss_id!r}; known: {', '.join(bosses.order)}")
        options = {**self.info.default_options(), **dict(config.get("options") or {})}
        party = options["party"]
        if party not in PARTY or isinstance(party, bool):
            raise ValueError(f"Companion mode is for 1-6 players, not {party!r}")
        boss = bosses.bosses[boss_id]
        hp = boss.hp[party]
        state = CompanionState(
            rng=Rng(seed),
            boss=boss_id,
            party=party,
            hp=hp,
            max_hp=hp,
            skill_deck=boss.skill_list(),
            minion_deck=boss.minion_list(),
        )
        flow.setup_ops(bosses, state, [])
        return state

    def num_seats(self, state: CompanionState) -> int:
        return 1

    def to_move(self, state: CompanionState) -> int | None:
        return None if state.result else 0

    def legal_actions(self, state: CompanionState) -> list[Action]:
        if state.result:
            return []
        out = [Action.make(k, 0) for k, step in STEP_KINDS.items()
               if step == state.step and k != "minion_act"]  # fmt: skip
        if state.step == "act":
            out += [Action.make("minion_act", 0, villain=m["uid"]) for m in state.minions
                    if m["ready"] and m["uid"] not in state.acted]  # fmt: skip
        out += self._villain_moves(BOSS, state.boss_ready, state.hp, state.max_hp)
        for m in state.minions:
            out += self._villain_moves(m["uid"], m["ready"], m["hp"], m["max_hp"])
            out.append(Action.make("destroy", 0, card=m["uid"]))
        out += [Action.make("destroy", 0, card=r["uid"]) for r in state.ongoing + state.treasures]
        out.append(Action.make("eliminate", 0))
        return out

    @staticmethod
    def _villain_moves(uid: int, ready: bool, hp: int, max_hp: int) -> list[Action]:
        out = [Action.make("tire" if ready else "ready", 0, villain=uid)]
        if hp > 0:
            out.append(Action.make("damage", 0, villain=uid, amount=1))
        if hp < max_hp:
            out.append(Action.make("heal", 0, villain=uid, amount=1))
        return out

    def explain(self, state: CompanionState, action: Action) -> IllegalAction | None:
        kind = action.kind
        step = STEP_KINDS.get(kind)
        if step is not None and step != state.step:
            return _illegal("wrong_step", f"{kind} belongs to the {step} step", step=state.step)
        if kind in ("draw_skill", "draw_minion") and state.draws_left <= 0:
            return _illegal("no_draws", "no draws are left in this step")
        check = _CHECKS.get(kind)
        if check is not None:
            problem = check(state, action)
            if problem is not None:
                return problem
        if kind in ("villain_turn", "draw_skill", "draw_minion", "end_villain_turn", "eliminate"):
            return None if action.args == () else _illegal("bad_args", "no arguments expected")
        return None

    def _apply(self, state: CompanionState, action: Action) -> list[Event]:
        events: list[Event] = []
        kind, bosses = action.kind, self.book
        uid = action.get("villain")
        if kind == "villain_turn":
            state.step = "skills"
            state.revealed = []
            per_turn = bosses.bosses[state.boss].skills[state.party]
            state.draws_left = 1 if not state.boss_ready else per_turn
            events.append(Event("villain_turn", {"round": state.round, "draws": state.draws_left}))
        elif kind == "draw_skill":
            flow.draw_skill(bosses, state, events)
        elif kind == "draw_minion":
            flow.draw_minion(bosses, state, events)
        elif kind == "minion_act":
            flow.minion_act(bosses, state, uid, events)
        elif kind == "end_villain_turn":
            flow.end_villain_turn(bosses, state, events)
        elif kind in ("tire", "ready"):
            flow.set_posture(state, uid, kind == "ready", events)
        elif kind == "damage":
            flow.damage(state, uid, int(action.get("amount", 1)), events)
        elif kind == "heal":
            flow.heal(state, uid, int(action.get("amount", 1)), events)
        elif kind == "destroy":
            flow.destroy(state, action["card"], events)
        else:  # eliminate
            state.eliminated += 1
            events.append(Event("player_eliminated", {"count": state.eliminated}))
        flow.check(bosses, state, events)
        return events

    def outcome(self, state: CompanionState) -> Outcome | None:
        if not state.result:
            return None
        winners = (0,) if state.result == "players" else ()
        return Outcome(
            winners=winners,
            scores=(float(state.max_hp - state.hp),),
            reason=f"{GAME_ID}.outcome.{state.reason}",
        )

    def prompt(self, state: CompanionState) -> Prompt | None:
        if state.result:
            return None
        return Prompt(0, f"{GAME_ID}.prompt.{state.step}", {"round": state.round}, "act")

    # -- information (nothing is hidden: the decks are sorted, their discards public) --
    def view(self, state: CompanionState, seat: int | None) -> CompanionState:
        out = self.clone(state)
        out.rng = Rng(0)
        return out

    def determinize(self, view: CompanionState, seat: int, rng: Rng) -> CompanionState:
        out = self.clone(view)
        out.rng = rng.fork()
        return out

    def clone(self, state: CompanionState) -> CompanionState:
        return SCHEMA.clone(state)

    # -- persistence ------------------------------------------------------------------
    def to_json(self, state: CompanionState) -> dict[str, Any]:
        return SCHEMA.to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> CompanionState:
        state = SCHEMA.from_json(dict(data) if isinstance(data, Mapping) else data)
        bosses = self.book
        if state.boss not in bosses.bosses:
            raise ValueError(f"boss: unknown boss {state.boss!r}")
        cards = [*state.skill_deck, *state.skill_discard, *state.minion_deck,
                 *state.minion_discard, *state.revealed]  # fmt: skip
        cards += [r["card"] for r in state.minions + state.ongoing + state.treasures]
        unknown = sorted({c for c in cards if c not in bosses.content.cards})
        if unknown:
            raise ValueError(f"unknown villain cards {unknown[:3]}")
        return state

    def from_scenario(self, data: Mapping[str, Any]) -> CompanionState:
        """A readable position: ``{"boss": "ngu_tinh", "party": 2, "seed": 3, "hp": 5,
        "boss_ready": false, "minions": ["tom_linh"], "step": "act", "round": 4,
        "skill_deck": [...], ...}``; unlisted parts come from the setup (the setup's
        own minions and treasures are replaced when ``minions`` is given)."""
        config = {"mode": "companion", "players": 1, "boss": data.get("boss"),
                  "options": {"party": data.get("party", 2)}}  # fmt: skip
        state = self.setup(config, int(data.get("seed", 0)))
        if "minions" in data:
            back = [r["card"] for r in state.minions + state.treasures]
            state.minion_deck = sorted(state.minion_deck + back)
            state.minions, state.treasures = [], []
            for card in data["minions"]:
                if card in state.minion_deck:
                    state.minion_deck.remove(card)
                flow.place_minion(self.book, state, card, True, [])
        full = self.to_json(state)
        for key in _SCENARIO_KEYS:
            if key in data:
                full[key] = data[key]
        return self.from_json(full)

    def summary(self, state: CompanionState) -> dict[str, Any]:
        """The fight in numbers for the save list, which words it in its own line
        (``shv_companion.summary.line``: round, Boss HP, players out, P-SHV-17); the
        contract's ``scores`` has the one seat's number, the damage dealt to the Boss."""
        return {
            "round": state.round,
            "scores": [state.max_hp - state.hp],
            "boss": state.boss,
            "boss_hp": state.hp,
            "max_hp": state.max_hp,
            "party": state.party,
            "eliminated": state.eliminated,
            "destroyed": state.destroyed,
        }

    def content_hash(self) -> str:
        return self.book.hash

    def action_text(self, action: Action) -> str:
        args = " ".join(f"{k}={v}" for k, v in action.args)
        return action.kind + (f"({args})" if args else "")

    def invariants(self, state: CompanionState) -> list[str]:
        return problems(self, self.book, state)

    def evaluate(self, state: CompanionState, seat: int) -> float:
        result = self.outcome(state)
        if result is not None:
            return result.value(seat)
        return 0.5 + 0.4 * (state.max_hp - state.hp) / state.max_hp - 0.05 * len(state.minions)


# --- checks per kind -----------------------------------------------------------------------


def _check_villain(state: CompanionState, action: Action) -> IllegalAction | None:
    uid = action.get("villain")
    if (
        isinstance(uid, bool)
        or not isinstance(uid, int)
        or (uid != BOSS and not minion(state, uid))
    ):
        return _illegal("no_villain", f"no boss or minion {uid!r}")
    if set(dict(action.args)) - {"villain", "amount"}:
        return _illegal("bad_args", "unexpected arguments")
    ready, hp, max_hp = _posture(state, uid)
    kind = action.kind
    if kind in ("tire", "ready"):
        if "amount" in dict(action.args):
            return _illegal("bad_args", "unexpected arguments")
        if ready == (kind == "ready"):
            return _illegal(f"already_{'ready' if ready else 'tired'}", "already in that posture")
        return None
    if kind in ("damage", "heal") and _amount(action) is None:
        return _illegal("bad_amount", f"an amount is 1-{MAX_AMOUNT}", most=MAX_AMOUNT)
    if kind == "damage" and hp == 0:
        return _illegal("no_hp", "it has no HP left")
    if kind == "heal" and hp >= max_hp:
        return _illegal("full_hp", "it is at full HP")
    if kind == "minion_act":
        if "amount" in dict(action.args) or uid == BOSS:
            return _illegal("bad_args", "a minion acts")
        if not ready or uid in state.acted:
            return _illegal("minion_done", "this minion is Tired or has acted")
    return None


def _posture(state: CompanionState, uid: int) -> tuple[bool, int, int]:
    if uid == BOSS:
        return state.boss_ready, state.hp, state.max_hp
    m = minion(state, uid)
    assert m is not None
    return bool(m["ready"]), int(m["hp"]), int(m["max_hp"])


def _check_destroy(state: CompanionState, action: Action) -> IllegalAction | None:
    uid = action.get("card")
    if set(dict(action.args)) != {"card"}:
        return _illegal("bad_args", "destroy names a card")
    if isinstance(uid, bool) or not isinstance(uid, int) or uid == BOSS or uid not in uids(state):
        return _illegal("no_card", f"no minion or villain card {uid!r}")
    return None


def _check_eliminate(state: CompanionState, action: Action) -> IllegalAction | None:
    if state.eliminated >= state.party:
        return _illegal("none_left", "every player is already eliminated")
    return None


_CHECKS: dict[str, Callable[[CompanionState, Action], IllegalAction | None]] = {
    "tire": _check_villain,
    "ready": _check_villain,
    "damage": _check_villain,
    "heal": _check_villain,
    "minion_act": _check_villain,
    "destroy": _check_destroy,
    "eliminate": _check_eliminate,
}

RULES = CompanionRules()
