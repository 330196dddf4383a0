"""Fixtures for the table scene tests: a headless App (dummy SDL drivers are set
by tests/conftest.py) with fast animations and no AI delay."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture
def make_app() -> Iterator[Any]:
    from scenes.app import App, LaunchOptions

    def make(lang: str = "vi", size: tuple[int, int] = (1280, 720)) -> App:
        app = App(LaunchOptions(lang=lang, size=size, save_settings=False))
        app.settings.anim_speed = 40.0
        app.settings.ai_delay = 0.0
        app.presses.grace = 0.0  # tests press at machine speed (test_arrival_grace sets it)
        return app

    yield make


@pytest.fixture
def app(make_app: Any) -> Any:
    return make_app()
