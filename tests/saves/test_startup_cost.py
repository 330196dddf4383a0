"""The start-up path does no avoidable work before the first frame (issue 15)."""

from __future__ import annotations

import platform
import subprocess
from pathlib import Path
from typing import Any

import pytest

from saves import logfile, store


def test_the_log_line_names_the_platform_without_a_subprocess(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    spawned: list[Any] = []

    def no_spawn(*args: Any, **kwargs: Any) -> None:
        spawned.append(args)
        raise OSError("no subprocess before the first frame")

    monkeypatch.setattr(subprocess.Popen, "__init__", no_spawn)
    monkeypatch.setenv("BANTHE_SAVE_DIR", str(tmp_path))
    words = logfile._platform()
    info = platform.uname()
    assert words.startswith(f"{info.system}-{info.release}-{info.machine}")
    try:
        assert logfile.start("9.9.9") is not None
    finally:
        logfile.stop()
        logfile.forget()
    assert spawned == []
    assert words in (tmp_path / "logs" / logfile.LOG_NAME).read_text(encoding="utf-8")


def test_a_new_match_id_is_a_time_stamp_and_four_hex_digits() -> None:
    stamp, _, tail = store._new_match_id().rpartition("-")
    assert len(stamp) == 15 and stamp[8] == "-" and stamp.replace("-", "").isdigit()
    assert len(tail) == 4 and int(tail, 16) >= 0
