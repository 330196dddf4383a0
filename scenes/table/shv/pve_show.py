"""What the PvE table shows of the villain side, stepped by the events.

The rules run the whole villain turn inside one ``apply`` and the view after it is
the end of the turn.  To make the turn readable the table keeps a :class:`Shown`
copy of the villain side taken from the view *before* the batch, and moves it one
event at a time as each event's animation starts (``apply``): the Boss's HP and
posture, Minions entering and leaving, the skill card revealed and resolving, who
acts and whom it aims at (the arrows).  When the animations are over (or skipped)
the table drops the copy and draws the view again; a view paused inside the villain
turn (a team choice, a loaded save) shows its own ``turn.revealed`` card.

A Boss skill card drawn is first shown large in the middle of the table
(``pve_draw.boss_card``: it flies from the Boss, holds, and lands where the revealed card
is drawn); it counts as revealed from the next step on (``Shown.coming``), so the
two never show at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scenes.table.shv import pve_look

Target = tuple[str, int]  # ("g", guardian uid) | ("p", seat) | ("v", villain uid)


@dataclass
class Foe:
    uid: int
    card: str
    hp: int
    max_hp: int
    ready: bool
    statuses: dict[str, int] = field(default_factory=dict)


@dataclass
class Shown:
    """The villain side as drawn (see the module doc)."""

    boss: Foe
    minions: list[Foe]
    names: list[str]
    ongoing: list[tuple[int, str, int]]  # (uid, card, rounds left)
    treasures: list[int]
    skill_deck: int = 0
    minion_deck: int = 0
    step: str = ""
    draw: tuple[int, int] = (0, 0)  # (n, of) of the Boss's skill draws
    revealed: int | None = None  # the villain card shown big while it resolves
    coming: int | None = None  # a Boss skill drawn, shown large first (``boss_card``)
    actor: int | None = None  # the villain uid acting now (the Boss or a Minion)
    targets: list[Target] = field(default_factory=list)
    live: bool = False  # True while a batch of events is being played

    def foe(self, uid: int) -> Foe | None:
        if uid == self.boss.uid:
            return self.boss
        return next((m for m in self.minions if m.uid == uid), None)

    def card(self, uid: int) -> str:
        return self.names[uid] if 0 <= uid < len(self.names) else ""


def _foe(data: Any) -> Foe:
    return Foe(int(data.uid), str(data.card), int(data.hp), int(data.max_hp), bool(data.ready),
               dict(data.statuses))  # fmt: skip


def from_view(v: Any) -> Shown:
    """The villain side of ``view.villain`` (pve-core's ``Villain``)."""
    turn = dict(getattr(v, "turn", {}) or {})
    revealed = turn.get("revealed", turn.get("resolving"))
    return Shown(
        boss=_foe(v.boss),
        minions=[_foe(m) for m in v.minions],
        names=list(v.names),
        ongoing=[_ongoing(o, v.names) for o in v.ongoing],
        treasures=[int(u) for u in v.treasures],
        skill_deck=len(v.skill_deck),
        minion_deck=len(v.minion_deck),
        step=str(turn.get("step", "")),
        draw=(int(turn.get("draw", 0) or 0), int(turn.get("of", 0) or 0)),
        revealed=revealed if isinstance(revealed, int) and "resolving" in turn else None,
        actor=turn.get("acting") if isinstance(turn.get("acting"), int) else None,
    )


def _ongoing(o: dict[str, Any], names: list[str]) -> tuple[int, str, int]:
    """(uid, card, rounds left; 0: until destroyed) of an ongoing skill card."""
    uid = int(o["uid"])
    return uid, str(o.get("card") or names[uid]), int(o.get("rounds_left") or 0)


def ref_list(refs: Any) -> list[Any]:
    """One ref, or a list of refs (``redirected.to``, a team choice's candidates)."""
    many = isinstance(refs, list) and bool(refs) and isinstance(refs[0], (list, dict))
    return list(refs) if many else [refs]


def targets_of(kind: str, d: dict[str, Any]) -> list[Target]:
    """Whom an event touches, as arrow targets (players' side and villains)."""
    out: list[Target] = []
    for key in ("to", "target", "about"):
        for ref in ref_list(d.get(key)):
            if isinstance(ref, dict):
                ref = next(([k[0], v] for k, v in ref.items() if k in ("guardian", "player")), None)
            if isinstance(ref, (list, tuple)) and len(ref) == 2 and ref[0] in ("g", "p", "v"):
                out.append((str(ref[0]), int(ref[1])))
    if isinstance(d.get("guardian"), int):
        out.append(("g", d["guardian"]))
    elif isinstance(d.get("player"), int) and kind in ("damage", "mp_changed", "mp_lost"):
        out.append(("p", d["player"]))
    if kind == "mp_changed" and isinstance(d.get("seat"), int) and not out:
        out.append(("p", d["seat"]))
    if kind.startswith("villain_") and kind != "villain_turn":
        who = d.get("who")
        for uid in who if isinstance(who, list) else [who]:
            if isinstance(uid, int):
                out.append(("v", uid))
    return out


def apply(s: Shown, kind: str, d: dict[str, Any]) -> None:
    """Move the shown villain side by one event (its animation starts)."""
    if s.coming is not None:  # the skill card drawn has been shown large: now revealed
        s.revealed, s.coming = s.coming, None
    if kind == "villain_turn":
        s.step = str(d.get("step", ""))
        s.revealed = s.actor = None if s.step not in ("boss_skills",) else s.revealed
        s.targets = []
    elif kind == "boss_skill_drawn":  # shown large first (boss_card), revealed after
        s.coming, s.revealed, s.actor, s.targets = _int(d.get("uid")), None, s.boss.uid, []
        s.draw = (int(d.get("draw", 0) or 0), int(d.get("of", 0) or 0))
        s.skill_deck = max(0, s.skill_deck - 1)
    elif kind in ("minion_spawned", "boss_treasure"):
        uid = _int(d.get("uid"))
        s.minion_deck = max(0, s.minion_deck - 1)
        if uid is not None and kind == "minion_spawned":
            card = s.card(uid) or str(d.get("card", ""))
            hp = int(d.get("hp", 0) or 0)
            s.minions.append(Foe(uid, card, hp, hp, bool(d.get("ready", True))))
        elif uid is not None and d.get("persistent"):
            s.treasures.append(uid)
        s.revealed, s.actor, s.targets = (uid if kind == "boss_treasure" else None), None, []
    elif kind == "minion_acted":
        s.actor, s.revealed, s.targets = _int(d.get("uid")), None, []
    elif kind == "villain_card" and d.get("as") == "treasure":
        s.revealed, s.actor, s.targets = _int(d.get("uid")), s.boss.uid, []
    elif kind == "minion_destroyed":
        s.minions = [m for m in s.minions if m.uid != _int(d.get("uid"))]
    elif kind in ("ongoing_expired", "ongoing_destroyed"):
        s.ongoing = [o for o in s.ongoing if o[0] != _int(d.get("uid", d.get("card")))]
    drawn = pve_look.data(str(d.get("card", ""))) if kind == "boss_skill_drawn" else {}
    if drawn.get("ongoing") and _int(d.get("uid")) is not None:  # SHV-10.7.3: it stays
        s.ongoing.append((int(d["uid"]), str(d["card"]), int(drawn.get("duration", 0) or 0)))
    _foes(s, kind, d)
    if s.actor is not None or s.revealed is not None:
        s.targets += [t for t in targets_of(kind, d) if t not in s.targets]


def _foes(s: Shown, kind: str, d: dict[str, Any]) -> None:
    """HP and posture of the Boss and Minions."""
    who = d.get("who")
    uids = [u for u in (who if isinstance(who, list) else [who]) if isinstance(u, int)]
    for uid in uids:
        foe = s.foe(uid)
        if foe is None:
            continue
        if kind == "villain_damaged":
            foe.hp = int(d.get("hp", max(0, foe.hp - int(d.get("amount", 0)))))
        elif kind == "villain_healed":
            foe.hp = min(foe.max_hp, foe.hp + int(d.get("amount", 0)))
        elif kind in ("villain_tired", "villain_readied"):
            foe.ready = kind == "villain_readied"


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None
