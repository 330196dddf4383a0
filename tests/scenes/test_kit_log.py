"""The event log renders stored events for the current eyes and language."""

from __future__ import annotations

import random
from typing import Any

from table_driver import hotseat_config, open_match

from game import new_match
from game.core.contract import HIDDEN, Event
from game.i18n import t
from scenes.table.eventlog import EventLog

DRAW = Event("drawn", {"seat": 0, "card": 17}, secret=("card",), seen_by=(0,))


class Looker:
    """A stand-in table: who is looking and in which language."""

    def __init__(self) -> None:
        self.eyes: int | None = 0
        self.lang = "vi"

    def sentence(self, event: Event) -> str:
        # deliberately careless: names the card whatever it is (privacy must not rest on this)
        card = event.data["card"]
        shown = "?" if card == HIDDEN else str(card)
        return f"[{self.lang}] seat {event.data['seat']} drew {shown}"

    def log(self) -> EventLog:
        return EventLog(
            sentence=self.sentence,
            note=lambda key, params: t(key, self.lang, **params),
            context=lambda: (self.eyes, self.lang),
        )


def test_a_secret_shows_only_to_its_seat_whatever_the_sentence_says() -> None:
    looker = Looker()
    log = looker.log()
    log.add_event(DRAW)
    assert log.lines() == ["[vi] seat 0 drew 17"]
    looker.eyes = 1  # hotseat: the next player looks
    assert log.lines() == ["[vi] seat 0 drew ?"]
    looker.eyes = None  # the hand-off screen: nobody's secrets
    assert log.lines() == ["[vi] seat 0 drew ?"]
    assert DRAW.data["card"] == 17  # the stored event keeps the truth for its seat
    looker.eyes = 0
    assert log.lines() == ["[vi] seat 0 drew 17"]


def test_notes_and_events_follow_the_language() -> None:
    looker = Looker()
    log = looker.log()
    log.add_event(DRAW)
    log.add_note("table.log.undo", name="An")
    log.add_text("")  # empty lines are not shown
    assert log.lines()[1] == t("table.log.undo", "vi", name="An")
    version = log.version
    looker.lang = "en"
    assert log.lines() == ["[en] seat 0 drew 17", t("table.log.undo", "en", name="An")]
    assert log.version > version
    assert log.lines() is log.lines()  # cached until something changes


def test_the_log_keeps_the_newest_entries() -> None:
    log = EventLog(sentence=lambda e: str(e.data["i"]))
    for i in range(EventLog.LIMIT + 1):
        log.add_event(Event("n", {"i": i}))
    lines = log.lines()
    assert lines[-1] == str(EventLog.LIMIT) and len(lines) == EventLog.LIMIT + 1 - EventLog.TRIM


def test_the_manasurge_log_rerenders_in_the_new_language(make_app: Any) -> None:
    # issue 11 item 3: old lines follow a language switch
    app = make_app(lang="vi")
    match = new_match("manasurge", hotseat_config(2), 3)
    table = open_match(app, match)
    table.revealed_to = table.viewer  # looking at the table as the seat to move
    rng = random.Random(3)
    for _ in range(6):
        table.submit(rng.choice(match.legal_actions()))
        table.anims.skip()
    vi = list(table.log_panel.lines)
    assert len(vi) >= 6
    app.set_lang("en")
    en = table.log_panel.lines
    assert len(en) == len(vi) and en != vi
    raw = [e for entry in table.event_log.entries if (e := entry.event) is not None]
    expected = [table.sentence(e.for_seat(table.eyes)) for e in raw]
    assert en == [line for line in expected if line]
