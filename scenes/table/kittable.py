"""A :class:`TableScene` already wired to the kit's parts, for a new game's table.

Every table assembled from the kit repeats the same glue: a Tiled layout scaled to
the window, the HUD widgets placed in it, a fanned hand, an action picker fed by
mouse and keys over a :class:`Board`, option buttons for the action kinds that
no board spot stands for, the banner read from the prompt, events queued on an
:class:`EventAnimator`, the kit's :class:`Stage` for seats and zones.
:class:`KitTable` holds that glue; a game's table subclasses it, binds its
board spots, aliases its events and draws its own zones (the toy table,
``scenes/table/toy``, is the worked example).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.core.contract import ArgValue, Event
from scenes.table import layout as layouts
from scenes.table.base import TableScene
from scenes.table.board import Board
from scenes.table.cards import CardArt, CardFace
from scenes.table.dicetray import DiceTray
from scenes.table.events import EventAnimator, Ref
from scenes.table.hand import FannedHand
from scenes.table.picker import KIND, ActionPicker
from scenes.table.pickinput import PickerInput
from scenes.table.seating import Seating

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.app import App


class KitTable(TableScene):
    """Layout zones the kit places: ``log``, ``banner``, ``actions`` (buttons),
    ``hand`` and ``seat_<k>`` (``k``-th seat from the viewer).  Subclasses set
    ``button_kinds`` (kinds chosen by a button, labelled ``<button_keys>.<kind>``)
    and may override ``refusal``, ``sentence``, ``on_control`` and the Stage."""

    button_kinds: tuple[str, ...] = ()
    button_keys = "table.kind"

    def __init__(
        self,
        app: App,
        match: Match,
        *,
        layout: str,
        faces: Callable[[int, str], CardFace],
        picker: ActionPicker,
        sources: Sequence[str] = ("card", KIND),
        seating: Seating | None = None,
    ) -> None:
        self.n = match.rules.num_seats(match.state)
        self.layout = layouts.load(layout)
        self.rects: dict[str, pygame.Rect] = {}
        self.art = CardArt(faces)
        self.seating = seating or Seating(range(self.n))
        self.hand = FannedHand(pygame.Rect(0, 0, 1, 1))
        self.board = Board()
        super().__init__(app, match)
        self.input = PickerInput(
            picker, self.board, sources=sources, submit=self.submit,
            toast=self.toasts.push, refusal=self.refusal,
        )  # fmt: skip
        self.animator = EventAnimator(self, self.anims, self.log_event)

    # -- hooks -------------------------------------------------------------------------------
    def refusal(self, picks: dict[str, ArgValue]) -> str:
        """The toast for picks no legal action fits (default: nothing)."""
        return ""

    def on_control(self) -> None:
        """Called after legal actions, buttons and banner were refreshed."""

    # -- the kit's Stage ---------------------------------------------------------------------
    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.rects[self.seating.rect_name(seat)]

    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        """Seats, and zones by layout name (another seat's ``hand`` is its panel)."""
        what, value = ref
        if what == "seat" and isinstance(value, int):
            return self.seat_rect(value)
        if what == "zone" and value[0] == "hand" and value[1] not in (None, self.viewer):
            return self.seat_rect(value[1])
        if what == "zone":
            return self.rects.get(value[0])
        return self.rects.get("center")

    def card_image(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        return self.art.surface(card, size, self.app.tr.lang)

    def dice_tray(self, seat: int) -> DiceTray | None:
        return None

    def px(self, n: float) -> int:
        return self.app.px(n)

    # -- layout and controls -------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.rects = r = self.layout.rects(size)
        px = self.app.px
        self.log_panel.rect, self.log_panel.font_px = r["log"], max(11, px(13))
        self.log_panel.title = self.app.tr("table.log.title")
        self.banner.rect, self.hand.rect = r["banner"], r["hand"]
        self.bar.rect, self.bar.font_px = r["actions"].inflate(-px(8), -px(8)), max(12, px(16))
        self.toasts.anchor, self.toasts.px = r["banner"].midbottom, max(13, px(17))
        self.bar.layout()
        self.hand.layout()
        self.controls()  # labels follow a language change

    def controls(self) -> None:
        """Legal actions (when the viewer may act), option buttons, the banner."""
        prompt = self.rules.prompt(self.match.state)
        legal = self.match.legal_actions() if self.in_control else []
        self.input.set_legal(legal, prompt.kind if prompt else "act")
        self.buttons()
        if prompt is not None:
            seats, params = self.match.seats, dict(prompt.params)
            name = params["name"] = seats[prompt.seat].name
            said = self.app.tr(prompt.key, **self.prompt_params(params))
            self.banner.set(name, said, self.seating.color(prompt.seat), 0, "")
        self.on_control()

    def prompt_params(self, params: dict[str, object]) -> dict[str, object]:
        """Translation params of the prompt (a game names the seats in them)."""
        return params

    def buttons(self) -> None:
        """One button per action kind in ``button_kinds`` still on offer."""
        picker = self.input.picker
        kinds = [] if KIND in picker.picked else picker.candidates(KIND)
        self.bar.set([(self.app.tr(f"{self.button_keys}.{k}"), self._chooser(k))
                      for k in kinds if k in self.button_kinds])  # fmt: skip

    def _chooser(self, kind: ArgValue) -> Callable[[], None]:
        return lambda: self.choose(kind)

    def choose(self, kind: ArgValue) -> None:
        self.input.choose(KIND, kind)

    def on_events(self, events: list[Event]) -> None:
        self.animator.queue_events(events)

    # -- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        was_busy = self.anims.busy
        super().update(dt)
        self.hand.update(dt)
        self.hand.hover(self.input.pointer if self.in_control else None)
        if was_busy and not self.anims.busy:
            self.controls()  # the viewer may act again

    def handle(self, event: pygame.event.Event) -> bool:
        if self.in_control and (self.input.handle(event) or self.bar.handle(event)):
            self.buttons()
            return True
        return super().handle(event)

    def draw_hand(self, surface: pygame.Surface) -> None:
        """The hand with playable cards lit and the dragged card under the pointer."""
        lang, lit, delta, held = self.app.tr.lang, self.input.lit, self.input.drag_delta, None
        if self.input.source is not None and self.input.source.arg == "card":
            held = self.input.source.value
        for s in self.hand.sprites:
            s.lit, s.selected = ("card", s.card) in lit, s.card == held
            lift = self.app.px(14) if s.hover or s.selected else 0
            if s.card != held or delta == (0, 0):
                s.draw(surface, self.art, lang, lift=lift)
        if isinstance(held, int) and delta != (0, 0):
            rect = self.hand.sprites[self.hand.cards.index(held)].rect.move(delta)
            surface.blit(self.art.surface(held, rect.size, lang), rect)
