"""Issue 11 fixes in the kit's table, shown on ManaSurge: toasts cover no panel
(item 4), the banner and the buttons follow the state as soon as an action is
applied (item 5), no hover zoom right after a hand-off (item 27)."""

from __future__ import annotations

from typing import Any

import pygame
from table_driver import click, drag, hotseat_config, open_match, settle, step

import game
from game import new_match
from game.core.match import Match
from game.i18n import t
from game.manasurge.cards import code_of
from scenes.handoff import HandoffScene

R = game.get("manasurge")

STUCK = {  # MS-6.1: seat 1 cannot beat fireball-8 and holds no magic: take the hit
    "players": 2,
    "caster": 0,
    "table": [{"card": "fireball-8", "seat": 0}],
    "turn": 1,
    "hands": [["blades-8", "frost-2", "quake-5"], ["quake-2", "lightning-3", "frost-4"]],
}


def _table(app: Any, position: dict[str, Any], ai: tuple[int, ...] = ()) -> tuple[Match, Any]:
    config = hotseat_config(position["players"])
    for seat in ai:
        config["seats"][seat].update(control="ai", bot="greedy")
    match = new_match("manasurge", config, 1)
    match.state = R.from_scenario(position)
    table = open_match(app, match)
    for _ in range(5):
        step(app)
        if isinstance(app.stack.top, HandoffScene):
            click(app, (app.size[0] // 2, app.size[1] // 2))
    settle(app, table)
    return match, table


def test_buttons_and_banner_follow_the_state_not_the_animations(make_app: Any) -> None:
    # Issue 11 item 5: after "take the hit" (MS-6.1) the button and the stuck prompt
    # go at once, while the hit still animates, and the next prompt shows.
    app = make_app()
    app.settings.anim_speed = 1.0
    match, table = _table(app, STUCK)
    stuck = t("manasurge.prompt.stuck", "vi", name="Bình", ladder=8, need=8)
    assert table.banner.prompt == stuck and [b.label for b in table.bar.buttons]
    click(app, table.bar.buttons[0].rect.center)
    assert match.log[-1].kind == "take_hit" and table.anims.busy
    assert table.bar.buttons == [] and table.banner.prompt != stuck
    seat = match.to_move
    assert seat is not None and table.banner.name == match.seats[seat].name


PLAY = {  # MS-5.1: seat 1 beats fireball-4 with lightning-7; then the AI seat 0 plays
    "players": 2,
    "caster": 0,
    "table": [{"card": "fireball-4", "seat": 0, "stones": 1}],
    "turn": 1,
    "hands": [["blades-8", "frost-2", "quake-5"], ["quake-2", "lightning-7", "magic-mirror"]],
}


def test_an_ai_is_not_thinking_while_the_play_before_it_animates(make_app: Any) -> None:
    # Issue 11 item 5: the banner names the AI seat as soon as the play is applied,
    # and says it thinks only once the animations end (its worker starts then).
    app = make_app()
    app.settings.anim_speed = 1.0
    match, table = _table(app, PLAY, ai=(0,))
    card = next(s for s in table.hand.sprites if code_of(s.card) == "lightning-7")
    drag(app, card.rect.move(6, 10).topleft, table.rects["ladder"].center)
    assert match.log[-1].kind == "play" and table.anims.busy and match.to_move == 0
    thinking = t("table.banner.thinking", "vi", name="An")
    assert table.banner.name == "An" and table.banner.prompt == ""
    for _ in range(600):
        if not table.anims.busy:
            break
        assert table.banner.prompt != thinking
        step(app)
    step(app)
    assert table.banner.prompt == thinking or match.to_move != 0


def _covered(box: pygame.Rect, table: Any) -> list[str]:
    panels = [k for k in table.rects if k.startswith("seat_")]
    panels += ["log", "banner", "scores", "hand", "actions"]
    return [k for k in panels if box.colliderect(table.rects[k])]


def test_toasts_cover_no_panel_and_do_not_hide_each_other(make_app: Any) -> None:
    # Issue 11 item 4: at 2, 4 and 6 seats and two window sizes, three stacked
    # refusals cover no seat panel (nor the log, banner, scores, hand or buttons)
    # and none covers another.
    for n, size in ((2, (1280, 720)), (4, (1280, 720)), (6, (1280, 720)), (6, (1024, 600))):
        app = make_app(size=size)
        table = open_match(app, new_match("manasurge", hotseat_config(n), 2))
        step(app)
        for words in ("Một", "Hai lý do khá dài " * 4, "Ba"):
            table.toasts.push(words)
        boxes = [box for _, _, box in table.toasts.boxes(int(size[0] * 0.6))]
        assert len(boxes) == 3
        for i, box in enumerate(boxes):
            assert _covered(box, table) == [], (n, size, i, box)
            assert app.screen.get_rect().contains(box)
            assert all(not box.colliderect(other) for other in boxes[i + 1 :])


def test_no_hover_zoom_after_a_hand_off_until_the_pointer_moves(
    make_app: Any, monkeypatch: Any
) -> None:
    # Issue 11 item 27: the pointer rests on a card when the hand-off is clicked away.
    app = make_app()
    match = new_match("manasurge", hotseat_config(2), 5)
    table = open_match(app, match)
    step(app, frames=3)
    assert isinstance(app.stack.top, HandoffScene)
    click(app, (app.size[0] // 2, app.size[1] // 2))
    step(app, frames=3)
    assert table.in_control and table.hand.sprites
    rest = table.hand.sprites[0].rect.move(6, 10).topleft
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: rest)
    step(app, frames=45)  # 0.75 s, past the hover delay (0.55 s)
    assert table.zoom.card is None
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=rest, rel=(1, 0), buttons=(0, 0, 0))
    step(app, [motion], frames=45)
    assert table.zoom.card == table.hand.sprites[0].card


LEAD = {"players": 2, "caster": 0, "table": [], "turn": 0, "hands": [["blades-8"], ["quake-2"]]}


def test_two_player_lead_prompt_asks_for_no_direction(make_app: Any) -> None:
    # Issue 11 item 9 / MS-4.4: with 2 players the direction is not chosen, so the
    # banner does not ask for it; with 3 it still does.
    app = make_app()
    _, table = _table(app, LEAD)
    assert table.banner.prompt == t("table.prompt.lead_two", "vi", name="An")
    three = {**LEAD, "players": 3, "hands": [["blades-8"], ["quake-2"], ["frost-4"]]}
    _, table = _table(make_app(), three)
    assert table.banner.prompt == t("manasurge.prompt.lead", "vi", name="An")


FROST = {  # MS-5.3 resonance on frost-5, then MS-8.3: seat 1 may give a card to seat 2
    "players": 3,
    "caster": 0,
    "table": [{"card": "frost-3", "seat": 0, "stones": 1}],
    "turn": 1,
    "hands": [["blades-8", "quake-6"], ["frost-5", "blades-2", "quake-7"], ["fireball-1"]],
}


def test_the_controls_hint_stays_with_the_buttons_and_tells_how_to_gift(make_app: Any) -> None:
    # Issue 11 item 24: while the gift's "no gift" button is up, the hint under it
    # says the gift is a drag onto the receiver, then the keys.
    app = make_app()
    match, table = _table(app, FROST)
    frost = next(s for s in table.hand.sprites if code_of(s.card) == "frost-5")
    drag(app, frost.rect.move(6, 10).topleft, table.rects["ladder"].center)
    settle(app, table)
    assert any(a.kind == "give" for a in match.legal_actions()) and table.bar.buttons
    gift = t("table.help.gift", "vi", name="Châu")
    assert table.hint() == gift + "\n" + t("table.help.keys", "vi")
    free = table.bar.free()
    size = max(10, app.px(13))
    assert free.h >= 2 * (size + 4)  # the gift line and a line of keys fit under the buttons
    line = app.screen.subsurface(pygame.Rect(free.x, free.y + 4, free.w, size))
    assert len({line.get_at((x, y))[:3] for x in range(0, free.w, 2) for y in range(size)}) > 2


def test_the_toy_banner_names_the_seat_to_move(make_app: Any) -> None:
    # One banner path (KitTable.set_banner -> turn_prompt) for every table: a prompt
    # without a seat field ("core.prompt.your_turn") still gets the seat's name.
    from scenes.table import open_table

    app = make_app()
    config = hotseat_config(2)
    config["seats"][1].update(control="ai", bot="greedy")
    table = open_table(app, new_match("toy", config, 3))
    app.stack.push(table)
    app.stack.apply_pending()
    step(app, frames=2)
    assert table.banner.name == "An"
    assert table.banner.prompt == t("core.prompt.your_turn", "vi", name="An")


def test_the_table_shows_the_final_position_when_the_game_ends(make_app: Any) -> None:
    # issue 11.23: the results screen pictures the final board, so the table must
    # refresh its view after the last action too (it stopped one action early).
    from scenes.table import open_table

    app = make_app()
    match = new_match("toy", hotseat_config(2), 5)
    while True:
        acts = match.legal_actions()
        nxt = match.rules.clone(match.state)
        match.rules.apply(nxt, acts[0])
        if match.rules.outcome(nxt) is not None:
            break
        match.apply(acts[0])
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    step(app, frames=2)
    table.submit(acts[0])
    assert match.outcome() is not None
    shown = table.rules.view(match.state, table.eyes)
    assert table.rules.to_json(table.view) == table.rules.to_json(shown)
