"""Colours and sizes shared by every scene (one look across the app)."""

from __future__ import annotations

BG = (18, 38, 32)  # felt green, dark
BG_DEEP = (10, 24, 20)
FELT = (28, 74, 58)
PANEL = (24, 30, 40)
PANEL_EDGE = (90, 104, 124)
TEXT = (236, 236, 228)
TEXT_DIM = (170, 176, 170)
ACCENT = (232, 186, 84)  # gold
ACCENT_DARK = (150, 110, 40)
GOOD = (108, 196, 120)
BAD = (226, 92, 84)
FOCUS = (255, 222, 120)
SHADOW = (0, 0, 0, 120)
OVERLAY = (0, 0, 0, 160)

BASE_W, BASE_H = 1280, 720


def scale_for(size: tuple[int, int]) -> float:
    """UI scale for a window: 1.0 at 1280x720, readable down to 1024x600."""
    w, h = size
    return max(0.75, min(w / BASE_W, h / BASE_H))


def to_px(value: float, scale: float) -> int:
    """Design pixels (at 1280x720) to window pixels at ``scale`` (``App.px``)."""
    return max(1, round(value * scale))


# One team palette for the seat-setup screen and the table (team 0, 1, 2, 3).
TEAM_COLORS: tuple[tuple[int, int, int], ...] = (
    (92, 150, 230),
    (226, 96, 88),
    (110, 196, 120),
    (220, 180, 80),
)


def team_color(team: int) -> tuple[int, int, int]:
    """The colour of ``team`` (wraps past the palette)."""
    return TEAM_COLORS[team % len(TEAM_COLORS)]
