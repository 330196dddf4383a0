"""Hot-seat privacy (issue 34 major 2, P-SHV-3): with two or more humans at one
machine, a human's hand and face-down cards are never drawn face up while another
seat (an AI or the other human) acts: not during the AI turns that follow a human's,
not during the mulligans and the face-down placements, not under the pause menu.

The guard covers every table and mode of the registry
(:data:`scenes.table.registry.TABLES`) whose player counts allow two human seats and
an AI seat, so a table added later is covered.  Each case plays a few rounds through
the table itself: AI seats through the table's worker (a stub that answers at once
with the seat's bot), hand-offs answered with Enter, the humans' decisions sent as
the table's picker sends them (``KitTable.send``).  Drawing is instrumented, not
compared in pixels: every ``CardArt.surface`` call is recorded with its card id and
``face_up``, and a human's secret cards are those their own view shows and the
spectator's view hides (hand, face-down guardian, ...), read from the rules' views
so that a new game needs no list here.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

import game
from game import new_match
from game.ai import worker as job
from game.core.match import Match
from scenes.handoff import HandoffScene
from scenes.pause import PauseScene
from scenes.table import ai, base, registry
from scenes.table.cards import CardArt
from tests.scenes.registry_tables import enter_key, open_on_stack

DT = 1 / 60
STRETCHES = 4  # turns of control each seat has had before a case ends (setup + rounds)
ROUNDS = 2  # and whole rounds played, where the state counts them (``state.round``)
FRAMES = 20000
ANIM_SPEED = 3.0  # animations last a few frames: a card's flight is drawn, and checked


class InstantWorker(ai.AiWorker):
    """The table's AI worker, answering at once in this process with the seat's bot
    (``game.ai.worker``, the job the real worker runs)."""

    def run(self, name: str, args: tuple[Any, ...], token: object, budget: float) -> None:
        self.token, self.failure, self.budget = token, None, 0.0
        work = ai._Job()
        work.finish("ok", getattr(job, name)(*args))
        self._job = work


@pytest.fixture(autouse=True)
def _instant_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "AiWorker", InstantWorker)
    monkeypatch.setattr(base, "warm_up", lambda game_id: None)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, bool]]]:
    """Every card picture drawn: (card id, face up)."""
    calls: list[tuple[int, bool]] = []
    surface = CardArt.surface

    def recorded(self: CardArt, card: int, size: Any, lang: str, **kw: Any) -> pygame.Surface:
        calls.append((card, kw.get("face_up", True)))
        return surface(self, card, size, lang, **kw)

    monkeypatch.setattr(CardArt, "surface", recorded)
    yield calls


def cases() -> list[Any]:
    """(game, mode, players, human seats): the smallest count with room for two
    humans and an AI, the humans side by side and with an AI seat between them; and
    two humans alone (the hand-off between them), where two players may play."""
    out = []
    for game_id in registry.with_table():
        for mode in game.info(game_id).modes:
            counts = [n for n in mode.player_counts if n >= 3]
            seatings = [(min(counts), (0, 1)), (min(counts), (0, 2))] if counts else []
            if 2 in mode.player_counts:
                seatings.append((2, (0, 1)))
            for n, humans in seatings:
                tag = f"{game_id}-{mode.id}-{n}p-humans{humans[0]}{humans[1]}"
                out.append(pytest.param(game_id, mode.id, n, humans, id=tag))
    return out


def hotseat_match(game_id: str, mode_id: str, players: int, humans: tuple[int, ...]) -> Match:
    info = game.get(game_id).info
    names = ("An", "Bình", "Châu", "Dũng", "Hạnh", "Giang")
    config = info.default_config(mode_id, players, names=names, control="ai", bot="random")
    for seat in humans:
        config["seats"][seat]["control"] = "human"
    return new_match(game_id, config, 11)


def _walk(mine: Any, nobody: Any, out: set[int]) -> None:
    """Card ids ``mine`` (a seat's view) shows where ``nobody`` (the spectator's) hides."""
    if isinstance(mine, bool) or type(mine) is not type(nobody):
        return
    if isinstance(mine, int):
        if nobody < 0 <= mine:
            out.add(mine)
    elif isinstance(mine, (list, tuple)):
        if len(mine) == len(nobody):
            for a, b in zip(mine, nobody, strict=True):
                _walk(a, b, out)
    elif isinstance(mine, dict):
        for key, value in mine.items():
            if key in nobody:
                _walk(value, nobody[key], out)
    elif dataclasses.is_dataclass(mine):
        for f in dataclasses.fields(mine):
            _walk(getattr(mine, f.name), getattr(nobody, f.name), out)
    elif hasattr(mine, "__dict__") or hasattr(mine, "__slots__"):
        names = list(getattr(mine, "__dict__", {})) or list(getattr(mine, "__slots__", ()))
        for name in names:
            if hasattr(nobody, name):
                _walk(getattr(mine, name, None), getattr(nobody, name), out)


def secrets(match: Match, seat: int) -> set[int]:
    """The cards only ``seat`` may see now (their hand, a face-down card, ...)."""
    out: set[int] = set()
    _walk(match.rules.view(match.state, seat), match.rules.view(match.state, None), out)
    return out


class Watch:
    """Checks each drawn frame: no human's secret card face up unless that human is
    to move and has revealed the table.  Frames under the hand-off screen (which
    paints every pixel) are not looked at."""

    def __init__(self, app: Any, table: Any, humans: tuple[int, ...], calls: list[Any]) -> None:
        self.app, self.table, self.humans, self.calls = app, table, humans, calls
        self.checked = 0  # frames where a human's secrets were hidden while another acted
        self.phases: set[str] = set()  # the rules' phases those frames were in
        self.paused = 0  # of them, frames under the pause menu

    def step(self, events: list[pygame.event.Event] | None = None) -> None:
        self.calls.clear()
        self.app.step(events or [], DT)
        if any(isinstance(s, HandoffScene) for s in self.app.stack.scenes):
            return
        match, table = self.table.match, self.table
        actor = match.to_move
        if actor is None:
            return
        up = {card for card, face_up in self.calls if face_up}
        for seat in self.humans:
            if seat == actor and table.revealed_to == seat:
                continue  # their own turn, revealed: they may see their cards
            hidden = secrets(match, seat)
            if not hidden:
                continue
            leaked = sorted(up & hidden)
            phase = getattr(match.state, "phase", "?")
            who = match.seats[actor].name
            assert not leaked, (
                f"{match.seats[seat].name}'s cards {leaked} drawn face up while "
                f"{who} ({'AI' if match.seats[actor].is_ai else 'human'}) acts, "
                f"phase {phase}, top scene {type(self.app.stack.top).__name__}"
            )
            self.checked += 1
            self.phases.add(str(phase))
            if isinstance(self.app.stack.top, PauseScene):
                self.paused += 1


def rounds(match: Match) -> int:
    """The round the game is in (1 at the start; a large number where the state does not
    count rounds: the turns of control are the measure then)."""
    value = getattr(match.state, "round", None)
    return value if isinstance(value, int) else 1 << 30


def esc() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)


def play(app: Any, table: Any, watch: Watch, *, seed: int = 5) -> dict[int, int]:
    """Play until every seat had ``STRETCHES`` turns of control and ``ROUNDS`` rounds
    are over (or the game is): the humans send random legal actions as the picker
    does, the hand-offs are answered with Enter, and the pause menu is opened once
    (Esc) over an AI turn that follows a human's."""
    rng = random.Random(seed)
    match = table.match
    stretches = dict.fromkeys(range(len(match.seats)), 0)
    last: int | None = None
    human_before = False
    for _ in range(FRAMES):
        seat = match.to_move
        if seat is None:
            break
        if seat != last:
            stretches[seat] += 1
            human_before = last is not None and not match.seats[last].is_ai
            last = seat
        if min(stretches.values()) >= STRETCHES and rounds(match) > ROUNDS:
            break
        top = app.stack.top
        if isinstance(top, HandoffScene):
            watch.step([enter_key()])
            continue
        if top is table and match.seats[seat].is_ai and human_before and not watch.paused:
            watch.step([esc()])  # the pause menu over the AI's turn
            assert isinstance(app.stack.top, PauseScene)
            for _ in range(5):
                watch.step()
            watch.step([esc()])  # Esc resumes
            assert app.stack.top is table
            continue
        if top is table and table.in_control:
            table.send(rng.choice(match.legal_actions()))
        watch.step()
    return stretches


@pytest.mark.parametrize(("game_id", "mode_id", "players", "humans"), cases())
def test_no_human_card_face_up_while_another_seat_acts(
    app: Any, drawn: list[Any], game_id: str, mode_id: str, players: int, humans: tuple[int, ...]
) -> None:
    app.settings.anim_speed = ANIM_SPEED
    match = hotseat_match(game_id, mode_id, players, humans)
    table = open_on_stack(app, match)
    watch = Watch(app, table, humans, drawn)
    stretches = play(app, table, watch)
    done = min(stretches.values()) >= STRETCHES and rounds(match) > ROUNDS
    assert done or match.to_move is None, (stretches, rounds(match))
    assert watch.checked > 0, "no frame had a human's cards hidden while another seat acted"
    if players > len(humans):
        assert watch.paused > 0, "the pause menu was never opened over an AI turn"


def test_shv_mulligan_and_placement_are_covered(app: Any, drawn: list[Any]) -> None:
    """The setup phases (face-down placement SHV-3.4 step 4, mulligan) are among the
    frames checked: the AI placements and mulligans after a human's."""
    match = hotseat_match("shv", "pvp", 4, (0, 1))
    table = open_on_stack(app, match)
    watch = Watch(app, table, (0, 1), drawn)
    play(app, table, watch)
    assert {"place", "mulligan", "play"} <= watch.phases, watch.phases


def test_the_cases_cover_every_table_with_room_for_two_humans_and_an_ai() -> None:
    with_ai = {(p.values[0], p.values[1]) for p in cases() if p.values[2] > 2}
    assert {("shv", "pvp"), ("shv", "pve"), ("manasurge", "ffa")} <= with_ai
    assert ("invokation", "duel") not in with_ai  # two seats: no room for an AI
    hotseat = {(p.values[0], p.values[1]) for p in cases() if p.values[2] == 2}
    assert ("invokation", "duel") in hotseat  # but two humans hand over to each other


def test_a_card_drawn_as_a_human_turn_ends_flies_face_down(app: Any, drawn: list[Any]) -> None:
    """The action that passes control is shown as the next seat sees it: the card a
    human draws to end their turn (Tiny Duel TD-2) flies into their hand face down
    while the AI that follows acts (its events are shown to nobody), not face up."""
    app.settings.anim_speed = 1.0  # the flight lasts frames enough to be seen
    match = hotseat_match("toy", "ffa", 3, (0, 2))
    table = open_on_stack(app, match)
    watch = Watch(app, table, (0, 2), drawn)
    for _ in range(300):
        if table.in_control:
            break
        watch.step([enter_key()] if isinstance(app.stack.top, HandoffScene) else [])
    assert table.in_control and match.to_move == 0
    table.send(next(a for a in match.legal_actions() if a.kind == "draw"))
    card = match.state.hands[0][-1]
    assert match.seats[match.to_move].is_ai and card in secrets(match, 0)
    backs = 0
    for _ in range(10):
        watch.step()  # fails if the drawn card shows face up
        backs += (-1, True) in drawn  # the flight (a back) is drawn
    assert backs > 0 and watch.checked > 0
