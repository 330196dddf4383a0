"""Scenes pushed by name (``app.scenes``) and the one table registry
(``scenes.table.registry``): game select, the title's Rules link, card art and
``open_table`` all read it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

import game
from game import new_match
from scenes import game_select, title
from scenes.pause import PauseScene
from scenes.rules_help import RulesScene
from scenes.scene import SCENES, Scene, SceneRouter, SceneStack
from scenes.table import open_table, registry
from scenes.table.manasurge import ManaSurgeTable
from scenes.table.registry import TableEntry
from scenes.ui import art

from . import fake_team_game
from .driver import Driver


class Marker(Scene):
    """A scene that records how it was built."""

    def __init__(self, app: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(app)
        self.args = args
        self.kwargs = kwargs


# -- the router ---------------------------------------------------------------------------


def test_every_registered_name_resolves_to_a_scene_factory() -> None:
    router = SceneRouter(app=None, stack=SceneStack())  # type: ignore[arg-type]
    for name in router.names():
        factory = router.factory(name)
        assert callable(factory), name
        if isinstance(factory, type):
            assert issubclass(factory, Scene), name
    assert router.factory("pause") is PauseScene
    assert router.factory("table") is open_table


def test_router_builds_queues_and_returns_the_scene() -> None:
    stack = SceneStack()
    router = SceneRouter(app="APP", stack=stack, names={"m": f"{__name__}:Marker"})  # type: ignore[arg-type]
    scene = router.push("m", 1, key="v")
    assert isinstance(scene, Marker) and scene.app == "APP"
    assert (scene.args, scene.kwargs) == ((1,), {"key": "v"})
    assert stack.top is None  # like the stack: applied between frames
    stack.apply_pending()
    assert stack.top is scene
    other = router.replace("m")
    stack.apply_pending()
    assert stack.scenes == [other]
    last = router.clear_to("m", 2)
    stack.apply_pending()
    assert stack.scenes == [last] and last.args == (2,)


def test_router_unknown_name_and_wrong_factory() -> None:
    router = SceneRouter(app=None, stack=SceneStack(), names={})  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="no scene named 'pause'"):
        router.push("pause")
    router.register("nothing", lambda app: "not a scene")
    with pytest.raises(TypeError, match="'nothing' built a str"):
        router.make("nothing")
    router.register("marker", Marker)  # a callable works as well as a "module:attr" string
    assert isinstance(router.make("marker"), Marker)


def test_default_names_cover_the_shell_scenes() -> None:
    assert {"pause", "results", "handoff", "title", "table"} <= set(SCENES)


def _table(d: Driver, players: int = 2) -> ManaSurgeTable:
    match = new_match("manasurge", {"players": players}, 5)
    table = open_table(d.app, match)
    assert isinstance(table, ManaSurgeTable)
    d.start(table)
    return table


def _replace_scene(d: Driver, name: str) -> list[Marker]:
    built: list[Marker] = []

    def make(app: Any, *args: Any, **kwargs: Any) -> Marker:
        built.append(Marker(app, *args, **kwargs))
        return built[-1]

    d.app.scenes.register(name, make)
    return built


def test_table_asks_for_pause_by_name() -> None:
    d = Driver()
    table = _table(d)
    built = _replace_scene(d, "pause")
    if d.top is not table:  # a hand-off hides the table first in hot-seat
        d.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
        d.step()
    d.press(pygame.K_ESCAPE)
    assert len(built) == 1 and d.top is built[0]
    assert built[0].args == (table.match,)


def test_table_asks_for_handoff_and_results_by_name() -> None:
    d = Driver()
    handoffs = _replace_scene(d, "handoff")
    results = _replace_scene(d, "results")
    table = _table(d)  # two humans: hot-seat, so the first hand is handed over
    d.step(frames=3)
    assert handoffs and handoffs[0].args[0] == table.match.seats[table.viewer or 0].name
    reveal: Callable[[], None] = handoffs[0].args[1]
    reveal()
    d.app.stack.pop()  # the stand-in hand-off does not close itself
    d.app.stack.apply_pending()
    assert d.top is table and table.revealed_to == table.viewer
    table._finish()
    d.app.stack.apply_pending()
    assert len(results) == 1 and results[0].args == (table.match,)
    assert d.app.stack.scenes == [results[0]]  # the results replace the table


# -- the table registry -----------------------------------------------------------------


def test_every_public_game_has_a_registry_entry_with_a_table() -> None:
    for gid in game.ids():
        assert registry.has_table(gid), f"{gid} is public but scenes/table/registry.py has no table"


def test_open_table_reads_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    assert registry.table_class("manasurge") is ManaSurgeTable
    monkeypatch.setattr(registry, "TABLES", (*registry.TABLES, TableEntry("later", None)))
    with pytest.raises(KeyError, match="no table yet"):
        registry.table_class("later")
    with pytest.raises(KeyError, match="known: manasurge"):
        registry.entry("nope")


@pytest.fixture
def hidden_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """A registry with a hidden game: rules registered (not in ``game.ids()``), a table."""
    real_get = game.get

    def get(game_id: str) -> Any:
        return fake_team_game.RULES if game_id == "hidden_toy" else real_get(game_id)

    monkeypatch.setattr(game, "get", get)
    monkeypatch.setattr(game, "info", lambda game_id: get(game_id).info)
    tables = (
        TableEntry("hidden_toy", f"{__name__}:Marker"),
        *registry.TABLES,
        TableEntry("later", None),
    )
    monkeypatch.setattr(registry, "TABLES", tables)
    return "hidden_toy"


def test_game_select_lists_playable_then_coming_and_hides_hidden(hidden_game: str) -> None:
    listed = [(e.id, e.playable, e.name_key) for e in game_select.entries()]
    assert listed == [
        ("manasurge", True, "manasurge.name"),
        ("shv", True, "shv.name"),
        ("invokation", True, "invokation.name"),
        ("later", False, "ui.games.later.name"),
    ]
    # toy: a table, rules hidden (never listed); invokation is public since issue 9
    assert registry.with_table() == [
        "hidden_toy",
        "manasurge",
        "shv",
        "invokation",
        "shv_companion",
        "toy",
    ]
    assert registry.playable() == ["manasurge", "shv", "invokation"]
    assert hidden_game not in game.ids()


def test_title_rules_link_opens_the_first_playable_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert title.rules_game() == "manasurge"
    monkeypatch.setattr(registry, "playable", lambda: ["other", "manasurge"])
    d = Driver()
    scene = title.TitleScene(d.app)
    d.start(scene)
    scene.on_rules()
    d.step()
    assert isinstance(d.top, RulesScene) and d.top.game_id == "other"


def test_game_picture_uses_the_registry_painter(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    painted: list[tuple[int, int]] = []

    def painter(w: int, h: int) -> pygame.Surface:
        painted.append((w, h))
        surf = pygame.Surface((w, h))
        surf.fill((1, 2, 3))
        return surf

    monkeypatch.setattr(
        registry,
        "TABLES",
        (TableEntry("painted", None, f"{__name__}:PAINTER"), TableEntry("plain", None)),
    )
    monkeypatch.setitem(globals(), "PAINTER", painter)
    art.game_picture.cache_clear()
    try:
        pic = art.game_picture("painted", 40, 30)
        assert painted == [(40, 30)] and pic.get_at((20, 15))[:3] == (1, 2, 3)
        plain = art.game_picture("plain", 40, 30)  # no painter: the generic fan of backs
        assert plain.get_at((20, 15))[:3] != (1, 2, 3)
        assert registry.picture_painter("nope") is None
    finally:
        art.game_picture.cache_clear()


def test_registered_painters_are_the_art_functions() -> None:
    from scenes.table.manasurge import look as ms_look
    from scenes.table.shv import look as shv_look

    assert registry.picture_painter("manasurge") is ms_look.menu_picture
    assert registry.picture_painter("shv") is shv_look.menu_picture


def test_the_monkey_covers_every_playable_game_invokation_included() -> None:
    # Issue 9: Thất Thánh Triệu Hồi is public, so the UI monkey (issue 13.12) starts
    # from its seat screen, its rules help and its table.
    from tools import monkey

    assert "invokation" in registry.playable()
    starts = {(s.what, s.game) for s in monkey.starts()}
    for gid in registry.playable():
        assert {("seats", gid), ("rules", gid), ("table", gid)} <= starts, gid


def test_the_titles_drifting_cards_load_real_faces_after_start_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The title's first frames draw backs only (a face loads card data and rasterises
    # art: the start to first frame stays what it was); then one new face a frame.
    from scenes.ui import art

    made: list[tuple[int, int, int]] = []
    monkeypatch.setattr(
        art, "drifting_face", lambda k, w, h: made.append((k, w, h)) or art.card_back(w, h, 0)
    )
    cards = art.DriftingCards()
    surface = pygame.Surface((320, 200))
    for _ in range(art.FACES_AFTER):
        cards.draw(surface, 1.0)
        cards.update(1 / 60)
    assert made == []
    cards.draw(surface, 1.0)
    assert len(set(made)) == 1
    for _ in range(10):
        cards.update(1 / 60)
        cards.draw(surface, 1.0)
    assert len(set(made)) == 5  # the five faces of the three games, one a frame
