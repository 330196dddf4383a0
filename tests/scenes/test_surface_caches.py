"""Surface caches bounded by bytes (``scenes.surfaces``): a window dragged through
many sizes no longer fills caches bounded by a count with full-window surfaces
(docs/RELIABILITY.md, "Memory"), and the budgets still hold a whole 4K frame."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pygame
import pytest

import game
from game import new_match
from game.core.match import Match
from scenes import surfaces
from scenes.table import open_table
from scenes.title import TitleScene
from tests.scenes.table_driver import key, step

ROOT = Path(__file__).resolve().parents[2]


def _surf(w: int, h: int = 1) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)  # 4 bytes a pixel


def test_least_recently_used_goes_first_past_the_budget() -> None:
    cache: surfaces.SurfaceCache[str, pygame.Surface] = surfaces.SurfaceCache("t", 1000)
    a, b = cache.put("a", _surf(100)), cache.put("b", _surf(100))  # 400 bytes each
    assert cache.held == 800 and len(cache) == 2
    assert cache.get("a") is a  # a is now the most recently used
    cache.put("c", _surf(100))  # 1200 > 1000: b, the least recently used, goes
    assert "b" not in cache and cache.get("a") is a and "c" in cache
    assert cache.held == 800
    assert b is not None


def test_the_newest_entry_stays_however_large() -> None:
    cache: surfaces.SurfaceCache[str, pygame.Surface] = surfaces.SurfaceCache("t", 1000)
    cache.put("small", _surf(10))
    big = cache.put("big", _surf(1000))  # 4,000 bytes: over the budget alone
    assert cache.get("big") is big and "small" not in cache
    assert len(cache) == 1 and cache.held == 4000
    cache.put("next", _surf(10))  # the big one goes now
    assert "big" not in cache and cache.held == 40


def test_replacing_a_key_and_the_count_bound() -> None:
    cache: surfaces.SurfaceCache[int, pygame.Surface] = surfaces.SurfaceCache(
        "t", 10**9, max_items=3
    )
    for i in range(5):
        cache.put(i, _surf(10))
    assert list(cache._items) == [2, 3, 4] and cache.held == 120
    cache.put(3, _surf(20))  # replaced: counted once, at its new size
    assert cache.held == 40 + 80 + 40 and len(cache) == 3
    assert cache.made == 6
    cache.clear()
    assert cache.held == 0 and len(cache) == 0


def test_fetch_makes_once() -> None:
    cache: surfaces.SurfaceCache[str, pygame.Surface] = surfaces.SurfaceCache("t", 1000)
    made: list[int] = []

    def make() -> pygame.Surface:
        made.append(1)
        return _surf(10)

    first = cache.fetch("k", make)
    assert cache.fetch("k", make) is first and len(made) == 1


def test_tuples_count_their_surfaces() -> None:
    assert surfaces.nbytes((_surf(10), pygame.Rect(0, 0, 5, 5))) == 40
    assert surfaces.nbytes((_surf(10), _surf(5, 2))) == 80
    assert surfaces.nbytes(None) == 0


def test_the_decorator_keys_by_arguments_and_clears() -> None:
    calls: list[tuple[int, int]] = []

    @surfaces.cached(10**6)
    def paint(w: int, h: int, *, alpha: int = 255) -> pygame.Surface:
        calls.append((w, h))
        return _surf(w, h)

    one = paint(4, 4)
    assert paint(4, 4) is one and paint(4, 4, alpha=9) is not one
    assert calls == [(4, 4), (4, 4)]
    assert paint.cache.name.endswith("paint") and len(paint.cache) == 2
    paint.cache_clear()
    assert paint(4, 4) is not one and len(calls) == 3


def test_element_icons_at_many_sizes_stay_in_their_budget() -> None:
    # they were kept by functools.cache: every size of every icon for ever
    from scenes.table import elements

    cache = elements.element_icon.cache
    cache.clear()
    for size in range(20, 320, 4):  # 75 sizes, 1.6 KB to 400 KB
        elements.element_icon("pyro", size)
    assert cache.held <= cache.budget
    assert (("pyro", 316) in cache) and (("pyro", 20) not in cache)
    assert len(cache) < 10  # the largest few: 2 MB holds five of 400 KB


def _decorated_by(node: ast.FunctionDef, names: set[str]) -> bool:
    for deco in node.decorator_list:
        target = deco.func if isinstance(deco, ast.Call) else deco
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name in names:
            return True
    return False


def test_no_surface_is_cached_by_count_alone() -> None:
    """Every cache of surfaces in ``scenes/`` is a SurfaceCache: no ``lru_cache`` or
    ``cache`` function returns a surface, no module-level dict holds surfaces."""
    offenders = []
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.returns is not None:
                returns = ast.unparse(node.returns)
                if "Surface" in returns and _decorated_by(node, {"lru_cache", "cache"}):
                    offenders.append(f"{path.name}:{node.lineno} {node.name}")
        for node in tree.body:
            kind = ast.unparse(node.annotation) if isinstance(node, ast.AnnAssign) else ""
            if "Surface" in kind and kind.startswith(("dict", "OrderedDict")):
                offenders.append(f"{path.name}:{node.lineno} {ast.unparse(node.target)}")  # type: ignore[union-attr]
    assert offenders == []


def _table_match(game_id: str, mode_id: str, players: int) -> Match:
    info = game.info(game_id)
    config = info.default_config(mode_id, players)
    for seat in config["seats"]:
        seat["control"] = "human"  # a still table: nothing moves by itself
    return new_match(game_id, config, 11)


def _open_revealed(app: Any, match: Match) -> Any:
    """The table open and shown to the first seat (past the hot-seat hand-off)."""
    from scenes.handoff import HandoffScene

    table = open_table(app, match)
    app.stack.clear_to(TitleScene(app))
    app.stack.push(table)
    for _ in range(60):
        step(app, frames=2)
        if isinstance(app.stack.top, HandoffScene):
            step(app, [key(pygame.K_RETURN)], frames=2)
        if app.stack.top is table and table.revealed_to is not None:
            return table
    raise AssertionError(f"the table was not revealed: {type(app.stack.top).__name__}")


TABLES = [("manasurge", "", 4), ("shv", "pvp", 6), ("shv", "pve", 6), ("invokation", "", 2)]


@pytest.mark.parametrize("size", [(3840, 2160), (1024, 600)])
@pytest.mark.parametrize(("game_id", "mode_id", "players"), TABLES)
def test_a_still_table_frame_makes_no_new_surface(
    make_app: Any, size: tuple[int, int], game_id: str, mode_id: str, players: int
) -> None:
    """The budgets hold a whole frame, even at 4K: a frame like the last makes
    nothing anew (too small a budget would repaint every frame)."""
    app = make_app(size=size)
    info = game.info(game_id)
    mode = mode_id or info.modes[0].id
    table = _open_revealed(app, _table_match(game_id, mode, players))
    step(app, frames=120)  # deal, glide and settle
    assert app.stack.top is table
    table.warm(None)  # the card pictures drawn ahead (a few a frame) are all done
    step(app, frames=2)
    before = surfaces.made()
    step(app, frames=3)
    assert surfaces.made() == before, surfaces.report()


@pytest.mark.parametrize("size", [(3840, 2160), (1024, 600)])
def test_a_still_title_frame_makes_no_new_surface(make_app: Any, size: tuple[int, int]) -> None:
    app = make_app(size=size)
    app.stack.clear_to(TitleScene(app))
    step(app, frames=3)
    before = surfaces.made()
    step(app, frames=3)
    assert surfaces.made() == before, surfaces.report()


def test_dragging_the_window_keeps_only_the_last_size(make_app: Any) -> None:
    """A window dragged through 30 sizes up to 2560x1440 over a table: each new size
    empties the caches (``App.relayout``), so they end holding just what the last
    size's frames drew: byte for byte what one resize from another size leaves."""
    app = make_app(size=(1280, 720))
    _open_revealed(app, _table_match("shv", "pvp", 4))
    w, h = 1024, 600
    for _ in range(30):
        w, h = w + 51, h + 28
        step(app, [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))], frames=2)
    after_drag = surfaces.held()
    for size in ((1100, 650), (w, h)):  # away and back: one size's pictures, drawn afresh
        step(app, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)], 2)
    assert after_drag == surfaces.held() > 0


def test_the_same_size_again_keeps_the_caches(make_app: Any) -> None:
    app = make_app(size=(1280, 720))
    table = _open_revealed(app, _table_match("manasurge", game.info("manasurge").modes[0].id, 2))
    table.warm(None)  # the pictures drawn ahead, done
    step(app, frames=2)
    made = surfaces.made()
    held = surfaces.held()
    step(app, [pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720))])
    assert surfaces.held() == held and surfaces.made() == made  # nothing drawn anew


def test_a_tint_laid_in_tiles_is_the_blend_of_one_layer() -> None:
    from scenes.table import hud

    base = pygame.Surface((900, 700))
    for y in range(0, 700, 7):  # something under the tint that is not flat
        pygame.draw.line(base, ((y * 3) % 256, 90, (255 - y) % 256), (0, y), (899, y), 3)
    rect = pygame.Rect(37, 21, hud.TINT_TILE * 2 + 75, hud.TINT_TILE + 190)
    for rgba in ((0, 0, 0, 90), (120, 230, 140, 70)):
        tiled, whole = base.copy(), base.copy()
        hud.tint(tiled, rect, rgba)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        layer.fill(rgba)
        whole.blit(layer, rect)
        assert pygame.image.tobytes(tiled, "RGB") == pygame.image.tobytes(whole, "RGB")
    assert len(hud._tints) <= 2 and hud._tints.held <= 2 * hud.TINT_TILE**2 * 4


def test_an_evicted_font_is_freed() -> None:
    """Fonts are kept by size (about 0.3 MB each); the measurement memos are keyed by
    size, not by the font object, so a font the cache lets go is freed."""
    import gc
    import weakref

    from scenes import text

    pygame.font.init()
    text.font.cache_clear()
    first = weakref.ref(text.font(61, True))
    assert text.size_of("Sử Hộ Vương", 61, bold=True)[0] > 0
    assert text.wrap("Sử Hộ Vương", 61, 100, bold=True) and text.clip("Vương", 61, 50, bold=True)
    assert text.fit_size("Sử Hộ Vương", 61, 200, bold=True) < 61
    for size in range(70, 70 + text._FONTS):  # as many other sizes as the cache keeps
        text.font(size, True)
    gc.collect()
    assert first() is None
    assert text.font.cache_info().currsize == text._FONTS


@pytest.mark.parametrize("game_id", ["shv", "invokation"])
def test_a_still_deck_editor_frame_at_4k_makes_no_new_surface(make_app: Any, game_id: str) -> None:
    # its grid holds the largest faces: 16 of about 1.1 MB at 3840x2160
    from scenes.decks.editor import DeckEditorScene

    app = make_app(size=(3840, 2160))
    app.stack.clear_to(TitleScene(app))
    app.stack.push(DeckEditorScene(app, game_id))
    step(app, frames=30)
    before = surfaces.made()
    step(app, frames=3)
    assert surfaces.made() == before, surfaces.report()
