"""A character's marks never hide what they mark (play-test D8, D16).

Two or three statuses on one character used to shrink to bare counters ("1",
"↻1") that named nothing, and "Bị đánh bại" lay across the defeated character's
name.  Now a narrow status pill still holds the status's picture beside its counter,
the pills sit under the name ribbon, and the defeated strip lies across the picture,
at 1280x720 and 1024x600."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from gi_positions import open_position

from scenes.table.fitted import fits
from scenes.table.invokation import InvokationTable, draw

BUSY = [{"card": "kiem_suong"}, {"card": "satiated"}, {"card": "am_bung"}]


def _open(make_app: Any, size: tuple[int, int], lang: str) -> InvokationTable:
    app = make_app(lang=lang, size=size)
    me = {"characters": [{"card": "nang_suong", "statuses": BUSY},
                         {"card": "ong_sam", "hp": 0, "alive": False}, "co_tha_dieu"],
          "dice": {"omni": 8}}  # fmt: skip
    opp = {"characters": [{"card": "tien_suoi", "statuses": BUSY[:2]}, "ba_lo_ren",
                          {"card": "ong_chai", "hp": 0, "alive": False}]}  # fmt: skip
    return open_position(app, me, opp)


def _ribbon(table: InvokationTable, sprite: Any, card: str) -> pygame.Rect:
    r = sprite.rect
    _, top, bottom = draw._picture_box(card, table.app.tr.lang, r.size)
    return pygame.Rect(r.x, r.y + top, r.w, bottom - top)


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_status_pills_name_their_status_and_the_defeated_strip_spares_the_name(
    make_app: Any, size: tuple[int, int], lang: str
) -> None:  # GI-5.2: statuses on the character; GI-7.3: defeated
    table = _open(make_app, size, lang)
    b = table.board_view
    assert b is not None
    small = max(11, table.app.px(12))
    pills = defeated = 0
    for seat, side in enumerate(b.sides):
        for c in side.chars:
            sprite = table.chars[(seat, c.index)]
            ribbon = _ribbon(table, sprite, c.card)
            for e, box in draw.status_rects(table, sprite, c):
                pills += 1
                assert not box.colliderect(ribbon), f"{c.card}: a status pill hides the name"
                room = box.w - 4 - (box.h - 4) - 4
                counter = draw._counter_words(e)
                assert not counter or fits(counter, room, small), (
                    f"{e.card}: no room for its picture and counter {counter!r}"
                )
            if not c.alive:
                defeated += 1
                strip = draw.defeated_strip(table, sprite, c)
                assert not strip.colliderect(ribbon), f"{c.card}: the strip hides the name"
    assert pills == 5 and defeated == 2
