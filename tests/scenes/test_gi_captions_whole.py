"""No card type is cut on a Thất Thánh Triệu Hồi hand card (play-test D6).

"Cộng Hưởng Nguyên Tố" used to read "Cộng Hưởng Ngu…" in the hand at 1024x600.  A
type too long for a small card prints its short form ("Cộng Hưởng"); every card of
the set, in both languages, at the hand's size, shows its whole caption (GI-5.6)."""

from __future__ import annotations

from typing import Any

import pytest
from gi_positions import open_position

from game.invokation.catalog import catalog_for
from scenes.table.facelayout import lay_out
from scenes.table.invokation import look


def _hand_card_size(make_app: Any, lang: str) -> tuple[int, int]:
    app = make_app(lang=lang, size=(1024, 600))
    me = {"characters": ["nang_suong", "ong_sam", "co_tha_dieu"], "dice": {"omni": 8},
          "hand": ["cong_huong_loi", "cong_huong_hoa", "cong_huong_thuy"]}  # fmt: skip
    table = open_position(app, me, {"characters": ["tien_suoi", "ba_lo_ren", "ong_chai"]})
    assert table.hand.sprites, "no hand to measure"
    return table.hand.sprites[0].rect.size


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_card_type_is_whole_on_a_hand_card_at_1024x600(make_app: Any, lang: str) -> None:
    size = _hand_card_size(make_app, lang)
    cut = []
    for card in sorted(catalog_for().cards):
        lay = lay_out(look.face(card, lang), size)
        cut += [f"{card}: {line.text}" for line in lay.captions if "…" in line.text]
    assert not cut, cut
