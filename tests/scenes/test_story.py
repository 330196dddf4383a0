"""Story mode (issue 8 item 4): a profile created by typing its name, a recorded win
unlocking the next boss (saved in the user data folder) and opening the epilogue, a
loss unlocking nothing, and a corrupt profile file reported and kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from game import new_match
from game.core.contract import Outcome
from game.shv_companion.bosses import book
from saves import profiles
from tests.scenes.table_driver import click, step


class FinishedMatch:
    """What the Story scene reads of a fight's match: its outcome."""

    def __init__(self, winners: tuple[int, ...]) -> None:
        self._outcome = Outcome(winners=winners)

    def outcome(self) -> Outcome:
        return self._outcome


def button(scene: Any, name: str) -> Any:
    found = [b for b in scene.focus.buttons if getattr(b, "name", "") == name]
    assert found, (name, [getattr(b, "name", "") for b in scene.focus.buttons])
    return found[0]


def press(app: Any, name: str) -> None:
    b = button(app.stack.top, name)
    assert b.enabled and b.rect.height >= 44, (name, b.rect)
    click(app, b.rect.center)
    step(app)


def type_text(app: Any, value: str) -> None:
    for ch in value:
        step(app, [pygame.event.Event(pygame.TEXTINPUT, text=ch)])


def open_profiles(app: Any) -> Any:
    from scenes.story import ProfilesScene

    app.stack.push(ProfilesScene(app))
    app.stack.apply_pending()
    step(app)
    return app.stack.top


def test_a_profile_is_created_by_its_name_and_saved(make_app: Any) -> None:
    from scenes.story import StoryScene

    app = make_app(size=(1024, 600))
    open_profiles(app)
    press(app, "name")  # focus the name field
    type_text(app, "Ánh Dương")
    press(app, "create")
    story = app.stack.top
    assert isinstance(story, StoryScene) and story.profile.name == "Ánh Dương"
    data = json.loads(story.profile.path.read_text(encoding="utf-8"))
    assert data["format"] == "banthe-profile" and data["name"] == "Ánh Dương"
    assert story.profile.path.parent == profiles.folder()
    # only the first boss is open
    first, second = book().order[0], book().order[1]
    assert button(story, f"boss.{first}").enabled
    assert not button(story, f"boss.{second}").enabled
    # the same name again is refused with a message, nothing overwritten
    app.stack.pop()
    app.stack.apply_pending()
    scene = app.stack.top
    scene.name = "ánh dương"
    scene.create()
    assert scene.message == app.tr("story.error.taken", name="ánh dương")


def test_a_recorded_win_unlocks_the_next_boss_and_shows_the_epilogue(make_app: Any) -> None:
    from scenes.story import StoryScene
    from scenes.story_parts import EpilogueScene, Fight

    app = make_app()
    profile = profiles.create("An")
    story = StoryScene(app, profile)
    app.stack.push(story)
    app.stack.apply_pending()
    first, second = book().order[0], book().order[1]
    press(app, f"boss.{first}")  # the lore screen
    assert app.stack.top is not story
    story.fight = Fight(FinishedMatch(winners=()), first)  # a loss first
    app.stack.pop()
    app.stack.apply_pending()
    assert app.stack.top is story and profile.fights == 1 and profile.beaten == []
    assert profiles.unlocked(profile, book().order) == [first]
    story.fight = Fight(FinishedMatch(winners=(0, 1)), first)  # then a win
    app.stack.push(EpilogueScene(app, profile, first))  # any scene above, then back
    app.stack.apply_pending()
    app.stack.pop()
    app.stack.apply_pending()
    assert isinstance(app.stack.top, EpilogueScene) and app.stack.top.boss == first
    saved = profiles.load(profile.path)
    assert saved.beaten == [first] and saved.wins == 1 and saved.fights == 2
    assert profiles.unlocked(saved, book().order) == [first, second]
    step(app)
    press(app, "continue")
    assert app.stack.top is story and button(story, f"boss.{second}").enabled


def test_a_win_is_recorded_on_the_way_back_to_the_title(make_app: Any) -> None:
    """Results → title closes every scene: the Story scene records the fight as it
    closes, and the epilogue opens over the title."""
    from scenes.story import StoryScene
    from scenes.story_parts import EpilogueScene, Fight
    from scenes.title import TitleScene

    app = make_app()
    profile = profiles.create("Bình")
    story = StoryScene(app, profile)
    app.stack.push(story)
    app.stack.apply_pending()
    story.fight = Fight(FinishedMatch(winners=(0,)), book().order[0])
    app.stack.clear_to(TitleScene(app))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, EpilogueScene)
    assert isinstance(app.stack.scenes[0], TitleScene)
    assert profiles.load(profile.path).beaten == [book().order[0]]


def test_a_corrupt_profile_is_reported_and_kept(make_app: Any, tmp_path: Path) -> None:
    app = make_app(size=(1024, 600))
    bad = profiles.folder() / "an.json"
    bad.write_text('{"format": "banthe-profile", "version": 1, "name": "An", "sto', "utf-8")
    wrong = profiles.folder() / "lan.json"
    wrong.write_text(json.dumps({"format": "banthe-profile", "version": 1, "name": "Lan",
                                 "story": {"beaten": "all"}}), "utf-8")  # fmt: skip
    before = (bad.read_bytes(), wrong.read_bytes())
    scene = open_profiles(app)
    assert {p.path.name for p in scene.bad} == {"an.json", "lan.json"} and scene.good == []
    shown = [app.tr(p.key, **p.params) for p in scene.bad]
    assert all(str(profiles.folder()) in line for line in shown)
    assert any("JSON" in line for line in shown)
    app.step([], 1 / 60)  # drawn without error
    scene.name = "An"
    scene.create()  # a new profile of that name never takes the bad file
    app.stack.apply_pending()
    story = app.stack.top
    assert story.profile.path.name == "an-2.json"
    assert (bad.read_bytes(), wrong.read_bytes()) == before
    good, problems = profiles.list_profiles()
    assert [p.name for p in good] == ["An"] and len(problems) == 2


def test_the_fight_starts_as_a_pve_match_or_says_why_not(make_app: Any) -> None:
    from scenes.story import StoryScene
    from scenes.story_parts import StorySeats, pve_info

    app = make_app()
    app.seed = 5
    story = StoryScene(app, profiles.create("Châu"))
    app.stack.push(story)
    app.stack.apply_pending()
    first = book().order[0]
    press(app, f"boss.{first}")
    press(app, "fight")
    if pve_info() is None:  # Sử Hộ Vương's rules have no PvE mode in this build
        assert app.stack.top.message == app.tr("story.error.no_pve")
        return
    seats = app.stack.top
    assert isinstance(seats, StorySeats)
    config = seats.config()
    assert config["mode"] == "pve" and config["boss"] == first
    seats.start()
    app.stack.apply_pending()
    assert story.fight is not None and story.fight.match.config["boss"] == first
    assert app.stack.top.match is story.fight.match


def test_a_fight_finished_from_its_save_later_is_recorded(make_app: Any) -> None:
    """The program was closed during a Story fight; the fight was continued from its
    save and finished: the next visit to the Story records it from that save."""
    import game
    from game.ai.bots import RandomBot
    from game.core.rng import Rng
    from saves import store
    from scenes.story import StoryScene
    from scenes.story_parts import EpilogueScene

    first = book().order[0]
    profile = profiles.create("Dũng")
    profiles.start_fight(profile, first, 4321)
    assert profiles.load(profile.path).pending == {"boss": first, "seed": 4321}
    config = game.info("shv").default_config(None, 2, control="ai")
    config["boss"] = first  # the fight's save carries its boss
    match = new_match("shv", config, 4321)
    bot, rng = RandomBot(), Rng(9)
    while (seat := match.to_move) is not None:
        match.apply(bot.choose(match.rules, match.state, seat, rng))
    store.autosave(match)
    other = new_match("shv", config, 999)  # another finished-or-not save is not this fight
    store.autosave(other)
    app = make_app()
    app.stack.push(StoryScene(app, profiles.load(profile.path)))
    app.stack.apply_pending()
    saved = profiles.load(profile.path)
    assert saved.pending is None and saved.fights == 1 and saved.beaten == [first]
    assert isinstance(app.stack.top, EpilogueScene)


def test_the_results_of_a_story_fight_continue_to_the_tale_and_the_bosses(
    make_app: Any,
) -> None:
    """Play-test P3-5: the results of a Story fight offered only "Chơi lại" and "Về màn
    hình chính"; "Tiếp tục" (focused) now goes back to the Story, which records the win,
    tells the epilogue and then shows the bosses with the next one open."""
    from scenes.results import ResultsScene
    from scenes.story import StoryScene
    from scenes.story_parts import EpilogueScene, Fight
    from tests.shell.test_shell_scenes import _finished_match

    app = make_app()
    profile = profiles.create("Châu")
    story = StoryScene(app, profile)
    app.stack.push(story)
    app.stack.apply_pending()
    first, second = book().order[0], book().order[1]
    story.fight = Fight(FinishedMatch(winners=(0,)), first)
    app.stack.push(ResultsScene(app, _finished_match()))
    app.stack.apply_pending()
    results = app.stack.top
    assert results.focus.current is not None and results.focus.current.name == "continue"
    press(app, "continue")
    assert isinstance(app.stack.top, EpilogueScene) and app.stack.top.boss == first
    press(app, "continue")
    assert app.stack.top is story and button(story, f"boss.{second}").enabled
