"""Every word a table shows is the player's (issue 34 major 3, P-SHV-4).

For every table and mode of the registry (a table added later is covered), in both
languages, the table is played through a few hundred actions from several seeds
and player counts by random legal moves (a move that does something is preferred to
passing, so that rarer decisions come up: a Sứ Giả's attach, the end-of-turn skills).
At each decision the test reads what the table itself says: the banner's prompt
(``turn_prompt``), every decision button (``buttons``/``options``, also after each
pick the move needs, as the player would make them), the label of every legal
action (``action_label``, where the table has one), and every line the log shows;
and every string the frame draws, by recording ``scenes.text.render``.  Each must be
free of identifiers and of the other language's words (``tests/wording.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from registry_tables import DT, human_match, table_modes

import game
from game import i18n, new_match
from game.core.contract import Action
from scenes import text
from scenes.table import open_table
from scenes.table.picker import Ask
from scenes.title import TitleScene
from tests import wording

#: decisions the play must reach, where a play test saw them go wrong (P-SHV-4, P-SHV-5)
REACHED = {"shv": {"shv.prompt.declare", "shv.prompt.attach", "shv.prompt.place"}}
#: options off by default whose prompts the check should read as well (SHV-G14: the
#: co-op redraw is an option; with it the random games also reach REACHED's prompts)
EVERY_PROMPT_ON = {("shv", "pve"): {"pve_mulligan": True}}
ACTIONS = 320  # actions played per table, mode and language (several games) ...
GAMES = 12  # ... in at most this many games (a companion game ends in a few)
MORE = 3  # ... or up to this many times both while a prompt of REACHED is still unread
QUIET = {"pass", "end_turn", "done", "keep", "decline", "skip"}  # moves that do nothing


def positions(game_id: str, mode_id: str) -> Iterator[tuple[int, int]]:
    """(players, seed): the mode's smallest and largest counts, seed after seed."""
    counts = sorted(set(game.get(game_id).info.mode(mode_id).player_counts))
    wanted = [counts[0], counts[-1]] if len(counts) > 1 else counts
    seed = 0
    while True:
        seed += 1
        yield wanted[seed % len(wanted)], seed


def choose(rng: random.Random, legal: list[Action]) -> Action:
    """A random legal move, one that does something three times in four."""
    busy = [a for a in legal if a.kind not in QUIET]
    return rng.choice(busy if busy and rng.random() < 0.75 else legal)


class Reader:
    """Everything the tables said, with where it was seen."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.said: dict[str, str] = {}  # text -> where it was first seen
        self.kinds: set[str] = set()
        self.prompts: set[str] = set()  # the rules' prompt keys reached

    def add(self, where: str, words: str) -> None:
        if words and words not in self.said:
            self.said[words] = where

    def problems(self) -> list[str]:
        return [f"{where}: {words!r}: {problem}"
                for words, where in sorted(self.said.items(), key=lambda kv: kv[1])
                for problem in wording.problems(words, self.lang, self.kinds)]  # fmt: skip


def buttons(table: Any) -> list[str]:
    labels = [b.label for b in table.bar.buttons]
    focus = getattr(table, "focus", None)  # a table of plain buttons (companion mode)
    labels += [b.label for b in getattr(focus, "buttons", [])]
    return labels


def read_decision(table: Any, reader: Reader, where: str, move: Action) -> None:
    """The prompt, the buttons, the action labels; then the buttons after each pick
    ``move`` needs (the picker's questions), as the player makes them."""
    match, seat = table.match, table.match.to_move
    prompt = table.rules.prompt(match.state)
    if prompt is not None:
        reader.prompts.add(prompt.key)
    reader.add(f"{where} prompt", table.turn_prompt(seat))
    legal = match.legal_actions()
    reader.kinds.update(a.kind for a in legal)
    label = getattr(table, "action_label", None)
    if label is not None:
        for a in legal:
            reader.add(f"{where} label of {a.kind}", label(a))
    for words in buttons(table):
        reader.add(f"{where} button", words)
    picker = getattr(getattr(table, "input", None), "picker", None)
    if picker is None:
        return
    for _ in range(6):
        asked = picker.decision()
        if not isinstance(asked, Ask) or not picker.pick(asked.arg, picker.value(move, asked.arg)):
            break
        table.buttons()
        for words in buttons(table):
            reader.add(f"{where} button after picking {asked.arg} of {move.kind}", words)
    table.input.cancel()
    table.controls()


def rounds(reader: Reader, game_id: str) -> int:
    """How many times ``ACTIONS`` moves and ``GAMES`` games to play: ``MORE`` while a
    decision of ``REACHED`` has not been read yet (random play reaches it sooner or later)."""
    return 1 if REACHED.get(game_id, set()) <= reader.prompts else MORE


def play(app: Any, reader: Reader, game_id: str, mode_id: str) -> int:
    """Play moves over as many games as it takes (``rounds``); the games played."""
    played = games = 0
    for players, seed in positions(game_id, mode_id):
        times = rounds(reader, game_id)
        if played >= ACTIONS * times or games >= GAMES * times:
            return games
        games += 1
        match = human_match(game_id, mode_id, players, seed)
        if (game_id, mode_id) in EVERY_PROMPT_ON:  # the optional opening redraw's words too
            config = dict(match.config)
            config["options"] = {**config.get("options", {}), **EVERY_PROMPT_ON[game_id, mode_id]}
            match = new_match(game_id, config, seed)
        table = open_table(app, match)
        table.hotseat = False  # every seat is revealed at once: no hand-off screens
        table.revealed_to = table.viewer
        app.stack.clear_to(TitleScene(app))
        app.stack.push(table)
        app.stack.apply_pending()
        rng = random.Random(seed)
        for step in range(ACTIONS * MORE - played):
            if played >= ACTIONS * rounds(reader, game_id):
                break
            app.step([], DT)
            if app.stack.top is not table or match.to_move is None:
                break
            if not table.in_control:
                continue
            move = choose(rng, match.legal_actions())
            read_decision(table, reader, f"{game_id}/{mode_id} p{players} s{seed} #{step}", move)
            table.submit(move)
            played += 1
        for line in table.event_log.lines():
            reader.add(f"{game_id}/{mode_id} p{players} s{seed} log", line)
    return games


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize(("game_id", "mode_id"), table_modes())
def test_every_word_a_table_shows_is_the_players(
    make_app: Any, monkeypatch: pytest.MonkeyPatch, game_id: str, mode_id: str, lang: str
) -> None:
    app = make_app(lang)
    app.settings.animations = False
    reader = Reader(lang)
    render = text.render

    def recorded(words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        reader.add("drawn", str(words))
        return render(words, *args, **kwargs)

    monkeypatch.setattr(text, "render", recorded)
    play(app, reader, game_id, mode_id)
    assert len(reader.prompts) >= 2, reader.prompts  # the table was really played
    assert REACHED.get(game_id, set()) <= reader.prompts, reader.prompts
    bad = reader.problems()
    assert not bad, "\n".join(bad[:60])


def test_the_checks_catch_what_the_play_test_saw() -> None:
    """P-SHV-4: "2. done", a raw phase, Sứ Giả's "attach"; an untranslated key."""
    kinds = {"done", "attach", "declare"}
    assert wording.problems("2. done", "vi", kinds)
    assert wording.problems("2. Done", "vi", kinds)  # an English word in Vietnamese
    assert wording.problems("#2: tuyên bố các kỹ năng declare_start muốn dùng.", "vi")
    assert wording.problems("1. attach", "en", kinds)
    assert wording.problems("shvtable.kind.attach", "en")
    assert wording.problems("Dùng None", "vi")
    assert wording.problems("An: kích hoạt kỹ năng", "en")  # Vietnamese in English
    assert wording.problems("Gắn {card} cho An", "vi")
    assert wording.problems("SHV-3.4: Phe nào đi trước", "vi")
    assert wording.problems("Kỹ năng ? tiếp tục.", "vi")  # a name the table did not find
    assert not wording.problems("1. Bỏ qua", "vi", kinds)
    assert not wording.problems("Lady Triệu uses Gentle Rain.", "en", kinds)
    assert not wording.problems("Bà Triệu dùng Mưa Lành.", "vi", kinds)
