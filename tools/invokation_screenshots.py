"""Screenshots of the Thất Thánh Triệu Hồi table (not a test).

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \\
        python tools/invokation_screenshots.py OUT [--lang vi]

Writes into ``OUT`` (``<W>x<H>`` is 1280x720 or 1024x600):

* ``invokation-mulligan-1280x720.png``  the opening hand with two cards marked;
* ``invokation-choose-1280x720.png``    the choice of the first active character;
* ``invokation-roll-<W>x<H>.png``       the roll phase, three dice marked for the reroll;
* ``invokation-midgame-<W>x<H>.png``    a busy mid-game board (auras, summons, supports,
  equipment, statuses, shields); ``invokation-midgame-en-1280x720.png`` in English;
* ``invokation-pay-<W>x<H>.png``        a skill's payment preselected, one die changed by hand;
* ``invokation-results-<W>x<H>.png``    the results screen of a game the random bot played;
* ``invokation-rules-<W>x<H>.png``      the rules help opened from the table (F1), at the
  reaction table.

``docs/screenshots/`` keeps the roll, mid-game and rules pictures.

The busy board is a built position: a real game played to its first action phase,
then entities from the card data put on the board (as a scenario would).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from game import new_match

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CONFIG: dict[str, Any] = {
    "mode": "duel",
    "players": 2,
    "seats": [{"name": "An", "control": "human"}, {"name": "Bình", "control": "human"}],
    "options": {},
}


def _app(size: tuple[int, int], lang: str) -> Any:
    from scenes.app import App, LaunchOptions

    app = App(LaunchOptions(lang=lang, size=size, save_settings=False))
    app.settings.anim_speed = 40.0
    app.settings.ai_delay = 0.0
    return app


def _settle(app: Any, table: Any, frames: int = 600) -> None:
    """Frames until a human may act (hand-off screens clicked through), then calm."""
    import pygame

    from scenes.handoff import HandoffScene

    w, h = app.screen.get_size()
    for _ in range(frames):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                app.step([pygame.event.Event(kind, pos=(w // 2, h // 2), button=1)], 1 / 60)
            continue
        if top is not table:
            return
        if table.in_control and not any(s.moving for s in table.hand.sprites):
            break
        app.step([], 1 / 60)
    for _ in range(40):
        app.step([], 1 / 60)


def _click(app: Any, pos: tuple[int, int]) -> None:
    import pygame

    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step([pygame.event.Event(kind, pos=pos, button=1)], 1 / 60)


def _open(app: Any, match: Any) -> Any:
    from scenes.table import open_table

    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    _settle(app, table)
    return table


def _advance(match: Any, until: str) -> None:
    """Apply the first legal answer of every setup question until ``until`` is asked
    (``mulligan`` keeps the hand, the first character goes in, no die is rerolled)."""
    for _ in range(40):
        legal = match.legal_actions()
        if any(a.kind == until for a in legal):
            return
        keep = [a for a in legal if not a.get("cards") and not a.get("dice")]
        match.apply((keep or legal)[0])
    raise SystemExit(f"never reached {until}")


def _shoot(app: Any, out: Path, name: str) -> None:
    import pygame

    pygame.image.save(app.screen, str(out / name))
    print("wrote", out / name)


def _busy(match: Any) -> None:
    """Entities from the card data on both sides (a built position)."""
    from game.core.effects import Entity

    st = match.state
    next_id = 900

    def ent(card: str, owner: int, zone: str, usages: int | None, duration: int | None) -> Any:
        nonlocal next_id
        next_id += 1
        return Entity(next_id, card, owner, zone, usages, duration)

    cards = _cards()

    def of(kind: str, kind_key: str = "kind") -> list[str]:
        return [k for k, v in cards.items() if v.get(kind_key) == kind]

    summons, supports = of("summon"), of("location", "type") + of("companion", "type")
    weapons, statuses = of("weapon", "type"), of("status")
    shields = [k for k in of("combat_status") if cards[k].get("shield")] or of("combat_status")
    a, b = st.players
    a.summons = [ent(summons[0], 0, "summon", 2, None)]
    b.summons = [ent(summons[1], 1, "summon", 1, None), ent(summons[2], 1, "summon", 2, None)]
    a.supports = [ent(supports[0], 0, "support", None, 2), ent(supports[-1], 0, "support", 1, None)]
    b.supports = [ent(supports[1], 1, "support", None, 1)]
    a.combat_statuses = [ent(shields[0], 0, "combat_status", 2, None)]
    b.combat_statuses = [ent(shields[-1], 1, "combat_status", 1, None)]
    act = a.characters[a.active]
    act.equipment = [ent(weapons[0], 0, "equipment", None, None)]
    act.statuses = [ent(statuses[0], 0, "status", None, 2)]
    act.hp, act.aura = 6, ["cryo", "dendro"]  # Cryo and Dendro coexist (GI-6.3)
    a.characters[(a.active + 1) % 3].energy = a.characters[(a.active + 1) % 3].max_energy
    opp = b.characters[b.active]
    opp.hp, opp.aura, opp.energy = 7, ["dendro"], 1
    b.characters[(b.active + 2) % 3].aura = ["electro"]
    b.characters[(b.active + 1) % 3].hp = 4


def _cards() -> dict[str, Any]:
    from game.core import content

    data: dict[str, Any] = content.raw("invokation")["cards"]
    return data


def _played_out(seed: int) -> Any:
    """A match the random bot played to its end (the results screen)."""
    from game.ai import bots
    from game.core.rng import Rng

    match = new_match("invokation", CONFIG, seed)
    bot, rng = bots.make("random"), Rng(seed)
    while match.to_move is not None:
        match.apply(bot.choose(match.rules, match.state, match.to_move, rng))
    return match


def _results(app: Any, match: Any) -> None:
    """The table of a finished match hands over to the results screen."""
    from scenes.results import ResultsScene

    _open(app, match)
    for _ in range(600):
        if isinstance(app.stack.top, ResultsScene):
            break
        app.step([], 1 / 60)
    for _ in range(30):
        app.step([], 1 / 60)


def _rules(app: Any) -> None:
    """The rules help opened from the table's button, at the reaction table."""

    table = _open(app, new_match("invokation", CONFIG, 4))
    table.open_rules()
    for _ in range(30):
        app.step([], 1 / 60)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", default="vi")
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    import tempfile

    os.environ.setdefault("BANTHE_SAVE_DIR", tempfile.mkdtemp(prefix="gi-shots-"))

    big, small, lang = (1280, 720), (1024, 600), args.lang

    # the mulligan: two cards marked
    app = _app(big, lang)
    table = _open(app, new_match("invokation", CONFIG, args.seed))
    for sprite in table.hand.sprites[1:3]:
        _click(app, sprite.rect.center)
    _settle(app, table, 5)
    _shoot(app, out, "invokation-mulligan-1280x720.png")

    # the first active character: the picker asks for one
    app = _app(big, lang)
    match = new_match("invokation", CONFIG, args.seed)
    _advance(match, "choose_active")
    table = _open(app, match)
    import pygame

    aim = table.chars[(0, 1)].rect.center  # the pointer on a character: the arrow aims there
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=aim, rel=(0, 0), buttons=(0, 0, 0))], 0)
    _settle(app, table, 5)
    _shoot(app, out, "invokation-choose-1280x720.png")

    # the roll phase: three dice marked for the reroll
    for size in (big, small):
        app = _app(size, lang)
        match = new_match("invokation", CONFIG, args.seed)
        _advance(match, "reroll")
        table = _open(app, match)
        for die in table.tray.dice[2:5]:
            _click(app, die.rect.center)
        _settle(app, table, 5)
        _shoot(app, out, f"invokation-roll-{size[0]}x{size[1]}.png")

    # the busy board; then a skill's payment preselected and one die changed by hand
    for size, words, name in ((big, lang, ""), (small, lang, ""), (big, "en", "-en")):
        app = _app(size, words)
        match = new_match("invokation", CONFIG, args.seed)
        _advance(match, "end_round")
        _busy(match)
        table = _open(app, match)
        _shoot(app, out, f"invokation-midgame{name}-{size[0]}x{size[1]}.png")
        usable = [b for b in table.skill_buttons if b.usable]
        if usable and not name:
            _click(app, usable[0].rect.center)
            free = [d for i, d in enumerate(table.tray.dice) if i not in table.tray.selected]
            if free:
                _click(app, free[-1].rect.center)
            _settle(app, table, 5)
            _shoot(app, out, f"invokation-pay-{size[0]}x{size[1]}.png")

    # the results screen over the final board; the rules help from the table
    for size in (big, small):
        app = _app(size, lang)
        _results(app, _played_out(args.seed))
        _shoot(app, out, f"invokation-results-{size[0]}x{size[1]}.png")
        app = _app(size, lang)
        _rules(app)
        _shoot(app, out, f"invokation-rules-{size[0]}x{size[1]}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
