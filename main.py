"""Bàn Thẻ: parse the command line, open the window, run the scene stack.

``python main.py --help`` lists the flags; ``banthe`` is the installed command.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

__version__ = "0.1.0"

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


def _int_range(low: int, high: int, what: str):  # type: ignore[no-untyped-def]
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="banthe",
        description="Bàn Thẻ: a desktop card table (ManaSurge, Sử Hộ Vương, Thất Thánh Triệu Hồi).",
        epilog="Keys: arrows/Tab move focus, Enter confirms, Esc goes back or pauses, "
        "F11 toggles fullscreen.",
    )
    parser.add_argument("--lang", choices=LANGS, help="interface language (default: settings, vi)")
    parser.add_argument("--fullscreen", action="store_true", default=None, help="start fullscreen")
    parser.add_argument(
        "--size", type=_size, metavar="WxH", help=f"window size, {MIN_W}x{MIN_H} up to 4K"
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
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)

    from saves import paths

    if args.save_dir:
        folder = Path(args.save_dir).expanduser()
        if folder.exists() and not folder.is_dir():
            parser.error(f"--save-dir {args.save_dir!r} is not a folder")
        paths.set_save_dir(folder)

    match = None
    if args.load is not None:
        from saves import store
        from saves.settings import Settings

        try:
            match = store.load_match(args.load)
        except store.SaveError as exc:
            # In the player's language (the flag, else their settings: vi by default).
            lang = args.lang or Settings.load().lang
            print(f"banthe: {store.format_error(exc, lang)}", file=sys.stderr)
            return EXIT_USAGE

    if args.frames is not None:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    from scenes.app import App, LaunchOptions

    options = LaunchOptions(
        lang=args.lang,
        fullscreen=args.fullscreen,
        size=args.size,
        load=args.load,
        seed=args.seed,
        frames=args.frames,
        save_settings=args.frames is None,
    )
    app = App(options)
    if match is not None:
        from scenes.table import open_table

        first = open_table(app, match)
    else:
        from scenes.title import TitleScene

        first = TitleScene(app)
    return app.run(first)


if __name__ == "__main__":
    sys.exit(main())
