"""Sử Hộ Vương choices among cards are made by pointing at cards, and the buttons that
remain say what they do (issue 34 majors 3 and 4).

* P-SHV-4 (SHV-4.1 B2, SHV-4.3 B2, SHV-7.9: declaring a start/end-of-turn skill is
  optional): one button per skill, "Kích hoạt <skill>", and a decline that declares
  nothing, in the player's language; the prompt names the phase in words.
* P-SHV-2 (SHV-3.4.4): the starting face-down Guardian is chosen from the deck's
  Guardians shown as the hand, on every path (you first, you second after choosing
  the privilege's type, no hand-off in between), and dragged to the field.
* P-SHV-5 (SHV-5.2): Sứ Giả's on-enter attach: the Tactic is dragged onto the
  Guardian, or clicked then the Guardian is clicked; no "attach" buttons; the attach
  does not use up the turn's Tactic."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from table_driver import click, drag, step

from game import new_match
from game.core.contract import Event
from game.core.match import Match
from scenes.handoff import HandoffScene
from scenes.table import open_table
from scenes.table.shv import ShvTable
from tests import wording

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "shv"


def config(controls: tuple[str, ...], **options: Any) -> dict[str, Any]:
    names = ("An", "Bình")
    seats = [{"name": names[i], "control": c, "team": i % 2} for i, c in enumerate(controls)]
    return {"mode": "pvp", "players": len(controls), "seats": seats, "options": options}


def open_shv(app: Any, match: Match) -> ShvTable:
    table = open_table(app, match)
    assert isinstance(table, ShvTable)
    app.stack.push(table)
    app.stack.apply_pending()
    return table


def settle(app: Any, table: ShvTable, limit: int = 1500) -> None:
    """Step (revealing hand-offs) until the viewer may act with the hand at rest."""
    for _ in range(limit):
        if isinstance(app.stack.top, HandoffScene):
            click(app, (app.size[0] // 2, app.size[1] // 2))
            continue
        if table.in_control and not any(s.moving for s in table.hand.sprites):
            return
        step(app)
    raise AssertionError("the table never settled")


def labels(table: ShvTable) -> list[str]:
    return [wording.bare(b.label) for b in table.bar.buttons]


def press(app: Any, table: ShvTable, words: str) -> None:
    click(app, next(b.rect for b in table.bar.buttons if wording.bare(b.label) == words).center)


def guardian_rect(table: ShvTable, uid: int) -> Any:
    sprite = next(r.get(uid) for r in table.fields.values() if r.get(uid) is not None)
    return sprite.bounds


def hand_rect(table: ShvTable, card: int) -> Any:
    return next(s.rect for s in table.hand.sprites if s.card == card)


def busy(app: Any, extra_field: list[dict[str, Any]] | None = None) -> ShvTable:
    """``table_busy_2``: An (seat 0) acts with Ma Trơi, Cao Lỗ and Âu Cơ on the field
    and Sứ Giả and Tactics in hand, no summon yet; both seats human."""
    data = json.loads((SCENARIOS / "table_busy_2.json").read_text("utf-8"))["position"]
    data["players"][0]["field"] += extra_field or []
    data["turn_flags"] = {"summoned": False}  # Sứ Giả may be summoned
    match = new_match("shv", config(("human", "human")), 3)
    match.state = match.rules.from_scenario(data)
    table = open_shv(app, match)
    settle(app, table)
    return table


# -- P-SHV-4: the start/end-of-turn declaration ---------------------------------------------
@pytest.mark.parametrize(("lang", "use", "decline"), [
    ("vi", "Kích hoạt Vảy Rồng", "Không kích hoạt"),
    ("en", "Activate Dragon Scales", "Don't activate"),
])  # fmt: skip
def test_declining_an_end_of_turn_skill_declares_nothing(
    make_app: Any, lang: str, use: str, decline: str
) -> None:
    """SHV-4.3 B2, SHV-7.9: Lạc Long Quân's Vảy Rồng (end of turn) may be declared or not."""
    app = make_app(lang)
    table = busy(app, [{"card": "lac_long_quan"}])
    press(app, table, app.tr("shvtable.kind.end_turn"))
    settle(app, table)
    assert table.rules.prompt(table.match.state).key == "shv.prompt.declare"
    assert labels(table) == [use, decline]
    prompt = table.turn_prompt(0)
    assert app.tr("shvtable.phase.declare_end") in prompt.lower() or lang == "en"
    assert not wording.problems(prompt, lang) and not any(
        wording.problems(words, lang, {"declare", "done"}) for words in labels(table)
    )
    before = len(table.match.log)
    press(app, table, decline)
    assert [a.kind for a in table.match.log[before:]] == ["done"]
    assert not table.rules.view(table.match.state, 0).declared


def test_activating_an_end_of_turn_skill_declares_it(make_app: Any) -> None:
    app = make_app("vi")
    table = busy(app, [{"card": "lac_long_quan"}])
    llq = table.names.index("lac_long_quan")
    press(app, table, "Kết thúc lượt")
    settle(app, table)
    press(app, table, "Kích hoạt Vảy Rồng")
    declared = [a for a in table.match.log if a.kind == "declare"]
    assert [(a["source"], a["skill"]) for a in declared] == [(llq, "vay_rong")]
    assert any("tuyên bố kỹ năng Vảy Rồng" in line for line in table.event_log.lines())


# -- P-SHV-2: the face-down Guardian, chosen from cards ---------------------------------------
@pytest.mark.parametrize("first_team", ["0", "1"])
def test_the_face_down_guardian_is_chosen_from_cards(make_app: Any, first_team: str) -> None:
    """SHV-3.4.4 against the AI, An's team first ("0") or second ("1": An first picks the
    privilege's point type, then places, with no hand-off in between)."""
    app = make_app("vi")
    match = new_match("shv", config(("human", "ai"), first_team=first_team), 5)
    table = open_shv(app, match)
    settle(app, table)
    if first_team == "1":
        assert table.rules.prompt(match.state).key == "shv.prompt.privilege_type"
        press(app, table, "Hỏa")
        settle(app, table)
    assert table.rules.prompt(match.state).key == "shv.prompt.place"
    choices = sorted(a["card"] for a in match.legal_actions() if a.kind == "place_guardian")
    assert sorted(s.card for s in table.hand.sprites) == choices  # the hand shows them
    assert all(("card", c) in table.input.lit for c in choices)
    assert not table.bar.buttons  # no row of name-only buttons
    card = choices[-1]
    drag(app, hand_rect(table, card).center, table.field_rect(0).center)
    placed = [a["card"] for a in match.log if a.kind == "place_guardian" and a.seat == 0]
    assert placed == [card]  # (the AI may place its own right after)


# -- P-SHV-5: Sứ Giả's attach ------------------------------------------------------------------
def summon_su_gia(app: Any, table: ShvTable) -> tuple[int, int]:
    """An summons Sứ Giả by drag; its on-enter draw, then the attach question.  Returns
    (a Tactic in hand, Cao Lỗ)."""
    su_gia = table.names.index("su_gia")
    drag(app, hand_rect(table, su_gia).center, table.field_rect(0).center)
    settle(app, table)
    assert table.rules.prompt(table.match.state).key == "shv.prompt.attach"
    hand = [s.card for s in table.hand.sprites]
    tactic = next(c for c in hand if table.names[c] == "kim_co_ban")
    return tactic, table.names.index("cao_lo")


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_su_gia_attach_is_a_drag_onto_the_guardian(make_app: Any, lang: str) -> None:
    app = make_app(lang)
    table = busy(app)
    tactic, cao_lo = summon_su_gia(app, table)
    assert labels(table) == [app.tr("shvtable.kind.pass")]  # no "attach" buttons
    assert ("card", tactic) in table.input.lit
    prompt = table.turn_prompt(0)
    assert not wording.problems(prompt, lang), prompt
    drag(app, hand_rect(table, tactic).center, guardian_rect(table, cao_lo).center)
    last = table.match.log[-1]
    assert (last.kind, last["card"], last["guardian"]) == ("attach", tactic, cao_lo)
    settle(app, table)
    # SHV-5.2: given by a skill, it is not the turn's Tactic: one may still be given
    assert any(a.kind == "give_tactic" for a in table.match.legal_actions())


def test_su_gia_attach_by_clicking_the_card_then_the_guardian(make_app: Any) -> None:
    app = make_app("vi")
    table = busy(app)
    tactic, cao_lo = summon_su_gia(app, table)
    click(app, hand_rect(table, tactic).center)
    assert ("aim", ("g", cao_lo)) in table.input.lit  # the card picked, the guardians lit
    assert not table.bar.buttons or labels(table) == ["Bỏ qua"]
    click(app, guardian_rect(table, cao_lo).center)
    last = table.match.log[-1]
    assert (last.kind, last["card"], last["guardian"]) == ("attach", tactic, cao_lo)


def test_attach_labels_name_the_card_and_the_guardian(make_app: Any) -> None:
    app = make_app("vi")
    table = busy(app)
    tactic, cao_lo = summon_su_gia(app, table)
    mine = [a for a in table.offered if a.kind == "attach" and a["card"] == tactic]
    attach = next(a for a in mine if a["guardian"] == cao_lo)
    assert table.action_label(attach) == "Trao Thế Kim cho Cao Lỗ"  # a Tactic is given (SHV-13)


# -- P-SHV-31: log lines that name the cards --------------------------------------------------
@pytest.mark.parametrize(("lang", "kept", "used"), [
    ("vi", "An giữ Gươm Thuận Thiên cho Cao Lỗ và bỏ Nỏ Thần.", "An dùng Thuốc Nam cho Cao Lỗ."),
    ("en", "An keeps Sword of Heaven's Will on Cao Lỗ the Bowyer and discards Divine Crossbow.",
     "An uses Herbal Remedy on Cao Lỗ the Bowyer."),
])  # fmt: skip
def test_log_names_the_equipment_kept_and_the_treasure_target(
    make_app: Any, lang: str, kept: str, used: str
) -> None:
    """SHV-5.3: the equipment kept and the one discarded; a treasure's target."""
    app = make_app(lang)
    table = busy(app)
    table.names = [*table.names, "no_than"]  # a Nỏ Thần to discard
    guom, cao_lo, thuoc, no = (
        table.names.index(c) for c in ("guom_thuan_thien", "cao_lo", "thuoc_nam", "no_than")
    )
    data = {"seat": 0, "guardian": cao_lo, "slot": "weapon", "kept": guom, "discarded": no}
    assert table.sentence(Event("equipment_kept", data)) == kept
    treasure = {"seat": 0, "card": thuoc, "guardian": cao_lo}
    assert table.sentence(Event("treasure_used", treasure)) == used
