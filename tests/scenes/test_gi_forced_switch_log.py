"""The log says a switch was forced (play-test D9).

After Cô Thả Diều's "Diều Đứt Dây" the log used to read "An đổi sang Cô Hái Thuốc."
as though An had chosen to switch.  A switch an effect forces on the opponent is an
event of reason ``forced`` and its own line; an Overloaded switch names the reaction."""

from __future__ import annotations

from typing import Any

from gi_positions import open_position

from game.core.contract import Action, Event
from scenes.table.invokation import InvokationTable
from scenes.table.richtext import plain


def _open(app: Any) -> InvokationTable:
    me = {"characters": ["co_tha_dieu", "ong_sam", "nang_suong"], "dice": {"omni": 8}}
    return open_position(app, me, {"characters": ["tien_suoi", "ba_lo_ren", "ong_chai"]})


def test_a_switch_forced_by_a_skill_is_logged_as_forced(app: Any) -> None:  # GI-4.2, GI-7.13
    table = _open(app)
    skill = next(
        a for a in table.match.legal_actions() if a.kind == "skill" and a.get("skill") == "skill"
    )
    events = table.match.apply(Action.from_json(skill.to_json()))
    switched = [e for e in events if e.kind == "switched"]
    assert switched and switched[0].data["reason"] == "forced" and switched[0].data["seat"] == 1
    line = plain(table.sentence(switched[0]))
    assert "bị buộc đổi sang" in line and line.startswith(table.name(1))
    app.tr.lang = "en"
    assert "is forced to switch to" in plain(table.sentence(switched[0]))


def test_an_overloaded_switch_names_the_reaction(app: Any) -> None:  # GI-6.4 Overloaded
    table = _open(app)
    line = plain(table.sentence(Event("switched", {"seat": 1, "from": 0, "to": 1,
                                                   "reason": "overloaded"})))  # fmt: skip
    assert line.startswith("Quá Tải:") and "bị buộc" in line


def test_a_chosen_switch_reads_as_a_choice(app: Any) -> None:  # GI-4.2
    table = _open(app)
    line = plain(table.sentence(Event("switched", {"seat": 0, "from": 0, "to": 1,
                                                   "reason": "action"})))  # fmt: skip
    assert "bị buộc" not in line and "đổi sang" in line
