"""Setup as actions, the turn machine and the actions of Sử Hộ Vương
(ARCHITECTURE 6.2, 6.3; SHV-3.4, SHV-4, SHV-5, SHV-6.4).

``Flow.advance`` runs everything automatic after an action: the effect stack,
queued reactions (offered when the stack is empty, SHV-7.3), setup reveal VÀO SÂN
skills in turn order, the start phase (draw, declare and resolve start-of-turn
skills), the end phase (ready, end-of-turn skills, discard to the hand limit) and
the next turn, skipping eliminated players (SHV-3.8).  It stops at the next
decision: a pending :class:`~game.core.effects.Decision`, or the active player's
action phase (no pending decision).
"""

from __future__ import annotations

from typing import Any

from game.core.contract import Action, Event
from game.core.effects import PASS, Decision
from game.shv.board import Ref, g_ref, used_up
from game.shv.catalog import POINT_TYPES, Card, Catalog, Skill
from game.shv.core import Core
from game.shv.state import Guardian, Player, ShvState, expire_timed, owner

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


def _end_of_turn(timed: list[Any]) -> bool:
    return bool(timed[2] == "end_of_turn")


def mk(kind: str, seat: int, **args: int | str) -> Action:
    """``Action.make`` for the hot path: the args are already ints and strings."""
    return Action(kind, seat, tuple(sorted(args.items())))


#: the action argument of each kind of ref (a villain: PvE, ``game.shv.pve``)
REF_ARG = {"g": "guardian", "p": "player", "v": "villain"}


def ref_args(ref: Ref | None) -> dict[str, int]:
    if not ref:
        return {}
    return {REF_ARG[ref[0]]: ref[1]}


def action_ref(action: Action) -> Ref | None:
    if action.get("guardian") is not None:
        return g_ref(int(action["guardian"]))
    if action.get("player") is not None:
        return ["p", int(action["player"])]
    if action.get("villain") is not None:
        return ["v", int(action["villain"])]
    return None


_NAME_OF_KEY: dict[str, str] = {}  # "shv.prompt.react" -> "react", filled as met


def decision_name(state: ShvState) -> str | None:
    if state.phase == "over":
        return None
    pending = state.fx.pending
    if pending is None:
        return "act"
    key = pending.key
    name = _NAME_OF_KEY.get(key)
    if name is None:
        name = _NAME_OF_KEY[key] = key.rsplit(".", 1)[1]
    return name


def ask(state: ShvState, name: str, seat: int, params: dict[str, Any] | None = None) -> None:
    """Open a decision the flow answers itself (not a frame's)."""
    state.fx.pending = Decision(DECISIONS[name][0], seat, f"shv.prompt.{name}", params or {})


class Flow(Core):
    """The engine plus setup, turns and actions."""

    def __init__(self, catalog: Catalog) -> None:
        super().__init__(catalog)
        #: listed actions by their arguments: an Action is immutable and depends on
        #: nothing else, so one object serves every listing (fewer allocations)
        self._made: dict[tuple[Any, ...], Action] = {}
        #: (seat, tactic, guardian, choose) -> the tactic's give actions to that guardian
        self._gives: dict[tuple[int, int, int, bool], tuple[Action, ...]] = {}

    # == the automatic part ===============================================================
    def advance(self, state: ShvState, events: list[Event]) -> None:
        fx = state.fx
        run = self.engine.run
        while state.phase != "over":
            if fx.stack:  # run() of an empty stack does nothing
                events.extend(run(state))
                if state.phase == "over":
                    return
            if fx.pending is not None:
                return
            if state.reactions:
                self._offer_reaction(state)
                continue
            if state.phase != "play" or not self._flow(state, events):
                return

    def _offer_reaction(self, state: ShvState) -> None:
        """The head of the FIFO queue, to its next seat in offer order (SHV-7.3, 7.10)."""
        entry = state.reactions[0]
        left = list(entry["left"])
        always = state.opts.reaction_prompts == "always"
        while left:
            seat = left.pop(0)
            if state.players[seat].eliminated:
                continue
            done = entry.get("done", ())
            if always or (
                self.could_answer(state, seat, entry["window"], False)
                and self.answers_left(
                    state, seat, entry["window"], entry["about"], entry["by"], False, done
                )
            ):
                state.reactions[0] = {**entry, "left": left}
                params = {
                    "window": entry["window"],
                    "about": list(entry["about"]),
                    "by": entry["by"],
                }
                if done:
                    params["answered"] = [list(d) for d in done]
                ask(state, "react", seat, params)
                return
        state.reactions.pop(0)

    def _flow(self, state: ShvState, events: list[Event]) -> bool:
        """One automatic step; False when the active player is to act."""
        if state.entering:  # SHV-3.4.6: VÀO SÂN of the revealed guardians in turn order
            self._enter(state, state.entering.pop(0))
            return True
        if state.step == "setup":
            state.turn_index = 0
            self.start_turn(state, events)
            return True
        p = state.players[state.order[state.turn_index]]  # the active player
        if p.eliminated:
            self.next_turn(state, events)
            return True
        # The steps below follow one another without an advance() round in between
        # when nothing happens (no decision, no frame, no reaction): same states.
        step = state.step
        if step in TURN_KW:
            if self._declare_next(state):
                return True
            step = state.step
        if step in ("resolve_start", "resolve_end"):
            if state.declared or step == "resolve_start":
                return self._resolve_next(state, events)
            state.step = step = "discard"
        if step == "discard":  # SHV-4.3 B4
            if len(p.hand) > state.opts.hand_limit:
                ask(state, "discard", p.seat, {"limit": state.opts.hand_limit})
            else:
                self.next_turn(state, events)
            return True
        return False

    def _enter(self, state: ShvState, uid: int) -> None:
        """VÀO SÂN (SHV-7.1): every on-enter skill, in printed order."""
        if self.guardian(state, uid) is None:
            return
        for skill in reversed(self.card(state, uid).skills):
            if skill.keyword == "on_enter":
                self.push_skill(state, owner(uid), uid, skill, None)

    # -- start and end phases (SHV-4.1, 4.3, 4.6, 7.9) --------------------------------------
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

    def _declare_next(self, state: ShvState) -> bool:
        """Ask for the next declaration (True), or go on to resolving them."""
        if self.declarable(state):
            ask(state, "declare", state.active, {"phase": state.step})
            return True
        state.step = "resolve_start" if state.step == "declare_start" else "resolve_end"
        return False

    def _resolve_next(self, state: ShvState, events: list[Event]) -> bool:
        if len(state.declared) > 1:
            ask(state, "order", state.active)
            return True
        if state.declared:
            uid, skill_id = state.declared[0]
            events.extend(self.resolve_declared(state, uid, skill_id))
            return True
        if state.step == "resolve_start":
            state.step = "action"
            return False
        state.step = "discard"
        return True

    def resolve_declared(self, state: ShvState, uid: int, skill_id: str) -> list[Event]:
        """SHV-4.6: a declared skill whose condition no longer holds does nothing."""
        state.declared = [d for d in state.declared if d != [uid, skill_id]]
        seat = state.active
        for source, card, holder, zone in self.sources(state, seat):
            skill = card.skill(skill_id)
            ok = source == uid and skill is not None and zone != "hand"
            if ok and skill is not None and self.usable(state, uid, skill, holder, zone):
                self.push_skill(state, seat, uid, skill, None)
                return []
        return [Event("skill_fizzled", {"seat": seat, "source": uid, "skill": skill_id})]

    def start_turn(self, state: ShvState, events: list[Event]) -> None:
        seat = state.active
        state.used = []
        state.turn_flags = {"summoned": False, "tactic_given": False}
        state.declared = []
        state.turns.append(seat)
        events.append(Event("turn_started", {"seat": seat, "round": state.round}))
        for p in state.players:  # "until your next turn" ends now
            for g in p.field:
                if g.timed:
                    events.extend(self._expire(g, lambda t: t[2] == "next_turn" and t[3] == seat))
        state.step = "declare_start"
        events.extend(self.draw(state, seat, 1))  # SHV-4.1 B1 (empty deck: SHV-3.2b)

    @staticmethod
    def _expire(g: Guardian, ends: Any) -> list[Event]:
        if not g.timed:
            return []
        return [
            Event("status_removed", {"guardian": g.card, "status": name})
            for name in expire_timed(g, ends)
        ]

    def end_phase(self, state: ShvState, events: list[Event]) -> None:
        """``end_turn``: temporary points go (SHV-6.4, 6.6), then B1 ready own cards."""
        seat = state.active
        for p in state.players:
            for g in p.field:
                if g.temp_points:
                    g.temp_points = {}
                    events.append(Event("temp_points_gone", {"guardian": g.card}))
        mine = state.players[seat]
        readied = [g.card for g in mine.field if not g.ready]
        for g in mine.field:
            g.ready = True
        if state.tired:
            own = {u for g in mine.field for u in g.equipment.values()}
            readied.extend(u for u in state.tired if u in own)
            state.tired = [u for u in state.tired if u not in own]
        events.append(Event("readied", {"seat": seat, "cards": readied}))
        state.declared = []
        state.step = "declare_end"

    def next_turn(self, state: ShvState, events: list[Event]) -> None:
        """End-of-turn bookkeeping, then the next living seat in order (SHV-3.8, 4.4)."""
        for p in state.players:
            p.block = 0
            for g in p.field:
                g.block = 0
                if g.timed:
                    events.extend(self._expire(g, _end_of_turn))
        events.append(Event("turn_ended", {"seat": state.active}))
        n = len(state.order)
        index = state.turn_index
        for _ in range(n):
            index = (index + 1) % n
            if index == 0:
                state.round += 1
            if not state.players[state.order[index]].eliminated:
                break
        state.turn_index = index
        self.start_turn(state, events)

    # == setup (SHV-3.4) ======================================================================
    def setup_answer(self, state: ShvState, action: Action, events: list[Event]) -> None:
        kind, seat = action.kind, action.seat
        state.fx.pending = None
        if kind == "privilege_type":
            state.privilege = {**state.privilege, "point_type": action["type"]}
            events.append(
                Event("privilege_type_chosen", {"seat": seat, "point_type": action["type"]})
            )
            state.phase = "place"
            ask(state, "place", state.order[0])
        elif kind == "place_guardian":
            p = state.players[seat]
            p.deck.remove(action["card"])
            p.setup_guardian = action["card"]
            events.append(
                Event("guardian_placed", {"seat": seat, "card": action["card"]}, ("card",), (seat,))
            )
            after = self._after(state, seat)
            if after is not None:
                ask(state, "place", after)
            else:  # SHV-3.4.4-5: shuffle (decks are unordered) and draw 5
                for s in state.order:
                    events.extend(self.draw(state, s, 5))
                state.phase = "mulligan"
                ask(state, "mulligan", state.order[0])
        else:
            p = state.players[seat]
            if kind == "mulligan":  # SHV-3.4.5: once, 5 back and 5 new
                p.mulligan_used = True
                p.deck = sorted(p.deck + p.hand)
                p.hand = []
                events.append(Event("mulligan", {"seat": seat}))
                events.extend(self.draw(state, seat, 5))
            else:
                events.append(Event("kept", {"seat": seat}))
            after = self._after(state, seat)
            if after is not None:
                ask(state, "mulligan", after)
            else:
                self._reveal(state, events)

    @staticmethod
    def _after(state: ShvState, seat: int) -> int | None:
        i = state.order.index(seat)
        return state.order[i + 1] if i + 1 < len(state.order) else None

    def _reveal(self, state: ShvState, events: list[Event]) -> None:
        """SHV-3.4.6: all face-down guardians turn up at once and pay their MP."""
        shown = []
        for seat in state.order:
            p = state.players[seat]
            uid = p.setup_guardian
            assert uid is not None
            shown.append([seat, uid])
            p.field.append(Guardian(uid))
            p.setup_guardian = None
        events.append(Event("guardians_revealed", {"guardians": shown}, reveal=True))
        for seat, uid in shown:
            events.extend(self.lose_mp(state, seat, self.card(state, uid).cost, "summon"))
        for _seat, uid in shown:
            self.queue_window(state, "summoned", g_ref(uid), uid)
        state.entering = [uid for _, uid in shown]
        state.phase = "play"
        state.step = "setup"

    # == the action phase (SHV-4.2, 5) ==========================================================
    def summon(self, state: ShvState, seat: int, uid: int) -> list[Event]:
        """SHV-5.1: Ready on the field, pay the cost, VÀO SÂN resolves."""
        p = state.players[seat]
        p.hand.remove(uid)
        p.field.append(Guardian(uid))
        state.turn_flags = {**state.turn_flags, "summoned": True}
        events = [Event("summoned", {"seat": seat, "card": uid})]
        events.extend(self.lose_mp(state, seat, self.card(state, uid).cost, "summon"))
        self.queue_window(state, "summoned", g_ref(uid), uid)
        self._enter(state, uid)
        return events

    def equip(self, state: ShvState, seat: int, uid: int, guardian: int) -> list[Event]:
        """SHV-5.3 equipment: a second piece of one slot leaves a keep-one decision."""
        p = state.players[seat]
        g = p.guardian(guardian)
        assert g is not None
        slot = self.card(state, uid).slot
        old = g.equipment.get(slot)
        if old is not None:
            ask(
                state,
                "keep_equipment",
                seat,
                {"guardian": guardian, "slot": slot, "old": old, "new": uid},
            )
            return []
        p.hand.remove(uid)
        g.equipment[slot] = uid
        return [Event("equipped", {"seat": seat, "card": uid, "guardian": guardian, "slot": slot})]

    def keep_equipment(
        self, state: ShvState, seat: int, keep: int, params: dict[str, Any]
    ) -> list[Event]:
        p = state.players[seat]
        g = p.guardian(int(params["guardian"]))
        old, new, slot = int(params["old"]), int(params["new"]), str(params["slot"])
        assert g is not None
        p.hand.remove(new)
        gone = new if keep == old else old
        g.equipment[slot] = keep
        p.discard.append(gone)
        if gone in state.tired:
            state.tired.remove(gone)
        data = {"seat": seat, "guardian": g.card, "slot": slot, "kept": keep, "discarded": gone}
        return [Event("equipment_kept", data)]

    def use_treasure(self, state: ShvState, action: Action) -> list[Event]:
        seat, uid = action.seat, int(action["card"])
        card = self.card(state, uid)
        if card.use == "equipment":
            return self.equip(state, seat, uid, int(action["guardian"]))
        p = state.players[seat]  # SHV-5.3 single use: on the field, its text, discarded
        p.hand.remove(uid)  # held by its frame until ``_put_away`` (A-SHV-14)
        target = action_ref(action)
        data: dict[str, Any] = {"seat": seat, "card": uid, **ref_args(target)}
        self.push_treasure(state, seat, uid, target)
        return [Event("treasure_used", data)]

    def privilege(self, state: ShvState, seat: int, guardian: int) -> list[Event]:
        """SHV-6.4: one temporary point, once per match for the whole second team."""
        g = self.guardian(state, guardian)
        assert g is not None
        kind = str(state.privilege["point_type"])
        g.temp_points[kind] = g.temp_points.get(kind, 0) + 1
        state.privilege = {**state.privilege, "used": True, "holder": guardian}
        return [Event("privilege_used", {"seat": seat, "guardian": guardian, "point_type": kind})]

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

    # == answering =============================================================================
    def answer(self, state: ShvState, name: str, action: Action, events: list[Event]) -> None:
        kind, _seat = action.kind, action.seat
        if name == "target":
            events.extend(self.engine.answer(state, action_ref(action)))
        elif name == "interrupt":
            value: Any = (
                PASS if kind == "pass" else [action["source"], action["skill"], action_ref(action)]
            )
            events.extend(self.engine.answer(state, value))
        elif name == "react":
            self._react(state, action, events)
        elif name == "attach":
            value = (
                PASS
                if kind == "pass"
                else [action["card"], action["guardian"], action.get("point_type")]
            )
            events.extend(self.engine.answer(state, value))
        elif name == "point_type":
            events.extend(self.engine.answer(state, action["type"]))
        else:
            self._flow_answer(state, name, action, events)

    def _react(self, state: ShvState, action: Action, events: list[Event]) -> None:
        pending = state.fx.pending
        assert pending is not None
        params = pending.params
        state.fx.pending = None
        if action.kind == "pass":
            events.append(Event("passed", {"seat": action.seat, "window": params["window"]}))
            return
        uid = int(action["source"])
        skill = self.skill_of(state, uid, str(action["skill"]))
        assert skill is not None
        if state.reactions:  # the same seat is asked again first, each skill once (A-SHV-2)
            entry = state.reactions[0]
            state.reactions[0] = {
                **entry,
                "left": [action.seat, *entry["left"]],
                "done": [*entry.get("done", []), [uid, skill.id]],
            }
        extra = {"trigger": list(params["about"]), "by": params["by"], "window": params["window"]}
        events.append(
            Event(
                "reacted",
                {"seat": action.seat, "source": uid, "skill": skill.id, "window": params["window"]},
            )
        )
        self.push_skill(state, action.seat, uid, skill, action_ref(action), extra)

    def _flow_answer(self, state: ShvState, name: str, action: Action, events: list[Event]) -> None:
        kind, seat = action.kind, action.seat
        params = state.fx.pending.params if state.fx.pending is not None else {}
        state.fx.pending = None
        if kind == "declare":
            state.declared = [*state.declared, [action["source"], action["skill"]]]
            events.append(
                Event(
                    "declared", {"seat": seat, "source": action["source"], "skill": action["skill"]}
                )
            )
        elif kind == "done":
            state.step = "resolve_start" if state.step == "declare_start" else "resolve_end"
        elif kind == "resolve_next":
            events.extend(self.resolve_declared(state, int(action["source"]), str(action["skill"])))
        elif kind == "discard":
            p = state.players[seat]
            p.hand.remove(action["card"])
            p.discard.append(action["card"])
            events.append(
                Event("discarded", {"seat": seat, "card": action["card"], "reason": "limit"})
            )
        elif kind == "keep_equipment":
            events.extend(self.keep_equipment(state, seat, int(action["card"]), params))

    def act(self, state: ShvState, action: Action, events: list[Event]) -> None:
        kind, seat = action.kind, action.seat
        if kind == "summon":
            events.extend(self.summon(state, seat, int(action["card"])))
        elif kind == "give_tactic":
            state.turn_flags = {**state.turn_flags, "tactic_given": True}
            events.extend(
                self.attach_tactic(
                    state,
                    seat,
                    int(action["card"]),
                    int(action["guardian"]),
                    action.get("point_type"),
                    by_skill=False,
                )
            )
        elif kind == "treasure":
            events.extend(self.use_treasure(state, action))
        elif kind == "activate":
            uid = int(action["source"])
            skill = self.skill_of(state, uid, str(action["skill"]))
            assert skill is not None
            self.push_skill(state, seat, uid, skill, action_ref(action))
        elif kind == "privilege":
            events.extend(self.privilege(state, seat, int(action["guardian"])))
        else:
            self.end_phase(state, events)
