"""The ManaSurge round summary names its stones one way (play-test D15).

It used to say "Dũng được 1 Đá Tím", "Dũng trả 1 đá về kho" and "1 đá trên bàn" in
one box.  Every stone of the summary is a purple stone (MS-6.2 steps 1-4): the
glossary's one term, "Đá Tím" / "purple stone", in every line that counts them."""

from __future__ import annotations

import pytest

from game.i18n import Translator
from scenes.table.manasurge.animations import hit_detail

TERM = {"vi": "Đá Tím", "en": "purple stone"}


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_stone_count_in_the_summary_says_purple_stone(lang: str) -> None:
    tr = Translator(lang)
    lines = [
        tr("table.summary.scored", name="Dũng", count=1),
        tr("table.summary.returned", name="Dũng", count=2),
        hit_detail(tr, {"stones": 3}),
    ]
    for line in lines:
        assert TERM[lang] in line, line
        bare = line.replace("purple stone", "").replace("Đá Tím", "")
        assert "stone" not in bare and " đá " not in f" {bare} ", line
