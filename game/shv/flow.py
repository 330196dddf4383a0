"""Setup as actions, the turn machine and applying the actions of Sử Hộ Vương
(ARCHITECTURE 6.2, 6.3; SHV-3.4, SHV-4, SHV-5, SHV-6.4); which actions are legal
is ``game.shv.moves`` (``Flow`` is a ``Moves``).

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
from game.shv.board import Ref, g_ref
from game.shv.moves import DECISIONS, TURN_KW, Moves, ref_args
from game.shv.state import Guardian, ShvState, expire_timed, owner


def _end_of_turn(timed: list[Any]) -> bool:
    return bool(timed[2] == "end_of_turn")


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


class Flow(Moves):
    """The engine plus setup, turns and actions."""

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
