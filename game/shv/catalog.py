"""The card data of Sử Hộ Vương read once into small typed records
(shv-format.md: guardians, tactics, treasures, skills, decks).

``Catalog`` wraps a content mapping (``cards.json``'s ``cards``) and a deck
mapping (``decks.json``'s ``decks``).  The rules core reads cards only through
it, so a test may build a rules object on its own cards
(``ShvRules(Catalog(cards, decks))``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

POINT_TYPES = ("kim", "moc", "thuy", "hoa", "tho")  # SHV-G3
STATUSES = ("heal_cut", "stealth", "damage_up", "weaken", "toughness")  # SHV-9
SLOTS = ("weapon", "guard", "accessory")  # SHV-1.3
KEYWORDS = (
    "on_enter",
    "active",
    "reaction",
    "passive",
    "interrupt",
    "in_hand",
    "turn_start",
    "turn_end",
)
WINDOWS = ("targeted", "would_damage", "damaged", "ko", "summoned", "skill_used", "healed")
INTERRUPT_WINDOWS = ("targeted", "would_damage")
CARDS_PER_SEAT = 30  # SHV-2.1


GUARDIAN_ONLY_OPS = frozenset({"status"})  # steps that change only a guardian


@dataclass(frozen=True, slots=True)
class Skill:
    id: str
    keyword: str
    exert: bool = False
    range: str | None = None
    points: Mapping[str, int] = field(default_factory=dict)  # named types
    any: int = 0  # points of any type beyond the named ones
    target: str | None = None
    window: str | None = None  # trigger window (reaction, interrupt, in_hand)
    who: str = "ally"
    effects: tuple[Mapping[str, Any], ...] = ()
    static: Mapping[str, int] = field(default_factory=dict)
    scope: str = "self"
    # derived from ``points`` once: the named types of POINT_TYPES it needs, their sum
    needs: tuple[tuple[str, int], ...] = ()
    need_total: int = 0

    @property
    def interrupts(self) -> bool:
        """Resolves inside the running skill (CHEN NGANG, or TRÊN TAY on an
        interrupt window), not queued."""
        if self.keyword == "interrupt":
            return True
        return self.keyword == "in_hand" and self.window in INTERRUPT_WINDOWS

    @property
    def guards_a_guardian(self) -> bool:
        """Every step works on the guardian the window is about (a status given to
        ``trigger``): with a player in question it would do nothing (text review
        SHV-05: Kề Vai is not offered when only a player is targeted)."""
        on_trigger = [e for e in self.effects if e.get("to") == "trigger"]
        return (
            bool(on_trigger)
            and len(on_trigger) == len(self.effects)
            and all(e.get("op") in GUARDIAN_ONLY_OPS for e in on_trigger)
        )

    @property
    def windowed(self) -> bool:
        """Answers a trigger window (offered to its owner)."""
        return self.keyword in ("reaction", "interrupt") or (
            self.keyword == "in_hand" and self.window is not None
        )


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    kind: str  # guardian | tactic | treasure
    cost: int = 0
    hp: int = 0
    skills: tuple[Skill, ...] = ()
    basic: bool = False
    stars: int = 0
    points: Mapping[str, int] = field(default_factory=dict)  # tactic points (choose: n)
    use: str = ""  # treasure: single | equipment
    slot: str = ""
    static: Mapping[str, int] = field(default_factory=dict)  # equipment on its bearer
    target: str | None = None  # single-use treasure
    effects: tuple[Mapping[str, Any], ...] = ()  # single-use treasure
    # derived from the skills once (hot-path pre-checks):
    windows: frozenset[str] = frozenset()  # trigger windows its skills answer
    acts: bool = False  # a CHỦ ĐỘNG skill, or a window-less TRÊN TAY skill
    keywords: frozenset[str] = frozenset()  # every keyword of its skills
    self_static: Mapping[str, int] = field(default_factory=dict)  # its own passives
    ally_static: Mapping[str, int] = field(default_factory=dict)  # passives on its team
    field_acts: tuple[Skill, ...] = ()  # CHỦ ĐỘNG skills (from the field or as equipment)
    hand_acts: tuple[Skill, ...] = ()  # a guardian's TRÊN TAY skills usable from the hand
    # (window, interrupts) -> the skills answering it from the field / a guardian in hand
    field_answers: Mapping[tuple[str, bool], tuple[Skill, ...]] = field(default_factory=dict)
    hand_answers: Mapping[tuple[str, bool], tuple[Skill, ...]] = field(default_factory=dict)

    def skill(self, skill_id: str) -> Skill | None:
        for s in self.skills:
            if s.id == skill_id:
                return s
        return None


def _skill(skill_id: str, data: Mapping[str, Any]) -> Skill:
    points = dict(data.get("points") or {})
    any_ = int(points.pop("any", 0))
    trigger = data.get("trigger") or {}
    needs = tuple((k, int(points[k])) for k in POINT_TYPES if k in points)
    return Skill(
        needs=needs,
        need_total=sum(n for _, n in needs),
        id=skill_id,
        keyword=str(data.get("keyword", "active")),
        exert=bool(data.get("exert", False)),
        range=data.get("range"),
        points={k: int(v) for k, v in points.items()},
        any=any_,
        target=data.get("target"),
        window=trigger.get("window"),
        who=str(trigger.get("who", "ally")),
        effects=tuple(data.get("effects") or ()),
        static={k: int(v) for k, v in (data.get("static") or {}).items()},
        scope=str(data.get("scope", "self")),
    )


def _statics(skills: tuple[Skill, ...], scopes: tuple[str, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in skills:
        if s.keyword == "passive" and s.scope in scopes:
            for k, v in s.static.items():
                out[k] = out.get(k, 0) + v
    return out


def _hand_acts(kind: str, skills: tuple[Skill, ...]) -> tuple[Skill, ...]:
    """SHV-7.6: TRÊN TAY without a window and without points, on a guardian card."""
    if kind != "guardian":
        return ()
    return tuple(
        s
        for s in skills
        if s.keyword == "in_hand" and s.window is None and not s.points and not s.any
    )


def _answers(skills: tuple[Skill, ...], hand: bool) -> dict[tuple[str, bool], tuple[Skill, ...]]:
    """Windowed skills by (window, interrupts): TRÊN TAY ones answer from the hand,
    the others from the field (SHV-7.3, 7.5, 7.6)."""
    out: dict[tuple[str, bool], tuple[Skill, ...]] = {}
    for s in skills:
        if s.windowed and s.window is not None and (s.keyword == "in_hand") == hand:
            key = (s.window, s.interrupts)
            out[key] = (*out.get(key, ()), s)
    return out


def _card(card_id: str, data: Mapping[str, Any]) -> Card:
    skills = tuple(_skill(k, v) for k, v in (data.get("skills") or {}).items())
    kind = str(data.get("kind", ""))
    return Card(
        field_acts=tuple(s for s in skills if s.keyword == "active"),
        hand_acts=_hand_acts(kind, skills),
        field_answers=_answers(skills, False),
        hand_answers=_answers(skills, True) if kind == "guardian" else {},
        windows=frozenset(s.window for s in skills if s.windowed and s.window is not None),
        acts=any(
            s.keyword == "active" or (s.keyword == "in_hand" and s.window is None) for s in skills
        ),
        keywords=frozenset(s.keyword for s in skills),
        self_static=_statics(skills, ("self", "bearer")),
        ally_static=_statics(skills, ("allies",)),
        id=card_id,
        kind=kind,
        cost=int(data.get("cost", 0)),
        hp=int(data.get("hp", 0)),
        skills=skills,
        basic=bool(data.get("basic", False)),
        stars=int(data.get("stars", 0)),
        points={k: int(v) for k, v in (data.get("points") or {}).items()}
        if data.get("kind") == "tactic"
        else {},
        use=str(data.get("use", "")),
        slot=str(data.get("slot", "")),
        static={k: int(v) for k, v in (data.get("static") or {}).items()},
        target=data.get("target"),
        effects=tuple(data.get("effects") or ()),
    )


_PADDING = Card(id="", kind="")


class Catalog:
    """Every card (``Card``) and every deck (card id -> count) of one content set."""

    def __init__(self, cards: Mapping[str, Any], decks: Mapping[str, Any], digest: str = ""):
        self.raw = cards
        self.cards: dict[str, Card] = {cid: _card(cid, c) for cid, c in cards.items()}
        self.decks: dict[str, dict[str, int]] = {
            did: dict(d["cards"]) if "cards" in d else dict(d) for did, d in decks.items()
        }
        self.deck_names: dict[str, Mapping[str, str]] = {
            did: d.get("name", {}) for did, d in decks.items() if isinstance(d, Mapping)
        }
        #: a deck's own starting MP, when it gives one (SHV-3.4 step 1, SHV-G1)
        self.deck_mp: dict[str, int] = {
            did: int(d["starting_mp"])
            for did, d in decks.items()
            if isinstance(d, Mapping) and isinstance(d.get("starting_mp"), int)
        }
        self.hash = digest
        self.by_window: dict[str, frozenset[str]] = {
            w: frozenset(cid for cid, c in self.cards.items() if w in c.windows) for w in WINDOWS
        }
        self.acting = frozenset(cid for cid, c in self.cards.items() if c.acts)
        self.ally_statics = any(c.ally_static for c in self.cards.values())
        # Stealth from a passive or an equipment (not only the status itself)?
        self.stealth_statics = any(
            "stealth" in c.self_static or "stealth" in c.ally_static or "stealth" in c.static
            for c in self.cards.values()
        )
        self._index: tuple[list[str], list[Card]] | None = None
        self._seat_windows: tuple[list[str], list[frozenset[tuple[str, bool]]]] | None = None
        self._game_windows: tuple[list[str], frozenset[tuple[str, bool]]] | None = None

    def index(self, names: list[str]) -> list[Card]:
        """The Card of every instance of a state (cached per ``names`` list, which
        clones share)."""
        cached = self._index
        if cached is not None and cached[0] is names:
            return cached[1]
        cards = [self.cards[n] if n else _PADDING for n in names]
        self._index = (names, cards)
        return cards

    def seat_windows(self, names: list[str]) -> list[frozenset[tuple[str, bool]]]:
        """Per seat, every (window, interrupts) one of its 30 cards answers from some
        zone (cached per ``names`` list like :meth:`index`): a seat whose cards answer
        no ``summoned`` window is never asked about one."""
        cached = self._seat_windows
        if cached is not None and cached[0] is names:
            return cached[1]
        cards = self.index(names)
        out = []
        for base in range(0, len(cards), CARDS_PER_SEAT):
            keys: set[tuple[str, bool]] = set()
            for c in cards[base : base + CARDS_PER_SEAT]:
                keys.update(c.field_answers, c.hand_answers)
            out.append(frozenset(keys))
        self._seat_windows = (names, out)
        return out

    def game_windows(self, names: list[str]) -> frozenset[tuple[str, bool]]:
        """Every (window, interrupts) some card of the game answers (any seat)."""
        cached = self._game_windows
        if cached is not None and cached[0] is names:
            return cached[1]
        out = frozenset().union(*self.seat_windows(names))
        self._game_windows = (names, out)
        return out

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def deck_list(self, deck_id: str) -> list[str]:
        """The deck's 30 card ids, sorted (SHV-2.1)."""
        cards = self.decks[deck_id]
        return sorted(c for c, n in cards.items() for _ in range(int(n)))

    def problems(self) -> list[str]:
        """What the rules core cannot play (unknown kinds, keywords, windows, decks)."""
        out = []
        for cid, card in self.cards.items():
            if card.kind not in ("guardian", "tactic", "treasure"):
                out.append(f"{cid}: unknown kind {card.kind!r}")
            for s in card.skills:
                if s.keyword not in KEYWORDS:
                    out.append(f"{cid}.{s.id}: unknown keyword {s.keyword!r}")
                if s.window is not None and s.window not in WINDOWS:
                    out.append(f"{cid}.{s.id}: unknown window {s.window!r}")
        for did, cards in self.decks.items():
            missing = sorted(set(cards) - set(self.cards))
            if missing:
                out.append(f"deck {did}: unknown cards {missing}")
        return out


@cache
def default_catalog() -> Catalog:
    """The game's catalog: ``cards.json`` validated against the format's ops
    (``game.core.content``) and every deck checked on load (``game.shv.decks``)."""
    from game.core import content
    from game.shv.core_ops import FORMAT_OPS
    from game.shv.decks import load_decks

    cards = content.load("shv", FORMAT_OPS)
    decks = load_decks(cards)
    named = {d.id: {"name": dict(d.name), "cards": dict(d.cards)} for d in decks.values()}
    return Catalog(cards.cards, named, cards.hash)
