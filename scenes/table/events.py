"""Events -> animations by registry, not by one big ``if/elif``.

An :class:`EventAnimator` maps an event kind to a handler that returns one
:class:`~scenes.table.anim.Anim`; unknown kinds go to a fallback (a short
pause).  Every animation, whatever its handler, calls ``on_start(event)`` when
it begins: that is where a table writes the event to the log and plays its
sound, so the log tells what happened as the animation shows it.

**The shared vocabulary.**  The kit animates these kinds with no game code,
reading the named fields of ``event.data`` (a game emits them, or maps its own
kind onto one with :meth:`EventAnimator.alias`):

==================  ==========================================  =========================
kind                fields                                      animation
==================  ==========================================  =========================
``card_moved``      ``card``, ``from``, ``to`` (zones),         the card (a back if hidden)
                    ``seat`` (whose zones, optional)            flies zone -> zone
``counter_changed`` ``entity`` or ``seat``, ``delta``           ``+N`` / ``-N`` pops there
``dice_rolled``     ``seat``, ``dice`` (face values; or         the seat's tray rolls them
                    ``value`` for one die)
``entity_created``  ``entity``                                  a ring grows round it
``entity_removed``  ``entity``                                  a red ring flashes
``card_resolving``  ``card``                                    spotlight: the card large
``damaged``         ``entity`` or ``seat``, ``amount``          red ``-N`` and a flash
``healed``          ``entity`` or ``seat``, ``amount``          green ``+N``
==================  ==========================================  =========================

Where things are comes from the table through the :class:`Stage` protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.contract import HIDDEN, Event
from scenes.table import effects
from scenes.table.anim import Anim, AnimQueue

if TYPE_CHECKING:
    from scenes.table.dicetray import DiceTray

Handler = Callable[[Event], Anim]
Ref = tuple[str, Any]
"""What a rect is asked for: ``("zone", (name, seat))``, ``("entity", id)``,
``("seat", n)``, ``("center", None)``."""

VOCABULARY = (
    "card_moved",
    "counter_changed",
    "dice_rolled",
    "entity_created",
    "entity_removed",
    "card_resolving",
    "damaged",
    "healed",
)


class Stage(Protocol):
    """What the kit's handlers need from a table."""

    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        """Where ``ref`` is on screen now (None if it is not shown)."""
        ...

    def card_image(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        """A card face (a back for ``HIDDEN``) at ``size``."""
        ...

    def dice_tray(self, seat: int) -> DiceTray | None:
        """The tray that shows ``seat``'s dice, if the game has dice."""
        ...

    def px(self, n: float) -> int:
        """Design pixels -> window pixels."""
        ...


def _where(data: Mapping[str, Any]) -> Ref:
    if "entity" in data:
        return ("entity", data["entity"])
    return ("seat", data.get("seat"))


class EventAnimator:
    """The ``kind -> handler`` registry (see the module doc)."""

    def __init__(
        self,
        stage: Stage,
        queue: AnimQueue,
        on_start: Callable[[Event], None] = lambda event: None,
        *,
        fallback_duration: float = 0.2,
    ) -> None:
        self.stage = stage
        self.queue = queue
        self.on_start = on_start
        self.fallback_duration = fallback_duration
        self.handlers: dict[str, Handler] = {}
        for kind in VOCABULARY:
            self.handlers[kind] = getattr(self, f"_{kind}")

    # -- registry -------------------------------------------------------------------------
    def register(self, kind: str, handler: Handler) -> None:
        """``handler(event)`` animates ``kind`` (replacing any earlier handler)."""
        self.handlers[kind] = handler

    def alias(
        self, kind: str, vocab: str, *, fixed: Mapping[str, Any] | None = None, **rename: str
    ) -> None:
        """Animate a game's ``kind`` as the kit's ``vocab`` kind, renaming fields:
        ``alias("hit", "damaged", amount="damage")`` reads ``amount`` from ``damage``;
        ``fixed`` adds constant fields (``fixed={"from": "deck", "to": "hand"}``)."""
        target = self.handlers[vocab]
        constants = dict(fixed or {})

        def handler(event: Event) -> Anim:
            data = {**event.data, **constants}
            for new, old in rename.items():
                if old in event.data:
                    data[new] = event.data[old]
            return target(Event(vocab, data, event.secret, event.seen_by, event.reveal))

        self.handlers[kind] = handler

    def fallback(self, event: Event) -> Anim:
        return Anim(self.fallback_duration)

    def handler_for(self, kind: str) -> Handler:
        return self.handlers.get(kind, self.fallback)

    def queue_event(self, event: Event) -> Anim:
        """Queue the animation of ``event``; ``on_start(event)`` runs as it begins."""
        anim = self.handler_for(event.kind)(event)
        own_start = anim.on_start

        def start() -> None:
            self.on_start(event)
            if own_start is not None:
                own_start()

        anim.on_start = start
        anim.name = anim.name or event.kind
        return self.queue.push(anim)

    def queue_events(self, events: list[Event]) -> None:
        for event in events:
            self.queue_event(event)

    # -- the shared vocabulary --------------------------------------------------------------
    def _point(self, ref: Ref) -> Callable[[], tuple[int, int]]:
        def at() -> tuple[int, int]:
            r = self.stage.rect_of(ref) or self.stage.rect_of(("center", None))
            return r.center if r is not None else (0, 0)

        return at

    def _rect(self, ref: Ref) -> Callable[[], pygame.Rect | None]:
        return lambda: self.stage.rect_of(ref)

    def _card_moved(self, event: Event) -> Anim:
        d = event.data
        seat = d.get("seat")
        card = d.get("card", HIDDEN)
        card = card if isinstance(card, int) else HIDDEN
        px = self.stage.px
        size = (px(56), px(80))

        def paint(surface: pygame.Surface, at: tuple[int, int]) -> None:
            img = self.stage.card_image(card, size)
            surface.blit(img, img.get_rect(center=at))

        start = self._point(("zone", (d.get("from"), seat)))
        end = self._point(("zone", (d.get("to"), seat)))
        return Anim(0.4, draw=effects.fly(start, end, 1, paint, px=px))

    def _counter_changed(self, event: Event) -> Anim:
        delta = int(event.data.get("delta", 0))
        color = (108, 196, 120) if delta >= 0 else (226, 92, 84)
        message = f"+{delta}" if delta >= 0 else str(delta)
        where = self._point(_where(event.data))
        return Anim(0.5, draw=effects.pop(message, where, color, px=self.stage.px, size=22))

    def _dice_rolled(self, event: Event) -> Anim:
        seat = event.data.get("seat")
        one = event.data.get("value")  # a single die may give ``value`` instead of ``dice``
        dice = [int(v) for v in event.data.get("dice", [] if one is None else [one])]

        def roll() -> None:
            tray = self.stage.dice_tray(seat) if isinstance(seat, int) else None
            if tray is not None:
                # the tumble lasts as long as its animation, at the table's speed
                speed = max(0.05, self.queue.speed())
                tray.roll(dice, duration=0 if self.queue.skipping else 0.9 / speed)

        return Anim(0.9, on_start=roll)

    def _entity_created(self, event: Event) -> Anim:
        where = self._rect(("entity", event.data.get("entity")))
        return Anim(0.45, draw=effects.flash(where, (232, 186, 84), px=self.stage.px, grow=14))

    def _entity_removed(self, event: Event) -> Anim:
        where = self._rect(("entity", event.data.get("entity")))
        return Anim(0.45, draw=effects.flash(where, (226, 92, 84)))

    def _card_resolving(self, event: Event) -> Anim:
        card = event.data.get("card", HIDDEN)
        px = self.stage.px

        def image() -> pygame.Surface | None:
            if not isinstance(card, int):
                return None
            return self.stage.card_image(card, (px(210), px(300)))

        return Anim(1.0, draw=effects.spotlight(image, self._rect(("center", None))))

    def _damaged(self, event: Event) -> Anim:
        where = _where(event.data)
        amount = int(event.data.get("amount", 0))
        draws = [
            effects.flash(self._rect(where), (226, 92, 84)),
            effects.number(amount, self._point(where), px=self.stage.px),
        ]
        return Anim(0.7, draw=effects.all_of(draws))

    def _healed(self, event: Event) -> Anim:
        where = self._point(_where(event.data))
        amount = int(event.data.get("amount", 0))
        return Anim(0.6, draw=effects.number(amount, where, px=self.stage.px, heal=True))
