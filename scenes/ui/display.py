"""The display the window opens on: its size and the window sizes that fit it.

The settings screen offers only window sizes that fit the current display and
``main.py --size`` falls back to one when asked for more (issue 11.7).  Under
a headless driver (``dummy``, ``offscreen``: tests, ``--frames`` smoke runs)
the display size is unknown and nothing is refused.
"""

from __future__ import annotations

import os

import pygame

#: Window sizes the settings screen offers (the ones that fit the display).
WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (1024, 600),
    (1280, 720),
    (1366, 768),
    (1600, 900),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
)
HEADLESS = ("dummy", "offscreen")


def display_size() -> tuple[int, int] | None:
    """The desktop size of the first display; None when it is unknown (no
    display, or a headless video driver)."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in HEADLESS:
        return None
    try:
        pygame.display.init()
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes or min(sizes[0]) <= 0:
        return None
    return int(sizes[0][0]), int(sizes[0][1])


def fits(size: tuple[int, int], display: tuple[int, int] | None) -> bool:
    return display is None or (size[0] <= display[0] and size[1] <= display[1])


def fitting_sizes(display: tuple[int, int] | None) -> list[tuple[int, int]]:
    """``WINDOW_SIZES`` that fit ``display`` (the smallest always stays: the
    game needs it, and a smaller screen can still run it full screen)."""
    return [s for s in WINDOW_SIZES if fits(s, display)] or [WINDOW_SIZES[0]]


def fit_window(size: tuple[int, int], display: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` if it fits the display, else the largest offered size that does."""
    return size if fits(size, display) else fitting_sizes(display)[-1]
