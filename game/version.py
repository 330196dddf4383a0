"""The program version: the one place it is set.

``setup.cfg`` reads it (``version = attr: game.version.__version__``); ``main.py --version``,
the title screen (``App.version``) and the save files (``saves.format.APP_VERSION``) import
it from here.  It lives in ``game/`` because every layer may import ``game`` and this
module imports nothing.
"""

from __future__ import annotations

__version__ = "0.1.0"
