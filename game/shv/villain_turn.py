"""The PvE villain turn (SHV-10.5, 10.7; ARCHITECTURE 6.6) and the villain ops.

It is not a seat's turn: after the last living player's turn ``next_turn`` sets
``state.step = "villain"`` and ``villain.turn = {"step": "start"}``; ``Flow.advance``
then runs one villain step at a time (``villain_step``) until the turn is over.  It
stops only where a seat must answer — a ``team_choice`` among tied targets
(ARCHITECTURE 6.5), or a player's interrupt/reaction offer — and resumes inside
that answer's ``apply``: every step's progress is in ``villain.turn``, so a save in
the middle loads and resumes identically.

Steps (``villain.turn["step"]``)::

    start          Boss draws N = boss draws (1 if Tired, 0 at 0 HP; SHV-10.5.1)
    boss_skills    one card a step: drawn at random, resolved at once (a frame)
                   -> then the Boss becomes Tired
    minions_appear M Minion-deck cards, one a step (Minions enter Ready, SHV-10.7.1;
                   a Boss Treasure resolves at once, persistent ones attach, 10.7.2)
    minions_act    each Ready Minion in order of entry uses its active skill, then
                   tires (SHV-10.5.4); new Minions act the same turn
    end            ongoing cards tick (10.7.3); every villain readies (10.5.5);
                   end-of-turn statuses go; round-end conditions; the round ends
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.contract import Event
from game.core.effects import Decision, Step
from game.shv.catalog import Catalog
from game.shv.pve import PveCore
from game.shv.pve_end import check_turn_end_win
from game.shv.state import ShvState, expire_timed
from game.shv.villain import (
    BOSS_UID,
    GROUP_TARGETS,
    HOSTILE_TARGETS,
    REDIRECTED_GROUPS,
    BossCatalog,
    Foe,
)
from game.shv.villain_targets import chooser, villain_candidates

VILLAIN_SEAT = -1  # ctx["seat"] of a villain frame (no seat; statuses it gives end with it)


def villain_steps(effects: Sequence[Step], *, choose: bool, targeted: bool) -> list[Step]:
    steps: list[Step] = [{"op": "_vbegin"}]
    if choose:
        steps.append({"op": "_vtarget"})
    if targeted:
        steps.append({"op": "_window", "window": "targeted"})
    for step in effects:
        steps.append(step)
        steps.append({"op": "_check"})
    steps.append({"op": "_vdone"})
    return steps


class PveFlow(PveCore):
    """The PvE flow: the villain turn and the villain ops on top of ``PveCore``."""

    def __init__(self, catalog: Catalog, bosses: BossCatalog) -> None:
        super().__init__(catalog, bosses)
        ops = {
            "_vbegin": self._vbegin,
            "_vtarget": self._vtarget,
            "_vdone": self._vdone,
            "spawn": self._spawn,
            "boss_heal": self._boss_heal,
            "boss_tire": self._boss_tire,
            "summon_minion": self._summon_minion,
            "destroy": self._destroy,
        }
        for name, fn in ops.items():
            self.engine.register(name, fn)

    # == the turn machine ==================================================================
    def _flow(self, state: ShvState, events: list[Event]) -> bool:
        v = state.villain
        if state.entering or v is None:
            return super()._flow(state, events)
        if state.step == "villain":
            self.villain_step(state, events)
            return True
        if state.step == "setup" and v.turn.get("step") == "setup":
            # SHV-10.4: the Boss card's setup instructions, after step 5
            v.turn = {}
            events.append(Event("villain_turn", {"step": "setup", "round": state.round}))
            steps = self.boss_card(state).setup
            if steps:
                frame = villain_steps(steps, choose=False, targeted=False)
                self.push_villain(state, BOSS_UID, BOSS_UID, frame, {"vkind": "setup"})
            return True
        return super()._flow(state, events)

    def next_turn(self, state: ShvState, events: list[Event]) -> None:
        """The next living player in order; after the last one, the villain turn
        (SHV-4.4, SHV-10.8)."""
        self.turn_cleanup(state, events)
        events.append(Event("turn_ended", {"seat": state.active}))
        index = state.turn_index
        while index + 1 < len(state.order):
            index += 1
            if not state.players[state.order[index]].eliminated:
                state.turn_index = index
                self.start_turn(state, events)
                return
        v = state.villain
        assert v is not None
        state.step = "villain"
        v.turn = {"step": "start"}

    def turn_cleanup(self, state: ShvState, events: list[Event]) -> None:
        """End of any turn: blocks go, "until end of turn" statuses end."""
        for p in state.players:
            p.block = 0
            for g in p.field:
                g.block = 0
                events.extend(self._expire(g, lambda t: t[2] == "end_of_turn"))
        v = state.villain
        assert v is not None
        for foe in v.foes():
            foe.block = 0
            for name in expire_timed(foe, lambda t: t[2] == "end_of_turn"):
                events.append(Event("villain_status_removed", {"who": foe.uid, "status": name}))

    def villain_step(self, state: ShvState, events: list[Event]) -> None:
        v = state.villain
        assert v is not None
        step = v.turn.get("step")
        if step == "start":
            self._v_start(state, events)
        elif step == "boss_skills":
            self._v_boss_skill(state, events)
        elif step == "minions_appear":
            self._v_minion_card(state, events)
        elif step == "minions_act":
            self._v_minion_acts(state, events)
        else:
            self._v_end(state, events)

    def _v_start(self, state: ShvState, events: list[Event]) -> None:
        v = state.villain
        assert v is not None
        state.used = []  # a new turn for the once-a-turn skills of the players (SHV-5.5)
        mine = lambda t: t[2] == "next_turn" and t[3] == VILLAIN_SEAT  # noqa: E731
        for p in state.players:
            for g in p.field:
                events.extend(self._expire(g, mine))
        boss = v.boss
        ready = self.boss_card(state).draws_skills[len(state.players)]  # per player count
        n = 0 if boss.hp <= 0 else (1 if not boss.ready else ready)
        v.turn = {"step": "boss_skills", "draws_left": n, "of": n, "drawn": 0}
        data = {"step": "boss_skills", "round": state.round, "draws": n, "tired": not boss.ready}
        events.append(Event("villain_turn", data))

    def _v_boss_skill(self, state: ShvState, events: list[Event]) -> None:
        """SHV-10.5.1: one card drawn at random, resolved at once (SHV-10.7.4)."""
        v = state.villain
        assert v is not None
        t = v.turn
        if t["draws_left"] > 0:
            if not v.skill_deck and v.skill_discard:
                v.skill_deck = sorted(v.skill_discard)
                v.skill_discard = []
                events.append(Event("skill_deck_reshuffled", {"count": len(v.skill_deck)}))
            if v.skill_deck:
                uid = v.skill_deck.pop(state.rng.below(len(v.skill_deck)))
                t["draws_left"] -= 1
                t["drawn"] += 1
                t["resolving"] = t["revealed"] = uid
                name = v.names[uid]
                card = self.bosses[name]
                if card.ongoing:  # SHV-10.7.3: stays in the villain area
                    v.ongoing.append({"uid": uid, "card": name, "rounds_left": card.duration})
                else:
                    v.skill_discard.append(uid)
                data = {"card": name, "uid": uid, "draw": t["drawn"], "of": t["of"]}
                events.append(Event("boss_skill_drawn", data, reveal=True))
                self.push_card(state, BOSS_UID, uid, card.target, card.effects, card.range, "skill")
                return
        if t["of"] > 0:
            events.extend(self.set_ready(v.boss, False))  # tired after its draws
        m = self.boss_card(state).draws_minions[len(state.players)]
        v.turn = {"step": "minions_appear", "draws_left": m, "of": m, "drawn": 0}
        events.append(Event("villain_turn", {"step": "minions_appear", "round": state.round}))

    def _v_minion_card(self, state: ShvState, events: list[Event]) -> None:
        """SHV-10.5.3: M Minion-deck cards; an empty deck draws nothing (10.7.4)."""
        v = state.villain
        assert v is not None
        t = v.turn
        if t["draws_left"] > 0 and v.minion_deck:
            uid = v.minion_deck.pop(state.rng.below(len(v.minion_deck)))
            t["draws_left"] -= 1
            t["drawn"] += 1
            events.extend(self.enter_cards(state, [uid]))
            return
        if t["draws_left"] > 0:
            events.append(Event("minion_deck_empty", {}))
        act = [m.uid for m in v.minions if m.ready and self.bosses[m.card].active is not None]
        v.turn = {"step": "minions_act", "to_act": act}
        events.append(Event("villain_turn", {"step": "minions_act", "round": state.round}))

    def _v_minion_acts(self, state: ShvState, events: list[Event]) -> None:
        """SHV-10.5.4: each Ready Minion uses its active skill, then tires."""
        v = state.villain
        assert v is not None
        to_act: list[int] = v.turn.get("to_act", [])
        while to_act:
            uid = to_act.pop(0)
            m = v.foe(uid)
            skill = None if m is None else self.bosses[m.card].active
            if m is None or skill is None or not m.ready or m.hp <= 0:
                continue
            v.turn["acting"] = uid
            self.push_card(
                state, uid, uid, skill.target, skill.effects, skill.range, "minion", skill.id
            )
            return
        v.turn = {"step": "end"}

    def _v_end(self, state: ShvState, events: list[Event]) -> None:
        v = state.villain
        assert v is not None
        keep = []
        for o in v.ongoing:  # SHV-10.7.3: a duration counts villain turns
            left = o.get("rounds_left")
            if left is None:
                keep.append(o)
            elif int(left) <= 1:
                v.skill_discard.append(int(o["uid"]))
                events.append(Event("ongoing_expired", {"uid": o["uid"], "card": o["card"]}))
            else:
                keep.append({**o, "rounds_left": int(left) - 1})
        v.ongoing = keep
        readied = [f.uid for f in v.foes() if not f.ready]  # SHV-10.5.5
        for f in v.foes():
            f.ready = True
        events.append(Event("villain_readied", {"who": readied}))
        self.turn_cleanup(state, events)
        v.turn = {}
        events.append(Event("villain_turn", {"step": "end", "round": state.round}))
        events.extend(check_turn_end_win(state, self.boss_card(state)))
        if state.over:
            return
        state.round += 1  # the round ends and a new one begins
        state.turn_index = next(
            i for i, s in enumerate(state.order) if not state.players[s].eliminated
        )
        self.start_turn(state, events)

    # == villain cards as frames ============================================================
    def push_card(
        self,
        state: ShvState,
        source: int,
        card: int,
        target: str | None,
        effects: Sequence[Step],
        range_: str | None,
        vkind: str,
        skill: str | None = None,
    ) -> None:
        redirectable = target in REDIRECTED_GROUPS  # SHV-10.5.2: may go to a player
        single = target is not None and (target not in GROUP_TARGETS or redirectable)
        extra: dict[str, Any] = {"vkind": vkind, "range": range_, "tkind": target}
        if target in GROUP_TARGETS:
            extra["group"] = target
        if skill is not None:
            extra["vskill"] = skill
        hostile = target in HOSTILE_TARGETS or redirectable
        steps = villain_steps(effects, choose=single, targeted=hostile)
        self.push_villain(state, source, card, steps, extra)

    def enter_cards(self, state: ShvState, uids: list[int]) -> list[Event]:
        """Minion-deck cards come into play: Minions onto the field (Ready with
        ``minion_entry: "ready"``, SHV-10.7.1), Boss Treasures resolve at once and the
        persistent ones attach to the Boss (SHV-10.7.2)."""
        v = state.villain
        assert v is not None
        events: list[Event] = []
        frames = []
        for uid in uids:
            name = v.names[uid]
            card = self.bosses[name]
            if card.kind == "minion":
                ready = state.opts.minion_entry == "ready"
                v.minions.append(Foe(uid, name, card.hp, card.hp, ready))
                data = {"card": name, "uid": uid, "hp": card.hp, "ready": ready}
                events.append(Event("minion_spawned", data, reveal=True))
                continue
            (v.treasures if card.persistent else v.minion_discard).append(uid)
            data = {"card": name, "uid": uid, "persistent": card.persistent}
            events.append(Event("boss_treasure", data, reveal=True))
            if card.effects:
                frames.append((uid, card))
        for uid, card in reversed(frames):  # the first drawn resolves first
            self.push_card(state, BOSS_UID, uid, card.target, card.effects, card.range, "treasure")
        return events

    # == villain ops ==========================================================================
    def _vbegin(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        v = state.villain
        assert v is not None
        uid = int(ctx["vcard"])
        data: dict[str, Any] = {"card": v.names[uid], "uid": uid, "by": ctx["vsource"]}
        kind = ctx.get("vkind")
        if kind == "minion":
            data["skill"] = ctx.get("vskill")
            return [Event("minion_acted", data)]
        return [Event("villain_card", {**data, "as": kind})]

    def _vtarget(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        """The card's target: redirected, tie-broken by the players (SHV-10.5.1-2)."""
        if "_pick" in ctx:
            ctx["target"] = ctx.pop("_pick")
            return []
        v = state.villain
        assert v is not None
        kind = str(ctx["tkind"])
        cands, redirected = villain_candidates(self, state, kind, int(ctx["vsource"]))
        if kind in REDIRECTED_GROUPS and not redirected:
            ctx["target"] = None  # nobody unshielded: the printed group (``group``)
            return []
        events: list[Event] = []
        if redirected:
            data = {"from": kind, "to": cands, "reason": "unshielded"}
            events.append(Event("redirected", data))
        if len(cands) <= 1:
            ctx["target"] = cands[0] if cands else None
            data = {"card": v.names[int(ctx["vcard"])], "target": ctx["target"]}
            events.append(Event("villain_target", data))
            return events
        state.fx.stack[-1].index -= 1
        seat = chooser(state, cands)
        params = {
            "card": v.names[int(ctx["vcard"])],
            "uid": ctx["vcard"],
            "by": ctx["vsource"],
            "target": kind,
            "redirected": redirected,
            "candidates": cands,
        }
        state.fx.pending = Decision(
            "choose_target", seat, "shv.prompt.team_choice", params, cands, "_pick"
        )
        events.append(Event("team_choice", {"seat": seat, "candidates": cands}))
        return events

    def _vdone(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        v = state.villain
        assert v is not None
        events: list[Event] = []
        if ctx.get("vkind") == "minion":  # SHV-10.5.4: tired after acting
            m = v.foe(int(ctx["vsource"]))
            if m is not None:
                events.extend(self.set_ready(m, False))
            v.turn.pop("acting", None)
        elif ctx.get("vkind") == "skill":
            v.turn.pop("resolving", None)
        return events

    def _spawn(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        v = state.villain
        assert v is not None
        uids = []
        for _ in range(int(step.get("count", 1))):
            if not v.minion_deck:
                break
            uids.append(v.minion_deck.pop(state.rng.below(len(v.minion_deck))))
        events = self.enter_cards(state, uids)
        if len(uids) < int(step.get("count", 1)):
            events.append(Event("minion_deck_empty", {}))
        return events

    def _summon_minion(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        v = state.villain
        assert v is not None
        return self.enter_cards(state, [v.add_card(str(step["card"]))])

    def _boss_heal(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        v = state.villain
        assert v is not None
        return self.heal_foe(state, v.boss, int(step["amount"]))

    def _boss_tire(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        v = state.villain
        assert v is not None
        return self.set_ready(v.boss, False)


def foe_summary(foe: Foe) -> Mapping[str, Any]:
    return {"uid": foe.uid, "card": foe.card, "hp": foe.hp, "ready": foe.ready}


__all__ = ["VILLAIN_SEAT", "PveFlow", "villain_steps"]
