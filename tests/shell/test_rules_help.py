"""Rules help: every game's pages exist in both languages and fit the panel.

Sử Hộ Vương (issue 7 item 5) is registered hidden until its table lands, so its
help is opened by game id, as the pause menu of its table will do."""

from __future__ import annotations

import re

import pytest

from game.i18n import LANGS, table
from scenes import text
from scenes.rules_help import RulesScene, sections
from tests.shell.driver import Driver

SIZES = [(1280, 720), (1024, 600)]

# Terms the SHV help must explain, as printed in su-ho-vuong.txt (vi) and the glossary (en).
SHV_TERMS = {
    "vi": [
        # SHV-1: card kinds and equipment slots
        "Hộ thần",
        "Chiến thuật",
        "Bảo vật",
        "Trang bị",
        "Dùng 1 lần",
        "Vũ khí",
        "Vệ khí",
        "Phụ kiện",
        # SHV-6, SHV-G3: postures, tactic point types, the go-second benefit
        "Sẵn sàng",
        "Mệt mỏi",
        "Kim",
        "Mộc",
        "Thủy",
        "Hỏa",
        "Thổ",
        "Quyền lợi đi sau",
        # SHV-7: the six keywords, exert and range
        "VÀO SÂN",
        "CHỦ ĐỘNG",
        "PHẢN ỨNG",
        "BỊ ĐỘNG",
        "CHEN NGANG",
        "TRÊN TAY",
        "Tốn sức",
        "Tầm gần",
        "Tầm xa",
        # SHV-9: the five statuses; SHV-8: damage words
        "Giảm trị liệu X",
        "Tàng hình",
        "Tăng sát thương X",
        "Suy yếu X",
        "Tăng chống chịu X",
        "xuyên thấu",
        "Chặn sát thương",
        "hạ gục",
        "che chắn",
        "bị loại",
        # SHV-G1 and the options: starting MP 15
        "15",
    ],
    "en": [
        "Guardian",
        "Tactic",
        "Treasure",
        "Equipment",
        "Single-use",
        "Weapon",
        "Guard",
        "Accessory",
        "Ready",
        "Tired",
        "Metal",
        "Wood",
        "Water",
        "Fire",
        "Earth",
        "Second-player Privilege",
        "ON ENTER",
        "ACTIVE",
        "REACTION",
        "PASSIVE",
        "INTERRUPT",
        "IN HAND",
        "Exert",
        "Melee",
        "Ranged",
        "Healing Reduction X",
        "Stealth",
        "Damage Up X",
        "Weaken X",
        "Toughness X",
        "Piercing",
        "Block",
        "knocked out",
        "shield",
        "eliminated",
        "15",
    ],
}


@pytest.mark.parametrize("game_id", ["manasurge", "shv"])
def test_every_page_exists_in_both_languages(game_id: str) -> None:
    vi, en = sections(game_id, "vi"), sections(game_id, "en")
    assert len(vi) == len(en) >= 10
    assert all(heading and body for heading, body in vi + en)
    for lang in LANGS:
        assert table(lang).get(f"rules.{game_id}.title"), lang


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_shv_help_explains_every_term(lang: str) -> None:
    body = " ".join(f"{h} {b}" for h, b in sections("shv", lang))
    assert [term for term in SHV_TERMS[lang] if term not in body] == []


def test_shv_help_has_a_pve_page_and_the_rule_options() -> None:
    # SHV-2.3: the co-op mode is announced, not explained; the gap defaults are options.
    headings = {lang: [h for h, _ in sections("shv", lang)] for lang in LANGS}
    assert "Chế độ Đồng đội (PvE)" in headings["vi"] and "Tùy chọn luật" in headings["vi"]
    assert "Co-op mode (PvE)" in headings["en"] and "Rule options" in headings["en"]
    for lang in LANGS:
        lines = {k: v for k, v in table(lang).items() if k.startswith("rules.shv.options.")}
        assert {k.rsplit(".", 1)[1] for k in lines} >= {
            "starting_mp",
            "reaction_prompts",
            "skill_limit",
        }
        # player-facing: the hint under an option names no rule ID (P-SHV-26)
        assert not any(re.match(r"[A-Z]{2,3}-[A-Z0-9.]+:", v) for v in lines.values()), lang


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_every_page_renders_inside_the_panel(size: tuple[int, int], lang: str) -> None:
    d = Driver(size=size, lang=lang)
    # SHV is opened by id: the help needs only its text, not a listing in game select.
    for game_id in ("manasurge", "shv"):
        d.start(RulesScene(d.app, game_id))
        scene = d.top
        assert isinstance(scene, RulesScene) and scene.game_id == game_id
        assert scene.view.width > 0 and scene.panel_rect.contains(scene.view)
        # No line is wider than the text column (the scroll bar keeps its own strip).
        width = scene.view.width - d.app.px(16)
        too_wide = [
            ln.x + ln.surface.get_width()
            for ln in scene.lines
            if ln.x + ln.surface.get_width() > width
        ]
        assert too_wide == [], game_id
        # Every heading is laid out, in order, and the last line can be scrolled into view.
        ys = [ln.y for ln in scene.lines]
        assert ys == sorted(ys)
        size_px = d.app.px(23)
        headings = [h for h, _ in sections(game_id, lang)]
        drawn = {ln.surface.get_size() for ln in scene.lines if ln.x == 0}
        for heading in headings:
            lines = text.wrap(heading, size_px, width, bold=True)
            assert text.render(lines[0], size_px, (0, 0, 0), bold=True).get_size() in drawn
        last = scene.lines[-1]
        assert last.y + last.surface.get_height() <= scene.doc_h
        assert scene.doc_h - scene.max_scroll <= scene.view.height
        # The title keeps a readable size inside the panel.
        title = d.app.tr(f"rules.{game_id}.title")
        room = scene.panel_rect.width - d.app.px(48)
        assert text.fit_size(title, d.app.px(34), room, bold=True) >= d.app.px(24)
        # Paging down reaches the end: every page can be drawn.
        pages = 1
        while scene.scroll < scene.max_scroll:
            scene.scroll_by(scene.view.height)
            scene.draw(d.app.screen)
            pages += 1
        assert pages >= 2, game_id


def test_list_items_hang_after_their_marker() -> None:
    # ManaSurge rules 07 numbers the end-of-round steps (1. … 10.); bullets use "• ".
    size = 19
    assert RulesScene.hanging_indent("• a bullet", size) == text.font(size).size("• ")[0]
    assert RulesScene.hanging_indent("10. a step", size) == text.font(size).size("10. ")[0]
    assert RulesScene.hanging_indent("A plain paragraph. 2. not a step", size) == 0
    steps = [p for p in sections("manasurge", "vi")[6][1].split("\n") if p[:1].isdigit()]
    assert len(steps) == 10
