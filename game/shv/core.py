"""The Sử Hộ Vương effect engine: skills as effect cursors on ``state.fx.stack``,
CHEN NGANG interrupts offered inside a running skill, PHẢN ỨNG reactions queued
FIFO and offered when the stack is empty (SHV-5.4, 7.3, 7.5, 7.10), and the ops of
shv-format.md.

A skill runs as one frame of :class:`~game.core.effects.Frame`::

    _begin  (SHV-5.4.3: Tốn sức tires; Stealth ends, SHV-9.2, 9.6; temp points noted)
    _choose (VÀO SÂN / turn skills: the target is a pending decision)
    _window targeted      (interrupts of the target's side, reactions queued)
    step, _check, step, _check ...   (printed order; KO/elimination after each, SHV-8.9)
    _finish (temp points used are gone, SHV-6.6; ``skill_used`` window)

A ``damage`` step pushes one frame per hit list: ``_calc`` (SHV-8.8 steps 1-4),
``_window would_damage`` (interrupts may block: the running hit's ``_blocked``),
``_deal`` (standing blocks, step 5-6, then damage counters or MP loss).

Frame context keys: ``seat`` (controller), ``source`` (card uid), ``skill``,
``kw`` (keyword, or ``treasure``), ``target``/``trigger`` (refs), ``by`` (uid
whose skill opened the window), ``depth``; answers are stored under ``_pick``,
``_ans``, ``_attach``, ``_type``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.contract import Event
from game.core.effects import PASS, Decision, Engine, Frame, Step
from game.shv.board import Board, Ref, g_ref, p_ref
from game.shv.catalog import INTERRUPT_WINDOWS, POINT_TYPES, Card, Catalog, Skill
from game.shv.core_ops import FORMAT_OPS
from game.shv.state import Guardian, ShvState, owner, release_held

HARMFUL = ("heal_cut", "weaken")
#: Skills a guardian "kích hoạt" (activates): each ends its Stealth (SHV-9.2, 9.6), start-
#: and end-of-turn skills included (A-SHV-1). VÀO SÂN is not one: it keeps the Stealth it
#: gives (SHV-9.6 [PROP]); passives never run as skills.
ACTIVATIONS = frozenset({"active", "reaction", "interrupt", "turn_start", "turn_end"})


def reductions(cuts: list[list[Any]], target: Any) -> list[Event]:
    """The log's account of a hit's reductions (P-SHV-11, SHV-8.8 steps 3-5): one
    ``damage_reduced`` event per status that lowered it (``about``: whose status,
    ``status``, ``amount``, ``target``: who is hit).  No rule reads these events."""
    return [
        Event("damage_reduced", {"about": list(about), "status": str(status),
                                 "amount": int(n), "target": list(target)})
        for about, status, n in cuts
        if target
    ]  # fmt: skip


def skill_steps(
    skill_effects: Sequence[Step], *, choose: bool, targeted: bool, skill: bool = True
) -> list[Step]:
    steps: list[Step] = [{"op": "_begin"}] if skill else []
    if choose:
        steps.append({"op": "_choose"})
    if targeted:
        steps.append({"op": "_window", "window": "targeted"})
    for step in skill_effects:
        steps.append(step)
        steps.append({"op": "_check"})
    if skill:
        steps.append({"op": "_finish"})
    return steps


class Core(Board):
    """Board queries plus the engine and its ops, bound to one catalog."""

    def __init__(self, catalog: Catalog) -> None:
        super().__init__(catalog)
        self.engine = Engine()
        ops = {
            "_begin": self._begin,
            "_choose": self._choose,
            "_window": self._window,
            "_check": self._check,
            "_finish": self._finish,
            "_put_away": self._put_away,
            "_calc": self._calc,
            "_deal": self._deal,
            "damage": self._damage,
            "heal": self._heal,
            "status": self._status,
            "cleanse": self._cleanse,
            "block": self._block,
            "draw": self._draw_op,
            "give_tactic": self._give_tactic,
            "tire": self._tire,
            "ready": self._ready,
            "temp_point": self._temp_point,
            "lose_mp": self._lose_mp,
            "discard_self": self._discard_self,
            "return_to_hand": self._return_to_hand,
        }
        for name, fn in ops.items():
            self.engine.register(name, fn)

    # == starting skills ==================================================================
    def push_skill(
        self,
        state: ShvState,
        seat: int,
        uid: int,
        skill: Skill,
        target: Ref | None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        """Put a skill's cursor on top of the stack (it runs with the loop)."""
        choose = (
            skill.target is not None
            and target is None
            and skill.keyword
            in (
                "on_enter",
                "turn_start",
                "turn_end",
            )
        )
        ctx: dict[str, Any] = {
            "seat": seat,
            "source": uid,
            "skill": skill.id,
            "kw": skill.keyword,
            "target": target,
            "depth": len(state.fx.stack),
        }
        if extra:
            ctx.update(extra)
        steps = skill_steps(skill.effects, choose=choose, targeted=skill.target is not None)
        state.fx.stack.append(Frame(steps, 0, ctx))

    def push_treasure(self, state: ShvState, seat: int, uid: int, target: Ref | None) -> None:
        card = self.card(state, uid)
        ctx = {
            "seat": seat,
            "source": uid,
            "skill": None,
            "kw": "treasure",
            "target": target,
            "depth": len(state.fx.stack),
        }
        steps = skill_steps(card.effects, choose=False, targeted=target is not None, skill=False)
        # SHV-5.3: on the table while its text resolves, then to the discard pile (A-SHV-14)
        ctx["_held"] = True
        steps.append({"op": "_put_away"})
        state.fx.stack.append(Frame(steps, 0, ctx))

    def _put_away(self, state: ShvState, ctx: dict[str, Any], step: Step) -> None:
        """A single-use treasure's text has resolved: it goes to the discard pile."""
        ctx.pop("_held", None)
        state.players[owner(int(ctx["source"]))].discard.append(int(ctx["source"]))

    def skill_of(self, state: ShvState, uid: int, skill_id: str) -> Skill | None:
        return self.card(state, uid).skill(skill_id)

    # == internal ops =======================================================================
    def _holder(self, state: ShvState, ctx: Mapping[str, Any]) -> Guardian | None:
        return self.holder(state, ctx.get("source"))

    def _begin(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        uid, kw = int(ctx["source"]), str(ctx["kw"])
        skill = self.skill_of(state, uid, str(ctx["skill"]))
        assert skill is not None
        events: list[Event] = []
        if kw != "on_enter":
            state.used.append(f"{uid}:{skill.id}")  # SHV-5.5
        g = self.guardian(state, uid)
        if skill.exert:  # SHV-6.3: Ready -> Tired
            if g is not None:
                g.ready = False
                events.append(Event("posture", {"card": uid, "ready": False}))
            elif self.bearer(state, uid) is not None and uid not in state.tired:
                state.tired.append(uid)
                events.append(Event("posture", {"card": uid, "ready": False}))
        if g is not None and kw in ACTIVATIONS and g.statuses.get("stealth"):
            events.extend(self._drop_status(g, "stealth"))  # SHV-9.2, 9.6
        holder = self._holder(state, ctx)
        if holder is not None and holder.temp_points:
            ctx["_temp"] = dict(holder.temp_points)
        data = {
            "seat": ctx["seat"],
            "source": uid,
            "skill": skill.id,
            "exert": skill.exert,
            "depth": ctx["depth"],
            "keyword": kw,
        }
        target = ctx.get("target")
        if target:
            data["target"] = list(target)
        return [Event("skill_started", data), *events]

    def _drop_status(self, g: Guardian, name: str) -> list[Event]:
        g.statuses.pop(name, None)
        g.timed = [t for t in g.timed if t[0] != name]
        return [Event("status_removed", {"guardian": g.card, "status": name})]

    def _choose(self, state: ShvState, ctx: dict[str, Any], step: Step) -> None:
        if "_pick" in ctx:
            ctx["target"] = ctx.pop("_pick")
            return
        skill = self.skill_of(state, int(ctx["source"]), str(ctx["skill"]))
        assert skill is not None and skill.target is not None
        options = self.targets(state, int(ctx["seat"]), skill.target, int(ctx["source"]))
        if len(options) <= 1:
            ctx["target"] = options[0] if options else None
            return
        state.fx.stack[-1].index -= 1
        params = {"source": ctx["source"], "skill": skill.id}
        state.fx.pending = Decision(
            "choose_target", int(ctx["seat"]), "shv.prompt.target", params, options, "_pick"
        )

    def _finish(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        holder = self._holder(state, ctx)
        temp = ctx.pop("_temp", None)
        events: list[Event] = []
        if holder is not None and temp:  # SHV-6.6: temporary points go after the skill
            for kind, n in temp.items():
                left = holder.temp_points.get(kind, 0) - n
                if left > 0:
                    holder.temp_points[kind] = left
                else:
                    holder.temp_points.pop(kind, None)
            events.append(Event("temp_points_gone", {"guardian": holder.card}))
        uid = int(ctx["source"])
        data = {"seat": ctx["seat"], "source": uid, "skill": ctx["skill"], "depth": ctx["depth"]}
        events.append(Event("skill_finished", data))
        about = g_ref(holder.card) if holder is not None else p_ref(int(ctx["seat"]))
        self.queue_window(state, "skill_used", about, uid)
        return events

    # -- windows (SHV-7.3, 7.5, 7.10, SHV-G22) ---------------------------------------------
    def _offer_to(
        self,
        state: ShvState,
        ctx_seat: int | None,
        window: str,
        about: Ref,
        by: int | None,
        interrupts: bool,
    ) -> list[int]:
        """Seats to offer a window to, in offer order (ARCHITECTURE 6.4)."""
        if state.opts.reaction_prompts == "always":  # the side the window is about
            team = self.ref_team(state, about)
            order = self.offer_order(state)
            return [s for s in order if s != ctx_seat and self.team(state, s) == team]
        if (window, interrupts) not in self.cat.game_windows(state.names):
            return []  # no card of this game answers the window
        return [
            s
            for s in self.offer_order(state)
            if self.could_answer(state, s, window, interrupts)
            and self.windowed(state, s, window, about, by, interrupts)
        ]

    def _window(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        window = str(step["window"])
        events: list[Event] = []
        if "_wq" not in ctx:
            about = ctx.get("target") if window == "targeted" else ctx.get("_about")
            if not about or (window == "would_damage" and int(ctx.get("_amount", 0)) <= 0):
                return events
            if window == "targeted":
                self.queue_window(state, "targeted", about, ctx.get("source"))
            ctx["_wabout"] = list(about)
            ctx["_wq"] = self._offer_to(state, ctx["seat"], window, about, ctx.get("source"), True)
        else:
            if ctx.pop("_resume", False):
                data = {"source": ctx["source"], "skill": ctx["skill"], "depth": ctx["depth"]}
                events.append(Event("resumed", data))
            answer = ctx.pop("_ans", PASS)
            if answer != PASS:
                return self._interrupt(state, ctx, window, answer)
        return events + self._next_offer(state, ctx, window)

    def _next_offer(self, state: ShvState, ctx: dict[str, Any], window: str) -> list[Event]:
        about = ctx["_wabout"]
        queue = list(ctx["_wq"])
        always = state.opts.reaction_prompts == "always"
        while queue:
            seat = queue.pop(0)
            if state.players[seat].eliminated:
                continue
            done = ctx.get("_wdone", ())
            if not always and not (
                self.could_answer(state, seat, window, True)
                and self.answers_left(state, seat, window, about, ctx.get("source"), True, done)
            ):
                continue
            ctx["_wq"] = queue
            state.fx.stack[-1].index -= 1
            params = {
                "window": window,
                "about": list(about),
                "by": ctx.get("source"),
                "amount": ctx.get("_amount", 0) if window == "would_damage" else 0,
            }
            if done:
                params["answered"] = [list(d) for d in done]
            state.fx.pending = Decision("respond", seat, "shv.prompt.interrupt", params, [], "_ans")
            return []
        for key in ("_wq", "_wabout", "_wdone"):
            ctx.pop(key, None)
        return []

    def _interrupt(
        self, state: ShvState, ctx: dict[str, Any], window: str, answer: list[Any]
    ) -> list[Event]:
        """CHEN NGANG: the answer's skill goes on top and runs now (SHV-7.5)."""
        uid, skill_id, target = answer[0], answer[1], answer[2]
        seat = owner(uid)
        skill = self.skill_of(state, uid, skill_id)
        assert skill is not None
        frame_index = len(state.fx.stack) - 1
        state.fx.stack[-1].index -= 1  # come back to this window for the next seats
        ctx["_resume"] = True
        # The same seat is asked again first: it may answer with another skill, each
        # skill once per window, until it passes (SHV-7.5, 7.10; audit A-SHV-2).
        ctx["_wq"] = [seat, *ctx.get("_wq", [])]
        ctx["_wdone"] = [*ctx.get("_wdone", []), [uid, skill_id]]
        extra: dict[str, Any] = {
            "trigger": list(ctx["_wabout"]),
            "by": ctx.get("source"),
            "window": window,
        }
        if window == "would_damage":
            extra["_hit"] = frame_index
        self.push_skill(state, seat, uid, skill, target, extra)
        depth = state.fx.stack[-1].ctx["depth"]
        data = {"seat": seat, "source": uid, "skill": skill_id, "depth": depth, "window": window}
        return [Event("interrupted", data)]

    def queue_window(self, state: ShvState, window: str, about: Ref, by: int | None) -> None:
        """PHẢN ỨNG: remember the window; offered FIFO when the stack is empty (SHV-7.3)."""
        if state.over:
            return
        always = state.opts.reaction_prompts == "always"
        if not always and (window, False) not in self.cat.game_windows(state.names):
            return  # no card of this game reacts to the window
        if not always and not self._answerable(state, window, about, by):
            return
        left = self.offer_order(state)
        if always:  # the side the window is about
            team = self.ref_team(state, about)
            left = [s for s in left if self.team(state, s) == team]
        state.reactions.append({"window": window, "about": list(about), "by": by, "left": left})

    def _answerable(self, state: ShvState, window: str, about: Ref, by: int | None) -> bool:
        """Some living seat has a reaction to ``window`` now (a plain loop: this runs
        after every skill)."""
        for p in state.players:
            if p.eliminated:
                continue
            if self.could_answer(state, p.seat, window, False) and self.windowed(
                state, p.seat, window, about, by, False
            ):
                return True
        return False

    # -- KO, elimination, the end (SHV-3.1, 3.2, 3.3, 8.4, 8.9) ----------------------------
    def _check(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        return self.settle_board(state)

    def settle_board(self, state: ShvState) -> list[Event]:
        events: list[Event] = []
        cards = self.cat.index(state.names)
        for p in state.players:
            for g in list(p.field):
                if g.damage >= cards[g.card].hp:
                    events.extend(self.leave_field(state, p.seat, g, "ko"))
        for p in state.players:
            if not p.eliminated and p.mp <= 0:
                events.extend(self.eliminate(state, p.seat, "mp"))
        return events

    def leave_field(self, state: ShvState, seat: int, g: Guardian, how: str) -> list[Event]:
        """KO (SHV-8.4) or back to hand: attached cards go to the discard pile."""
        p = state.players[seat]
        p.field.remove(g)
        attached = [*g.tactics, *g.equipment.values()]
        state.tired = [u for u in state.tired if u not in attached]
        p.discard.extend(attached)
        if how == "ko":
            p.discard.append(g.card)
        else:
            p.hand.append(g.card)
            p.hand.sort()
        data = {"seat": seat, "guardian": g.card, "attached": attached}
        events = [Event("ko" if how == "ko" else "returned_to_hand", data)]
        if how == "ko":
            self.queue_window(state, "ko", g_ref(g.card), None)
        return events

    def eliminate(self, state: ShvState, seat: int, reason: str) -> list[Event]:
        """SHV-3.2/3.3: guardians and attached cards to the discard, hand and deck out."""
        p = state.players[seat]
        if p.eliminated:
            return []
        events: list[Event] = []
        for g in list(p.field):
            events.extend(self.leave_field(state, seat, g, "ko"))
        p.eliminated = True
        p.mp = max(0, p.mp)
        p.removed.extend(p.hand)
        p.removed.extend(p.deck)
        p.hand, p.deck = [], []
        p.block = 0
        # Their ongoing effects end: their cursors and queued offers go (SHV-3.3).
        release_held(state, [f for f in state.fx.stack if f.ctx.get("seat") == seat])
        state.fx.stack[:] = [f for f in state.fx.stack if f.ctx.get("seat") != seat]
        state.reactions = [
            {**r, "left": [s for s in r["left"] if s != seat]} for r in state.reactions
        ]
        # Their hand and deck leave play face up: a reveal, so an undo barrier.
        events.append(Event("eliminated", {"seat": seat, "reason": reason}, reveal=True))
        events.extend(self.check_winner(state))
        return events

    def check_winner(self, state: ShvState) -> list[Event]:
        """SHV-3.1: a team whose members are all eliminated loses at once."""
        out = {t for t in (0, 1) if all(p.eliminated for p in state.players if p.team == t)}
        if not out or state.over:
            return []
        state.phase = "over"
        if len(out) == 1:
            (loser,) = out
            state.winners = [p.seat for p in state.players if p.team != loser]
        release_held(state, state.fx.stack)
        state.fx.stack[:] = []
        state.fx.pending = None
        state.reactions = []
        state.declared = []
        state.entering = []
        return [Event("game_over", {"winners": list(state.winners)})]

    # -- damage (SHV-8.1..8.3, 8.6..8.8) ------------------------------------------------------
    def _damage(self, state: ShvState, ctx: dict[str, Any], step: Step) -> None:
        refs = self.select(state, ctx, str(step.get("to", "target")))
        if not refs:
            return
        steps: list[Step] = []
        for ref in refs:
            steps.append(
                {
                    "op": "_calc",
                    "ref": ref,
                    "amount": int(step["amount"]),
                    "piercing": bool(step.get("piercing", False)),
                }
            )
            steps.append({"op": "_window", "window": "would_damage"})
            steps.append({"op": "_deal"})
        sub = {k: v for k, v in ctx.items() if not k.startswith("_")}
        sub["range"] = self._range(state, ctx)
        state.fx.stack.append(Frame(steps, 0, sub))

    def _range(self, state: ShvState, ctx: Mapping[str, Any]) -> str | None:
        if ctx.get("skill") is None:
            return None
        skill = self.skill_of(state, int(ctx["source"]), str(ctx["skill"]))
        return skill.range if skill is not None else None

    def _calc(self, state: ShvState, ctx: dict[str, Any], step: Step) -> None:
        ref = list(step["ref"])
        ctx["_about"] = None
        if not self.valid_ref(state, ref):
            return
        amount = int(step["amount"])
        piercing = bool(step["piercing"])
        cuts: list[list[Any]] = []  # the reductions, for the log: [holder ref, status, X]
        src = self._holder(state, ctx) if ctx.get("kw") != "treasure" else None
        if src is not None:
            amount += self.status(state, src, "damage_up")  # step 2
            if not piercing:
                weaken = self.status(state, src, "weaken")  # step 3
                amount -= weaken
                cuts += [[["g", src.card], "weaken", weaken]] if weaken > 0 else []
        victim = self.guardian(state, ref[1]) if ref[0] == "g" else None
        if victim is not None and not piercing:
            tough = self.status(state, victim, "toughness")  # step 4
            amount -= tough
            cuts += [[ref, "toughness", tough]] if tough > 0 else []
        ctx["_about"] = ref
        ctx["_amount"] = max(0, amount)
        ctx["_blocked"] = 0
        ctx["_piercing"] = piercing
        ctx["_cuts"] = cuts

    def _deal(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        ref = ctx.pop("_about", None)
        amount = int(ctx.pop("_amount", 0))
        blocked = int(ctx.pop("_blocked", 0))
        piercing = bool(ctx.pop("_piercing", False))
        cuts = reductions(ctx.pop("_cuts", []), ref)
        if not ref or not self.valid_ref(state, ref):
            return []
        victim = self.guardian(state, ref[1]) if ref[0] == "g" else None
        holder: Any = victim if victim is not None else state.players[ref[1]]
        if piercing:  # SHV-8.2: piercing cannot be blocked
            blocked = 0
        else:  # step 5: the interrupt's block first, then standing blocks
            standing = min(holder.block, max(0, amount - blocked))
            holder.block -= standing
            blocked += standing
        dealt = max(0, amount - blocked)
        data: dict[str, Any] = {
            "source": ctx.get("source"),
            "amount": amount,
            "blocked": min(blocked, amount),
            "dealt": dealt,
            "piercing": piercing,
            "range": ctx.get("range"),
        }
        events: list[Event] = list(cuts)
        if victim is not None:
            data["guardian"] = victim.card
            victim.damage += dealt
            events.append(Event("damage", data))
        else:
            data["player"] = ref[1]
            events.append(Event("damage", data))
            events.extend(self.lose_mp(state, ref[1], dealt, "damage"))  # SHV-8.6
        if dealt > 0:
            self.queue_window(state, "damaged", ref, ctx.get("source"))
        return events

    def lose_mp(self, state: ShvState, seat: int, amount: int, reason: str) -> list[Event]:
        p = state.players[seat]
        if amount <= 0 or p.eliminated:
            return []
        before = p.mp
        p.mp = max(0, p.mp - amount)  # SHV-G7: clamp at 0
        return [Event("mp_changed", {"seat": seat, "from": before, "to": p.mp, "reason": reason})]

    # -- the other ops ------------------------------------------------------------------------
    def _guardians(self, state: ShvState, ctx: Mapping[str, Any], step: Step) -> list[Guardian]:
        out = []
        for ref in self.select(state, ctx, str(step.get("to", "target"))):
            if ref[0] == "g":
                g = self.guardian(state, ref[1])
                if g is not None:
                    out.append(g)
        return out

    def _heal(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        events: list[Event] = []
        for g in self._guardians(state, ctx, step):
            amount = max(0, int(step["amount"]) - self.status(state, g, "heal_cut"))  # SHV-9.1
            healed = min(amount, g.damage)  # SHV-8.5
            g.damage -= healed
            events.append(Event("healed", {"guardian": g.card, "amount": healed}))
            if healed > 0:
                self.queue_window(state, "healed", g_ref(g.card), ctx.get("source"))
        return events

    def _status(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        name = str(step["status"])
        amount = 1 if name == "stealth" else int(step.get("amount", 1))
        until = step.get("until")
        events: list[Event] = []
        for g in self._guardians(state, ctx, step):
            if name == "stealth":
                added = 0 if g.statuses.get("stealth") else 1
                g.statuses["stealth"] = 1
            else:
                added = amount
                g.statuses[name] = g.statuses.get(name, 0) + amount  # SHV-9.6: X stacks
            if until is not None and added:
                g.timed.append([name, added, str(until), int(ctx["seat"])])
            data = {"guardian": g.card, "status": name, "amount": amount, "until": until}
            events.append(Event("status_added", data))
        return events

    def _cleanse(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        which = HARMFUL if step.get("which", "harmful") == "harmful" else None
        events: list[Event] = []
        for g in self._guardians(state, ctx, step):
            for name in sorted(g.statuses):
                if which is None or name in which:
                    events.extend(self._drop_status(g, name))
        return events

    def _block(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        amount = int(step["amount"])
        hit = ctx.get("_hit")
        stack = state.fx.stack
        if isinstance(hit, int) and hit < len(stack) and stack[hit].ctx.get("_about"):
            target = stack[hit].ctx
            target["_blocked"] = int(target.get("_blocked", 0)) + amount  # SHV-8.3
            about = list(target["_about"])
            return [
                Event(
                    "block_added",
                    {"about": about, "amount": amount, "source": ctx["source"], "pending": True},
                )
            ]
        events: list[Event] = []
        for ref in self.select(state, ctx, str(step.get("to", "target"))):
            holder: Any = self.guardian(state, ref[1]) if ref[0] == "g" else state.players[ref[1]]
            if holder is None:
                continue
            holder.block += amount
            events.append(
                Event(
                    "block_added",
                    {"about": ref, "amount": amount, "source": ctx["source"], "pending": False},
                )
            )
        return events

    def _players(
        self, state: ShvState, ctx: Mapping[str, Any], step: Step, default: str
    ) -> list[int]:
        refs = self.select(state, ctx, str(step.get("to", default)))
        return [r[1] if r[0] == "p" else owner(r[1]) for r in refs]

    def _draw_op(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        events: list[Event] = []
        for seat in self._players(state, ctx, step, "controller"):
            events.extend(self.draw(state, seat, int(step.get("count", 1))))
        return events

    def draw(self, state: ShvState, seat: int, count: int) -> list[Event]:
        """Draw ``count`` at random from the sorted deck; an empty deck eliminates (SHV-3.2b)."""
        p = state.players[seat]
        cards: list[int] = []
        events: list[Event] = []
        for _ in range(count):
            if p.eliminated:
                break
            if not p.deck:
                if cards:
                    p.hand.extend(cards)
                    p.hand.sort()
                    events.append(self._drew(seat, cards))
                    cards = []
                events.extend(self.eliminate(state, seat, "deck"))
                break
            cards.append(p.deck.pop(state.rng.below(len(p.deck))))
        if cards:
            p.hand.extend(cards)
            p.hand.sort()
            events.append(self._drew(seat, cards))
        return events

    @staticmethod
    def _drew(seat: int, cards: list[int]) -> Event:
        data = {"seat": seat, "count": len(cards), "cards": sorted(cards)}
        return Event("drew", data, ("cards",), (seat,))

    def _give_tactic(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        """By a skill: does not count toward the once-a-turn tactic (SHV-5.2)."""
        seat = int(ctx["seat"])
        if "_attach" in ctx:
            answer = ctx.pop("_attach")
            if answer == PASS:
                return []
            card, guardian, kind = answer
            return self.attach_tactic(state, seat, card, guardian, kind, by_skill=True)
        p = state.players[seat]
        if (
            p.eliminated
            or not p.field
            or not any(self.card(state, u).kind == "tactic" for u in p.hand)
        ):
            return []
        state.fx.stack[-1].index -= 1
        state.fx.pending = Decision(
            "choose_card", seat, "shv.prompt.attach", {"source": ctx["source"]}, [], "_attach"
        )
        return []

    def attach_tactic(
        self, state: ShvState, seat: int, card: int, guardian: int, kind: str | None, by_skill: bool
    ) -> list[Event]:
        p = state.players[seat]
        g = p.guardian(guardian)
        if g is None or card not in p.hand:
            return []
        p.hand.remove(card)
        g.tactics.append(card)
        if kind is not None:
            g.chosen[str(card)] = kind
        data = {
            "seat": seat,
            "card": card,
            "guardian": guardian,
            "point_type": kind,
            "by_skill": by_skill,
        }
        return [Event("tactic_given", data)]

    def _posture(
        self, state: ShvState, ctx: dict[str, Any], step: Step, ready: bool
    ) -> list[Event]:
        events = []
        for g in self._guardians(state, ctx, step):
            if g.ready != ready:
                g.ready = ready
                events.append(Event("posture", {"card": g.card, "ready": ready}))
        return events

    def _tire(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        return self._posture(state, ctx, step, False)

    def _ready(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        return self._posture(state, ctx, step, True)

    def _temp_point(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        kind = str(step["type"])
        if kind == "choose":
            if "_type" not in ctx:
                if not self._guardians(state, ctx, step):
                    return []
                state.fx.stack[-1].index -= 1
                state.fx.pending = Decision(
                    "choose_option",
                    int(ctx["seat"]),
                    "shv.prompt.point_type",
                    {},
                    list(POINT_TYPES),
                    "_type",
                )
                return []
            kind = str(ctx.pop("_type"))
        events = []
        for g in self._guardians(state, ctx, step):
            g.temp_points[kind] = g.temp_points.get(kind, 0) + int(step.get("amount", 1))
            data = {"guardian": g.card, "point_type": kind, "amount": int(step.get("amount", 1))}
            events.append(Event("temp_point", data))
        return events

    def _lose_mp(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        events: list[Event] = []
        for ref in self.select(state, ctx, str(step.get("to", "target_player"))):
            if ref[0] == "p":
                events.extend(self.lose_mp(state, ref[1], int(step["amount"]), "effect"))
        return events

    def _discard_self(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        uid = int(ctx["source"])
        p = state.players[owner(uid)]
        if uid not in p.hand:
            return []
        p.hand.remove(uid)
        p.discard.append(uid)
        return [Event("discarded", {"seat": p.seat, "card": uid, "reason": "skill"})]

    def _return_to_hand(self, state: ShvState, ctx: dict[str, Any], step: Step) -> list[Event]:
        events: list[Event] = []
        for g in self._guardians(state, ctx, step):
            events.extend(self.leave_field(state, owner(g.card), g, "hand"))
        return events

    # -- the answers a pending decision lists ----------------------------------------------
    def attach_options(self, state: ShvState, seat: int) -> list[list[Any]]:
        """[card, guardian, point type] for a tactic given by a skill (canonical cards)."""
        p = state.players[seat]
        out: list[list[Any]] = []
        seen: set[str] = set()
        for uid in p.hand:
            card = self.card(state, uid)
            if card.kind != "tactic" or card.id in seen:
                continue
            seen.add(card.id)
            out.extend([uid, g.card, k] for g in p.field for k in self.tactic_kinds(card))
        return out

    @staticmethod
    def tactic_kinds(card: Card) -> list[str | None]:
        return list(POINT_TYPES) if "choose" in card.points else [None]


__all__ = ["FORMAT_OPS", "INTERRUPT_WINDOWS", "Core", "skill_steps"]
