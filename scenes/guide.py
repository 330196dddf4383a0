"""The first-game guide (issue 12 item 4): one engine, a script per game.

A guide script ``assets/guides/<game>.json`` is a scenario position (the format
the rule tests and the puzzles use: deterministic hands, deck order and seed)
and a list of steps::

    {"game": "manasurge", "mode": "ffa", "seat": 0, "position": {...},
     "steps": [
       {"id": "welcome", "point": "seat:0"},
       {"id": "lead", "point": "expect:card", "to": "zone:ladder",
        "expect": {"kind": "lead", "card": "fireball-3"},
        "ai": [{"kind": "play", "card": "frost-4"}]},
       {"id": "done", "point": null}]}

* Each step shows a callout: the text ``guide.<game>.<id>.text`` (vi and en in
  ``assets/i18n/*/guide.json``), an arrow at the element ``point`` names and,
  with ``to``, a second arrow from it to where the card goes.
* A step with ``expect`` (an action as JSON, partial: only the args it lists
  are compared, card codes allowed) waits for that action from the player's
  seat; any other move is refused with ``guide.<game>.<id>.do`` ("Hãy …"),
  except those ``allow`` lists (partial actions, or ``"any"``), which are played
  without moving on.  A step without ``expect`` waits for Next.
* ``at`` (optional): ``"<side>:<element>"`` puts the callout above, below,
  left or right of an element; else it goes beside the target where it covers
  least of the target, the elements the text talks about, the hand, the dice
  tray and the board's spots.
* ``about`` (optional): the other elements the step's text talks about ("Ông
  Chài has 7 HP left"): outlined, and never covered by the callout when there is
  room elsewhere.
* ``ai``: the computer's scripted answers once the expected action is played
  (its seat is filled in); when they run out the seeded greedy bot plays.  The
  next callout appears when the table is quiet and the player may act (or the
  game is over).

Element names (:func:`locate`): ``expect:<arg>`` (the hand card / spot of the
expected action's arg), ``spot:<arg>:<json value>`` (a board spot),
``zone:<layout zone>``, ``seat:<seat>``, ``entity:<uid>``, ``button:<i18n key>``
(a decision button), ``tray`` (the viewer's dice tray) and ``char:<seat>:<index>``
(a character, on a table that shows them: Thất Thánh Triệu Hồi).

:class:`Guided` is mixed in before the game's table class (like
:func:`scenes.watch.practised`): its ``submit`` asks the :class:`GuideRun`,
``_run_ai`` plays the scripted answers, undo is off while the guide runs.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pygame

import assets
from game.core import files
from game.core.contract import Action
from game.i18n import t
from scenes.puzzles import ScenarioMatch, scenario_match
from scenes.table import registry
from scenes.watch import Unsaved, _mixed

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import App, Scene
    from scenes.table.base import TableScene

log = logging.getLogger(__name__)

ADVANCE, ALLOW, REFUSE = "advance", "allow", "refuse"


@dataclass(frozen=True)
class Step:
    id: str
    point: str | None = None
    to: str | None = None
    expect: dict[str, Any] | None = None
    allow: tuple[dict[str, Any], ...] | str = ()
    ai: tuple[dict[str, Any], ...] = ()
    at: str | None = None  # "<side>:<element>": where the callout goes (else worked out)
    about: tuple[str, ...] = ()  # other elements the text talks about (not to be covered)

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Step:
        allow = data.get("allow", ())
        return Step(
            id=str(data["id"]),
            point=data.get("point"),
            to=data.get("to"),
            expect=dict(data["expect"]) if data.get("expect") is not None else None,
            allow="any" if allow == "any" else tuple(dict(a) for a in allow),
            ai=tuple(dict(a) for a in data.get("ai", ())),
            at=data.get("at"),
            about=tuple(str(a) for a in data.get("about", ())),
        )


@dataclass(frozen=True)
class Script:
    game_id: str
    mode: str | None
    seat: int
    position: dict[str, Any]
    steps: tuple[Step, ...]
    path: Path | None = field(default=None, compare=False)

    @staticmethod
    def from_json(data: Mapping[str, Any], path: Path | None = None) -> Script:
        mode = data.get("mode")
        steps = tuple(Step.from_json(s) for s in data["steps"])
        if not steps:
            raise ValueError(f"{path}: a guide needs steps")
        return Script(
            game_id=str(data["game"]),
            mode=str(mode) if mode is not None else None,
            seat=int(data.get("seat", 0)),
            position=dict(data["position"]),
            steps=steps,
            path=path,
        )

    def text(self, step: Step, part: str, lang: str, **params: Any) -> str:
        """``text`` (the callout) or ``do`` (the "Hãy …" refusal) of a step."""
        return t(f"guide.{self.game_id}.{step.id}.{part}", lang, **params)


def folder() -> Path:
    return Path(assets.path("guides"))


def script_for(game_id: str) -> Script | None:
    path = folder() / f"{game_id}.json"
    if not path.is_file():
        return None
    try:
        return Script.from_json(files.read_asset(path), path)
    except Exception as exc:  # a damaged installed guide is skipped, logged (issue 37)
        log.warning("skipping the damaged guide %s: %s", path, exc)
        return None


def guides() -> list[Script]:
    """The guide of every playable game that has one (menu order)."""
    return [s for g in registry.playable() if (s := script_for(g)) is not None]


def start_match(script: Script, lang: str) -> ScenarioMatch:
    """The script's position as a match: the player's seat human, the others the
    greedy bot (only when the script's answers run out)."""
    match = scenario_match(script.game_id, script.mode, script.position, script.seat, lang)
    match.config["hints"] = False  # the callouts teach the moves; an AI hint would disagree
    return match


def _args(action: Action) -> dict[str, Any]:
    return dict(action.args)


def matches(match: Match, seat: int, partial: Mapping[str, Any], action: Action) -> bool:
    """Does ``action`` fit ``partial`` (kind and the args it lists; card codes are
    read by the game's ``action_from_json``)?"""
    try:
        want = match.rules.action_from_json(match.state, {"seat": seat, **partial})
    except (ValueError, KeyError, TypeError):
        return False
    if want.kind != action.kind or action.seat != seat:
        return False
    mine = _args(action)
    return all(k in mine and _same(mine[k], v) for k, v in want.args)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


class GuideRun:
    """Where the player is in a script (no drawing: the tests drive it too)."""

    def __init__(self, script: Script, match: Match) -> None:
        self.script = script
        self.match = match
        self.index = 0
        self.ai_queue: list[dict[str, Any]] = []
        self.done = False  # the last step was closed (Finish / Keep playing) or skipped
        self.skipped = False

    @property
    def step(self) -> Step:
        return self.script.steps[min(self.index, len(self.script.steps) - 1)]

    @property
    def last(self) -> bool:
        return self.index >= len(self.script.steps) - 1

    @property
    def waits_for_next(self) -> bool:
        return self.step.expect is None

    def check(self, action: Action) -> str:
        """``ADVANCE``, ``ALLOW`` or ``REFUSE`` for the player's ``action``."""
        step, seat = self.step, self.script.seat
        if step.expect is not None and matches(self.match, seat, step.expect, action):
            return ADVANCE
        if isinstance(step.allow, str):  # "any"
            return ALLOW
        if any(matches(self.match, seat, a, action) for a in step.allow):
            return ALLOW
        return REFUSE

    def refusal(self, lang: str) -> str:
        step = self.step
        if step.expect is None:
            return t("guide.refuse_next", lang)
        return self.script.text(step, "do", lang)

    def advance(self) -> None:
        """The expected action was played (or Next pressed): queue the computer's
        answers and go to the next step."""
        self.ai_queue.extend(self.step.ai)
        if not self.last:
            self.index += 1

    def next_ai(self, seat: int) -> Action | None:
        """The next scripted answer for ``seat`` (None: none left, or it does not
        fit the position: the bot plays)."""
        while self.ai_queue:
            data = self.ai_queue.pop(0)
            try:
                action = self.match.rules.action_from_json(self.match.state, {"seat": seat, **data})
            except (ValueError, KeyError, TypeError) as exc:
                log.error(
                    "guide %s: unreadable scripted answer %r: %s", self.script.game_id, data, exc
                )
                continue
            if action in self.match.legal_actions():
                return action
            log.error("guide %s: scripted answer %r is not legal", self.script.game_id, data)
        return None


class Guided(Unsaved):
    """Mixed in before a table's class by :func:`guided` (see the module doc)."""

    guide: GuideRun | None = None

    def submit(self, action: Action, source: str = "ui") -> str | None:
        run = self.guide
        table = cast("TableScene", self)
        verdict = None
        if run is not None and not run.done and source != "ai" and action.seat == run.script.seat:
            verdict = run.check(action)  # before the action changes the position
            if verdict == REFUSE:
                return run.refusal(table.app.tr.lang)
        reason: str | None = super().submit(action, source)  # type: ignore[misc]
        if reason is None and verdict == ADVANCE and run is not None:
            run.advance()
        return reason

    def _run_ai(self, dt: float) -> None:
        table = cast("TableScene", self)
        run = self.guide
        seat = table.to_move
        if run is None or not run.ai_queue or seat is None or not table.match.seats[seat].is_ai:
            super()._run_ai(dt)  # type: ignore[misc]
            return
        table.ai_wait += dt
        if table.anims.busy or table.ai_wait < table.app.settings.ai_delay:
            return
        action = run.next_ai(seat)
        if action is None:
            super()._run_ai(dt)  # type: ignore[misc]
            return
        table.ai_wait = 0.0
        reason = table.submit(action, source="ai")
        if reason is not None:
            log.error("guide: scripted answer %s refused: %s", action, reason)

    def undo(self) -> None:
        run = self.guide
        table = cast("TableScene", self)
        if run is not None and not run.done:
            table.toasts.push(table.app.tr("guide.no_undo"))
            return
        super().undo()  # type: ignore[misc]


def guided(scene: Scene, run: GuideRun) -> TableScene:
    """``scene`` (a table from ``open_table``) played under ``run``: never saved,
    no results screen, moves checked by the guide."""
    table = _mixed(scene, Guided)
    cast(Guided, table).guide = run
    return table


def computer_acting(table: TableScene, run: GuideRun) -> bool:
    """Is the computer answering now (its seat to move, or its scripted answers
    still to play)?  Only then does the callout say "the computer is answering"
    (a player's own move animating is not the computer's)."""
    seat = table.to_move
    if run.ai_queue:
        return True
    return seat is not None and table.match.seats[seat].is_ai


def settled(table: TableScene, run: GuideRun) -> bool:
    """May the current step's callout show?  The table is quiet, the computer's
    scripted answers are played, and the player may act (or the game is over)."""
    if table.anims.busy:
        return False
    seat = table.to_move
    if run.ai_queue and seat is not None and not table.match.seats[seat].is_ai:
        log.error("guide %s: scripted answers left over: %s", run.script.game_id, run.ai_queue)
        run.ai_queue.clear()  # the player is to move: the script's answers were too many
    if run.ai_queue:
        return False
    if table.match.outcome() is not None or table.to_move is None:
        return True
    return bool(table.in_control)


# -- where the elements are --------------------------------------------------------------------


def _value(text: str) -> Any:
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return tuple(value) if isinstance(value, list) else value


def _button(table: Any, key: str) -> pygame.Rect | None:
    """The decision button whose label is ``key``'s text (its ``{params}``, such
    as a tag or a count, may be anything)."""
    parts = [p.strip() for p in re.split(r"\{[^{}]*\}", table.app.tr(key)) if p.strip()]
    for button in table.bar.buttons:
        if parts and all(p in button.label for p in parts):
            return pygame.Rect(button.rect)
    return None


def _expected(table: Any, run: GuideRun | None, arg: str) -> pygame.Rect | None:
    if run is None or run.step.expect is None:
        return None
    seat = run.script.seat
    want = table.match.rules.action_from_json(table.match.state, {"seat": seat, **run.step.expect})
    value = want.get(arg)
    if arg == "card":
        for sprite in table.hand.sprites:
            if sprite.card == value:
                return pygame.Rect(sprite.rect)
    rect = table.board.rect_of(arg, value)
    return pygame.Rect(rect) if rect is not None else None


def locate(table: TableScene, name: str | None, run: GuideRun | None = None) -> pygame.Rect | None:
    """The on-screen rect of a script's element name (None: not on screen now)."""
    if not name:
        return None
    kit = cast(Any, table)
    kind, _, rest = name.partition(":")
    try:
        if kind == "expect":
            return _expected(kit, run, rest)
        if kind == "spot":
            arg, _, value = rest.partition(":")
            rect = kit.board.rect_of(arg, _value(value))
            return pygame.Rect(rect) if rect is not None else None
        if kind == "zone":
            rect = kit.rects.get(rest)
            return pygame.Rect(rect) if rect is not None else None
        if kind == "seat":
            return pygame.Rect(kit.seat_rect(int(rest)))
        if kind == "entity":
            rect = kit.rect_of(("entity", int(rest)))
            return pygame.Rect(rect) if rect is not None else None
        if kind == "button":
            return _button(kit, rest)
        if kind == "tray":
            tray = kit.dice_tray(kit.viewer or 0)
            return pygame.Rect(tray.rect) if tray is not None else None
        if kind == "char":  # a table that shows characters keeps their sprites in ``chars``
            seat, _, index = rest.partition(":")
            sprite = getattr(kit, "chars", {}).get((int(seat), int(index)))
            return pygame.Rect(sprite.rect) if sprite is not None else None
        return None
    except (KeyError, ValueError, AttributeError) as exc:
        log.warning("guide: cannot place %r: %s", name, exc)
        return None


# -- opening, the first-start offer ------------------------------------------------------------
def first_start_offer(app: App) -> Scene | None:
    """On the program's first start (never in a booth or the demo, never on a
    smoke run that writes no settings): the offer to play a guide, once.  The
    flag ``guide_offered`` is written at once."""
    opts = app.options
    if opts.kiosk or opts.demo or not opts.save_settings or app.settings.guide_offered:
        return None
    if not guides():
        return None
    app.settings.guide_offered = True
    app.persist_settings()
    tr = app.tr
    return app.scenes.make(
        "confirm",
        tr("guide.offer.title"),
        tr("guide.offer.body"),
        lambda: app.scenes.push("guides"),
        yes_key="guide.offer.yes",
        no_key="guide.offer.no",
        default_no=False,
    )
