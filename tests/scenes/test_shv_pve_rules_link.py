"""Issue 34 major 7 (P-SHV-6): the rules help teaches Sử Hộ Vương's co-op mode
(SHV-10: the villain turn, targeting, winning) instead of saying "coming soon", and
the PvE setup screens open it; the Story seat screen says Story, shows the Boss and
asks no first team (P-SHV-16, SHV-6.7)."""

from __future__ import annotations

from typing import Any

import pytest

from game.i18n import t
from tests.scenes.table_driver import click, step

PVE = "15"

# (SHV rule, the words each language's section must hold for it)
TAUGHT = [
    ("SHV-10.2", {"vi": ["mục tiêu in trên thẻ Cường địch", "mọi người chơi đều bị loại"],
                  "en": ["goal printed on the Boss card", "every player is eliminated"]}),
    ("SHV-10.4", {"vi": ["thao tác chuẩn bị"], "en": ["setup"]}),
    ("SHV-10.5 step 1", {"vi": ["nó chỉ rút 1 thẻ", "thực hiện ngay"],
                         "en": ["it draws only 1 card", "carried out at once"]}),
    ("SHV-10.5 step 2", {"vi": ["không được che chắn", "ít MP nhất", "người chơi chọn"],
                         "en": ["not shielded", "lowest MP", "the players choose"]}),
    ("SHV-10.5 steps 3-5", {"vi": ["Lâu la xuất hiện", "Sẵn sàng", "vòng chơi kết thúc"],
                            "en": ["Minions appear", "Ready", "the round ends"]}),
    ("SHV-6.7", {"vi": ["không có Quyền lợi đi sau"], "en": ["no Second-player Privilege"]}),
]  # fmt: skip


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_pve_rules_section_teaches_the_villain_turn(lang: str) -> None:
    body = t(f"rules.shv.sections.{PVE}.body", lang)
    heading = t(f"rules.shv.sections.{PVE}.heading", lang)
    assert "PvE" in heading
    for words in ("sắp có", "coming soon"):
        assert words not in body
    missing = [(rule, w) for rule, need in TAUGHT for w in need[lang] if w not in body]
    assert not missing, missing


def _rules_opened_at(app: Any, name: str) -> Any:
    from scenes.rules_help import RulesScene

    scene = app.stack.top
    button = next(b for b in scene.focus.buttons if getattr(b, "name", "") == name)
    click(app, button.rect.center)
    step(app)
    rules = app.stack.top
    assert isinstance(rules, RulesScene), type(rules)
    assert rules.game_id == "shv" and rules.scroll == rules.anchors[PVE] > 0
    return rules


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_arena_setup_opens_the_pve_rules(make_app: Any, size: tuple[int, int]) -> None:
    """The PvE (Arena) seat screen has a button that opens the co-op rules; the
    versus screen does not."""
    from scenes.seats import SeatSetupScene

    app = make_app(size=size)
    scene = SeatSetupScene(app, "shv")
    app.stack.push(scene)
    app.stack.apply_pending()
    scene.set_mode("pvp")
    step(app, frames=2)
    assert "mode_rules" not in [getattr(b, "name", "") for b in scene.focus.buttons]
    scene.set_mode("pve")
    step(app, frames=2)
    names = [getattr(b, "name", "") for b in scene.focus.buttons]
    assert "option.first_team" not in names  # SHV-6.7: one team, no first team to choose
    button = next(b for b in scene.focus.buttons if getattr(b, "name", "") == "mode_rules")
    assert app.screen.get_rect().contains(button.rect)
    _rules_opened_at(app, "mode_rules")


def test_the_story_seat_screen_says_story_shows_the_boss_and_opens_the_rules(
    make_app: Any,
) -> None:
    """P-SHV-16: the Story fight's seat screen names the Story mode, shows the Boss
    card (its goals and draws: the rules document's PvE setup says to read it first)
    and no first-team choice; it opens the co-op rules too."""
    from saves import profiles
    from scenes.story import StoryScene
    from scenes.story_parts import StorySeats, pve_info

    app = make_app(size=(1024, 600))
    profile = profiles.create("Nhóm Ba")
    story = StoryScene(app, profile)
    app.stack.push(story)
    info = pve_info()
    assert info is not None
    seats = StorySeats(app, story, "ngu_tinh", info)
    app.stack.push(seats)
    app.stack.apply_pending()
    step(app, frames=2)
    mode = next(b for b in seats.focus.buttons if getattr(b, "name", "") == "mode")
    shown = dict(mode.options)[mode.value]
    assert shown == app.tr("story.mode"), shown
    face, lines = seats.preview()
    assert face is not None and lines, "the Boss card is shown"
    assert app.tr("shv.boss.ngu_tinh") in lines[0]
    names = [getattr(b, "name", "") for b in seats.focus.buttons]
    assert "option.first_team" not in names
    _rules_opened_at(app, "mode_rules")


def test_a_sub_heading_line_is_bold_without_its_marker(make_app: Any) -> None:
    """A body line starting with "## " is a bold sub-heading (the co-op chapter's
    "Lượt của Phe phản diện, từng bước"), shown and found by the search without the marker."""
    from scenes.rules_help import RulesScene

    app = make_app()
    scene = RulesScene(app, "shv", section=PVE)
    app.stack.push(scene)
    app.stack.apply_pending()
    step(app)
    assert not [w for w in scene.words if w[0].startswith("##")]
    sub = [w for w in scene.words if w[0] == "Lượt của Phe phản diện, từng bước"]
    assert sub and sub[0][2], sub  # bold
