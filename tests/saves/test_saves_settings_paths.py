"""Settings persistence (saves/settings.py) and file locations (saves/paths.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from saves import notices, paths, store
from saves.settings import Settings

# --- paths ----------------------------------------------------------------------


def test_env_variable_chooses_the_folder(save_folder: Path, tmp_path: Path) -> None:
    assert save_folder == (tmp_path / "saves").resolve()
    assert save_folder.is_dir()
    assert paths.config_dir() == save_folder  # portable: settings beside the saves


def test_set_save_dir_overrides_env_and_none_restores(
    save_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = tmp_path / "flag" / "dir"
    paths.set_save_dir(other)
    try:
        assert paths.save_dir() == other.resolve()
        assert paths.config_dir() == other.resolve()
    finally:
        paths.set_save_dir(None)
    assert paths.save_dir() == save_folder
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    paths.set_save_dir("~/portable")
    try:
        assert paths.save_dir() == (tmp_path / "home" / "portable").resolve()
    finally:
        paths.set_save_dir(None)


def test_default_folders_come_from_appdirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.ENV_SAVE_DIR)
    assert paths.save_dir() == tmp_path / "appdirs-data" / "saves"
    assert paths.config_dir() == tmp_path / "appdirs-config"


# --- settings ---------------------------------------------------------------------


def test_missing_settings_give_defaults_and_create_nothing(save_folder: Path) -> None:
    settings = Settings.load()
    assert settings == Settings()
    assert (settings.lang, settings.width, settings.height) == ("vi", 1280, 720)
    assert not Settings.path().exists()


def test_settings_round_trip(save_folder: Path) -> None:
    settings = Settings(lang="en", width=1920, height=1080, fullscreen=True, anim_speed=2.0)
    settings.volume = 0.25
    settings.ai_delay = 1.5
    settings.save()
    assert Settings.path() == save_folder / "settings.json"
    assert Settings.load() == settings
    assert store.list_saves() == []  # settings.json is not a save


def test_settings_are_clamped_and_wrong_types_ignored(save_folder: Path) -> None:
    Settings.path().write_text(
        '{"lang": "fr", "width": 10, "height": 99999, "fullscreen": 1,'
        ' "anim_speed": NaN, "volume": 3, "ai_delay": -2, "unknown": true}',
        encoding="utf-8",
    )
    settings = Settings.load()
    assert settings.lang == "vi"
    assert (settings.width, settings.height) == (800, 4320)
    assert settings.fullscreen is False  # 1 is not a bool
    assert settings.anim_speed == 1.0  # NaN ignored
    assert (settings.volume, settings.ai_delay) == (1.0, 0.0)
    settings.update({"width": True, "volume": 10**400, "anim_speed": 100, "lang": "en"})
    assert settings.width == 800 and settings.volume == 1.0
    assert (settings.anim_speed, settings.lang) == (8.0, "en")


@pytest.mark.parametrize(
    "content",
    [
        b'{"lang": "en", "width": 19',
        b"\xff\xfe\x00not utf-8",
        b"[1, 2, 3]",
        b"",
        b"[" * 100_000,
    ],
    ids=["truncated", "binary", "list", "empty", "deep"],
)
def test_corrupt_settings_give_defaults_and_are_set_aside_not_deleted(
    save_folder: Path, content: bytes
) -> None:
    # issue 37 class 1: a bad settings file is renamed (never deleted or changed),
    # the defaults are used and the player is told.
    file = Settings.path()
    file.write_bytes(content)
    os.utime(file, ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))
    notices.take()
    assert Settings.load() == Settings()
    aside = file.with_name("settings.json.bad-1")
    assert not file.exists()
    assert aside.read_bytes() == content
    assert aside.stat().st_mtime_ns == 1_600_000_000_000_000_000
    assert [key for key, _ in notices.take()] == ["ui.notice.settings_set_aside"]
    Settings(lang="en").save()
    assert Settings.load().lang == "en"
    assert aside.read_bytes() == content


def test_settings_file_is_plain_json(save_folder: Path) -> None:
    Settings(lang="en").save()
    data = json.loads(Settings.path().read_text(encoding="utf-8"))
    assert data["lang"] == "en" and data["width"] == 1280
