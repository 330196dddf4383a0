"""Screenshots of the Sử Hộ Vương table for docs/screenshots (not a test).

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/shv_screenshots.py [--lang vi]

Writes, from the busy positions of ``tests/scenarios/shv/table_busy_{2,4,6}.json``
(equipment, statuses, a tired guardian; the scenario's first action then opens a CHEN
NGANG offer to seat 1):

* ``shv-{2,4,6}p.png``            seat 0's turn, 1280x720;
* ``shv-{2,4,6}p-offer.png``      the interrupt offer seen by seat 1, 1280x720;
* ``shv-6p-1024x600.png``         the small-window check.
"""

from __future__ import annotations

import argparse
import json
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


def _config(n: int) -> dict[str, Any]:
    control = ["human", "human"] + ["ai"] * (n - 2)
    seats = [{"name": NAMES[i], "control": control[i], "team": i % 2} for i in range(n)]
    return {"mode": "pvp", "players": n, "seats": seats, "options": {}}


def _settle(app: Any, table: Any, frames: int = 400) -> None:
    """Run frames until the table is back in a human's hands and nothing moves
    (a hand-off screen is clicked through)."""
    import pygame

    from scenes.handoff import HandoffScene

    w, h = app.screen.get_size()
    for _ in range(frames):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                event = pygame.event.Event(kind, pos=(w // 2, h // 2), button=1)
                app.step([event], 1 / 60)
            continue
        if top is not table:
            return
        if table.in_control and not any(s.moving for s in table.hand.sprites):
            break
        app.step([], 1 / 60)
    for _ in range(30):  # let hover and toasts settle
        app.step([], 1 / 60)


def shoot(n: int, size: tuple[int, int], lang: str, out: Path, offer: bool) -> Path:
    import pygame

    from scenes.app import App, LaunchOptions
    from scenes.table import open_table

    app = App(LaunchOptions(lang=lang, size=size, save_settings=False))
    app.settings.anim_speed, app.settings.ai_delay = 40.0, 0.0
    scenario = json.loads((ROOT / f"tests/scenarios/shv/table_busy_{n}.json").read_text("utf-8"))
    match = new_match("shv", _config(n), 3)
    match.state = match.rules.from_scenario(scenario["position"])
    table = open_table(app, match)
    app.stack.push(table)
    app.stack.apply_pending()
    _settle(app, table)
    if offer:
        table.submit(match.rules.action_from_json(match.state, scenario["actions"][0]))
        _settle(app, table)
    suffix = "-offer" if offer else ("" if size == (1280, 720) else f"-{size[0]}x{size[1]}")
    path = out / f"shv-{n}p{suffix}.png"
    pygame.image.save(pygame.display.get_surface(), str(path))
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--lang", default="vi", choices=("vi", "en"))
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["BANTHE_SAVE_DIR"] = tempfile.mkdtemp(prefix="banthe-shots-")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for n in (2, 4, 6):
        for offer in (False, True):
            print(shoot(n, (1280, 720), args.lang, out, offer))
    print(shoot(6, (1024, 600), args.lang, out, False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
