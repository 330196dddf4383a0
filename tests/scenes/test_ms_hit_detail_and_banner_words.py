"""ManaSurge text review (issue 11 item 31): wording that needs code to come out right."""

from __future__ import annotations

from typing import Any

from game.i18n import t
from scenes.table.manasurge.animations import hit_detail


def _tr(lang: str) -> Any:
    return lambda key, **params: t(key, lang, **params)


def test_hit_detail_shows_only_the_terms_that_are_not_zero() -> None:
    # MS-6.2: damage = stones on the table + round rule + Swelling Charm - Stoneskin
    plain = {"stones": 3, "bonus": 0, "amplify": 0, "reduced": 0}
    assert hit_detail(_tr("vi"), plain) == "3 Đá Tím trên bàn"
    assert hit_detail(_tr("en"), plain) == "3 purple stones on the table"
    full = {"stones": 2, "bonus": 1, "amplify": 4, "reduced": 1}
    assert (
        hit_detail(_tr("vi"), full)
        == "2 Đá Tím trên bàn + 1 luật vòng + 4 Bùa Khuếch Đại − 1 Da Đá"
    )
    assert hit_detail(_tr("en"), {"stones": 0, "amplify": 2}) == (
        "0 purple stones on the table + 2 Swelling Charm"
    )


def test_banner_does_not_repeat_the_name() -> None:
    from scenes.table.hud import without_name

    prompt = t("manasurge.prompt.play", "vi", name="An", ladder=3)
    assert without_name(prompt, "An") == "đánh lá Phép từ 3 trở lên."
    assert without_name(t("table.banner.thinking", "en", name="Bình"), "Bình") == "is thinking…"
    # a prompt that does not start with the name, or starts with a longer word, stays whole
    assert without_name("Đến lượt An.", "An") == "Đến lượt An."
    assert without_name("Anh: x", "An") == "Anh: x"
