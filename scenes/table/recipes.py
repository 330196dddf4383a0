"""Event animations as data: ``kind -> Recipe(duration, moves, hooks)``.

Most of a game's event animations are the same few moves with their own
timing: a ring flashes on a seat, a word pops over it, a title springs up in
the middle, card backs fly from the draw pile to a seat, the board shakes.  A
:class:`Recipe` says which moves an event makes and for how long; the moves
find their places through the table's :class:`~scenes.table.events.Stage`
(``("seat", n)``, ``("zone", (name, seat))``, ``("center", None)``), so a
recipe table has no drawing code::

    SEAT = at_seat()
    recipes = {
        "hit": Recipe(0.8, [flash(SEAT, BAD), pop(SEAT, damage_words, BAD, size=22)]),
        "penalty_drawn": Recipe(0.4, [fly_backs(at_zone("draw"), SEAT, "count")]),
        "round_started": Recipe(0.7, [big_text(round_title, TEXT)]),
    }
    register_recipes(animator, recipes)

Hooks keep the game's bookkeeping next to its timing: ``note(event)`` runs when
the event is queued (gather a round's results over a batch), ``start`` and
``finish`` when its animation begins and ends (move a card into a zone the
table shows).  An event a recipe cannot say (a path that depends on the table's
own model) keeps a plain handler (:meth:`EventAnimator.register`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game.core.contract import HIDDEN, Event
from scenes.table import effects
from scenes.table.anim import Anim
from scenes.table.effects import Color, Draw
from scenes.table.events import EventAnimator, Ref, Stage, keep_clear

Spot = Callable[[Event], Ref]
"""Where a move happens, read off the event: a :class:`Stage` ref."""
Words = Callable[[Event], str]
"""The (translated) text a move shows, read off the event."""
Move = Callable[[Stage, Event], Draw]
"""One drawing of an animation, built when the event is queued."""
Hook = Callable[[Event], None]


@dataclass(frozen=True)
class Recipe:
    """``duration`` seconds (at speed 1) of ``moves`` drawn together."""

    duration: float
    moves: Sequence[Move] = ()
    note: Hook | None = None  # when queued
    start: Hook | None = None  # when its animation begins
    finish: Hook | None = None  # when it ends

    def anim(self, stage: Stage, event: Event) -> Anim:
        if self.note is not None:
            self.note(event)
        draws = [move(stage, event) for move in self.moves]
        draw = draws[0] if len(draws) == 1 else effects.all_of(draws) if draws else None
        return Anim(
            self.duration,
            draw=draw,
            on_start=_bind(self.start, event),
            on_finish=_bind(self.finish, event),
            name=event.kind,
        )


def _bind(hook: Hook | None, event: Event) -> Callable[[], None] | None:
    return None if hook is None else lambda: hook(event)


def register_recipes(animator: EventAnimator, recipes: Mapping[str, Recipe]) -> None:
    """Animate each kind by its recipe (replacing any earlier handler)."""
    for kind, recipe in recipes.items():
        animator.register(kind, partial(_play, recipe, animator.stage))


def _play(recipe: Recipe, stage: Stage, event: Event) -> Anim:
    return recipe.anim(stage, event)


# -- spots ---------------------------------------------------------------------------------
def at_seat(field: str = "seat") -> Spot:
    """The seat named by ``event.data[field]``."""
    return lambda event: ("seat", event.data.get(field))


def at_zone(name: str, seat_field: str | None = None) -> Spot:
    """The zone ``name`` (of the seat in ``event.data[seat_field]``, if given)."""
    return lambda event: ("zone", (name, event.data.get(seat_field) if seat_field else None))


def at_center(event: Event) -> Ref:
    """The middle of the table (the board, the ladder, the battlefield)."""
    return ("center", None)


def _rect(stage: Stage, ref: Ref) -> Callable[[], pygame.Rect | None]:
    return lambda: stage.rect_of(ref)


def _point(stage: Stage, ref: Ref, high: bool = False) -> Callable[[], tuple[int, int]]:
    def at() -> tuple[int, int]:
        r = stage.rect_of(ref)
        if r is None:
            return (0, 0)
        return (r.centerx, r.y + r.h // 3) if high else r.center

    return at


def _avoid(stage: Stage) -> effects.Avoid | None:
    """What floating texts must not cover (:func:`scenes.table.events.keep_clear`)."""
    return keep_clear(stage)


def _count(event: Event, count: int | str) -> int:
    return count if isinstance(count, int) else int(event.data.get(count, 1))


# -- moves ---------------------------------------------------------------------------------
def flash(spot: Spot, color: Color, *, grow: float = 0) -> Move:
    """A ring pulses over the spot (:func:`effects.flash`)."""
    return lambda stage, event: effects.flash(
        _rect(stage, spot(event)), color, px=stage.px, grow=grow
    )


def pop(spot: Spot, words: Words, color: Color, *, size: int = 26, high: bool = False) -> Move:
    """Words rise and fade over the spot (``high``: over its upper third, above cards),
    moved clear of what the stage keeps clear."""
    return lambda stage, event: effects.pop(
        words(event),
        _point(stage, spot(event), high),
        color,
        px=stage.px,
        size=size,
        avoid=_avoid(stage),
    )


def big_text(words: Words, color: Color, spot: Spot = at_center) -> Move:
    """A title springs up in the middle of the spot."""
    return lambda stage, event: effects.big_text(
        words(event), _rect(stage, spot(event)), color, px=stage.px, avoid=_avoid(stage)
    )


def shake(color: Color, spot: Spot = at_center) -> Move:
    """Wavy lines along the bottom of the spot (a quake, a heavy blow)."""
    return lambda stage, event: effects.shake(_rect(stage, spot(event)), color, px=stage.px)


def turn_arrow(words: Words, field: str = "direction", spot: Spot = at_center) -> Move:
    """The way of play reversed: a round arrow for ``event.data[field]`` (±1)."""
    return lambda stage, event: effects.direction_changed(
        _rect(stage, spot(event)),
        event.data.get(field, 1),
        words(event),
        px=stage.px,
        avoid=_avoid(stage),
    )


def fly_backs(start: Spot, end: Spot, count: int | str = 1, *, height: int = 64) -> Move:
    """Card backs (``count``, or the count in that event field) fly between spots."""

    def move(stage: Stage, event: Event) -> Draw:
        def back() -> pygame.Surface:
            h = stage.px(height)
            return stage.card_image(HIDDEN, (round(h * 0.7), h))

        a, b = _point(stage, start(event)), _point(stage, end(event))
        return effects.fly_image(a, b, _count(event, count), back, px=stage.px)

    return move
