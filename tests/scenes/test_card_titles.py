"""Card titles on small cards: whole names before cut ones.

A field at six players draws guardians 40 px wide at 1024x600 (the co-op viewer's own
field 33 px).  The title tries the whole name in bold, then in the regular weight,
then the card's short title (``assets/games/shv/short_titles.json``, display only)
the same way, and is cut with "…" only when none fits; its band climbs over the rank
only for a name that would otherwise be cut."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
from table_driver import step
from test_table_shv import open_busy, settle

from scenes import text
from scenes.table.cards import (
    CARD_RATIO,
    SOFT,
    SQUEEZE,
    TITLE_MIN,
    Title,
    draw_face,
    title_fit,
)
from scenes.table.shv import draw, look, pve_look

ROOT = Path(__file__).resolve().parents[2]
SHORT = ROOT / "assets" / "games" / "shv" / "short_titles.json"


def _fits(title: Title, width: int) -> bool:
    kw: dict[str, Any] = {"bold": title.bold, "display": True}
    return all(text.size_of(line, title.px, **kw)[0] <= width for line in title.lines)


def test_the_short_title_stands_in_only_when_the_name_cannot_be_whole() -> None:
    name, short = "Thạch Sanh the Woodcutter", "Thạch Sanh"
    narrow = text.size_of("Woodcutter", TITLE_MIN, display=True)[0] - 1  # no weight holds it
    got = title_fit(name, 12, narrow, short)
    assert got.lines == ["Thạch", "Sanh"] and not got.cut and _fits(got, narrow)
    wide = title_fit(name, 12, 400, short)
    assert wide.lines == [name] and wide.bold
    cut = title_fit(name, 12, 30, short)  # nothing fits: the short title, cut
    assert cut.cut and cut.lines[0].startswith("Th") and _fits(cut, 30)


def test_a_soft_hyphen_breaks_a_word_with_a_hyphen_and_is_never_drawn() -> None:
    word = f"Sword{SOFT}fish"
    narrow = text.size_of("Sword-", TITLE_MIN, bold=True, display=True)[0]
    assert title_fit("Swordfish", 12, narrow, word).lines == ["Sword-", "fish"]
    assert title_fit(word, 12, 400).lines == ["Swordfish"]
    pair = title_fit(f"Old Soft{SOFT}shell", TITLE_MIN, 400)
    assert pair.lines == ["Old Softshell"]
    for width in range(10, 80, 3):
        assert all(SOFT not in line for line in title_fit(word, 12, width).lines)


def test_the_regular_weight_is_tried_only_after_bold() -> None:
    kw: dict[str, Any] = {"display": True}
    word, least = "Woodcutter", TITLE_MIN
    bold, regular = (text.size_of(word, least, bold=b, **kw)[0] for b in (True, False))
    assert regular < bold
    assert title_fit(word, least, bold) == (least, [word], True)
    assert title_fit(word, least, regular) == (least, [word], False)
    # the whole name in the regular weight comes before a short title in bold
    assert title_fit(word, least, regular, "Wood") == (least, [word], False)
    assert title_fit(word, least, regular - 1, "Wood") == (least, ["Wood"], True)


def test_most_bounds_the_lines() -> None:
    room = text.size_of("Tailed", TITLE_MIN, bold=True, display=True)[0]
    assert title_fit("Nine-Tailed Fox", TITLE_MIN, room).lines == ["Nine-", "Tailed", "Fox"]
    two = title_fit("Nine-Tailed Fox", TITLE_MIN, room, most=2)
    assert len(two.lines) <= 2 and two.cut and _fits(two, room)
    one = title_fit("Nine-Tailed Fox", TITLE_MIN, room, most=1)
    assert len(one.lines) == 1 and one.cut


def _title(card_id: str, lang: str, width: int) -> Title:
    height = round(width / CARD_RATIO)
    pvp = card_id in look.cards().cards
    face = look.face(card_id, lang) if pvp else pve_look.face(card_id, lang, 4)
    out: list[Title] = []
    draw_face(face, (width, height), title_out=out)
    return out[0]


def _field_cards() -> list[str]:
    pvp = [c for c in look.cards().cards if look.card_data(c).get("kind") == "guardian"]
    pve = [c for c, d in pve_look.bosses().cards.items() if d.get("kind") == "minion"]
    return pvp + pve


def test_every_field_card_name_is_whole_on_a_six_player_field_at_11_px() -> None:
    # 40 px: a teammate's or opponent's field at six players, 1024x600 (the smallest
    # every Sử Hộ Vương layout gives, tests/scenes/test_shv_layouts.py).  Names are set in
    # the display font at 11 px at least, in up to three lines over the foot of the
    # picture; a word still too wide ("Thường" is 43 px at 11 px in a 36-px band) is
    # set closer, at most SQUEEZE of its width, never cut.
    for lang in ("vi", "en"):
        for card_id in _field_cards():
            got = _title(card_id, lang, 40)
            assert not got.cut and got.px >= TITLE_MIN, (card_id, lang, got)
            room = 40 - 2 * max(1, 40 // 26) - 2  # the tiny card's band: its inner width
            widest = max(text.size_of(x, got.px, bold=got.bold, display=True)[0] for x in got.lines)
            assert widest * SQUEEZE <= room, (card_id, lang, got)
            whole = look.face(card_id, lang).title if card_id in look.cards().cards else None
            if whole is not None and got.lines != [whole]:
                shown = "".join(got.lines).replace("-", "").replace(" ", "")
                assert shown in (
                    whole.replace("-", "").replace(" ", ""),
                    look.short_title(card_id, lang).replace(SOFT, "").replace(" ", ""),
                ), (card_id, lang, got.lines)
            assert not _title(card_id, lang, 46).cut


def test_the_title_band_stays_on_the_card() -> None:
    # A name that cannot be whole in the room the card has is cut, never drawn above it.
    for width in (30, 33, 36, 38, 40):
        height = round(width / CARD_RATIO)
        paper = height - 2 * max(2, width // 30) - max(3, width // 14)
        for card_id in _field_cards():
            got = _title(card_id, "en", width)
            line_h = text.font(got.px, got.bold, True).get_linesize()
            assert line_h * len(got.lines) <= paper, (card_id, width, got)


def test_short_titles_name_real_cards_and_are_shorter() -> None:
    data: dict[str, Any] = json.loads(SHORT.read_text("utf-8"))
    ids = set(look.cards().cards) | set(pve_look.bosses().cards)
    assert data["titles"], "no short title"
    for card_id, by_lang in data["titles"].items():
        assert card_id in ids, card_id
        assert set(by_lang) <= {"vi", "en"} and by_lang, card_id
        for lang, short in by_lang.items():
            full = look.name(card_id, lang) if card_id in look.cards().cards else ""
            full = full or pve_look.name(card_id, lang)
            plain = short.replace(SOFT, "")  # shorter, or the name with break points
            assert len(plain) < len(full) or (plain == full and SOFT in short), (card_id, short)
            assert short == short.strip() and "  " not in short, short
    assert look.face("cao_lo", "en").short_title == "Cao Lỗ"
    assert look.face("cao_lo", "vi").short_title == ""  # Cao Lỗ is whole in Vietnamese
    assert pve_look.face("ca_kiem", "en", 4).short_title == f"Sword{SOFT}fish"


def test_a_small_cards_status_pills_stand_beside_it(make_app: Any) -> None:
    # Lý Thường Kiệt (seat 1 at six players) has Toughness 1 and Heal cut 1.  On its
    # 59-px card the pills say "Tough 1" over the card's left edge; on a 40-px card (a
    # six-player co-op field at 1024x600) they say "1" and stand left of the card,
    # clear of its title (they covered "Trọng Thủy").
    app = make_app(size=(1024, 600))
    table = open_busy(app, 6, ("human",) * 2 + ("ai",) * 4)
    settle(app, table, [])
    step(app, frames=20)
    g = next(g for g in table.view.players[1].field if table.names[g.card] == "ly_thuong_kiet")
    sprite = table.fields[1].get(g.card)
    big = draw.pills(table, sprite, g)
    assert len(big) == 2 and all(p.rect.colliderect(sprite.bounds) for p in big)
    small = pygame.Rect(0, 0, 40, 57)
    small.center = sprite.bounds.center
    stand_in = SimpleNamespace(
        rect=small, bounds=small, card=sprite.card, face_up=True, on_table=sprite.on_table
    )
    marks = draw.pills(table, stand_in, g)
    assert [(p.key, p.n) for p in marks] == [(p.key, p.n) for p in big]
    for pill in marks:
        assert pill.rect.right <= small.left, pill
        assert pill.words == str(pill.n)


def test_status_pills_never_cover_a_title_upright_or_turned(make_app: Any) -> None:
    # A turned (Tired) guardian's title runs down its right half; since names may take
    # three lines there, "Tough 1" over the left edge covered "Lý" of "Lý Thường Kiệt"
    # at six players, 1024x600.  Each pill keeps clear of the title band as drawn.
    app = make_app(size=(1024, 600))
    table = open_busy(app, 6, ("human",) * 2 + ("ai",) * 4)
    settle(app, table, [])
    step(app, frames=20)
    checked = 0
    for seat, row in table.fields.items():
        for g in table.view.players[seat].field:
            sprite = row.get(g.card)
            if sprite is None:
                continue
            for turned in (False, True):
                sprite.angle = 90.0 if turned else 0.0
                band = table.art.title_band(sprite.card, sprite.rect.size, app.tr.lang)
                assert band is not None
                title = sprite.on_table(band)
                assert sprite.bounds.contains(title), (title, sprite.bounds)
                for pill in draw.pills(table, sprite, g):
                    assert not pill.rect.colliderect(title), (table.names[g.card], turned, pill)
                    checked += 1
            sprite.angle = sprite.target_angle
    assert checked >= 4
