"""The Thất Thánh Triệu Hồi log says whose character, where a new thing goes and
why nothing was drawn (text review of issue 35: GI-12, GI-22, GI-25, GI-26)."""

from __future__ import annotations

from typing import Any

from gi_positions import open_position

from game.core.contract import Event
from scenes.table.invokation import InvokationTable
from scenes.table.richtext import plain

MINE = {"characters": ["nang_suong", "ong_sam", "co_tha_dieu"], "dice": {"omni": 8}}


def open_pos(app: Any, me: dict[str, Any], opp: dict[str, Any]) -> InvokationTable:
    return open_position(app, me, opp)


def say(table: InvokationTable, kind: str, **data: Any) -> str:
    return plain(table.sentence(Event(kind, data)))


def test_a_character_both_sides_field_is_named_with_its_side(app: Any) -> None:
    twin = {"characters": ["nang_suong", "ba_lo_ren", "ong_chai"]}
    table = open_pos(app, MINE, twin)
    me, them = table.name(0), table.name(1)
    used = say(table, "skill_used", seat=1, character=0, skill="normal", type="normal")
    assert used.startswith(f"Nàng Sương ({them}) dùng ")
    hit = {"target": {"seat": 0, "character": 0}, "seat": 0, "character": 0, "amount": 2,
           "element": "cryo", "reaction": None, "base": 2, "bonus": 0, "shield": 0,
           "piercing": False, "hp": 8}  # fmt: skip
    assert say(table, "damage", **hit) == f"Nàng Sương ({me}) nhận 2 sát thương Băng."
    assert say(table, "defeated", seat=1, character=1) == "Bà Lò Rèn bị đánh bại."


def test_a_character_only_one_side_fields_is_named_alone(app: Any) -> None:
    table = open_pos(app, MINE, {"characters": ["tien_suoi", "ba_lo_ren", "ong_chai"]})
    assert say(table, "healed", seat=0, character=0, amount=2, hp=9) == (
        "Nàng Sương hồi 2 HP, lên 9 HP."
    )


def test_a_new_status_equipment_combat_status_summon_or_support_says_where(app: Any) -> None:
    table = open_pos(app, MINE, {"characters": ["tien_suoi", "ba_lo_ren", "ong_chai"]})
    me = table.name(0)

    def made(zone: str, card: str, character: int = -1) -> str:
        return say(table, "entity_created", id=9, card=card, owner=0, zone=zone, usages=1,
                   duration=None, counters={}, seat=0, character=character)  # fmt: skip

    assert made("status", "satiated", 0) == "Nàng Sương nhận Trạng Thái No Bụng."
    assert made("equipment", "non_la", 1) == "Nón Lá Bài Thơ được trang bị cho Ông Sấm."
    assert made("combat_status", "suong_mu") == f"{me} có Hiệu Ứng Xuất Chiến Sương Mù."
    assert made("summon", "dom_than") == f"Vật Triệu Hồi Đốm Than của {me} xuất hiện."
    assert made("support", "cho_noi") == f"Chợ Nổi vào Khu Chi Viện của {me}."
    app.tr.lang = "en"
    assert made("status", "satiated", 0) == "Frost Maiden gains the Status Satiated."


def test_a_draw_of_nothing_says_so_not_zero_cards(app: Any) -> None:
    # GI-5.5: an empty deck gives nothing
    opp = {"characters": ["tien_suoi", "ba_lo_ren", "ong_chai"]}
    table = open_pos(app, {**MINE, "deck": []}, opp)
    me = table.name(0)
    line = say(table, "cards_drawn", seat=0, count=0, cards=[])
    assert line == f"{me} không rút được thẻ nào (Xấp Bài đã hết)."
    assert "0" not in line


def test_piercing_and_reaction_lines_end_with_a_full_stop(app: Any) -> None:
    table = open_pos(app, MINE, {"characters": ["tien_suoi", "ba_lo_ren", "ong_chai"]})
    pierce = {"target": {"seat": 1, "character": 1}, "seat": 1, "character": 1, "amount": 1,
              "element": "piercing", "piercing": True, "hp": 9}  # fmt: skip
    assert say(table, "damage", **pierce).endswith("Xuyên Thấu.")
    react = {"target": {"seat": 1, "character": 0}, "seat": 0, "character": 0,
             "reaction": "melt", "bonus": 2, "amount": 3}  # fmt: skip
    assert say(table, "reaction", **react).endswith(".")
