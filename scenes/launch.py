"""What ``main.py`` parsed from the command line: the app keeps it as
``app.options`` (``scenes.app``; scenes read it through ``scenes.scene.App``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class LaunchOptions:
    """What ``main.py`` parsed from the command line (None = use settings)."""

    lang: str | None = None
    fullscreen: bool | None = None
    size: tuple[int, int] | None = None
    load: Path | None = None
    seed: int | None = None
    frames: int | None = None
    save_settings: bool = True  # --frames smoke runs do not write settings
    demo: bool = False  # --demo: start with computer-vs-computer games
    kiosk: bool = False  # --kiosk: an event booth (scenes/booth.py)
