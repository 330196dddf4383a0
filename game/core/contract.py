"""The rules contract shared by every game.

A rules core is a stateless object (one per game) whose methods take a game
state and return values; the state holds everything, including its RNG.  The
table, the bots, saves, replays, fuzzers and benchmarks talk to games only
through :class:`Rules`, so they are written once for all three games.

Design points (see docs/ARCHITECTURE.md for the per-game mapping):

* **Actions** are small immutable values with a JSON form.  Every action names
  the seat that takes it, so a log entry stands on its own and simultaneous
  decisions (committed one seat at a time, hidden until all have committed)
  need nothing special.
* **Pending decisions**: a choice inside an effect is just another state the
  game can be in; ``to_move`` names the chooser and ``legal_actions`` lists the
  options.  ``prompt`` tells the table what is being asked.
* **Events** are data.  Secret parts of an event (the card you drew) are marked
  so ``Event.for_seat`` can strip them before the table or log shows them.
* **Views** replace hidden card ids with ``HIDDEN`` *and replace the RNG*: a
  seat that saw the RNG state could predict every future draw.
"""

from __future__ import annotations

import functools
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeGuard, TypeVar

from game.core.events import Vocabulary
from game.core.rng import Rng

HIDDEN = -1
"""Card id that stands for a card the viewer may not see."""

S = TypeVar("S")

Scalar = int | str | bool | None
ArgValue = Scalar | tuple[Any, ...]


class IllegalAction(Exception):
    """Raised by ``Rules.apply`` for an action that is not legal now.

    ``key`` is a translation key (``ms.illegal.too_low``) and ``params`` fill it,
    so the table can say *why* in the player's language; ``str(exc)`` is the
    English fallback used on the command line and in logs.
    """

    def __init__(self, message: str, key: str = "core.illegal.not_legal", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


def is_seat(value: object) -> TypeGuard[int]:
    """A seat number: an int >= 0, never a bool (``True == 1`` in Python)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _freeze(value: Any) -> ArgValue:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, bool | int | str) or value is None:
        return value
    raise TypeError(f"action arguments must be JSON scalars or lists, not {type(value).__name__}")


def _hide(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [HIDDEN] * len(value)
    return HIDDEN


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``Action.make("play", seat=0, card=17)``.

    Hashable and comparable, so ``action in rules.legal_actions(state)`` works
    and bots can keep actions in sets and dicts.
    """

    kind: str
    seat: int
    args: tuple[tuple[str, ArgValue], ...] = ()

    @staticmethod
    def make(kind: str, seat: int, **args: Any) -> Action:
        return Action(kind, seat, tuple(sorted((k, _freeze(v)) for k, v in args.items())))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def __getitem__(self, key: str) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        for k, v in self.args:
            out[k] = _thaw(v)
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not an action: {data!r}")
        seat = data.get("seat")
        if not is_seat(seat):
            raise ValueError(f"action without a seat: {data!r}")
        args = {k: v for k, v in data.items() if k not in ("kind", "seat")}
        try:
            return Action.make(data["kind"], seat, **args)
        except TypeError as exc:
            raise ValueError(f"bad action argument in {data!r}: {exc}") from exc

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.args)
        return f"{self.kind}[{self.seat}]({inner})"


@dataclass(slots=True)
class Event:
    """Something that happened, for animation and the game log.

    ``secret`` lists keys of ``data`` that only the seats in ``seen_by`` may
    see (the id of a drawn card: its drawer; a card given: giver and
    receiver).  ``for_seat`` returns the copy a given seat sees: a secret
    scalar becomes ``HIDDEN``, a secret list becomes that many ``HIDDEN``s (the
    table still knows how many cards moved).

    ``reveal`` says whether the event shows some seat something it did not
    know, which makes it an undo barrier.  ``None`` means "if it has secrets";
    set it to True for a *public* reveal (face-down Guardians turned up, both
    players' first active characters shown) and to False for a hidden
    commitment nobody learns anything from.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    secret: tuple[str, ...] = ()
    seen_by: tuple[int, ...] = ()
    reveal: bool | None = None

    def for_seat(self, seat: int | None) -> Event:
        if not self.secret or (seat is not None and seat in self.seen_by):
            return self
        data = {k: (_hide(v) if k in self.secret else v) for k, v in self.data.items()}
        return Event(self.kind, data, self.secret, self.seen_by, self.reveal)

    @property
    def reveals(self) -> bool:
        """True if the event shows some seat information it did not have."""
        return bool(self.secret) if self.reveal is None else self.reveal

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game. ``winners`` lists seats (a whole team when teams win)."""

    winners: tuple[int, ...]
    draw: bool = False
    scores: tuple[float, ...] = ()
    reason: str = ""

    def value(self, seat: int) -> float:
        """1 for a win, 0.5 for a draw, 0 for a loss (what search algorithms use)."""
        if self.draw:
            return 0.5
        return 1.0 if seat in self.winners else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "draw": self.draw,
            "scores": list(self.scores),
            "reason": self.reason,
        }


PROMPT_KINDS = (
    "act",  # the seat's own turn: any of its actions (cards, buttons, pass)
    "choose_target",  # pick an entity or a seat for an effect already under way
    "choose_card",  # pick a card (from a hand, a pile, a row)
    "choose_option",  # pick one of a few named options (buttons)
    "pay_dice",  # choose the dice that pay a cost
    "commit_secret",  # a hidden simultaneous choice (ARCHITECTURE 7.2)
    "respond",  # another seat answers an effect aimed at it (block, react, pass)
)
"""What a prompt asks for; the table picks its input mode from this, never from
a game's own phase names."""


@dataclass(frozen=True, slots=True)
class Prompt:
    """What the seat to move is being asked, for the table's banner and hand-off.

    ``kind`` is one of :data:`PROMPT_KINDS`: it tells the table which input
    mode fits (a target arrow, option buttons, the dice tray) without reading
    the state's own phase."""

    seat: int
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    kind: str = "act"


# --- what the shell needs to know to set a game up -------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """A setup choice: a mode-wide one (the boss) or a per-seat one (a deck)."""

    id: str
    label_key: str
    options: tuple[tuple[str, str], ...]  # (value, translation key)
    default: str


@dataclass(frozen=True, slots=True)
class Mode:
    """A way to play a game.  ``teams`` is the number of teams (0 = everyone
    for themselves); ``villain`` marks a side the rules core plays itself."""

    id: str
    label_key: str
    player_counts: tuple[int, ...]
    teams: int = 0
    villain: bool = False
    choices: tuple[Choice, ...] = ()


@dataclass(frozen=True, slots=True)
class Option:
    """A rule the documents leave open, with our default (rules.md section 3)."""

    id: str
    label_key: str
    default: Any


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the program knows of a game's rules side, in one place: its words, modes,
    seat choices and options, and the facts the deck builder and the bots read
    (the screen side is the game's entry in ``scenes/table/registry.py``)."""

    id: str
    name_key: str
    pitch_key: str
    modes: tuple[Mode, ...]
    seat_choices: tuple[Choice, ...] = ()
    options: tuple[Option, ...] = ()
    #: deck building: ``"module:function"`` returning the game's ``game.decks.DeckRules``
    #: (imported on first use), or None for a game without it
    decks: str | None = None
    #: the letters a deck code starts with (``SHV1-…``), with ``decks``
    deck_code: str = ""
    #: changes to every AI search level's ``SearchConfig`` (``game.ai.levels``), as pairs
    search: tuple[tuple[str, Any], ...] = ()
    #: changes to one level's ``SearchConfig`` on top of ``search``, as pairs (level name,
    #: changes as pairs): where a level plays better as a person with another model of
    #: the game than the strongest one (Sử Hộ Vương's normal, docs/AI.md)
    level_search: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()
    #: the iterations each clocked AI level stops at in this game, as pairs (level name,
    #: iterations), where more search stopped buying measurable strength or a decision
    #: would grow long: the level answers sooner and plays the same on every machine; its
    #: clock still stops it first on a slow or busy one (``levels.with_budget``; docs/AI.md)
    budgets: tuple[tuple[str, int], ...] = ()
    #: action kinds that end a seat's turn doing nothing (``game.ai.passive``)
    pass_turn: frozenset[str] = frozenset()
    #: answers that decline an offer besides ``Rules.pass_kinds`` (``game.ai.passive``)
    declines: frozenset[str] = frozenset()
    #: its files in ``assets/games/<id>/`` whose cards each name a picture (``game.core.art``)
    art_files: tuple[str, ...] = ()
    #: the balance lab: ``"module:attribute"``, its ``game.balance.games.LabGame``, or None
    balance: str | None = None

    def mode(self, mode_id: str | None) -> Mode:
        for m in self.modes:
            if m.id == mode_id or mode_id is None:
                return m
        raise ValueError(f"{self.id} has no mode {mode_id!r}")

    def default_options(self) -> dict[str, Any]:
        return {o.id: o.default for o in self.options}

    def default_config(
        self,
        mode_id: str | None = None,
        players: int | None = None,
        *,
        names: Sequence[str] = (),
        control: str = "ai",
        bot: str = "random",
    ) -> dict[str, Any]:
        """A complete ``setup`` config with every default filled in: seats
        (teams dealt round-robin when the mode has teams, each seat choice at
        its default), mode choices and options.  Used by the command line,
        benchmarks and tests; the seat setup screen starts from the same values."""
        mode = self.mode(mode_id)
        count = players if players is not None else mode.player_counts[0]
        if count not in mode.player_counts:
            raise ValueError(f"{self.id} mode {mode.id} takes {mode.player_counts} players")
        seats = []
        for i in range(count):
            seat: dict[str, Any] = {
                "name": names[i] if i < len(names) else f"#{i + 1}",
                "control": control,
                "bot": bot,
                "team": i % mode.teams if mode.teams else None,
            }
            seat.update({c.id: c.default for c in self.seat_choices})
            seats.append(seat)
        config: dict[str, Any] = {
            "mode": mode.id,
            "players": count,
            "seats": seats,
            "options": self.default_options(),
        }
        config.update({c.id: c.default for c in mode.choices})
        return config


_PRELUDE = "__rules_prelude__"

SCENARIO_COUNT_MAX = 10_000
"""The most a scenario's count table (``{"pyro": 3, "geo": 2}``, card -> copies)
may ask for in all: refused before the game builds anything from it (issue 37)."""

_NOT_COUNTS = frozenset({"rng", "seed"})


def scenario_count_problem(data: Any) -> str | None:
    """Why a scenario document asks for too many things, or None.  The numbers of
    every mapping (a count table such as ``{"pyro": 3}``, or a record's numbers;
    the ``rng`` and ``seed`` state excepted) are summed without building
    anything: a file asking a billion dice or copies is refused at once,
    whatever the game."""
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, Mapping):
            values = list(node.values())
            total = sum(
                v
                for k, v in node.items()
                if isinstance(v, int) and not isinstance(v, bool) and v > 0 and k not in _NOT_COUNTS
            )
            if total > SCENARIO_COUNT_MAX:
                return f"the position's counts add up to {total} (at most {SCENARIO_COUNT_MAX})"
            stack.extend(values)
        elif isinstance(node, list):
            stack.extend(node)
    return None


def _counts_checked(
    from_scenario: Callable[..., Any],
) -> Callable[..., Any]:
    """``from_scenario`` preceded by :func:`scenario_count_problem`."""

    @functools.wraps(from_scenario)
    def checked(self: Rules[Any], data: Mapping[str, Any]) -> Any:
        problem = scenario_count_problem(data)
        if problem is not None:
            raise ValueError(problem)
        return from_scenario(self, data)

    setattr(checked, _PRELUDE, True)
    return checked


def _with_prelude(
    explain: Callable[..., IllegalAction | None],
) -> Callable[..., IllegalAction | None]:
    """``explain`` preceded by :meth:`Rules.refusal` (see ``Rules.__init_subclass__``)."""

    @functools.wraps(explain)
    def checked(self: Rules[Any], state: Any, action: Action) -> IllegalAction | None:
        problem = self.refusal(state, action)
        if problem is not None:
            return problem
        return explain(self, state, action)

    setattr(checked, _PRELUDE, True)
    return checked


class Rules(ABC, Generic[S]):
    """One game's rules.  Subclasses are stateless; all state lives in ``S``.

    Every state has an ``rng`` attribute (a :class:`Rng`): all randomness of
    the game is drawn from it, and ``Match`` compares it before and after an
    action to find undo barriers.

    ``config`` for ``setup`` is a JSON-ready mapping::

        {"mode": "ffa", "players": 4,
         "seats": [{"name": "An", "team": 0, "deck": "..."}, ...],
         "options": {...}, <mode choices such as "boss": "...">}

    **Generic refusals are done once, here.**  Every subclass's ``explain`` is
    wrapped so that :meth:`refusal` runs first: the game is over, the seat is
    not a seat (a bool, a negative number), it is not that seat's decision, the
    kind is unknown, or the kind is not allowed by the :attr:`moves` table for
    the pending decision.  A game's ``explain`` starts where those end.
    """

    info: GameInfo

    #: Version of the rules core; saves record it so that a save that no longer
    #: replays can say it was made with other rules (``Match.from_json``).
    version: ClassVar[str] = ""

    #: Allowed moves, declared once: decision kind (``decision(state)``) ->
    #: the action kinds that may answer it.  ``refusal`` checks it for every
    #: action, the contract suite checks every legal action against it, and a
    #: table's picker may read it.  Empty means "not declared" (no check).
    moves: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    #: Action kinds that only pass or decline (an interrupt, a reaction offer).
    #: ``Match.undo_to`` takes such an action of another seat back with the
    #: undoer's own action when it revealed nothing.
    pass_kinds: ClassVar[frozenset[str]] = frozenset({"pass", "decline"})

    #: Values a seat-setup screen may offer for each option (first = default);
    #: an option not listed gets the screen's generic editor.
    option_values: ClassVar[Mapping[str, tuple[Any, ...]]] = {}

    #: Arguments ``legal_actions`` lists only canonically (one dice payment per
    #: cost, one copy per card name): action kind -> those argument names.
    #: ``explain`` may accept an action outside the legal list only where it
    #: differs from a listed one in these arguments (the property suite checks it).
    open_args: ClassVar[Mapping[str, frozenset[str]]] = {}

    #: Every event kind ``apply`` may return, declared once (``game/<id>/events.py``):
    #: the table kit animates from it, the contract suite checks play against it.
    events: ClassVar[Vocabulary] = Vocabulary()

    _kinds: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("explain")
        if own is not None and not getattr(own, _PRELUDE, False):
            cls.explain = _with_prelude(own)  # type: ignore[method-assign]
        scenario = cls.__dict__.get("from_scenario")
        if scenario is not None and not getattr(scenario, _PRELUDE, False):
            cls.from_scenario = _counts_checked(scenario)  # type: ignore[method-assign]
        cls._kinds = frozenset(k for kinds in cls.moves.values() for k in kinds)

    # -- lifecycle ----------------------------------------------------------
    @abstractmethod
    def setup(self, config: Mapping[str, Any], seed: int) -> S: ...

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat that decides now, or None when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """Every legal action for ``to_move``'s seat, fully specified.

        It may be a *canonical subset* of what ``explain`` accepts (one dice
        payment per cost, not every equivalent one)."""

    @abstractmethod
    def explain(self, state: S, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal now (None if it is legal).

        Runs after :meth:`refusal` (automatically, see the class docstring), so
        it need not check the seat, game over or an unknown kind again.  It
        must accept **every** valid action, including any valid payment where
        ``legal_actions`` lists only a canonical subset (GI dice, ARCHITECTURE
        7.4): a player who picks other dice of the right kind is not refused."""

    def refusal(self, state: S, action: Action) -> IllegalAction | None:
        """The refusals every game shares, with the ``core.illegal.*`` keys."""
        mover = self.to_move(state)
        if mover is None:
            return IllegalAction("the game is over", "core.illegal.game_over")
        seat = action.seat
        if not is_seat(seat):
            return IllegalAction(f"{seat!r} is not a seat", "core.illegal.bad_seat")
        if seat != mover:
            return IllegalAction(
                f"it is not seat {seat}'s decision (seat {mover} decides)",
                "core.illegal.not_your_turn",
                seat=seat,
                mover=mover,
            )
        if not self._kinds:
            return None
        if action.kind not in self._kinds:
            return IllegalAction(f"unknown action {action.kind!r}", "core.illegal.unknown_action")
        decision = self.decision(state)
        allowed = self.moves.get(decision) if decision is not None else None
        if allowed is not None and action.kind not in allowed:
            return self.wrong_decision(state, decision or "", action)
        return None

    def decision(self, state: S) -> str | None:
        """The kind of the decision pending now: a key of :attr:`moves`.

        The default is the prompt's kind; a game whose decisions are finer than
        the prompt kinds (ManaSurge: its phases) returns its own names.  It
        must be computable from any seat's view."""
        prompt = self.prompt(state)
        return None if prompt is None else prompt.kind

    def wrong_decision(self, state: S, decision: str, action: Action) -> IllegalAction:
        """The refusal of a known kind that ``moves`` does not allow now; a game
        may override it to say what *is* being asked."""
        return IllegalAction(
            f"{action.kind} is not possible now: {decision} decision",
            "core.illegal.wrong_decision",
        )

    @abstractmethod
    def _apply(self, state: S, action: Action) -> list[Event]:
        """Apply a legal action (already checked) and return its events."""

    def apply(self, state: S, action: Action, *, check: bool = True) -> list[Event]:
        """Apply ``action``; an illegal one raises IllegalAction and changes nothing.

        Bots that take actions straight from ``legal_actions`` pass
        ``check=False`` to skip the second validation on the hot path.
        """
        if check:
            problem = self.explain(state, action)
            if problem is not None:
                raise problem
        return self._apply(state, action)

    def apply_quiet(self, state: S, action: Action) -> None:
        """Quiet mode: apply an action taken from ``legal_actions`` (no check) and
        build no events, for play nobody watches (simulations, benchmarks).  The
        state must end exactly as ``apply`` leaves it.  The default is ``_apply``
        with its events dropped; a game overrides it to skip building them."""
        self._apply(state, action)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def prompt(self, state: S) -> Prompt | None:
        """What ``to_move`` is being asked (None when the game is over)."""

    # -- information ----------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> S:
        """A copy with what ``seat`` may not know replaced (HIDDEN cards, RNG).

        ``seat=None`` is a spectator: every hand is hidden."""

    @abstractmethod
    def determinize(self, view: S, seat: int, rng: Rng) -> S:
        """A full state consistent with ``view`` (hidden cards dealt at random)."""

    @abstractmethod
    def clone(self, state: S) -> S: ...

    # -- persistence ----------------------------------------------------------
    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S:
        """Inverse of ``to_json``; raises ValueError on malformed data."""

    @abstractmethod
    def from_scenario(self, data: Mapping[str, Any]) -> S:
        """Build a position from a scenario file (a partial, readable state)."""

    def summary(self, state: S) -> dict[str, Any]:
        """A few JSON facts for save slots and results: at least ``round`` and
        ``scores`` (one number per seat)."""
        return {}

    def invariants(self, state: S) -> list[str]:
        """What is wrong with a true ``state`` (not a view): one short English
        line per broken invariant, ``[]`` when all hold.  **Every game registers
        its invariants here, in one place**: every card accounted for, every
        limit, values in range, only the seat to move can act.  The soak command
        (``python -m game soak``) runs it after every action and the tests run it
        on their random games.  It may assume a game started by ``setup``; a
        scenario position may leave cards out of play.  The default checks
        nothing."""
        return []

    def mover_problems(self, state: S, acts: Sequence[Action]) -> list[str]:
        """The turn invariants every game shares, for its ``invariants``: the seat
        to move is a seat, has at least one legal action, every listed action is
        its own and none is listed twice.  ``acts`` is ``legal_actions(state)``."""
        mover = self.to_move(state)
        seats = self.num_seats(state)
        if not is_seat(mover) or not mover < seats:
            return [f"the seat to move ({mover!r}) is not one of the {seats} seats"]
        out = []
        if not acts:
            out.append(f"seat {mover} is to move but has no legal action")
        if any(a.seat != mover for a in acts):
            out.append(f"an action is listed for another seat than {mover}")
        if len(set(acts)) != len(acts):
            out.append("duplicate legal actions")
        return out

    # -- for bots -------------------------------------------------------------
    def evaluate(self, state: S, seat: int) -> float:
        """Heuristic value of ``state`` for ``seat`` in [0, 1] (greedy bot)."""
        result = self.outcome(state)
        return 0.5 if result is None else result.value(seat)

    def evaluate_all(self, state: S) -> list[float]:
        """``evaluate`` for every seat, in seat order (the search scores each leaf
        for all seats); a game whose seats share the work (teams, two sides that
        add to 1) may override it to compute it once."""
        return [self.evaluate(state, s) for s in range(self.num_seats(state))]

    # -- conveniences built on the contract -------------------------------------
    def is_over(self, state: S) -> bool:
        return self.to_move(state) is None

    def seats(self, state: S) -> Sequence[int]:
        return range(self.num_seats(state))

    @abstractmethod
    def num_seats(self, state: S) -> int: ...

    # -- optional, with defaults ----------------------------------------------------
    def action_from_json(self, state: S, data: Mapping[str, Any]) -> Action:
        """An action from JSON typed by a person (a scenario file, the command
        line); a game may accept readable forms such as a card code.  The
        default is :meth:`Action.from_json`.  Raises ValueError."""
        return Action.from_json(data)

    def action_text(self, action: Action) -> str:
        """A short readable form of ``action`` for the command line and logs."""
        return str(action)

    def describe(self, state: S) -> str:
        """A readable dump of ``state`` (the ``scenario`` command prints it);
        the default is its sorted JSON."""
        return json.dumps(self.to_json(state), sort_keys=True)

    def content_hash(self) -> str:
        """A hash of the game's content (card data); saves record it so that a
        save that no longer replays after a card change says so.  "" = none."""
        return ""
