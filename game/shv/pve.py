"""Sử Hộ Vương PvE on the PvP engine (rules.md SHV-10; ARCHITECTURE 6.5, 6.6).

``PveCore`` is the PvP :class:`~game.shv.flow.Flow` with the villain side added:
the Boss and its Minions are targets (refs ``["v", uid]``, actions ``villain=``),
they take damage, heal, gain statuses, tire and ready through the same ops
(SHV-10.6, 10.7.8), villain cards resolve as effect frames with ``kw: "villain"``
(``ctx["vsource"]``: the acting Boss/Minion, ``ctx["vcard"]``: the card), the
villain turn runs after the last player's turn (``game.shv.villain_turn``), and
the win and lose conditions of the Boss card are checked after every effect
(``game.shv.pve_end``).  The PvP flow object is a separate instance: PvP games
never run this code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.contract import Action, Event
from game.core.effects import Frame, Step
from game.shv.board import Ref
from game.shv.catalog import Catalog
from game.shv.core import HARMFUL, reductions
from game.shv.flow import Flow, action_ref
from game.shv.moves import mk, ref_args
from game.shv.pve_end import check_effect_win
from game.shv.state import ShvState, owner
from game.shv.villain import BOSS_UID, BossCatalog, Foe, VillainCard
from game.shv.villain_targets import group, v_ref, vstatus

#: player-card targets that may pick a villain in PvE (SHV-10.7.8), and the two
#: targets a player card may use to destroy villain cards (SHV-10.6)
VILLAIN_PICKS = ("enemy", "enemy_guardian", "minion", "villain_card")


class PveCore(Flow):
    """The PvP flow with villains as targets and victims (``game.shv.villain_turn.PveFlow``
    adds the villain turn)."""

    def __init__(self, catalog: Catalog, bosses: BossCatalog) -> None:
        super().__init__(catalog)
        self.bosses = bosses

    # == board questions with villains ===================================================
    def vstatus(self, state: ShvState, foe: Foe, name: str) -> int:
        assert state.villain is not None
        return vstatus(self.bosses, state.villain, foe, name)

    def vfoe(self, state: ShvState, ref: Ref | None) -> Foe | None:
        v = state.villain
        if not ref or ref[0] != "v" or v is None:
            return None
        return v.foe(int(ref[1]))

    def valid_ref(self, state: ShvState, ref: Ref | None) -> bool:
        if ref and ref[0] == "v":
            v = state.villain
            uid = int(ref[1])
            return v is not None and (v.foe(uid) is not None or uid in v.ongoing_uids())
        return super().valid_ref(state, ref)

    def ref_team(self, state: ShvState, ref: Ref) -> int:
        if ref[0] == "v":
            return 1  # the villain side; every player is on team 0
        return super().ref_team(state, ref)

    def targets(self, state: ShvState, seat: int, kind: str, source: int | None) -> list[Ref]:
        out = super().targets(state, seat, kind, source)
        v = state.villain
        if v is None or kind not in VILLAIN_PICKS:
            return out
        if kind in ("enemy", "enemy_guardian"):  # SHV-10.7.8: the Boss or a Minion
            out.extend(v_ref(f.uid) for f in v.foes() if not self.vstatus(state, f, "stealth"))
        else:
            out.extend(v_ref(m.uid) for m in v.minions if not self.vstatus(state, m, "stealth"))
            if kind == "villain_card":
                out.extend(v_ref(u) for u in v.ongoing_uids())
        return out

    def select(self, state: ShvState, ctx: Mapping[str, Any], to: str) -> list[Ref]:
        if ctx.get("kw") == "villain":
            return self.vselect(state, ctx, to)
        by = ctx.get("by")
        if to == "trigger_source" and isinstance(by, list):  # a villain acted (above)
            return [list(by)] if self.valid_ref(state, by) else []
        if to == "target_player":
            ref = ctx.get("target")
            if ref and ref[0] == "v":
                return []
        out = super().select(state, ctx, to)
        v = state.villain
        if v is not None and to in ("all_enemy_guardians", "all_enemies"):
            out.extend(v_ref(f.uid) for f in v.foes())  # a group chooses nobody (SHV-9.6)
        return out

    def vselect(self, state: ShvState, ctx: Mapping[str, Any], to: str) -> list[Ref]:
        """``to`` of a villain card's step (pve-format.md "Villain ops")."""
        if to == "target":
            ref = ctx.get("target")
            if ref is not None:
                return [list(ref)] if self.valid_ref(state, ref) else []
            kind = ctx.get("group")
            return group(self, state, str(kind)) if kind else []
        if to in ("villain_self", "self", "bearer"):
            ref = v_ref(int(ctx["vsource"]))
            return [ref] if self.valid_ref(state, ref) else []
        if to == "target_player":
            ref = ctx.get("target")
            if ref and ref[0] == "g":
                return super().select(state, {**ctx, "seat": 0}, to)
            return [list(ref)] if ref and ref[0] == "p" and self.valid_ref(state, ref) else []
        return group(self, state, to)

    # == damage on and by villains (SHV-8.8 with villain statuses) ======================
    def _range(self, state: ShvState, ctx: Mapping[str, Any]) -> str | None:
        if ctx.get("kw") == "villain":
            r = ctx.get("range")
            return str(r) if r else None
        return super()._range(state, ctx)

    def _calc(self, state: ShvState, ctx: dict[str, Any], step: Step) -> None:
        ref = list(step["ref"])
        ctx["_about"] = None
        if not self.valid_ref(state, ref) or (ref[0] == "v" and self.vfoe(state, ref) is None):
            return
        amount = int(step["amount"])
        piercing = bool(step["piercing"])
        cuts: list[list[Any]] = []  # the reductions, for the log (core.reductions)
        if ctx.get("kw") == "villain":
            hitter = v_ref(int(ctx["vsource"]))
            foe = self.vfoe(state, hitter)
            if foe is not None:
                amount += self.vstatus(state, foe, "damage_up")
                if not piercing:
                    weaken = self.vstatus(state, foe, "weaken")
                    amount -= weaken
                    cuts += [[hitter, "weaken", weaken]] if weaken > 0 else []
        else:
            src = self._holder(state, ctx) if ctx.get("kw") != "treasure" else None
            if src is not None:
                amount += self.status(state, src, "damage_up")
                if not piercing:
                    weaken = self.status(state, src, "weaken")
                    amount -= weaken
                    cuts += [[["g", src.card], "weaken", weaken]] if weaken > 0 else []
        if not piercing:
            tough = 0
            if ref[0] == "g":
                victim = self.guardian(state, ref[1])
                if victim is not None:
                    tough = self.status(state, victim, "toughness")
            elif ref[0] == "v":
                foe = self.vfoe(state, ref)
                assert foe is not None
                tough = self.vstatus(state, foe, "toughness")
            amount -= tough
            cuts += [[ref, "toughness", tough]] if tough > 0 else []
        ctx["_about"] = ref
        ctx["_amount"] = max(0, amount)
        ctx["_blocked"] = 0
        ctx["_piercing"] = piercing
        ctx["_cuts"] = cuts

    def _deal(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        ref = ctx.get("_about")
        if not ref or ref[0] != "v":
            events = super()._deal(state, ctx, step)
            if ctx.get("kw") == "villain":
                for e in events:
                    if e.kind == "damage":
                        e.data["villain"] = ctx["vsource"]
            return events
        ctx.pop("_about", None)
        amount = int(ctx.pop("_amount", 0))
        blocked = int(ctx.pop("_blocked", 0))
        piercing = bool(ctx.pop("_piercing", False))
        cuts = ctx.pop("_cuts", [])
        foe = self.vfoe(state, ref)
        if foe is None:
            return []
        if piercing:
            blocked = 0
        else:
            standing = min(foe.block, max(0, amount - blocked))
            foe.block -= standing
            blocked += standing
        dealt = max(0, amount - blocked)
        if min(blocked, amount) > 0:  # a villain's line does not say Block: this one does
            cuts = [*cuts, [list(ref), "block", min(blocked, amount)]]
        foe.hp = max(0, foe.hp - dealt)
        data = {
            "who": foe.uid,
            "card": foe.card,
            "amount": dealt,
            "blocked": min(blocked, amount),
            "piercing": piercing,
            "source": ctx.get("source"),
            "hp": foe.hp,
        }
        if dealt > 0:
            self.queue_window(state, "damaged", list(ref), ctx.get("source"))
        return [*reductions(cuts, list(ref)), Event("villain_damaged", data)]

    # == the other ops on villains ==========================================================
    def _foes(self, state: ShvState, ctx: Mapping[str, Any], step: Step) -> list[Foe]:
        out = []
        for ref in self.select(state, ctx, str(step.get("to", "target"))):
            foe = self.vfoe(state, ref)
            if foe is not None:
                out.append(foe)
        return out

    def _heal(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        events = super()._heal(state, ctx, step)
        for foe in self._foes(state, ctx, step):
            events.extend(self.heal_foe(state, foe, int(step["amount"])))
        return events

    def heal_foe(self, state: ShvState, foe: Foe, amount: int) -> list[Event]:
        amount = max(0, amount - self.vstatus(state, foe, "heal_cut"))  # SHV-9.1
        healed = min(amount, foe.max_hp - foe.hp)
        foe.hp += healed
        return [Event("villain_healed", {"who": foe.uid, "card": foe.card, "amount": healed})]

    def _status(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        events = super()._status(state, ctx, step)
        name = str(step["status"])
        amount = 1 if name == "stealth" else int(step.get("amount", 1))
        until = step.get("until")
        for foe in self._foes(state, ctx, step):
            added = (0 if foe.statuses.get("stealth") else 1) if name == "stealth" else amount
            foe.statuses[name] = 1 if name == "stealth" else foe.statuses.get(name, 0) + amount
            if until is not None and added:
                foe.timed.append([name, added, str(until), int(ctx["seat"])])
            data = {"who": foe.uid, "status": name, "amount": amount, "until": until}
            events.append(Event("villain_status", data))
        return events

    def _cleanse(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        events = super()._cleanse(state, ctx, step)
        which = HARMFUL if step.get("which", "harmful") == "harmful" else None
        for foe in self._foes(state, ctx, step):
            for name in sorted(foe.statuses):
                if which is None or name in which:
                    foe.statuses.pop(name, None)
                    foe.timed = [t for t in foe.timed if t[0] != name]
                    events.append(Event("villain_status_removed", {"who": foe.uid, "status": name}))
        return events

    def _posture(
        self, state: ShvState, ctx: dict[str, Any], step: Step, ready: bool
    ) -> list[Event]:
        events = super()._posture(state, ctx, step, ready)
        for foe in self._foes(state, ctx, step):
            events.extend(self.set_ready(foe, ready))
        return events

    @staticmethod
    def set_ready(foe: Foe, ready: bool) -> list[Event]:
        if foe.ready == ready:
            return []
        foe.ready = ready
        kind = "villain_readied" if ready else "villain_tired"
        return [Event(kind, {"who": [foe.uid]})]

    def _block(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        hit = ctx.get("_hit")
        stack = state.fx.stack
        if isinstance(hit, int) and hit < len(stack) and stack[hit].ctx.get("_about"):
            return super()._block(state, ctx, step)
        events: list[Event] = []
        for ref in self.select(state, ctx, str(step.get("to", "target"))):
            holder: Any
            if ref[0] == "v":
                holder = self.vfoe(state, ref)
            elif ref[0] == "g":
                holder = self.guardian(state, ref[1])
            else:
                holder = state.players[ref[1]]
            if holder is None:
                continue
            holder.block += int(step["amount"])
            data = {"about": ref, "amount": int(step["amount"]), "source": ctx["source"]}
            events.append(Event("block_added", {**data, "pending": False}))
        return events

    def _players(
        self, state: ShvState, ctx: Mapping[str, Any], step: Step, default: str
    ) -> list[int]:
        refs = [r for r in self.select(state, ctx, str(step.get("to", default))) if r[0] != "v"]
        return [r[1] if r[0] == "p" else owner(r[1]) for r in refs]

    # == KO, elimination, winning (SHV-10.2, 10.7.5) =========================================
    def settle_board(self, state: ShvState) -> list[Event]:
        events = super().settle_board(state)
        v = state.villain
        if v is None or state.over:
            return events
        for m in [m for m in v.minions if m.hp <= 0]:
            events.extend(self.destroy_minion(state, m, "ko"))
        events.extend(check_effect_win(state, self.boss_card(state)))
        return events

    def destroy_minion(self, state: ShvState, m: Foe, how: str) -> list[Event]:
        """SHV-10.7.5: a Minion at 0 HP (or destroyed, SHV-10.6) goes to the villain discard."""
        v = state.villain
        assert v is not None
        v.minions.remove(m)
        v.minion_discard.append(m.uid)
        v.destroyed_minions += 1
        turn = v.turn
        if m.uid in turn.get("to_act", []):
            turn["to_act"] = [u for u in turn["to_act"] if u != m.uid]
        return [Event("minion_destroyed", {"uid": m.uid, "card": m.card, "how": how})]

    def check_winner(self, state: ShvState) -> list[Event]:
        """SHV-10.2: all players out is a villain win; the Boss card may add one."""
        if state.over or state.villain is None:
            return []
        return check_effect_win(state, self.boss_card(state))

    def boss_card(self, state: ShvState) -> VillainCard:
        assert state.villain is not None
        return self.bosses[state.villain.boss.card]

    # == the players' destroy op (SHV-10.6) ==================================================
    def _destroy(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        v = state.villain
        events: list[Event] = []
        if v is None:
            return events
        for ref in self.select(state, ctx, str(step.get("to", "target"))):
            if ref[0] != "v":
                continue
            uid = int(ref[1])
            foe = v.foe(uid)
            if foe is not None and uid != BOSS_UID:
                events.extend(self.destroy_minion(state, foe, "destroyed"))
            elif uid in v.ongoing_uids():
                v.ongoing = [o for o in v.ongoing if int(o["uid"]) != uid]
                v.skill_discard.append(uid)
                events.append(Event("ongoing_destroyed", {"uid": uid, "card": v.names[uid]}))
        return events

    # == the players' answers to a villain (SHV-7.3, 7.5 with SHV-10.7.8) ===================
    # A window a villain card opens is offered to the players like any other; its "by"
    # (who acted) is the villain's ref ``["v", uid]`` instead of a player card's uid, so
    # an answer's ``trigger_source`` (Dã Tượng's Phản Kích) hits the Boss or the Minion.
    def windowed(
        self,
        state: ShvState,
        seat: int,
        window: str,
        about: Ref,
        by: int | Ref | None,
        interrupts: bool,
    ) -> list[list[Any]]:
        return super().windowed(
            state, seat, window, about, by if isinstance(by, int) else None, interrupts
        )

    @staticmethod
    def villain_actor(state: ShvState) -> Ref | None:
        """The acting villain's ref when the innermost frame is a villain card's."""
        ctx = state.fx.stack[-1].ctx if state.fx.stack else {}
        return v_ref(int(ctx["vsource"])) if ctx.get("kw") == "villain" else None

    def _next_offer(self, state: ShvState, ctx: dict[str, Any], window: str) -> list[Event]:
        events = super()._next_offer(state, ctx, window)
        pending = state.fx.pending
        if ctx.get("kw") == "villain" and pending is not None and pending.kind == "respond":
            pending.params["by"] = v_ref(int(ctx["vsource"]))
        return events

    def _interrupt(
        self, state: ShvState, ctx: dict[str, Any], window: str, answer: list[Any]
    ) -> list[Event]:
        events = super()._interrupt(state, ctx, window, answer)
        if ctx.get("kw") == "villain":  # the answer's frame is on top now
            state.fx.stack[-1].ctx["by"] = v_ref(int(ctx["vsource"]))
        return events

    def queue_window(self, state: ShvState, window: str, about: Ref, by: int | None) -> None:
        queued = len(state.reactions)
        super().queue_window(state, window, about, by)
        actor = self.villain_actor(state) if by is None else None
        if actor is not None and len(state.reactions) > queued:
            state.reactions[-1]["by"] = actor

    # == decisions ==============================================================================
    def pending_actions(self, state: ShvState, name: str, seat: int) -> list[Action]:
        if name == "team_choice":
            pending = state.fx.pending
            assert pending is not None
            return [mk("choose_target", seat, **ref_args(r)) for r in pending.options]
        return super().pending_actions(state, name, seat)

    def answer(self, state: ShvState, name: str, action: Action, events: list[Event]) -> None:
        if name == "team_choice":
            ref = action_ref(action)
            events.append(Event("team_chose", {"seat": action.seat, "target": ref}))
            events.extend(self.engine.answer(state, ref))
            return
        super().answer(state, name, action, events)

    def setup_answer(self, state: ShvState, action: Action, events: list[Event]) -> None:
        """SHV-10.4 / SHV-G14: the mulligan only with ``pve_mulligan``."""
        super().setup_answer(state, action, events)
        if state.phase == "mulligan" and not state.opts.pve_mulligan:
            state.fx.pending = None
            self._reveal(state, events)

    def push_villain(
        self,
        state: ShvState,
        source: int,
        card: int,
        steps: list[Step],
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        """A villain card's effects as a frame (it runs with the loop)."""
        ctx: dict[str, Any] = {
            "seat": -1,
            "source": None,
            "skill": None,
            "kw": "villain",
            "vsource": source,
            "vcard": card,
            "target": None,
            "depth": len(state.fx.stack),
        }
        if extra:
            ctx.update(extra)
        state.fx.stack.append(Frame(steps, 0, ctx))


__all__ = ["VILLAIN_PICKS", "PveCore"]
