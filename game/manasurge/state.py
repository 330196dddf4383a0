"""The ManaSurge game state (one plain object, cloned field by field).

Layout (everything the table may read; ``rules.view`` gives a copy where the
hidden parts are ``HIDDEN`` = -1, lengths kept):

Seats and turn
    ``n``            number of seats (2–6); seat ``s + 1`` is clockwise from ``s``.
    ``round``        1-based round number.
    ``phase``        one of the ``PHASE_*`` ints below (``PHASE_NAMES`` gives a word).
    ``caster``       seat holding the Caster token (leads the round, MS-4.1).
    ``turn``         seat whose turn it is in the ladder (PLAY phase).
    ``pending``      seat answering a pending decision (FROST, LIGHTNING, RECALL,
                     SIPHON, DEFLECT phases); -1 otherwise.
    ``direction``    +1 clockwise, -1 counter-clockwise (MS-4.4, MS-5.2).

Cards (ids from ``game.manasurge.cards``: 0..59 spells, 60..71 magic)
    ``hands[s]``     list of card ids; order is the player's, no meaning.
    ``penalty[s]``   face-down penalty pile (MS-6.2 step 2); hidden from every seat.
    ``draw``         draw pile, top = last element; hidden.
    ``discard``      discard pile, top = last element; public.
    ``table``        cards played this round, in order (index 0 = the lead spell);
                     magic cards played this round are here too.
    ``table_seat``   who played each table card (parallel list).
    ``table_stones`` purple stones sitting on each table card (parallel list).
    ``lead_suit``    suit of the lead spell this round (-1 before the lead).
    ``ladder``       rank to beat (MS-5.1); 0 (or 9 under Blades) after Reset = any.
    ``last_rank``    rank of the last spell played (equal rank reverses, MS-5.2).
    ``amplify``      extra damage added by Amplify this round (MS-C2).
    ``offer``        RECALL phase: the drawn cards that may be played; LIGHTNING
                     phase: ``[rank to beat]``.

Stones (MS-1.1, MS-G7: a gold stone = 5 purple, used as change)
    ``pool_purple[s]``, ``pool_gold[s]``  scored stones; score = purple + 5 * gold.
    ``supply_purple``, ``supply_gold``    the supply beside the table.
    ``extra``        stones created after supply and change ran out (MS-6.4): the
                     value 40 + 5 * 10 + extra is conserved.

Characters (MS-C3) and options
    ``chars[s]``     character index per seat, -1 when characters are off.
    ``attuned[s]``   True once the Attuner used its power this round.
    ``opts``         ``MSOptions`` (MS-G1, G2, G4, G5, G14, characters, target, and
                     G3, G11, G12, G13, G16, 8.6, 6.2.1 from ``options.py``).

End
    ``winners``      tuple of winning seats once the game is over, else ().
    ``end_reason``   "target" (MS-2.1), "stalemate" or "round_limit"; "" before.
    ``hit_seat``, ``last_seat``  during the DEFLECT decision: who was hit and who
                     played the last spell.
    ``stats[s]``     counters for the results screen, ordered as ``STAT_KEYS``
                     (surges, hits, damage taken, resonant plays); public.
    ``rng``          the game's ``Rng`` (replaced in views).
"""

from __future__ import annotations

from typing import Any, Final

from game.core.rng import Rng
from game.core.schema import F, Schema
from game.manasurge.options import MSOptions as MSOptions
from game.manasurge.options import parse_options

PHASE_LEAD: Final = 0  # caster picks the lead spell and the direction
PHASE_PLAY: Final = 1  # ``turn`` must play a spell (or magic when stuck, or take the hit)
PHASE_FROST: Final = 2  # ``pending`` may give a card to the next player
PHASE_LIGHTNING: Final = 3  # ``pending`` may play one more spell beating offer[0]
PHASE_RECALL: Final = 4  # ``pending`` may play one of ``offer`` (drawn by Recall)
PHASE_SIPHON: Final = 5  # ``pending`` picks the table card to take a stone from
PHASE_DEFLECT: Final = 6  # ``pending`` (hit, Riposte Knight) may pass a penalty card
PHASE_OVER: Final = 7
PHASE_NAMES: Final[tuple[str, ...]] = (
    "lead",
    "play",
    "frost",
    "lightning",
    "recall",
    "siphon",
    "deflect",
    "over",
)

PURPLE_STONES: Final = 40
GOLD_STONES: Final = 10
GOLD_VALUE: Final = 5
STONE_VALUE: Final = PURPLE_STONES + GOLD_VALUE * GOLD_STONES  # 90
HAND_SIZE: Final = 5
STAT_KEYS: Final = ("surges", "hits", "damage", "resonances")
"""Per-seat counters in ``stats[s]``, in this order, for the results screen:
ManaSurges achieved, times hit, penalty cards taken, resonant plays."""
STAT_SURGES: Final = 0
STAT_HITS: Final = 1
STAT_DAMAGE: Final = 2
STAT_RESONANCES: Final = 3
ROUND_LIMIT: Final = 300  # safety net: a game never runs forever


class MSState:
    """See the module docstring for the meaning of every field."""

    __slots__ = (
        "amplify",
        "attuned",
        "caster",
        "chars",
        "direction",
        "discard",
        "draw",
        "end_reason",
        "extra",
        "hands",
        "hit_seat",
        "ladder",
        "last_rank",
        "last_seat",
        "lead_suit",
        "n",
        "offer",
        "opts",
        "penalty",
        "pending",
        "phase",
        "pool_gold",
        "pool_purple",
        "rng",
        "round",
        "stats",
        "supply_gold",
        "supply_purple",
        "table",
        "table_seat",
        "table_stones",
        "target",
        "turn",
        "winners",
    )

    def __init__(self, n: int = 0, opts: MSOptions | None = None, rng: Rng | None = None) -> None:
        """A new game's state before the deal; ``MSState()`` is a blank that
        ``clone`` and ``SCHEMA.from_json`` fill field by field (a class compiled
        by mypyc cannot be made without its ``__init__``)."""
        if opts is None or rng is None:
            return
        self.n = n
        self.opts = opts
        self.target = opts.target if opts.target is not None else (10 if n >= 5 else 12)
        self.rng = rng
        self.round = 1
        self.phase = PHASE_LEAD
        self.caster = 0
        self.turn = 0
        self.pending = -1
        self.direction = 1
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.penalty: list[list[int]] = [[] for _ in range(n)]
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.table: list[int] = []
        self.table_seat: list[int] = []
        self.table_stones: list[int] = []
        self.lead_suit = -1
        self.ladder = 0
        self.last_rank = 0
        self.amplify = 0
        self.offer: list[int] = []
        self.pool_purple = [0] * n
        self.pool_gold = [0] * n
        self.supply_purple = PURPLE_STONES
        self.supply_gold = GOLD_STONES
        self.extra = 0
        self.chars = [-1] * n
        self.attuned = [False] * n
        self.winners: tuple[int, ...] = ()
        self.end_reason = ""
        self.hit_seat = -1
        self.last_seat = -1
        self.stats: list[list[int]] = [[0] * len(STAT_KEYS) for _ in range(n)]

    def score(self, seat: int) -> int:
        return self.pool_purple[seat] + GOLD_VALUE * self.pool_gold[seat]

    def scores(self) -> list[int]:
        return [self.pool_purple[s] + GOLD_VALUE * self.pool_gold[s] for s in range(self.n)]

    def to_move(self) -> int | None:
        if self.phase == PHASE_PLAY:
            return self.turn
        if self.phase == PHASE_LEAD:
            return self.caster
        if self.phase == PHASE_OVER:
            return None
        return self.pending

    # The copy ``SCHEMA`` would generate, as source, so that mypyc compiles it (the
    # fields in ``SCHEMA``'s order; tests/core/test_schema_manasurge.py checks it
    # against ``SCHEMA.clone_source("MSState()")``: change both together).
    # <schema clone>
    def clone(self) -> MSState:
        o = MSState()
        o.n = self.n
        o.opts = self.opts
        o.target = self.target
        o.rng = self.rng.copy()
        o.round = self.round
        o.phase = self.phase
        o.caster = self.caster
        o.turn = self.turn
        o.pending = self.pending
        o.direction = self.direction
        o.hands = [x[:] for x in self.hands]
        o.penalty = [x[:] for x in self.penalty]
        o.draw = self.draw[:]
        o.discard = self.discard[:]
        o.table = self.table[:]
        o.table_seat = self.table_seat[:]
        o.table_stones = self.table_stones[:]
        o.lead_suit = self.lead_suit
        o.ladder = self.ladder
        o.last_rank = self.last_rank
        o.amplify = self.amplify
        o.offer = self.offer[:]
        o.pool_purple = self.pool_purple[:]
        o.pool_gold = self.pool_gold[:]
        o.supply_purple = self.supply_purple
        o.supply_gold = self.supply_gold
        o.extra = self.extra
        o.chars = self.chars[:]
        o.attuned = self.attuned[:]
        o.winners = self.winners
        o.end_reason = self.end_reason
        o.hit_seat = self.hit_seat
        o.last_seat = self.last_seat
        o.stats = [x[:] for x in self.stats]
        return o

    # </schema clone>


def _opts_from_json(data: Any, path: str) -> MSOptions:
    try:
        return parse_options(data)
    except (TypeError, AttributeError) as exc:
        raise ValueError(f"{path}: {exc}") from exc


def _derive(s: MSState) -> None:
    s.target = s.opts.target if s.opts.target is not None else (10 if s.n >= 5 else 12)


_BIG: Final = 1 << 20
# ids 0..71 (game.manasurge.cards.N_CARDS - 1); HIDDEN (-1) allowed where hidden
_CARD_HI: Final = 71

SCHEMA: Final[Schema[MSState]] = Schema(
    MSState,
    [
        F.num("n", lo=2, hi=6),
        F.obj("opts", None, MSOptions.to_json, _opts_from_json, key="options"),
        F.num("target", stored=False),
        F.rng(),
        F.num("round", lo=1, hi=1 << 30),
        F.enum("phase", PHASE_NAMES),
        F.num("caster", lo=0, hi=5),
        F.num("turn", lo=0, hi=5),
        F.num("pending", lo=-1, hi=5),
        F.num("direction", lo=-1, hi=1),
        F.intss("hands", lo=-1, hi=_CARD_HI),
        F.intss("penalty", lo=-1, hi=_CARD_HI),
        F.ints("draw", lo=-1, hi=_CARD_HI),
        F.ints("discard", lo=0, hi=_CARD_HI),
        F.ints("table", lo=0, hi=_CARD_HI),
        F.ints("table_seat", lo=0, hi=5),
        F.ints("table_stones", lo=0, hi=_BIG),
        F.num("lead_suit", lo=-1, hi=4),
        F.num("ladder", lo=0, hi=9),
        F.num("last_rank", lo=0, hi=8),
        F.num("amplify", lo=0, hi=_BIG),
        F.ints("offer", lo=-1, hi=_CARD_HI),
        F.ints("pool_purple", lo=0, hi=_BIG),
        F.ints("pool_gold", lo=0, hi=GOLD_STONES),
        F.num("supply_purple", lo=0, hi=_BIG),
        F.num("supply_gold", lo=0, hi=GOLD_STONES),
        F.num("extra", lo=0, hi=_BIG),
        F.ints("chars", lo=-1),
        F.flags("attuned"),
        F.tuple("winners", lo=0, hi=5),
        F.text("end_reason"),
        F.num("hit_seat", lo=-1, hi=5),
        F.num("last_seat", lo=-1, hi=5),
        F.intss("stats", lo=0, hi=_BIG),
    ],
    header={"format": "manasurge-state", "version": 1},
    derive=_derive,
    blank=MSState,
    clone=MSState.clone,
)
"""Every MSState field once: clone, JSON (the ``manasurge-state`` v1 format) and
per-field validation; ``serial.state_from_json`` adds the checks between fields."""
