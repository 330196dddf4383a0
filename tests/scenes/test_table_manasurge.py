"""ManaSurge table scene tests, headless, with real mouse and keyboard events.

The big one plays a whole 2-player hotseat game with the mouse only: cards are
dragged from the hand onto the ladder (or a seat), decisions are clicked, the
hand-off screen is clicked through, and every action must reach the rules core
by that path.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pygame
from table_driver import (
    click,
    drag,
    hotseat_config,
    key,
    open_match,
    press_and_drag,
    settle,
    step,
    up,
)

import game
from game import match_from_json, new_match
from game.core.contract import HIDDEN, Action
from game.core.match import Match
from game.i18n import t
from game.manasurge import cards as mc
from scenes.handoff import HandoffScene
from scenes.pause import PauseScene
from scenes.results import ResultsScene
from scenes.table.manasurge import DROP_KINDS, ManaSurgeTable

R = game.get("manasurge")


def _reveal(app: Any, table: ManaSurgeTable) -> None:
    """Click through a hand-off screen if one is up."""
    for _ in range(5):
        step(app)
        if isinstance(app.stack.top, HandoffScene):
            w, h = app.size
            click(app, (w // 2, h // 2))
            return


def _grab_point(sprite: Any) -> tuple[int, int]:
    # the left strip of a fanned card is never covered by its right neighbour
    r = sprite.rect
    return r.x + 6, r.centery + 10


def _do_by_mouse(app: Any, table: ManaSurgeTable, action: Action) -> str:
    """Perform ``action`` with the mouse; returns the path used."""
    if action.kind in DROP_KINDS:
        sprite = next(s for s in table.hand.sprites if s.card == action["card"])
        where = table.drop_rect(action)
        assert where is not None
        drag(app, _grab_point(sprite), where.center)
        return "drag"
    label = table._button_label(action)
    button = next(b for b in table.bar.buttons if b.label.endswith(label))
    click(app, button.rect.center)
    return "button"


def test_full_two_player_hotseat_game_by_mouse_only(app: Any) -> None:
    # MS-2.1 the game ends when a player reaches the target; every action on the
    # way is a drag (MS-4.1 lead, MS-5.1 play, MS-5.4 magic, MS-8.3 gift) or a click.
    match = new_match("manasurge", hotseat_config(2), 11)
    table = open_match(app, match)
    rng = random.Random(11)
    handoffs = 0
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoffScene):
            handoffs += 1
            w, h = app.size
            click(app, (w // 2, h // 2))
            continue
        settle(app, table)
        if app.stack.top is not table or not table.in_control:
            step(app)
            continue
        legal = match.legal_actions()
        action = rng.choice(legal)
        before = len(match.log)
        path = _do_by_mouse(app, table, action)
        assert len(match.log) == before + 1, (action, table.toasts.texts)
        assert match.log[-1] == action
        assert table.actions_sent[-1] == (action, path)
    else:
        raise AssertionError("the game did not finish")
    assert match.outcome() is not None
    assert isinstance(app.stack.top, ResultsScene)
    sources = {source for _, source in table.actions_sent}
    assert sources <= {"drag", "button"} and "drag" in sources
    assert len(table.actions_sent) == len(match.log)
    assert handoffs >= 2  # the hand was hidden between the two humans
    from saves import store

    # autosaved on every turn change, last at the end; a finished game is not "Continue"
    autos = [i for i in store.list_saves() if i.kind == "autosave"]
    assert [(i.game, i.summary["to_move"]) for i in autos] == [("manasurge", None)]
    assert store.latest_autosave() is None


def _position_match(app: Any, position: dict[str, Any], lang: str = "vi") -> tuple[Match, Any]:
    n = position["players"]
    match = new_match("manasurge", hotseat_config(n), 1)
    match.state = R.from_scenario(position)
    table = open_match(app, match)
    _reveal(app, table)
    settle(app, table)
    return match, table


POSITION = {
    "players": 2,
    "caster": 0,
    "table": [{"card": "fireball-4", "seat": 0, "stones": 1}],
    "turn": 1,
    "hands": [["blades-8", "frost-2", "quake-5"], ["quake-2", "lightning-7", "magic-mirror"]],
}


def test_drag_lights_legal_targets_only(app: Any) -> None:
    # MS-5.1: rank >= 4 is valid, so lightning-7 lights the ladder and quake-2 nothing.
    match, table = _position_match(app, POSITION)
    assert table.viewer == 1 and table.in_control
    good = next(s for s in table.hand.sprites if mc_code(s.card) == "lightning-7")
    target = table.rects["ladder"].center
    press_and_drag(app, _grab_point(good), target)
    ladder = table.rects["ladder"]
    assert [s.rect for s in table.lit_drops()] == [ladder]
    hot = table.hot_drop()
    assert hot is not None and hot.rect == ladder
    step(app, [up(target)])
    assert match.log and match.log[-1].kind == "play"
    assert match.log[-1]["card"] == good.card
    match2, table2 = _position_match(app, POSITION)
    bad = next(s for s in table2.hand.sprites if mc_code(s.card) == "quake-2")
    press_and_drag(app, _grab_point(bad), target)
    assert table2.lit_drops() == []
    step(app, [up(target)])
    assert not match2.log


def mc_code(card: int) -> str:
    from game.manasurge.cards import code_of

    return code_of(card)


def test_illegal_drop_springs_back_with_the_reason(make_app: Any) -> None:
    # MS-5.1: quake-2 does not beat the fireball-4 on the ladder; the rules core says
    # why (manasurge.illegal.too_low) and the card glides home.
    for lang in ("vi", "en"):
        app = make_app(lang=lang)
        match, table = _position_match(app, POSITION)
        app.settings.anim_speed = 1.0  # slow enough to see the spring-back in flight
        sprite = next(s for s in table.hand.sprites if mc_code(s.card) == "quake-2")
        home = sprite.rect.topleft
        drag(app, _grab_point(sprite), table.rects["ladder"].center)
        assert not match.log
        assert table.toasts.texts == [t("manasurge.illegal.too_low", lang, rank=2, ladder=4)]
        assert sprite.moving
        step(app, frames=40)
        assert sprite.rect.topleft == home and not sprite.moving
        # a magic card while holding a valid spell: MS-5.4
        magic = next(s for s in table.hand.sprites if mc_code(s.card).startswith("magic-"))
        drag(app, _grab_point(magic), table.rects["ladder"].center)
        assert table.toasts.texts[-1] == t("manasurge.illegal.magic_only_when_stuck", lang)
        # dropped on empty felt: springs back with a hint, nothing sent
        drag(app, _grab_point(magic), (table.rects["supply"].centerx, table.rects["supply"].y - 2))
        assert not match.log and table.toasts.texts[-1] == t("table.toast.drop_nowhere", lang)


def test_keyboard_play_and_ai_reply(app: Any) -> None:
    # MS-5.1 with the keyboard: arrows pick a card, Enter plays it; the AI seat answers
    # from its own view, thinking in the AI worker process.
    config = hotseat_config(2)
    config["seats"][1].update(control="ai", bot="greedy")
    match = new_match("manasurge", config, 3)
    table = open_match(app, match)
    for _ in range(400):
        settle(app, table)
        sources = {src for _, src in table.actions_sent}
        if "ai" in sources and sources & {"key", "button"}:
            break
        if table.in_control:
            legal = match.legal_actions()
            cards = [a["card"] for a in legal if a.kind in DROP_KINDS]
            if cards:
                # the arrows cycle the playable cards (the picker's focusable spots)
                index = [spot.value for spot in table.input.focusable()].index(cards[0])
                for _ in range(index + 1):
                    step(app, [key(pygame.K_RIGHT)])
                assert table.hand.focused is not None and table.hand.focused.card == cards[0]
                step(app, [key(pygame.K_RETURN)])
            else:
                step(app, [key(pygame.K_1)])
        step(app)
    sources = [src for _, src in table.actions_sent]
    assert "key" in sources or "button" in sources
    assert "ai" in sources
    assert all(a.seat == 1 for a, src in table.actions_sent if src == "ai")


def test_escape_pauses_and_undo_respects_barriers(app: Any) -> None:
    _match, table = _position_match(app, POSITION)
    step(app, [key(pygame.K_z, pygame.KMOD_CTRL)])
    assert table.toasts.texts[-1] == t("table.toast.undo_none", "vi")
    step(app, [key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, PauseScene)


def test_undo_takes_back_the_viewers_play(app: Any) -> None:
    config = hotseat_config(2)
    config["seats"][1].update(control="ai", bot="greedy")
    app.settings.ai_delay = 5.0  # the AI waits: the human can take the play back
    match = next(
        m for m in (new_match("manasurge", config, seed) for seed in range(50)) if m.to_move == 0
    )
    table = open_match(app, match)
    settle(app, table)
    assert table.in_control  # seat 0 holds the token and leads (MS-3.4, MS-4.1)
    action = next(a for a in match.legal_actions() if a.kind == "lead")
    sprite = next(s for s in table.hand.sprites if s.card == action["card"])
    drag(app, _grab_point(sprite), table.rects["ladder"].center)
    assert len(match.log) == 1
    step(app, frames=5)
    step(app, [key(pygame.K_z, pygame.KMOD_CTRL)])
    assert match.log == [] and table.toasts.texts[-1] == t("table.toast.undone", "vi")
    settle(app, table)
    assert action["card"] in [s.card for s in table.hand.sprites]
    # a barrier (cards drawn or revealed since) forbids it
    drag(
        app,
        _grab_point(next(s for s in table.hand.sprites if s.card == action["card"])),
        table.rects["ladder"].center,
    )
    match.barrier = len(match.log)
    step(app, [key(pygame.K_z, pygame.KMOD_CTRL)])
    assert len(match.log) == 1
    assert table.toasts.texts[-1] == t("table.toast.undo_barrier", "vi")


def test_six_seats_draw_at_every_size(make_app: Any) -> None:
    for size in ((1280, 720), (1024, 600), (1920, 1080)):
        app = make_app(size=size)
        config = hotseat_config(6)
        for seat in config["seats"][1:]:
            seat.update(control="ai", bot="random")
        match = new_match("manasurge", config, 8)
        table = open_match(app, match)
        for _ in range(120):
            step(app)
            if table.worker.busy:
                table.worker.wait(1)
        assert len(match.log) > 0
        assert {f"seat_{i}" for i in range(6)} <= set(table.rects)
        assert app.screen.get_size() == size


def test_resize_relayouts_the_table(app: Any) -> None:
    _match, table = _position_match(app, POSITION)
    step(app, [pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600))])
    settle(app, table)
    hand = table.rects["hand"]
    assert hand.right <= 1024 and hand.bottom <= 600
    assert all(hand.inflate(4, 40).contains(s.rect) for s in table.hand.sprites)


FROST = {
    "players": 3,
    "caster": 0,
    "table": [{"card": "frost-3", "seat": 0, "stones": 1}],
    "turn": 1,
    "hands": [["blades-8", "quake-6"], ["frost-5", "blades-2", "quake-7"], ["fireball-1"]],
}


def test_frost_gift_is_a_drag_onto_the_next_seat(app: Any) -> None:
    # MS-5.3 resonance puts a stone on frost-5; MS-8.3 the player may give 1 card to
    # the next player (seat 2, clockwise): only that seat lights up.
    match, table = _position_match(app, FROST)
    frost = next(s for s in table.hand.sprites if mc_code(s.card) == "frost-5")
    drag(app, _grab_point(frost), table.rects["ladder"].center)
    settle(app, table)
    assert match.state.table_stones[-1] == 1 and table.in_control
    gift = next(s for s in table.hand.sprites if mc_code(s.card) == "blades-2")
    receiver = table.seating.rect_name(2)
    press_and_drag(app, _grab_point(gift), table.rects["ladder"].center)
    assert [s.rect for s in table.lit_drops()] == [table.rects[receiver]]
    step(app, [up(table.rects["ladder"].center)])
    assert match.log[-1].kind == "play"  # the ladder refused it: still seat 1's gift
    settle(app, table)
    drag(app, _grab_point(gift), table.rects[receiver].center)
    assert match.log[-1] == Action.make("give", 1, card=gift.card)
    assert gift.card in match.state.hands[2]


def test_lead_direction_button_then_drag(app: Any) -> None:
    # MS-4.4: the lead player chooses the direction; the button toggles it and the
    # dropped lead carries it.
    match = new_match("manasurge", hotseat_config(3), 4)
    table = open_match(app, match)
    _reveal(app, table)
    settle(app, table)
    assert table.in_control and match.state.phase == 0
    toggle = table.bar.buttons[0]
    cw = t("table.dir.toggle", "vi", dir=t("table.dir.cw", "vi"))
    assert toggle.label.endswith(cw)
    click(app, toggle.rect.center)
    assert table.bar.buttons[0].label.endswith(
        t("table.dir.toggle", "vi", dir=t("table.dir.ccw", "vi"))
    )
    lead = next(a for a in match.legal_actions() if a.kind == "lead")
    sprite = next(s for s in table.hand.sprites if s.card == lead["card"])
    drag(app, _grab_point(sprite), table.rects["ladder"].center)
    assert match.log[-1] == Action.make("lead", match.log[-1].seat, card=lead["card"], dir=-1)
    assert match.state.direction == -1


def test_zoom_and_skip(app: Any) -> None:
    _match, table = _position_match(app, POSITION)
    app.settings.anim_speed = 1.0
    card = table.hand.sprites[-1]
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card.rect.center, button=3)])
    assert table.zoom.pinned and table.zoom.card == card.card
    step(app)  # draws the zoomed card with its full text
    step(app, [key(pygame.K_ESCAPE)])
    assert not table.zoom.pinned and isinstance(app.stack.top, ManaSurgeTable)
    good = next(s for s in table.hand.sprites if mc_code(s.card) == "lightning-7")
    drag(app, _grab_point(good), table.rects["ladder"].center)
    assert table.anims.busy
    step(app, [key(pygame.K_SPACE)])
    assert not table.anims.busy
    assert table.log_panel.lines  # the skipped events still wrote their sentences


def test_a_failing_bot_does_not_freeze_the_table(app: Any, monkeypatch: Any) -> None:
    from game.ai import bots
    from scenes.table import ai

    # The broken bot exists only in this process: think in a thread for this test.
    monkeypatch.setenv(ai.ENV_THREADS, "1")
    ai.shutdown()
    monkeypatch.setattr(ai, "_backend", None)

    class Broken:
        name = "broken"

        def choose(self, rules: Any, state: Any, seat: int, rng: Any) -> Action:
            raise RuntimeError("bot bug")

    monkeypatch.setitem(bots.BOTS, "broken", Broken)
    config = hotseat_config(2)
    for seat in config["seats"]:
        seat.update(control="ai", bot="broken")
    match = new_match("manasurge", config, 2)
    table = open_match(app, match)
    for _ in range(60):
        step(app)
        if table.worker.busy:
            table.worker.wait(1)
    assert len(match.log) >= 2
    assert all(src == "ai" for _, src in table.actions_sent)
    ai.shutdown()  # the next test gets the process worker again


def test_hotseat_with_an_ai_between_two_humans(app: Any) -> None:
    # Two humans and an AI: the hand-off appears whenever a human gets control after any
    # other seat (an AI included: the last human's hand was hidden while it played), the
    # AI acts on its own, and nobody's hand is shown to the wrong player.
    config = hotseat_config(3)
    config["seats"][1].update(control="ai", bot="greedy")
    match = new_match("manasurge", config, 21)
    table = open_match(app, match)
    rng = random.Random(21)
    revealed: list[int] = []
    human_moves = 0
    for _ in range(2000):
        top = app.stack.top
        if isinstance(top, ResultsScene) or human_moves >= 40:
            break
        if isinstance(top, HandoffScene):
            assert top.seat_name == match.seats[match.to_move].name
            revealed.append(match.to_move)
            click(app, (app.size[0] // 2, app.size[1] // 2))
            continue
        settle(app, table)
        if app.stack.top is not table or not table.in_control:
            step(app)
            continue
        assert table.viewer == match.to_move == revealed[-1]
        shown = table.rules.view(match.state, table.viewer)
        assert sorted(s.card for s in table.hand.sprites) == sorted(shown.hands[table.viewer])
        _do_by_mouse(app, table, rng.choice(match.legal_actions()))
        human_moves += 1
    assert human_moves >= 10 and len(revealed) >= 2
    assert any(src == "ai" for _, src in table.actions_sent)


def test_a_loaded_game_shows_its_history_in_the_log(app: Any) -> None:
    # A save holds the action log, not the events: the table rebuilds the game log by
    # replaying it, in the viewer's language and with the viewer's secrets only.
    match = new_match("manasurge", hotseat_config(2), 8)
    rng = random.Random(8)
    for _ in range(15):
        match.apply(rng.choice(match.legal_actions()))
    loaded = match_from_json(json.loads(json.dumps(match.to_json())))
    table = open_match(app, loaded)
    state = match.rules.setup(match.config, match.seed)
    expected = []
    for action in match.log:
        for event in match.rules.apply(state, action, check=False):
            expected.append(table.sentence(event.for_seat(table.viewer)))
    assert table.log_panel.lines == [line for line in expected if line]
    assert len(table.log_panel.lines) >= 15


def test_characters_are_shown_with_their_power_on_hover(app: Any, monkeypatch: Any) -> None:
    # MS-3.1 / MS-C3: with characters on, every seat shows its character (public) and
    # hovering the badge shows the power text.
    config = hotseat_config(3)
    config["options"] = {"characters": True}
    for seat in config["seats"][1:]:
        seat.update(control="ai", bot="random")
    match = new_match("manasurge", config, 4)
    table = open_match(app, match)
    step(app, frames=3)
    names = [mc.character_name(char, app.tr.lang) for char in match.state.chars]
    # (badge, character name, power) drawn last frame; the symbols' tips aside
    badges = [tip for tip in table.shown_tips if tip[1] in names]
    assert [name for _, name, _ in badges] == names
    assert badges[1][2] == mc.character_text(match.state.chars[1], app.tr.lang)
    rect = badges[1][0]
    plain = app.screen.copy()
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: rect.center)
    step(app)
    tip = pygame.Rect(rect.centerx + 20, rect.centery + 20, 120, 30)
    before = pygame.image.tobytes(plain.subsurface(tip), "RGB")
    assert pygame.image.tobytes(app.screen.subsurface(tip), "RGB") != before


def test_an_all_ai_table_is_watched_as_a_spectator(app: Any) -> None:
    # With no human seat nobody's hand is shown: the table draws the spectator view.
    config = hotseat_config(3)
    for seat in config["seats"]:
        seat.update(control="ai", bot="random")
    match = new_match("manasurge", config, 6)
    table = open_match(app, match)
    step(app, frames=5)
    assert table.revealed_to is None
    assert all(c == HIDDEN for hand in table.view.hands for c in hand)
    assert all(not sprite.face_up for sprite in table.hand.sprites)


def test_click_a_card_then_the_ladder_plays_it(app: Any) -> None:
    # MS-5.1 by click-click: a clicked card is selected (lifted), the ladder lights,
    # a click on it plays the card; a refused card clicked then sent says why.
    match, table = _position_match(app, POSITION)
    good = next(s for s in table.hand.sprites if mc_code(s.card) == "lightning-7")
    click(app, _grab_point(good))
    assert table.hand.focused is good and not match.log
    click(app, table.rects["ladder"].center)
    assert match.log[-1] == Action.make("play", 1, card=good.card)
    assert table.actions_sent[-1][1] == "click"
    match2, table2 = _position_match(app, POSITION)
    bad = next(s for s in table2.hand.sprites if mc_code(s.card) == "quake-2")
    click(app, _grab_point(bad))
    step(app, [key(pygame.K_RETURN)])
    assert not match2.log
    assert table2.toasts.texts[-1] == t("manasurge.illegal.too_low", "vi", rank=2, ladder=4)
