"""The Thất Thánh Triệu Hồi table shows its controls under the buttons, and the
rules help has a Controls section that names the same keys (text review GI-30)."""

from __future__ import annotations

from typing import Any

from table_driver import step

from game import i18n
from scenes.puzzles import scenario_match
from scenes.table import open_table
from scenes.table.invokation import InvokationTable

KEYS = ("Ctrl+Z", "F1", "Esc")


def test_the_table_shows_its_controls_line(app: Any) -> None:
    position = {"seed": 3, "round": 2, "phase": "action", "first": 0, "turn": 0, "players": [
        {"characters": ["nang_suong", "ong_sam", "co_tha_dieu"], "dice": {"omni": 8}},
        {"characters": ["tien_suoi", "ba_lo_ren", "ong_chai"], "dice": {"omni": 6}}]}  # fmt: skip
    table = open_table(app, scenario_match("invokation", None, position, 0, "vi"))
    assert isinstance(table, InvokationTable)
    app.stack.push(table)
    app.stack.apply_pending()
    step(app, frames=10)
    assert all(k in table.hint() for k in KEYS), table.hint()


def test_the_rules_help_has_a_controls_section_in_both_languages() -> None:
    for lang, heading in (("vi", "Điều khiển"), ("en", "Controls")):
        sections = i18n.table(lang)
        found = [k for k, v in sections.items()
                 if k.startswith("rules.invokation.sections.") and v == heading]  # fmt: skip
        assert found, lang
        body = sections[found[0].rsplit(".", 1)[0] + ".body"]
        assert all(k in body for k in KEYS), body
