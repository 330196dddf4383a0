"""Sử Hộ Vương PvE: the villain side's cards and state (rules.md SHV-10;
pve-format.md).

``BossCatalog`` reads ``assets/games/shv/bosses.json`` (format ``banthe-content``,
kinds ``boss``, ``boss_skill``, ``minion``, ``boss_treasure``) into frozen records and
checks it (``boss_problems``: every problem with the card it is on).  ``Villain`` is
``state.villain`` (None in PvP): the Boss and its Minions as ``Foe`` records, the two
decks kept as **sorted contents** (drawn with ``rng.below``, so their order is never
in the state), the ongoing skill cards, the attached Boss Treasures, the villain
turn's progress.

A Boss card prints its HP per player count (``"hp": {"1": .., "6": ..}``); its draws
(``draws.skills``, ``draws.minions``) and its win conditions' numbers may be printed
the same way or once for every table size (``content.by_players`` reads either), so
``VillainCard.draws_skills`` / ``draws_minions`` hold one entry per player count.

Villain card instances have their own numbers (``Villain.names[uid]``; the Boss is
uid 0); targets name them with the ref ``["v", uid]`` and actions with
``villain=<uid>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from game.core import files
from game.core.content import by_players
from game.core.readers import ReadError, an_object
from game.core.schema import F, Schema
from game.shv.catalog import STATUSES, Skill, _skill
from game.shv.core_ops import FORMAT_OPS

KINDS = ("boss", "boss_skill", "minion", "boss_treasure")
ELEMENTS = ("kim", "moc", "thuy", "hoa", "tho")
#: SHV-10.5.2 / 10.7.6: single-target hostile targets (redirected to an unshielded player)
HOSTILE_TARGETS = (
    "guardian_most_hp",
    "guardian_least_hp",
    "guardian_ready",
    "guardian_any",
    "player_lowest_mp",
    "player_highest_mp",
    "enemy",
)
#: groups: every member, nobody chosen (SHV-9.6)
GROUP_TARGETS = ("all_guardians", "all_players", "all_enemies", "minions")
#: the groups on the players' guardians that an unshielded player draws instead, as the
#: rules document's override names no kind of target (SHV-10.5.2, issue 35 / A-SHV-6);
#: "all_players" already aims at every player, "minions" at the villain side
REDIRECTED_GROUPS = ("all_guardians", "all_enemies")
VILLAIN_TARGETS = ("boss", "minion_least_hp", "villain_self")
TARGETS = HOSTILE_TARGETS + GROUP_TARGETS + VILLAIN_TARGETS
#: ops a villain card may use: the PvP ops that make sense without a hand, plus the
#: villain ops of pve-format.md
VILLAIN_OPS = (
    "damage",
    "heal",
    "status",
    "cleanse",
    "block",
    "tire",
    "ready",
    "lose_mp",
    "spawn",
    "boss_heal",
    "boss_tire",
    "summon_minion",
    "destroy",
)
#: every op the boss file may name (content validation)
BOSS_FILE_OPS = tuple(sorted(set(VILLAIN_OPS) | set(FORMAT_OPS)))
#: ``to`` values of villain steps
VILLAIN_TO = (
    "target",
    "boss",
    "minions",
    "villain_self",
    "villains",
    "all_guardians",
    "all_players",
    "all_enemies",
)
SCOPES = ("self", "boss", "minions", "villains")
WIN_PLAYERS = ("boss_defeated", "minions_destroyed", "survive_rounds")
WIN_VILLAINS = ("round_reached", "minions_on_field", "player_eliminated")
WIN_PARAM = {
    "minions_destroyed": "count",
    "survive_rounds": "rounds",
    "round_reached": "round",
    "minions_on_field": "count",
}
PARTY = (1, 2, 3, 4, 5, 6)  # SHV-10: co-op for 1-6 players
MIN_DECK = 10  # pve-format.md: at least 10 skill cards and 10 minion-deck cards
BOSS_UID = 0


@dataclass(frozen=True, slots=True)
class VillainCard:
    """One card of the villain side (a record of bosses.json)."""

    id: str
    kind: str
    # boss
    element: str = ""
    order: int = 0
    hp_by_players: Mapping[int, int] = field(default_factory=dict)
    draws_skills: Mapping[int, int] = field(default_factory=dict)  # per player count
    draws_minions: Mapping[int, int] = field(default_factory=dict)
    win_players: tuple[Mapping[str, Any], ...] = ()
    win_villains: tuple[Mapping[str, Any], ...] = ()
    setup: tuple[Mapping[str, Any], ...] = ()
    skill_deck: Mapping[str, int] = field(default_factory=dict)
    minion_deck: Mapping[str, int] = field(default_factory=dict)
    # boss passives, minion skills (passives and the active skill)
    skills: tuple[Skill, ...] = ()
    # minion
    hp: int = 0
    # boss skill / boss treasure
    target: str | None = None
    range: str | None = None
    effects: tuple[Mapping[str, Any], ...] = ()
    ongoing: bool = False
    duration: int | None = None
    persistent: bool = False
    static: Mapping[str, int] = field(default_factory=dict)
    scope: str = ""

    @property
    def active(self) -> Skill | None:
        """A Minion's active skill (SHV-10.5.4), or None."""
        for s in self.skills:
            if s.keyword == "active":
                return s
        return None

    def statics(self) -> list[tuple[str, Mapping[str, int]]]:
        """(scope, statuses) of everything static on this card: passives, and the
        ``static`` of an ongoing skill card or a persistent treasure."""
        out = [(s.scope, s.static) for s in self.skills if s.keyword == "passive" and s.static]
        if self.static:
            default = "boss" if self.kind == "boss_treasure" else "villains"
            out.append((self.scope or default, self.static))
        return out


def _ints(data: Any) -> dict[str, int]:
    return {str(k): int(v) for k, v in (data or {}).items()}


def villain_card(card_id: str, data: Mapping[str, Any]) -> VillainCard:
    kind = str(data.get("kind", ""))
    skills_data = data.get("passives") if kind == "boss" else data.get("skills")
    skills = tuple(_skill(k, v) for k, v in (skills_data or {}).items())
    win = data.get("win") or {}
    draws = data.get("draws") or {}
    duration = data.get("duration")
    return VillainCard(
        id=card_id,
        kind=kind,
        element=str(data.get("element", "")),
        order=int(data.get("order", 0)),
        hp_by_players={int(k): int(v) for k, v in (data.get("hp") or {}).items()}
        if kind == "boss"
        else {},
        draws_skills=_per_party(draws.get("skills", 0)),
        draws_minions=_per_party(draws.get("minions", 0)),
        win_players=tuple(win.get("players") or ()),
        win_villains=tuple(win.get("villains") or ()),
        setup=tuple(data.get("setup") or ()),
        skill_deck=_ints(data.get("skill_deck")),
        minion_deck=_ints(data.get("minion_deck")),
        skills=skills,
        hp=int(data.get("hp", 0)) if kind == "minion" else 0,
        target=data.get("target"),
        range=data.get("range"),
        effects=tuple(data.get("effects") or ()),
        ongoing=bool(data.get("ongoing", False)),
        duration=None if duration is None else int(duration),
        persistent=bool(data.get("persistent", False)),
        static=_ints(data.get("static")),
        scope=str(data.get("scope", "")),
    )


class BossCatalog:
    """Every villain card of one boss file, and the bosses in Story order."""

    def __init__(self, cards: Mapping[str, Any], digest: str = "") -> None:
        self.raw = cards
        self.cards: dict[str, VillainCard] = {
            cid: villain_card(cid, c) for cid, c in cards.items() if isinstance(c, Mapping)
        }
        self.hash = digest
        self.bosses: tuple[str, ...] = tuple(
            sorted(
                (cid for cid, c in self.cards.items() if c.kind == "boss"),
                key=lambda cid: (self.cards[cid].order, cid),
            )
        )

    def __getitem__(self, card_id: str) -> VillainCard:
        return self.cards[card_id]

    def boss(self, boss_id: str) -> VillainCard:
        card = self.cards.get(boss_id)
        if card is None or card.kind != "boss":
            known = ", ".join(self.bosses) or "none"
            raise ValueError(f"unknown boss {boss_id!r}; known bosses: {known}")
        return card


EMPTY_BOSSES = BossCatalog({})


# --- validation (clear messages naming the card) -------------------------------------------


def _steps_problems(cid: str, where: str, steps: Any) -> list[str]:
    out = []
    if not isinstance(steps, list):
        return [f"{cid}: {where} must be a list of steps"]
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping) or "op" not in step:
            out.append(f"{cid}: {where}[{i}] has no op")
            continue
        op = step["op"]
        if op not in VILLAIN_OPS:
            out.append(
                f"{cid}: {where}[{i}]: op {op!r} is not a villain op ({', '.join(VILLAIN_OPS)})"
            )
        to = step.get("to")
        if to is not None and to not in VILLAIN_TO:
            out.append(f"{cid}: {where}[{i}]: 'to' {to!r} is not one of {', '.join(VILLAIN_TO)}")
        if op in ("damage", "heal", "boss_heal", "lose_mp") and not _nat(step.get("amount")):
            out.append(f"{cid}: {where}[{i}]: {op} needs a whole 'amount' >= 0")
        if op == "spawn" and not _pos(step.get("count")):
            out.append(f"{cid}: {where}[{i}]: spawn needs a 'count' >= 1")
        if op == "status" and step.get("status") not in STATUSES:
            out.append(f"{cid}: {where}[{i}]: unknown status {step.get('status')!r}")
    return out


def _per_party(value: Any) -> dict[int, int]:
    """A number printed once or per player count, as one entry per table size."""
    return {n: by_players(value, n) for n in PARTY}


def _each(test: Any, v: Any) -> bool:
    """``test`` holds for a number, or for each of a per-player-count number
    (``{"1": ..., "6": ...}``, every table size listed)."""
    if isinstance(v, Mapping):
        return sorted(v) == [str(n) for n in PARTY] and all(test(x) for x in v.values())
    return bool(test(v))


def _nat(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _pos(v: Any) -> bool:
    return _nat(v) and v >= 1


def _static_problems(cid: str, static: Any, scope: Any) -> list[str]:
    out = []
    if not isinstance(static, Mapping) or any(k not in STATUSES for k in static):
        out.append(f"{cid}: static must map statuses ({', '.join(STATUSES)}) to amounts")
    elif not all(_nat(v) for v in static.values()):
        out.append(f"{cid}: static amounts must be whole numbers >= 0")
    if scope is not None and scope not in SCOPES:
        out.append(f"{cid}: scope {scope!r} is not one of {', '.join(SCOPES)}")
    return out


def _target_problem(cid: str, target: Any) -> list[str]:
    if target is not None and target not in TARGETS:
        return [f"{cid}: target {target!r} is not a villain target ({', '.join(TARGETS)})"]
    return []


def _win_problems(cid: str, win: Any) -> list[str]:
    if not isinstance(win, Mapping) or not win.get("players"):
        return [f"{cid}: win.players must list at least one condition"]
    out = []
    for side, kinds in (("players", WIN_PLAYERS), ("villains", WIN_VILLAINS)):
        for i, cond in enumerate(win.get(side) or ()):
            kind = cond.get("kind") if isinstance(cond, Mapping) else None
            if kind not in kinds:
                out.append(
                    f"{cid}: win.{side}[{i}]: kind {kind!r} is not one of {', '.join(kinds)}"
                )
            elif kind in WIN_PARAM and not _each(_pos, cond.get(WIN_PARAM[kind])):
                out.append(
                    f"{cid}: win.{side}[{i}]: {kind} needs '{WIN_PARAM[kind]}' >= 1"
                    " (one number, or one per player count '1'..'6')"
                )
    return out


def _deck_problems(
    cid: str, which: str, deck: Any, cards: Mapping[str, Any], kinds: tuple[str, ...]
) -> list[str]:
    if not isinstance(deck, Mapping) or not all(_pos(n) for n in deck.values()):
        return [f"{cid}: {which} must map card ids to counts >= 1"]
    out = []
    for name in deck:
        kind = cards.get(name, {}).get("kind") if isinstance(cards.get(name), Mapping) else None
        if kind not in kinds:
            out.append(f"{cid}: {which} card {name!r} is not a {' or '.join(kinds)} card")
    total = sum(deck.values())
    if total < MIN_DECK:
        out.append(f"{cid}: {which} has {total} cards, at least {MIN_DECK} needed")
    return out


def _boss_problems(cid: str, c: Mapping[str, Any], cards: Mapping[str, Any]) -> list[str]:
    out = []
    hp = c.get("hp")
    if not isinstance(hp, Mapping) or sorted(hp) != [str(n) for n in range(1, 7)]:
        out.append(f"{cid}: hp must give the starting HP for 1 to 6 players ('1'..'6')")
    elif not all(_pos(v) for v in hp.values()):
        out.append(f"{cid}: every hp must be a whole number >= 1")
    if c.get("element") not in ELEMENTS:
        out.append(f"{cid}: element {c.get('element')!r} is not one of {', '.join(ELEMENTS)}")
    draws = c.get("draws")
    if (
        not isinstance(draws, Mapping)
        or not _each(_pos, draws.get("skills"))
        or not _each(_nat, draws.get("minions"))
    ):
        out.append(
            f"{cid}: draws needs 'skills' >= 1 and 'minions' >= 0"
            " (one number, or one per player count '1'..'6')"
        )
    if not _pos(c.get("order")):
        out.append(f"{cid}: order (Story order) must be >= 1")
    out += _win_problems(cid, c.get("win"))
    out += _steps_problems(cid, "setup", c.get("setup", []))
    for pid, p in (c.get("passives") or {}).items():
        if not isinstance(p, Mapping) or p.get("keyword") != "passive":
            out.append(f"{cid}: passive {pid} needs keyword 'passive'")
            continue
        out += _static_problems(f"{cid}.{pid}", p.get("static", {}), p.get("scope"))
    out += _deck_problems(cid, "skill_deck", c.get("skill_deck"), cards, ("boss_skill",))
    out += _deck_problems(
        cid, "minion_deck", c.get("minion_deck"), cards, ("minion", "boss_treasure")
    )
    for key in ("lore", "victory"):
        text = c.get(key)
        if not isinstance(text, Mapping) or not all(text.get(lang) for lang in ("vi", "en")):
            out.append(f"{cid}: {key} needs a vi and an en text")
    return out


def _minion_problems(cid: str, c: Mapping[str, Any]) -> list[str]:
    out = [] if _pos(c.get("hp")) else [f"{cid}: a minion needs hp >= 1"]
    skills = c.get("skills") or {}
    actives = 0
    for sid, s in skills.items():
        if not isinstance(s, Mapping):
            continue
        kw = s.get("keyword")
        if kw == "active":
            actives += 1
            out += _target_problem(f"{cid}.{sid}", s.get("target"))
            out += _steps_problems(f"{cid}.{sid}", "effects", s.get("effects", []))
        elif kw == "passive":
            out += _static_problems(f"{cid}.{sid}", s.get("static", {}), s.get("scope"))
        else:
            out.append(f"{cid}.{sid}: a minion skill is 'active' or 'passive', not {kw!r}")
    if actives > 1:
        out.append(f"{cid}: a minion has at most one active skill")
    return out


def _skill_card_problems(cid: str, c: Mapping[str, Any]) -> list[str]:
    out = _target_problem(cid, c.get("target"))
    out += _steps_problems(cid, "effects", c.get("effects", []))
    duration = c.get("duration")
    if duration is not None and (not c.get("ongoing") or not _pos(duration)):
        out.append(f"{cid}: duration (rounds >= 1) is only for an ongoing card")
    if "static" in c:
        if c.get("kind") == "boss_skill" and not c.get("ongoing"):
            out.append(f"{cid}: only an ongoing skill card or a persistent treasure has a static")
        if c.get("kind") == "boss_treasure" and not c.get("persistent"):
            out.append(f"{cid}: only a persistent treasure has a static")
        out += _static_problems(cid, c["static"], c.get("scope"))
    return out


def boss_problems(data: Any) -> list[str]:
    """Every problem of a boss file: the content checks (texts, names, keywords,
    parameters) and the boss format's own (kinds, HP per player count, draws, win
    conditions, decks, targets, ops, statics).  Each line names the card."""
    from game.core import content

    if not isinstance(data, Mapping):
        return ["bosses: not an object"]
    out = list(content.validate(data, BOSS_FILE_OPS))
    if data.get("game") != "shv":
        out.append("bosses: game must be 'shv'")
    cards = data.get("cards")
    if not isinstance(cards, Mapping):
        return out
    for cid, c in cards.items():
        if not isinstance(c, Mapping):
            continue
        kind = c.get("kind")
        if kind not in KINDS:
            out.append(f"{cid}: kind {kind!r} is not one of {', '.join(KINDS)}")
        elif kind == "boss":
            out += _boss_problems(cid, c, cards)
            for pid, p in (c.get("passives") or {}).items():
                if isinstance(p, Mapping):
                    doc = {**data, "cards": {f"{cid}.{pid}": p}}
                    out += content.validate(doc, BOSS_FILE_OPS)
        elif kind == "minion":
            out += _minion_problems(cid, c)
        else:
            out += _skill_card_problems(cid, c)
    conds: dict[str, str] = {}
    for cid, c in cards.items():
        if isinstance(c, Mapping) and c.get("kind") == "boss":
            key = repr(c.get("win"))
            if key in conds:
                out.append(f"{cid}: the same win conditions as {conds[key]} (each boss its own)")
            conds[key] = cid
    return out


def parse_bosses(data: Any) -> BossCatalog:
    """A checked boss file; ValueError listing every problem."""
    from game.core import content

    problems = boss_problems(data)
    if problems:
        raise ValueError(
            "bad boss file (assets/games/shv/bosses.json):\n  " + "\n  ".join(problems)
        )
    return BossCatalog(data["cards"], content.content_hash(data))


@cache
def default_bosses() -> BossCatalog:
    """``assets/games/shv/bosses.json``, checked; no file gives no bosses."""

    import assets

    path = assets.path("games", "shv", "bosses.json")
    if not path.is_file():
        return EMPTY_BOSSES
    return parse_bosses(files.read_asset(path))


# --- state ------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class Foe:
    """The Boss or a Minion on the villain side (SHV-10.1, 10.6)."""

    uid: int
    card: str
    hp: int
    max_hp: int
    ready: bool = True
    statuses: dict[str, int] = field(default_factory=dict)
    # [status, amount, until ("end_of_turn" | "next_turn"), seat (-1: the villains)]
    timed: list[list[Any]] = field(default_factory=list)
    block: int = 0

    def clone(self) -> Foe:
        return clone_foe(self)

    def to_json(self) -> dict[str, Any]:
        return FOE.to_json(self)

    @staticmethod
    def from_json(data: Any, path: str) -> Foe:
        return FOE.from_json(data, path)


# <schema clone: clone_foe>
def clone_foe(s: Foe) -> Foe:
    o = Foe.__new__(Foe)
    o.uid = s.uid
    o.card = s.card
    o.hp = s.hp
    o.max_hp = s.max_hp
    o.ready = s.ready
    o.statuses = dict(s.statuses)
    o.timed = [x[:] for x in s.timed]
    o.block = s.block
    return o
    # </schema clone>


FOE: Schema[Foe] = Schema(
    Foe,
    [
        F.num("uid", lo=0),
        F.text("card"),
        F.num("hp", lo=0),
        F.num("max_hp", lo=0),
        F.flag("ready"),
        F.intmap("statuses", lo=0, default={}),  # saves before statuses and timed: none
        F.rows("timed", shape=("str", "int", "str", "int"), default=[]),
        F.num("block", lo=0, default=0),
    ],
    clone=clone_foe,
)


def _ongoing_from(data: Any, path: str) -> dict[str, Any]:
    """An ongoing skill card ``{uid, card, rounds_left}`` (a one-level copy)."""
    if not isinstance(data, Mapping) or not _nat(data.get("uid")):
        raise ReadError("", "expected {uid, card, rounds_left}")
    return dict(data)


def copy_turn(turn: dict[str, Any]) -> dict[str, Any]:
    """The villain turn's progress with its lists copied (their items are ints)."""
    return {k: (v[:] if isinstance(v, list) else v) for k, v in turn.items()}


def _turn_from(data: Any, path: str) -> dict[str, Any]:
    return copy_turn(dict(an_object(data)))


@dataclass(slots=True, eq=False)
class Villain:
    """``state.villain`` (ARCHITECTURE 6.6, pve-format.md "State")."""

    boss: Foe
    names: list[str]  # villain uid -> card id (uid 0: the Boss)
    minions: list[Foe] = field(default_factory=list)  # in order of entry
    skill_deck: list[int] = field(default_factory=list)  # sorted contents
    skill_discard: list[int] = field(default_factory=list)
    minion_deck: list[int] = field(default_factory=list)  # sorted contents
    minion_discard: list[int] = field(default_factory=list)
    ongoing: list[dict[str, Any]] = field(default_factory=list)  # {uid, card, rounds_left}
    treasures: list[int] = field(default_factory=list)  # attached to the Boss
    destroyed_minions: int = 0  # this game (a win condition counts it)
    # the villain turn: {step, draws_left, of, resolving, revealed, to_act}
    turn: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None  # {side: players|villains, kind: condition} at the end

    def clone(self) -> Villain:
        return villain_clone(self)

    def to_json(self) -> dict[str, Any]:
        return VILLAIN.to_json(self)

    @staticmethod
    def from_json(data: Any, path: str = "villain") -> Villain:
        return VILLAIN.from_json(data, path)

    # -- lookups ---------------------------------------------------------------------------
    def foe(self, uid: int) -> Foe | None:
        if uid == BOSS_UID:
            return self.boss
        for m in self.minions:
            if m.uid == uid:
                return m
        return None

    def foes(self) -> list[Foe]:
        return [self.boss, *self.minions]

    def ongoing_uids(self) -> list[int]:
        return [int(o["uid"]) for o in self.ongoing]

    def add_card(self, card_id: str) -> int:
        """A new villain card instance (a Minion summoned from outside the deck)."""
        self.names.append(card_id)
        return len(self.names) - 1


# <schema clone: villain_clone>
def villain_clone(s: Villain) -> Villain:
    o = Villain.__new__(Villain)
    o.boss = clone_foe(s.boss)
    o.names = s.names[:]
    o.minions = [clone_foe(x) for x in s.minions]
    o.skill_deck = s.skill_deck[:]
    o.skill_discard = s.skill_discard[:]
    o.minion_deck = s.minion_deck[:]
    o.minion_discard = s.minion_discard[:]
    o.ongoing = [dict(x) for x in s.ongoing]
    o.treasures = s.treasures[:]
    o.destroyed_minions = s.destroyed_minions
    o.turn = copy_turn(s.turn)
    o.result = None if s.result is None else dict(s.result)
    return o
    # </schema clone>


VILLAIN: Schema[Villain] = Schema(
    Villain,
    [
        F.record("boss", FOE),
        F.strs("names"),
        F.records("minions", FOE),
        F.ints("skill_deck", lo=0),
        F.ints("skill_discard", lo=0),
        F.ints("minion_deck", lo=0),
        F.ints("minion_discard", lo=0),
        F.objs("ongoing", dict, dict, _ongoing_from),
        F.ints("treasures", lo=0),
        F.num("destroyed_minions", lo=0),
        F.obj("turn", copy_turn, copy_turn, _turn_from),
        F.mapping("result", optional=True),
    ],
    clone=villain_clone,
)


def villain_json(v: Villain) -> dict[str, Any]:
    """A saved villain side (``ShvState``'s ``villain`` field; None is written there)."""
    return VILLAIN.to_json(v)


def villain_from(data: Any, path: str) -> Villain:
    """A villain side read back (``ShvState``'s ``villain`` field; None is read there)."""
    return VILLAIN.from_json(data, path)
