"""Screenshots of the Hint on the ManaSurge, Sử Hộ Vương and Thất Thánh Triệu Hồi
tables (issue 10 item 5; not a test).

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/hint_screenshots.py \
        [--lang vi] [--out DIR] [--iterations 60]

For each game a two-seat match (a human seat against a hard AI) is opened at 1280x720,
played to the human's first decision, H is pressed and the frames run until the
hint is shown (the search runs in the AI worker with a fixed iteration budget), then
``hint-<game>.png`` is written.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

from game import new_match

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

GAMES: dict[str, dict[str, Any]] = {  # moves: the human's greedy moves before the hint
    "manasurge": {"mode": "ffa", "seed": 5, "moves": 0},
    "shv": {"mode": "pvp", "seed": 3, "moves": 4},
    "invokation": {"mode": "duel", "seed": 4, "moves": 4},
    "toy": {"mode": "ffa", "seed": 3, "moves": 0},
}


def config(game_id: str, mode: str) -> dict[str, Any]:
    seats = [{"name": "An", "control": "human", "team": 0}]
    seats.append({"name": "Bình", "control": "ai", "bot": "easy", "team": 1})
    return {"mode": mode, "players": 2, "seats": seats, "options": {}}


def settle(app: Any, table: Any, frames: int = 900) -> None:
    """Frames until the human may act and nothing moves."""
    for _ in range(frames):
        if app.stack.top is not table:
            return
        if table.in_control and not any(s.moving for s in table.hand.sprites):
            break
        app.step([], 1 / 60)
    for _ in range(30):
        app.step([], 1 / 60)


def shoot(
    game_id: str, lang: str, out: Path, iterations: int | None, hint: bool, thinking: bool = False
) -> Path:
    import pygame

    from game.ai import bots
    from game.core.rng import Rng
    from scenes.app import App, LaunchOptions
    from scenes.table import open_table

    app = App(LaunchOptions(lang=lang, size=(1280, 720), save_settings=False))
    app.settings.anim_speed, app.settings.ai_delay = 40.0, 0.0
    spec = GAMES[game_id]
    match = new_match(game_id, config(game_id, spec["mode"]), spec["seed"])
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    settle(app, table)
    greedy, rng = bots.make("greedy"), Rng(7)
    for _ in range(spec["moves"]):
        seat = match.to_move
        if seat is None or not table.in_control:
            break
        table.submit(greedy.choose(match.rules, match.state, seat, rng))
        settle(app, table)
    hints = getattr(table, "hints", None)
    if hint and hints is not None:
        hints.iterations = iterations
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
        app.step([key], 1 / 60)
        if thinking:  # the box while the worker searches (the hard clock)
            for _ in range(40):
                app.step([], 1 / 60)
                time.sleep(1 / 60)
            path = out / f"hint-{game_id}-thinking.png"
            pygame.image.save(app.screen, str(path))
            return path
        for _ in range(60 * 20):
            if hints.shown is not None:
                break
            app.step([], 1 / 60)
        for _ in range(20):
            app.step([], 1 / 60)
    path = out / f"hint-{game_id}{'' if hint else '-before'}.png"
    pygame.image.save(app.screen, str(path))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lang", default="vi")
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--iterations", type=int, default=0, help="0: the hard clock")
    parser.add_argument("--games", default="manasurge,shv,invokation")
    parser.add_argument("--before", action="store_true", help="the table before H")
    parser.add_argument("--thinking", action="store_true", help="the box while it searches")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for game_id in args.games.split(","):
        hint = not args.before
        print(shoot(game_id, args.lang, out, args.iterations or None, hint, args.thinking))


if __name__ == "__main__":
    main()
