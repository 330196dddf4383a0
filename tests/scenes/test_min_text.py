"""Card faces on the table never use text below ``CARD_MIN`` (issue 11
item 8): at 1024x600 the ManaSurge and SHV tables are drawn with the text
helper instrumented, and every size used while a card face is drawn is
recorded."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from table_driver import open_match, step
from test_table_manasurge import hotseat_config
from test_table_shv import open_busy, settle

from game import new_match
from scenes import text
from scenes.table import cards

SIZE = (1024, 600)
CARD_MIN = text.CARD_MIN_TEXT


@pytest.fixture
def face_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int]]]:
    """(text, px) of every string rendered inside ``cards.draw_face``."""
    sizes: list[tuple[str, int]] = []
    inside = [False]
    real_render, real_face = text.render, cards.draw_face

    def render(words: str, size: int, *args: Any, **kw: Any) -> pygame.Surface:
        if inside[0]:
            sizes.append((words, int(size)))
        return real_render(words, size, *args, **kw)

    def draw_face(*args: Any, **kw: Any) -> pygame.Surface:
        inside[0] = True
        try:
            return real_face(*args, **kw)
        finally:
            inside[0] = False

    monkeypatch.setattr(text, "render", render)
    monkeypatch.setattr(cards, "draw_face", draw_face)
    yield sizes


def _shot(app: Any, name: str) -> None:
    folder = os.environ.get("MIN_TEXT_SHOTS")
    if folder:
        pygame.image.save(app.screen, os.path.join(folder, name))


def test_manasurge_card_faces_at_1024x600(make_app: Any, face_sizes: list[Any]) -> None:
    for lang in ("vi", "en"):
        app = make_app(lang, SIZE)
        config = hotseat_config(4)
        for seat in config["seats"][1:]:
            seat.update(control="ai", bot="random")
        table = open_match(app, new_match("manasurge", config, 8))
        for _ in range(90):
            step(app)
            if table.worker.busy:
                table.worker.wait(1)
        table.draw(app.screen)
        _shot(app, f"manasurge-{lang}.png")
    assert face_sizes, "no card face was drawn"
    small = sorted({(px, words) for words, px in face_sizes if px < CARD_MIN})
    assert not small, small


def test_shv_card_faces_at_1024x600(make_app: Any, face_sizes: list[Any]) -> None:
    for n in (2, 6):
        app = make_app("vi", SIZE)
        table = open_busy(app, n, ("human",) * 2 + ("ai",) * (n - 2))
        settle(app, table, [])
        step(app, frames=10)
        table.draw(app.screen)
        _shot(app, f"shv-{n}.png")
    assert face_sizes, "no card face was drawn"
    small = sorted({(px, words) for words, px in face_sizes if px < CARD_MIN})
    assert not small, small


def test_title_fit_never_goes_below_the_minimum() -> None:
    # A long two-word title in a narrow band: two lines at the minimum, cut with "…".
    for title in ("Vòng Lưỡi Thép", "Counter-clockwise Turning Mirror", "Supercalifragilistic"):
        px, lines, bold = cards.title_fit(title, 10, 40)
        assert px >= cards.TITLE_MIN, (title, px)
        assert all(text.size_of(x, px, bold=bold, display=True)[0] <= 40 for x in lines)


LONG = (
    "CHỦ ĐỘNG · Tốn sức · Tầm xa · Thổ 2 — Ném Đá: Gây 3 sát thương. PHẢN ỨNG — Dời Non: "
    "Khi một Hộ thần phe bạn bị kẻ địch chọn làm mục tiêu: nó nhận Chặn sát thương 2. "
    "Thần núi Tản Viên, nước dâng bao nhiêu núi cao bấy nhiêu."
)


def _body(body: str, height: int) -> tuple[int, int]:
    """(text size, lines) of a large card face's rules text."""
    face = cards.CardFace(
        "Sơn Tinh", (120, 130, 110), rank="4", caption="Hộ thần · HP 6", body=body
    )
    out: list[tuple[str, int, int, int]] = []
    surf = cards.draw_face(face, cards.card_size(height), detail=True, body_out=out)
    assert all(y + px <= surf.get_height() for _, _, y, px in out)  # nothing under the edge
    return out[0][3], len(out)


@pytest.mark.parametrize("height", [330, 390, 520])
def test_a_long_text_is_read_at_a_comfortable_size_on_the_zoom(height: int) -> None:
    # The picture gives way to a long rules text, down to 17 % of the card (it once
    # shrank to 10 px on a 390 px zoom beside empty art); a short text keeps the size
    # a zoomed card's text starts at (4.8 % of its height).
    long_px, lines = _body(LONG, height)
    assert long_px >= round(height * 0.032), (height, long_px)
    assert lines >= 6
    short_px, _ = _body("Gây 1 sát thương.", height)
    assert short_px == max(9, round(height * 0.048))
