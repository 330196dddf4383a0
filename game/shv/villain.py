"""Sử Hộ Vương PvE: the villain side's cards and state (rules.md SHV-10;
pve-format.md).

``BossCatalog`` reads ``assets/games/shv/bosses.json`` (format ``banthe-content``,
kinds ``boss``, ``boss_skill``, ``minion``, ``boss_treasure``) into frozen records and
checks it (``boss_problems``: every problem with the card it is on).  ``Villain`` is
``state.villain`` (None in PvP): the Boss and its Minions as ``Foe`` records, the two
decks kept as **sorted contents** (drawn with ``rng.below``, so their order is never
in the state), the ongoing skill cards, the attached Boss Treasures, the villain
turn's progress.

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
    draws_skills: int = 0
    draws_minions: int = 0
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
        draws_skills=int(draws.get("skills", 0)),
        draws_minions=int(draws.get("minions", 0)),
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
            elif kind in WIN_PARAM and not _pos(cond.get(WIN_PARAM[kind])):
                out.append(f"{cid}: win.{side}[{i}]: {kind} needs '{WIN_PARAM[kind]}' >= 1")
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
        or not _pos(draws.get("skills"))
        or not _nat(draws.get("minions"))
    ):
        out.append(f"{cid}: draws needs 'skills' >= 1 and 'minions' >= 0")
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


class Foe:
    """The Boss or a Minion on the villain side (SHV-10.1, 10.6)."""

    __slots__ = ("block", "card", "hp", "max_hp", "ready", "statuses", "timed", "uid")

    def __init__(
        self,
        uid: int,
        card: str,
        hp: int,
        max_hp: int,
        ready: bool = True,
        statuses: dict[str, int] | None = None,
        timed: list[list[Any]] | None = None,
        block: int = 0,
    ) -> None:
        self.uid = uid
        self.card = card
        self.hp = hp
        self.max_hp = max_hp
        self.ready = ready
        self.statuses = statuses if statuses is not None else {}
        # [status, amount, until ("end_of_turn" | "next_turn"), seat (-1: the villains)]
        self.timed = timed if timed is not None else []
        self.block = block

    def clone(self) -> Foe:
        return Foe(
            self.uid,
            self.card,
            self.hp,
            self.max_hp,
            self.ready,
            dict(self.statuses),
            [t[:] for t in self.timed],
            self.block,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "uid": self.uid,
            "card": self.card,
            "hp": self.hp,
            "max_hp": self.max_hp,
            "ready": self.ready,
            "statuses": dict(self.statuses),
            "timed": [t[:] for t in self.timed],
            "block": self.block,
        }

    @staticmethod
    def from_json(data: Any, path: str) -> Foe:
        if not isinstance(data, Mapping):
            raise ValueError(f"{path}: expected an object")
        statuses = data.get("statuses", {})
        timed = data.get("timed", [])
        if not isinstance(statuses, Mapping) or not all(
            isinstance(k, str) and _nat(v) for k, v in statuses.items()
        ):
            raise ValueError(f"{path}.statuses: expected status -> amount")
        if not isinstance(timed, list) or not all(
            isinstance(t, list) and len(t) == 4 and isinstance(t[0], str) for t in timed
        ):
            raise ValueError(f"{path}.timed: expected [status, amount, until, seat] lists")
        return Foe(
            _num(data.get("uid"), f"{path}.uid"),
            _text(data.get("card"), f"{path}.card"),
            _num(data.get("hp"), f"{path}.hp"),
            _num(data.get("max_hp"), f"{path}.max_hp"),
            _flag(data.get("ready"), f"{path}.ready"),
            dict(statuses),
            [list(t) for t in timed],
            _num(data.get("block", 0), f"{path}.block"),
        )


def _num(v: Any, path: str) -> int:
    if not _nat(v):
        raise ValueError(f"{path}: expected a whole number >= 0, got {v!r}")
    return int(v)


def _text(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise ValueError(f"{path}: expected a string")
    return v


def _flag(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise ValueError(f"{path}: expected true or false")
    return v


def _uids(v: Any, path: str) -> list[int]:
    if not isinstance(v, list):
        raise ValueError(f"{path}: expected a list")
    return [_num(x, f"{path}[{i}]") for i, x in enumerate(v)]


class Villain:
    """``state.villain`` (ARCHITECTURE 6.6, pve-format.md "State")."""

    __slots__ = (
        "boss",
        "destroyed_minions",
        "minion_deck",
        "minion_discard",
        "minions",
        "names",
        "ongoing",
        "result",
        "skill_deck",
        "skill_discard",
        "treasures",
        "turn",
    )

    def __init__(
        self,
        boss: Foe,
        names: list[str],
        minions: list[Foe] | None = None,
        skill_deck: list[int] | None = None,
        skill_discard: list[int] | None = None,
        minion_deck: list[int] | None = None,
        minion_discard: list[int] | None = None,
        ongoing: list[dict[str, Any]] | None = None,
        treasures: list[int] | None = None,
        destroyed_minions: int = 0,
        turn: dict[str, Any] | None = None,
        result: dict[str, Any] | None = None,
    ) -> None:
        self.boss = boss
        self.names = names  # villain uid -> card id (uid 0: the Boss)
        self.minions = minions if minions is not None else []  # in order of entry
        self.skill_deck = skill_deck if skill_deck is not None else []  # sorted contents
        self.skill_discard = skill_discard if skill_discard is not None else []
        self.minion_deck = minion_deck if minion_deck is not None else []  # sorted contents
        self.minion_discard = minion_discard if minion_discard is not None else []
        self.ongoing = ongoing if ongoing is not None else []  # {uid, card, rounds_left}
        self.treasures = treasures if treasures is not None else []  # attached to the Boss
        self.destroyed_minions = destroyed_minions  # this game (a win condition counts it)
        # the villain turn: {step, draws_left, of, resolving, revealed, to_act}
        self.turn = turn if turn is not None else {}
        self.result = result  # {side: players|villains, kind: condition} at the end

    def clone(self) -> Villain:
        return Villain(
            self.boss.clone(),
            self.names[:],
            [m.clone() for m in self.minions],
            self.skill_deck[:],
            self.skill_discard[:],
            self.minion_deck[:],
            self.minion_discard[:],
            [dict(o) for o in self.ongoing],
            self.treasures[:],
            self.destroyed_minions,
            {k: (v[:] if isinstance(v, list) else v) for k, v in self.turn.items()},
            None if self.result is None else dict(self.result),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "boss": self.boss.to_json(),
            "names": self.names[:],
            "minions": [m.to_json() for m in self.minions],
            "skill_deck": self.skill_deck[:],
            "skill_discard": self.skill_discard[:],
            "minion_deck": self.minion_deck[:],
            "minion_discard": self.minion_discard[:],
            "ongoing": [dict(o) for o in self.ongoing],
            "treasures": self.treasures[:],
            "destroyed_minions": self.destroyed_minions,
            "turn": {k: (v[:] if isinstance(v, list) else v) for k, v in self.turn.items()},
            "result": None if self.result is None else dict(self.result),
        }

    @staticmethod
    def from_json(data: Any, path: str = "villain") -> Villain:
        if not isinstance(data, Mapping):
            raise ValueError(f"{path}: expected an object")
        names = data.get("names")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError(f"{path}.names: expected a list of card ids")
        minions = data.get("minions")
        if not isinstance(minions, list):
            raise ValueError(f"{path}.minions: expected a list")
        ongoing = data.get("ongoing")
        if not isinstance(ongoing, list) or not all(
            isinstance(o, Mapping) and _nat(o.get("uid")) for o in ongoing
        ):
            raise ValueError(f"{path}.ongoing: expected a list of {{uid, card, rounds_left}}")
        turn, result = data.get("turn"), data.get("result")
        if not isinstance(turn, Mapping):
            raise ValueError(f"{path}.turn: expected an object")
        if result is not None and not isinstance(result, Mapping):
            raise ValueError(f"{path}.result: expected an object or null")
        return Villain(
            Foe.from_json(data.get("boss"), f"{path}.boss"),
            list(names),
            [Foe.from_json(m, f"{path}.minions[{i}]") for i, m in enumerate(minions)],
            _uids(data.get("skill_deck"), f"{path}.skill_deck"),
            _uids(data.get("skill_discard"), f"{path}.skill_discard"),
            _uids(data.get("minion_deck"), f"{path}.minion_deck"),
            _uids(data.get("minion_discard"), f"{path}.minion_discard"),
            [dict(o) for o in ongoing],
            _uids(data.get("treasures"), f"{path}.treasures"),
            _num(data.get("destroyed_minions"), f"{path}.destroyed_minions"),
            {k: (list(v) if isinstance(v, list) else v) for k, v in turn.items()},
            None if result is None else dict(result),
        )

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


def villain_clone(v: Villain | None) -> Villain | None:
    return None if v is None else v.clone()


def villain_json(v: Villain | None) -> dict[str, Any] | None:
    return None if v is None else v.to_json()


def villain_from(data: Any, path: str) -> Villain | None:
    return None if data is None else Villain.from_json(data, path)
