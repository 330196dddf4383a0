"""Screenshots of a guide callout on each game (issue 12 item 4), 1280x720.

    python tools/guide_screenshots.py OUT_DIR [--lang vi]

Each game's guide is played by its expected actions (the table's action API)
up to the step named below, then the frame is saved as ``guide_<game>.png``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SHOTS = {
    "manasurge": ["welcome", "lead", "scored"],
    "shv": ["skill", "summon", "answer"],
    "invokation": ["skill", "heal", "end"],
}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", default="vi")
    args = parser.parse_args()
    os.environ.setdefault("BANTHE_SAVE_DIR", tempfile.mkdtemp())
    from scenes.app import App, LaunchOptions
    from scenes.guide import matches, settled
    from scenes.guide_scene import open_guide

    args.out.mkdir(parents=True, exist_ok=True)
    for game_id, wanted in SHOTS.items():
        app = App(LaunchOptions(lang=args.lang, size=(1280, 720), save_settings=False))
        app.settings.anim_speed = 40.0
        app.settings.ai_delay = 0.0
        hud = open_guide(app, game_id)
        app.stack.apply_pending()
        table, run = hud.table, hud.run  # type: ignore[attr-defined]
        for _ in range(400):
            for _ in range(5):
                app.step([], 1 / 60)
            if not settled(table, run):
                continue
            step = run.step
            if step.id in wanted:
                app.settings.anim_speed = 1.0
                for _ in range(90):  # cards settle into place
                    app.step([], 1 / 60)
                app.step([], 1 / 60)
                app.screenshot(args.out / f"guide_{game_id}_{step.id}.png")
                wanted = [w for w in wanted if w != step.id]
                app.settings.anim_speed = 40.0
            if not wanted or run.last:
                break
            if step.expect is None:
                hud.next_step()
                continue
            seat = run.script.seat
            legal = [
                a for a in table.match.legal_actions() if matches(table.match, seat, step.expect, a)
            ]
            table.submit(legal[0])
            if step.ai and game_id == "shv" and step.id == "end":
                app.settings.anim_speed = 1.0
                for _ in range(20):
                    app.step([], 1 / 60)
                app.screenshot(args.out / f"guide_{game_id}_waiting.png")
                app.settings.anim_speed = 40.0
        app.finish_writes()
    return 0


if __name__ == "__main__":
    sys.exit(main())
