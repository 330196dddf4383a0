"""A click on a decision button answers the picker's question (play-test P2-1).

Dragging Ngũ Hành Quy Nhất ("tùy chọn 3") onto a Guardian asks which point type, as
buttons "1. Kim … 5. Thổ".  A mouse click on "5. Thổ" reached the picker first, whose
"click on nothing cancels" put the card back in the hand; only the keys worked.  The
decision bar now takes presses on its buttons (the kit, every table)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from table_driver import click, drag, step
from test_shv_card_choices import config, guardian_rect, hand_rect, open_shv, settle

from game import new_match

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "shv"


def test_clicking_a_point_type_button_gives_the_tactic(make_app: Any) -> None:
    # SHV-6.6: "tùy chọn" points are of one type the giver chooses
    app = make_app("vi")
    data = json.loads((SCENARIOS / "table_busy_2.json").read_text("utf-8"))["position"]
    data["players"][0]["hand"] = ["ngu_hanh", *data["players"][0]["hand"][1:]]
    match = new_match("shv", config(("human", "human")), 3)
    match.state = match.rules.from_scenario(data)
    table = open_shv(app, match)
    settle(app, table)
    card = next(s.card for s in table.hand.sprites if table.names[s.card] == "ngu_hanh")
    cao_lo = table.names.index("cao_lo")
    moves = len(match.log)
    drag(app, hand_rect(table, card).center, guardian_rect(table, cao_lo).center)
    step(app, frames=3)
    assert len(match.log) == moves, "the tactic was given before its type was chosen"
    labels = [b.label for b in table.bar.buttons]
    earth = next(b for b in table.bar.buttons if b.label.endswith("Thổ"))
    assert len(labels) >= 5, labels
    click(app, earth.rect.center)
    assert len(match.log) == moves + 1, "the click on the button did not give the tactic"
    last = match.log[-1]
    assert last.kind == "give_tactic" and last["card"] == card, last
