"""Render the window icon ``assets/icon.png`` from the procedural art.

SDL_VIDEODRIVER=dummy python tools/make_icon.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from scenes.ui.art import icon_surface  # noqa: E402


def main() -> None:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    out = ROOT / "assets" / "icon.png"
    pygame.image.save(icon_surface(128), str(out))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
