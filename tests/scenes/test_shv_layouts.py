"""Sử Hộ Vương PvE layouts (issue 8 polish): every player count loads at every
window size without overlaps, and a teammate's field keeps room for three
readable guardians even with six players (it was 134 design px wide, titles cut
to "T…"); the field rows spread their guardians so skill names fit."""

from __future__ import annotations

from functools import partial

import pygame
import pytest

from scenes import theme
from scenes.table import layout as layouts
from scenes.table.rows import Row
from scenes.table.shv.table import field_row

SIZES = [(1280, 720), (1024, 600), (1920, 1080)]


@pytest.mark.parametrize("n", range(1, 7))
@pytest.mark.parametrize("size", SIZES)
def test_pve_layouts_fit_the_window_without_overlap(n: int, size: tuple[int, int]) -> None:
    rects = layouts.load(f"shv_pve_{n}").rects(size)
    screen = pygame.Rect(0, 0, *size)
    names = list(rects)
    for name in names:
        assert screen.contains(rects[name]), name
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not rects[a].colliderect(rects[b]), (a, b, size)
    assert {f"field_{k}" for k in range(n)} | {f"seat_{k}" for k in range(n)} <= set(names)


@pytest.mark.parametrize("n", range(2, 7))
def test_every_field_has_room_for_three_guardians(n: int) -> None:
    rects = layouts.load(f"shv_pve_{n}").rects((1280, 720))
    mates = [rects[f"field_{k}"] for k in range(1, n)]
    assert min(r.w for r in mates) >= 180, [r.w for r in mates]
    assert min(r.h for r in mates) >= 110
    own = rects["field_0"]
    assert own.w >= max(r.w for r in mates) and own.h >= min(r.h for r in mates)


@pytest.mark.parametrize("size", SIZES)
def test_at_six_players_no_teammate_gets_a_much_narrower_field(size: tuple[int, int]) -> None:
    # The second row shares its width with the viewer's field; at 434 design px for the
    # viewer, a second-row teammate's three guardians shrank to 31 px wide cards at
    # 1024x600 with titles cut to "Tr…" while the first row's stayed readable.
    rects = layouts.load("shv_pve_6").rects(size)
    widths = [rects[f"field_{k}"].w for k in range(1, 6)]
    assert min(widths) >= 0.9 * max(widths), widths
    scale = theme.scale_for(size)
    px = partial(theme.to_px, scale=scale)
    rows = [field_row(rects[f"field_{k}"], 2, px) for k in range(1, 6)]  # as the table lays them
    wide = [Row(row, 3, sideways=True).card_size(3)[0] for row in rows]
    assert max(wide) - min(wide) <= 2, wide  # three guardians about as large in every field


def test_a_spread_row_puts_its_cards_further_apart_within_the_row() -> None:
    packed = Row(pygame.Rect(0, 0, 600, 100), 3, sideways=True)
    spread = Row(pygame.Rect(0, 0, 600, 100), 3, sideways=True, spread=2.0)
    assert packed.card_size(3) == spread.card_size(3)  # the cards keep their size
    slot = packed.card_size(3)[1]  # sideways: a slot is as wide as the card is tall
    assert packed.pitch(3) == slot + packed.gap and spread.pitch(3) == 2 * slot
    rects = spread.slots(3)
    assert all(spread.rect.contains(r) for r in rects)
    assert rects[1].centerx - rects[0].centerx == 2 * slot
    assert rects[1].centerx == spread.rect.centerx  # the group stays centred
    narrow = Row(pygame.Rect(0, 0, 200, 100), 3, sideways=True, spread=2.0)
    assert narrow.pitch(3) == narrow.card_size(3)[1] + narrow.gap  # no room: packed


def test_equipment_slots_share_the_line_by_need() -> None:
    """SHV-9: the filled equipment slots under a guardian split the line by what
    their names need: names that fit all fit whole; when they do not, the short
    name stays whole and only the long one shrinks (never both cut)."""
    from scenes.table.shv.draw import _shares

    assert _shares([50, 60], 170) == [80, 90]  # room to spare: shared equally
    assert _shares([82, 117], 170) == [82, 88]  # the short name whole
    assert _shares([30, 200, 40], 200) == [30, 130, 40]
    assert _shares([100], 50) == [50]
    assert _shares([], 10) == []
    for needs, room in (([82, 117], 170), ([10, 10, 10], 31), ([90, 95, 99], 120)):
        assert sum(_shares(needs, room)) <= room


@pytest.mark.parametrize(
    "name", [f"shv_pve_{n}" for n in range(1, 7)] + [f"shv_{n}" for n in (2, 4, 6)]
)
@pytest.mark.parametrize("size", SIZES)
def test_three_guardians_in_any_field_keep_whole_names(name: str, size: tuple[int, int]) -> None:
    # A 40-px card says every guardian's whole name (tests/scenes/test_card_titles.py).
    # With three guardians a teammate's field at four and five players in co-op drew
    # 34-px cards at 1024x600 (30 names cut, "Voi…"), an opponent's at six players in
    # PvP 37 px ("Lý Thường Kiệt" cut).  The viewer's field keeps its chip line when it
    # can (the table's own rule, READABLE_ROW).
    from scenes.table.shv.table import READABLE_ROW

    rects = layouts.load(name).rects(size)
    px = partial(theme.to_px, scale=theme.scale_for(size))
    fields = sorted(k for k in rects if k.startswith("field_"))
    widths = {}
    for k in fields:
        lines = 2
        if k == "field_0" and field_row(rects[k], 3, px).h >= READABLE_ROW:
            lines = 3
        widths[k] = Row(field_row(rects[k], lines, px), 3, sideways=True).card_size(3)[0]
    assert min(widths.values()) >= 40, widths
