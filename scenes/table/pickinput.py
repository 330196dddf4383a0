"""Mouse and keyboard feeding the action picker.

:class:`PickerInput` turns pygame events into picks on an
:class:`~scenes.table.picker.ActionPicker`, using a
:class:`~scenes.table.board.Board` to know what is under the pointer:

* **drag and drop**: press on a source (a card in hand, an entity), move, and
  release on a target spot; a release on nothing, or back on a source, springs
  back silently; a release on a spot that no legal action accepts is refused
  with the game's reason;
* **click then click**: a click on a source selects it (an arrow runs from it
  to the pointer while a target is wanted); a click on a target completes it,
  a click elsewhere cancels;
* **keyboard**: Left/Right cycle the spots that can be picked now (sources,
  then targets), Enter picks the focused one (or sends the selected source's
  single action), Esc cancels a selection;
* **buttons and the dice tray** call :meth:`choose` and :meth:`pay`.

What can be picked first comes from the prompt kind
(:data:`game.core.contract.PROMPT_KINDS`): on its own turn (``act``) the
player starts from a source arg; for every other kind the picker asks
directly for the arg the legal actions differ in (a target, a card, an
option, the dice).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.core.contract import Action, ArgValue
from scenes import theme
from scenes.table.board import Board, Spot, draw_arrow
from scenes.table.picker import KIND, ActionPicker, Ask, Pick, Submit

Refusal = Callable[[dict[str, ArgValue]], str]
"""The message for picks no legal action fits (the game asks ``rules.explain``)."""


Nowhere = Callable[[dict[str, ArgValue], tuple[int, int]], str]
"""The message for a drag released on no spot (a hint where to drop; "" for none)."""


def _no_reason(picks: dict[str, ArgValue]) -> str:
    return ""


class PickerInput:
    """Pointer and keys -> picks -> ``submit(action)`` (see the module doc)."""

    DRAG_THRESHOLD = 6

    def __init__(
        self,
        picker: ActionPicker,
        board: Board,
        *,
        sources: Sequence[str],
        submit: Callable[[Action], str | None],
        toast: Callable[[str], None] = lambda message: None,
        refusal: Refusal = _no_reason,
        click_submits: Sequence[str] = (KIND,),
        refuse_sources: bool = False,
        nowhere: Nowhere | None = None,
    ) -> None:
        self.picker = picker
        self.board = board
        self.sources = tuple(sources)
        self.submit = submit
        self.toast = toast
        self.refusal = refusal
        self.click_submits = tuple(click_submits)
        # With refuse_sources, a source no legal action starts can still be dragged
        # or selected on the seat's own turn, so that its drop (or Enter) says why.
        self.refuse_sources = refuse_sources
        self.nowhere = nowhere
        self.refused = False  # the picked source starts no legal action
        self.prompt_kind = "act"
        self.source: Spot | None = None  # the picked source (selected or dragged)
        self.pressed: Spot | None = None
        self.press_pos = (0, 0)
        self.dragging = False
        self.pointer = (0, 0)
        self.focus_index: int | None = None
        # ``lit`` as last worked out, with what it was worked out from: every guardian,
        # chip, tile and seat of a table asks each frame, and the answer changes only
        # with the legal list, the picks, the prompt or a refusal.
        self._lit: tuple[list[Action], tuple[object, ...], str, frozenset[Pick]] | None = None

    # -- state ---------------------------------------------------------------------------
    def set_legal(self, legal: Sequence[Action], prompt_kind: str = "act") -> None:
        """New legal actions (after every change of the view): picks are forgotten."""
        self.picker.reset(legal)
        self.prompt_kind = prompt_kind
        self.focus_index = None
        self._clear()

    def _clear(self) -> None:
        self.picker.reset()
        self.source = self.pressed = None
        self.dragging = False
        self.refused = False

    def cancel(self) -> None:
        self._clear()

    @property
    def asking(self) -> Ask | None:
        """What the picker asks for now (None before a source is picked in ``act``)."""
        if self.prompt_kind == "act" and not self.picker.picked:
            return None
        decision = self.picker.decision()
        return decision if isinstance(decision, Ask) else None

    def active_args(self) -> list[str]:
        """The args a pick may name now: the arg asked for; with a source picked
        and one action left, the spots that confirm it (the zone a card is
        played to; in a question such as ``choose_target``, the one answer left);
        with nothing picked on the seat's own turn, the sources."""
        ask = self.asking
        if ask is not None:
            return [ask.arg]
        if self.picker.picked or self.prompt_kind != "act":
            # a source picked, or a question (choose_target...) with one answer
            # left: the spots that confirm it (the one target on offer is clicked)
            return [a for a in self.board.args if a not in self.sources]
        return list(self.sources)

    def source_ok(self, spot: Spot) -> bool:
        """True if ``spot`` can start an action now (whatever is selected)."""
        if spot.arg not in self.sources or not self.picker.legal:
            return False
        if self.refuse_sources and self.prompt_kind == "act":
            return True
        if self.prompt_kind != "act" and self.asking is not None:
            return spot.arg == self.asking.arg and spot.pick in self.lit
        return any(self.picker.value(a, spot.arg) == spot.value for a in self.picker.legal)

    @property
    def lit(self) -> frozenset[Pick]:
        """Every (arg, value) a pick would accept now (the table lights these)."""
        if self.refused:
            return frozenset()
        legal, picks = self.picker.legal, tuple(self.picker.picked.items())
        memo = self._lit
        if memo is None or memo[0] is not legal or memo[1] != picks or memo[2] != self.prompt_kind:
            lit = frozenset(self.picker.pickable(self.active_args()))
            memo = self._lit = (legal, picks, self.prompt_kind, lit)
        return memo[3]

    def focusable(self) -> list[Spot]:
        """What ←/→ visit: the lit spots, then the lit stand-ins (a skill behind a "+N"
        chip: the focus rings the chip and the table names the skill)."""
        lit, args = self.lit, self.active_args()
        spots = self.board.spots(args)
        spots += self.board.stand_in_spots(args, spots)
        return [s for s in spots if s.pick in lit]

    @property
    def focus(self) -> Spot | None:
        if self.focus_index is None:  # the keyboard has not moved it: nothing to list
            return None
        spots = self.focusable()
        return spots[self.focus_index % len(spots)] if spots else None

    @property
    def drag_delta(self) -> tuple[int, int]:
        """How far the pressed thing has been dragged (draw its sprite moved by it;
        (0, 0) when nothing is dragged, so a cancelled drag is drawn home)."""
        if not self.dragging:
            return (0, 0)
        return self.pointer[0] - self.press_pos[0], self.pointer[1] - self.press_pos[1]

    def arrow(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """From the selected source to the pointer, while a target is wanted."""
        if self.source is None or self.dragging or self.asking is None:
            return None
        if not self.board.spots([self.asking.arg]):
            return None  # the question is answered by buttons, not by aiming
        return self.source.rect.center, self.pointer

    # -- picking ----------------------------------------------------------------------------
    def _resolve(self, click: bool) -> str | None:
        """After a pick: send the action if one is left, else wait for the next."""
        decision = self.picker.decision()
        if decision is None:
            self._clear()
            return None
        if isinstance(decision, Submit):
            if click and self.source is not None and self.source.arg not in self.click_submits:
                return None  # a clicked card stays selected until a target or Enter
            self._clear()
            reason = self.submit(decision.action)
            if reason:
                self.toast(reason)
            return reason
        return None

    def choose(self, arg: str, value: ArgValue) -> str | None:
        """Pick ``arg = value`` (a button, a spot, a key) and go on."""
        if not self.picker.pick(arg, value):
            reason = self.refusal({**self.picker.picked, arg: value})
            self._clear()
            if reason:
                self.toast(reason)
            return reason or None
        return self._resolve(click=False)

    def pay(self, arg: str, value: ArgValue) -> str | None:
        """Send the remaining action with ``arg`` replaced (the dice the tray
        selected: ``explain`` accepts any valid payment)."""
        action = self.picker.complete(arg, value)
        self._clear()
        if action is None:
            return None
        reason = self.submit(action)
        if reason:
            self.toast(reason)
        return reason

    def _carried(self, spot: Spot) -> bool:
        """In a question (not the seat's own turn), a source dragged somewhere: a lit
        card whose pick leaves a further question, such as the guardian a Tactic is
        attached to (Sứ Giả's on-enter skill, issue 34 P-SHV-5).  A card that is the
        whole answer (a discard) is still chosen by its press."""
        if spot.pick not in self.lit:
            return False
        picked = dict(self.picker.picked)
        try:
            return self.picker.pick(spot.arg, spot.value) and isinstance(
                self.picker.decision(), Ask
            )
        finally:
            self.picker.picked = picked

    def _take_source(self, spot: Spot) -> None:
        self._clear()
        self.refused = not self.picker.pick(spot.arg, spot.value)
        self.source = spot

    def _pick_spot(self, spot: Spot, click: bool) -> None:
        if spot.arg in self.sources and self.prompt_kind == "act":
            if click and self.source is not None and self.source.pick == spot.pick:
                self._clear()  # a second click on the selected source lets it go
                return
            self._take_source(spot)
            if not self.refused:
                self._resolve(click=click)
            return
        if self.refused or not self.picker.pick(spot.arg, spot.value):
            self._refuse({spot.arg: spot.value})
            return
        self._resolve(click=False)

    def _picks(self) -> dict[str, ArgValue]:
        """What the player picked, a refused source included."""
        picks = dict(self.picker.picked)
        if self.source is not None:
            picks.setdefault(self.source.arg, self.source.value)
        return picks

    def _refuse(self, more: dict[str, ArgValue]) -> None:
        reason = self.refusal({**self._picks(), **more})
        self._clear()
        if reason:
            self.toast(reason)

    # -- events ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _motion(self, pos: tuple[int, int]) -> bool:
        self.pointer = pos
        if self.pressed is None:
            return False
        dx, dy = pos[0] - self.press_pos[0], pos[1] - self.press_pos[1]
        if not self.dragging and max(abs(dx), abs(dy)) >= self.DRAG_THRESHOLD:
            pressed = self.pressed
            carried = self.prompt_kind == "act" or self._carried(pressed)
            if pressed.arg in self.sources and carried:
                self._take_source(pressed)  # the drop targets light up
            self.pressed, self.dragging = pressed, True
        return self.dragging

    def _press(self, pos: tuple[int, int]) -> bool:
        self.pointer = pos
        spot = self.board.hit(pos)
        if spot is not None and (spot.pick in self.lit or self.source_ok(spot)):
            self.pressed, self.press_pos = spot, pos
            return True
        if self.source is not None:
            self._clear()  # a click on nothing cancels the selection
            return True
        return False

    def _release(self, pos: tuple[int, int]) -> bool:
        self.pointer = pos
        pressed, dragging = self.pressed, self.dragging
        self.pressed, self.dragging = None, False
        if pressed is None:
            return False
        if not dragging or self.source is None:
            self._pick_spot(pressed, click=True)
            return True
        target = self.board.hit(pos, [a for a in self.board.args if a not in self.sources])
        if target is None:
            reason = self.nowhere(self._picks(), pos) if self.nowhere is not None else ""
            self._clear()  # dropped on nothing: spring back (with the game's hint)
            if reason:
                self.toast(reason)
            return True
        self._pick_spot(target, click=False)
        return True

    def _key(self, key: int) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            spots = self.focusable()
            if not spots:
                return False
            step = 1 if key == pygame.K_RIGHT else -1
            if self.focus_index is None:
                self.focus_index = 0 if step > 0 else len(spots) - 1
            else:
                self.focus_index = (self.focus_index + step) % len(spots)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._enter()
        if key == pygame.K_ESCAPE and self.picker.picked:
            self._clear()
            return True
        return False

    def _enter(self) -> bool:
        focus = self.focus
        if focus is not None:
            self._pick_spot(focus, click=False)
            self.focus_index = 0 if self.picker.picked else None  # on to the targets
            return True
        if self.source is not None and self.refused:
            self._refuse({})
            return True
        if self.source is not None:
            decision = self.picker.decision()
            if isinstance(decision, Submit):
                self._resolve(click=False)
                return True
        return False

    def _over_lit(self, args: Sequence[str]) -> bool:
        """Is the pointer on a spot a pick accepts now?"""
        lit = self.lit
        return any(
            spot.pick in lit and spot.rect.collidepoint(self.pointer)
            for spot in self.board.spots(args)
        )

    # -- drawing --------------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        args: Sequence[str],
        *,
        origin: tuple[int, int] | None = None,
    ) -> None:
        """Outline the spots of ``args`` a pick accepts now, ring the keyboard focus
        and draw the aiming arrow: from the selected source, or from ``origin`` (the
        seat's panel) when a question such as ``choose_target`` has no source; that one
        only while the pointer is on an answer, so no arrow trails the pointer with
        nothing held (play-test D4)."""
        lit = self.lit
        for spot in self.board.spots(args):
            if spot.pick in lit:
                pygame.draw.rect(surface, theme.GOOD, spot.rect.inflate(6, 6), 3, border_radius=10)
        focus = self.focus
        if focus is not None:
            pygame.draw.rect(surface, theme.FOCUS, focus.rect.inflate(10, 10), 3, border_radius=10)
        arrow = self.arrow()
        ask = self.asking
        aiming = ask is not None and ask.arg not in self.sources and not self.dragging
        aiming = aiming and ask is not None and bool(self.board.spots([ask.arg]))
        if arrow is None and origin is not None and aiming and self._over_lit(args):
            arrow = (origin, self.pointer)  # only onto an answer: nothing dangles (D4)
        if arrow is not None:
            draw_arrow(surface, *arrow, theme.ACCENT)
