"""The card face's layout is data (issue 40, item 3): ``facelayout.lay_out`` says where
everything goes and the screen painter paints exactly that layout."""

from __future__ import annotations

import pygame
import pytest

from scenes.table.facelayout import FaceLayout, lay_out
from scenes.table.faces import CardFace, Frame, Gem, draw_face

FACE = CardFace(
    "Thạch Sanh Tiều Phu",
    (120, 80, 40),
    caption="Hộ thần · HP 3",
    body="Khi vào sân: rút 1 lá. Mỗi lượt một lần: gây 1 sát thương lên một Minion.",
    art=("axe",),
    frame=Frame("being", (190, 150, 80), "arch"),
    gems=(("tl", Gem("3", (60, 90, 200))), ("br", Gem("4", (200, 40, 40), "shv.hp"))),
)


@pytest.mark.parametrize("size", [(744, 1039), (200, 286), (56, 80)])
def test_screen_painter_reports_the_layout_it_painted(size: tuple[int, int]) -> None:
    pygame.init()
    seen: list[FaceLayout] = []
    bands: list[pygame.Rect] = []
    draw_face(FACE, size, layout_out=seen, band_out=bands)
    assert len(seen) == 1
    assert seen[0].boxes() == lay_out(FACE, size).boxes()
    assert bands[0] == seen[0].band


def test_boxes_nest_inside_the_card() -> None:
    pygame.init()
    lay = lay_out(FACE, (744, 1039))
    card = lay.outer
    for name, (x, y, w, h) in lay.boxes().items():
        assert card.contains(pygame.Rect(x, y, w, h)), name
    assert lay.inner.contains(lay.art)
    assert lay.body, "a large card carries its rules text"
    assert all(lay.inner.collidepoint(line.x, line.y) for line in lay.body)
    corners = {spot.corner for spot in lay.gems}
    assert corners == {"tl", "br"}


def test_a_tiny_card_lays_its_name_over_the_picture_and_lifts_low_gems() -> None:
    pygame.init()
    lay = lay_out(FACE, (56, 80))
    assert lay.tiny and not lay.captions and not lay.body
    assert lay.band.bottom == lay.inner.bottom
    assert {spot.corner for spot in lay.gems} == {"tl", "tr"}
