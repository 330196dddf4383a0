"""Player settings, persisted as JSON in the config folder."""

from __future__ import annotations

import json
import logging
import math
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.core import files
from saves import notices
from saves.atomic import write_atomic
from saves.paths import config_dir

log = logging.getLogger(__name__)

MAX_BYTES = 1024 * 1024
"""The largest settings file read (the program writes a few KB)."""

ANIM_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
ANIM_OFF = 0.0
"""The Settings menu's animation-speed choice below 0.5x: animations off
(``Settings.animations``; the speed is kept for when they are turned back on)."""


def _finite_number(value: Any) -> bool:
    """A real number that fits a float (rejects NaN, infinities, 10**400, bools)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


@dataclass
class Settings:
    lang: str = "vi"
    width: int = 1280
    height: int = 720
    fullscreen: bool = False
    anim_speed: float = 1.0  # multiplier; higher is faster
    #: False: a quiet table, no animation at all (each change is shown at once; the
    #: game advances exactly as with them on).  Files from before it load with True.
    animations: bool = True
    volume: float = 0.7  # 0..1
    ai_delay: float = 0.6  # seconds an AI seat waits so people can follow
    idle_minutes: int = 3  # minutes without input before the demo starts (0: never)
    replay_keep: int = 30  # finished games kept as replays (0: none)
    guide_offered: bool = False  # the first start offered the first-game guide (issue 12)
    hints: bool = True  # the table's Hint button and H key (off: "no hints" matches)
    #: The last seat setup per game id (names, player count, AI levels,
    #: options), as the seat-setup screen wrote it; it checks every value
    #: against the game when it reads it back.  {} on a fresh install.
    setups: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def path() -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> Settings:
        """Load settings; a missing file gives the defaults.  A file that cannot
        be read as settings (too big, too deep, not JSON, not an object, not a
        regular file, a link out of the folder) is set aside (renamed
        ``settings.json.bad-<n>``, never deleted), the defaults are used and the
        player is told (``saves.notices``): a bad file never stops the start."""
        file = cls.path()
        settings = cls()
        if not os.path.lexists(file):
            return settings
        try:
            # NaN and Infinity read (``update`` refuses them key by key)
            data = files.read_json(file, limit=MAX_BYTES, root=file.parent, constants=True)
            if not isinstance(data, dict):
                raise files.ReadError("not_json", file, line="?", column="?")
        except files.ReadError as exc:
            if exc.code in ("missing", "permission"):
                log.warning("ignoring unreadable settings %s: %s", file, exc)
                return settings
            moved = files.set_aside(file)
            notices.add(
                "ui.notice.settings_set_aside",
                path=str(moved or file),
                why=exc.code,
            )
            return settings
        settings.update(data)
        return settings

    def update(self, data: dict[str, Any]) -> None:
        """Take the known, well-typed keys of ``data``; ignore the rest."""
        for f in fields(self):
            if f.name not in data:
                continue
            value = data[f.name]
            current = getattr(self, f.name)
            if isinstance(current, dict):
                ok = isinstance(value, dict) and all(
                    isinstance(k, str) and isinstance(v, dict) for k, v in value.items()
                )
            elif isinstance(current, bool):
                ok = isinstance(value, bool)
            elif isinstance(current, float):
                ok = _finite_number(value)
                value = float(value) if ok else value
            elif isinstance(current, int):
                ok = isinstance(value, int) and not isinstance(value, bool)
            else:
                ok = isinstance(value, str)
            if ok:
                setattr(self, f.name, value)
        self.clamp()

    def clamp(self) -> None:
        if self.lang not in ("vi", "en"):
            self.lang = "vi"
        self.width = max(800, min(7680, self.width))
        self.height = max(500, min(4320, self.height))
        self.anim_speed = max(0.25, min(8.0, self.anim_speed))
        self.volume = max(0.0, min(1.0, self.volume))
        self.ai_delay = max(0.0, min(5.0, self.ai_delay))
        self.idle_minutes = max(0, min(120, self.idle_minutes))
        self.replay_keep = max(0, min(500, self.replay_keep))

    def save(self) -> None:
        """Write atomically; the previous file (even a corrupt one) stays as .bak."""
        write_atomic(self.path(), json.dumps(asdict(self), indent=2).encode("utf-8"))
