"""Fixtures for the generic contract suite.

Tiny Duel is registered in ``game/__init__.py`` as a hidden game and ships its
strings in ``assets/i18n/<lang>/toy.json``, exactly like a real game; this file
only makes plain ``pytest`` work from anywhere."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # plain `pytest` (not `python -m pytest`) from anywhere
    sys.path.insert(0, str(ROOT))
