"""UI monkey test (issue 13.12): seeded random input through every scene.

Drives the real ``App`` and scene stack headless (SDL dummy drivers) with
random clicks, drags, wheel turns, keys (Esc, Enter, F11, Ctrl+Z, arrows,
Tab, Space, Backspace, typing) and window resizes, and checks after every
frame that

* no exception escapes a frame (``App.step`` raises; the crash screen of
  ``App.run`` is not in the way),
* the stack never runs empty, and at the end of every episode the title can be
  reached again by keys a player would press (Esc, the pause menu's Quit and
  its Yes) — no stuck scene,
* no frame takes longer than ``SLOW_FRAME`` seconds of the main thread's CPU
  time (wall time is reported too; on a shared machine it measures the load).

An *episode* starts from one place: the title, each registered shell scene
(game select, seat setup of every game, load and save screens, settings,
rules, pause, hand-off, results, dialogs, the error screen), and the table of every game with a
table at every player count (seats human or AI at random).  Episodes cycle
until the event budget is spent.  Half of the clicks aim at something
clickable (a button, a card, a named zone: any ``pygame.Rect`` the top scene
holds), the rest land anywhere.

    python -m tools.monkey --events 100000 --seed 1
    python -m tools.monkey --events 2000 --seed 1 --episode 7   # replay one

Exit code 0 when nothing failed, 1 otherwise; ``--json`` prints the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # Ctrl+C and SIGTERM still stop the run

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

import game  # noqa: E402
from game.ai import bots  # noqa: E402
from game.core.match import Match  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from scenes import surfaces  # noqa: E402

DT = 1 / 60
SLOW_FRAME = 0.5
"""Seconds of main-thread CPU time a frame may take in the long run (a failure there)."""
HANG_FRAME = 3.0
"""The short run's limit in ``make test``: a frame that does not end.  Tests do not
assert on a machine's speed: a first frame at a new 4K size builds its backgrounds
and text caches, about 0.3 s of CPU idle and 0.5 s beside a loaded CI."""
EPISODE_EVENTS = 300
"""Events per episode before the way back to the title is checked."""
NAMES = ("An", "Bình", "Châu", "Dũng", "Hạnh", "Giang", "Khoa", "Linh")
TYPED = "abcxyz ĐđƯưÂâÊêÔôơăáàảãạếềểễệ 0189-_.!?/\\\"'😀\t"
KEYS = (
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_F11,
    pygame.K_z,
    pygame.K_y,
    pygame.K_1,
    pygame.K_a,
)
SIZES = ((1024, 600), (1280, 720), (1366, 768), (1920, 1080), (800, 500), (2560, 1440))


# --- events ----------------------------------------------------------------------------


def key_event(k: int, mod: int = 0, up: bool = False) -> pygame.event.Event:
    kind = pygame.KEYUP if up else pygame.KEYDOWN
    char = chr(k) if 32 <= k < 127 and not mod & pygame.KMOD_CTRL else ""
    return pygame.event.Event(kind, key=k, mod=mod, unicode=char, scancode=0)


def mouse(kind: int, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=button)


def motion(pos: tuple[int, int], rel: tuple[int, int], held: bool) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0) if held else (0, 0, 0)
    )


def wheel(y: int) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y), touch=False
    )


def clickable(scene: Any, size: tuple[int, int]) -> list[pygame.Rect]:
    """Every on-screen ``pygame.Rect`` the scene holds, two attributes deep:
    its buttons, cards, zones and rows (generic: a new game's table is found
    without a line here)."""
    screen = pygame.Rect((0, 0), size)
    out: list[pygame.Rect] = []
    seen: set[int] = set()

    def visit(value: Any, depth: int) -> None:
        if isinstance(value, pygame.Rect):
            if value.width > 2 and value.height > 2 and screen.colliderect(value):
                out.append(value)
            return
        if depth <= 0 or id(value) in seen or isinstance(value, str | bytes | int | float):
            return
        seen.add(id(value))
        if isinstance(value, dict):
            for item in list(value.values())[:64]:
                visit(item, depth - 1)
        elif isinstance(value, list | tuple):
            for item in value[:64]:
                visit(item, depth - 1)
        elif hasattr(value, "__dict__") and not isinstance(value, pygame.Surface | type):
            for item in list(vars(value).values())[:64]:
                visit(item, depth - 1)
        elif hasattr(value, "__slots__"):
            for name in getattr(value, "__slots__", ()):
                visit(getattr(value, name, None), depth - 1)

    visit(scene, 3)
    return out


class Gestures:
    """Random gestures as lists of frames (each a list of events)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def point(self, app: Any) -> tuple[int, int]:
        w, h = app.size
        rng = self.rng
        if rng.random() < 0.5 and app.stack.top is not None:
            rects = clickable(app.stack.top, (w, h))
            if rects:
                r = rng.choice(rects).clip(pygame.Rect(0, 0, w, h))
                return (rng.randint(r.left, max(r.left, r.right - 1)),
                        rng.randint(r.top, max(r.top, r.bottom - 1)))  # fmt: skip
        return rng.randrange(w), rng.randrange(h)

    def click(self, app: Any) -> list[list[pygame.event.Event]]:
        pos = self.point(app)
        button = 1 if self.rng.random() < 0.85 else self.rng.choice((2, 3))
        pygame.mouse.set_pos(pos)
        down = mouse(pygame.MOUSEBUTTONDOWN, pos, button)
        up = mouse(pygame.MOUSEBUTTONUP, pos, button)
        return [[motion(pos, (0, 0), False), down], [up]]

    def drag(self, app: Any) -> list[list[pygame.event.Event]]:
        start, end = self.point(app), self.point(app)
        steps = self.rng.randint(2, 8)
        frames = [[mouse(pygame.MOUSEBUTTONDOWN, start)]]
        last = start
        for i in range(1, steps + 1):
            pos = (round(start[0] + (end[0] - start[0]) * i / steps),
                   round(start[1] + (end[1] - start[1]) * i / steps))  # fmt: skip
            frames.append([motion(pos, (pos[0] - last[0], pos[1] - last[1]), True)])
            last = pos
        frames.append([mouse(pygame.MOUSEBUTTONUP, end)])
        return frames

    def hover(self, app: Any) -> list[list[pygame.event.Event]]:
        pos = self.point(app)
        pygame.mouse.set_pos(pos)
        return [[motion(pos, (1, 1), False)]]

    def scroll(self, app: Any) -> list[list[pygame.event.Event]]:
        pos = self.point(app)
        pygame.mouse.set_pos(pos)
        return [[motion(pos, (0, 0), False), wheel(self.rng.choice((-3, -1, -1, 1, 1, 3)))]]

    def press(self, app: Any) -> list[list[pygame.event.Event]]:
        rng = self.rng
        roll = rng.random()
        if roll < 0.12:
            k, mod = pygame.K_z, pygame.KMOD_CTRL  # undo
        elif roll < 0.18:
            k, mod = pygame.K_TAB, pygame.KMOD_SHIFT
        else:
            k, mod = rng.choice(KEYS), 0
        if k == pygame.K_F11 and rng.random() < 0.5:
            k = pygame.K_ESCAPE  # F11 is costly (a new window): half as often
        return [[key_event(k, mod)], [key_event(k, mod, up=True)]]

    def type_text(self, app: Any) -> list[list[pygame.event.Event]]:
        typed = "".join(self.rng.choice(TYPED) for _ in range(self.rng.randint(1, 12)))
        return [[pygame.event.Event(pygame.TEXTINPUT, text=typed)]]

    def resize(self, app: Any) -> list[list[pygame.event.Event]]:
        rng = self.rng
        if rng.random() < 0.6:
            w, h = rng.choice(SIZES)
        else:
            w, h = rng.randint(200, 2800), rng.randint(150, 1700)
        return [[pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))]]

    def idle(self, app: Any) -> list[list[pygame.event.Event]]:
        return [[] for _ in range(self.rng.randint(1, 20))]

    def next(self, app: Any) -> list[list[pygame.event.Event]]:
        table: list[tuple[float, Callable[[Any], list[list[pygame.event.Event]]]]] = [
            (0.34, self.click),
            (0.10, self.drag),
            (0.08, self.hover),
            (0.07, self.scroll),
            (0.26, self.press),
            (0.06, self.type_text),
            (0.03, self.resize),
            (0.06, self.idle),
        ]
        roll = self.rng.random() * sum(w for w, _ in table)
        for weight, make in table:
            roll -= weight
            if roll <= 0:
                return make(app)
        return self.idle(app)


# --- where an episode starts -----------------------------------------------------------


@dataclass(frozen=True)
class Start:
    """Where an episode starts: a scene name of ``SCENES`` (with the game it
    needs) or ``table`` with a game and a player count."""

    what: str
    game: str = ""
    players: int = 0
    mode: str = ""  # a table's mode ("" = the first mode with that player count)

    def __str__(self) -> str:
        if self.what == "table":
            mode = f"{self.mode}:" if self.mode else ""
            return f"table:{self.game}:{mode}{self.players}"
        return f"{self.what}:{self.game}" if self.game else self.what


def starts() -> list[Start]:
    """Every shell scene and every game's table at every player count."""
    from scenes.table import registry

    tables = registry.with_table()
    playable = registry.playable()
    out = [Start("title"), Start("game_select"), Start("settings")]
    out += [Start("seats", g) for g in playable]
    out += [Start("rules", g) for g in playable]
    out += [Start(name, tables[0]) for name in ("saveload", "pause", "handoff", "results")]
    out += [Start("message"), Start("confirm"), Start("crash", tables[0])]
    out += [Start("companion"), Start("story")]  # Sử Hộ Vương's companion setup, Story
    out += [Start("demo"), Start("watch"), Start("replays"), Start("replay", tables[0])]
    out += [Start("puzzles"), Start("guides"), Start("credits")]
    out += [Start("guide", g) for g in playable]  # a guided first game (scenes/guide_scene.py)
    for game_id in tables:  # every mode of every game at every player count
        modes = game.info(game_id).modes
        for mode in modes:
            tag = mode.id if len(modes) > 1 else ""
            out += [Start("table", game_id, n, tag) for n in mode.player_counts]
    return out


def new_match(
    game_id: str, players: int, rng: random.Random, humans: int | None = None, mode_id: str = ""
) -> Match:
    info = game.info(game_id)
    mode = next(m for m in info.modes if players in m.player_counts and mode_id in ("", m.id))
    config = info.default_config(mode.id, players, names=NAMES[:players])
    count = rng.randint(0, players) if humans is None else humans
    human_seats = set(rng.sample(range(players), count))
    for i, seat in enumerate(config["seats"]):
        seat["control"] = "human" if i in human_seats else "ai"
        seat["bot"] = rng.choice(("greedy", "random"))
    return game.new_match(game_id, config, rng.randrange(2**32))


def finished_match(game_id: str, rng: random.Random) -> Match:
    match = new_match(game_id, game.info(game_id).modes[0].player_counts[0], rng, humans=1)
    bot, dice = bots.make("random"), Rng(rng.randrange(2**32))
    while (seat := match.to_move) is not None:
        match.apply(bot.choose(match.rules, match.state, seat, dice))
    return match


def open_start(app: Any, start: Start, rng: random.Random) -> None:
    """Clear the stack to the title, then push what ``start`` names over it."""
    from scenes.table import open_table
    from scenes.title import TitleScene

    app.stack.clear_to(TitleScene(app))
    router = app.scenes
    if start.what == "table":
        match = new_match(start.game, start.players, rng, mode_id=start.mode)
        app.stack.push(open_table(app, match))
    elif start.what in ("seats", "rules"):
        router.push(start.what, start.game)
    elif start.what == "saveload":
        match = new_match(start.game, game.info(start.game).modes[0].player_counts[0], rng)
        from saves import store

        store.autosave(match)  # something to list
        router.push("saveload", rng.choice(("load", "save")), match=match)
    elif start.what == "pause":
        match = new_match(start.game, game.info(start.game).modes[0].player_counts[0], rng)
        app.stack.push(open_table(app, match))
        router.push("pause", match)
    elif start.what == "handoff":
        match = new_match(start.game, game.info(start.game).modes[0].player_counts[0], rng, 2)
        app.stack.push(open_table(app, match))
    elif start.what == "crash":  # the error screen over a table that failed
        from scenes.crash import recover

        match = new_match(start.game, game.info(start.game).modes[0].player_counts[0], rng)
        app.stack.push(open_table(app, match))
        app.stack.apply_pending()
        recover(app, RuntimeError("monkey"))
    elif start.what in ("results", "replay"):
        router.push(start.what, finished_match(start.game, rng))
    elif start.what == "guide":
        from scenes.guide_scene import open_guide

        open_guide(app, start.game)
    elif start.what == "message":
        router.push("message", "Monkey", "A message with a long body. " * 6)
    elif start.what == "confirm":
        router.push("confirm", "Monkey?", "Answer yes or no.", lambda: None)
    elif start.what != "title":
        router.push(start.what)
    app.stack.apply_pending()


# --- the run ---------------------------------------------------------------------------


@dataclass
class Failure:
    episode: int
    start: str
    event: int
    what: str

    def __str__(self) -> str:
        return f"FAIL episode {self.episode} ({self.start}) at event {self.event}: {self.what}"


@dataclass
class Report:
    seed: int
    events: int = 0
    frames: int = 0
    episodes: int = 0
    seconds: float = 0.0
    slowest_cpu: float = 0.0
    slowest_wall: float = 0.0
    slowest_where: str = ""
    cached_peak: int = 0  # the most bytes the surface caches held after an episode
    scenes: dict[str, int] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "events": self.events,
            "frames": self.frames,
            "episodes": self.episodes,
            "seconds": round(self.seconds, 1),
            "slowest_frame_cpu_ms": round(self.slowest_cpu * 1000, 1),
            "slowest_frame_wall_ms": round(self.slowest_wall * 1000, 1),
            "slowest_where": self.slowest_where,
            "caches_peak_mb": round(self.cached_peak / 2**20, 1),
            "resident_peak_mb": round(peak_resident() / 2**20, 1),
            "scenes": dict(sorted(self.scenes.items())),
            "failures": [str(f) for f in self.failures],
        }


def peak_resident() -> int:
    """This process's peak resident size in bytes (0 where the system does not say)."""
    try:
        import resource
    except ImportError:  # Windows
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # macOS: bytes; Linux: KiB


class StuckError(Exception):
    """The title could not be reached again."""


def make_app(seed: int) -> Any:
    from scenes.app import App, LaunchOptions

    app = App(LaunchOptions(lang="vi", size=(1280, 720), seed=seed, save_settings=False))
    app.settings.anim_speed = 4.0
    app.settings.ai_delay = 0.0
    return app


class Monkey:
    def __init__(self, seed: int, slow_frame: float = SLOW_FRAME) -> None:
        self.seed = seed
        self.slow_frame = slow_frame
        self.app: Any = None
        self.report = Report(seed)

    def frame(self, events: list[pygame.event.Event], where: str) -> None:
        app = self.app
        wall, cpu = time.perf_counter(), time.thread_time()
        app.step(events, DT)
        cpu = time.thread_time() - cpu
        wall = time.perf_counter() - wall
        self.report.frames += 1
        if not app.running:  # the title's Quit: a player would start again
            app.running = True
        if not app.stack:
            raise StuckError("the scene stack is empty")
        name = type(app.stack.top).__name__
        self.report.scenes[name] = self.report.scenes.get(name, 0) + 1
        if cpu > self.report.slowest_cpu:
            self.report.slowest_cpu = cpu
            self.report.slowest_where = f"{name} at {app.size[0]}x{app.size[1]}"
        self.report.slowest_wall = max(self.report.slowest_wall, wall)
        if cpu > self.slow_frame:
            raise StuckError(f"a frame of {name} took {cpu:.2f} s of CPU")

    def back_to_title(self) -> None:
        """Reach the title with the keys a player would press, or StuckError."""
        from scenes.decks.editor import DeckEditorScene
        from scenes.dialogs import ConfirmDialog
        from scenes.guide_scene import GuideHud
        from scenes.pause import PauseScene
        from scenes.title import TitleScene

        app = self.app
        trail: list[str] = []
        for _ in range(60):
            top = app.stack.top
            below = app.stack.scenes[-2] if len(app.stack) > 1 else None
            if isinstance(top, TitleScene) and len(app.stack) == 1:
                return
            trail.append(type(top).__name__)
            press = pygame.K_ESCAPE
            if isinstance(top, PauseScene) and top.focus.focus_name("quit"):
                press = pygame.K_RETURN
            elif isinstance(top, ConfirmDialog) and isinstance(
                below, PauseScene | GuideHud | DeckEditorScene
            ):  # Quit, Skip the guide, leave the deck unsaved: Yes
                top.focus.focus_name("yes")
                press = pygame.K_RETURN
            self.frame([key_event(press)], "back")
            self.frame([key_event(press, up=True)], "back")
            for _ in range(3):
                self.frame([], "back")
        raise StuckError("the title cannot be reached: " + " > ".join(trail[-8:]))

    def episodes(self) -> Iterator[tuple[int, Start]]:
        places = starts()
        index = 0
        while True:
            yield index, places[index % len(places)]
            index += 1

    def episode(self, index: int, start: Start, budget: int) -> int:
        """Play ``budget`` events from ``start``; returns the events sent."""
        rng = random.Random(f"{self.seed}:{index}")
        gestures = Gestures(rng)
        self.app = make_app(self.seed)  # each episode from a fresh window: replayable alone
        open_start(self.app, start, rng)
        sent = 0
        while sent < budget:
            for events in gestures.next(self.app):
                self.frame(events, str(start))
                sent += len(events)
        self.back_to_title()
        return sent

    def run(self, events: int, only: int | None = None, log: Any = None) -> Report:
        began = time.perf_counter()
        report = self.report
        for index, start in self.episodes():
            if report.events >= events:
                break
            if only is not None and index != only:
                if index > only:
                    break
                continue
            budget = min(EPISODE_EVENTS, events - report.events)
            try:
                report.events += self.episode(index, start, budget)
            except Exception as exc:
                what = "".join(traceback.format_exception_only(exc)).strip()
                if not isinstance(exc, StuckError):
                    what += "\n" + "".join(traceback.format_tb(exc.__traceback__)[-4:])
                report.failures.append(Failure(index, str(start), report.events, what))
                report.events += budget
            report.episodes += 1
            report.cached_peak = max(report.cached_peak, surfaces.held())
            if log is not None and report.episodes % 25 == 0:
                print(
                    f"  {report.events} events, {report.episodes} episodes, "
                    f"{len(report.failures)} failures",
                    file=log,
                    flush=True,
                )
        report.seconds = time.perf_counter() - began
        return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.monkey", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--episode", type=int, default=None, help="replay one episode only")
    parser.add_argument("--json", action="store_true", help="one JSON object on the last line")
    args = parser.parse_args(argv)
    import logging
    import tempfile

    from saves import paths

    logging.getLogger("banthe.crash").disabled = True  # the "crash" episodes fail on purpose

    with tempfile.TemporaryDirectory(prefix="banthe-monkey-") as folder:
        paths.set_save_dir(folder)  # never the player's saves
        report = Monkey(args.seed).run(args.events, args.episode, log=sys.stderr)
    for failure in report.failures:
        print(failure)
        print(f"  reproduce: python -m tools.monkey --seed {args.seed} --episode {failure.episode}"
              f" --events {EPISODE_EVENTS}")  # fmt: skip
    data = report.to_json()
    if args.json:
        print(json.dumps(data, sort_keys=True))
    else:
        print(
            f"monkey: {data['events']} events, {data['frames']} frames, {data['episodes']} "
            f"episodes, {len(report.failures)} failures, {data['seconds']} s; slowest frame "
            f"{data['slowest_frame_cpu_ms']} ms CPU ({data['slowest_where']}), "
            f"{data['slowest_frame_wall_ms']} ms wall; caches held at most "
            f"{data['caches_peak_mb']} MB, peak resident {data['resident_peak_mb']} MB"
        )
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
