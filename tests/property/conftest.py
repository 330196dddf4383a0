"""Hypothesis profiles for the property tests (issue 13.10).

``make test`` uses the ``default`` profile: few examples per test, no deadline
(two cores shared by many test workers make timings noisy), derandomized so a
CI run is reproducible, and no example database written into the checkout.
``HYPOTHESIS_PROFILE=long`` explores far more, with fresh randomness every run
(docs/RELIABILITY.md has the command and figures)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # plain `pytest` (not `python -m pytest`) from anywhere
    sys.path.insert(0, str(ROOT))

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

settings.register_profile(
    "default",
    max_examples=50,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=_QUIET,
)
settings.register_profile(
    "long",
    max_examples=2000,
    deadline=None,
    database=None,
    suppress_health_check=_QUIET,
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
