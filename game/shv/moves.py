"""What a seat may do now in Sử Hộ Vương: the legal actions of the action phase and
of every pending decision (ARCHITECTURE 6.2; SHV-5.4, 6.2, 6.3, 7.2, 7.6), listed in
one pass and each :class:`~game.core.contract.Action` made once.

``Flow`` (``game.shv.flow``) is a ``Moves``: it runs the turns and applies the
actions listed here.
"""

from __future__ import annotations

from typing import Any

from game.core.contract import Action
from game.shv.board import Ref, used_up
from game.shv.catalog import POINT_TYPES, Card, Catalog, Skill
from game.shv.core import Core
from game.shv.state import Guardian, Player, ShvState

#: decision name -> (prompt kind, action kinds) (``Rules.moves``)
DECISIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "privilege_type": ("choose_option", ("privilege_type",)),
    "place": ("commit_secret", ("place_guardian",)),
    "mulligan": ("choose_option", ("mulligan", "keep")),
    "act": (
        "act",
        ("summon", "give_tactic", "treasure", "activate", "privilege", "end_turn"),
    ),
    "target": ("choose_target", ("choose_target",)),
    "interrupt": ("respond", ("interrupt", "pass")),
    "react": ("respond", ("react", "pass")),
    "declare": ("choose_option", ("declare", "done")),
    "order": ("choose_option", ("resolve_next",)),
    "keep_equipment": ("choose_card", ("keep_equipment",)),
    "attach": ("choose_card", ("attach", "pass")),
    "point_type": ("choose_option", ("point_type",)),
    "discard": ("choose_card", ("discard",)),
    "team_choice": ("choose_target", ("choose_target",)),  # PvE ties (ARCHITECTURE 6.5)
}
TURN_KW = {"declare_start": "turn_start", "declare_end": "turn_end"}


def mk(kind: str, seat: int, **args: int | str) -> Action:
    """``Action.make`` for the hot path: the args are already ints and strings."""
    return Action(kind, seat, tuple(sorted(args.items())))


#: the action argument of each kind of ref (a villain: PvE, ``game.shv.pve``)
REF_ARG = {"g": "guardian", "p": "player", "v": "villain"}


def ref_args(ref: Ref | None) -> dict[str, int]:
    if not ref:
        return {}
    return {REF_ARG[ref[0]]: ref[1]}


class Moves(Core):
    """The engine plus the listing of legal actions."""

    def __init__(self, catalog: Catalog) -> None:
        super().__init__(catalog)
        #: listed actions by their arguments: an Action is immutable and depends on
        #: nothing else, so one object serves every listing (fewer allocations)
        self._made: dict[tuple[Any, ...], Action] = {}
        #: (seat, tactic, guardian, choose) -> the tactic's give actions to that guardian
        self._gives: dict[tuple[int, int, int, bool], tuple[Action, ...]] = {}

    # == turn skills that may be declared (SHV-4.1, 4.6) =======================================

    def turn_skills(self, state: ShvState, seat: int, keyword: str) -> list[list[Any]]:
        out = []
        cards = self.cat.index(state.names)
        for g in state.players[seat].field:
            card = cards[g.card]
            if keyword in card.keywords:
                out.extend(self._turn_skills_of(state, g.card, card, g, "field", keyword))
            for uid in g.equipment.values():
                card = cards[uid]
                if keyword in card.keywords:
                    out.extend(self._turn_skills_of(state, uid, card, g, "equipment", keyword))
        return out

    def _turn_skills_of(
        self, state: ShvState, uid: int, card: Card, g: Guardian, zone: str, keyword: str
    ) -> list[list[Any]]:
        return [
            [uid, skill.id]
            for skill in card.skills
            if skill.keyword == keyword and self.usable(state, uid, skill, g, zone)
        ]

    def declarable(self, state: ShvState) -> list[list[Any]]:
        keyword = TURN_KW.get(state.step)
        if keyword is None:
            return []
        found = self.turn_skills(state, state.active, keyword)
        return [d for d in found if d not in state.declared]

    # == what may be done now ==================================================================
    @staticmethod
    def canonical(cards: list[int], state: ShvState) -> list[int]:
        """One card per name (the lowest id): copies are the same choice."""
        seen: set[str] = set()
        out = []
        for uid in cards:
            name = state.names[uid]
            if name not in seen:
                seen.add(name)
                out.append(uid)
        return out

    def act_actions(self, state: ShvState, seat: int) -> list[Action]:
        """Summons, tactics given, treasures (one card per name: copies are the same
        choice), skills, the privilege, end of turn; built in one pass over the hand."""
        p = state.players[seat]
        names = state.names
        cards = self.cat.index(names)
        made = self._made
        summon = self.can_summon(state, p)
        give = not state.turn_flags.get("tactic_given") and bool(p.field)
        out: list[Action] = []  # the summons
        gives: list[Action] = []
        treasures: list[Action] = []
        seen: set[str] = set()
        for uid in p.hand:
            name = names[uid]
            if name in seen:
                continue
            seen.add(name)
            c = cards[uid]
            kind = c.kind
            if kind == "guardian":
                if summon and p.mp > c.cost:
                    out.append(made.get(("summon", seat, uid)) or self._make_summon(seat, uid))
            elif kind == "tactic":
                if give:
                    gives.extend(self._give_actions(seat, uid, c, p))
            elif kind == "treasure":
                treasures.extend(self._treasure_actions(state, seat, uid, c, p))
        out.extend(gives)
        out.extend(treasures)
        out.extend(self._activate_actions(state, seat))
        priv = state.privilege
        if priv.get("team") == p.team and not priv.get("used") and priv.get("point_type"):
            out.extend(mk("privilege", seat, guardian=g.card) for g in p.field)
        end = made.get(("end_turn", seat))
        if end is None:
            end = made["end_turn", seat] = mk("end_turn", seat)
        out.append(end)
        return out

    def _make_summon(self, seat: int, uid: int) -> Action:
        action = self._made["summon", seat, uid] = mk("summon", seat, card=uid)
        return action

    @staticmethod
    def can_summon(state: ShvState, p: Player) -> bool:
        limit = state.opts.max_guardians
        return not state.turn_flags.get("summoned") and (limit is None or len(p.field) < limit)

    def _give_actions(self, seat: int, uid: int, card: Card, p: Player) -> list[Action]:
        """Tactic ``uid`` to each field guardian, each point type when it lets the
        player choose (SHV-6.2); the actions of one guardian are made once."""
        out: list[Action] = []
        made = self._gives
        choose = "choose" in card.points
        for g in p.field:
            key = (seat, uid, g.card, choose)
            actions = made.get(key)
            if actions is None:
                actions = made[key] = self._gives_to(seat, uid, g.card, card)
            out.extend(actions)
        return out

    def _gives_to(self, seat: int, uid: int, guardian: int, card: Card) -> tuple[Action, ...]:
        base: tuple[tuple[str, Any], ...] = (("card", uid), ("guardian", guardian))
        return tuple(
            Action("give_tactic", seat, base if kind is None else (*base, ("point_type", kind)))
            for kind in self.tactic_kinds(card)
        )

    def _treasure_actions(
        self, state: ShvState, seat: int, uid: int, card: Card, p: Player
    ) -> list[Action]:
        made = self.made
        if card.use == "equipment":
            return [made("treasure", seat, (("card", uid), ("guardian", g.card))) for g in p.field]
        if card.target is None:
            return [made("treasure", seat, (("card", uid),))]
        return [  # guardian, player and villain all sort after card
            made("treasure", seat, (("card", uid), (REF_ARG[t[0]], t[1])))
            for t in self.targets(state, seat, card.target, None)
        ]

    def made(self, kind: str, seat: int, args: tuple[tuple[str, Any], ...]) -> Action:
        """``Action(kind, seat, args)`` (args already sorted), made once."""
        key = (kind, seat, args)
        action = self._made.get(key)
        if action is None:
            action = self._made[key] = Action(kind, seat, args)
        return action

    def active_skills(self, state: ShvState, seat: int) -> list[tuple[int, Skill, Ref | None]]:
        """(source, skill, target) of every CHỦ ĐỘNG (and hand TRÊN TAY without a
        window) skill usable now (SHV-5.4, 6.2, 6.3, 7.2, 7.6), in ``sources`` order:
        field guardians and their equipment, then the hand."""
        out: list[tuple[int, Skill, Ref | None]] = []
        found: dict[str, list[Ref]] = {}  # targets by kind ("other_own_guardian" per source)
        p = state.players[seat]
        cards = self.cat.index(state.names)
        for g in p.field:
            acts = cards[g.card].field_acts
            if acts:
                self._field_skills(state, seat, g.card, acts, g, out, found)
            for uid in g.equipment.values():
                acts = cards[uid].field_acts
                if acts:
                    self._field_skills(state, seat, uid, acts, g, out, found)
        used = state.used
        for uid in p.hand:
            if uid < 0:
                continue
            for skill in cards[uid].hand_acts:  # no points, no exert check (SHV-7.6)
                if not (used and used_up(state, uid, skill.id)):
                    self._listed(state, seat, uid, skill, out, found)
        return out

    def _field_skills(
        self,
        state: ShvState,
        seat: int,
        uid: int,
        acts: tuple[Skill, ...],
        holder: Guardian,
        out: list[tuple[int, Skill, Ref | None]],
        found: dict[str, list[Ref]],
    ) -> None:
        """``usable()`` inlined for a guardian (``uid == holder.card``) or its equipment:
        SHV-5.5 once a turn, SHV-6.3 Tốn sức, SHV-6.6 points (read once)."""
        used = state.used
        have: dict[str, int] | None = None
        for skill in acts:
            if used and used_up(state, uid, skill.id):
                continue
            if skill.exert and not (holder.ready if uid == holder.card else uid not in state.tired):
                continue
            if skill.points or skill.any:
                if have is None:  # no tactic, no temporary point: nothing to add up
                    has = holder.tactics or holder.temp_points
                    have = self.points(state, holder) if has else {}
                if not self.meets(skill, have):
                    continue
            self._listed(state, seat, uid, skill, out, found)

    def _listed(
        self,
        state: ShvState,
        seat: int,
        uid: int,
        skill: Skill,
        out: list[tuple[int, Skill, Ref | None]],
        found: dict[str, list[Ref]],
    ) -> None:
        """The skill once per legal target (targets computed once per kind)."""
        kind = skill.target
        if kind is None:
            out.append((uid, skill, None))
            return
        key = kind if kind != "other_own_guardian" else f"{kind}:{uid}"
        targets = found.get(key)
        if targets is None:
            targets = found[key] = self.targets(state, seat, kind, uid)
        out.extend((uid, skill, t) for t in targets)

    def _activate_actions(self, state: ShvState, seat: int) -> list[Action]:
        out = []
        made = self._made
        for uid, skill, t in self.active_skills(state, seat):
            key = (seat, uid, skill.id) if t is None else (seat, uid, skill.id, t[0], t[1])
            action = made.get(key)
            if action is None:
                if t is None:
                    args: tuple[tuple[str, Any], ...] = (("skill", skill.id), ("source", uid))
                elif t[0] == "v":  # PvE: args stay sorted ("villain" last)
                    args = (("skill", skill.id), ("source", uid), ("villain", t[1]))
                else:
                    args = ((REF_ARG[t[0]], t[1]), ("skill", skill.id), ("source", uid))
                action = made[key] = Action("activate", seat, args)
            out.append(action)
        return out

    def pending_actions(self, state: ShvState, name: str, seat: int) -> list[Action]:
        pending = state.fx.pending
        assert pending is not None
        params = pending.params
        if name == "privilege_type":
            return [mk("privilege_type", seat, type=t) for t in POINT_TYPES]
        if name == "place":
            p = state.players[seat]
            start = p.mp  # before the reveal: the seat's own starting MP (SHV-3.4, 3.7)
            return [
                mk("place_guardian", seat, card=uid)
                for uid in self.canonical(p.deck, state)
                if self.card(state, uid).kind == "guardian" and self.card(state, uid).cost < start
            ]
        if name == "mulligan":
            return [mk("mulligan", seat), mk("keep", seat)]
        if name == "target":
            return [mk("choose_target", seat, **ref_args(r)) for r in pending.options]
        if name in ("interrupt", "react"):
            answers = self.answers_left(
                state,
                seat,
                params["window"],
                params["about"],
                params["by"],
                name == "interrupt",
                params.get("answered", ()),
            )
            out = [self._answer_action(name, seat, a[0], a[1], a[2]) for a in answers]
            out.append(self.made("pass", seat, ()))
            return out
        return self._other_actions(state, name, seat, params)

    def _answer_action(
        self, name: str, seat: int, uid: int, skill_id: str, t: Ref | None
    ) -> Action:
        """``mk(name, seat, source=uid, skill=skill_id, **ref_args(t))``, made once."""
        if not t:
            args: tuple[tuple[str, Any], ...] = (("skill", skill_id), ("source", uid))
        elif t[0] == "v":  # PvE: args stay sorted ("villain" last)
            args = (("skill", skill_id), ("source", uid), ("villain", t[1]))
        else:
            args = ((REF_ARG[t[0]], t[1]), ("skill", skill_id), ("source", uid))
        return self.made(name, seat, args)

    def _other_actions(
        self, state: ShvState, name: str, seat: int, params: dict[str, Any]
    ) -> list[Action]:
        if name == "declare":
            out = [mk("declare", seat, source=u, skill=s) for u, s in self.declarable(state)]
            return [*out, mk("done", seat)]
        if name == "order":
            return [mk("resolve_next", seat, source=u, skill=s) for u, s in state.declared]
        if name == "keep_equipment":
            return [mk("keep_equipment", seat, card=params[k]) for k in ("old", "new")]
        if name == "attach":
            out = [
                mk("attach", seat, card=c, guardian=g, **({} if k is None else {"point_type": k}))
                for c, g, k in self.attach_options(state, seat)
            ]
            return [*out, mk("pass", seat)]
        if name == "point_type":
            return [mk("point_type", seat, type=t) for t in POINT_TYPES]
        if name == "discard":
            hand = self.canonical(state.players[seat].hand, state)
            return [mk("discard", seat, card=uid) for uid in hand]
        raise AssertionError(f"unknown decision {name}")
