"""Bàn Thẻ: parse the command line, open the window, run the scene stack.

``python main.py --help`` lists the flags; ``banthe`` is the installed command.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

# pygame prints a "pygame-ce 2.x (SDL ...)" banner on import unless this is set;
# it must be set before anything imports pygame (issue 11.28).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _rules_cores() -> str:
    """Run the fresh mypyc build of the rules cores if there is one, else the pure
    Python sources (``game/compiled.py``: loaded by its path, since the choice must
    come before anything imports the game package); the line the log gets."""
    import importlib.util

    try:
        path = Path(__file__).resolve().with_name("game") / "compiled.py"
        spec = importlib.util.spec_from_file_location("banthe_rules_cores", path)
        if not path.is_file() or spec is None or spec.loader is None:
            from game import compiled as cores  # the make dist app: it reports its bundle
        else:
            cores = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(cores)
        return str(cores.choose(sys.argv[1:]))
    except Exception as exc:  # the choice never stops the game
        return f"rules cores: pure Python (the choice failed: {exc})"


RULES_CORES = _rules_cores()

from game.version import __version__  # noqa: E402 (after the rules cores' choice)

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import Scene

LANGS = ("vi", "en")
MIN_W, MIN_H = 1024, 600
MAX_W, MAX_H = 7680, 4320
EXIT_USAGE = 2


def _size(value: str) -> tuple[int, int]:
    """argparse type for ``WxH`` (e.g. 1280x720)."""
    parts = value.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, got {value!r}")
    w, h = (int(p) for p in parts)
    if not (MIN_W <= w <= MAX_W and MIN_H <= h <= MAX_H):
        raise argparse.ArgumentTypeError(
            f"size {w}x{h} is out of range: width {MIN_W}-{MAX_W}, height {MIN_H}-{MAX_H}"
        )
    return w, h


def _int_range(low: int, high: int, what: str) -> Callable[[str], int]:
    def parse(value: str) -> int:
        try:
            number = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number, got {value!r}"
            ) from None
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"{what} must be between {low} and {high}")
        return number

    return parse


def _seat_list(value: str) -> list[tuple[str, str]]:
    """argparse type for ``--seats human,ai,ai:random``: (control, bot) per seat."""
    from game.ai.bots import BOTS

    seats: list[tuple[str, str]] = []
    for item in value.split(","):
        control, _, bot = item.strip().lower().partition(":")
        if control == "human" and not bot:
            seats.append(("human", "greedy"))
        elif control == "ai" and (bot or "greedy") in BOTS:
            seats.append(("ai", bot or "greedy"))
        else:
            raise argparse.ArgumentTypeError(
                f"each seat is human, ai or ai:BOT (bots: {', '.join(BOTS)}), got {item!r}"
            )
    return seats


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="banthe",
        description="Bàn Thẻ: a desktop card table (ManaSurge, Sử Hộ Vương, Thất Thánh Triệu Hồi).",
        epilog="Keys: arrows/Tab move focus, Enter confirms, Esc goes back or pauses, "
        "F11 toggles fullscreen.  `banthe sheet --help`: every card face of a game in one "
        "PNG at print resolution; `banthe print --help`: a deck as a PDF to cut out.",
    )
    parser.add_argument("--lang", choices=LANGS, help="interface language (default: settings, vi)")
    parser.add_argument("--fullscreen", action="store_true", default=None, help="start fullscreen")
    parser.add_argument(
        "--size",
        type=_size,
        metavar="WxH",
        help=f"window size, from {MIN_W}x{MIN_H} up to the display's size "
        f"(never above {MAX_W}x{MAX_H}); a larger size falls back to one that fits",
    )
    parser.add_argument(
        "--save-dir",
        metavar="DIR",
        help="folder for saves and settings (also env BANTHE_SAVE_DIR)",
    )
    parser.add_argument(
        "--load", type=Path, metavar="FILE", help="open this save file straight at the table"
    )
    parser.add_argument(
        "--seed",
        type=_int_range(0, 2**63 - 1, "--seed"),
        metavar="N",
        help="seed for new games (same seed + same moves = same game)",
    )
    parser.add_argument(
        "--frames",
        type=_int_range(1, 10**9, "--frames"),
        metavar="N",
        help="run N frames then exit 0 (smoke test; settings are not written)",
    )
    debug = parser.add_argument_group(
        "debug", "start a new game straight at the table, hidden test games included"
    )
    debug.add_argument(
        "--game",
        metavar="ID",
        help="new game of this game id (any game with a table, e.g. manasurge or toy)",
    )
    debug.add_argument(
        "--players",
        type=_int_range(1, 64, "--players"),
        metavar="N",
        help="number of players with --game (default: the number of --seats, else the "
        "fewest the game allows)",
    )
    debug.add_argument(
        "--seats",
        type=_seat_list,
        metavar="LIST",
        help="who sits where with --game: human, ai or ai:BOT per seat, comma separated "
        "(default: seat 1 human, the rest ai)",
    )
    event = parser.add_argument_group(
        "events", "a program that runs by itself at an event booth (README: at an event)"
    )
    event.add_argument(
        "--demo",
        action="store_true",
        help="start with computer-vs-computer games of every game in a loop, full screen; "
        "any key goes to the title",
    )
    event.add_argument(
        "--kiosk",
        action="store_true",
        help="booth mode (implies --demo): no Quit, no window size or earlier games; "
        "each visitor starts clean; exit with Ctrl+Shift+Q",
    )
    parser.add_argument(
        "--replay", type=Path, metavar="FILE", help="open this save file in the replay viewer"
    )
    parser.add_argument(
        "--pure",
        action="store_true",
        help="run the pure-Python rules cores even when a fresh compiled build "
        "(make compile) is present (also env BANTHE_PURE=1)",
    )
    parser.add_argument(
        "--version", action=_OneLineVersion, help="show the version and the rules cores, and exit"
    )
    return parser


class _OneLineVersion(argparse.Action):
    """``--version``: one line, never wrapped to the terminal (argparse's own action wraps
    a long rules-cores reason onto a second line)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_args: Any, **_kwargs: Any) -> None:
        print(f"{parser.prog} {__version__}; {RULES_CORES}")
        parser.exit()


def _check_game(parser: argparse.ArgumentParser, game_id: str) -> Any:
    """The GameInfo of ``--game``; usage error (exit 2) for an unknown game or one
    that has no table yet."""
    import game
    from scenes.table import registry

    tables = ", ".join(registry.with_table())
    try:
        info = game.info(game_id)
    except KeyError:
        info = None
    if info is None and game_id not in registry.ids():
        parser.error(f"--game: unknown game {game_id!r} (games with a table: {tables})")
    if not registry.has_table(game_id):
        parser.error(f"--game: {game_id!r} has no table yet (games with a table: {tables})")
    if info is None:
        parser.error(f"--game: {game_id!r} has a table but no rules registered")
    return info


def new_match(parser: argparse.ArgumentParser, args: argparse.Namespace, lang: str) -> Match:
    """The match ``--game/--players/--seats`` ask for (usage error on a bad combination)."""
    import game
    from game.i18n import t

    info = _check_game(parser, args.game)
    seats: list[tuple[str, str]] | None = args.seats
    players = args.players or (len(seats) if seats else info.modes[0].player_counts[0])
    if seats is None:
        seats = [("human", "greedy")] + [("ai", "greedy")] * (players - 1)
    if len(seats) != players:
        parser.error(f"--seats lists {len(seats)} seats but --players is {players}")
    names = [n.strip() for n in t("ui.seats.default_names", lang).split(",")]
    try:
        config = info.default_config(None, players, names=names)
        for seat, (control, bot) in zip(config["seats"], seats, strict=True):
            seat.update(control=control, bot=bot)
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
        return game.new_match(args.game, config, seed)
    except (ValueError, KeyError) as exc:
        parser.error(f"--game {args.game}: {exc}")


def load_match(path: Path, lang: str | None) -> Match | str:
    """The match saved in ``path``, or why it cannot be opened at the table."""
    from saves import store
    from saves.settings import Settings
    from scenes.table import registry

    try:
        match = store.load_match(path)
    except store.SaveError as exc:
        # In the player's language (the flag, else their settings: vi by default).
        return store.format_error(exc, lang or Settings.load().lang)
    if not registry.has_table(match.game_id):
        return f"{path}: the game {match.game_id!r} has no table yet"
    return match


def fit_size_to_display(size: tuple[int, int]) -> tuple[int, int]:
    """``--size`` as given if it fits the display, else the largest window size
    that does, with a one-line message on stderr (issue 11.7)."""
    from scenes.ui import display

    screen = display.display_size()
    fitted = display.fit_window(size, screen)
    if fitted != size and screen is not None:
        print(
            f"banthe: --size {size[0]}x{size[1]} is larger than the display "
            f"({screen[0]}x{screen[1]}); using {fitted[0]}x{fitted[1]}",
            file=sys.stderr,
        )
    return fitted


def first_scene(app: Any, args: argparse.Namespace, match: Match | None) -> Scene:
    """The scene the program opens with: the replay viewer, the table, the demo,
    or the title (after a crash, the offer to resume the last game over it)."""
    if match is not None and args.replay is not None:
        from scenes.replay import ReplayScene

        first: Scene = ReplayScene(app, match)
    elif match is not None:
        from scenes.table import open_table

        first = open_table(app, match)
    elif app.options.demo:
        from scenes.demo import DemoScene

        first = DemoScene(app)
    else:
        from scenes.crash import resume_offer
        from scenes.title import TitleScene

        first = TitleScene(app)
        offer = resume_offer(app, first)  # the last run did not quit cleanly
        if offer is None and app.options.save_settings and not app.settings.guide_offered:
            from scenes.guide import first_start_offer  # imported only when it may offer

            offer = first_start_offer(app)  # the program's first start: the guide, once
        if offer is not None:
            app.stack.push(first)
            first = offer
    notice = startup_notice(app)
    if notice is not None:
        app.stack.push(first)
        first = notice
    return first


def startup_notice(app: Any) -> Scene | None:
    """A message about the files set aside while starting (a bad settings file,
    a bad running-game marker: ``saves.notices``), or None.  A kiosk only logs
    them (nobody there to press OK)."""
    from saves import notices

    found = notices.take()
    if not found or app.options.kiosk:
        return None
    from scenes.dialogs import MessageDialog

    tr = app.tr
    lines = []
    for key, params in found:
        why = tr(f"ui.notice.why.{params.get('why', 'unreadable')}")
        lines.append(tr(key, **{**params, "why": why}))
    return MessageDialog(app, tr("ui.notice.title"), "\n".join(lines))


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["sheet"]:  # `banthe sheet --game G --out F.png`: the contact sheet
        from scenes.sheet import main as sheet

        return sheet(words[1:])
    if words[:1] == ["print"]:  # `banthe print --game G DECK --out F.pdf`: print and play
        from scenes.printing.cli import main as print_deck

        return print_deck(words[1:])
    parser = build_parser()
    args = parser.parse_args(words)

    from saves import paths

    if args.save_dir:
        folder = Path(args.save_dir).expanduser()
        if folder.exists() and not folder.is_dir():
            parser.error(f"--save-dir {args.save_dir!r} is not a folder")
        paths.set_save_dir(folder)

    if args.game is None and (args.players is not None or args.seats is not None):
        parser.error("--players and --seats go with --game")
    if args.game is not None and args.load is not None:
        parser.error("--game starts a new game; it cannot be combined with --load")
    starts = [args.game is not None, args.load is not None, args.replay is not None]
    if (args.demo or args.kiosk) and any(starts):
        parser.error("--demo and --kiosk start with the demo; drop --game, --load and --replay")
    if args.replay is not None and any(starts[:2]):
        parser.error("--replay opens a replay; it cannot be combined with --game or --load")

    match: Match | None = None
    if args.load is not None or args.replay is not None:
        loaded = load_match(args.load or args.replay, args.lang)
        if isinstance(loaded, str):
            print(f"banthe: {loaded}", file=sys.stderr)
            return EXIT_USAGE
        match = loaded
    elif args.game is not None:
        from saves.settings import Settings

        match = new_match(parser, args, args.lang or Settings.load().lang)

    if args.frames is not None:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.size is not None:
        args.size = fit_size_to_display(args.size)
    if (args.demo or args.kiosk) and args.fullscreen is None and args.size is None:
        args.fullscreen = True  # a booth fills the screen

    return run_app(args, match)


def run_app(args: argparse.Namespace, match: Match | None) -> int:
    """Open the window and run the main loop; a stop signal ends it cleanly."""
    from saves import logfile
    from scenes.app import App, LaunchOptions

    logfile.start(__version__)  # banthe.log beside the saves; marks this run as running
    log_info(RULES_CORES)  # which rules cores run: compiled (make compile) or pure Python

    options = LaunchOptions(
        lang=args.lang,
        fullscreen=args.fullscreen,
        size=args.size,
        load=args.load,
        seed=args.seed,
        frames=args.frames,
        save_settings=args.frames is None,
        demo=args.demo or args.kiosk,
        kiosk=args.kiosk,
    )
    app = App(options)
    stopped, previous = install_stop_signals(app)
    try:
        code = app.run(first_scene(app, args, match))
    finally:
        restore_signals(previous)
    if stopped:  # SIGTERM / SIGINT: the tables' autosaves written before the exit
        save_open_tables(app)
        code = 128 + stopped[0]
    logfile.finish()
    return code


STOP_SIGNALS = ("SIGTERM", "SIGINT", "SIGHUP")
"""The signals that end the program cleanly in every mode, kiosk included
(a system shutdown, a service manager, Ctrl+C, a closed terminal)."""


def restore_signals(previous: dict[int, Any]) -> None:
    """Put back the handlers ``install_stop_signals`` replaced."""
    import signal

    for number, handler in previous.items():
        try:
            signal.signal(number, handler)
        except (OSError, ValueError, TypeError):
            continue


def install_stop_signals(app: Any) -> tuple[list[int], dict[int, Any]]:
    """Make each of ``STOP_SIGNALS`` end ``app``'s main loop at the next frame
    (at most one frame, 1/60 s, later; the kiosk's booth swallows the window's
    close event, a signal it cannot).  Returns the list the handler fills with
    the signal number (empty while none came) and the handlers replaced."""
    import signal

    got: list[int] = []
    previous: dict[int, Any] = {}

    def stop(signum: int, frame: object) -> None:
        if not got:
            got.append(signum)
        app.stopping = True
        app.quit()

    for name in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is not None:
            try:
                previous[number] = signal.signal(number, stop)
            except (OSError, ValueError):  # not the main thread, or not on this system
                continue
    log_info("stop signals handled")
    return got, previous


def save_open_tables(app: Any) -> None:
    """Autosave every table on the stack and wait for the writes (a stop by
    signal; a table already autosaves after each action, so this only adds
    what is in memory)."""
    from saves import store

    for scene in [] if app.options.kiosk else list(app.stack.scenes):
        save = getattr(scene, "autosave", None)
        match = getattr(scene, "match", None)
        if callable(save) and match is not None and getattr(match, "saveable", True):
            try:
                save()
            except Exception as exc:  # a failed write is logged; the stop goes on
                log_warning(f"autosave at stop failed: {exc}")
    for failed in store.flush_writes(timeout=1.5):
        log_warning(f"autosave at stop failed: {failed}")


def log_warning(message: str) -> None:
    import logging

    logging.getLogger("banthe").warning(message)


def log_info(message: str) -> None:
    import logging

    logging.getLogger("banthe").info(message)


if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # the `make dist` app: its AI worker is a frozen child
        import multiprocessing

        multiprocessing.freeze_support()
    sys.exit(main())
