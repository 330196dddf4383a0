"""What a Sử Hộ Vương position says, read without changing it: where a card is,
teams, statuses with their passive and equipment parts, shielding, tactic points,
legal targets and the ``to`` selectors of shv-format.md.

A *ref* is ``["g", uid]`` (a guardian) or ``["p", seat]`` (a player), the form
targets take in effect contexts and decision options.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from game.shv.catalog import POINT_TYPES, Card, Catalog, Skill
from game.shv.state import Guardian, Player, ShvState, owner

Ref = list[Any]

#: ``skill_limit: "none"`` (SHV-5.5 [PROP], SHV-G9): a skill that is not Tốn sức may be
#: used again and again in a turn, but at most this many times, so that every turn —
#: and with the draw each turn, every game — ends.  SHV-5.5 warns that without a
#: limit skills "could loop forever"; a greedy bot healing a full guardian did.
UNLIMITED_USES = 10


def used_up(state: ShvState, uid: int, skill_id: str) -> bool:
    """SHV-5.5: has this card's skill reached its uses for this turn?"""
    used = state.used
    if not used:
        return False
    key = f"{uid}:{skill_id}"
    if state.opts.skill_limit == "once_per_turn":
        return key in used
    return used.count(key) >= UNLIMITED_USES


def g_ref(uid: int) -> Ref:
    return ["g", uid]


def p_ref(seat: int) -> Ref:
    return ["p", seat]


class Board:
    """Read-only questions about a state, bound to one catalog."""

    def __init__(self, catalog: Catalog) -> None:
        self.cat = catalog

    def card(self, state: ShvState, uid: int) -> Card:
        return self.cat.index(state.names)[uid]

    # -- where things are -----------------------------------------------------------
    @staticmethod
    def guardian(state: ShvState, uid: int) -> Guardian | None:
        """The guardian ``uid`` if it is on a field (only its owner's field holds it)."""
        if uid < 0:
            return None
        return state.players[owner(uid)].guardian(uid)

    @staticmethod
    def bearer(state: ShvState, uid: int) -> Guardian | None:
        """The guardian holding equipment ``uid``, or None."""
        if uid < 0:
            return None
        for g in state.players[owner(uid)].field:
            if uid in g.equipment.values():
                return g
        return None

    def holder(self, state: ShvState, uid: int | None) -> Guardian | None:
        """The guardian a source acts through: itself, or the bearer of equipment."""
        if uid is None:
            return None
        return self.guardian(state, uid) or self.bearer(state, uid)

    @staticmethod
    def team(state: ShvState, seat: int) -> int:
        return state.players[seat].team

    @staticmethod
    def living(state: ShvState) -> Iterator[Player]:
        return (p for p in state.players if not p.eliminated)

    @staticmethod
    def offer_order(state: ShvState) -> list[int]:
        """Living seats in turn order starting with the active player (SHV-7.10)."""
        n = len(state.order)
        out = []
        for k in range(n):
            seat = state.order[(state.turn_index + k) % n]
            if not state.players[seat].eliminated:
                out.append(seat)
        return out

    # -- statuses (SHV-9) -----------------------------------------------------------------
    def status(self, state: ShvState, g: Guardian, name: str) -> int:
        """Own status + its passives + allies' passives + its equipment (SHV-7.4, 9.6)."""
        cards = self.cat.index(state.names)
        value = g.statuses.get(name, 0) + cards[g.card].self_static.get(name, 0)
        for uid in g.equipment.values():
            value += cards[uid].static.get(name, 0)
        if not self.cat.ally_statics:
            return value
        team = state.players[owner(g.card)].team
        for p in state.players:
            if p.team != team:
                continue
            for other in p.field:
                value += cards[other.card].ally_static.get(name, 0)
        return value

    def stealthed(self, state: ShvState, g: Guardian) -> bool:
        if g.statuses.get("stealth"):
            return True
        return self.status(state, g, "stealth") > 0 if self.cat.stealth_statics else False

    def shielded(self, state: ShvState, seat: int) -> bool:
        """SHV-8.6, SHV-9.2: a guardian not in Stealth shields its owner."""
        return any(not self.stealthed(state, g) for g in state.players[seat].field)

    # -- tactic points (SHV-6.2, 6.6) --------------------------------------------------------
    def points(self, state: ShvState, g: Guardian | None) -> dict[str, int]:
        out: dict[str, int] = {}
        if g is None:
            return out
        cards = self.cat.index(state.names)
        for uid in g.tactics:
            for kind, n in cards[uid].points.items():
                kind = g.chosen.get(str(uid), kind) if kind == "choose" else kind
                out[kind] = out.get(kind, 0) + n
        for kind, n in g.temp_points.items():
            out[kind] = out.get(kind, 0) + n
        return out

    @staticmethod
    def meets(skill: Skill, pts: Mapping[str, int]) -> bool:
        """Thresholds compared, never spent (SHV-6.6): every named type, then the
        points of any type left over."""
        for kind, need in skill.needs:
            if pts.get(kind, 0) < need:
                return False
        if not skill.any and not pts:
            return True
        spare = -skill.need_total
        for kind in POINT_TYPES:
            spare += pts.get(kind, 0)
        return spare >= skill.any

    # -- targets (shv-format.md "Targets") ----------------------------------------------
    def targets(self, state: ShvState, seat: int, kind: str, source: int | None) -> list[Ref]:
        """Every legal target of ``kind`` for ``seat``, living players in seat order:
        their guardians in field order, then an unshielded enemy player (SHV-8.6)."""
        team = state.players[seat].team
        out: list[Ref] = []
        enemy_side = kind in ("enemy", "enemy_guardian", "enemy_player", "any_guardian")
        for p in state.players:
            if p.eliminated:
                continue
            if p.team == team:
                if kind in ("ally_guardian", "any_guardian") or (
                    kind == "own_guardian" and p.seat == seat
                ):
                    out.extend(g_ref(g.card) for g in p.field)
                elif kind == "other_own_guardian" and p.seat == seat:
                    out.extend(g_ref(g.card) for g in p.field if g.card != source)
            elif enemy_side:
                shield = False  # SHV-8.6, SHV-9.2: a guardian not in Stealth shields
                for g in p.field:
                    if not self.stealthed(state, g):
                        shield = True
                        if kind != "enemy_player":
                            out.append(g_ref(g.card))
                if not shield and kind in ("enemy", "enemy_player"):
                    out.append(p_ref(p.seat))
        return out

    def valid_ref(self, state: ShvState, ref: Ref | None) -> bool:
        if not ref:
            return False
        if ref[0] == "g":
            return self.guardian(state, ref[1]) is not None
        return not state.players[ref[1]].eliminated

    def ref_team(self, state: ShvState, ref: Ref) -> int:
        seat = owner(ref[1]) if ref[0] == "g" else ref[1]
        return state.players[seat].team

    # -- "to" selectors (shv-format.md "Steps") ------------------------------------------
    def select(self, state: ShvState, ctx: Mapping[str, Any], to: str) -> list[Ref]:
        seat = int(ctx["seat"])
        team = state.players[seat].team
        if to in ("target", "trigger"):
            ref = ctx.get(to)
            return [list(ref)] if ref is not None and self.valid_ref(state, ref) else []
        if to in ("self", "bearer"):
            g = self.holder(state, ctx.get("source"))
            return [g_ref(g.card)] if g is not None else []
        if to == "trigger_source":
            by = ctx.get("by")
            g = self.holder(state, by) if isinstance(by, int) else None
            return [g_ref(g.card)] if g is not None else []
        if to == "controller":
            return [p_ref(seat)] if not state.players[seat].eliminated else []
        if to == "target_player":
            ref = ctx.get("target")
            if not ref:
                return []
            who = owner(ref[1]) if ref[0] == "g" else ref[1]
            return [] if state.players[who].eliminated else [p_ref(who)]
        return self._group(state, team, to)

    def _group(self, state: ShvState, team: int, to: str) -> list[Ref]:
        """A group chooses nobody, so a guardian in Stealth is in it (SHV-9.2, 9.6)."""
        out: list[Ref] = []
        for p in self.living(state):
            ally = p.team == team
            if (to == "all_ally_guardians" and ally) or (to == "all_enemy_guardians" and not ally):
                out.extend(g_ref(g.card) for g in p.field)
            elif to == "all_enemies" and not ally:
                out.extend(g_ref(g.card) for g in p.field)
                if not self.shielded(state, p.seat):
                    out.append(p_ref(p.seat))
        return out

    def who_ok(
        self, state: ShvState, skill: Skill, seat: int, holder: int | None, about: Ref
    ) -> bool:
        """Does ``about`` concern a windowed skill of ``seat`` (``holder``: the guardian
        it acts through)?  self = this guardian / its owner; ally; enemy (SHV-G22)."""
        if skill.who == "self":
            if about[0] == "g":
                return holder is not None and bool(about[1] == holder)
            return bool(about[1] == seat)
        same = self.ref_team(state, about) == state.players[seat].team
        return same if skill.who == "ally" else not same

    # -- answers to a window (SHV-7.3, 7.5, 7.10, SHV-G22) -----------------------------------
    def windowed(
        self, state: ShvState, seat: int, window: str, about: Ref, by: int | None, interrupts: bool
    ) -> list[list[Any]]:
        """The [uid, skill, target] answers ``seat`` has for a window now, in ``sources``
        order (field guardians and their equipment, then guardians in hand)."""
        out: list[list[Any]] = []
        p = state.players[seat]
        if p.eliminated:
            return out
        if (
            window == "targeted"
            and by is not None
            and by >= 0
            and state.players[owner(by)].team == p.team
        ):
            return out  # answers a skill of the other team only
        key = (window, interrupts)
        cards = self.cat.index(state.names)
        for g in p.field:
            skills = cards[g.card].field_answers.get(key)
            if skills:
                self._answers(state, seat, g.card, skills, g, "field", about, out)
            for uid in g.equipment.values():
                skills = cards[uid].field_answers.get(key)
                if skills:
                    self._answers(state, seat, uid, skills, g, "equipment", about, out)
        for uid in p.hand:
            if uid >= 0:
                skills = cards[uid].hand_answers.get(key)
                if skills:
                    self._answers(state, seat, uid, skills, None, "hand", about, out)
        return out

    def answers_left(
        self,
        state: ShvState,
        seat: int,
        window: str,
        about: Ref,
        by: Any,
        interrupts: bool,
        done: Sequence[Sequence[Any]] = (),
    ) -> list[list[Any]]:
        """:meth:`windowed` less the skills that already answered this window: a seat
        may answer one window with several skills, each once (SHV-7.3, 7.5, 7.10)."""
        out = self.windowed(state, seat, window, about, by, interrupts)
        if done:
            used = {(int(u), str(s)) for u, s in done}
            out = [a for a in out if (a[0], a[1]) not in used]
        return out

    def _answers(
        self,
        state: ShvState,
        seat: int,
        uid: int,
        skills: tuple[Skill, ...],
        holder: Guardian | None,
        zone: str,
        about: Ref,
        out: list[list[Any]],
    ) -> None:
        hid = holder.card if holder is not None else None
        for skill in skills:
            if not self.who_ok(state, skill, seat, hid, about):
                continue
            if about[0] != "g" and skill.guards_a_guardian:
                continue  # nothing to do for a player (SHV-7.3: only a usable answer)
            if not self.usable(state, uid, skill, holder, zone):
                continue
            if skill.target is None:
                out.append([uid, skill.id, None])
            else:
                out.extend([uid, skill.id, t] for t in self.targets(state, seat, skill.target, uid))

    def could_answer(self, state: ShvState, seat: int, window: str, interrupts: bool) -> bool:
        """A cheap pre-check of :meth:`windowed`: ``seat`` holds a card with a skill
        for ``window`` (an interrupt or a reaction) where that skill answers from: the
        field and equipment, or the hand for a guardian's TRÊN TAY skill."""
        key = (window, interrupts)
        if key not in self.cat.seat_windows(state.names)[seat]:
            return False  # none of the seat's 30 cards has one
        p = state.players[seat]
        cards = self.cat.index(state.names)
        for u in p.hand:  # plain loops: this runs for every seat at every window
            if u >= 0 and key in cards[u].hand_answers:
                return True
        for g in p.field:
            if key in cards[g.card].field_answers:
                return True
            for u in g.equipment.values():
                if key in cards[u].field_answers:
                    return True
        return False

    # -- sources of skills ---------------------------------------------------------------
    def sources(
        self, state: ShvState, seat: int
    ) -> Iterator[tuple[int, Card, Guardian | None, str]]:
        """(uid, card, holder, zone) of everything whose skills ``seat`` may use:
        field guardians, their equipment, guardian cards in hand."""
        p = state.players[seat]
        cards = self.cat.index(state.names)
        for g in p.field:
            yield g.card, cards[g.card], g, "field"
            for uid in g.equipment.values():
                yield uid, cards[uid], g, "equipment"
        for uid in p.hand:
            if uid >= 0 and cards[uid].skills and cards[uid].kind == "guardian":
                yield uid, cards[uid], None, "hand"

    def usable(
        self, state: ShvState, uid: int, skill: Skill, holder: Guardian | None, zone: str
    ) -> bool:
        """Once per turn (SHV-5.5), points (SHV-6.6), Tốn sức needs Ready (SHV-6.3)."""
        if used_up(state, uid, skill.id):
            return False
        if zone == "hand":
            return not skill.points and not skill.any
        if skill.exert:
            ready = (
                uid not in state.tired
                if zone == "equipment"
                else holder is not None and holder.ready
            )
            if not ready:
                return False
        return not (skill.points or skill.any) or self.meets(skill, self.points(state, holder))
