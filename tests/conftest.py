"""Shared test setup: headless SDL and a private save folder for every test.

SDL drivers are set before anything imports pygame, so scene tests run
without a display or sound card; ``BANTHE_SAVE_DIR`` points at a fresh tmp
folder so no test ever reads or writes the real user folders.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests test the pure-Python sources, also in the programs they start
# (tests/test_compiled_same.py tests the mypyc build; tests/test_compiled_choice.py the choice).
os.environ["BANTHE_PURE"] = "1"


@pytest.fixture(autouse=True)
def _private_save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    from saves import paths

    folder = tmp_path / "banthe-saves"
    monkeypatch.setenv(paths.ENV_SAVE_DIR, str(folder))
    paths.set_save_dir(None)
    yield folder
    paths.set_save_dir(None)
