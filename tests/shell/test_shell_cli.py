"""The command line: flags, exit codes, --frames smoke run, --load of good and bad files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import main
from game import new_match
from game.core.match import Match
from saves import store

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, save_dir: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["BANTHE_SAVE_DIR"] = str(save_dir)
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_help_lists_every_flag(tmp_path: Path) -> None:
    result = run("--help", save_dir=tmp_path)
    assert result.returncode == 0
    for flag in (
        "--lang",
        "--fullscreen",
        "--size",
        "--save-dir",
        "BANTHE_SAVE_DIR",
        "--load",
        "--seed",
        "--frames",
        "--version",
        "--game",
        "--players",
        "--seats",
    ):
        assert flag in result.stdout, flag
    assert "{vi,en}" in result.stdout


def test_version_is_one_line_with_the_rules_cores(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    long_reason = "rules cores: pure Python (the mypyc build is stale: " + "x/" * 60 + " changed)"
    monkeypatch.setattr(main, "RULES_CORES", long_reason)
    monkeypatch.setenv("COLUMNS", "60")
    with pytest.raises(SystemExit) as exc:
        main.main(["--version"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and main.__version__ in out and long_reason in out


@pytest.mark.parametrize(
    "args",
    [
        ["--lang", "fr"],
        ["--size", "10x10"],
        ["--size", "1280"],
        ["--size", "99999x720"],
        ["--seed", "-1"],
        ["--seed", "abc"],
        ["--frames", "0"],
        ["--no-such-flag"],
    ],
)
def test_bad_flags_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main.main(args)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "error:" in err


def test_save_dir_that_is_a_file_exits_2(tmp_path: Path) -> None:
    file = tmp_path / "not-a-folder"
    file.write_text("x")
    with pytest.raises(SystemExit) as exc:
        main.main(["--save-dir", str(file), "--frames", "1"])
    assert exc.value.code == 2


def test_frames_smoke_run_exits_0_and_writes_no_settings(tmp_path: Path) -> None:
    result = run("--frames", "300", "--size", "1024x600", save_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "settings.json").exists()


@pytest.mark.parametrize(
    "content",
    [b"", b"{not json", b'{"format": "other", "version": 1}', "Bàn".encode("latin-1")],
)
def test_load_bad_file_exits_2_and_leaves_it_untouched(tmp_path: Path, content: bytes) -> None:
    bad = tmp_path / "broken.json"
    bad.write_bytes(content)
    os.utime(bad, (1_000_000_000, 1_000_000_000))
    before = bad.stat()
    result = run("--load", str(bad), "--frames", "1", save_dir=tmp_path)
    assert result.returncode == 2
    assert "broken.json" in result.stderr
    assert bad.read_bytes() == content
    after = bad.stat()
    assert (after.st_mtime, after.st_size) == (before.st_mtime, before.st_size)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.json"]


def test_load_missing_file_exits_2(tmp_path: Path) -> None:
    result = run("--load", str(tmp_path / "nope.json"), "--frames", "1", save_dir=tmp_path)
    assert result.returncode == 2
    assert "nope.json" in result.stderr


def _saved_game(seed: int = 9) -> tuple[Match, Path]:
    match = new_match("manasurge", {"players": 3}, seed)
    for _ in range(5):
        match.apply(match.legal_actions()[0])
    return match, store.save_match(match, "cli")


def test_load_good_file_opens_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.app import App
    from scenes.table import open_table

    match, path = _saved_game()
    opened: list[object] = []

    def fake_run(self: App, first: object, frames: int | None = None) -> int:
        opened.append(first)
        return 0

    monkeypatch.setattr(App, "run", fake_run)
    assert main.main(["--load", str(path), "--frames", "1"]) == 0
    (first,) = opened
    assert type(first) is type(open_table(first.app, match))  # type: ignore[attr-defined]
    loaded = first.match  # type: ignore[attr-defined]
    assert loaded.rules.to_json(loaded.state) == match.rules.to_json(match.state)


def test_load_good_file_runs(tmp_path: Path) -> None:
    _, path = _saved_game(11)
    result = run("--load", str(path), "--frames", "30", save_dir=tmp_path)
    assert result.returncode == 0, result.stderr


def test_load_error_speaks_the_players_language(tmp_path: Path) -> None:
    bad = tmp_path / "foreign.json"
    bad.write_text('{"format": "other", "version": 1}', encoding="utf-8")
    vi = run("--load", str(bad), "--frames", "1", save_dir=tmp_path)
    en = run("--load", str(bad), "--lang", "en", "--frames", "1", save_dir=tmp_path)
    assert vi.returncode == en.returncode == 2
    assert "Không mở được" in vi.stderr  # Vietnamese by default (the settings' language)
    assert "Cannot load" in en.stderr


def test_no_pygame_banner_on_the_command_line(tmp_path: Path) -> None:
    """Issue 11.28: pygame printed "pygame-ce 2.x (SDL ...)" on every run."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)  # conftest sets it for the test process
    env["BANTHE_SAVE_DIR"] = str(tmp_path)
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--frames", "1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "pygame" not in result.stdout.lower() and "pygame" not in result.stderr.lower()
