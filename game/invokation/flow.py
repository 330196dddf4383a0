"""Round flow (GI-2, GI-3, GI-4, GI-5.1, GI-7.3, GI-7.14): the internal ops that
end actions, check defeats and run the End Phase, and the setup / roll helpers.

Every action pushes one frame that ends with ``end_action`` (fast or combat), so
a "choose a new active character" decision (GI-5.1, GI-G9) that opens in the
middle of it resumes where it stopped, in the action phase or the End Phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.contract import Event
from game.core.effects import Decision
from game.invokation import board
from game.invokation.catalog import FACES
from game.invokation.ops import ENGINE, draw, gain_energy
from game.invokation.state import GIState, all_entities, sort_dice
from game.invokation.windows import fire

Step = Mapping[str, Any]
END_PHASE: list[Mapping[str, Any]] = [{"op": "end_phase_fire"}, {"op": "end_phase_rest"}]
NEW_ACTIVE_KEY = "invokation.prompt.new_active"


# Steps are never changed once pushed (frames and clones share them): built once.
_END_ACTIONS: dict[bool, Mapping[str, Any]] = {
    c: {"op": "end_action", "combat": c} for c in (False, True)
}
OPEN_WINDOWS: list[Mapping[str, Any]] = [{"op": "open_windows"}]


def end_action(combat: bool) -> Mapping[str, Any]:
    return _END_ACTIONS[bool(combat)]


# --- defeat (GI-7.3, GI-7.4, GI-5.1, GI-G9, GI-7.14) ------------------------------------


def _survives(state: GIState, seat: int, char: int) -> list[Event] | None:
    """GI-7.4 "will not be defeated": the first ``lethal`` ``survive`` of the character."""
    ctx = {"src_seat": seat, "src_char": char}
    for h, step in board.modifiers(state, "lethal", ctx, state.turn, (seat,)):
        if h.char != char:
            continue
        c = state.players[seat].characters[char]
        c.hp = min(c.max_hp, int(step.get("amount", 1)))
        events = board.spend_for(state, h, step)
        return [Event("survived", {"seat": seat, "character": char, "hp": c.hp}), *events]
    return None


def _defeat(state: GIState, seat: int, char: int) -> list[Event]:
    """Defeated: equipment and statuses discarded, energy and aura cleared (GI-7.3)."""
    c = state.players[seat].characters[char]
    events = [board.remove(state, e, "defeated") for e in [*c.equipment, *c.statuses]]
    c.alive = False
    board.changed(state, seat)  # its holders answer no more
    c.hp = 0
    c.energy = 0
    c.aura = []
    events.append(Event("defeated", {"seat": seat, "character": char}))
    fire(state, "defeated", {"defeated": char}, state.turn, owner=seat)
    return events


@ENGINE.op("check_defeat")
def _check_defeat(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    if state.phase == "over":
        return []
    events: list[Event] = []
    players = state.players
    order = (state.turn, 1 - state.turn)
    for seat in order:
        for i, c in enumerate(players[seat].characters):
            if c.alive and c.hp <= 0:
                saved = _survives(state, seat, i)
                events.extend(saved if saved is not None else _defeat(state, seat, i))
    lost: list[int] = []  # the sides with no living character
    for s in (0, 1):
        for c in players[s].characters:
            if c.alive:
                break
        else:
            lost.append(s)
    if lost:
        return events + finish(state, [] if len(lost) == 2 else [1 - lost[0]], "defeat")
    need: list[int] = []
    for s in order:
        p = players[s]
        if not p.characters[p.active].alive:
            need.append(s)
    if need:
        state.need_active = need
        state.commit = [None, None]
        ask_new_active(state)
    return events


def ask_new_active(state: GIState) -> None:
    seat = next(s for s in state.need_active if state.commit[s] is None)
    state.fx.pending = Decision("choose_target", seat, NEW_ACTIVE_KEY, {"seat": seat}, [], "new")


def finish(state: GIState, winners: list[int], reason: str) -> list[Event]:
    """Game over (GI-1.2, GI-7.14): both sides out, or the round cap, is a draw."""
    state.phase = "over"
    state.winners = winners
    state.draw = not winners
    state.fx.stack.clear()
    state.fx.pending = None
    state.need_active = []
    return [Event("game_over", {"winners": list(winners), "draw": not winners, "reason": reason})]


def choose_new_active(state: GIState, seat: int, char: int) -> list[Event]:
    """A defeated side's choice (hidden while the other side still chooses, ARCH 7.2)."""
    state.commit[seat] = char
    events = [Event("committed", {"seat": seat, "choice": char}, secret=("choice",),
                    seen_by=(seat,), reveal=False)]  # fmt: skip
    if any(state.commit[s] is None for s in state.need_active):
        ask_new_active(state)
        return events
    for s in state.need_active:
        events.extend(board.switch_to(state, s, int(state.commit[s]), "defeat"))
    if len(state.need_active) > 1:
        events.append(Event("actives_revealed", {"active": [p.active for p in state.players]},
                            reveal=True))  # fmt: skip
    state.need_active = []
    state.commit = [None, None]
    state.fx.pending = None
    return events + run(state)


def run(state: GIState) -> list[Event]:
    return ENGINE.run(state)


# --- ends of actions (GI-3.3, GI-4.5, GI-7.10) -----------------------------------------------


@ENGINE.op("end_action")
def _end_action(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    if state.phase != "action" or not step.get("combat"):
        return []
    seat = int(ctx["seat"])
    return pass_turn(state, seat)


def pass_turn(state: GIState, seat: int) -> list[Event]:
    """After a combat action the turn passes, unless the opponent has declared the
    round end (GI-4.5: the other player then acts again)."""
    other = 1 - seat
    if state.players[other].declared_end:
        return []
    state.turn = other
    return [Event("turn_passed", {"to": other, "reason": "combat"})]


@ENGINE.op("skill_done")
def _skill_done(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    """GI-4.1: a Normal Attack or Elemental Skill gives +1 Energy; then ``after_skill``."""
    seat, char = int(ctx["seat"]), int(ctx["char"])
    events: list[Event] = []
    if ctx.get("skill") in ("normal", "elemental"):
        events.extend(gain_energy(state, seat, char, 1))
    window_ctx = {"skill": ctx.get("skill"), "charged": ctx.get("charged", False),
                  "plunging": ctx.get("plunging", False)}  # fmt: skip
    fire(state, "after_skill", window_ctx, seat, owner=seat)
    return events


@ENGINE.op("window")
def _window(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    """Open an own trigger window (``after_switch``, ``after_play``)."""
    seat = int(ctx["seat"])
    fire(state, str(step["name"]), {"card_type": ctx.get("card_type")}, seat, owner=seat)
    return []


def declare_end(state: GIState, seat: int) -> list[Event]:
    """GI-4.5: the first to declare becomes the first player (the End Phase and
    the next round start with that seat); both declared -> End Phase."""
    p = state.players[seat]
    p.declared_end = True
    p.plunge_ready = False
    if state.next_first < 0:
        state.next_first = seat
    events = [Event("round_declared_end", {"seat": seat})]
    if state.players[1 - seat].declared_end:
        # GI-3.4, GI-4.5: "Bài thủ tuyên bố kết thúc trước ... sẽ trở thành bài
        # thủ đi trước": the first to declare is the first player from now on,
        # so the End Phase (its effects, ticking and draws) starts with that
        # seat, which is also the current player (GI-7.5) (issue 35 item 7).
        state.first = state.turn = state.next_first
        ENGINE.push(state, END_PHASE, {"seat": state.first, "seats": 2, "source": -1})
        return events + run(state)
    state.turn = 1 - seat
    return [*events, Event("turn_passed", {"to": 1 - seat, "reason": "end_round"})]


# --- End Phase (GI-3.4, GI-7.9) --------------------------------------------------------------


@ENGINE.op("end_phase_fire")
def _end_phase_fire(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    state.phase = "end"
    fire(state, "end_phase", {}, state.first)
    return [Event("phase", {"phase": "end", "round": state.round})]


def _tick(state: GIState) -> list[Event]:
    """Duration -1 for every entity; at 0 it is discarded (GI-7.9; Frozen and
    Satiated last 1 round, GI-3.4)."""
    events: list[Event] = []
    for seat in (state.first, 1 - state.first):
        for e in all_entities(state, seat):
            if e.duration is None:
                continue
            e.duration -= 1
            events.append(Event("duration_ticked", {"id": e.id, "seat": seat, "card": e.card,
                                                    "left": e.duration}))  # fmt: skip
            if e.duration <= 0:
                events.append(board.remove(state, e, "expired"))
    return events


def _reset_round(state: GIState) -> None:
    for p in state.players:
        p.declared_end = False
        p.plunge_ready = False
        p.revived_this_round = False
        for c in p.characters:
            if c.marks:
                c.marks = {k: v for k, v in c.marks.items() if not k.endswith(":round")}
    for seat in (0, 1):
        for e in all_entities(state, seat):
            e.counters.pop("round_used", None)


@ENGINE.op("end_phase_rest")
def _end_phase_rest(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    events = _tick(state)
    _reset_round(state)
    for seat in (state.first, 1 - state.first):
        events.extend(draw(state, seat, state.opts.draw_per_round))
        if state.opts.clear_dice:
            state.players[seat].dice = []
    if state.round >= state.opts.round_cap:
        return events + finish(state, [], "round_cap")  # GI-7.14, GI-G8
    return events + new_round(state)


def new_round(state: GIState) -> list[Event]:
    """Round start: the first to declare goes first (GI-4.5), roll 8 dice (GI-3.2)."""
    state.round += 1
    if state.next_first >= 0:
        state.first = state.next_first
    state.next_first = -1
    return begin_roll(state)


def begin_roll(state: GIState) -> list[Event]:
    state.phase = "roll"
    state.turn = state.first
    state.commit = [None, None]
    events = [Event("phase", {"phase": "roll", "round": state.round})]
    for seat in (0, 1):
        events.append(roll(state, seat, state.opts.dice_per_roll))
    return events


def _faces_event(state: GIState, kind: str, seat: int, faces: list[str]) -> Event:
    secret = () if state.opts.opponent_dice_visible else ("faces",)
    return Event(kind, {"seat": seat, "count": len(faces), "faces": faces}, secret=secret,
                 seen_by=(seat,) if secret else ())  # fmt: skip


def roll(state: GIState, seat: int, count: int) -> Event:
    """Roll ``count`` dice, never above the cap (GI-G14); each face 1/8."""
    p = state.players[seat]
    count = max(0, min(count, state.opts.max_dice - len(p.dice)))
    faces = [FACES[state.rng.below(len(FACES))] for _ in range(count)]
    p.dice = sort_dice([*p.dice, *faces])
    return _faces_event(state, "dice_rolled", seat, list(p.dice))


def commit_reroll(state: GIState, seat: int, dice: list[int]) -> list[Event]:
    """GI-3.2 reroll as a hidden commitment (ARCH 7.2); both done -> rerolled in
    seat order, then the Action Phase starts."""
    state.commit[seat] = sorted(dice)
    events = [Event("committed", {"seat": seat, "choice": sorted(dice)}, secret=("choice",),
                    seen_by=(seat,), reveal=False)]  # fmt: skip
    if any(c is None for c in state.commit):
        return events
    for s in (0, 1):
        p = state.players[s]
        chosen = set(state.commit[s])
        kept = [f for i, f in enumerate(p.dice) if i not in chosen]
        new = [FACES[state.rng.below(len(FACES))] for _ in chosen]
        p.dice = sort_dice([*kept, *new])
        events.append(_faces_event(state, "rerolled", s, list(p.dice)))
    state.commit = [None, None]
    return events + begin_action(state)


def begin_action(state: GIState) -> list[Event]:
    """GI-3.3: the first player acts first; ``round_start`` then ``action_phase``
    windows (GI-7.5 order from the first player)."""
    state.phase = "action"
    state.turn = state.first
    events = [Event("round_started", {"round": state.round, "first": state.first}),
              Event("phase", {"phase": "action", "round": state.round})]  # fmt: skip
    ENGINE.push(state, OPEN_WINDOWS, {"seat": state.first, "seats": 2, "source": -1})
    return events + run(state)


@ENGINE.op("open_windows")
def _open_windows(state: GIState, ctx: dict[str, Any], step: Step) -> list[Event]:
    fire(state, "action_phase", {}, state.first)  # pushed first, resolves second
    fire(state, "round_start", {}, state.first)
    return []
