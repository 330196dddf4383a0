"""The generic table scene: turn flow shared by every game's table.

:class:`TableScene` owns what does not depend on the game:

* whose view is drawn (``viewer``): the human seat in control; in hotseat a
  :class:`HandoffScene` hides the table until the next human reveals, and once
  anyone else is to move (an AI seat too) nobody's secrets show (``conceal``);
* sending actions (``submit``): through ``Match.apply``; an illegal action
  comes back as a translated reason, a legal one as events that the game
  subclass turns into animations and log sentences (``on_events``);
* AI seats: the seat's view goes as JSON to a worker process
  (``scenes.table.ai``) where ``bots.make(seat.bot).choose`` decides; the
  action is applied after ``settings.ai_delay`` once the animations are done;
* autosave after every turn change and every undo, Esc -> pause, Ctrl+Z -> undo, Space /
  click -> skip animations, results when the game is over.

A game table subclasses it and implements ``sync`` (rebuild sprites from
``self.view``), ``on_events`` and ``draw_table``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.ai import bots
from game.core.contract import Action, Event, IllegalAction, Prompt
from game.core.match import UNDO_BARRIER
from game.core.rng import Rng
from scenes.scene import Scene
from scenes.table.ai import AiRequest, AiWorker, checked_action, warm_up
from scenes.table.anim import AnimQueue
from scenes.table.eventlog import EventLog
from scenes.table.hud import Banner, DecisionBar, LogPanel, Toasts, Zoom

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import App

log = logging.getLogger(__name__)


def translate_reason(app: App, problem: IllegalAction, params: dict[str, Any] | None = None) -> str:
    """The reason of an IllegalAction in the player's language."""
    text = app.tr(problem.key, **{**problem.params, **(params or {})})
    return str(problem) if text == problem.key else text


class TableScene(Scene):
    """Base class of every game table (see the module docstring)."""

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.rules = match.rules
        humans = [i for i, s in enumerate(match.seats) if not s.is_ai]
        self.humans = humans
        self.hotseat = len(humans) > 1
        to_move = match.to_move
        if to_move is not None and to_move in humans:
            self.viewer: int | None = to_move
        else:
            self.viewer = humans[0] if humans else 0
        self.anims = AnimQueue(
            lambda: self.app.settings.anim_speed, lambda: self.app.settings.animations
        )
        self.toasts = Toasts()
        self.log_panel = LogPanel()
        self.log_panel.log.bind(
            sentence=self.sentence,
            note=lambda key, params: self.app.tr(key, **params),
            context=lambda: (self.eyes, self.app.tr.lang),
        )
        self._unfiltered: list[tuple[Event, Event]] = []  # (as shown, as produced)
        self.banner = Banner()
        self.bar = DecisionBar()
        self.zoom = Zoom()
        self.worker = AiWorker()
        if len(humans) < len(match.seats):
            self.worker.prepare(match.seats)  # the AI's imports now, not in a frame mid-game
        self.ai_wait = 0.0
        self.handoff_open = False
        self._shared_key: tuple[int, int | None] = (-1, None)
        self._shared = False
        # An all-AI table (a demo) is watched as a spectator: every hand face down.
        self.revealed_to: int | None = None if self.hotseat or not humans else self.viewer
        shown = self.viewer if self.revealed_to == self.viewer else None
        self.view: Any = self.rules.view(match.state, shown)
        self.last_to_move = to_move
        self.finished = False
        self.actions_sent: list[tuple[Action, str]] = []  # (action, source) for tests/debug
        self.bot_rng = Rng(match.seed ^ 0x5EED)

    # -- subclasses implement --------------------------------------------------
    def sync(self, animate: bool = True) -> None:
        """Rebuild sprites and HUD from ``self.view``."""

    def on_events(self, events: list[Event]) -> None:
        """Queue animations and log lines for events already filtered for the viewer."""

    def sentence(self, event: Event) -> str:
        """The game-log line for an event already filtered for the viewer."""
        return ""

    def draw_table(self, surface: pygame.Surface) -> None:
        """Draw the table (the HUD widgets are drawn by the base class)."""

    # -- who is looking and the log --------------------------------------------------
    @property
    def eyes(self) -> int | None:
        """The seat whose secrets the table may show now: the viewer once they
        have revealed, else nobody (a spectator, or the hand-off screen is up)."""
        return self.viewer if self.revealed_to == self.viewer else None

    @property
    def event_log(self) -> EventLog:
        return self.log_panel.log

    def log_event(self, event: Event) -> None:
        """Write an event to the log (call it when its animation starts).  Given
        the copy ``on_events`` received, the log keeps the unfiltered original and
        renders it for whoever looks later."""
        for shown, raw in self._unfiltered:
            if shown is event:
                self.event_log.add_event(raw)
                return
        self.event_log.add_event(event)

    # -- lifecycle ---------------------------------------------------------------
    def enter(self) -> None:
        self.resize(self.app.size)
        if self.match.log and not self.event_log.entries:
            self._replay_log()
        if any(seat.is_ai for seat in self.match.seats):
            warm_up(self.match.game_id)
        self._check_control(first=True)

    def _replay_log(self) -> None:
        """A loaded game shows its history: replay the action log from the setup
        on a scratch state and log each event, without animating."""
        state = self.rules.setup(self.match.config, self.match.seed)
        for action in self.match.log:
            for event in self.rules.apply(state, action, check=False):
                self.event_log.add_event(event)

    def resume(self) -> None:
        self.resize(self.app.size)

    def exit(self) -> None:
        self.worker.reset()

    # -- control flow --------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.match.to_move

    @property
    def in_control(self) -> bool:
        """True when the viewer may act now (their move, revealed, nothing playing)."""
        seat = self.to_move
        return (
            seat is not None
            and seat == self.viewer
            and not self.match.seats[seat].is_ai
            and not self.handoff_open
            and (self.revealed_to == seat or self.shared_choice())
            and not self.anims.busy
        )

    def shared_choice(self) -> bool:
        """The decision now belongs to the whole team and reveals nobody's secrets (a
        co-op team choice, SHV-10.5): its seat answers with no hand-off, every hand
        still hidden.  Cached per position (``team_choice`` reads the legal moves)."""
        key = (len(self.match.log), self.to_move)
        if self._shared_key != key:
            self._shared_key, self._shared = key, self.team_decision()
        return self._shared

    def team_decision(self) -> bool:
        """Hook: True when the seat to move decides for its whole team (default never)."""
        return False

    def refresh_view(self, animate: bool = True) -> None:
        shown = self.viewer if self.revealed_to == self.viewer else None
        self.view = self.rules.view(self.match.state, shown)
        self.sync(animate)

    def submit(self, action: Action, source: str = "ui") -> str | None:
        """Send an action to the rules core; returns the translated reason if refused."""
        try:
            events = self.match.apply(action)
        except IllegalAction as problem:
            return translate_reason(self.app, problem, self.reason_params(problem))
        self.actions_sent.append((action, source))
        self.worker.reset()
        self.ai_wait = 0.0
        self.conceal()  # before the events are shown: another seat's turn shows no secret
        shown = self.eyes
        if not self.anims.busy:
            self._unfiltered = []
        filtered = [e.for_seat(shown) for e in events]
        self._unfiltered.extend(zip(filtered, events, strict=True))
        self.on_events(filtered)
        self._check_control()
        if self.anims.off:  # Settings: no animations, the batch is shown at once
            self.anims.flush()
        return None

    def reason_params(self, problem: IllegalAction) -> dict[str, Any]:
        """Extra translation parameters for a refusal (card names, seat names)."""
        return {}

    def params(self, data: dict[str, Any]) -> dict[str, Any]:
        """Translation parameters for a prompt's (or an event's) fields: a game adds
        readable names (seats, cards); by default the fields as they are."""
        return data

    def turn_prompt(self, seat: int) -> str:
        """What the turn banner says of ``seat``: an AI thinks (once the animations
        are over: it does not start before), the revealed viewer reads the rules'
        prompt, anyone else is waited for."""
        tr, who = self.app.tr, self.match.seats[seat]
        if who.is_ai:
            return "" if self.anims.busy else tr("table.banner.thinking", name=who.name)
        if seat == self.viewer and (self.revealed_to == seat or self.shared_choice()):
            # a team choice is answered with no hand-off: it is asked, not waited for (P2-9)
            p = self.rules.prompt(self.match.state)
            if p is None:
                return ""
            return tr(self.prompt_key(p), **self.params({"name": who.name, **p.params}))
        return tr("table.banner.waiting", name=who.name)

    def prompt_key(self, prompt: Prompt) -> str:
        """The translation key of the rules' prompt (a table may word it for its seats)."""
        return prompt.key

    def dur(self, seconds: float, animate: bool = True) -> float:
        """A glide of ``seconds`` at the player's animation speed (0: no animation, or
        animations off in Settings)."""
        if not animate or self.anims.off:
            return 0.0
        return seconds / max(0.1, self.app.settings.anim_speed)

    def press(self, action: Action, source: str = "button") -> None:
        """A decision button was pressed: send ``action``, toast a refusal."""
        reason = self.submit(action, source=source)
        if reason:
            self.toasts.push(reason)

    def _check_control(self, first: bool = False) -> None:
        seat = self.to_move
        if seat != self.last_to_move or first:
            if not first:
                self.autosave()
            self.last_to_move = seat
        if seat is None:  # game over: the table still shows the last action's result
            self.refresh_view(animate=not first)
            return
        self.conceal()
        if not self.match.seats[seat].is_ai and seat != self.viewer:
            # control passes to another human: hide the table first in hotseat
            self.viewer = seat
            self.revealed_to = None if self.hotseat else seat
        elif first and not self.match.seats[seat].is_ai and self.revealed_to != seat:
            self.revealed_to = None if self.hotseat else seat
        self.refresh_view(animate=not first)

    def conceal(self) -> None:
        """Hot seat: as soon as a seat other than the revealed viewer is to move (an
        AI, another human), nobody's secrets show (issue 34 major 2, P-SHV-3): the
        viewer's hand and face-down cards turn down and a zoomed card closes, as
        before a hand-off, until the next human to move reveals.  The table keeps
        the viewer's side of the table (``viewer``); only ``eyes`` goes."""
        seat = self.to_move
        if not self.hotseat or self.revealed_to is None or seat in (None, self.revealed_to):
            return
        self.revealed_to = None
        self.zoom.unpin()

    def autosave(self) -> None:
        try:
            from saves import store
        except ImportError:
            log.warning("autosave skipped: saves.store is not available")
            return
        try:
            store.autosave(self.match)
        except Exception as exc:  # a full disk must not end the game
            log.warning("autosave failed: %s", exc)

    def _open_handoff(self) -> None:
        seat = self.viewer
        assert seat is not None
        self.handoff_open = True

        def reveal() -> None:
            self.handoff_open = False
            self.revealed_to = seat
            self.refresh_view(animate=False)

        self.app.scenes.push("handoff", self.match.seats[seat].name, reveal)

    def _finish(self) -> None:
        self.finished = True
        self.app.scenes.replace("results", self.match)

    def _run_ai(self, dt: float) -> None:
        seat = self.to_move
        if seat is None or not self.match.seats[seat].is_ai:
            return
        token = len(self.match.log)
        if self.worker.idle or self.worker.token != token:
            view = self.rules.view(self.match.state, seat)
            request = AiRequest(
                game_id=self.match.game_id,
                view=self.rules.to_json(view),
                seat=seat,
                bot=self.match.seats[seat].bot,
                rng_state=self.bot_rng.next64(),
            )
            self.worker.start(request, token)
            self.ai_wait = 0.0
        self.ai_wait += dt
        if self.anims.busy or self.ai_wait < self.app.settings.ai_delay:
            return
        done, data = self.worker.poll()
        if not done:
            return
        action = self._ai_action(seat, data)
        reason = self.submit(action, source="ai")
        if reason is not None:  # checked legal, yet refused: never ask again, play now
            log.error("bot %s chose an illegal action %s: %s", seat, action, reason)
            self.worker.reset()
            self.submit(self.ai_fallback(seat), source="ai")

    def _thinking(self) -> float | None:
        """The AI seat to move's progress for the banner (None: nobody thinks)."""
        seat = self.to_move
        if self.finished or seat is None or not self.match.seats[seat].is_ai:
            return None
        if self.match.outcome() is not None:
            return None  # the game is over: no seat is thinking (play-test P2-10)
        return self.worker.progress()

    def _ai_action(self, seat: int, data: dict[str, Any] | None) -> Action:
        """The worker's action, or the local fallback when it failed (hung,
        died, overran the deadline, raised) or answered something unreadable."""
        if data is not None:
            action, why = checked_action(self.rules, self.match.state, seat, data)
            if action is not None:
                return action
            self.worker.bad_reply(why)  # logged, worker restarted (issue 37 class 5)
        return self.ai_fallback(seat)

    def ai_fallback(self, seat: int) -> Action:
        """The greedy bot's choice for ``seat``, computed here on the seat's
        view exactly as the worker would (never the true state, never simply
        the first legal action); tells the players with a short toast."""
        view = self.rules.from_json(self.rules.to_json(self.rules.view(self.match.state, seat)))
        rng = Rng(self.bot_rng.next64())
        try:
            action = bots.make("greedy").choose(self.rules, view, seat, rng)
        except Exception:  # a broken evaluate: any legal move of the view, at random
            log.exception("greedy fallback failed for seat %s", seat)
            action = bots.make("random").choose(self.rules, view, seat, rng)
        self.on_ai_fallback(seat)
        return action

    def on_ai_fallback(self, seat: int) -> None:
        """Hook: the seat's AI did not answer and the fallback played for it."""
        name = self.match.seats[seat].name
        self.toasts.push(self.app.tr("table.toast.ai_fallback", name=name))

    def animating(self) -> bool:
        """Lazy drawing (``Scene.animating``): animations, toasts and the banner
        flash move on their own; the app's grace period covers hover and glides."""
        busy = self.anims.busy or bool(self.toasts.items) or self.banner.flash > 0
        return busy or self.banner.thinking is not None  # the AI's progress bar moves

    def update(self, dt: float) -> None:
        self.anims.update(dt)
        self.toasts.update(dt)
        self.banner.update(dt)
        self.banner.thinking = self._thinking()
        if self.finished:
            return
        if self.anims.busy:
            return
        if self.match.outcome() is not None or self.to_move is None:
            self._finish()
            return
        seat = self.to_move
        if (
            not self.match.seats[seat].is_ai
            and self.revealed_to != seat
            and not self.handoff_open
            and not (self.hotseat and self.shared_choice())
        ):
            self._open_handoff()
            return
        self._run_ai(dt)

    # -- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.zoom.pinned:
                    self.zoom.unpin()
                    self.app.press_done()
                    return True
                self.app.scenes.push("pause", self.match)
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
            if event.key == pygame.K_SPACE and self.anims.busy:
                self.skip_animations()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.anims.busy:
            self.skip_animations()
            return True
        return self.log_panel.handle(event)

    def skip_animations(self) -> None:
        """Space or a click: every animation ends (a round summary closes); the rest
        of that press (a key repeat, the release) does nothing else (issue 34 major 9)."""
        self.anims.skip()
        self.app.press_done()

    def undo_steps(self) -> int:
        """How many log entries Ctrl+Z takes back (``Match.undo_check``): the
        viewer's last action and what followed it by AI seats or passes (0 if refused)."""
        if self.viewer is None:
            return 0
        return self.match.undo_check(self.viewer, through=self._ai_seats())[0]

    def _ai_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.match.seats) if seat.is_ai]

    def undo(self) -> None:
        seat = self.viewer
        if seat is None:
            self.toasts.push(self.app.tr("table.toast.undo_none"))
            return
        steps, reason = self.match.undo_check(seat, through=self._ai_seats())
        if reason == UNDO_BARRIER:
            self.toasts.push(self.app.tr("table.toast.undo_barrier"))
            return
        if steps == 0:  # nothing of the viewer's, or another human moved since
            self.toasts.push(self.app.tr("table.toast.undo_none"))
            return
        self.anims.skip()
        self.match.undo_to(seat, through=self._ai_seats())
        self.worker.reset()
        self.event_log.add_note("table.log.undo", name=self.match.seats[seat].name)
        self.last_to_move = self.to_move
        self.autosave()  # Continue restores the game as undone (issue 34 major 6)
        self.refresh_view(animate=True)
        self.toasts.push(self.app.tr("table.toast.undone"), kind="good")
