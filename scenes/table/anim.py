"""The event -> animation queue.

Each game event becomes one short :class:`Anim` (a card gliding, a stone
flying, a banner flash, a summary overlay that waits for a click).  The queue
plays them one after another at ``speed()`` (``app.settings.anim_speed``);
``skip()`` (Space / click) finishes everything at once, running every
``on_start`` and ``on_finish`` so the table ends in the same place.

**Animations off** (``enabled()`` is False: Settings, ``settings.animations``): the
queue plays nothing; whatever is pushed is finished by the next ``update`` exactly as
``skip()`` would (``flush``), and a table flushes right after it queues a batch, so
the state is shown at once and the game advances as it does with animations on.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pygame


class Anim:
    """``duration`` seconds at speed 1.  ``draw(surface, progress)`` paints it
    over the table; ``on_start`` / ``on_finish`` run exactly once each.
    ``waiting(surface)`` paints what it will move while it waits its turn in the
    queue (a played card held where it left the hand, not gone until it flies)."""

    def __init__(
        self,
        duration: float,
        *,
        draw: Callable[[pygame.Surface, float], None] | None = None,
        on_start: Callable[[], None] | None = None,
        on_finish: Callable[[], None] | None = None,
        name: str = "",
        waiting: Callable[[pygame.Surface], None] | None = None,
    ) -> None:
        self.duration = max(0.0, duration)
        self._draw = draw
        self.waiting = waiting
        self.on_start = on_start
        self.on_finish = on_finish
        self.name = name
        self.elapsed = 0.0
        self.started = False
        self.finished = False

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    def start(self) -> None:
        if not self.started:
            self.started = True
            if self.on_start is not None:
                self.on_start()

    def finish(self) -> None:
        self.start()
        if not self.finished:
            self.finished = True
            self.elapsed = self.duration
            if self.on_finish is not None:
                self.on_finish()

    def update(self, dt: float) -> float:
        """Advance; returns leftover time once finished."""
        self.start()
        self.elapsed += dt
        if self.elapsed >= self.duration:
            left = self.elapsed - self.duration
            self.finish()
            return left
        return 0.0

    def draw(self, surface: pygame.Surface) -> None:
        if self._draw is not None and self.started and not self.finished:
            self._draw(surface, self.progress)


class AnimQueue:
    def __init__(
        self,
        speed: Callable[[], float] = lambda: 1.0,
        enabled: Callable[[], bool] = lambda: True,
    ) -> None:
        self.speed = speed
        self.enabled = enabled
        self.items: deque[Anim] = deque()
        self.played: list[str] = []  # names of finished animations (tests, debugging)
        self.skipping = False  # True while skip() / advance_to() rush through callbacks
        self.flushes = 0  # batches finished at once with animations off (``flush``)

    @property
    def off(self) -> bool:
        """Animations are off (Settings): nothing plays, everything finishes at once."""
        return not self.enabled()

    def seconds(self, duration: float) -> float:
        """How long ``duration`` seconds at speed 1 last now (0 with animations off):
        a glide or a tumble outside the queue that keeps the queue's pace."""
        if self.off or self.skipping:
            return 0.0
        return duration / max(0.05, self.speed())

    def push(self, anim: Anim) -> Anim:
        self.items.append(anim)
        return anim

    def add(self, duration: float, **kw: object) -> Anim:
        return self.push(Anim(duration, **kw))  # type: ignore[arg-type]

    @property
    def busy(self) -> bool:
        return bool(self.items)

    @property
    def current(self) -> Anim | None:
        return self.items[0] if self.items else None

    def update(self, dt: float) -> None:
        if self.off:
            self.flush()
            return
        step = dt * max(0.05, self.speed())
        while self.items and step >= 0:
            anim = self.items[0]
            step = anim.update(step)
            if anim.finished:
                self.items.popleft()
                self.played.append(anim.name)
                if step <= 0:
                    # start the next one now so its on_start runs this frame
                    if self.items:
                        self.items[0].start()
                    break
            else:
                break

    def skip(self) -> int:
        """Finish every queued animation; returns how many were skipped."""
        count = 0
        self.skipping = True
        try:
            while self.items:
                anim = self.items.popleft()
                anim.finish()
                self.played.append(anim.name)
                count += 1
        finally:
            self.skipping = False
        return count

    def flush(self) -> int:
        """Animations off: finish what is queued as ``skip()`` does (every ``on_start``
        and ``on_finish``, in order); returns how many.  ``flushes`` counts the batches
        (a table plays one sound per batch, not none and not all at once)."""
        if not self.items:
            return 0
        self.flushes += 1
        return self.skip()

    def advance_to(self, name: str) -> bool:
        """Finish every animation before the first one called ``name`` and start
        that one (tests and screenshots freeze on a given moment)."""
        if not any(a.name == name for a in self.items):
            return False
        self.skipping = True
        try:
            while self.items and self.items[0].name != name:
                anim = self.items.popleft()
                anim.finish()
                self.played.append(anim.name)
        finally:
            self.skipping = False
        if self.items:
            self.items[0].start()
        return True

    def clear(self) -> None:
        self.items.clear()

    def draw(self, surface: pygame.Surface) -> None:
        """What the waiting animations hold in place, then the one playing over it."""
        if not self.items or self.off:
            return
        for anim in self.items:
            if anim.waiting is not None and not anim.started:
                anim.waiting(surface)
        self.items[0].draw(surface)
