"""Skill chips say whole names: the skills a guardian's line has no room for go behind
a "+N" chip, whose click lists them over the table (SHV-6: a skill is used from its
guardian or its equipment).  Before, a viewer with three equipped guardians at six
players in co-op saw 12-px chips that said "…" and, even at 1280x720, "Cross…",
"Armo…", "A Th…"."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from table_driver import click, key, step
from test_shv_chips_beside import arena_match
from test_table_shv_pve import lit_spots, open_pve, settle

from game.core.match import Match
from scenes import text
from scenes.table.shv import draw
from scenes.table.shv.draw import Chip
from scenes.table.shv.pve import ShvPveTable


def _match(n: int) -> Match:
    mine = [
        {
            "card": "cao_lo",
            "tactics": ["moc_co_ban", "moc_co_ban"],
            "equipment": {"weapon": "no_than", "guard": "khien_may", "accessory": "trong_dong"},
        },
        {
            "card": "thanh_giong",
            "tactics": ["hoa_co_ban"],
            "equipment": {"weapon": "gay_than", "accessory": "ngua_sat"},
        },
        {"card": "lac_long_quan", "equipment": {"accessory": "dan_than"}},
    ]
    return arena_match(mine, n)


def _open(make_app: Any, n: int, size: tuple[int, int], lang: str = "vi") -> ShvPveTable:
    app = make_app(lang=lang, size=size)
    table = open_pve(app, _match(n))
    settle(app, table)
    step(app, frames=10)
    return table


def _whole(table: ShvPveTable, chip: Chip) -> bool:
    # fit_text shrinks a label down to 9 px in the chip's width less 4 before it cuts it
    return text.size_of(chip.label, 9, condensed=True)[0] <= chip.rect.w - 4


def _skills_of(table: ShvPveTable, g: Any) -> list[str]:
    return [name for _, name, _ in draw._skills(table, g)]


@pytest.mark.parametrize("n", [1, 6])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_chip_says_a_whole_name_and_no_skill_is_lost(
    make_app: Any, n: int, size: tuple[int, int], lang: str
) -> None:
    table = _open(make_app, n, size, lang)
    assert not any(c.in_menu for c in table.chips)
    for g in table.view.players[0].field:
        own = (g.card, *g.equipment.values())
        line = [c for c in table.chips if c.pick[0] in own]
        shown = [c.label for c in line if not c.more]
        hidden = [m.label for c in line for m in c.more]
        assert shown + hidden == _skills_of(table, g)  # every skill, in order, once
        assert sum(1 for c in line if c.more) <= 1
        for chip in line:
            assert chip.more or _whole(table, chip), (chip.label, chip.rect.w)
            assert chip.label.startswith("+") == bool(chip.more)
    if n == 6 and size == (1024, 600):
        assert any(c.more for c in table.chips)  # the crowded line needed them


def test_the_plus_chip_lists_its_skills_and_a_listed_skill_is_used(make_app: Any) -> None:
    table = _open(make_app, 6, (1024, 600))
    app = table.app
    more = next(c for c in table.chips if c.more and c.pick[0] == _guardian(table, "cao_lo"))
    assert more.usable  # Bắn Nỏ can be used now
    assert table.tip(more.rect.center) == (
        table.card_name(more.pick[0]),
        ", ".join(m.label for m in more.more),
    )
    click(app, more.rect.center)
    listed = [c for c in table.chips if c.in_menu]
    assert [c.label for c in listed] == [m.label for m in more.more]
    screen = pygame.Rect((0, 0), app.size)
    for chip in listed:
        assert screen.contains(chip.rect) and _whole(table, chip), chip
    assert table.tip(more.rect.center) is None  # the tip would cover the list
    # a listed skill is a skill chip like any other: it lights its targets
    crossbow = next(c for c in listed if c.label == "Bắn Nỏ")
    click(app, crossbow.rect.center)
    assert table.chip_menu is not None  # the list stays while the skill is aimed
    target = next(s for s in lit_spots(table, "aim") if s.pick[1] == ("v", 0))
    click(app, target.rect.center)
    settle(app, table)
    assert table.chip_menu is None
    used = [a for a in table.match.log if a.kind == "activate"]
    assert [(a["source"], a["skill"]) for a in used] == [crossbow.pick], table.match.log[-3:]


def test_the_list_closes_on_escape_a_click_elsewhere_or_a_second_click(make_app: Any) -> None:
    table = _open(make_app, 6, (1024, 600))
    app = table.app
    more = next(c for c in table.chips if c.more)
    for close in ("again", "elsewhere", "escape"):
        click(app, more.rect.center)
        assert table.chip_menu == more.pick[0], close
        if close == "again":
            click(app, more.rect.center)
        elif close == "elsewhere":
            click(app, table.rects["order"].center)
        else:
            step(app, [key(pygame.K_ESCAPE)])
        assert table.chip_menu is None and not any(c.in_menu for c in table.chips), close
        assert app.stack.top is table, close  # Esc closed the list, not the table


def test_a_listed_skill_that_cannot_be_used_says_why(make_app: Any) -> None:
    table = _open(make_app, 6, (1024, 600))
    app = table.app
    more = next(c for c in table.chips if c.more and not all(m.usable for m in c.more))
    click(app, more.rect.center)
    idle = next(c for c in table.chips if c.in_menu and not c.usable)
    click(app, idle.rect.center)
    assert table.toasts.items, "no reason given"
    assert idle.label in str(table.toasts.items[-1])


def _guardian(table: ShvPveTable, name: str) -> int:
    return next(g.card for g in table.view.players[0].field if table.names[g.card] == name)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_equipment_slots_say_a_whole_name_or_the_short_title(make_app: Any, lang: str) -> None:
    # "Divine…", "Rattan…", "Bronze…" under Cao Lỗ (a solo fight at 1024x600) and
    # "Sword of…" at six players: a slot whose whole name has no room says the card's
    # short title ("Crossbow", "Shield", "Drum", "Heaven's Will"; the zoom and the tip
    # say the whole name).  A slot too narrow for either shows its icon only ("G…" was
    # drawn in a 20-px room).
    from test_table_shv import open_busy
    from test_table_shv import settle as settle_pvp

    from scenes.table.fitted import fits
    from scenes.table.shv.draw import _boxes, slot_words

    tables = [_open(make_app, 1, (1024, 600), lang), _open(make_app, 6, (1024, 600), lang)]
    for n in (4, 6):
        app = make_app(lang=lang, size=(1024, 600))
        busy = open_busy(app, n, ("human",) * 2 + ("ai",) * (n - 2))
        settle_pvp(app, busy, [])
        step(app, frames=20)
        tables.append(busy)
    said, icons = [], []
    for table in tables:
        for seat, row in table.fields.items():
            for g in table.view.players[seat].field:
                for _, uid, r in _boxes(table, row.get(g.card), g):
                    if uid is None:
                        continue
                    room = r.w - r.h - 4
                    words = slot_words(table, uid, room)
                    if fits(words, room):  # drawn (else the slot shows its icon alone)
                        said.append((table.card_name(uid), words))
                    else:
                        icons.append((table, table.card_name(uid)))
    assert not [name for table, name in icons if table is tables[0]]  # the solo field: all
    assert len(said) >= 8
    assert any(whole != words for whole, words in said)  # some short titles were needed


def test_a_hint_or_guide_finds_a_hidden_skill_at_its_plus_chip(make_app: Any) -> None:
    # The board's stand-ins: a skill behind "+N" is found there (the hint's ring and
    # arrow start on the chip), never clicked or focused there; once the list is open the
    # listed chip is the skill's own spot.
    table = _open(make_app, 6, (1024, 600))
    more = next(c for c in table.chips if c.more and c.usable)
    hidden = next(m for m in more.more if m.usable)
    assert table.board.rect_of("use", hidden.pick) == more.rect
    assert hidden.pick not in {s.value for s in table.board.spots(["use"])}
    assert table.board.hit(more.rect.center, ["use"]) is None
    click(table.app, more.rect.center)
    listed = next(c for c in table.chips if c.in_menu and c.pick == hidden.pick)
    assert table.board.rect_of("use", hidden.pick) == listed.rect
    assert table.board.hit(listed.rect.center, ["use"]).value == hidden.pick


def test_the_keyboard_reaches_a_skill_behind_a_plus_chip(
    make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "Everything works by mouse and by keyboard" (README): ←/→ visit the lit stand-ins
    # too; the focus rings the "+N" chip, a tip names the skill, Enter picks it.
    table = _open(make_app, 6, (1024, 600))
    app = table.app
    more = next(c for c in table.chips if c.more and c.pick[0] == _guardian(table, "cao_lo"))
    crossbow = next(m for m in more.more if m.label == "Bắn Nỏ")
    for _ in range(40):
        step(app, [key(pygame.K_RIGHT)])
        focus = table.input.focus
        if focus is not None and focus.value == crossbow.pick:
            break
    else:
        raise AssertionError("the focus never reached Bắn Nỏ")
    assert focus.rect == more.rect
    tips: list[tuple[str, str]] = []
    monkeypatch.setattr(
        draw, "draw_tip", lambda _s, _at, title, body, _px, **_k: tips.append((title, body))
    )
    draw._focused_skill(table, app.screen)
    assert tips == [("Bắn Nỏ", table.card_name(more.pick[0]))]
    step(app, [key(pygame.K_RETURN)])
    assert table.input.picker.picked.get("use") == crossbow.pick
    step(app, [key(pygame.K_RETURN)])  # the first lit target
    settle(app, table)
    used = [(a["source"], a["skill"]) for a in table.match.log if a.kind == "activate"]
    assert used == [crossbow.pick]
