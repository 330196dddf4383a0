"""The state of Thất Thánh Triệu Hồi (ARCHITECTURE 7.1; gi-format.md "State").

Plain classes with hand-written ``clone`` / ``to_json`` / ``from_json`` (the
hot path of bots).  Entities (statuses, equipment, combat statuses, summons,
supports) are :class:`~game.core.effects.Entity` records kept where the table
reads them: ``characters[i].statuses`` / ``.equipment``, ``players[s].summons``
/ ``.supports`` / ``.combat_statuses``.  ``fx`` (the effect stack) holds frames
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
from typing import Any

from game.core.effects import Effects, Entity
from game.core.rng import Rng
from game.invokation.catalog import FACES
from game.invokation.options import Options

PHASES = ("setup", "roll", "action", "end", "over")
# Per seat: (every entity card on that side, every character card) (board.census)
Census = tuple[tuple[set[str], set[str]], ...]
# Per seat: (part, window) -> that side's active character -> its holders (board.holder_list)
Heard = tuple[dict[tuple[str, str], dict[int, list[Any]]], ...]
FORMAT = "invokation-state"
VERSION = 1


def _ent(e: Entity) -> Entity:
    return Entity(e.id, e.card, e.owner, e.zone, e.usages, e.duration, dict(e.counters))


class Character:
    __slots__ = (
        "alive",
        "aura",
        "card",
        "energy",
        "equipment",
        "hp",
        "marks",
        "max_energy",
        "max_hp",
        "statuses",
    )  # fmt: skip

    def __init__(self, card: str, hp: int, max_hp: int, energy: int, max_energy: int) -> None:
        self.card = card
        self.hp = hp
        self.max_hp = max_hp
        self.energy = energy
        self.max_energy = max_energy
        self.aura: list[str] = []
        self.alive = True
        self.equipment: list[Entity] = []
        self.statuses: list[Entity] = []
        self.marks: dict[str, int] = {}  # per_match / per_round counters of passives

    def clone(self) -> Character:
        c = Character(self.card, self.hp, self.max_hp, self.energy, self.max_energy)
        c.aura = list(self.aura)
        c.alive = self.alive
        c.equipment = [_ent(e) for e in self.equipment]
        c.statuses = [_ent(e) for e in self.statuses]
        c.marks = dict(self.marks)
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card, "hp": self.hp, "max_hp": self.max_hp, "energy": self.energy,
            "max_energy": self.max_energy, "aura": list(self.aura), "alive": self.alive,
            "equipment": [e.to_json() for e in self.equipment],
            "statuses": [e.to_json() for e in self.statuses], "marks": dict(self.marks),
        }  # fmt: skip

    @staticmethod
    def from_json(d: Any, path: str) -> Character:
        if not isinstance(d, Mapping):
            raise ValueError(f"{path}: expected an object")
        c = Character(
            _str(d.get("card"), f"{path}.card"), _int(d.get("hp"), f"{path}.hp"),
            _int(d.get("max_hp"), f"{path}.max_hp"), _int(d.get("energy"), f"{path}.energy"),
            _int(d.get("max_energy"), f"{path}.max_energy"),
        )  # fmt: skip
        c.aura = [_str(a, f"{path}.aura") for a in _list(d.get("aura"), f"{path}.aura")]
        c.alive = _bool(d.get("alive"), f"{path}.alive")
        c.equipment = _ents(d.get("equipment"), f"{path}.equipment")
        c.statuses = _ents(d.get("statuses"), f"{path}.statuses")
        marks = d.get("marks")
        if not isinstance(marks, Mapping):
            raise ValueError(f"{path}.marks: expected an object")
        c.marks = {str(k): _int(v, f"{path}.marks") for k, v in marks.items()}
        return c


class Player:
    __slots__ = (
        "active",
        "characters",
        "combat_statuses",
        "deck",
        "deck_id",
        "declared_end",
        "dice",
        "hand",
        "legend_used",
        "mulliganed",
        "plunge_ready",
        "revived_this_round",
        "summons",
        "supports",
        "used",
    )  # fmt: skip

    def __init__(self) -> None:
        self.characters: list[Character] = []
        self.active = -1
        self.dice: list[Any] = []  # face names; HIDDEN (-1) in another seat's view
        self.hand: list[int] = []
        self.deck: list[int] = []
        self.used: list[int] = []
        self.summons: list[Entity] = []
        self.supports: list[Entity] = []
        self.combat_statuses: list[Entity] = []
        self.declared_end = False
        self.plunge_ready = False
        self.legend_used = False
        self.revived_this_round = False
        self.mulliganed = False
        self.deck_id = ""

    def clone(self) -> Player:
        p = Player()
        p.characters = [c.clone() for c in self.characters]
        p.active = self.active
        p.dice = list(self.dice)
        p.hand = list(self.hand)
        p.deck = list(self.deck)
        p.used = list(self.used)
        p.summons = [_ent(e) for e in self.summons]
        p.supports = [_ent(e) for e in self.supports]
        p.combat_statuses = [_ent(e) for e in self.combat_statuses]
        p.declared_end = self.declared_end
        p.plunge_ready = self.plunge_ready
        p.legend_used = self.legend_used
        p.revived_this_round = self.revived_this_round
        p.mulliganed = self.mulliganed
        p.deck_id = self.deck_id
        return p

    def to_json(self) -> dict[str, Any]:
        return {
            "characters": [c.to_json() for c in self.characters], "active": self.active,
            "dice": list(self.dice), "hand": list(self.hand), "deck": list(self.deck),
            "used": list(self.used), "summons": [e.to_json() for e in self.summons],
            "supports": [e.to_json() for e in self.supports],
            "combat_statuses": [e.to_json() for e in self.combat_statuses],
            "declared_end": self.declared_end, "plunge_ready": self.plunge_ready,
            "legend_used": self.legend_used, "revived_this_round": self.revived_this_round,
            "mulliganed": self.mulliganed, "deck_id": self.deck_id,
        }  # fmt: skip

    @staticmethod
    def from_json(d: Any, path: str) -> Player:
        if not isinstance(d, Mapping):
            raise ValueError(f"{path}: expected an object")
        p = Player()
        p.characters = [
            Character.from_json(c, f"{path}.characters[{i}]")
            for i, c in enumerate(_list(d.get("characters"), f"{path}.characters"))
        ]
        p.active = _int(d.get("active"), f"{path}.active")
        p.dice = [_face(f, f"{path}.dice") for f in _list(d.get("dice"), f"{path}.dice")]
        for key in ("hand", "deck", "used"):
            setattr(p, key, [_int(v, f"{path}.{key}") for v in _list(d.get(key), f"{path}.{key}")])
        for key in ("summons", "supports", "combat_statuses"):
            setattr(p, key, _ents(d.get(key), f"{path}.{key}"))
        for key in ("declared_end", "plunge_ready", "legend_used", "revived_this_round",
                    "mulliganed"):  # fmt: skip
            setattr(p, key, _bool(d.get(key), f"{path}.{key}"))
        p.deck_id = _str(d.get("deck_id"), f"{path}.deck_id")
        return p


class GIState:
    """The whole game; ``rng`` is the only randomness (ARCHITECTURE 2.8)."""

    __slots__ = (
        "cards",
        "census",
        "commit",
        "draw",
        "extra",
        "first",
        "fx",
        "heard",
        "need_active",
        "next_first",
        "opts",
        "phase",
        "players",
        "rng",
        "round",
        "turn",
        "winners",
    )  # fmt: skip

    def __init__(self, rng: Rng, opts: Options, extra: str = "") -> None:
        self.rng = rng
        self.opts = opts
        self.extra = extra  # merged test content file ("" = none)
        self.phase = "setup"
        self.round = 1
        self.first = 0
        self.next_first = -1  # the first to declare the round end (GI-4.5)
        self.turn = 0
        self.commit: list[Any] = [None, None]  # hidden simultaneous choices (ARCH 7.2)
        self.need_active: list[int] = []  # seats choosing a new active (GI-5.1, GI-G9)
        self.players: list[Player] = []
        self.cards: list[str] = []  # instance id -> card name
        self.fx = Effects()
        self.winners: list[int] = []
        self.draw = False
        # board.census and board.holder_list's answers: derived on demand, never
        # cloned nor serialized
        self.census: Census | None = None
        self.heard: Heard | None = None

    def clone(self) -> GIState:
        s = GIState(self.rng.copy(), self.opts, self.extra)
        s.phase = self.phase
        s.round = self.round
        s.first = self.first
        s.next_first = self.next_first
        s.turn = self.turn
        s.commit = list(self.commit)
        s.need_active = list(self.need_active)
        s.players = [p.clone() for p in self.players]
        s.cards = self.cards  # never mutated after setup
        s.fx = self.fx.clone()
        s.winners = list(self.winners)
        s.draw = self.draw
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "rng": self.rng.state,
            "options": self.opts.to_json(), "extra": self.extra, "phase": self.phase,
            "round": self.round, "first": self.first, "next_first": self.next_first,
            "turn": self.turn, "commit": _jcopy(self.commit),
            "need_active": list(self.need_active),
            "players": [p.to_json() for p in self.players], "cards": list(self.cards),
            "fx": self.fx.to_json(), "winners": list(self.winners), "draw": self.draw,
        }  # fmt: skip

    @staticmethod
    def from_json(d: Any) -> GIState:
        if not isinstance(d, Mapping) or d.get("format") != FORMAT:
            raise ValueError(f"not an {FORMAT} object")
        if d.get("version") != VERSION:
            raise ValueError(f"state version {d.get('version')!r} is not {VERSION}")
        rng_state = _int(d.get("rng"), "rng")
        if not 0 <= rng_state < 2**64:
            raise ValueError("rng: outside 64 bits")
        s = GIState(
            Rng(rng_state), Options.from_json(d.get("options")), _str(d.get("extra"), "extra")
        )
        s.phase = _str(d.get("phase"), "phase")
        if s.phase not in PHASES:
            raise ValueError(f"phase: {s.phase!r}")
        for key in ("round", "first", "next_first", "turn"):
            setattr(s, key, _int(d.get(key), key))
        commit = _list(d.get("commit"), "commit")
        if len(commit) != 2:
            raise ValueError("commit: expected 2 entries")
        s.commit = _jcopy(commit)
        s.need_active = [_int(v, "need_active") for v in _list(d.get("need_active"), "need_active")]
        s.players = [
            Player.from_json(p, f"players[{i}]")
            for i, p in enumerate(_list(d.get("players"), "players"))
        ]
        if len(s.players) != 2:
            raise ValueError("players: expected 2")
        s.cards = [_str(c, "cards") for c in _list(d.get("cards"), "cards")]
        s.fx = Effects.from_json(d.get("fx"))
        s.winners = [_int(v, "winners") for v in _list(d.get("winners"), "winners")]
        s.draw = _bool(d.get("draw"), "draw")
        return s


# --- helpers ----------------------------------------------------------------------------


def _jcopy(value: Any) -> Any:
    if isinstance(value, list):
        return [_jcopy(v) for v in value]
    return value


def _int(value: Any, path: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{path}: expected an integer, got {value!r}")
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{path}: expected a string, got {value!r}")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{path}: expected true/false, got {value!r}")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{path}: expected a list")
    return value


def _face(value: Any, path: str) -> Any:
    if value == -1 and not isinstance(value, bool):
        return value
    if value not in FACES:
        raise ValueError(f"{path}: {value!r} is not a die face")
    return value


def _ents(value: Any, path: str) -> list[Entity]:
    return [Entity.from_json(e, f"{path}[{i}]") for i, e in enumerate(_list(value, path))]


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
