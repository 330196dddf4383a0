"""The AI worker is checked, not trusted (issue 37 class 5): every reply is
validated (shape, job id, an action of the seat that is legal now) before it
is used; a bad reply is logged, the seat moves at once with the fallback bot,
the worker is restarted, and the table never shows the error screen."""

from __future__ import annotations

import time
from typing import Any

import pytest

import game
from game import new_match
from game.ai import worker as job
from game.core.match import Match
from scenes.table import ai
from tests.scenes.table_driver import hotseat_config, open_match, step


class _Conn:
    def __init__(self, replies: list[Any]) -> None:
        self.replies = list(replies)
        self.sent: list[Any] = []

    def send(self, obj: Any) -> None:
        self.sent.append(obj)

    def poll(self) -> bool:
        return bool(self.replies)

    def recv(self) -> Any:
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return reply

    def close(self) -> None:
        return


class _Proc:
    pid = 1

    def is_alive(self) -> bool:
        return True


def _backend(replies: list[Any]) -> ai._ProcessBackend:
    backend = ai._ProcessBackend.__new__(ai._ProcessBackend)
    backend._conn = _Conn(replies)  # type: ignore[assignment]
    backend.process = _Proc()  # type: ignore[assignment]
    backend._jobs = {}
    backend._last_id = 0
    return backend


@pytest.mark.parametrize(
    "reply",
    [
        "garbage",
        ("only", "two"),
        (True, "ok", {}),  # a bool is no job id
        (10**12, "ok", {}),  # a job never asked for
        ("id", "ok", {}),
        ("ID", "maybe", {}),
        ValueError("unpickling failed"),
    ],
    ids=["string", "short", "bool id", "unknown id", "str id", "bad status", "unpickle"],
)
def test_a_malformed_reply_fails_the_decision_never_raises(reply: Any) -> None:
    backend = _backend([])
    work = ai._Job()
    backend.submit(work, "choose", ())
    if isinstance(reply, tuple) and reply[0] == "ID":
        reply = (work.id, "maybe", {})
    backend._conn.replies.append(reply)  # type: ignore[attr-defined]
    backend.collect()
    assert work.done and work.error in ("bad_reply", "died")


def test_a_well_formed_reply_and_a_stale_one() -> None:
    backend = _backend([])
    old, new = ai._Job(), ai._Job()
    backend.submit(old, "choose", ())
    backend._jobs.pop(old.id)  # forgotten (a table reset)
    backend.submit(new, "choose", ())
    backend._conn.replies += [(old.id, "ok", 1), (new.id, "ok", {"kind": "x"})]  # type: ignore[attr-defined]
    backend.collect()
    assert new.done and new.error is None and new.result == {"kind": "x"}


def _bad_answers(match: Match) -> dict[str, Any]:
    seat = match.to_move
    assert seat is not None
    legal = match.legal_actions()[0].to_json()
    return {
        "a list": [1, 2, 3],
        "no kind": {"seat": seat},
        "another seat": {**legal, "seat": (seat + 1) % 2},
        "unknown kind": {"kind": "win_now", "seat": seat},
        "bad args": {**legal, "card": {"x": [1]}},
        "none": None,
    }


@pytest.mark.parametrize("which", range(6))
def test_the_table_moves_at_once_with_the_fallback_and_restarts_the_worker(
    app: Any, monkeypatch: pytest.MonkeyPatch, which: int
) -> None:
    monkeypatch.setenv(ai.ENV_THREADS, "1")
    ai.shutdown()
    config = hotseat_config(2)
    for seat in config["seats"]:
        seat.update(control="ai", bot="random")
    match = new_match("manasurge", config, 4)
    name, answer = list(_bad_answers(match).items())[which]
    monkeypatch.setattr(job, "choose", lambda *args: answer)
    app.settings.ai_delay = 0.0
    table = open_match(app, match)
    before = len(match.log)
    shut: list[bool] = []
    real = ai.shutdown
    monkeypatch.setattr(ai, "shutdown", lambda: shut.append(True) or real())
    end = time.monotonic() + 5
    while len(match.log) == before and time.monotonic() < end:
        step(app)  # raises if the table would fall to the error screen
        time.sleep(0.005)
    assert len(match.log) == before + 1, name
    assert table.actions_sent[-1][1] == "ai"
    assert app.stack.top is table
    if answer is not None:
        assert shut, "the worker is restarted after a bad reply"
    seat_name = match.seats[match.log[-1].seat].name
    assert app.tr("table.toast.ai_fallback", name=seat_name) in table.toasts.texts
    ai.shutdown()


def test_checked_action_accepts_a_legal_action() -> None:
    match = new_match("manasurge", {"players": 2}, 3)
    seat = match.to_move
    assert seat is not None
    legal = match.legal_actions()[0]
    rules = game.get("manasurge")
    assert ai.checked_action(rules, match.state, seat, legal.to_json()) == (legal, "")
    action, why = ai.checked_action(rules, match.state, seat, {"kind": 3})
    assert action is None and why
