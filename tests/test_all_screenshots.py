"""tools/all_screenshots.py (issue 33): one command for the screenshots of every table,
the deck editor and the title, at 1280x720 and 1024x600."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tools import all_screenshots

ROOT = Path(__file__).resolve().parents[1]


def test_the_command_covers_every_table_the_deck_editor_and_the_title() -> None:
    assert set(all_screenshots.SHOTS) == {
        "title", "shv-1v1", "shv-3v3", "shv-pve", "invokation", "manasurge-2p",
        "manasurge-6p", "deck-editor",
    }  # fmt: skip
    assert all_screenshots.SIZES == ((1280, 720), (1024, 600))


def test_the_readme_shows_one_screenshot_of_each_game_the_command_writes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for shot in ("manasurge-2p", "shv-3v3", "invokation"):
        assert f"](docs/screenshots/{shot}-1280x720.png)" in readme, shot
    assert "tools/all_screenshots.py" in readme


def test_unknown_shot_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        all_screenshots.main(["--only", "title,nope"])
    assert exc.value.code == 2
    assert "nope" in capsys.readouterr().err


def test_the_command_writes_each_shot_at_both_sizes(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "all_screenshots.py"), "--out", str(tmp_path),
         "--only", "title,shv-pve"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    for shot in ("title", "shv-pve"):
        for w, h in all_screenshots.SIZES:
            path = tmp_path / f"{shot}-{w}x{h}.png"
            assert pygame.image.load(str(path)).get_size() == (w, h)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        f"{s}-{w}x{h}.png" for s in ("title", "shv-pve") for w, h in all_screenshots.SIZES
    )  # nothing else written (the PvE tool's own names are not left behind)
