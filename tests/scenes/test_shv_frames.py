"""Sử Hộ Vương table frames (issue 15: frame p99 ≤ 8 ms at 1280×720): seat panels
and the turn order are painted once per content (``scenes.table.snapshot``) and
give the pixels of a direct drawing; a row's pitch is worked out when it is laid
out; the spotlight allocates nothing per frame and leaves the card art as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from game import new_match
from scenes import theme
from scenes.table import effects, open_table
from scenes.table.rows import Row
from scenes.table.shv import ShvTable, panels

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "shv"
NAMES = ("An", "Bình", "Châu", "Dũng", "Hạnh", "Giang")


def open_busy(app: Any, n: int = 6) -> ShvTable:
    """``tests/scenarios/shv/table_busy_<n>.json`` with seat 0 human, the others AI."""
    seats = [
        {"name": NAMES[i], "control": "human" if i == 0 else "ai", "team": i % 2} for i in range(n)
    ]
    match = new_match("shv", {"mode": "pvp", "players": n, "seats": seats, "options": {}}, 3)
    data = json.loads((SCENARIOS / f"table_busy_{n}.json").read_text("utf-8"))
    match.state = match.rules.from_scenario(data["position"])
    table = open_table(app, match)
    assert isinstance(table, ShvTable)
    app.stack.push(table)
    app.stack.apply_pending()
    return table


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def picture(table: ShvTable, seat: int) -> bytes:
    img = table.snapshots.picture(("seat", seat))
    assert img is not None
    return pygame.image.tobytes(img, "RGB")


def direct_seat(table: ShvTable, seat: int, size: tuple[int, int]) -> bytes:
    """The seat panel drawn straight onto a window-sized surface (no snapshot)."""
    screen = pygame.Surface(size, 0, table.app.screen)
    screen.fill(theme.BG)
    rect = table.seat_rect(seat)
    facts = panels.seat_facts(table, seat, rect.w)
    panels._paint_seat(table.app.px, facts, screen, rect)
    return pixels(screen, rect)


def test_seat_panels_are_painted_once_and_again_when_mp_changes(app: Any) -> None:
    # SHV-1.5: a seat panel shows the player's MP; the picture follows it.
    table = open_busy(app)
    screen = app.screen
    table.draw(screen)
    painted = table.snapshots.painted
    assert painted >= 7  # six seat panels and the turn order
    table.draw(screen)
    table.draw(screen)
    assert table.snapshots.painted == painted  # nothing changed: blitted, not painted
    seat = 3
    rect = table.seat_rect(seat)
    before = pixels(screen, rect)
    assert before == direct_seat(table, seat, app.size)
    table.match.state.players[seat].mp -= 2
    table.refresh_view(animate=False)
    table.draw(screen)
    # this seat's panel and the turn order (it shows every MP) are painted again
    assert table.snapshots.painted == painted + 2
    after = pixels(screen, rect)
    assert after != before
    assert after == direct_seat(table, seat, app.size)


def test_a_lit_seat_panel_is_painted_with_its_outline(app: Any, monkeypatch: Any) -> None:
    # SHV-5.4: a seat a picked skill may aim at is outlined in gold.
    table = open_busy(app)
    table.draw(app.screen)
    rect = table.seat_rect(1)
    plain = pixels(app.screen, rect)
    aimed = {("aim", ("p", 1))}
    monkeypatch.setattr(type(table.input), "lit", property(lambda _self: aimed))
    table.draw(app.screen)
    assert pixels(app.screen, rect) != plain
    assert picture(table, 1) == direct_seat(table, 1, app.size)
    aimed.clear()
    table.draw(app.screen)
    assert pixels(app.screen, rect) == plain


def test_a_row_keeps_its_pitch_from_the_last_layout() -> None:
    row = Row(pygame.Rect(0, 0, 600, 150), 3, sideways=True, fill=0.94, spread=2.0)
    row.sync([(1, 1), (2, 2)])
    assert row.spacing == row.pitch(2)
    row.rect = pygame.Rect(0, 0, 300, 100)
    row.relayout()
    assert row.spacing == row.pitch(2) != Row(pygame.Rect(0, 0, 600, 150), 3).pitch(2)
    row.sync([(1, 1), (2, 2), (3, 3)])
    assert row.spacing == row.pitch(3)


def test_the_spotlight_dims_the_table_and_leaves_the_card_art_alone() -> None:
    card = pygame.Surface((60, 90), pygame.SRCALPHA)
    card.fill((200, 40, 40, 255))
    surface = pygame.Surface((200, 200))
    surface.fill((100, 150, 200))
    where = pygame.Rect(0, 0, 200, 200)
    draw = effects.spotlight(lambda: card, lambda: where)
    draw(surface, 0.5)  # held: full veil (black at alpha 110), the card at full size
    corner = surface.get_at((2, 2))[:3]
    veiled = [round(c * (255 - 110) / 255) for c in (100, 150, 200)]
    assert all(abs(a - b) <= 1 for a, b in zip(corner, veiled, strict=True)), corner
    assert surface.get_at((100, 100))[:3] == (200, 40, 40)  # the card, opaque at the middle
    assert card.get_alpha() in (None, 255)  # the cached art was not faded
    surface.fill((100, 150, 200))
    draw(surface, 0.0)  # the first frame: no veil yet, the card fully faded
    assert surface.get_at((2, 2))[:3] == (100, 150, 200)
    assert surface.get_at((100, 100))[:3] == (100, 150, 200)


def test_the_lit_picks_are_worked_out_once_a_frame(app: Any, monkeypatch: Any) -> None:
    # SHV-5.4: with the viewer to act, guardians, chips and seats are lit from one
    # working-out of the picker per frame (it walks every legal action).
    table = open_busy(app)
    assert table.in_control and len(table.offered) > 20
    # the walk itself (``pickable``) is counted: ``input.lit`` keeps its answer until
    # the legal list, the picks or the prompt change, whoever asks how often
    real = table.input.picker.pickable
    calls: list[int] = []

    def counted(args: Any) -> Any:
        calls.append(1)
        return real(args)

    monkeypatch.setattr(table.input.picker, "pickable", counted)
    table.input._lit = None  # as after a new view: nothing kept
    table.draw(app.screen)
    assert calls
    guardians = sum(len(row.sprites) for row in table.fields.values())
    assert guardians + len(table.chips) + table.n > 12
    assert len(calls) <= 3, len(calls)  # the table's own, the hint's and the picker's arrows


def test_the_log_panel_picture_follows_its_lines(app: Any) -> None:
    table = open_busy(app)
    log = table.log_panel
    table.draw(app.screen)
    painted = table.snapshots.painted
    table.draw(app.screen)
    assert table.snapshots.painted == painted
    before = pixels(app.screen, log.rect)
    log.add("Bình dùng Bắn Nỏ lên Trưng Nhị.")
    table.draw(app.screen)
    assert table.snapshots.painted == painted + 1
    after = pixels(app.screen, log.rect)
    assert after != before
    direct = pygame.Surface(app.size, 0, app.screen)
    direct.fill(theme.BG)
    log.draw(direct)  # the picture is what the panel draws at its place
    shown = table.snapshots.picture("log")
    assert shown is not None
    assert pygame.image.tobytes(shown, "RGB") == pixels(direct, log.rect)


def test_a_ring_fades_the_same_kept_layer() -> None:
    # the flash of a damaged guardian: one layer per size, faded frame by frame
    surface = pygame.Surface((300, 200))
    surface.fill((30, 90, 60))
    where = pygame.Rect(20, 20, 200, 150)
    effects.ring(surface, where, (226, 92, 84), 255, 5)
    assert surface.get_at((22, 100))[:3] == (226, 92, 84)  # the left edge, opaque
    surface.fill((30, 90, 60))
    effects.ring(surface, where, (226, 92, 84), 128, 5)
    half = surface.get_at((22, 100))[:3]
    mixed = [
        round((a * 128 + b * 127) / 255) for a, b in zip((226, 92, 84), (30, 90, 60), strict=True)
    ]
    assert all(abs(a - b) <= 1 for a, b in zip(half, mixed, strict=True)), half
    assert surface.get_at((120, 95))[:3] == (30, 90, 60)  # the middle is left alone
    assert len({k for k in effects._rings if k[:2] == (202, 152)}) == 1


def test_a_4k_window_sorts_no_new_search_grid(make_app: Any) -> None:
    # 1280x720 and 3840x2160 have the same reach in grid steps: the second table's
    # layout scales the sorted grid instead of sorting 11,449 offsets again.
    # The scaled grids' cache is emptied first: an earlier test in the same worker may
    # have left (8, 53) in it while the unit grid of reach 53 left its smaller cache,
    # and then this table would not sort it again (it failed that way in CI).
    effects._offsets.cache_clear()
    app = make_app(size=(1280, 720))
    open_busy(app)
    misses = effects._unit_grid.cache_info().misses
    effects.prepare((3840, 2160), lambda n: round(n * 3))
    assert effects._unit_grid.cache_info().misses == misses
    assert effects._offsets(24, 53)[:3] == ((0, 0), (0, -24), (-24, 0))


def test_the_body_text_size_is_the_largest_that_fits() -> None:
    # a large card's rules text: the same size as trying every size from the top
    from scenes import text
    from scenes.table.cards import fit_body
    from scenes.table.shv import look

    def every_size(body: str, width: int, room: int, start: int) -> int:
        size = start
        while size > 9 and len(text.wrap(body, size, width)) * (size + 2) > room:
            size -= 1
        return size

    pygame.font.init()
    for card_id in ("cao_lo", "tam_tai", "ma_troi", "ngoc_trai"):
        body = look.face(card_id, "vi").body
        for h in (240, 420, 660, 900):
            width, room, start = round(h * 0.55), round(h * 0.4), round(h * 0.05)
            size, lines = fit_body(body, width, room, start)
            assert size == every_size(body, width, room, start), (card_id, h)
            whole = text.wrap(body, size, width)
            if len(whole) * (size + 2) <= room:
                assert lines == whole
            else:  # even the smallest size cannot hold it: the lines that fit, then "…"
                assert lines[:-1] == whole[: len(lines) - 1] and lines[-1].endswith("…")


def test_a_seat_panel_follows_every_fact_it_shows(app: Any) -> None:
    """SHV-8.3: a player's Block is shown on the panel too; the panel is painted from its facts
    alone (``seat_facts``, the snapshot's key), so a Block gained repaints it."""
    table = open_busy(app)
    screen = app.screen
    table.draw(screen)
    seat = 2
    rect = table.seat_rect(seat)
    before = table.snapshots.painted
    table.match.state.players[seat].block += 3
    table.refresh_view(animate=False)
    facts = panels.seat_facts(table, seat, rect.w)
    assert any(str(table.match.state.players[seat].block) in words for words, _ in facts.lines)
    table.draw(screen)
    assert table.snapshots.painted > before
    assert pixels(screen, rect) == direct_seat(table, seat, app.size)
