"""Screenshots of Sử Hộ Vương's Companion mode and Story mode.

    SDL_VIDEODRIVER=dummy python tools/companion_screenshots.py <folder> [--lang vi]

Writes ``<scene>-<W>x<H>.png`` at 1280x720 and 1024x600: the companion table in
the middle of a villain turn (each boss), its lore and win banner, the companion
setup, Sử Hộ Vương's chooser, the Story profiles (with a corrupt file), the Story
map, the lore screen before a fight and the epilogue.  Saves and profiles go to a
temporary folder.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from game import new_match

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = ((1280, 720), (1024, 600))


def mid_turn(match: Any) -> None:
    """The players hit the boss and a minion, then the villain turn draws its skills
    and minion cards and the first minion acts."""
    from game.core.contract import Action

    def go(kind: str, **args: Any) -> None:
        action = Action.make(kind, 0, **args)
        if match.rules.explain(match.state, action) is None:
            match.apply(action)

    go("damage", villain=0, amount=max(1, match.state.hp // 3))  # a third: the fight goes on
    if match.state.minions:
        go("damage", villain=match.state.minions[0]["uid"], amount=1)
    go("villain_turn")
    while match.state.step == "skills":
        go("draw_skill")
    while match.state.step == "minions":
        go("draw_minion")
    ready = [m for m in match.state.minions if m["ready"]]
    if ready:
        go("minion_act", villain=ready[0]["uid"])


def shoot(app: Any, path: Path, scene: Any, clear: bool, frames: int) -> Path:
    """Show ``scene`` (alone, or over what is there) for a few frames and save it."""
    if clear:
        while app.stack.scenes:
            app.stack._pop()
    app.stack.push(scene)
    app.stack.apply_pending()
    for _ in range(frames):
        app.step([], 1 / 60)
    app.screenshot(path)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", choices=("vi", "en"), default="vi")
    args = parser.parse_args()
    os.environ["BANTHE_SAVE_DIR"] = tempfile.mkdtemp(prefix="banthe-shots-")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from game.core.contract import Action
    from game.shv_companion.bosses import book
    from saves import profiles
    from scenes.app import App, LaunchOptions
    from scenes.companion import CompanionSetupScene, ShvModesScene, companion_config
    from scenes.story import ProfilesScene, StoryScene
    from scenes.story_parts import EpilogueScene, LoreScene
    from scenes.table import open_table

    args.out.mkdir(parents=True, exist_ok=True)
    folder = profiles.folder()
    (folder / "hong.json").write_text('{"format": "banthe-profile", "name": "Hỏng', "utf-8")
    profile = profiles.create("Ánh Dương")
    profiles.record(profile, book().order[0], True)
    written = []
    for w, h in SIZES:
        app = App(LaunchOptions(lang=args.lang, size=(w, h), save_settings=False))
        app.settings.anim_speed = 40.0

        def shot(name: str, scene: Any, *, clear: bool = True, frames: int = 3) -> Any:
            written.append(shoot(app, args.out / f"{name}-{w}x{h}.png", scene, clear, frames))  # noqa: B023
            return scene

        for i, (boss, party) in enumerate(zip(book().order, (2, 4, 6), strict=False)):
            match = new_match("shv_companion", companion_config(app, boss, party), 11 + i)
            mid_turn(match)
            table: Any = shot(f"companion-midturn-{boss}", open_table(app, match))
        table.toggle_lore()
        shot("companion-lore", table, clear=False)
        match = new_match("shv_companion", companion_config(app, "ngu_tinh", 1), 5)
        match.apply(Action.make("damage", 0, villain=0, amount=match.state.hp))
        shot("companion-won", open_table(app, match), frames=5)
        shot("companion-setup", CompanionSetupScene(app, boss=book().order[1], party=3))
        shot("shv-modes", ShvModesScene(app))
        shot("story-profiles", ProfilesScene(app))
        story = StoryScene(app, profile)
        shot("story-map", story)
        shot("story-lore", LoreScene(app, story, book().order[1]), clear=False)
        shot("story-epilogue", EpilogueScene(app, profile, book().order[0]))
    for path in written:
        print(path)


if __name__ == "__main__":
    main()
