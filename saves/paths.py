"""Where Bàn Thẻ keeps files. The only module that knows.

Saves and settings live under ``appdirs.user_data_dir`` / ``user_config_dir``
unless ``--save-dir`` or the ``BANTHE_SAVE_DIR`` environment variable says
otherwise (tests and portable installs use that; settings then live beside
the saves so a portable folder is self-contained).
"""

from __future__ import annotations

import os
from pathlib import Path

import appdirs

APP_NAME = "BanThe"
ENV_SAVE_DIR = "BANTHE_SAVE_DIR"

_override: Path | None = None


def set_save_dir(path: str | os.PathLike[str] | None) -> None:
    """Override the save folder (from ``--save-dir``); None restores the default."""
    global _override
    _override = Path(path).expanduser().resolve() if path else None


def _env_dir() -> Path | None:
    value = os.environ.get(ENV_SAVE_DIR)
    return Path(value).expanduser().resolve() if value else None


def save_dir() -> Path:
    """The folder that holds save files (created on demand)."""
    folder = _override or _env_dir() or Path(appdirs.user_data_dir(APP_NAME, False)) / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def config_dir() -> Path:
    """The folder that holds settings.json (created on demand)."""
    base = _override or _env_dir()
    folder = base if base else Path(appdirs.user_config_dir(APP_NAME, False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
