"""Issue 11 items 1 and 23 on the ManaSurge table: every lead's direction choice starts
at the rules' default and the button and the banner agree (item 1); floating texts
cover no panel text or card, and the results screen shows the final board (item 23)."""

from __future__ import annotations

from typing import Any

import pygame
from table_driver import click, drag, hotseat_config, key, open_match, settle, step

import game
from game import new_match
from game.ai import bots
from game.core.match import Match
from game.core.rng import Rng
from game.i18n import t
from scenes.handoff import HandoffScene
from scenes.table.anim import Anim

R = game.get("manasurge")


def _reveal(app: Any) -> None:
    for _ in range(5):
        step(app)
        if isinstance(app.stack.top, HandoffScene):
            click(app, (app.size[0] // 2, app.size[1] // 2))
            return


def _dir_button(table: Any) -> str:
    return table.bar.buttons[0].label


def _label(word: str) -> str:
    return t("table.dir.toggle", "vi", dir=t(f"table.dir.{word}", "vi"))


def _lead_table(app: Any) -> tuple[Match, Any]:
    match = new_match("manasurge", hotseat_config(4), 4)
    table = open_match(app, match)
    _reveal(app)
    settle(app, table)
    assert match.state.phase == 0 and table.in_control
    assert _dir_button(table).endswith(_label("cw")) and table.direction()[0] == 1
    step(app, [key(pygame.K_d)])
    assert _dir_button(table).endswith(_label("ccw"))
    return match, table


def test_the_banner_shows_the_direction_the_button_chose(app: Any) -> None:
    # MS-4.4: while the leader chooses, the banner's arrow is the choice.
    _match, table = _lead_table(app)
    assert table.direction() == (-1, t("table.dir.ccw", "vi"))
    step(app, [key(pygame.K_d)])
    assert table.direction() == (1, t("table.dir.cw", "vi"))


def test_each_lead_starts_at_the_default_direction(app: Any) -> None:
    # MS-4.4 / MS-G10: the lead player chooses the direction, default clockwise.  The
    # first leader picks counter-clockwise; the next lead (round 2, another seat in
    # this seed) starts at clockwise again, and a drop leads that way.
    match, table = _lead_table(app)
    first = match.to_move
    lead = next(a for a in table.offered if a.kind == "lead" and a["dir"] == -1)
    table.press(lead)
    assert match.log[-1]["dir"] == -1 and match.state.direction == -1
    bot, rng = bots.make("greedy"), Rng(4)
    for _ in range(400):  # play the round out, through the hand-offs
        if match.state.round > 1 and match.state.phase == 0:
            break
        seat = match.to_move
        assert seat is not None
        table.submit(bot.choose(match.rules, match.rules.view(match.state, seat), seat, rng))
        table.anims.skip()
    _reveal(app)
    settle(app, table)
    assert match.state.phase == 0 and table.in_control and match.to_move != first
    assert _dir_button(table).endswith(_label("cw"))
    assert table.direction()[0] == 1
    lead = next(a for a in match.legal_actions() if a.kind == "lead")
    sprite = next(s for s in table.hand.sprites if s.card == lead["card"])
    drag(app, (sprite.rect.x + 6, sprite.rect.centery + 10), table.rects["ladder"].center)
    assert match.log[-1].kind == "lead" and match.log[-1]["dir"] == 1


# -- item 23: floating texts keep clear of panel text and cards --------------------------------
LADDER = {  # MS-5.1: four spells on the ladder, seat 0 to play (4 players)
    "players": 4,
    "caster": 1,
    "table": [
        {"card": "lightning-3", "seat": 1, "stones": 1},
        {"card": "blades-5", "seat": 2},
        {"card": "frost-5", "seat": 3},
        {"card": "frost-8", "seat": 0},
    ],
    "turn": 1,
    "hands": [["quake-2"], ["blades-8", "quake-6"], ["fireball-1"], ["frost-2"]],
}


def _drawn_box(anim: Any, size: tuple[int, int], p: float) -> pygame.Rect:
    """Where ``anim`` paints at progress ``p``: the bounding box of its pixels."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    anim.elapsed = p * anim.duration
    anim.draw(layer)
    return layer.get_bounding_rect(min_alpha=40)


def test_clear_spot_moves_the_least_distance_off_what_it_must_not_cover() -> None:
    from scenes.table.effects import clear_spot

    bounds = pygame.Rect(0, 0, 400, 300)
    free = pygame.Rect(10, 10, 40, 20)
    assert clear_spot(free, [pygame.Rect(100, 100, 50, 50)], bounds) == free
    panel = pygame.Rect(100, 100, 100, 60)
    moved = clear_spot(pygame.Rect(130, 140, 40, 20), [panel], bounds, step=5)
    assert moved == pygame.Rect(130, 160, 40, 20)  # 20 px down beats 40 up or 70 sideways
    assert clear_spot(pygame.Rect(0, 0, 40, 20), [bounds], bounds) == pygame.Rect(0, 0, 40, 20)


def test_floating_texts_cover_no_panel_text_and_no_card(make_app: Any) -> None:
    # Issue 11 item 23: "+1 đá", "+1 lá phạt" (the words the stones scored, MS-6.2, and
    # a hit's penalty, MS-6.1, raise over a seat), "Vòng 2" (MS-4.1) and "Đổi chiều!"
    # (MS-5.2, the table's own animations) are drawn where they cover no seat panel,
    # pile or card, at both window sizes.
    from game.core.contract import Event
    from scenes import theme
    from scenes.table.recipes import at_seat, pop

    for size in ((1280, 720), (1024, 600)):
        app = make_app(size=size)
        match = new_match("manasurge", hotseat_config(4), 1)
        match.state = R.from_scenario(LADDER)
        table = open_match(app, match)
        _reveal(app)
        settle(app, table)
        assert len(table.ladder.sprites) == 4
        keep = table.keep_clear()
        words = {
            "stones_scored": t("table.pop.stones", "vi", count=1),
            "hit": t("table.pop.damage", "vi", count=1),
        }
        anims = []
        for seat in range(4):  # the words over each seat, as the table builds them
            for kind, said in words.items():
                event = Event(kind, {"seat": seat})
                draw = pop(at_seat(), lambda e, w=said: w, theme.GOOD, size=22)(table, event)
                anims.append((f"{kind} {seat}", Anim(1.0, draw=draw)))
        for kind, data in (("round_started", {"round": 2}), ("direction_changed", {})):
            event = Event(kind, {**data, "direction": -1})
            anims.append((kind, table.animator.handler_for(kind)(event)))
        for name, anim in anims:
            anim.started = True
            for p in (0.05, 0.5, 0.9):
                box = _drawn_box(anim, size, p)
                assert box.w > 0, (name, p)
                covered = [r for r in keep if r.colliderect(box)]
                assert covered == [], (size, name, p, box, covered)
