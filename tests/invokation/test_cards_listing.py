"""The card list of Thất Thánh Triệu Hồi (``python -m game cards --game invokation``,
``game.invokation.listing``)."""

from __future__ import annotations

from game.invokation import listing


def rows() -> dict[str, dict[str, object]]:
    return {r["id"]: r for r in listing.card_list()}


def test_every_card_is_listed_once_with_both_languages() -> None:
    from game.invokation.catalog import catalog_for

    found = listing.card_list()
    assert [r["id"] for r in found] == list(catalog_for("").cards)
    for row in found:
        for lang in ("vi", "en"):
            assert row["name"][lang] and row["text"][lang], row["id"]
            assert "{" not in row["text"][lang] and "[[" not in row["text"][lang], row["id"]


def test_a_character_row_prints_each_skill_with_its_cost() -> None:
    row = rows()["ba_lo_ren"]
    assert row["kind"] == "character"
    assert row["stats"] == {"element": "pyro", "weapon": "claymore", "hp": 10, "energy": 2}
    lines = str(row["text"]["vi"]).split("\n")
    assert len(lines) == 4  # lore, normal attack, skill, burst
    assert (
        lines[1]
        == "Búa Nện (Tấn Công Thường; Hỏa 1, Nguyên Tố Không Màu 2): Gây 2 sát thương Vật Lý."
    )
    assert lines[3].startswith("Mẻ Thép Đỏ (Kỹ Năng Nộ; Hỏa 3, Năng Lượng 2): Gây 3 sát thương Hỏa")
    en = str(row["text"]["en"]).split("\n")
    assert (
        en[2] == "Work the Bellows (Elemental Skill; Pyro 3): Deal 1 Pyro DMG, summon Ember Sprite."
    )


def test_an_action_row_names_its_type_and_cost() -> None:
    row = rows()["non_la"]
    assert row["kind"] == "artifact" and row["cost"] == {"unaligned": 2}
    assert row["keywords"]["vi"][0] == "Thánh Di Vật"
    assert row["text"]["en"] == (
        "Once per round: this character's Elemental Skill costs 1 fewer die."
    )
    passive = str(rows()["xa_thu_duoc"]["text"]["en"]).split("\n")[-1]
    assert passive.startswith("Undying Flame (Passive): Once per match")
