"""The glossary on each game's table (issue 12 item 5): the zoomed card's terms are
marked; hovering one opens a popup with the term, its short rule and its rule ID; the
popup's "Xem luật" link opens the rules help at the term's section."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game import new_match
from game.core.match import Match
from scenes import text
from scenes.rules_help import RulesScene
from scenes.table import glossary as gl
from scenes.table import open_table
from scenes.table.kittable import KitTable
from scenes.table.shv.pve import arena_config
from tests.scenes.table_driver import click, down, key, step
from tests.scenes.test_table_shv import open_busy
from tests.scenes.test_table_shv import settle as shv_settle

ZOOM_DELAY = 0.6  # past the zoom's hover delay (0.55 s)


def two_seats(mode: str) -> dict[str, Any]:
    seats = [{"name": "An", "control": "human", "team": 0},
             {"name": "Bình", "control": "ai", "team": 1}]  # fmt: skip
    return {"mode": mode, "players": 2, "seats": seats, "options": {}}


def open_game(app: Any, match: Match) -> KitTable:
    table = open_table(app, match)
    assert isinstance(table, KitTable)
    app.stack.push(table)
    app.stack.apply_pending()
    for _ in range(300):  # until the human may act and the cards lie still (10 fps: fast)
        if table.in_control and not any(s.moving for s in table.hand.sprites):
            break
        app.step([], 0.1)
    return table


def ms_table(app: Any) -> KitTable:
    return open_game(app, new_match("manasurge", two_seats("ffa"), 5))


def gi_table(app: Any) -> KitTable:
    return open_game(app, new_match("invokation", two_seats("duel"), 5))


def shv_table(app: Any) -> KitTable:
    table = open_busy(app, 2, ("human", "ai"))
    shv_settle(app, table, [])
    return table


def pve_table(app: Any) -> KitTable:
    return open_game(app, new_match("shv", arena_config("ngu_tinh", ["An"]), 3))


def point(
    app: Any, monkeypatch: Any, at: tuple[int, int], frames: int = 1, wait: float = 0
) -> None:
    """The pointer moves to ``at`` (the table reads it every frame) and stays ``frames``
    frames, then ``wait`` seconds more in one frame."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0))
    step(app, [motion], frames=frames)
    if wait:
        app.step([], wait)


def hand_spot(table: KitTable) -> tuple[int, int]:
    """A hand card whose text has a term."""
    lang = table.app.tr.lang
    glossary = gl.load(table.match.game_id, lang)
    assert glossary is not None
    for sprite in table.hand.sprites:
        if sprite.card >= 0 and glossary.find(table.art.faces(sprite.card, lang).body):
            return sprite.rect.center
    raise AssertionError("no hand card with a term")


def boss_spot(table: KitTable) -> tuple[int, int]:
    return table.boss.bounds.center  # type: ignore[attr-defined, no-any-return]


CASES: dict[str, tuple[Callable[[Any], KitTable], Callable[[KitTable], tuple[int, int]], str]] = {
    "manasurge": (ms_table, hand_spot, "MS-"),
    "shv": (shv_table, hand_spot, "SHV-"),
    "shv_pve_boss": (pve_table, boss_spot, "SHV-"),
    "invokation": (gi_table, hand_spot, "GI-"),
}


def popup_words(monkeypatch: Any) -> list[str]:
    """Every string the glossary draws from now on."""
    said: list[str] = []
    render = text.render

    def spy(words: str, *args: Any, **kw: Any) -> pygame.Surface:
        said.append(words)
        return render(words, *args, **kw)

    monkeypatch.setattr(gl.text, "render", spy)
    return said


@pytest.mark.parametrize("case", list(CASES))
def test_hovering_a_marked_term_opens_its_rule(app: Any, monkeypatch: Any, case: str) -> None:
    opener, spot, prefix = CASES[case]
    table = opener(app)
    layer = table.glossary
    point(app, monkeypatch, spot(table), 1, ZOOM_DELAY)
    assert table.zoom.card is not None and layer.marks, "the zoomed card's terms are marked"
    zoom = layer.zoom_rect
    assert zoom is not None and all(zoom.contains(m.rect) for m in layer.marks)
    mark = layer.marks[-1]
    said = popup_words(monkeypatch)
    point(app, monkeypatch, mark.rect.center, 2)  # onto the zoom: it stays open
    assert table.zoom.card is not None
    assert layer.open is not None and layer.open.term == mark.term
    glossary = layer.glossary
    assert glossary is not None
    term = glossary.terms[mark.term]
    assert term.rules[0].startswith(prefix)
    assert app.tr("glossary.rule_ids", ids=", ".join(term.rules)) in said  # the rule ID
    assert term.short.split()[0] in " ".join(said) and app.tr("glossary.open_rules") in said
    assert app.screen.get_rect().contains(layer.popup_rect)
    assert not layer.popup_rect.colliderect(zoom), "the card's text stays readable"
    # The link opens the rules help at the term's section; Esc comes back.
    point(app, monkeypatch, layer.link_rect.center, 2)  # onto the popup: it stays open
    assert layer.open is not None
    click(app, layer.link_rect.center)
    help_scene = app.stack.top
    assert isinstance(help_scene, RulesScene) and help_scene.game_id == glossary.rules_game
    anchor = help_scene.anchors[term.section]
    assert help_scene.scroll == min(anchor, help_scene.max_scroll) and anchor > 0
    step(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is table


def test_a_clicked_term_keeps_its_popup_until_a_click_elsewhere(app: Any, monkeypatch: Any) -> None:
    table = ms_table(app)
    layer = table.glossary
    point(app, monkeypatch, hand_spot(table), 1, ZOOM_DELAY)
    first, second = layer.marks[0], layer.marks[-1]
    assert first.term != second.term
    point(app, monkeypatch, first.rect.center)
    step(app, [down(first.rect.center)])
    assert layer.pinned and layer.open is not None and layer.open.term == first.term
    point(app, monkeypatch, second.rect.center, 2)  # pinned: hovering another term keeps it
    assert layer.open is not None and layer.open.term == first.term
    assert layer.zoom_rect is not None
    point(app, monkeypatch, layer.zoom_rect.move(8, 8).topleft, 2)  # the card's edge
    assert layer.open is not None and layer.open.term == first.term
    step(app, [key(pygame.K_ESCAPE)])  # Esc closes the popup, not the table
    assert layer.open is None and not layer.pinned and app.stack.top is table
    assert table.zoom.card is not None
    point(app, monkeypatch, second.rect.center, 2)  # unpinned: hovering opens a term again
    assert layer.open is not None and layer.open.term == second.term
    point(app, monkeypatch, (5, 5), 2)  # away from the card: the zoom and marks go
    assert table.zoom.card is None and not layer.marks


def test_marks_follow_the_words_across_a_line_break() -> None:
    glossary = gl.load("manasurge", "vi")
    assert glossary is not None
    lines = [("khi là lá", 0, 0, 14), ("dẫn: người", 0, 20, 14)]
    assert gl.spans(lines, glossary) == [(0, 7, 9, "lead"), (1, 0, 3, "lead")]


def test_terms_in_a_tooltip_are_marked(app: Any) -> None:
    # SHV-9.4: a status chip's tip names "Suy yếu"; the tip marks it in the link colour.
    from scenes.table.hud import draw_tip

    layer = gl.GlossaryLayer(app, "shv", lambda card, lang: None)
    surface = pygame.Surface((640, 360))
    seen: list[list[gl.Placed]] = []

    def marks(target: pygame.Surface, lines: list[gl.Placed]) -> None:
        seen.append(lines)
        layer.mark_tip(target, lines)

    draw_tip(surface, (10, 10), "Suy yếu 1", "Hộ thần này bị Suy yếu 1.", app.px, marks=marks)
    assert seen and seen[0][0][0] == "Hộ thần này bị Suy yếu 1."
    _, x, y, size = seen[0][0]
    left = text.size_of("Hộ thần này bị ", size)[0]
    strip = surface.subsurface(pygame.Rect(x + left, y, text.size_of("Suy yếu", size)[0], size))
    colours = {strip.get_at((i, j))[:3] for i in range(strip.get_width()) for j in range(size)}
    assert gl.LINK in colours  # "Suy yếu" (and "Hộ thần") in the link colour
    plain = pygame.Surface((640, 360))
    draw_tip(plain, (10, 10), "Suy yếu 1", "Hộ thần này bị Suy yếu 1.", app.px)
    assert gl.LINK not in {plain.get_at((x + left + i, y + 4))[:3] for i in range(20)}
