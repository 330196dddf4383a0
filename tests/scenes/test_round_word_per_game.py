"""The title's "last game" line and the crash screen's resume question say the
game's own word for a round: Thất Thánh Triệu Hồi plays "hiệp", not "vòng"
(text review of issue 35, GI-06)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

import game
from game import new_match
from game.core.match import Match
from saves import logfile, store
from scenes.crash import resume_offer
from scenes.dialogs import ConfirmDialog
from scenes.title import TitleScene


@pytest.fixture(autouse=True)
def _fresh_log_state() -> Any:
    logfile.forget()
    yield
    logfile.stop()
    logfile.forget()


def _dead_pid() -> int:
    proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return int(proc.stdout)


def _gi_match() -> Match:
    info = game.info("invokation")
    config = info.default_config(None, 2, names=["An", "Bình"])
    for seat in config["seats"]:
        seat["control"] = "human"
    match = new_match("invokation", config, 5)
    for _ in range(4):
        match.apply(match.legal_actions()[0])
    return match


def test_the_last_game_line_says_hiep_for_this_game(app: Any) -> None:
    store.autosave(_gi_match())
    store.flush_writes()
    title = TitleScene(app, None)
    title.refresh()  # what entering the title does
    hint = title.continue_hint()
    assert "Hiệp" in hint and "vòng" not in hint.lower(), hint


def test_the_resume_question_says_hiep_for_this_game(app: Any) -> None:
    store.autosave(_gi_match())
    store.flush_writes()
    marker = logfile.log_dir() / logfile.SESSION_NAME
    marker.write_text(json.dumps({"pid": _dead_pid()}), "utf-8")  # a run that did not quit
    offer = resume_offer(app, TitleScene(app))
    assert isinstance(offer, ConfirmDialog)
    assert "Hiệp" in offer.body and "vòng" not in offer.body.lower(), offer.body
