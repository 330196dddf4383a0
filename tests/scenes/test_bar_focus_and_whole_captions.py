"""The table polish the review left (issue 15 session): the decision bar's focus
after a click replaced its buttons; Sử Hộ Vương captions whole on the smallest
card faces; the hint arrow around card titles."""

from __future__ import annotations

from typing import Any

import pygame
from table_driver import step
from test_table_shv import open_busy, settle

from game.core.contract import Action
from scenes import text
from scenes.table import cards
from scenes.table.board import arrow_points
from scenes.table.hint import Suggestion, _dense, title_zone
from scenes.table.hud import DecisionBar
from scenes.table.shv import look, pve_look


def test_a_click_that_replaces_the_bar_leaves_a_valid_focus() -> None:
    # The third of three buttons is clicked; its action leaves one button (the next
    # decision). The focus must be on that one, not on a third button that is gone.
    bar = DecisionBar()
    bar.rect = pygame.Rect(0, 0, 300, 200)

    def next_decision() -> None:
        bar.set([("Kết thúc lượt", lambda: None)])

    bar.set([("Dùng", lambda: None), ("Bỏ qua", lambda: None), ("Chọn", next_decision)])
    third = bar.buttons[2].rect.center
    assert bar.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=third, button=1))
    assert len(bar.buttons) == 1
    assert bar.group.index == 0  # read as it is: ``current`` would clamp it
    assert [b.focused for b in bar.buttons] == [True]


def test_a_number_key_that_replaces_the_bar_leaves_a_valid_focus() -> None:
    bar = DecisionBar()
    bar.rect = pygame.Rect(0, 0, 300, 200)
    calls: list[Any] = []
    bar.set([("A", lambda: None), ("B", lambda: calls.append(bar.set([("C", lambda: None)])))])
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2", scancode=0)
    assert bar.handle(key)
    assert calls and len(bar.buttons) == 1
    assert bar.group.index == 0 and [b.focused for b in bar.buttons] == [True]


def test_every_shv_caption_is_whole_on_the_smallest_face(make_app: Any) -> None:
    # The smallest faces the tables draw, in the smallest window (1024x600) at six
    # players: a guardian on a field, any card in the hand.  "Hộ thần · HP 3" was cut
    # to "Hộ thần · H…" on a field; a small card now shows its short form ("HP 3"),
    # on two lines if need be ("Hỏa 1, Kim 1, / Thổ 1"), never cut, in both languages.
    app = make_app("vi", (1024, 600))
    table = open_busy(app, 6, ("human",) + ("ai",) * 5)
    settle(app, table, [])
    step(app, frames=10)
    field = min((s.rect.size for row in table.fields.values() for s in row.sprites), key=sum)
    hand = min((s.rect.size for s in table.hand.sprites), key=sum)
    assert field[0] <= 52 and hand[0] <= 80
    for lang in ("vi", "en"):
        for card_id in look.cards().cards:
            face = look.face(card_id, lang)
            assert face.caption and face.short, card_id
            sizes = [hand] + ([field] if look.card_data(card_id)["kind"] == "guardian" else [])
            for w, h in sizes:
                room = w - 2 * max(2, w // 30) - max(3, w // 14) - 6  # the paper's width - 6
                px, lines = cards.caption_fit(face, max(9, round(h * 0.075)), room)
                assert px >= text.CARD_MIN_TEXT and 1 <= len(lines) <= 2
                assert " ".join(lines) in (face.caption, face.short), (card_id, lang, lines)
                assert not any(x.endswith(("…", ",", "\u00a0")) for x in lines[-1:]), lines
                assert all(text.size_of(x, px, condensed=True)[0] <= room for x in lines)
    cao_lo = look.face("cao_lo", "vi")
    assert cards.caption_fit(cao_lo, 9, 37) == (9, ["Hộ thần"])  # the HP is in its gem
    assert cards.caption_fit(cao_lo, 10, 120) == (10, ["Hộ thần"])  # the HP: the heart gem
    tam_tai = look.face("tam_tai", "en")
    assert cards.caption_fit(tam_tai, 9, 62) == (9, ["Fire\u00a01, Metal\u00a01,", "Earth\u00a01"])


def test_the_hint_arrow_goes_around_card_titles(app: Any) -> None:
    # SHV-5.4: the hint is Cao Lỗ's Bắn Nỏ (its chip, under the card) at Lý Thường Kiệt
    # across the table.  Straight, the arrow crossed Cao Lỗ's title and ended on the
    # target's; it now bends around Cao Lỗ and stops at the target's edge.  (Trưng Nhị,
    # the first target, now stands right above the chip: nothing in between.)
    table = open_busy(app, 2, ("human", "ai"))
    settle(app, table, [])
    names = table.names
    cao_lo, aimed = names.index("cao_lo"), names.index("ly_thuong_kiet")
    action = Action.make("activate", 0, source=cao_lo, skill="ban_no", guardian=aimed)
    assert action in table.match.legal_actions()
    hints = table.hints
    hints.shown = Suggestion(action, 0.6, 0.5, "ai.hint.why", {"best": 60, "second": 50})
    hints.token = hints._now()
    step(app)
    source, target = hints.arrow() or (None, None)
    assert source is not None and target is not None
    card = table.fields[0].get(cao_lo)
    assert card is not None
    straight = arrow_points(source.midtop, target.center)
    assert any(title_zone(card.bounds).collidepoint(p) for p in _dense(straight))  # before
    route = hints.route()
    others = [s.bounds for row in table.fields.values() for s in row.sprites if s.uid != aimed]
    others += [s.rect for s in table.hand.sprites]
    crossed = [p for p in _dense(route) if any(title_zone(c).collidepoint(p) for c in others)]
    assert crossed == []
    tip = route[-1]
    assert target.inflate(2, 2).collidepoint(tip) and not target.inflate(-4, -4).collidepoint(tip)
    assert not any(target.inflate(-4, -4).collidepoint(p) for p in _dense(route))


def test_the_companion_hint_names_the_villain_turn_step_to_press(make_app: Any) -> None:
    # SHV-10.5/10.6: the villain turn goes skills, minions, each Ready minion acts, end.
    # H (or the "Gợi ý" button) rings the button of the step to press next and says why.
    from tests.scenes.test_companion import open_companion, press

    app = make_app(size=(1024, 600))
    app.seed = 4242
    table = open_companion(app)
    s = table.match.state
    assert s.step == "players"
    hint = next(b for b in table.focus.buttons if b.name == "hint")
    assert hint.enabled and hint.rect.w >= 44 and app.screen.get_rect().contains(hint.rect)
    step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
    assert table.hinted() is next(b for b in table.focus.buttons if b.name == "skill")
    assert table.toasts.texts[-1].startswith("Khi mọi người chơi xong lượt")
    press(app, "skill")  # the villain turn starts: the hint goes with the press
    assert table.hinted() is None
    while s.step in ("skills", "minions"):
        name = "skill" if s.step == "skills" else "minion"
        press(app, "hint")
        assert table.hinted() is next(b for b in table.focus.buttons if b.name == name)
        press(app, name)
    assert s.step == "act"
    ready = [m for m in s.minions if m["ready"]]
    assert ready  # minions drawn this turn stand Ready
    for m in ready:
        press(app, "hint")
        ringed = table.hinted()
        assert ringed is not None and ringed.name == f"m{m['uid']}.act"
        assert table.card_name(m["card"]) in table.toasts.texts[-1]
        press(app, ringed.name)
    press(app, "hint")
    ringed = table.hinted()
    assert ringed is not None and ringed.name == "end"
    press(app, "hint")  # pressed again: hidden
    assert table.hinted() is None


def test_a_turned_guardians_damage_badge_leaves_its_caption_alone() -> None:
    # SHV-6.3: a Tired guardian is turned a quarter to the left; its caption ("Hộ thần ·
    # HP 3") then runs down the right edge, where the top-right badge used to land.  The
    # badge stays on the card's own top-right corner: the turned box's top-left.
    from scenes.table.cards import CardArt
    from scenes.table.entity import EntitySprite

    art = CardArt(lambda card, lang: look.face("ma_troi", lang))
    sprite = EntitySprite(1, 1, pygame.Rect(100, 100, 70, 100))
    sprite.set_counter("damage", 1, color=(226, 92, 84), corner="tr")
    sprite.tired = True
    sprite.angle = 90.0
    surface = pygame.Surface((300, 300))
    surface.fill((0, 0, 0))
    sprite.draw(surface, art, "vi")
    box = sprite.bounds
    assert box.w > box.h  # turned
    r = max(8, round(min(box.w, box.h) * 0.17))
    off = r * 7 // 10  # beside the badge's number, inside its disc
    left = surface.get_at((box.x + r // 2 - off, box.y + r // 2))[:3]
    right = surface.get_at((box.right - r // 2 - off, box.y + r // 2))[:3]
    assert left == (226, 92, 84) and right != (226, 92, 84)
    sprite.tired, sprite.angle = False, 0.0  # upright: the top-right corner, as before
    surface.fill((0, 0, 0))
    sprite.draw(surface, art, "vi")
    up = sprite.bounds
    assert surface.get_at((up.right - r // 2 - off, up.y + r // 2))[:3] == (226, 92, 84)


def test_every_shv_title_is_whole_on_the_smallest_hand_card() -> None:
    # The hand's smallest face (77x110: six players at 1024x600, the test above).  Long
    # English names ("Deep Woods, Still Waters", "Âu Cơ, Mother of the Hundred") take
    # up to three lines of the display font, never under 11 px, never cut.
    w, h = 77, 110
    for lang in ("vi", "en"):
        for card_id in [*look.cards().cards, *pve_look.bosses().cards]:
            pvp = card_id in look.cards().cards
            face = look.face(card_id, lang) if pvp else pve_look.face(card_id, lang, 4)
            out: list[cards.Title] = []
            cards.draw_face(face, (w, h), title_out=out)
            px, lines, _bold = out[0]
            assert px >= cards.TITLE_MIN and 1 <= len(lines) <= 3, (face.title, lines)
            assert not out[0].cut, (face.title, lines)
    narrow = text.size_of("Hundred-", cards.TITLE_MIN, bold=True, display=True)[0] + 1
    got = cards.title_fit("Hundred-Knot Bamboo", cards.TITLE_MIN, narrow)
    assert got.lines == ["Hundred-", "Knot", "Bamboo"]
