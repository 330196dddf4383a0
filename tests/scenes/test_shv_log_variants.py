"""Text review (issue 35 item 13) rows that need the table's code, not only JSON:
SHV-02 (the start/end-of-turn prompt names the step in words), SHV-03 (a Treasure's
effect resumes under its card's name, not "Kỹ năng None"), SHV-30 (the damage line
says "(chặn N)" only when something was blocked, and never "nhận 0 sát thương"),
SHV-36 (a Boss Treasure line says whether it stays on the Boss or resolves at once;
the villain turn's end is said once)."""

from __future__ import annotations

from typing import Any

import pytest

from game import new_match
from game.core.contract import Event, Prompt
from scenes.puzzles import scenario_match
from tests import wording
from tests.scenes.table_driver import step

DECK = ["kim_co_ban"] * 4


def _pvp(app: Any) -> Any:
    from scenes.table import open_table

    me = {"team": 0, "mp": 15, "deck": DECK, "field": [{"card": "ly_thuong_kiet"}],
          "hand": ["mui_ten_dong"]}  # fmt: skip
    them = {"team": 1, "mp": 15, "deck": DECK, "field": [{"card": "au_co"}]}
    match = scenario_match("shv", "pvp", {"players": [me, them]}, 0, app.tr.lang)
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    step(app, frames=2)
    return table


def _uid(table: Any, card: str) -> int:
    return table.match.state.names.index(card)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_damage_line_names_a_block_only_when_there_was_one(make_app: Any, lang: str) -> None:
    """SHV-30 (SHV-8.8 step 5: Block is taken off the hit)."""
    app = make_app(lang=lang)
    table = _pvp(app)
    au_co = _uid(table, "au_co")
    hit = {"source": None, "amount": 2, "piercing": False, "range": None, "guardian": au_co}
    name = table.card_name(au_co)
    lines = {
        (dealt, blocked): table.sentence(
            Event("damage", {**hit, "dealt": dealt, "blocked": blocked})
        )
        for dealt, blocked in ((2, 0), (1, 1), (0, 2), (0, 0))
    }
    for line in lines.values():
        assert line.startswith(name) and not wording.problems(line, lang), line
    assert "2" in lines[2, 0] and "0" not in lines[2, 0]  # no "(chặn 0)"
    assert "0" not in lines[0, 0] and "0" not in lines[0, 2]  # no "nhận 0 sát thương"
    assert "2" in lines[0, 2]  # what the Block stopped is said
    assert "1" in lines[1, 1] and lines[1, 1] != lines[2, 0].replace("2", "1")
    assert len(set(lines.values())) == 4


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_treasure_that_resumes_is_named_as_a_card_not_a_skill(make_app: Any, lang: str) -> None:
    """SHV-03: an Interrupt (Giữ Thành) answers Mũi Tên Đồng, a Single-use Treasure;
    the resumed effect has no skill (``skill: None``)."""
    app = make_app(lang=lang)
    table = _pvp(app)
    arrow = _uid(table, "mui_ten_dong")
    line = table.sentence(Event("resumed", {"source": arrow, "skill": None, "depth": 1}))
    assert table.card_name(arrow) in line
    assert "None" not in line and not wording.problems(line, lang)
    skill_word = {"vi": "Kỹ năng", "en": "skill"}[lang]
    assert skill_word not in line  # a Treasure is not a skill
    # A skill that resumes still says it is one.
    giu = _uid(table, "ly_thuong_kiet")
    said = table.sentence(Event("resumed", {"source": giu, "skill": "giu_thanh", "depth": 1}))
    assert skill_word in said


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_declare_prompt_names_the_step_in_words(make_app: Any, lang: str) -> None:
    """SHV-02 (SHV-4.1 B2, 4.3 B2): no engine id ("declare_start") in the banner, and
    the rules' own key reads as well as the table's."""
    app = make_app(lang=lang)
    table = _pvp(app)
    for phase in ("declare_start", "declare_end"):
        prompt = Prompt(0, "shv.prompt.declare", {"phase": phase}, kind="choose")
        params = table.params({"name": "An", **prompt.params})
        for key in (table.prompt_key(prompt), prompt.key):
            line = app.tr(key, **params)
            assert "declare" not in line and not wording.problems(line, lang), line
            assert app.tr("shvtable.kind.declare_none") in line  # the button to press


def _pve(app: Any) -> Any:
    from scenes.table import open_table
    from scenes.table.shv.pve import arena_config

    match = new_match("shv", arena_config("ho_tinh_cuu_vi", ["An"]), 1)
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    step(app, frames=2)
    return table


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_boss_treasure_line_says_whether_it_stays(make_app: Any, lang: str) -> None:
    """SHV-36 (SHV-10.7.2: an attached Treasure stays on the Boss, an instant one
    resolves at once); the villain turn's end is one line, not two."""
    app = make_app(lang=lang)
    table = _pve(app)
    kept = table.sentence(Event("boss_treasure", {"card": "ho_ly_chau", "uid": 40,
                                                  "persistent": True}))  # fmt: skip
    instant = table.sentence(Event("boss_treasure", {"card": "goi_bay", "uid": 41,
                                                     "persistent": False}))  # fmt: skip
    assert app.tr("shvtable.pve.log.boss_treasure_attached", card="X").split("X")[0] in kept
    assert kept != instant.replace("goi_bay", "ho_ly_chau")
    boss = app.tr("shv.boss.ho_tinh_cuu_vi")
    assert boss not in instant  # the Boss does not keep an instant Treasure
    for line in (kept, instant):
        assert line and not wording.problems(line, lang), line
    readied = table.sentence(Event("villain_readied", {"who": [0]}))
    end = table.sentence(Event("villain_turn", {"step": "end", "round": 1}))
    assert readied and end == ""


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_status_line_says_its_number_but_stealth_has_none(make_app: Any, lang: str) -> None:
    """SHV-26 (SHV-9.6: statuses with an X stack, so the number matters; Tàng hình has
    none)."""
    app = make_app(lang=lang)
    table = _pvp(app)
    au_co = _uid(table, "au_co")
    weak = table.sentence(Event("status_added", {"guardian": au_co, "status": "weaken",
                                                 "amount": 2, "until": None}))  # fmt: skip
    hidden = table.sentence(Event("status_added", {"guardian": au_co, "status": "stealth",
                                                   "amount": 1, "until": None}))  # fmt: skip
    assert "2" in weak and app.tr("shv.status.weaken") in weak
    assert "1" not in hidden and app.tr("shv.status.stealth") in hidden
    for line in (weak, hidden):
        assert not wording.problems(line, lang), line


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_tables_show_their_controls(make_app: Any, lang: str) -> None:
    """SHV-53: the versus and co-op tables say their keys under the buttons (the
    co-op one adds S, which skips the villain turn)."""
    app = make_app(lang=lang)
    versus = _pvp(app).hint()
    coop = _pve(app).hint()
    assert versus and "Ctrl+Z" in versus and "H" in versus and not wording.problems(versus, lang)
    assert coop != versus and "S:" in coop and not wording.problems(coop, lang)
