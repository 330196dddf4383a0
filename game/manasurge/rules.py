"""ManaSurge rules core (rules.md section 2C, gaps 3.3, content 4.3).

Hot-path design: cards are ints, hands are lists, actions come from a cache of
prebuilt ``Action`` objects, and the state clones field by field.  Every rule
decision cites its rule ID.  Automatic steps (being hit with no Magic to play,
the end of a round, refills, the all-Magic lead redraw) happen inside ``apply``
so ``to_move`` always names a seat with a real choice.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, ClassVar, Final

from game.core.art import without_art
from game.core.contract import (
    HIDDEN,
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
from game.manasurge.cards import (
    ATTUNER,
    BARD_MAX_RANK,
    BLADES,
    CHARACTERS,
    CODES,
    ECHO,
    N_CARDS,
    RANK,
    SUIT,
    SUITS,
    candidates,
    character_name,
    content,
    min_players,
)
from game.manasurge.engine import Ev, EvList
from game.manasurge.engine import _Engine as E  # the class itself: mypyc calls it directly
from game.manasurge.events import EVENTS
from game.manasurge.options import (
    ADVANCED_OPTIONS,
    EXTRA_OPTION_VALUES,
    parse_options,
)
from game.manasurge.queries import (
    _DECLINE,
    _DEFLECT,
    _GIVE,
    _LEAD,
    _MAGIC,
    _TAKE_HIT,
    _VALID,
    _beats,
    _frost_target,
    _has_valid_spell,
    _need,
    _play_prompt_key,
    _play_variants,
    _rank_refusal,
    _siphon_action,
    _siphon_plan,
    _valid_key,
)
from game.manasurge.state import (
    GOLD_STONES,
    HAND_SIZE,
    PHASE_DEFLECT,
    PHASE_FROST,
    PHASE_LEAD,
    PHASE_LIGHTNING,
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_RECALL,
    PHASE_SIPHON,
    PURPLE_STONES,
    STAT_KEYS,
    MSState,
)

# --- invariants (Rules.invariants; the soak command and the tests run them) ------------


def _card_problems(s: MSState) -> list[str]:
    """MS-1.1: the 72 cards are in the zones, each exactly once."""
    zones = [s.draw, s.discard, s.table, *s.hands, *s.penalty]
    total = sum(len(zone) for zone in zones)
    seen: set[int] = set()
    for zone in zones:
        seen.update(zone)
    out = []
    if total != N_CARDS:
        out.append(f"{total} cards in the zones, not {N_CARDS}")
    if len(seen) != total:
        out.append(f"a card is in two places ({total - len(seen)} duplicates)")
    if not seen <= set(range(N_CARDS)):
        out.append(f"unknown cards {sorted(seen - set(range(N_CARDS)))[:5]}")
    if not len(s.table) == len(s.table_seat) == len(s.table_stones):
        out.append("table, table_seat and table_stones differ in length")
    elif s.table and (s.table[0] >= 60 or SUIT[s.table[0]] != s.lead_suit):
        out.append(f"the lead {s.table[0]} is not a spell of the lead suit {s.lead_suit}")
    return out


def _stone_problems(s: MSState) -> list[str]:
    """MS-1.1, MS-6.4: 40 purple + 10 gold (plus the unlimited counter), none negative."""
    purple = s.supply_purple + sum(s.pool_purple) + sum(s.table_stones)
    gold = s.supply_gold + sum(s.pool_gold)
    out = []
    if purple != PURPLE_STONES + s.extra:
        out.append(f"{purple} purple stones, not {PURPLE_STONES} + {s.extra}")
    if gold != GOLD_STONES:
        out.append(f"{gold} gold stones, not {GOLD_STONES}")
    if min(s.pool_purple) < 0 or min(s.pool_gold) < 0 or s.supply_purple < 0:
        out.append("a negative stone count")
    if s.supply_gold < 0 or s.extra < 0 or min(s.table_stones, default=0) < 0:
        out.append("a negative stone count in the supply or on the table")
    if not len(s.pool_purple) == len(s.pool_gold) == len(s.hands) == len(s.penalty) == s.n:
        out.append("per-seat lists differ from the player count")
    return out


def _turn_problems(rules: ManaSurgeRules, s: MSState) -> list[str]:
    """Only the seat to move acts; the game over has winners and no move."""
    mover = s.to_move()
    acts = rules.legal_actions(s)
    if s.phase == PHASE_OVER:
        return [] if mover is None and s.winners and not acts else ["a finished game still moves"]
    return rules.mover_problems(s, acts)


# --- legal actions and their checks, phase by phase -----------------------------------

#: Allowed moves, declared once (``Rules.moves``): phase name -> action kinds.
MOVES: Final[dict[str, tuple[str, ...]]] = {
    "lead": ("lead",),
    "play": ("play", "magic", "take_hit"),
    "frost": ("give", "decline"),
    "lightning": ("play", "decline"),
    "recall": ("play", "decline"),
    "siphon": ("siphon",),
    "deflect": ("deflect", "decline"),
}

#: What each phase's prompt asks for (``Prompt.kind``, one of PROMPT_KINDS).
PROMPT_KIND: Final[dict[int, str]] = {
    PHASE_LEAD: "act",
    PHASE_PLAY: "act",
    PHASE_FROST: "choose_card",  # MS-7.2: which card of your hand to give
    PHASE_LIGHTNING: "respond",  # MS-8.4: one more play, or stop
    PHASE_RECALL: "respond",  # play a drawn card, or keep it
    PHASE_SIPHON: "choose_target",  # which card on the table to siphon from
    PHASE_DEFLECT: "respond",  # pass the penalty card on, or not
}


def _legal_play(s: MSState) -> list[Action]:
    """PHASE_PLAY: the valid spells (MS-5.1), Magic (MS-5.4), or take the hit (MS-6.1)."""
    t = s.turn
    hand = s.hands[t]
    opts = s.opts
    row = _VALID[t][_valid_key(s.ladder, s.lead_suit == BLADES, opts.allow_equal)]
    if s.chars[t] >= 0:
        out: list[Action] = []
        spells = [c for c in hand if row[c] is not None]
        if spells:
            _play_variants(s, t, spells, out)
    else:
        out = [a for c in hand if (a := row[c]) is not None]
    stuck = not out
    if not stuck and opts.magic_only_when_stuck:
        return out
    mrow = _MAGIC[t]
    for c in hand:  # a plain loop: a generator in extend() costs more for a few cards
        if c >= 60:
            out.append(mrow[c])
    if stuck:
        out.append(_TAKE_HIT[t])
    return out


def _legal_lead(s: MSState) -> list[Action]:
    """PHASE_LEAD: every spell in the caster's hand, each direction (MS-4.1, MS-4.4)."""
    c0 = s.caster
    rows = _LEAD[c0]
    if s.n == 2:  # one direction only: no duplicate actions
        return [rows[c][0] for c in s.hands[c0] if 0 <= c < 60]
    out: list[Action] = []
    for c in s.hands[c0]:
        if 0 <= c < 60:
            out.extend(rows[c])
    return out


@cache
def _content_hash() -> str:
    """SHA-256 of the card content in canonical JSON (key order and spacing do not count)."""
    text = json.dumps(
        without_art(content()), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_CARD_KINDS: Final = frozenset(("lead", "play", "magic", "give"))


def _check_card(s: MSState, action: Action) -> IllegalAction | None:
    card = action.get("card")
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < N_CARDS:
        return IllegalAction(f"no such card {card!r}", "manasurge.illegal.no_card")
    if card not in s.hands[action.seat]:
        return IllegalAction(
            f"{CODES[card]} is not in your hand", "manasurge.illegal.not_in_hand", card=card
        )
    return None


def _check_lead(s: MSState, action: Action) -> IllegalAction | None:
    card = action["card"]
    if card >= 60:  # MS-4.2
        return IllegalAction(
            "a Magic card cannot lead the round", "manasurge.illegal.lead_magic", card=card
        )
    d = action.get("dir")
    if d not in (1, -1) or isinstance(d, bool):
        return IllegalAction("direction must be 1 or -1", "manasurge.illegal.bad_direction")
    if d == -1 and s.n == 2:
        return IllegalAction(
            "with two players only one direction exists", "manasurge.illegal.two_players"
        )
    return None


def _check_play(s: MSState, action: Action) -> IllegalAction | None:
    card = action["card"]
    if card >= 60:
        return IllegalAction(
            "a Magic card is played as magic, not on the ladder",
            "manasurge.illegal.magic_not_spell",
            card=card,
        )
    phase = s.phase
    rank = RANK[card]
    against = s.offer[0] if phase == PHASE_LIGHTNING else s.ladder
    if phase == PHASE_RECALL and card not in s.offer:
        return IllegalAction(
            "only a card drawn by Recall may be played now",
            "manasurge.illegal.recall_only_drawn",
            card=card,
        )
    if not _beats(s, rank, against):  # MS-5.1, MS-G1, MS-8.1, MS-8.4
        return _rank_refusal(s, card, against, phase == PHASE_LIGHTNING)
    return _check_powers(s, action, card, rank)


def _check_powers(s: MSState, action: Action, card: int, rank: int) -> IllegalAction | None:
    """The character powers a play may use (MS-3.1 characters)."""
    mover = action.seat
    if action.get("attune") is not None and (
        action.get("attune") is not True
        or s.chars[mover] != ATTUNER
        or s.attuned[mover]
        or s.caster != mover  # MS-C3 #5: only in a round the Bard leads
        or rank > BARD_MAX_RANK
        or SUIT[card] == s.lead_suit
    ):
        return IllegalAction(
            "the Resonant Bard power is not available",
            "manasurge.illegal.power_unavailable",
        )
    if action.get("hold") is not None and (
        action.get("hold") is not True or s.chars[mover] != ECHO or s.n <= 2 or rank != s.last_rank
    ):
        return IllegalAction(
            "the Echo Keeper power is not available", "manasurge.illegal.power_unavailable"
        )
    return None


def _check_magic(s: MSState, action: Action) -> IllegalAction | None:
    card = action["card"]
    if card < 60:
        return IllegalAction(
            f"{CODES[card]} is a Spell, not a Magic card",
            "manasurge.illegal.not_magic",
            card=card,
        )
    if s.opts.magic_only_when_stuck and _has_valid_spell(s, s.hands[action.seat]):
        # MS-5.4, MS-G14
        return IllegalAction(
            "Magic may be played only when you have no valid Spell",
            "manasurge.illegal.magic_only_when_stuck",
            card=card,
        )
    return None


def _check_take_hit(s: MSState, action: Action) -> IllegalAction | None:
    if _has_valid_spell(s, s.hands[action.seat]):  # MS-5.4 [PROP]: no passing with a valid card
        return IllegalAction(
            "you hold a valid Spell and must play it", "manasurge.illegal.must_play"
        )
    return None


def _check_give(s: MSState, action: Action) -> IllegalAction | None:
    if len(s.hands[action.seat]) < 2:  # MS-7.2
        return IllegalAction(
            "you may not give away your last card", "manasurge.illegal.cannot_give_last"
        )
    return None


def _check_siphon(s: MSState, action: Action) -> IllegalAction | None:
    _, sources = _siphon_plan(s, action.seat)
    if action.get("index") not in sources:
        return IllegalAction(
            "no stone of another player can be taken from that card",
            "manasurge.illegal.bad_siphon_target",
        )
    return None


_CHECKS: Final[dict[str, Callable[[MSState, Action], IllegalAction | None]]] = {
    "lead": _check_lead,
    "play": _check_play,
    "magic": _check_magic,
    "take_hit": _check_take_hit,
    "give": _check_give,
    "siphon": _check_siphon,
}


# --- the Rules object --------------------------------------------------------------


class ManaSurgeRules(Rules[MSState]):
    info = GameInfo(
        id="manasurge",
        name_key="manasurge.name",
        pitch_key="manasurge.pitch",
        modes=(Mode("ffa", "manasurge.mode.ffa", (2, 3, 4, 5, 6)),),
        seat_choices=(),
        options=(
            Option("allow_equal", "manasurge.option.allow_equal", True),
            Option("compare_to", "manasurge.option.compare_to", "last"),
            Option("damage_counts_own_stones", "manasurge.option.damage_counts_own_stones", True),
            Option("overload_at", "manasurge.option.overload_at", 5),
            Option("magic_only_when_stuck", "manasurge.option.magic_only_when_stuck", True),
            Option("characters", "manasurge.option.characters", False),
            Option("target", "manasurge.option.target", None),
        ),
        # The normal level's slips (game.ai.guards.by_visits) draw among every card it
        # tried at least a tenth as often as its best, whatever their values: the
        # search values a 2-player round's cards 0.05-0.1 apart, and with slips held
        # within 0.05 hard@200 beat normal@100 52 % (docs/AI.md).
        search=(("sample_most", 8), ("sample_drop", 1.0)),
        # Head to head more search buys little (hard@2000 beat hard@200 53 % of 200
        # games), but against greedy it does: hard@200 78 %, hard@1000 83.5 %, hard@2000
        # 85 %, at 0.22 s a decision (docs/AI.md "Budgets").
        budgets=(("normal", 100), ("hard", 2000)),
        pass_turn=frozenset({"take_hit"}),
        art_files=("cards.json",),
        balance="game.balance.manasurge:LAB",
    )
    #: Rules version recorded in saves; raise it when a rules change makes old
    #: logs replay differently.  "2" (issue 36 item 6, docs/BALANCE.md): the characters
    #: retuned (the Echo Keeper is not dealt at 2 players, the Librarian's 6 cards, the
    #: Bard's token and rank, the Stoneskin's and Riposte's later overload).  A save of
    #: "1" without characters still replays and loads.
    version: ClassVar[str] = "2"
    events: ClassVar[Vocabulary] = EVENTS
    moves: ClassVar[Mapping[str, tuple[str, ...]]] = MOVES
    #: Values the seat-setup screen may offer for each option (first = default).
    option_values: ClassVar[Mapping[str, tuple[Any, ...]]] = {
        "allow_equal": (True, False),
        "compare_to": ("last", "lead"),
        "damage_counts_own_stones": (True, False),
        "overload_at": (5, 4, 6, None),
        "magic_only_when_stuck": (True, False),
        "characters": (False, True),
        "target": (None, 8, 10, 12, 15),
        **EXTRA_OPTION_VALUES,
    }
    #: Options accepted in config, scenarios and saves but not (yet) on the setup
    #: screen, which has no room for more rows: MS-G3, G11, G12, G13, G16, 8.6, 6.2.1.
    advanced_options: ClassVar[tuple[Option, ...]] = ADVANCED_OPTIONS

    def setup_pool(self, options: Mapping[str, Any], lang: str) -> tuple[tuple[str, int], ...]:
        """What setup deals at random, for the setup screen: (name, fewest players
        its power does anything with) per character, () when characters are off
        (MS-3.1; MS-C3: the Echo Keeper needs 3+ players, ``min_players`` in cards.json)."""
        if not options.get("characters"):
            return ()
        chars = content()["characters"]
        return tuple(
            (character_name(i, lang), int(c.get("min_players", 2))) for i, c in enumerate(chars)
        )

    # -- lifecycle ---------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], seed: int) -> MSState:
        mode = config.get("mode") or "ffa"
        if mode != "ffa":
            raise ValueError(f"ManaSurge has no mode {mode!r} (only 'ffa')")
        players = config.get("players")
        if players is None:
            seats = config.get("seats")
            players = len(seats) if isinstance(seats, list) and seats else 4
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
            raise ValueError("ManaSurge needs 2 to 6 players (MS-1.4)")
        opts = parse_options(config.get("options"))
        s = MSState(players, opts, Rng(seed))
        if opts.characters:  # MS-3.1: only characters whose power works at this table
            fewest = min_players()
            chars = [c for c in range(len(CHARACTERS)) if fewest[c] <= players]
            s.rng.shuffle(chars)
            s.chars = chars[:players]
        deck = list(range(N_CARDS))  # MS-3.2
        s.rng.shuffle(deck)
        for p in range(players):
            k = HAND_SIZE  # MS-3.2: 5 each (the Librarian draws 6 only between rounds, MS-C3 #1)
            s.hands[p] = deck[-k:]
            del deck[-k:]
        s.draw = deck
        first = config.get("first")
        if isinstance(first, int) and not isinstance(first, bool) and 0 <= first < players:
            s.caster = first
        else:
            s.caster = s.rng.below(players)  # MS-3.4
        E.start_round(s, [])
        return s

    def num_seats(self, state: MSState) -> int:
        return state.n

    def to_move(self, state: MSState) -> int | None:
        phase = state.phase  # MSState.to_move written out: it runs before every action
        if phase == PHASE_PLAY:
            return state.turn
        if phase == PHASE_LEAD:
            return state.caster
        return None if phase == PHASE_OVER else state.pending

    def legal_actions(self, state: MSState) -> list[Action]:
        s = state
        phase = s.phase
        if phase == PHASE_PLAY:
            return _legal_play(s)
        if phase == PHASE_LEAD:
            return _legal_lead(s)
        if phase == PHASE_OVER:
            return []
        p = s.pending
        if phase == PHASE_FROST:
            g = _GIVE[p]
            out = [g[c] for c in s.hands[p] if c >= 0]
        elif phase == PHASE_LIGHTNING:
            against = s.offer[0]
            out = []
            _play_variants(
                s, p, [c for c in s.hands[p] if 0 <= c < 60 and _beats(s, RANK[c], against)], out
            )
        elif phase == PHASE_RECALL:
            out = []
            _play_variants(s, p, [c for c in s.offer if c >= 0 and c in s.hands[p]], out)
        elif phase == PHASE_SIPHON:
            _, sources = _siphon_plan(s, p)
            return [_siphon_action(p, i) for i in sources]
        else:  # PHASE_DEFLECT
            return [_DEFLECT[p], _DECLINE[p]]
        out.append(_DECLINE[p])
        return out

    def explain(self, state: MSState, action: Action) -> IllegalAction | None:
        # refusal() (Rules) has already refused a finished game, another seat, an
        # unknown kind and a kind the phase does not allow (MOVES).
        s = state
        kind = action.kind
        if kind in _CARD_KINDS:
            problem = _check_card(s, action)
            if problem is not None:
                return problem
        check = _CHECKS.get(kind)
        if check is not None:
            problem = check(s, action)
            if problem is not None:
                return problem
        if action not in self.legal_actions(s):
            return IllegalAction(f"{action} is not legal now", "core.illegal.not_legal")
        return None

    def decision(self, state: MSState) -> str | None:
        """The phase name (a key of ``MOVES``), None when the game is over."""
        return None if state.phase == PHASE_OVER else PHASE_NAMES[state.phase]

    def wrong_decision(self, state: MSState, decision: str, action: Action) -> IllegalAction:
        return IllegalAction(
            f"{action.kind} is not possible now: {decision} decision",
            f"manasurge.illegal.wrong_phase_{decision}",
        )

    def _apply(self, state: MSState, action: Action) -> list[Event]:
        ev: EvList = []
        self._run(state, action, ev)
        return ev

    def apply_quiet(self, state: MSState, action: Action) -> None:
        """Quiet mode (``Rules.apply_quiet``): the same play, no event built."""
        self._run(state, action, None)

    def _run(self, state: MSState, action: Action, ev: Ev) -> None:
        # The arguments are read by position: an action from ``legal_actions`` (or
        # equal to one, which ``explain`` checks) has them sorted by name, as
        # ``Action.make`` sorts them: ("attune",) ("card",) ("dir"/"hold",).
        s = state
        kind = action.kind
        seat = action.seat
        args = action.args
        if kind == "play":
            via = (
                "turn"
                if s.phase == PHASE_PLAY
                else "lightning"
                if s.phase == PHASE_LIGHTNING
                else "recall"
            )
            if len(args) > 1:  # a character power (MS-C3 #4 Echo Keeper, #5 Resonant Bard)
                attune = args[0] == ("attune", True)
                hold = args[-1] == ("hold", True)
                card: int = args[1 if attune else 0][1]  # type: ignore[assignment]
                E.play_spell(s, seat, card, attune, hold, via, ev)
            else:
                E.play_spell(s, seat, args[0][1], False, False, via, ev)  # type: ignore[arg-type]
        elif kind == "lead":
            E.lead(s, seat, args[0][1], args[1][1], ev)  # type: ignore[arg-type]
        elif kind == "magic":
            E.play_magic(s, seat, args[0][1], ev)  # type: ignore[arg-type]
        elif kind == "take_hit":
            E.hit(s, seat, ev)
        elif kind == "give":
            E.give(s, seat, args[0][1], ev)  # type: ignore[arg-type]
        elif kind == "siphon":
            dest, _ = _siphon_plan(s, seat)
            E.siphon(s, seat, args[0][1], dest, ev)  # type: ignore[arg-type]
            E.end_turn(s, seat, ev)
        elif kind == "deflect":
            E.deflect(s, seat, ev)
        elif kind == "decline":
            phase = s.phase
            if ev is not None:
                ev.append(Event("declined", {"seat": seat, "choice": PHASE_NAMES[phase]}))
            if phase == PHASE_DEFLECT:
                E.finish_round(s, ev)
            else:
                E.end_turn(s, seat, ev)
        else:
            raise IllegalAction(f"unknown action {kind!r}", "core.illegal.unknown_action")

    def action_from_json(self, state: MSState, data: Mapping[str, Any]) -> Action:
        """An action from JSON where ``card`` may be a readable code
        (``"fireball-5"``): the copy in the acting seat's hand is chosen."""
        if not isinstance(data, Mapping):
            raise ValueError(f"not an action: {data!r}")
        card = data.get("card")
        if isinstance(card, str):
            seat = data.get("seat")
            hand = state.hands[seat] if isinstance(seat, int) and 0 <= seat < state.n else []
            options = candidates(card)
            mine = [c for c in options if c in hand]
            data = {**data, "card": (mine or options)[0]}
        return Action.from_json(data)

    def content_hash(self) -> str:
        """SHA-256 of ``cards.json`` in canonical form (sorted keys, no spaces)."""
        return _content_hash()

    def invariants(self, state: MSState) -> list[str]:
        """MS-1.1 every card and stone accounted for, MS-6.4 the stone value
        conserved, the table lists parallel, only the seat to move acts."""
        return _card_problems(state) + _stone_problems(state) + _turn_problems(self, state)

    def card_code(self, card: int) -> str:
        return "?" if card == HIDDEN else CODES[card]

    def action_text(self, action: Action) -> str:
        """``play[1](fireball-5)``: an action with its card shown as a code."""
        parts = [
            self.card_code(v) if k == "card" and isinstance(v, int) else f"{k}={v}"
            for k, v in action.args
        ]
        return f"{action.kind}[{action.seat}]({', '.join(parts)})"

    def describe(self, state: MSState) -> str:
        """A readable multi-line dump (the ``scenario`` command prints it)."""
        s = state
        code = self.card_code
        arrow = "clockwise" if s.direction == 1 else "counter-clockwise"
        lines = [
            f"round {s.round}, phase {PHASE_NAMES[s.phase]}, caster {s.caster}, "
            f"direction {arrow}, to move {s.to_move()}",
            f"lead suit {SUITS[s.lead_suit] if s.lead_suit >= 0 else '-'}, ladder {s.ladder}, "
            f"amplify {s.amplify}, target {s.target}",
            "table: "
            + (
                ", ".join(
                    f"{code(c)}[seat {p}, {k} stones]"
                    for c, p, k in zip(s.table, s.table_seat, s.table_stones, strict=True)
                )
                or "-"
            ),
        ]
        for p in range(s.n):
            char = f" ({CHARACTERS[s.chars[p]]})" if s.chars[p] >= 0 else ""
            lines.append(
                f"seat {p}{char}: score {s.score(p)} ({s.pool_purple[p]} purple, "
                f"{s.pool_gold[p]} gold), penalty {len(s.penalty[p])}, hand "
                + (" ".join(code(c) for c in s.hands[p]) or "-")
            )
        lines.append(
            f"draw {len(s.draw)}, discard {len(s.discard)}, supply {s.supply_purple} purple "
            f"+ {s.supply_gold} gold"
        )
        result = self.outcome(s)
        if result is not None:
            lines.append(f"game over ({result.reason}): winners {list(result.winners)}")
        else:
            prompt = self.prompt(s)
            if prompt is not None:
                lines.append(f"asked: {prompt.key}")
            lines.append("legal: " + ", ".join(self.action_text(a) for a in self.legal_actions(s)))
        return "\n".join(lines)

    # -- results ---------------------------------------------------------------------
    def outcome(self, state: MSState) -> Outcome | None:
        if state.phase != PHASE_OVER:
            return None
        return Outcome(
            winners=state.winners,
            draw=len(state.winners) > 1,
            scores=tuple(float(x) for x in state.scores()),
            reason=state.end_reason,
        )

    def prompt(self, state: MSState) -> Prompt | None:
        s = state
        mover = s.to_move()
        if mover is None:
            return None
        phase = s.phase
        if phase == PHASE_PLAY:
            hand = s.hands[mover]
            key = _play_prompt_key(s) if _has_valid_spell(s, hand) else "stuck"
            return Prompt(
                mover,
                f"manasurge.prompt.{key}",
                {
                    "seat": mover,
                    "ladder": s.ladder,
                    "need": _need(s, s.ladder),
                    "suit": SUITS[s.lead_suit],
                },
                PROMPT_KIND[phase],
            )
        params: dict[str, Any] = {"seat": mover}
        if phase == PHASE_FROST:
            params["to"] = _frost_target(s, mover)  # MS-G16
        elif phase == PHASE_LIGHTNING:
            params["rank"] = s.offer[0]
        elif phase == PHASE_DEFLECT:
            params["to"] = s.last_seat
        return Prompt(mover, f"manasurge.prompt.{PHASE_NAMES[phase]}", params, PROMPT_KIND[phase])

    def summary(self, state: MSState) -> dict[str, Any]:
        return {
            "round": state.round,
            "scores": state.scores(),
            "target": state.target,
            "caster": state.caster,
            "phase": PHASE_NAMES[state.phase],
            **{key: [row[i] for row in state.stats] for i, key in enumerate(STAT_KEYS)},
        }

    def evaluate(self, state: MSState, seat: int) -> float:
        s = state
        if s.phase == PHASE_OVER:
            if seat in s.winners:
                return 1.0 if len(s.winners) == 1 else 0.75
            return 0.0
        worth = [0.0] * s.n
        for p in range(s.n):
            worth[p] = s.score(p) - 0.3 * len(s.penalty[p])
        for i, k in enumerate(s.table_stones):
            if k:
                worth[s.table_seat[i]] += 0.6 * k
        # A hand with valid options is worth a little; a near-empty hand is close to a surge.
        worth[seat] += 0.05 * sum(1 for c in s.hands[seat] if c < 60)
        best_other = max((worth[p] for p in range(s.n) if p != seat), default=0.0)
        diff = (worth[seat] - best_other) / max(1, s.target)
        return max(0.0, min(1.0, 0.5 + 0.5 * diff))

    # -- information -------------------------------------------------------------------
    def view(self, state: MSState, seat: int | None) -> MSState:
        v = state.clone()
        for p in range(v.n):
            if p != seat:
                v.hands[p] = [HIDDEN] * len(v.hands[p])
            v.penalty[p] = [HIDDEN] * len(v.penalty[p])  # face down for everyone
        v.draw = [HIDDEN] * len(v.draw)
        if v.phase == PHASE_RECALL and seat != v.pending:
            v.offer = [HIDDEN] * len(v.offer)
        v.rng = Rng(0)
        return v

    def determinize(self, view: MSState, seat: int, rng: Rng) -> MSState:
        s = view.clone()
        known: set[int] = set(s.table) | set(s.discard)
        for p in range(s.n):
            known.update(c for c in s.hands[p] if c != HIDDEN)
            known.update(c for c in s.penalty[p] if c != HIDDEN)
        known.update(c for c in s.draw if c != HIDDEN)
        unseen = [c for c in range(N_CARDS) if c not in known]
        rng.shuffle(unseen)
        slots = sum(h.count(HIDDEN) for h in s.hands) + sum(p.count(HIDDEN) for p in s.penalty)
        slots += s.draw.count(HIDDEN)
        if slots != len(unseen):
            raise ValueError(f"view has {slots} hidden slots for {len(unseen)} unseen cards")
        if s.phase == PHASE_RECALL and HIDDEN in s.offer:
            # Another seat's Recall: the offered cards are valid spells among the
            # pending hand's hidden cards (the last ones drawn).
            k = len(s.offer)
            hand = s.hands[s.pending]
            chosen = [c for c in unseen if c < 60 and _beats(s, RANK[c], s.ladder)][:k]
            holes = [i for i, c in enumerate(hand) if c == HIDDEN][-len(chosen) :]
            if len(chosen) == k and len(holes) == k:
                for i, c in zip(holes, chosen, strict=True):
                    hand[i] = c
                    unseen.remove(c)
                s.offer = chosen
        it = iter(unseen)
        for zone in (*s.hands, *s.penalty, s.draw):
            for i, c in enumerate(zone):
                if c == HIDDEN:
                    zone[i] = next(it)
        if HIDDEN in s.offer:
            raise ValueError("the Recall offer cannot be dealt consistently with the view")
        s.rng = rng.fork()
        return s

    def clone(self, state: MSState) -> MSState:
        return state.clone()

    # -- persistence -------------------------------------------------------------------
    def to_json(self, state: MSState) -> dict[str, Any]:
        from game.manasurge.serial import state_to_json

        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> MSState:
        from game.manasurge.serial import state_from_json

        return state_from_json(data)

    def from_scenario(self, data: Mapping[str, Any]) -> MSState:
        from game.manasurge.serial import state_from_scenario

        return state_from_scenario(data)


__all__ = ["E", "ManaSurgeRules", "parse_options"]
