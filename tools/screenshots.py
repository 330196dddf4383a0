"""Regenerate the ManaSurge table screenshots in ``docs/screenshots/``.

Plays a fixed-seed game with bots up to a mid-game position where the human
seat (seat 0) is to play, opens the table in Vietnamese and saves:

* ``manasurge-2p.png`` / ``manasurge-6p.png``       mid-game, 1280x720;
* ``manasurge-2p-summary.png`` / ``-6p-summary.png``  the end-of-round overlay;
* ``manasurge-6p-1024x600.png``                     the small-window check.

Run headless (``SDL_VIDEODRIVER=dummy``) or under Xvfb::

    python tools/screenshots.py [--out docs/screenshots] [--lang vi]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from game import new_match

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NAMES = ["An", "Bình", "Châu", "Dũng", "Hạnh", "Giang"]


def _config(n: int) -> dict[str, object]:
    seats = [{"name": NAMES[0], "control": "human"}]
    seats += [{"name": NAMES[i], "control": "ai", "bot": "greedy"} for i in range(1, n)]
    return {"mode": "ffa", "players": n, "seats": seats, "options": {}}


def _advance(table, rng, min_round: int, min_table: int) -> None:  # type: ignore[no-untyped-def]
    """Bots play every seat (through the table, so the log fills) until seat 0
    must play on a ladder of some length."""
    from game.ai import bots
    from game.manasurge.state import PHASE_PLAY

    bot = bots.make("greedy")
    match = table.match
    for _ in range(5000):
        s = match.state
        seat = match.to_move
        if seat is None:
            raise RuntimeError("the game ended before the wanted position")
        if (
            seat == 0
            and s.round >= min_round
            and s.phase == PHASE_PLAY
            and len(s.table) >= min_table
            and any(a.kind == "play" for a in match.legal_actions())
        ):
            return
        table.submit(bot.choose(match.rules, match.rules.view(s, seat), seat, rng), "script")
        table.anims.skip()
    raise RuntimeError("no suitable position found")


def _frames(app, count: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(count):
        app.step([], 1 / 60)


def shoot(
    n: int,
    out: Path,
    lang: str,
    seed: int,
    size: tuple[int, int],
    suffix: str = "",
    summary: bool = True,
) -> list[Path]:
    import pygame

    from game.core.rng import Rng
    from scenes.app import App, LaunchOptions
    from scenes.table import open_table
    from scenes.table.manasurge import ManaSurgeTable

    app = App(LaunchOptions(lang=lang, size=size, save_settings=False))
    app.settings.ai_delay = 60.0  # bots wait: the picture is of seat 0's turn
    app.settings.anim_speed = 1.0
    match = new_match("manasurge", _config(n), seed)
    table = open_table(app, match)
    assert isinstance(table, ManaSurgeTable)
    app.stack.push(table)
    app.stack.apply_pending()
    _advance(table, Rng(seed), min_round=3, min_table=min(n + 1, 5))
    _frames(app, 60)
    # lift one card as if hovered, so the fan reads as interactive
    table.input.focus_index = 0  # the first playable card (the keyboard's focus)
    _frames(app, 20)
    made = []
    path = out / f"manasurge-{n}p{suffix}.png"
    app.screenshot(path)
    made.append(path)
    if summary:
        # let seat 0 and the bots play on until a round ends, then freeze on the summary
        from game.ai import bots

        bot = bots.make("greedy")
        rng = Rng(seed + 1)
        for _ in range(400):
            seat = match.to_move
            if seat is None:
                break
            action = bot.choose(match.rules, match.rules.view(match.state, seat), seat, rng)
            table.submit(action, source="script")
            if table.anims.advance_to("round_ended"):
                _frames(app, 25)
                path = out / f"manasurge-{n}p{suffix}-summary.png"
                app.screenshot(path)
                made.append(path)
                break
            table.anims.skip()
            _frames(app, 2)
    pygame.display.quit()
    return made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--lang", default="vi", choices=("vi", "en"))
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("BANTHE_SAVE_DIR", tempfile.mkdtemp(prefix="banthe-shots-"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    made += shoot(2, out, args.lang, args.seed, (1280, 720))
    made += shoot(6, out, args.lang, args.seed, (1280, 720))
    made += shoot(6, out, args.lang, args.seed, (1024, 600), suffix="-1024x600", summary=False)
    for path in made:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
