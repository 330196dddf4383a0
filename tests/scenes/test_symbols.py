"""Symbols drawn as art-set icons (issue 33 item 4): one icon per concept everywhere.

Every concept the drawing code asks for is named in ``assets/art/symbols.json`` and its
SVG is vendored in ``assets/art``; the element icons of Thất Thánh Triệu Hồi differ by
**shape**, not colour alone (colour-blind players); a badge shows the icon and its
number, and hovering it names the glossary word with its rule."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
import pytest
from table_driver import hotseat_config, open_match, settle, step
from test_table_shv import open_busy
from test_table_shv import settle as settle_shv

from game import new_match
from game.core import art as art_names
from game.shv.catalog import STATUSES
from scenes import art
from scenes.table import badges, elements, glossary, tokens
from scenes.table.shv import draw, look, panels

ROOT = Path(__file__).resolve().parents[2]
CONCEPT = re.compile(r"""["']((?:element|shv|ms)\.[a-z_]+(?:\.[a-z_]+)*)["']""")


def used_concepts() -> set[str]:
    """Every concept the drawing code names: the literal ones in ``scenes/`` and the
    ones built from a game's list (elements, statuses, slots, point types, stones)."""
    from game.i18n import table

    keys = set(table("vi"))  # a literal that is a translation key is words, not a symbol
    found: set[str] = set()
    for path in (ROOT / "scenes").rglob("*.py"):
        found |= set(CONCEPT.findall(path.read_text(encoding="utf-8"))) - keys
    found |= {elements.concept(e) for e in elements.ICON_NAMES}
    found |= {draw.status_symbol(k) for k in (*STATUSES, "block", "ready", "tired")}
    found |= {f"shv.slot.{s}" for s in look.SLOTS}
    found |= {f"shv.point.{k}" for k in look.POINTS}
    found |= {tokens.stone_symbol(tokens.PURPLE), tokens.stone_symbol(tokens.GOLD)}
    return found


def test_every_symbol_drawn_is_named_and_its_picture_vendored() -> None:
    symbols = art_names.symbols()
    used = used_concepts()
    assert {"shv.mp", "shv.hp", "ms.caster", "ms.direction", "element.pyro"} <= used
    assert used - set(symbols) == set()
    for concept, parts in symbols.items():
        for name in parts:
            assert (ROOT / "assets" / "art" / f"{name}.svg").is_file(), (concept, name)
    assert set(symbols) - used == set()  # no concept is named and never drawn


def test_one_icon_per_concept_and_no_two_concepts_share_one_in_a_game() -> None:
    # Within a game two symbols never share a picture (a Weaken icon is not a Guard's).
    by_game: dict[str, dict[tuple[str, ...], str]] = {}
    for concept, parts in art_names.symbols().items():
        game = concept.split(".")[0]
        seen = by_game.setdefault(game, {})
        assert parts not in seen, (concept, seen.get(parts))
        seen[parts] = concept


def _mask(name: str, size: int = 40) -> pygame.mask.Mask:
    return pygame.mask.from_surface(art.icon(name, size, (255, 255, 255)), 127)


def test_element_icons_differ_in_shape_not_only_in_colour() -> None:
    # The silhouettes alone (one colour): any two element icons differ in at least an
    # eighth of a 40 px square, so they read apart without colour.
    pygame.init()
    shapes = {e: _mask(elements.picture(e)[0]) for e in elements.ICON_NAMES}  # type: ignore[index]
    names = list(shapes)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            both = shapes[a].overlap_area(shapes[b], (0, 0))
            differ = shapes[a].count() + shapes[b].count() - 2 * both
            assert differ > 200, (a, b, differ)


def test_element_icons_in_grey_differ_as_drawn() -> None:
    # As the table draws them (colour, outline) then turned grey: still far apart.
    pygame.init()
    greys = {}
    for name in elements.ICON_NAMES:
        surf = pygame.Surface((40, 40))
        elements.draw_element(surf, name, surf.get_rect())
        greys[name] = pygame.image.tobytes(pygame.transform.grayscale(surf), "RGB")[::3]
    names = list(greys)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            differ = sum(abs(x - y) > 40 for x, y in zip(greys[a], greys[b], strict=True))
            assert differ > 200, (a, b, differ)


def test_a_die_face_shows_its_element_icon_in_its_colour() -> None:
    pygame.init()
    die = elements.die_face("pyro", 40)
    colours = {tuple(die.get_at((x, y)))[:3] for x in range(12, 28) for y in range(12, 28)}
    assert elements.COLORS["pyro"] in colours  # the icon, inside the rim
    assert elements.die_face("pyro", 40) is die


def test_a_badge_is_its_icon_and_its_number() -> None:
    pygame.init()
    h, size = 18, 12
    assert badges.badge_width("12", h, size, 3) > badges.badge_width("", h, size, 3)
    surf = pygame.Surface((80, 24))
    box = pygame.Rect(2, 3, badges.badge_width("3", h, size, 3), h)
    badges.draw_badge(surf, box, "shv.status.weaken", "3", (110, 140, 200), size)
    inside = {tuple(surf.get_at((x, box.centery)))[:3] for x in range(box.x, box.right)}
    assert badges.INK in inside and (110, 140, 200) in inside
    with pytest.raises(KeyError):
        badges.draw_badge(surf, box, "shv.status.nothing", "3", (0, 0, 0), size)


def test_shv_status_badges_and_mp_name_their_glossary_word(app: Any) -> None:
    # SHV-9: hovering a status badge names the status and X and gives its rule in a
    # sentence (the glossary's); the seat panel's MP badge names MP (SHV-1.5).
    table = open_busy(app, 4, ("human",) * 2 + ("ai",) * 2)
    settle_shv(app, table, [])
    step(app, frames=5)
    words = glossary.load("shv", "vi")
    assert words is not None
    shown = 0
    for seat, row in table.fields.items():
        for g in table.view.players[seat].field:
            sprite = row.get(g.card)
            for pill in draw.pills(table, sprite, g) if sprite is not None else []:
                title, body = table.tip(pill.rect.center)
                assert title.startswith(words.terms[pill.key].name), title
                assert body == words.terms[pill.key].short
                assert pill.words in ("", str(pill.n))
                shown += 1
    assert shown >= 3
    spot = panels._mp_spots(table)[0].move(table.seat_rect(0).topleft)
    title, body = table.tip(spot.center)
    assert str(table.view.players[0].mp) in title and body == words.terms["mp"].short


def test_manasurge_caster_and_direction_are_icons_with_tips(app: Any) -> None:
    # MS-3.4 / MS-4.4: the caster token and the direction of play are art-set icons;
    # hovering them names the glossary word.
    match = new_match("manasurge", hotseat_config(3), 4)
    table = open_match(app, match)
    settle(app, table)
    step(app, frames=2)
    words = glossary.load("manasurge", "vi")
    assert words is not None
    tips = {title: (rect, body) for rect, title, body in table.shown_tips}
    assert tips[words.terms["token"].name][1] == words.terms["token"].short
    direction = next(t for t in table.shown_tips if t[2] == words.terms["direction"].short)
    assert direction[0].colliderect(table.banner.rect)
    assert tips[words.terms["stone"].name][1] == words.terms["stone"].short


def test_purple_and_gold_stones_differ_in_shape_and_the_direction_mirrors() -> None:
    # MS-G7: a gold stone is worth 5 purple; the two read apart without colour.
    pygame.init()
    purple, gold = (
        art_names.symbols()[tokens.stone_symbol(c)][0] for c in (tokens.PURPLE, tokens.GOLD)
    )
    a, b = _mask(purple), _mask(gold)
    assert a.count() + b.count() - 2 * a.overlap_area(b, (0, 0)) > 200
    # MS-4.4: counter-clockwise is the clockwise icon mirrored.
    cw, ccw = pygame.Surface((40, 40)), pygame.Surface((40, 40))
    tokens.draw_direction_icon(cw, (20, 20), 16, 1)
    tokens.draw_direction_icon(ccw, (20, 20), 16, -1)
    assert pygame.image.tobytes(cw, "RGB") != pygame.image.tobytes(ccw, "RGB")
    flipped = pygame.transform.flip(cw, True, False)
    same = sum(flipped.get_at((x, y)) == ccw.get_at((x, y)) for x in range(40) for y in range(40))
    assert same > 1500  # of 1600: the mirror image, within a pixel column of rounding
