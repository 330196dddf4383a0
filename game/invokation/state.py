"""The state of Thất Thánh Triệu Hồi (ARCHITECTURE 7.1; gi-format.md "State").

Every field is declared once: the records ``Character`` and ``Player`` and the
state in ``CHARACTER``, ``PLAYER`` and ``SCHEMA`` (``game.core.schema``), which
generate ``clone`` (the hot path of bots), ``to_json`` and a checked ``from_json``;
an entity is copied and read by the one ``ENTITY`` of ``game.core.effects``.
Entities (statuses, equipment, combat statuses, summons, supports) are
:class:`~game.core.effects.Entity` records kept where the table reads them:
``characters[i].statuses`` / ``.equipment``, ``players[s].summons`` /
``.supports`` / ``.combat_statuses``.  ``fx`` (the effect stack) holds frames
and the pending "choose a new active character" decision only; its
``next_id`` numbers every entity.

Card instance ids: seat ``s`` owns ``30*s .. 30*s+29``; ``cards[id]`` is the
card name (public: the deck list is known).  Every action card is in exactly
one of ``hand``, ``deck`` (sorted contents; the owner sees them, the order is
drawn with the RNG at draw time, ARCHITECTURE 2.7 (a)) or ``used`` (played,
tuned, burned: its entity may be on the board).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.effects import ENTITY, Effects, Entity, clone_entity
from game.core.readers import ReadError, a_list
from game.core.rng import Rng
from game.core.schema import F, Schema
from game.invokation.catalog import FACES
from game.invokation.options import Options

PHASES = ("setup", "roll", "action", "end", "over")
# Per seat: (every entity card on that side, every character card) (board.census)
Census = tuple[tuple[set[str], set[str]], ...]
# Per seat: (part, window) -> that side's active character -> its holders (board.holder_list)
Heard = tuple[dict[tuple[str, str], dict[int, list[Any]]], ...]
FORMAT = "invokation-state"
VERSION = 1


@dataclass(slots=True, eq=False)
class Character:
    card: str
    hp: int
    max_hp: int
    energy: int
    max_energy: int
    aura: list[str] = field(default_factory=list)
    alive: bool = True
    equipment: list[Entity] = field(default_factory=list)
    statuses: list[Entity] = field(default_factory=list)
    marks: dict[str, int] = field(default_factory=dict)  # per_match / per_round counters


# <schema clone: clone_character>
def clone_character(s: Character) -> Character:
    o = Character.__new__(Character)
    o.card = s.card
    o.hp = s.hp
    o.max_hp = s.max_hp
    o.energy = s.energy
    o.max_energy = s.max_energy
    o.aura = s.aura[:]
    o.alive = s.alive
    o.equipment = [clone_entity(x) for x in s.equipment]
    o.statuses = [clone_entity(x) for x in s.statuses]
    o.marks = dict(s.marks)
    return o
    # </schema clone>


CHARACTER: Schema[Character] = Schema(
    Character,
    [
        F.text("card"),
        F.num("hp"),
        F.num("max_hp"),
        F.num("energy"),
        F.num("max_energy"),
        F.strs("aura"),
        F.flag("alive"),
        F.records("equipment", ENTITY),
        F.records("statuses", ENTITY),
        F.intmap("marks"),
    ],
    clone=clone_character,
)


@dataclass(slots=True, eq=False)
class Player:
    characters: list[Character] = field(default_factory=list)
    active: int = -1
    dice: list[Any] = field(default_factory=list)  # face names; HIDDEN (-1) in another seat's view
    hand: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    used: list[int] = field(default_factory=list)
    summons: list[Entity] = field(default_factory=list)
    supports: list[Entity] = field(default_factory=list)
    combat_statuses: list[Entity] = field(default_factory=list)
    declared_end: bool = False
    plunge_ready: bool = False
    legend_used: bool = False
    revived_this_round: bool = False
    mulliganed: bool = False
    deck_id: str = ""


def _dice_from(data: Any, path: str) -> list[Any]:
    """Die faces, or ``-1`` for a die another seat cannot see (a view)."""
    dice = a_list(data)
    for i, face in enumerate(dice):
        if face not in FACES and not (face == -1 and type(face) is int):
            raise ReadError(f"{path}[{i}]", f"{face!r} is not a die face")
    return dice[:]


# <schema clone: clone_player>
def clone_player(s: Player) -> Player:
    o = Player.__new__(Player)
    o.characters = [clone_character(x) for x in s.characters]
    o.active = s.active
    o.dice = list(s.dice)
    o.hand = s.hand[:]
    o.deck = s.deck[:]
    o.used = s.used[:]
    o.summons = [clone_entity(x) for x in s.summons]
    o.supports = [clone_entity(x) for x in s.supports]
    o.combat_statuses = [clone_entity(x) for x in s.combat_statuses]
    o.declared_end = s.declared_end
    o.plunge_ready = s.plunge_ready
    o.legend_used = s.legend_used
    o.revived_this_round = s.revived_this_round
    o.mulliganed = s.mulliganed
    o.deck_id = s.deck_id
    return o
    # </schema clone>


PLAYER: Schema[Player] = Schema(
    Player,
    [
        F.records("characters", CHARACTER),
        F.num("active"),
        F.obj("dice", list, list, _dice_from),
        F.ints("hand"),
        F.ints("deck"),
        F.ints("used"),
        F.records("summons", ENTITY),
        F.records("supports", ENTITY),
        F.records("combat_statuses", ENTITY),
        F.flag("declared_end"),
        F.flag("plunge_ready"),
        F.flag("legend_used"),
        F.flag("revived_this_round"),
        F.flag("mulliganed"),
        F.text("deck_id"),
    ],
    clone=clone_player,
)


@dataclass(slots=True, eq=False)
class GIState:
    """The whole game; ``rng`` is the only randomness (ARCHITECTURE 2.8)."""

    rng: Rng
    opts: Options
    extra: str = ""  # merged test content file ("" = none)
    phase: str = "setup"
    round: int = 1
    first: int = 0
    next_first: int = -1  # the first to declare the round end (GI-4.5)
    turn: int = 0
    commit: list[Any] = field(default_factory=lambda: [None, None])  # hidden, ARCH 7.2
    need_active: list[int] = field(default_factory=list)  # choosing a new active (GI-5.1, G9)
    players: list[Player] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)  # instance id -> card name
    fx: Effects = field(default_factory=Effects)
    winners: list[int] = field(default_factory=list)
    draw: bool = False
    # board.census and board.holder_list's answers: derived on demand, never cloned
    # nor saved
    census: Census | None = None
    heard: Heard | None = None

    def clone(self) -> GIState:
        return clone_state(self)

    def to_json(self) -> dict[str, Any]:
        return SCHEMA.to_json(self)

    @staticmethod
    def from_json(d: Any) -> GIState:
        if not isinstance(d, Mapping) or d.get("format") != FORMAT:
            raise ValueError(f"not an {FORMAT} object")
        if d.get("version") != VERSION:
            raise ValueError(f"state version {d.get('version')!r} is not {VERSION}")
        return SCHEMA.from_json(d)


# <schema clone: clone_state>
def clone_state(s: GIState) -> GIState:
    o = GIState.__new__(GIState)
    o.rng = s.rng.copy()
    o.opts = s.opts
    o.extra = s.extra
    o.phase = s.phase
    o.round = s.round
    o.first = s.first
    o.next_first = s.next_first
    o.turn = s.turn
    o.commit = s.commit[:]
    o.need_active = s.need_active[:]
    o.players = [clone_player(x) for x in s.players]
    o.cards = s.cards
    o.fx = Effects.clone(s.fx)
    o.winners = s.winners[:]
    o.draw = s.draw
    o.census = None
    o.heard = None
    return o
    # </schema clone>


def _options_from(data: Any, path: str) -> Options:
    return Options.from_json(data)


SCHEMA: Schema[GIState] = Schema(
    GIState,
    [
        F.rng(),
        F.obj("opts", None, Options.to_json, _options_from, key="options"),
        F.text("extra"),
        F.text("phase", choices=PHASES),
        F.num("round"),
        F.num("first"),
        F.num("next_first"),
        F.num("turn"),
        F.values("commit", min_len=2, max_len=2),
        F.ints("need_active"),
        F.records("players", PLAYER, min_len=2, max_len=2),
        F.strs("cards", shared=True),  # never mutated after setup
        F.obj("fx", Effects.clone, Effects.to_json, Effects.from_json),
        F.ints("winners"),
        F.flag("draw"),
        F.cache("census"),
        F.cache("heard"),
    ],
    header={"format": FORMAT, "version": VERSION},
    clone=clone_state,
)


def all_entities(state: GIState, seat: int) -> list[Entity]:
    """Every entity of ``seat`` (any zone), in board order."""
    p = state.players[seat]
    out: list[Entity] = []
    for c in p.characters:
        out.extend(c.equipment)
        out.extend(c.statuses)
    out.extend(p.combat_statuses)
    out.extend(p.summons)
    out.extend(p.supports)
    return out


def find_entity(state: GIState, entity_id: int) -> tuple[list[Entity], Entity] | None:
    """The list holding entity ``entity_id`` and the entity, or None."""
    for p in state.players:
        found = holding(p, entity_id)
        if found is not None:
            return found
    return None


def holding(p: Player, entity_id: int) -> tuple[list[Entity], Entity] | None:
    """On ``p``'s side: the list holding entity ``entity_id`` and the entity, or None."""
    for lst in (p.combat_statuses, p.summons, p.supports):
        for e in lst:
            if e.id == entity_id:
                return lst, e
    for c in p.characters:
        for lst in (c.equipment, c.statuses):
            for e in lst:
                if e.id == entity_id:
                    return lst, e
    return None


_FACE_ORDER = {face: i for i, face in enumerate(FACES)}


def sort_dice(dice: list[str]) -> list[str]:
    """Dice in ``FACES`` order (a face that is not one raises, as ``FACES.index``)."""
    try:
        return sorted(dice, key=_FACE_ORDER.__getitem__)
    except KeyError:
        return sorted(dice, key=FACES.index)
