"""Surfaces kept for reuse, bounded by the bytes they hold.

Drawing caches its pictures: rendered text, card faces, translucent panels, the
felt under a menu.  Their sizes follow the window's, so a cache bounded by a count
of entries held anything from a few KB (1024x600) to hundreds of MB (a player
dragging a 4K window's corner: every size a new entry, each a full-window
surface).  Every such cache is a :class:`SurfaceCache` with a budget in bytes: the
least recently used entries go first, and the newest entry always stays, however
large (the one picture the current frame needs).  A new window size empties them
all (:func:`clear_all`, from ``App.relayout``): their pictures are drawn for the old
size, so a budget need only hold one size's frames.  :func:`held`, :func:`made` and
:func:`report` sum what the live caches hold, for the memory bench and the tests.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Any, Generic, ParamSpec, TypeVar

import pygame

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
P = ParamSpec("P")

MB = 1024 * 1024


def nbytes(value: Any) -> int:
    """Bytes of pixel memory a surface holds (a tuple's: those of its surfaces)."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height()
    if isinstance(value, tuple):
        return sum(nbytes(v) for v in value)
    return 0


_live: weakref.WeakSet[SurfaceCache[Any, Any]] = weakref.WeakSet()


class SurfaceCache(Generic[K, V]):
    """Values (surfaces, or tuples holding them) by key, least recently used out
    first once they hold more than ``budget`` bytes or ``max_items`` entries."""

    def __init__(self, name: str, budget: int, *, max_items: int | None = None) -> None:
        self.name = name
        self.budget = budget
        self.max_items = max_items
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self.held = 0  # bytes held now
        self.made = 0  # entries put since the start (a frame that makes none reuses all)
        _live.add(self)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[K]:
        """The keys, least recently used first."""
        return iter(list(self._items))

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        item = self._items.get(key)
        if item is None:
            return None
        self._items.move_to_end(key)
        return item[0]

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key``; older entries go while over the budget."""
        old = self._items.pop(key, None)
        if old is not None:
            self.held -= old[1]
        self.made += 1
        size = nbytes(value)
        self._items[key] = (value, size)
        self.held += size
        while len(self._items) > 1 and (
            self.held > self.budget
            or (self.max_items is not None and len(self._items) > self.max_items)
        ):
            _, (_, gone) = self._items.popitem(last=False)
            self.held -= gone
        return value

    def fetch(self, key: K, make: Callable[[], V]) -> V:
        """The value for ``key``, made by ``make()`` and kept if there is none."""
        value = self.get(key)
        return value if value is not None else self.put(key, make())

    def clear(self) -> None:
        self._items.clear()
        self.held = 0


class CachedSurface(Generic[P, V]):
    """A pure drawing function whose results a :class:`SurfaceCache` keeps, keyed
    by its arguments (the byte-bounded stand-in for ``functools.lru_cache``)."""

    def __init__(self, func: Callable[P, V], cache: SurfaceCache[Hashable, V]) -> None:
        self.func = func
        self.cache = cache
        self.__doc__ = func.__doc__
        self.__name__ = func.__name__
        self.__wrapped__ = func

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> V:
        key: Hashable = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        value = self.cache.get(key)
        if value is None:
            value = self.cache.put(key, self.func(*args, **kwargs))
        return value

    def cache_clear(self) -> None:
        self.cache.clear()


def cached(
    budget: int, *, max_items: int | None = None
) -> Callable[[Callable[P, V]], CachedSurface[P, V]]:
    """Decorate a pure function returning a surface: results kept within ``budget``
    bytes (and ``max_items`` entries), least recently used out first."""

    def wrap(func: Callable[P, V]) -> CachedSurface[P, V]:
        name = f"{func.__module__}.{func.__qualname__}"
        return CachedSurface(func, SurfaceCache(name, budget, max_items=max_items))

    return wrap


def clear_all() -> None:
    """Empty every live cache (the window changed size: they hold pictures drawn for
    the old one)."""
    for cache in list(_live):
        cache.clear()


def held() -> int:
    """Bytes held by every live surface cache."""
    return sum(c.held for c in list(_live))


def made() -> int:
    """Entries every live surface cache has made since it started."""
    return sum(c.made for c in list(_live))


def report() -> list[tuple[str, int, int]]:
    """(name, entries, bytes) of every live cache, the largest first."""
    rows = [(c.name, len(c), c.held) for c in list(_live)]
    return sorted(rows, key=lambda row: -row[2])
