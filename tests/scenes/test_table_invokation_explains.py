"""The Thất Thánh Triệu Hồi table explains what happens: passives shown (P-GI-2), Charged /
Plunging Attacks marked before and logged after (P-GI-7), element and reaction in every
damage line (P-GI-10), discounted skill costs (P-GI-8), the rules' reason for a wrong
target (P-GI-11), the HP gem inside the card (P-GI-18), the switch target marked while
paying (P-GI-19), what a skill creates explained on the character (P-GI-21), one pop-up
at a time (P-GI-24), the dice tray never behind the view (P-GI-25) and tuning read as a
conversion (P-GI-34).  Each table here is a real rules core on a scenario position (seat
0 human)."""

from __future__ import annotations

from typing import Any

import pygame
from table_driver import click, drag, step

from game import new_match
from game.core.contract import Event
from scenes.puzzles import scenario_match
from scenes.table import open_table
from scenes.table.invokation import InvokationTable, draw, look, skills
from scenes.table.richtext import plain


def _pos(me: dict[str, Any], opp: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    opp = opp or {"characters": ["tien_suoi", "ba_lo_ren", "ong_chai"]}
    return {"seed": 3, "round": 2, "phase": "action", "first": 0, "turn": 0,
            "players": [me, {"dice": {"omni": 6}, **opp}], **top}  # fmt: skip


def open_pos(app: Any, position: dict[str, Any]) -> InvokationTable:
    match = scenario_match("invokation", None, position, 0, app.tr.lang)
    table = open_table(app, match)
    assert isinstance(table, InvokationTable)
    app.stack.push(table)
    app.stack.apply_pending()
    step(app, frames=60)
    return table


def hover(app: Any, pos: tuple[int, int], frames: int = 40) -> None:
    event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    pygame.mouse.set_pos(pos)
    step(app, [event], frames=frames)


def tips_at(table: InvokationTable, pos: tuple[int, int]) -> list[tuple[str, str]]:
    return [(title, body) for r, title, body in table.shown_tips if r.collidepoint(pos)]


def log_lines(table: InvokationTable) -> list[str]:
    """The log as read: its words, each element's icon (``[[pyro]]``) left out."""
    table.anims.skip()
    return [plain(line) for line in table.event_log.lines()]


THUNDER = {"characters": ["ong_sam", "xa_thu_duoc", "co_tha_dieu"], "dice": {"omni": 8}}


# -- P-GI-2: passives ------------------------------------------------------------------------------
def test_passives_are_on_the_character_card_and_on_a_badge_with_their_text(app: Any) -> None:
    # GI-4.1: a passive works from the start; the card and the board say so
    body = look.face("ong_sam", "vi").body
    assert "Sấm Rền (Bị Động): Trọng Kích của ông gây thêm 1 sát thương." in body
    assert "Rolling Thunder (Passive)" in look.face("ong_sam", "en").body
    table = open_pos(app, _pos(THUNDER))
    c = table.board_view.sides[0].chars[0]  # type: ignore[union-attr]
    badges = draw.passive_rects(table, table.chars[(0, 0)], c)
    assert [k for k, _ in badges] == ["passive"]
    box = badges[0][1]
    hover(app, box.center)
    assert tips_at(table, box.center) == [
        ("Sấm Rền (Bị Động)", "Trọng Kích của ông gây thêm 1 sát thương.")
    ]
    assert table.zoom.card is None  # its tip, not the character's zoom too (P-GI-24)


def test_a_spent_once_per_match_passive_says_so(app: Any) -> None:
    # GI-7.4: Xạ Thủ Đuốc's "will not be defeated" works once per match
    me = {"characters": ["xa_thu_duoc", "ong_sam", "co_tha_dieu"]}
    table = open_pos(app, _pos(me))
    c = table.board_view.sides[0].chars[0]  # type: ignore[union-attr]
    key, box = draw.passive_rects(table, table.chars[(0, 0)], c)[0]
    assert not table.passive_spent(0, 0, key)
    table.match.state.players[0].characters[0].marks[f"{key}:match"] = 1
    table.refresh_view(animate=False)
    hover(app, box.center)
    (_title, body), *_ = tips_at(table, box.center)
    assert body.endswith("Đã dùng trong trận này.")


# -- P-GI-7: Charged and Plunging Attacks ----------------------------------------------------------
def test_the_normal_attack_button_says_charged_and_the_log_says_it_after(app: Any) -> None:
    # GI-7.12: 8 dice before paying: Búa Mây is a Charged Attack (Sấm Rền +1)
    table = open_pos(app, _pos(THUNDER))
    normal = next(b for b in table.skill_buttons if b.skill == "normal")
    assert normal.charged and not normal.plunging
    assert skills.attack_tag(table, normal) == "Trọng Kích"
    assert not any(skills.attack_tag(table, b) for b in table.skill_buttons if b is not normal)
    hover(app, normal.rect.center)
    (title, body), *_ = tips_at(table, normal.rect.center)
    assert title == "Búa Mây · Trọng Kích" and "8 xúc xắc" in body
    click(app, normal.rect.center)
    click(app, table.bar.buttons[0].rect.center)  # pay the preselected dice
    assert "Ông Sấm dùng Búa Mây: Trọng Kích." in log_lines(table)


def test_an_odd_dice_count_is_no_charged_attack(app: Any) -> None:
    table = open_pos(app, _pos({**THUNDER, "dice": {"omni": 7}}))
    normal = next(b for b in table.skill_buttons if b.skill == "normal")
    assert not normal.charged and skills.attack_tag(table, normal) == ""


def test_the_normal_attack_after_a_switch_in_is_marked_plunging(app: Any) -> None:
    # GI-7.13: switched in this round, no Combat Action since: a Plunging Attack
    me = {**THUNDER, "dice": {"omni": 7}, "plunge_ready": True}
    table = open_pos(app, _pos(me))
    normal = next(b for b in table.skill_buttons if b.skill == "normal")
    assert normal.plunging and skills.attack_tag(table, normal) == "Tấn Công Khi Đáp"
    used = Event("skill_used", {"seat": 0, "character": 0, "skill": "normal", "type": "normal",
                                "charged": False, "plunging": True})  # fmt: skip
    assert table.sentence(used) == "Ông Sấm dùng Búa Mây: Tấn Công Khi Đáp."


# -- P-GI-10: elements and reactions in the log ----------------------------------------------------
def test_every_damage_line_names_its_element_and_reaction(app: Any) -> None:
    # GI-6.4: Pyro on Cryo melts; the lines say which elements met and what it did
    me = {"characters": ["ba_lo_ren", "ong_sam", "co_tha_dieu"], "dice": {"omni": 8}}
    opp = {"characters": [{"card": "tien_suoi", "aura": ["cryo"]}, "ba_lo_ren", "ong_chai"]}
    table = open_pos(app, _pos(me, opp))
    skill = next(b for b in table.skill_buttons if b.skill == "skill")
    click(app, skill.rect.center)
    click(app, table.bar.buttons[0].rect.center)
    lines = log_lines(table)
    assert "Nàng Tiên Suối nhận 3 sát thương Hỏa (Tan Chảy +2)." in lines
    assert "Phản Ứng Nguyên Tố: Băng + Hỏa → Tan Chảy trên Nàng Tiên Suối." in lines
    assert "Ấn nguyên tố trên Nàng Tiên Suối: không có." in lines
    assert not any("thay đổi" in line for line in lines)
    marked = [x for x in table.event_log.lines() if "Tan Chảy trên" in x]  # icons by the names
    assert marked and "[[cryo]] Băng + [[pyro]] Hỏa" in marked[0]


def test_damage_lines_explain_swirl_frozen_shields_and_bonuses(app: Any) -> None:
    table = open_pos(app, _pos(THUNDER))
    hit = {"target": {"seat": 1, "character": 0}, "seat": 1, "character": 0, "hp": 7,
           "piercing": False, "reaction": None, "base": 1, "bonus": 0, "shield": 0}  # fmt: skip

    def say(event: Event) -> str:
        return plain(table.sentence(event))

    swirl = {**hit, "amount": 1, "element": "anemo", "reaction": "swirl"}
    assert say(Event("damage", swirl)) == "Nàng Tiên Suối nhận 1 sát thương Phong (Khuếch Tán)."
    thaw = {**hit, "amount": 4, "element": "physical", "base": 2, "bonus": 2}  # GI-6.5
    assert say(Event("damage", thaw)).endswith("Vật Lý (phá Đóng Băng +2).")
    more = {**hit, "amount": 1, "element": "pyro", "base": 1, "shield": 1, "bonus": 0}  # GI-6.6
    assert say(Event("damage", {**more, "amount": 1})).endswith(
        "(thêm 1 nhờ hiệu ứng; Khiên chặn 1)."
    )
    applied = {"reaction": "bloom", "target": {"seat": 1, "character": 0}, "bonus": 0,
               "amount": 0, "seat": 0, "character": 0, "elements": ["hydro", "dendro"]}  # fmt: skip
    assert say(Event("reaction", applied)).startswith("Phản Ứng Nguyên Tố: Thủy + Thảo → Sum Suê")
    aura = Event("aura_changed", {"seat": 1, "character": 0, "aura": ["cryo", "dendro"]})
    assert say(aura) == "Ấn nguyên tố trên Nàng Tiên Suối: Băng, Thảo."
    app.tr.lang = "en"
    assert say(aura) == "Aura on Spring Fairy: Cryo, Dendro."


def test_the_reaction_banner_names_the_elements(app: Any) -> None:
    from scenes.table.invokation import words

    table = open_pos(app, _pos(THUNDER))
    e = Event("reaction", {"reaction": "overloaded", "bonus": 2, "elements": ["pyro", "electro"]})
    assert words.reaction_words(table, e) == "Hỏa + Lôi → Quá Tải +2"


# -- P-GI-8: discounts -----------------------------------------------------------------------------
def test_a_skill_button_shows_the_discounted_cost_and_says_why(app: Any) -> None:
    # GI-4.6: Nón Lá Bài Thơ: the Elemental Skill costs one die less (once per round)
    me = {"characters": [{"card": "ba_lo_ren", "equipment": ["non_la"]}, "ong_sam", "co_tha_dieu"],
          "dice": {"pyro": 3, "geo": 3}}  # fmt: skip
    table = open_pos(app, _pos(me))
    skill = next(b for b in table.skill_buttons if b.skill == "skill")
    assert skill.cost == {"pyro": 3} and skill.paid == {"pyro": 2}
    assert skill.lowered_by == ("non_la",)
    hover(app, skill.rect.center)
    (_title, body), *_ = tips_at(table, skill.rect.center)
    assert "Gây 1 sát thương Hỏa" in body  # what it does
    assert "Chi phí: 2 Hỏa" in body and "Nón Lá Bài Thơ" in body and "3 Hỏa" in body
    click(app, skill.rect.center)
    assert len(table.tray.selection) == 2  # the payment asks what the button says


# -- P-GI-11: the reason for a wrong target --------------------------------------------------------
def test_a_weapon_dropped_on_a_character_who_cannot_hold_it_says_why(app: Any) -> None:
    # GI-5.2: Bà Lò Rèn wields a claymore; a polearm is refused with both types named
    me = {
        "characters": ["ba_lo_ren", "xa_thu_duoc", "ong_sam"],
        "hand": ["giao_tre"],
        "dice": {"geo": 8},
    }  # fmt: skip  (the card may be tuned: it is picked up)
    table = open_pos(app, _pos(me))
    table.toasts.items.clear()
    drag(app, table.hand.sprites[0].rect.center, table.chars[(0, 0)].rect.center)
    said = [str(getattr(t, "text", t)) for t in table.toasts.items]
    assert any("Trọng Kiếm" in s and "Vũ Khí Cán Dài" in s for s in said), said
    assert table.paying is None and table.match.log == []
    assert not any(a.kind == "play" for a in table.offered)  # no one can hold it


# -- P-GI-18: the HP gem ---------------------------------------------------------------------------
def test_the_hp_is_in_the_faces_gem_inside_the_card_at_1024x600(make_app: Any) -> None:
    from scenes import text
    from scenes.table.cards import TITLE_MIN, Gem, draw_face, draw_gem

    app = make_app(size=(1024, 600))
    me = {"characters": [{"card": "ong_sam", "hp": 10}, "xa_thu_duoc", "co_tha_dieu"]}
    table = open_pos(app, _pos(me))
    for sprite in table.chars.values():
        assert "hp" not in sprite.counters  # no corner badge straddling the card's edge
        (cx, cy), r = draw.gem_spot(sprite.rect)
        inside = sprite.rect.inflate(-4, -4)
        assert inside.contains(pygame.Rect(cx - r, cy - r, 2 * r, 2 * r))
        px = max(TITLE_MIN, r)  # draw_gem's size for two digits
        assert text.render("10", px, bold=True, display=True).get_width() < 2 * r
    # the live gem lies exactly on the face's printed one (same place, same size)
    sprite = table.chars[(0, 0)]
    face = draw_face(look.face("ong_sam", "vi"), sprite.rect.size)
    again = face.copy()
    (cx, cy), r = draw.gem_spot(pygame.Rect((0, 0), sprite.rect.size))
    draw_gem(again, Gem("10", look.HP_GEM, "shv.hp"), (cx, cy), r)
    box = pygame.Rect(cx - 2 * r, cy - 2 * r, 4 * r, 4 * r).clip(face.get_rect())
    changed = sum(  # only anti-aliased edges drawn twice differ; a pixel off, ~15 %
        max(abs(a - b) for a, b in zip(face.get_at((x, y)), again.get_at((x, y)), strict=True)) > 40
        for x in range(box.x, box.right)
        for y in range(box.y, box.bottom)
    )
    assert changed <= box.w * box.h // 25, changed


def test_status_pills_and_auras_stay_readable_at_1024x600(make_app: Any) -> None:
    app = make_app(size=(1024, 600))
    thunder = {"card": "ong_sam", "statuses": ["am_bung"], "aura": ["cryo"]}
    me = {"characters": [thunder, "xa_thu_duoc", "co_tha_dieu"], "combat_statuses": ["lua_bung"]}
    table = open_pos(app, _pos(me))
    sprite, c = table.chars[(0, 0)], table.board_view.sides[0].chars[0]  # type: ignore[union-attr]
    assert all(box.h >= 15 for _, box in draw.status_rects(table, sprite, c))
    side = table.board_view.sides[0]  # type: ignore[union-attr]
    assert all(box.h >= 15 for _, box in draw.combat_rects(table, 0, side))
    hover(app, (5, 5), frames=2)
    auras = [r for r, title, _ in table.shown_tips if title == "Ấn nguyên tố"]
    assert auras and all(r.w >= 16 for r in auras)


# -- P-GI-19: the switch target while paying -------------------------------------------------------
def test_while_paying_for_a_switch_only_the_character_coming_in_is_lit(app: Any) -> None:
    table = open_pos(app, _pos(THUNDER))
    assert {v for v, _ in table.who_spots()} == {0, 1, 2}
    click(app, table.chars[(0, 2)].rect.center)
    assert table.paying is not None and table.paying.kind == "switch"
    assert [v for v, _ in table.who_spots()] == [2]
    lit = [s.value for s in table.board.spots(["who"]) if s.pick in table.input.lit]
    assert lit == [2]  # the green frame only on the one coming in (and the gold mark)


# -- P-GI-21: what a skill creates -----------------------------------------------------------------
def test_a_characters_card_explains_the_summons_and_statuses_its_skills_create() -> None:
    body = look.face("ba_lo_ren", "vi").body
    assert "Đốm Than (Vật Triệu Hồi): " + look.text("dom_than", "vi") in body
    assert "Kiếm Sương (Trạng Thái): " in look.face("nang_suong", "vi").body
    assert "(Hiệu Ứng Xuất Chiến): " in look.face("ong_da", "vi").body
    assert look.created("ong_sam") == []


# -- P-GI-24: one pop-up at a time -----------------------------------------------------------------
def test_a_status_equipment_or_summon_opens_its_zoom_without_a_tip_beside_it(app: Any) -> None:
    thunder = {"card": "ong_sam", "statuses": ["am_bung"], "equipment": ["trong_kiem_sat"]}
    me = {**THUNDER, "characters": [thunder, "xa_thu_duoc", "co_tha_dieu"],
          "summons": [{"card": "dom_than", "usages": 2}]}  # fmt: skip
    table = open_pos(app, _pos(me))
    sprite, c = table.chars[(0, 0)], table.board_view.sides[0].chars[0]  # type: ignore[union-attr]
    spots = [draw.status_rects(table, sprite, c)[0][1], draw.equip_rects(table, sprite, c)[0][1]]
    spots.append(draw.tile_spots(table, "summons")[0][1])
    for box in spots:
        hover(app, box.center)
        assert table.zoom.card is not None, box
        assert tips_at(table, box.center) == [], box


# -- P-GI-25: the tray and the panel agree ---------------------------------------------------------
def test_dice_gained_while_the_tray_rolls_reach_the_tray(app: Any) -> None:
    table = open_pos(app, _pos(THUNDER))
    values = list(table.tray.values)
    table.tray.roll(values, duration=0.5)  # still tumbling when the view changes
    table.match.state.players[0].dice = ["omni"] * 11
    table.refresh_view(animate=False)
    assert len(table.tray.values) == 8  # not while it rolls
    step(app, frames=60)
    assert len(table.tray.values) == 11
    assert table.app.tr("invokationtable.dice", count=11) == "Xúc Xắc Nguyên Tố · 11"


# -- P-GI-34: tuning is a conversion ---------------------------------------------------------------
def test_tuning_reads_as_a_conversion_and_the_log_says_which_die_became_what(app: Any) -> None:
    me = {**THUNDER, "dice": {"cryo": 4, "omni": 4}, "hand": ["giao_tre"]}
    table = open_pos(app, _pos(me))
    drag(app, table.hand.sprites[0].rect.center, table.rects["tune"].center)
    click(app, table.tray.dice[-1].rect.center)
    assert table.paying is not None and table.paying.kind == "tune"
    assert draw.pay_words(table) == "Bấm 1 xúc xắc để đổi thành Lôi"
    assert "trả" not in draw.pay_words(table)
    tuned = {"seat": 0, "card": 0, "name": "giao_tre", "from": "cryo", "to": "electro"}
    own = table.sentence(Event("tuned", tuned))
    assert own == "An Điều Tiết Nguyên Tố bằng Giáo Tre Đực: 1 xúc xắc Băng thành Lôi."
    theirs = table.sentence(Event("tuned", {**tuned, "seat": 1}))
    assert "Băng" not in theirs and theirs.endswith("1 xúc xắc thành Lôi.")


def test_the_opening_hands_zoom_opens_beside_the_row_not_over_the_next_card(app: Any) -> None:
    # GI-2.2: the mulligan shows the hand big; the zoom must not hide the other cards
    from table_driver import hotseat_config

    cfg = hotseat_config(2)
    cfg["mode"] = "duel"
    cfg["seats"][1]["control"], cfg["seats"][1]["bot"] = "ai", "random"
    match = new_match("invokation", cfg, 4)
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    step(app, frames=60)
    assert table.mode() == "mulligan" and len(table.hand.sprites) == 5
    for sprite in table.hand.sprites[1:4]:
        hover(app, sprite.rect.center)
        assert table.zoom.card == sprite.card
        zoomed = table.zoom.rect_for(app.screen.get_rect())
        assert not any(zoomed.colliderect(o.rect) for o in table.hand.sprites), sprite.card


def test_a_reroll_tumbles_only_the_dice_rolled_anew() -> None:
    # P-GI-23 (GI-3.2): the kept dice stay still; each kept face matches one die.
    from scenes.table.invokation.table import new_dice

    assert new_dice([0, 1, 1, 3, 5, 5, 6, 7], (1, 5, 5, 7)) == [0, 2, 3, 6]
    assert new_dice([2, 2, 2], (2, 2, 2)) == []
    assert new_dice([4, 4], ()) == [0, 1]


def test_a_lone_die_is_drawn_no_bigger_than_one_of_four() -> None:
    # P-GI-23: a single remaining die was drawn huge.
    import pygame

    from scenes.table.dicetray import DiceTray

    tray = DiceTray(pygame.Rect(0, 0, 240, 200), faces=8)
    tray.set_values([3])
    tray.layout()
    one = tray.dice[0].rect.w
    tray.set_values([1, 2, 3, 4])
    tray.layout()
    assert one <= tray.dice[0].rect.w
