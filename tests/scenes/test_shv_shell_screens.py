"""Issue 34, Sử Hộ Vương play-test polish in the shell: Enter in Story's profile
field creates the profile (P-SHV-28), the pause menu's footer hides the footer of
the hand-off screen under it (P-SHV-27), and the game-select card tells of the
co-op fight against a Boss (P-SHV-25)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game import new_match
from tests.scenes.table_driver import key, step


def _type(app: Any, value: str) -> None:
    for ch in value:
        step(app, [pygame.event.Event(pygame.TEXTINPUT, text=ch)])


def test_enter_in_the_story_name_field_creates_the_profile(make_app: Any) -> None:
    """P-SHV-28: Enter in "Tên hồ sơ mới" creates the profile, as Enter saves in the
    save dialog's name field."""
    from scenes.story import ProfilesScene, StoryScene

    app = make_app(size=(1024, 600))
    app.stack.push(ProfilesScene(app))
    app.stack.apply_pending()
    step(app)
    scene = app.stack.top
    scene.focus.focus_name("name")
    _type(app, "Nhóm Ba")
    step(app, [key(pygame.K_RETURN)])
    story = app.stack.top
    assert isinstance(story, StoryScene), type(story)
    assert story.profile.name == "Nhóm Ba"


def _footer(app: Any, handoff_hint: str, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """The window's bottom band with the pause menu open over a hand-off screen whose
    own footer says ``handoff_hint``."""
    import scenes.handoff as handoff
    from scenes.handoff import HandoffScene
    from scenes.pause import PauseScene
    from scenes.ui import menu

    def hint(surface: pygame.Surface, app_: Any, label: str) -> None:
        menu.draw_hint(surface, app_, handoff_hint)

    monkeypatch.setattr(handoff, "draw_hint", hint)
    app.stack.clear_to(HandoffScene(app, "An", lambda: None, match=object()))
    app.stack.push(PauseScene(app, object()))
    app.stack.apply_pending()
    step(app, frames=2)
    w, h = app.screen.get_size()
    band = pygame.Rect(0, h - app.px(40), w, app.px(40))
    return pygame.image.tobytes(app.screen.subsurface(band), "RGB")


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_pause_footer_hides_the_footer_of_the_screen_below(
    make_app: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """P-SHV-27: the pause menu's key line is not drawn over the hand-off screen's
    (the two overlapped into one unreadable line): whatever the screen below says
    in its footer, the footer shown is the same."""
    app = make_app(size=size)
    short = _footer(app, "Enter", monkeypatch)
    long = _footer(app, "W" * 120, monkeypatch)
    assert short == long


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_shv_game_card_tells_of_the_coop_boss_fight(make_app: Any, lang: str) -> None:
    """P-SHV-25: the Sử Hộ Vương card on game select names the co-op fight against a
    Boss (the glossary's Cường địch / Boss), not only the versus game."""
    app = make_app(lang=lang)
    pitch = app.tr("shv.pitch")
    boss = {"vi": "Cường địch", "en": "Boss"}[lang]
    assert boss in pitch, pitch


def _finished_companion(app: Any, seed: int) -> Any:
    """A Companion-mode match won by the players (the Boss brought to 0 HP)."""
    from game.core.contract import Action
    from scenes.companion import companion_config

    match = new_match("shv_companion", companion_config(app, "ngu_tinh", 1), seed)
    while match.outcome() is None:
        match.apply(Action.make("damage", 0, villain=0, amount=min(5, match.state.hp)))
    return match


def test_the_load_list_does_not_grow_with_finished_games(make_app: Any) -> None:
    """P-SHV-22: a finished match's autosave is not a game to load (it is kept for
    replays under Watch), so the Load list shows only what can be played on, and
    says how many finished games it leaves out."""
    from saves import store
    from scenes.saveload import SaveLoadScene, SlotRow

    app = make_app()
    for seed in (1, 2, 3):
        store.autosave(_finished_companion(app, seed))
    store.autosave(new_match("manasurge", {"players": 2}, 9))
    store.flush_writes()
    scene = SaveLoadScene(app, "load")
    app.stack.push(scene)
    app.stack.apply_pending()
    step(app)
    rows = [b for b in scene.focus.buttons if isinstance(b, SlotRow)]
    assert [r.info.game for r in rows] == ["manasurge"]
    assert scene.note == app.tr("ui.saves.finished_hidden", n=3)
    # saving still lists every file (a slot may be written over)
    saving = SaveLoadScene(app, "save", new_match("manasurge", {"players": 2}, 9))
    saving.refresh()
    assert len(saving.infos) == 4
