"""Credits (issue 33.7): the screen opens from the title by keyboard and by mouse, shows
the icon authors and the licence names in both languages, scrolls and returns; the
licence texts are in the repository and in the package data."""

from __future__ import annotations

import configparser
import fnmatch
from pathlib import Path

import pygame
import pytest

from game import new_match
from saves import store
from scenes.credits import AUTHORS, LICENSE_FILES, LICENSES, CreditsScene
from scenes.title import TitleScene

from .driver import Driver

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(1024, 600), (1280, 720), (3840, 2160)]


def _words(scene: CreditsScene) -> str:
    return " ".join(line.words for line in scene.lines)


def _button(scene: object, name: str) -> pygame.Rect:
    return next(b.rect for b in scene.focus.buttons if b.name == name)  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_credits_open_from_the_title_by_keyboard_and_esc_returns(lang: str) -> None:
    d = Driver(lang=lang)
    d.start(TitleScene(d.app))
    d.choose("credits")
    scene = d.top
    assert isinstance(scene, CreditsScene)
    words = _words(scene)
    assert all(name in words for name in LICENSES), words
    assert all(author in words for author in AUTHORS)
    assert "game-icons.net" in words and "Be Vietnam Pro" in words and "DejaVu" in words
    d.press(pygame.K_ESCAPE)
    assert isinstance(d.top, TitleScene)


def test_credits_open_by_mouse_scroll_and_back_by_the_button() -> None:
    d = Driver(size=(1024, 600))
    d.start(TitleScene(d.app))
    d.click(_button(d.top, "credits").center)
    scene = d.top
    assert isinstance(scene, CreditsScene)
    assert scene.max_scroll > 0  # at 1024x600 the page is longer than its view
    d.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)])
    assert scene.scroll > 0
    d.press(pygame.K_END)
    assert scene.scroll == scene.max_scroll
    last = max(scene.lines, key=lambda line: line.y)
    assert last in scene.visible()  # the end of the page can be read
    d.press(pygame.K_HOME)
    assert scene.scroll == 0
    d.press(pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    # the scroll bar: a drag of its thumb to the bottom reaches the end
    thumb = scene.thumb()
    track = scene.track()
    d.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1)])
    d.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom + 50),
                               rel=(0, 0), buttons=(1, 0, 0))])  # fmt: skip
    d.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, track.bottom), button=1)])
    assert scene.scroll == scene.max_scroll
    d.click(_button(scene, "back").center)
    assert isinstance(d.top, TitleScene)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_credits_page_fits_its_panel_at_every_size(size: tuple[int, int], lang: str) -> None:
    d = Driver(size=size, lang=lang)
    d.start(TitleScene(d.app))
    d.app.scenes.push("credits")
    d.step()
    scene = d.top
    assert isinstance(scene, CreditsScene)
    for line in scene.lines:  # every line within the view's width (nothing cut at the side)
        assert line.x + line.surface.get_width() <= scene.view.width, line.words
    assert scene.view.bottom < _button(scene, "back").top
    assert scene.panel_rect.bottom <= size[1]
    assert min(line.surface.get_height() for line in scene.lines) >= d.app.px(19) - 1


@pytest.mark.parametrize("size", SIZES)
def test_title_menu_with_credits_stays_clear_of_its_lines(size: tuple[int, int]) -> None:
    """The Credits entry (a ninth button, a tenth with the demo's quick start) keeps
    the column under the subtitle and the last game's line, above the keys line."""
    from scenes import text, theme
    from scenes.demo import programme

    d = Driver(size=size)
    seats = [{"name": n} for n in ("An", "Bình")]
    match = new_match("manasurge", {"players": 2, "seats": seats}, 3)
    match.apply(match.legal_actions()[0])
    store.autosave(match)
    store.flush_writes()
    w, h = size
    px = d.app.px
    for offer in (None, programme()[0]):
        d.start(TitleScene(d.app, offer))
        title = d.top
        assert isinstance(title, TitleScene)
        names = [b.name for b in title.focus.buttons]
        assert names.index("credits") == names.index("quit") - 1
        rects = [b.rect for b in title.focus.buttons]
        sub = d.app.tr("ui.title.subtitle")
        shown = text.render(sub, text.fit_size(sub, px(22), w - px(60)), theme.TEXT)
        lines = [shown.get_rect(center=(w // 2, title.subtitle_y()))]
        label = title.continue_hint()
        if label:
            hint = text.render(label, text.fit_size(label, px(16), w - px(60)), theme.TEXT_DIM)
            lines.append(hint.get_rect(midbottom=(w // 2, rects[0].y - px(6))))
        assert all(not line.colliderect(r) for line in lines for r in rects), (lines, rects[0])
        assert rects[-1].bottom <= h - px(40)
        assert min(r.h for r in rects) >= px(38)


def test_credits_md_names_every_author_and_licence() -> None:
    credits = (ROOT / "assets" / "art" / "CREDITS.md").read_text(encoding="utf-8")
    for author in AUTHORS:
        assert f"Icons made by {author}" in credits
    for words in (*LICENSES, "game-icons.net", "@iconify-json/game-icons", "fetch_art.py",
                  "fontpkg-be-vietnam-pro", "LICENSE-CC-BY-3.0.txt", "LICENSE-DejaVu.txt",
                  "LICENSE-BeVietnamPro.txt"):  # fmt: skip
        assert words in credits, words


def test_licence_files_exist_and_are_package_data() -> None:
    cc = (ROOT / "assets" / "art" / "LICENSE-CC-BY-3.0.txt").read_text(encoding="utf-8")
    assert cc.startswith("Creative Commons Legal Code\n\nAttribution 3.0 Unported")
    assert "Creative Commons may be contacted at" in cc  # the whole legal code, to its end
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg", encoding="utf-8")
    patterns = config["options.package_data"]["assets"].split()
    for name in LICENSE_FILES:
        path = ROOT / "assets" / name
        assert path.is_file(), name
        assert any(fnmatch.fnmatch(name, p) for p in patterns), (name, patterns)
