"""The rules help's search box (issue 12 item 5): accent-insensitive ("tan cong" finds
"tấn công"), every match marked, Enter / F3 to the next, Shift to the previous."""

from __future__ import annotations

from typing import Any

import pygame

from scenes import rules_doc
from scenes.rules_help import RulesScene
from tests.scenes.table_driver import click, key, step


def open_help(app: Any, game: str) -> RulesScene:
    app.scenes.push("rules", game)
    app.stack.apply_pending()
    step(app)
    scene = app.stack.top
    assert isinstance(scene, RulesScene)
    return scene


def type_words(app: Any, words: str) -> None:
    step(app, [pygame.event.Event(pygame.TEXTINPUT, text=words)])


def test_fold_drops_accents_and_case_one_letter_for_one() -> None:
    assert rules_doc.fold("Tấn Công Đầu Lượt") == "tan cong dau luot"
    assert len(rules_doc.fold("Ướt đẫm ỷ")) == len("Ướt đẫm ỷ")
    found = rules_doc.find_all(["Tấn công thường", "Nhân vật", "tấn   CÔNG"], "tan  cong")
    assert found == [(0, 0, 8)]  # spaces of the query are one; the text's are as written
    assert rules_doc.find_all(["Tấn công"], " ") == []


def test_typing_without_accents_finds_the_accented_words(app: Any) -> None:
    # GI-4.1 / GI-7.12 / GI-7.13: "Tấn Công Thường", "Tấn Công Khi Đáp" in the help.
    scene = open_help(app, "invokation")
    assert scene.scroll == 0
    type_words(app, "tan cong")
    assert scene.query == "tan cong" and len(scene.matches) >= 5
    for i, a, b in scene.matches:
        assert rules_doc.fold(scene.words[i][0][a:b]) == "tan cong"
    assert {scene.words[i][0][a:b] for i, a, b in scene.matches} >= {"Tấn Công", "tấn công"}
    assert scene.current == 0
    first = scene.matches[0][0]
    # The first match is on screen, marked as the current one.
    assert first in scene.visible_lines()
    marked = scene.hit_rects(set(scene.visible_lines()))
    assert any(now for _, now, _ in marked) and scene.view.contains(marked[0][0])


def test_enter_steps_through_the_matches_and_shift_goes_back(app: Any) -> None:
    scene = open_help(app, "manasurge")
    type_words(app, "trung phep")  # MS-6.1: "bị trúng phép"
    n = len(scene.matches)
    assert n >= 3
    tops = []
    for _ in range(n):
        tops.append(scene.scroll)
        line = scene.matches[scene.current][0]
        assert line in scene.visible_lines()
        step(app, [key(pygame.K_RETURN)])
    assert scene.current == 0, "Enter wraps round to the first match"
    assert tops == sorted(tops) and tops[-1] > tops[0], "the matches lie down the text"
    step(app, [key(pygame.K_RETURN, pygame.KMOD_SHIFT)])
    assert scene.current == n - 1
    step(app, [key(pygame.K_F3)])
    assert scene.current == 0
    click(app, next(b for b in scene.focus.buttons if b.name == "previous").rect.center)
    assert scene.current == n - 1


def test_backspace_edits_esc_clears_then_leaves(app: Any) -> None:
    scene = open_help(app, "shv")
    type_words(app, "tang hinhx")
    assert scene.matches == [] and scene.current == -1
    step(app, [key(pygame.K_BACKSPACE)])
    assert scene.query == "tang hinh" and scene.matches  # SHV-9.2 Tàng hình
    step(app, [key(pygame.K_ESCAPE)])
    assert scene.query == "" and not scene.matches and app.stack.top is scene
    step(app, [key(pygame.K_BACKSPACE)])  # an empty search box: Backspace goes back
    assert app.stack.top is not scene and not isinstance(app.stack.top, RulesScene)
