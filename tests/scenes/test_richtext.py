"""Icons inside a line of text: the log shows an element's icon beside its name."""

from __future__ import annotations

import pygame

from scenes.table import richtext
from scenes.table.elements import COLORS
from scenes.table.hud import LogPanel


def test_a_marked_element_is_drawn_as_its_icon_and_read_as_nothing() -> None:
    line = "Bình chịu 2 sát thương [[pyro]] Hỏa."
    assert richtext.pieces(line) == [
        (False, "Bình chịu 2 sát thương "),
        (True, "pyro"),
        (False, " Hỏa."),
    ]
    assert richtext.plain(line) == "Bình chịu 2 sát thương Hỏa."
    img = richtext.render(line, 14, (255, 255, 255))
    words = richtext.render("Bình chịu 2 sát thương  Hỏa.", 14, (255, 255, 255))
    assert img.get_width() > words.get_width()  # room for the icon
    pyro = pygame.Color(*COLORS["pyro"])
    found = {
        img.get_at((x, y))[:3] for x in range(img.get_width()) for y in range(img.get_height())
    }
    assert any(abs(c[0] - pyro.r) + abs(c[1] - pyro.g) + abs(c[2] - pyro.b) < 30 for c in found)


def test_an_unknown_mark_stays_text() -> None:
    assert richtext.pieces("a [[nope]] b") == [(False, "a "), (False, "nope"), (False, " b")]
    assert richtext.plain("a [[nope]] b") == "a nope b"


def test_wrapping_keeps_each_line_in_its_room() -> None:
    line = " ".join(["[[hydro]] Thủy"] * 12)
    for room in (80, 140, 260):
        lines = richtext.wrap(line, 13, room, condensed=True)
        assert len(lines) > 1
        assert all(richtext.width(x, 13, condensed=True) <= room for x in lines)


def test_the_log_panel_draws_icons_in_its_lines() -> None:
    panel = LogPanel("Log")
    panel.rect = pygame.Rect(0, 0, 260, 120)
    panel.add("An gây 3 sát thương [[cryo]] Băng")
    screen = pygame.Surface((260, 120))
    panel.draw(screen)
    cryo = pygame.Color(*COLORS["cryo"])
    seen = {screen.get_at((x, y))[:3] for x in range(260) for y in range(120)}
    assert any(abs(c[0] - cryo.r) + abs(c[1] - cryo.g) + abs(c[2] - cryo.b) < 30 for c in seen)
