"""Companion mode by mouse only (issue 8 acceptance): game select → Sử Hộ Vương →
Companion mode → setup → a whole villain turn played by buttons (draws, tire,
damage, destroy) with real pygame mouse events; the boss's HP, posture and the
decks are checked against the rules core after each press (SHV-10.5, SHV-10.6)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game import new_match
from game.shv_companion.bosses import book
from tests.scenes.table_driver import click, step


def button(scene: Any, name: str) -> Any:
    found = [b for b in scene.focus.buttons if getattr(b, "name", "") == name]
    assert found, (name, [getattr(b, "name", "") for b in scene.focus.buttons])
    return found[0]


def press(app: Any, name: str) -> None:
    scene = app.stack.top
    b = button(scene, name)
    assert b.enabled, f"{name} is disabled"
    assert b.rect.width >= 44 and b.rect.height >= 44, (name, b.rect)  # touch-sized
    assert app.screen.get_rect().contains(b.rect), (name, b.rect)
    click(app, b.rect.center)
    step(app)


def open_companion(app: Any, boss_steps: int = 0, party_steps: int = 0) -> Any:
    from scenes.game_select import GameSelectScene
    from scenes.table.shv_companion import CompanionTable

    app.stack.push(GameSelectScene(app))
    app.stack.apply_pending()
    press(app, "shv")
    press(app, "companion")
    setup = app.stack.top
    for name, steps in (("boss", boss_steps), ("party", party_steps)):
        for _ in range(steps):  # the selector's right half
            sel = button(setup, name)
            click(app, (sel.rect.right - 8, sel.rect.centery))
    press(app, "start")
    table = app.stack.top
    assert isinstance(table, CompanionTable)
    return table


def skills_total(s: Any) -> int:
    return len(s.skill_deck) + len(s.skill_discard) + len(s.ongoing)


def test_a_villain_turn_by_buttons_only(make_app: Any) -> None:
    app = make_app(size=(1024, 600))
    app.seed = 4242
    table = open_companion(app, boss_steps=2, party_steps=1)  # the third boss, 3 players:
    s = table.match.state  # HP enough for 5 damage
    boss = book().bosses[s.boss]
    assert s.boss == book().order[2] and s.party == 3 and s.hp == boss.hp[3] > 5
    start_hp = s.hp
    # the players' turn: the players hit the boss (a +1 between) and tire it
    press(app, "boss.dmg5")
    press(app, "boss.heal")
    press(app, "boss.dmg1")
    assert s.hp == start_hp - 5
    press(app, "boss.posture")
    assert not s.boss_ready
    # the villain turn: a Tired boss draws exactly 1 skill (SHV-10.5.1)
    deck_before = len(s.skill_deck)
    press(app, "skill")
    skills = [c for c in s.revealed if book().kind(c) == "boss_skill"]
    assert len(skills) == 1 and len(s.skill_deck) == deck_before - 1
    assert skills_total(s) == sum(boss.skill_deck.values())
    assert s.step in ("minions", "act") and not button(table, "skill").enabled
    minion_deck = len(s.minion_deck)
    draws = 0
    while s.step == "minions":
        press(app, "minion")
        draws += 1
    assert draws == boss.minions[3] and len(s.minion_deck) == minion_deck - draws
    assert s.step == "act"
    # each Ready minion acts and tires (SHV-10.5.4)
    for m in list(s.minions):
        if m["ready"]:
            press(app, f"m{m['uid']}.act")
    assert s.minions and not any(m["ready"] for m in s.minions)
    # the players destroy one minion, wound another
    victim = s.minions[0]
    press(app, f"m{victim['uid']}.destroy")
    assert victim not in s.minions and s.destroyed == 1
    assert victim["card"] in s.minion_discard or not victim["deck"]
    minion_cards = Counter(s.minion_deck + s.minion_discard)
    minion_cards.update(m["card"] for m in s.minions if m["deck"])
    minion_cards.update(t["card"] for t in s.treasures)
    assert minion_cards == Counter(boss.minion_deck)
    hp_before = s.hp
    press(app, "end")  # SHV-10.5.5: everything Ready, a new round
    assert s.boss_ready and all(m["ready"] for m in s.minions)
    assert s.round == 2 and s.step == "players" and s.hp == hp_before
    assert table.match.rules.invariants(s) == []
    # the log shows the turn, the autosave holds the game
    assert any("Vòng 2" in line for line in table.log_panel.lines)
    from saves import store

    saved = store.latest_autosave()
    assert saved is not None and saved.game == "shv_companion"


def test_undo_button_takes_back_a_manual_change_not_a_draw(make_app: Any) -> None:
    app = make_app(size=(1280, 720))
    app.seed = 7
    table = open_companion(app, boss_steps=1)
    s = table.match.state
    assert s.boss == book().order[1]
    hp = s.hp
    press(app, "boss.dmg1")
    assert table.match.state.hp == hp - 1
    press(app, "undo")
    assert table.match.state.hp == hp
    press(app, "skill")
    assert not button(table, "undo").enabled  # a draw is an undo barrier


def test_the_banner_announces_the_win_and_starts_again(make_app: Any) -> None:
    from scenes.companion import companion_config
    from scenes.table import open_table

    app = make_app(size=(1024, 600))
    match = new_match("shv_companion", companion_config(app, "ngu_tinh", 1), 3)
    app.stack.push(open_table(app, match))
    app.stack.apply_pending()
    step(app)
    for _ in range(match.state.hp // 5):
        press(app, "boss.dmg5")
    while match.state.hp:
        press(app, "boss.dmg1")
    step(app, frames=3)
    table = app.stack.top
    assert table.finished and match.state.result == "players"
    assert {b.name for b in table.focus.buttons} == {"new_game", "to_title", "undo"}
    press(app, "undo")  # the last −1 was a mis-tap: the game goes on
    assert not table.finished and match.state.hp == 1 and match.state.result == ""
    press(app, "boss.dmg1")
    step(app, frames=3)
    assert table.finished
    press(app, "new_game")
    step(app)
    from scenes.companion import CompanionSetupScene

    assert isinstance(app.stack.top, CompanionSetupScene)
    assert app.stack.top.boss == "ngu_tinh" and app.stack.top.party == 1


def test_keys_k_l_e_play_the_villain_turn(make_app: Any) -> None:
    """A laptop at the table: K draws the skills, L the minion cards, E ends the turn."""
    import pygame

    from scenes.companion import companion_config
    from scenes.table import open_table
    from tests.scenes.table_driver import key

    app = make_app(size=(1024, 600))
    match = new_match("shv_companion", companion_config(app, "moc_tinh", 3), 8)
    app.stack.push(open_table(app, match))
    app.stack.apply_pending()
    step(app)
    draws = book().bosses["moc_tinh"].skills[3]  # at this 3-player table
    for _ in range(draws + 1):  # every skill of a Ready boss, one extra press refused quietly
        step(app, [key(pygame.K_k)], frames=2)
    assert len([c for c in match.state.revealed if book().kind(c) == "boss_skill"]) == draws > 1
    while match.state.step == "minions":
        step(app, [key(pygame.K_l)], frames=2)
    assert match.state.step == "act"
    step(app, [key(pygame.K_e)], frames=2)
    assert match.state.round == 2 and match.state.step == "players" and match.state.boss_ready


def test_escape_on_a_setup_that_replaced_the_table_goes_to_the_title(make_app: Any) -> None:
    """The companion table alone on the stack (opened by Continue): New game puts
    the setup in its place; Escape there shows the title, never an empty window
    (found by the monkey)."""
    import pygame

    from scenes.companion import CompanionSetupScene, companion_config
    from scenes.table import open_table
    from scenes.title import TitleScene
    from tests.scenes.table_driver import key

    app = make_app(size=(1024, 600))
    app.stack.push(
        open_table(app, new_match("shv_companion", companion_config(app, "ngu_tinh", 2), 5))
    )
    app.stack.apply_pending()
    step(app)
    app.stack.top.new_game()
    step(app)
    assert isinstance(app.stack.top, CompanionSetupScene) and len(app.stack.scenes) == 1
    step(app, [key(pygame.K_ESCAPE)], frames=2)
    assert isinstance(app.stack.top, TitleScene)


def test_the_boss_and_every_drawn_card_show_their_picture(make_app: Any, monkeypatch: Any) -> None:
    # The same picture as on the tables (the card's ``art`` in the boss file).
    from game.core import art as art_names
    from scenes.table.shv_companion import draw

    app = make_app(size=(1024, 600))
    app.seed = 4242
    table = open_companion(app)
    s = table.match.state
    drawn: list[tuple[str, ...]] = []
    real = draw.draw_picture

    def seen(surface: Any, parts: Any, *args: Any, **kw: Any) -> Any:
        drawn.append(parts)
        return real(surface, parts, *args, **kw)

    monkeypatch.setattr(draw, "draw_picture", seen)
    press(app, "skill")
    step(app, frames=3)
    cards = book().content.cards
    assert art_names.parts(cards[s.boss]["art"]) in drawn
    assert s.revealed and all(art_names.parts(cards[c]["art"]) in drawn for c in s.revealed)
    assert draw.picture_of(book(), s.boss) == art_names.parts(cards[s.boss]["art"])
