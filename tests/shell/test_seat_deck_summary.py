"""The seat screen shows what each seat's deck is (issue 34, P-GI-13): its name,
the cards that say what it is (the three characters of a Thất Thánh Triệu Hồi deck,
the dearest guardians of a Sử Hộ Vương deck) and a preset's style line, in the room
under the seat rows, never outside it."""

from __future__ import annotations

import pytest

from game.decks import rules_for
from scenes import decks as decks_ui
from scenes.decks import summary
from scenes.seats import SeatSetupScene
from tests.shell.driver import Driver


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_preset_shows_its_characters_and_style(lang: str) -> None:
    d = Driver(size=(1280, 720), lang=lang)
    d.start(SeatSetupScene(d.app, "invokation"))
    scene = d.top
    assert isinstance(scene, SeatSetupScene)
    presets = rules_for("invokation").presets()
    scene.seats[0]["deck"], scene.seats[1]["deck"] = presets[0].id, presets[1].id
    shown = scene.deck_summaries()
    assert [s.name for s in shown] == [presets[0].name[lang], presets[1].name[lang]]
    assert list(shown[0].cards) == presets[0].deck.characters
    assert shown[1].style == presets[1].style[lang]
    d.step(frames=2)


def test_a_user_deck_shows_its_name_and_characters() -> None:
    rules = rules_for("invokation")
    mine = rules.presets()[3].deck.copy("Bộ của tôi")
    path = decks_ui.store("invokation").save(mine)
    d = Driver(size=(1280, 720))
    d.start(SeatSetupScene(d.app, "invokation"))
    scene = d.top
    assert isinstance(scene, SeatSetupScene)
    scene.seats[0]["deck"] = f"user:{path.name}"
    first = scene.deck_summaries()[0]
    assert first.name == "Bộ của tôi" and list(first.cards) == mine.characters


def test_shv_in_turn_deck_names_the_preset_each_seat_gets() -> None:
    d = Driver(size=(1280, 720))
    d.start(SeatSetupScene(d.app, "shv"))
    scene = d.top
    assert isinstance(scene, SeatSetupScene)
    presets = rules_for("shv").presets()
    shown = scene.deck_summaries()
    assert all(scene.seats[i]["deck"] == "auto" for i in range(len(shown)))
    for i, s in enumerate(shown):  # "auto" deals the presets in seat order
        assert presets[i % len(presets)].name["vi"] in s.name
        assert s.cards and all(rules_for("shv").by_id[c].kind == "guardian" for c in s.cards)


def test_random_deck_says_it_is_drawn() -> None:
    d = Driver(size=(1280, 720))
    d.start(SeatSetupScene(d.app, "invokation"))
    scene = d.top
    assert isinstance(scene, SeatSetupScene)
    scene.seats[0]["deck"] = "auto"
    first = scene.deck_summaries()[0]
    assert first.cards == () and first.style


@pytest.mark.parametrize("game_id", ["invokation", "shv"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_summaries_lie_under_the_rows_inside_the_panel(game_id: str, size: tuple[int, int]) -> None:
    d = Driver(size=size)
    d.start(SeatSetupScene(d.app, game_id))
    scene = d.top
    assert isinstance(scene, SeatSetupScene)
    counts = [n for m in scene.info.modes for n in m.player_counts if not m.villain]
    for players in sorted(set(counts)):
        scene.set_players(players)
        d.step()
        blocks = scene.deck_blocks()
        assert len(blocks) == players or not blocks, players
        for i, rect in enumerate(blocks):
            assert scene.rows_rect.contains(rect), (players, rect)
            assert rect.top >= scene.pool_top
            for other in blocks[i + 1 :]:
                assert not rect.colliderect(other)
        if players == 2:
            assert blocks, "two seats leave room for the decks"
            assert blocks[0].h >= d.app.px(summary.PICTURE_MIN)  # room for the cards' faces
