"""Events -> animations by registry, not by one big ``if/elif``.

An :class:`EventAnimator` maps an event kind to a handler that returns one
:class:`~scenes.table.anim.Anim`; unknown kinds go to a fallback (a short
pause).  Every animation, whatever its handler, calls ``on_start(event)`` when
it begins: that is where a table writes the event to the log and plays its
sound, so the log tells what happened as the animation shows it.

**The shared vocabulary.**  The kit animates these kinds (``game.core.events.SHARED``)
with no game code, reading the named fields of ``event.data``.  A game declares each of
its own kinds once (``game/<id>/events.py``, ``match.rules.events``), with the shared
kind it is shown as, its field renames and fixed fields; the table's animator installs
those (:meth:`EventAnimator.declare`), and a table registers handlers only for the
kinds it animates itself (:meth:`EventAnimator.register`, which wins):

==================  ==========================================  ===========================
kind                fields                                      animation
==================  ==========================================  ===========================
``card_moved``      ``card``, ``from``, ``to`` (zones),         the card (a back if hidden)
                    ``seat`` (whose zones, optional),           flies from where it is (the
                    ``onto`` (an entity it lands on, optional)  hand card) to its place
``counter_changed`` ``entity`` or ``seat``, ``delta``           ``+N`` / ``-N`` pops there
``dice_rolled``     ``seat``, ``dice`` (face values; or         the seat's tray rolls them
                    ``value`` for one die)
``entity_created``  ``entity``                                  a ring grows round it
``entity_removed``  ``entity``; ``card``, ``seat``, ``to``       a red ring flashes; with
                    (optional: its picture, whose pile, the     ``card`` it breaks in two
                    zone it goes to, default ``discard``)       into its pile (``to:
                                                                "hand"``: it flies there)
``card_resolving``  ``card``; ``entity`` or ``seat`` (where it  spotlight: the card flies
                    comes from), ``to`` / ``onto`` (where it    in large from where it was
                    goes after, optional)                       played, holds, goes on
``damaged``         ``entity`` or ``seat``, ``amount``;         ``-N`` rises from the card
                    ``piercing``, ``element`` (optional)        hit, a flash (piercing:
                                                                violet with its icon)
``healed``          ``entity`` or ``seat``, ``amount``          green ``+N`` rises from it
``announced``       ``title`` (an i18n key, its ``{field}``     a title springs up in the
                    parts from the data), ``tone``;             middle; ``mark``: a ring
                    ``mark`` (``ring`` / ``shake``, optional),  pulses round (``ring``) or
                    ``seat`` (where the mark is)                the table shakes under
                                                                (``shake``) the seat
``cards_passed``    ``from``, ``to`` (each a seat number or a   up to four card backs fly
                    zone's name), ``count`` (optional, 1)       from one to the other
``direction_        ``direction`` (±1), ``title`` (an i18n key) a round arrow springs up in
changed``                                                       the middle, words below
``revealed``        (none)                                      a gold ring grows round the
                                                                middle (hidden picks shown)
``status_changed``  ``entity`` or ``seat``, ``tone``;           the status's name pops over
                    ``status``, ``amount`` (optional)           it; none: a ring pulses
==================  ==========================================  ===========================

An ``entity`` with a ``side`` is ``("entity", (side, entity))`` on the stage (the
Sử Hộ Vương PvE villains, ``"v"``, number their cards apart from the players').
``damaged`` with ``words`` (an i18n key, said with ``count`` = the amount) pops those
words over the middle of what was hit instead of the number; ``counter_changed``
reads ``from`` and ``to`` (values) when it has no ``delta``.  A ``tone`` is one of
``game.core.events.TONES`` (the theme's text, accent, good and bad colours).

The words are the table's: ``EventAnimator.say(key, data)`` (by default the app's
translation of ``key`` with the data's fields), ``EventAnimator.status_words(data)``
(by default the status as the data names it).  A declaration's ``seconds`` sets how
long the kit's animation lasts; on a kind not animated, the pause the kit holds.  A
table whose own model must keep step with a kind the kit shows (ManaSurge's ladder
emptied) follows it (:meth:`EventAnimator.follow`): its hook runs as the animation starts.

A card of the viewer's hand that one of these flies (``card_moved``,
``card_resolving``) starts where the hand shows it: the stage's optional
``card_rect(card)``, read when the event is queued (by the time it plays, the hand
has let it go).  It waits there, drawn, until its animation plays, and the
table's hand does not send it to a pile itself (``EventAnimator.carried``).

Where things are comes from the table through the :class:`Stage` protocol.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.contract import HIDDEN, Event
from game.core.events import SHARED, EventKind
from scenes import theme
from scenes.table import effects
from scenes.table.anim import Anim, AnimQueue

if TYPE_CHECKING:
    from scenes.table.dicetray import DiceTray

Handler = Callable[[Event], Anim]
Ref = tuple[str, Any]
"""What a rect is asked for: ``("zone", (name, seat))``, ``("entity", id)``,
``("seat", n)``, ``("center", None)``."""

VOCABULARY = SHARED  # the kinds the kit animates by itself (declared in game.core.events)
TONES: dict[str, effects.Color] = {
    "text": theme.TEXT,
    "accent": theme.ACCENT,
    "good": theme.GOOD,
    "bad": theme.BAD,
}
Say = Callable[[str, Mapping[str, Any]], str]


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


def _entity(data: Mapping[str, Any]) -> Ref:
    """The entity an event names: ``("entity", id)``, or ``("entity", (side, id))`` when
    it names a ``side`` (a game whose sides number their entities apart)."""
    side, entity = data.get("side"), data.get("entity")
    return ("entity", (side, entity) if side is not None else entity)


def _where(data: Mapping[str, Any]) -> Ref:
    if "entity" in data:
        return _entity(data)
    return ("seat", data.get("seat"))


def keep_clear(stage: object) -> effects.Avoid | None:
    """What floating texts must not cover: the stage's ``keep_clear()`` if it has one
    (panel text, cards; issue 11 item 23), else nothing (they float where they are)."""
    keep = getattr(stage, "keep_clear", None)
    return keep if callable(keep) else None


def _mapped(
    vocab: str,
    target: Handler,
    fixed: Mapping[str, Any],
    rename: Mapping[str, str],
    seconds: float | None = None,
) -> Handler:
    """A handler that shows an event as the ``vocab`` kind through ``target``: the
    event's data, plus ``fixed``, plus each ``rename`` (shared field <- own field);
    ``seconds``: the animation lasts that long."""
    constants = dict(fixed)
    renames = dict(rename)

    def handler(event: Event) -> Anim:
        data = {**event.data, **constants}
        for new, old in renames.items():
            if old in event.data:
                data[new] = event.data[old]
        anim = target(Event(vocab, data, event.secret, event.seen_by, event.reveal))
        if seconds is not None and anim.duration > 0:  # (nothing to show stays skipped)
            anim.duration = seconds
        return anim

    return handler


def _pause(seconds: float) -> Handler:
    """A declared pause: nothing drawn, the table's own model moves meanwhile."""

    def handler(event: Event) -> Anim:
        return Anim(seconds)

    return handler


class EventAnimator:
    """The ``kind -> handler`` registry (see the module doc)."""

    def __init__(
        self,
        stage: Stage,
        queue: AnimQueue,
        on_start: Callable[[Event], None] = lambda event: None,
        *,
        fallback_duration: float = 0.2,
        events: Mapping[str, EventKind] | None = None,
    ) -> None:
        self.stage = stage
        self.queue = queue
        self.on_start = on_start
        self.fallback_duration = fallback_duration
        self.handlers: dict[str, Handler] = {}
        #: cards of the viewer's hand a queued animation flies: the table's hand does
        #: not send them to a pile itself (``KitTable.sync_hand``) until it is over
        self.carried: set[int] = set()
        self._turned: tuple[pygame.Surface, pygame.Surface] | None = None  # _upright's last
        #: the kit's own handler of each shared kind (``declare`` maps a game's kinds onto them)
        self.shared: dict[str, Handler] = {kind: getattr(self, f"_{kind}") for kind in SHARED}
        self.declared: dict[str, Handler] = {}  # what ``declare`` installed, by kind
        #: the table's words for an i18n key and an event's data (its names of seats,
        #: cards); by default the app's translation with the data's fields
        self.say: Say = self._translate
        #: the table's own model following a kind as its animation starts (``follow``)
        self.followers: dict[str, Callable[[Event], None]] = {}
        #: the table's word for a status an event names (``status_changed``)
        self.status_words: Callable[[Mapping[str, Any]], str] = lambda d: str(d.get("status"))
        self.handlers.update(self.shared)
        if events is not None:
            self.declare(events)

    # -- registry -------------------------------------------------------------------------
    def register(self, kind: str, handler: Handler) -> None:
        """``handler(event)`` animates ``kind`` (replacing any earlier handler)."""
        self.handlers[kind] = handler

    def declare(self, events: Mapping[str, EventKind]) -> None:
        """Animate each declared kind that names a shared kind as that kind (the kit's
        own handler, with the declaration's renames and fixed fields).  Done when the
        animator is made, so a table's own :meth:`register` of a kind comes after and wins."""
        for kind in events.values():
            if kind.shared is not None:
                target = self.shared[kind.shared]
                handler = _mapped(kind.shared, target, kind.fixed, kind.rename, kind.seconds)
                self.handlers[kind.name] = self.declared[kind.name] = handler
            elif kind.seconds is not None and not kind.table:
                self.handlers[kind.name] = self.declared[kind.name] = _pause(kind.seconds)

    def alias(
        self, kind: str, vocab: str, *, fixed: Mapping[str, Any] | None = None, **rename: str
    ) -> None:
        """Animate ``kind`` as the ``vocab`` kind's current handler, renaming fields:
        ``alias("hit", "damaged", amount="damage")`` reads ``amount`` from ``damage``;
        ``fixed`` adds constant fields (``fixed={"from": "deck", "to": "hand"}``).  A
        game declares this in its vocabulary instead (``EventKind.shared``)."""
        self.handlers[kind] = _mapped(vocab, self.handlers[vocab], fixed or {}, rename)

    def follow(self, kind: str, hook: Callable[[Event], None]) -> None:
        """``hook(event)`` runs as each ``kind`` animation starts, after ``on_start``,
        whoever animates it: the table's model keeps step (a ladder emptied) while the
        kit draws (or holds a declared pause)."""
        self.followers[kind] = hook

    def fallback(self, event: Event) -> Anim:
        return Anim(self.fallback_duration)

    def handler_for(self, kind: str) -> Handler:
        return self.handlers.get(kind, self.fallback)

    def queue_event(self, event: Event) -> Anim:
        """Queue the animation of ``event``; ``on_start(event)`` runs as it begins."""
        anim = self.handler_for(event.kind)(event)
        own_start = anim.on_start
        follower = self.followers.get(event.kind)

        def start() -> None:
            self.on_start(event)
            if own_start is not None:
                own_start()
            if follower is not None:
                follower(event)

        anim.on_start = start
        anim.name = anim.name or event.kind
        return self.queue.push(anim)

    def queue_events(self, events: list[Event]) -> None:
        for event in events:
            self.queue_event(event)

    # -- the shared vocabulary --------------------------------------------------------------
    def _translate(self, key: str, data: Mapping[str, Any]) -> str:
        app = getattr(self.stage, "app", None)
        tr = getattr(app, "tr", None)
        return str(tr(key, **data)) if callable(tr) else key

    def _title(self, data: Mapping[str, Any]) -> str:
        """The words of ``title``: an i18n key (its ``{field}`` fields filled from the data)."""
        key = str(data.get("title", "")).format_map(defaultdict(str, data))
        return self.say(key, data)

    def _point(self, ref: Ref, high: bool = False) -> Callable[[], tuple[int, int]]:
        """The centre of ``ref`` (``high``: a quarter down its height: a number rises
        from the card's head, above what is written on it)."""

        def at() -> tuple[int, int]:
            r = self.stage.rect_of(ref) or self.stage.rect_of(("center", None))
            if r is None:
                return (0, 0)
            return (r.centerx, r.y + r.h // 4) if high else r.center

        return at

    def _rect(self, ref: Ref) -> Callable[[], pygame.Rect | None]:
        return lambda: self.stage.rect_of(ref)

    def _card_size(self) -> tuple[int, int]:
        px = self.stage.px
        return (px(56), px(80))

    def _in_zone(self, ref: Ref) -> Callable[[], pygame.Rect | None]:
        """A card-sized rect in the middle of ``ref`` (a zone, a seat), or ``ref``'s own
        rect when it is an entity (a card lands on the card)."""

        def at() -> pygame.Rect | None:
            r = self.stage.rect_of(ref)
            if r is None or ref[0] == "entity":
                return r
            card = pygame.Rect((0, 0), self._card_size())
            card.center = r.center
            return card

        return at

    def _origin(self, card: object) -> pygame.Rect | None:
        """Where ``card`` is in the viewer's hand (the stage's optional ``card_rect``),
        read now, while the event is queued."""
        find = getattr(self.stage, "card_rect", None)
        if not callable(find) or not isinstance(card, int) or card == HIDDEN:
            return None
        r = find(card)
        return pygame.Rect(r) if isinstance(r, pygame.Rect) else None

    def _carry(self, anim: Anim, card: object, origin: pygame.Rect | None) -> Anim:
        """A hand card this animation flies waits where it was until it plays, and the
        hand leaves it to the animation (``carried``) until it is over."""
        if origin is None or not isinstance(card, int):
            return anim
        self.carried.add(card)

        def wait(surface: pygame.Surface) -> None:
            surface.blit(self.stage.card_image(card, origin.size), origin)

        own_finish = anim.on_finish

        def done() -> None:
            self.carried.discard(card)
            if own_finish is not None:
                own_finish()

        anim.waiting, anim.on_finish = wait, done
        return anim

    def _card_moved(self, event: Event) -> Anim:
        d = event.data
        seat = d.get("seat")
        card = d.get("card", HIDDEN)
        card = card if isinstance(card, int) else HIDDEN
        origin = self._origin(card)
        size = origin.size if origin is not None else self._card_size()
        start = (
            (lambda: origin)
            if origin is not None
            else self._in_zone(("zone", (d.get("from"), seat)))
        )
        onto = d.get("onto")
        end = self._in_zone(("entity", onto) if onto is not None else ("zone", (d.get("to"), seat)))

        def image() -> pygame.Surface:
            return self.stage.card_image(card, size)

        draw = effects.card_flight(image, start, end, px=self.stage.px)
        return self._carry(Anim(0.45, draw=draw), card, origin)

    def _counter_changed(self, event: Event) -> Anim:
        d = event.data
        moved = int(d.get("to", 0)) - int(d.get("from", 0))
        delta = int(d["delta"]) if "delta" in d else moved
        color = effects.HEAL if delta >= 0 else effects.HURT
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
                tray.roll(dice, duration=self.queue.seconds(0.9))

        return Anim(0.9, on_start=roll)

    def _entity_created(self, event: Event) -> Anim:
        where = self._rect(_entity(event.data))
        return Anim(0.45, draw=effects.flash(where, (232, 186, 84), px=self.stage.px, grow=14))

    def _entity_removed(self, event: Event) -> Anim:
        d = event.data
        ref: Ref = ("entity", d.get("entity"))
        card, seat, to = d.get("card"), d.get("seat"), d.get("to", "discard")
        if not isinstance(card, int) or isinstance(card, bool):
            return Anim(0.45, draw=effects.flash(self._rect(ref), effects.HURT))
        px = self.stage.px
        pile = self._in_zone(("zone", (to, seat))) if isinstance(seat, int) else None
        queued = self.stage.rect_of(ref)  # where it stands now, before the table lets it go
        held = pygame.Rect(queued) if queued is not None else None

        def where() -> pygame.Rect | None:
            return self.stage.rect_of(ref) or held

        def image(size: tuple[int, int]) -> pygame.Surface:
            return self._upright(card, size)

        if to == "hand" and pile is not None:  # back to the hand: whole, not broken
            start = held or where()
            size = start.size if start is not None else self._card_size()
            draw = effects.card_flight(lambda: image(size), lambda: start, pile, px=px)
            anim = Anim(0.5, draw=draw)
        else:
            anim = Anim(0.8, draw=effects.shatter(image, where, to=pile, px=px))
        if held is not None:  # still on the table until it breaks (events before it play)

            def wait(surface: pygame.Surface) -> None:
                surface.blit(image(held.size), held)

            anim.waiting = wait
        return anim

    def _upright(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        """The card's face filling ``size``; a wide ``size`` (a card turned sideways,
        Tired) is the upright face turned a quarter (the last one kept)."""
        w, h = size
        if w <= h:
            return self.stage.card_image(card, size)
        face = self.stage.card_image(card, (h, w))
        if self._turned is None or self._turned[0] is not face:
            self._turned = (face, pygame.transform.rotate(face, 90))
        return self._turned[1]

    def _card_resolving(self, event: Event) -> Anim:
        d = event.data
        card = d.get("card", HIDDEN)
        px = self.stage.px
        origin = self._origin(card)
        seat = d.get("seat")
        start: Callable[[], pygame.Rect | None] | None = None
        if origin is not None:
            start = lambda: origin  # noqa: E731
        elif d.get("entity") is not None:
            start = self._rect(("entity", d["entity"]))
        elif isinstance(seat, int):
            start = self._in_zone(("seat", seat))
        land: Callable[[], pygame.Rect | None] | None = None
        if d.get("onto") is not None:
            land = self._in_zone(("entity", d["onto"]))
        elif d.get("to") is not None:
            land = self._in_zone(("zone", (d["to"], seat)))

        def image() -> pygame.Surface | None:
            if not isinstance(card, int):
                return None
            return self.stage.card_image(card, (px(210), px(300)))

        center = self._rect(("center", None))
        draw = effects.spotlight(image, center, start=start, land=land)
        return self._carry(Anim(1.1 if start or land else 1.0, draw=draw), card, origin)

    def _damaged(self, event: Event) -> Anim:
        d = event.data
        where = _where(d)
        element = d.get("element")
        amount = int(d.get("amount", 0))
        if "words" in d:  # words instead of the number (a hit's penalty cards)
            words = self.say(str(d["words"]), {**d, "count": amount})
            said = effects.pop(words, self._spot(where), effects.HURT, px=self.stage.px,
                               size=22, avoid=keep_clear(self.stage))  # fmt: skip
            return Anim(0.8, draw=effects.all_of([effects.flash(self._rect(where), effects.HURT),
                                                  said]))  # fmt: skip
        draws = [
            effects.flash(self._rect(where), effects.HURT),
            effects.number(
                int(d.get("amount", 0)),
                self._point(where, high=True),
                px=self.stage.px,
                piercing=bool(d.get("piercing")),
                element=element if isinstance(element, str) else None,
            ),
        ]
        return Anim(0.8, draw=effects.all_of(draws))

    def _healed(self, event: Event) -> Anim:
        where = self._point(_where(event.data), high=True)
        amount = int(event.data.get("amount", 0))
        if amount <= 0:  # nothing healed: no "+0"
            return Anim(0.0)
        return Anim(0.7, draw=effects.number(amount, where, px=self.stage.px, heal=True))

    def _tone(self, data: Mapping[str, Any]) -> effects.Color:
        return TONES.get(str(data.get("tone", "text")), theme.TEXT)

    def _announced(self, event: Event) -> Anim:
        d = event.data
        color, px, seat = self._tone(d), self.stage.px, d.get("seat")
        spot = self._rect(("seat", seat) if isinstance(seat, int) else ("center", None))
        draws = []
        if d.get("mark") == "ring":
            draws.append(effects.flash(spot, color, px=px))
        elif d.get("mark") == "shake":
            draws.append(effects.shake(spot, color, px=px))
        middle = self._rect(("center", None))
        draws.append(
            effects.big_text(self._title(d), middle, color, px=px, avoid=keep_clear(self.stage))
        )
        return Anim(0.7, draw=draws[0] if len(draws) == 1 else effects.all_of(draws))

    def _cards_passed(self, event: Event) -> Anim:
        d = event.data

        def ref(v: Any) -> Ref:
            return ("seat", v) if isinstance(v, int) else ("zone", (v, None))

        def back() -> pygame.Surface:
            h = self.stage.px(64)
            return self.stage.card_image(HIDDEN, (round(h * 0.7), h))

        a, b = self._spot(ref(d.get("from"))), self._spot(ref(d.get("to")))
        count = int(d.get("count", 1))
        return Anim(0.4, draw=effects.fly_image(a, b, count, back, px=self.stage.px))

    def _spot(self, ref: Ref) -> Callable[[], tuple[int, int]]:
        """The centre of ``ref`` ((0, 0) when it is not shown)."""

        def at() -> tuple[int, int]:
            r = self.stage.rect_of(ref)
            return r.center if r is not None else (0, 0)

        return at

    def _direction_changed(self, event: Event) -> Anim:
        d = event.data
        draw = effects.direction_changed(
            self._rect(("center", None)),
            d.get("direction", 1),
            self._title(d),
            px=self.stage.px,
            avoid=keep_clear(self.stage),
        )
        return Anim(0.6, draw=draw)

    def _revealed(self, event: Event) -> Anim:
        where = self._rect(("center", None))
        return Anim(0.5, draw=effects.flash(where, theme.ACCENT, px=self.stage.px, grow=10))

    def _status_changed(self, event: Event) -> Anim:
        d = event.data
        where, color = _where(d), self._tone(d)
        if d.get("status") is None:  # no status named: a ring round it
            return Anim(0.5, draw=effects.flash(self._rect(where), color, px=self.stage.px))
        words = self.status_words(d)
        pop = effects.pop(words, self._spot(where), color, px=self.stage.px, size=18,
                          avoid=keep_clear(self.stage))  # fmt: skip
        return Anim(0.5, draw=pop)
