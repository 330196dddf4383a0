"""Screenshots of the Sử Hộ Vương PvE table (issue 8) during the villain turn.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/shv_pve_screenshots.py OUT [--lang vi]

The greedy bot plays the players up to the last player's end of turn in round 2
(Minions are on the field); the table opens there, the
end of turn is pressed and the villain sequence is frozen on a step with a revealed
Boss skill card (or an acting Minion) and its target arrows.  Writes into ``OUT``:

* ``pve-1p.png``, ``pve-6p.png``                  1280x720;
* ``pve-1p-1024x600.png``, ``pve-6p-1024x600.png`` the small window;
* ``pve-team-choice.png``                          a team choice waiting for the team;
* ``pve-1p-en.png``                                the English words;
* ``pve-results.png``                              a finished fight's results.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from game import new_match

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

NAMES = ["An", "Bình", "Châu", "Dũng", "Hạnh", "Giang"]


def _match(n: int, boss: str, seed: int, until: str, round_: int) -> Any:
    """A fight played by the greedy bot up to ``until``: ``end_turn`` (the last
    player's end of turn in round ``round_``) or ``team_choice`` (one is pending)."""
    from game.ai import bots
    from game.core.rng import Rng

    seats = [{"name": NAMES[i], "control": "ai" if i else "human"} for i in range(n)]
    config = {"mode": "pve", "players": n, "seats": seats, "options": {}, "boss": boss}
    match, rng, bot = new_match("shv", config, seed), Rng(seed), bots.make("greedy")
    for _ in range(3000):
        st, seat = match.state, match.to_move
        if seat is None:
            if until == "over":
                return match
            break
        pending = st.fx.pending
        if until == "team_choice" and pending is not None and "team" in pending.key:
            return match
        last = st.turn_index == len(st.order) - 1 and st.round >= round_
        ends = [a for a in match.legal_actions() if a.kind == "end_turn"]
        if until == "end_turn" and last and ends and st.phase == "play" and st.villain.minions:
            return match
        match.apply(bot.choose(match.rules, match.rules.view(st, seat), seat, rng))
    return None


def _find(n: int, boss: str, until: str, round_: int) -> Any:
    """The first seed from 5 whose fight reaches ``until``."""
    for seed in range(5, 60):
        match = _match(n, boss, seed, until, round_)
        if match is not None:
            return match
    raise SystemExit(f"no {until} position found (boss {boss}, {n} players)")


def _frames(app: Any, count: int) -> None:
    for _ in range(count):
        app.step([], 1 / 60)


def _open(app: Any, match: Any) -> Any:
    import pygame

    from scenes.handoff import HandoffScene
    from scenes.table import open_table

    pygame.mouse.set_pos((2, 2))  # no card under the pointer: no zoom
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    w, h = app.screen.get_size()
    for _ in range(200):
        if table.to_move is not None and match.seats[table.to_move].is_ai:
            break  # the screenshot presses the AI seat's end of turn itself
        if isinstance(app.stack.top, HandoffScene):
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                app.step([pygame.event.Event(kind, pos=(w // 2, h // 2), button=1)], 1 / 60)
            continue
        if table.in_control:
            break
        app.step([], 1 / 60)
    _frames(app, 30)
    return table


def _freeze(app: Any, table: Any) -> None:
    """Stop the villain sequence on a revealed card with arrows (else a Minion acting)."""
    kinds = [a.name for a in table.anims.items]
    drawn = [i for i, k in enumerate(kinds) if k in ("boss_skill_drawn", "minion_acted")]
    hits = [i for i, k in enumerate(kinds) if k == "damage"]  # a hit on the players' side
    marks = hits + [i for i, k in enumerate(kinds) if k in ("villain_target", "status_added")]
    for i in marks:
        if any(d < i for d in drawn):
            table.anims.advance_to(kinds[i])
            break
    table.anims.current.duration = 1e9 if table.anims.current is not None else 0
    _frames(app, 20)


def shoot(
    n: int, size: tuple[int, int], lang: str, out: Path, name: str, team: bool = False
) -> Path:
    import pygame

    from scenes.app import App, LaunchOptions

    app = App(LaunchOptions(lang=lang, size=size, save_settings=False))
    # the AI seat to move waits: the shot presses its end of turn itself
    app.settings.anim_speed, app.settings.ai_delay = 1.0, 1e9
    match = _find(n, "ngu_tinh", "team_choice" if team else "end_turn", 2)
    table = _open(app, match)
    if team:  # the pointer rests on the first candidate: it is lit
        spot = next(s for s in table.board.spots(["aim"]) if s.pick in table.input.lit)
        pygame.mouse.set_pos(spot.rect.center)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=spot.rect.center, rel=(0, 0),
                                     buttons=(0, 0, 0))], 1 / 60)  # fmt: skip
        _frames(app, 10)
    else:  # the last player ends the round: the villain turn plays
        end = next(a for a in match.legal_actions() if a.kind == "end_turn")
        table.submit(end)
        _freeze(app, table)
    path = out / name
    pygame.image.save(pygame.display.get_surface(), str(path))
    return path


def shoot_results(out: Path, lang: str) -> Path:
    """The results screen of a finished 1-player fight (the condition met named)."""
    import pygame

    from scenes.app import App, LaunchOptions

    app = App(LaunchOptions(lang=lang, size=(1280, 720), save_settings=False))
    app.settings.anim_speed, app.settings.ai_delay = 40.0, 0.0
    table = _open(app, _find(1, "ngu_tinh", "over", 1))
    _frames(app, 60)
    assert app.stack.top is not table, "the results screen did not open"
    path = out / "pve-results.png"
    pygame.image.save(pygame.display.get_surface(), str(path))
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--lang", default="vi", choices=("vi", "en"))
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["BANTHE_SAVE_DIR"] = tempfile.mkdtemp(prefix="banthe-shots-")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    big, small = (1280, 720), (1024, 600)
    print(shoot(1, big, args.lang, out, "pve-1p.png"))
    print(shoot(6, big, args.lang, out, "pve-6p.png"))
    print(shoot(1, small, args.lang, out, "pve-1p-1024x600.png"))
    print(shoot(6, small, args.lang, out, "pve-6p-1024x600.png"))
    print(shoot(1, big, args.lang, out, "pve-team-choice.png", team=True))
    print(shoot(1, big, "en", out, "pve-1p-en.png"))
    print(shoot_results(out, args.lang))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
