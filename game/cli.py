"""Command line for the rules cores: ``python -m game simulate|scenario|replay|soak|cards``.

Pygame-free and save-free: ``replay`` gets its save loader from the caller
(``game.__main__`` passes ``saves.cli.replay``, the loader the game uses).
Exit codes: 0 success, 1 a refused action / a save that does not reproduce / a soak
failure,
2 bad flags, an unreadable, foreign or malformed file, or a scenario position
the rules could never reach — always one line, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import game
from game import compiled
from game.ai import bots as bots_mod
from game.ai import matches
from game.balance import cli as balance_cli
from game.core import content, files
from game.core.contract import Action, IllegalAction, Mode, Rules
from game.core.rng import Rng
from game.core.seeds import simulate_seed as simulate_seed  # re-exported: the benches, tests
from game.decks import cli as decks_cli
from game.decks.cli import seat_decks
from game.soak import Report, soak, soak_one, spec_for

MAX_SCENARIO_BYTES = 4 * 1024 * 1024
"""Scenario files larger than this are refused unread (a scenario is ~1 KB)."""

Replay = Callable[[str], tuple[int, str]]
"""A save check: path -> (exit code, one line); see ``saves.cli.replay``."""


class CliError(Exception):
    """A problem reported with a clear message and an exit code."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


# --- helpers ------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in JSON")


_CLI_WORDS = {
    "missing": "cannot read {path}: no such file",
    "permission": "cannot read {path}: permission denied",
    "is_dir": "{path} is a folder, not a file",
    "not_file": "{path} is not a regular file",
    "outside": "{path} links out of its folder",
    "too_large": "{path} is too large (the limit is {limit} bytes)",
    "empty": "{path} is empty",
    "not_utf8": "{path} is not UTF-8 text",
    "truncated": "{path} is not valid JSON (it is cut short)",
    "not_json": "{path} is not valid JSON (line {line})",
    "too_deep": "{path} is not valid JSON (nested deeper than {limit})",
    "unreadable": "cannot read {path}: {reason}",
}


def _read_json(path: str) -> Any:
    """A scenario file through the one bounded reader (``game.core.files``)."""
    try:
        return files.read_json(path, limit=MAX_SCENARIO_BYTES)
    except files.ReadError as exc:
        words = _CLI_WORDS.get(exc.code, "cannot read {path}")
        params = {"line": "?", "limit": MAX_SCENARIO_BYTES, "reason": "?", **exc.params}
        raise CliError(words.format(path=path, **params)) from exc


def _short(exc: BaseException, limit: int = 160) -> str:
    """One line naming an exception (for errors from a rules core on bad data)."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    if not isinstance(exc, ValueError | CliError):
        text = f"{type(exc).__name__}: {text}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _rules(game_id: Any) -> Rules[Any]:
    if not isinstance(game_id, str):
        raise CliError(f"no game id given; known games: {', '.join(game.ids())}")
    try:
        return game.get(game_id)
    except KeyError as exc:
        raise CliError(str(exc.args[0])) from exc


def _action(rules: Rules[Any], state: Any, data: Any) -> Action:
    return rules.action_from_json(state, data)


# --- simulate -------------------------------------------------------------------------


def play_games(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    bot_names: Sequence[str],
    options: Mapping[str, Any] | None = None,
    mode: str | None = None,
    choices: Mapping[str, Any] | None = None,
    decks: Mapping[int, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` whole games; returns the figures ``simulate`` prints.
    Game ``g`` is dealt from ``simulate_seed(seed, game_id, g)``.  ``mode``: one of
    the game's modes (default its first); ``choices``: that mode's choices (a boss);
    ``decks``: seat -> the seat's deck config value (``game.decks``)."""
    rules = game.get(game_id)
    base = rules.info.default_config(mode, players)
    if options:
        base["options"].update(options)
    if choices:
        base.update(choices)
    for deck_seat, deck in (decks or {}).items():
        base["seats"][deck_seat]["deck"] = deck
    seat_bots = [bots_mod.make(bot_names[i % len(bot_names)]) for i in range(players)]
    wins = [0] * players
    draws = 0
    actions = 0
    per_game_rounds: list[int] = []
    reasons: dict[str, int] = {}
    start = time.perf_counter()
    for g in range(games):
        game_seed = simulate_seed(seed, game_id, g)
        state = rules.setup(base, game_seed)
        rng = Rng(game_seed ^ 0x9E3779B1)
        to_move = rules.to_move
        apply = rules.apply_quiet  # nobody reads the events of a simulation
        while (seat := to_move(state)) is not None:
            action = seat_bots[seat].choose(rules, state, seat, rng)
            apply(state, action)
            actions += 1
        result = rules.outcome(state)
        if result is not None:
            for w in result.winners:
                wins[w] += 1
            draws += result.draw
            if result.reason:
                reasons[result.reason] = reasons.get(result.reason, 0) + 1
        per_game_rounds.append(int(rules.summary(state).get("round", 0)))
    seconds = time.perf_counter() - start
    return {
        "game": game_id,
        "mode": base["mode"],
        "players": players,
        "bots": [b.name for b in seat_bots],
        "games": games,
        "seconds": round(seconds, 4),
        "games_per_s": round(games / seconds, 1) if seconds > 0 else 0.0,
        "actions": actions,
        "actions_per_s": round(actions / seconds, 1) if seconds > 0 else 0.0,
        "rounds": sum(per_game_rounds),
        "rounds_per_game": _spread(per_game_rounds),
        "draws": draws,
        "wins": wins,
        "reasons": dict(sorted(reasons.items())),
    }


def _spread(values: Sequence[int]) -> dict[str, float]:
    """Mean, median, min and max of ``values`` (one per game)."""
    ordered = sorted(values)
    n = len(ordered)
    middle = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    return {
        "mean": round(sum(ordered) / n, 2),
        "median": middle,
        "min": ordered[0],
        "max": ordered[-1],
    }


def _count(n: int, noun: str) -> str:
    """``1 game``, ``2 games``: plain English for the command line (not translated)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def simulate_report(result: Mapping[str, Any], seed: int) -> list[str]:
    """The text report of ``simulate`` (English, like every ``python -m game``
    message; seats are numbered from 0 as in ``--json`` and scenarios)."""
    rounds = result["rounds_per_game"]
    lines = [
        f"{result['game']} ({result['mode']}): {_count(result['games'], 'game')}, "
        f"{result['players']} players, "
        f"bots {','.join(result['bots'])}, seed {seed}"
    ]
    lines += [f"  seat {seat} won {_count(w, 'game')}" for seat, w in enumerate(result["wins"])]
    lines.append(f"  draws: {result['draws']}")
    if result.get("reasons"):
        told = ", ".join(f"{k.rsplit('.', 1)[-1]} {v}" for k, v in result["reasons"].items())
        lines.append(f"  endings: {told}")
    lines.append(
        f"  rounds per game: mean {rounds['mean']}, median {rounds['median']}, "
        f"{rounds['min']} to {rounds['max']} ({result['rounds']} in all)"
    )
    lines.append(f"  actions: {result['actions']}")
    engine = " (compiled cores, mypyc)" if result.get("engine") == "mypyc" else ""
    lines.append(f"  time: {result['seconds']:.3f} s{engine}")
    lines.append(f"  games/s: {result['games_per_s']}, actions/s: {result['actions_per_s']}")
    return lines


def parse_value(text: str) -> Any:
    """An ``--option`` value: JSON when it reads as JSON (``true``, ``3``, ``null``),
    else the text itself (``boss=ngu_tinh``)."""
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except ValueError:
        return text


def mode_and_options(
    rules: Rules[Any], mode_id: str | None, pairs: Sequence[str]
) -> tuple[Mode, dict[str, Any], dict[str, Any]]:
    """(mode, mode choices, options) of ``--mode`` and ``--option key=value`` flags;
    CliError naming what is known when a mode, key or value is wrong.  A key that is
    one of the mode's choices (a boss) sets that choice; any other key is a rule
    option (``GameInfo.options`` and the rules' ``advanced_options``)."""
    info = rules.info
    known_modes = [m.id for m in info.modes]
    if mode_id is not None and mode_id not in known_modes:
        raise CliError(f"{info.id} has no mode {mode_id!r}; its modes: {', '.join(known_modes)}")
    mode = info.mode(mode_id)
    choices: dict[str, Any] = {}
    options: dict[str, Any] = {}
    option_ids = [o.id for o in (*info.options, *getattr(rules, "advanced_options", ()))]
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise CliError(f"--option {pair!r}: expected key=value")
        choice = next((c for c in mode.choices if c.id == key), None)
        if choice is not None:
            allowed = [v for v, _ in choice.options]
            if text not in allowed:
                raise CliError(
                    f"--option {key}: {text!r} is not one of {', '.join(allowed)} (mode {mode.id})"
                )
            choices[key] = text
        elif key in option_ids:
            options[key] = parse_value(text)
        else:
            known = [c.id for c in mode.choices] + option_ids
            raise CliError(
                f"--option {key}: {info.id} mode {mode.id} has no such option; "
                f"known: {', '.join(known) or 'none'}"
            )
    return mode, choices, options


def with_boss(
    rules: Rules[Any], mode_id: str | None, pairs: Sequence[str], boss: str | None
) -> tuple[str | None, list[str]]:
    """``--boss ID`` as the mode choice ``boss=ID``: (mode id, option pairs).  Without
    ``--mode`` the game's first mode with bosses is meant.  CliError for a game or mode
    without bosses, an unknown boss (naming the known ids) or a different ``boss=``."""
    if boss is None:
        return mode_id, list(pairs)
    info = rules.info
    with_bosses = [m for m in info.modes if any(c.id == "boss" for c in m.choices)]
    if mode_id is None and with_bosses:
        mode_id = with_bosses[0].id
    mode = next((m for m in with_bosses if m.id == mode_id), None)
    if mode is None:
        where = f"mode {mode_id}" if mode_id is not None else "any mode"
        raise CliError(f"--boss: {info.id} has no bosses in {where}")
    known = [v for c in mode.choices if c.id == "boss" for v, _ in c.options]
    if boss not in known:
        raise CliError(f"--boss: unknown boss {boss!r}; known: {', '.join(known)}")
    for pair in pairs:
        key, _sep, text = pair.partition("=")
        if key.strip() == "boss" and text != boss:
            raise CliError(f"--boss {boss} and --option {pair} disagree")
    return mode_id, [*pairs, f"boss={boss}"]


def on_compiled(
    args: argparse.Namespace, parser: argparse.ArgumentParser, games: Sequence[str] = ()
) -> int | None:
    """``--engine mypyc``: the exit code of the same command run on the fresh build
    (``game.compiled``); None to play here (pure Python, or already the build's child).
    ``games``: the game ids whose cores must be compiled (default ``args.game``)."""
    if args.engine != "mypyc":
        return None
    if not compiled.in_child():
        code, why = compiled.run_compiled(args.argv)
        if why:
            parser.error(f"--engine mypyc: {why}")
        return code
    for game_id in games or [args.game]:
        if why := compiled.proof(game_id):
            parser.error(f"--engine mypyc: {why}")
    return None


def add_engine(p: argparse.ArgumentParser) -> None:
    """The ``--engine`` flag of simulate, soak and match."""
    p.add_argument(
        "--engine",
        choices=("python", "mypyc"),
        default="python",
        help="mypyc: the same games on the compiled cores (a fresh `make compile` build)",
    )


def cmd_simulate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    delegated = on_compiled(args, parser)
    if delegated is not None:
        return delegated
    try:
        rules = game.get(args.game)
    except KeyError as exc:
        parser.error(str(exc.args[0]))
    try:
        args.mode, args.option = with_boss(rules, args.mode, args.option, args.boss)
        mode, choices, flagged = mode_and_options(rules, args.mode, args.option)
    except CliError as exc:
        parser.error(str(exc))
    counts = mode.player_counts
    if args.players is None:
        args.players = 4 if 4 in counts else counts[0]
    if args.players not in counts:
        parser.error(f"{args.game} ({mode.id}) is played by {counts[0]} to {counts[-1]} players")
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in names if not bots_mod.known(b)]
    if not names or unknown:
        parser.error(
            f"unknown bot(s) {', '.join(unknown) or '(none)'}; "
            f"known: {', '.join(bots_mod.BOTS)}, or LEVEL@N"
        )
    if args.games < 1:
        parser.error("--games must be at least 1")
    options: dict[str, Any] = {}
    if args.options:
        try:
            options = json.loads(args.options)
        except json.JSONDecodeError as exc:
            parser.error(f"--options is not valid JSON: {exc.msg}")
        if not isinstance(options, dict):
            parser.error("--options must be a JSON object")
    options.update(flagged)
    try:
        decks = seat_decks(args.game, args.deck, args.players) if args.deck else None
        result = play_games(
            args.game, args.players, args.games, args.seed, names, options, mode.id, choices,
            decks,
        )  # fmt: skip
    except ValueError as exc:
        parser.error(str(exc))
    result["engine"] = args.engine
    if not args.json or args.verbose:
        print("\n".join(simulate_report(result, args.seed)))
    if args.json:
        print(json.dumps(result, sort_keys=True))
    return 0


# --- scenario ----------------------------------------------------------------------------


def describe_state(rules: Rules[Any], state: Any) -> str:
    """A readable dump of a state (uses ``rules.describe`` when the game has one)."""
    return rules.describe(state)


def position_problem(rules: Rules[Any], state: Any) -> str | None:
    """Why a scenario position could never arise in play (None if it could),
    by checks every game passes: the game's own invariants hold, the seat to
    move is a seat and has a legal action, and the position survives the JSON
    round trip a save makes."""
    try:
        problems = rules.invariants(state)
        if problems:
            return problems[0]
        if rules.to_move(state) is None:
            return None
        problems = rules.mover_problems(state, rules.legal_actions(state))
        if problems:
            return problems[0]
        blob = json.loads(json.dumps(rules.to_json(state)))
        if rules.to_json(rules.from_json(blob)) != blob:
            return "the position does not survive a save and reload"
    except Exception as exc:  # the rules core trips on the position itself
        return f"the rules cannot handle it ({_short(exc)})"
    return None


def _load_scenario(path: str) -> tuple[Rules[Any], Any, list[Any]]:
    data = _read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("position"), dict):
        raise CliError(f'{path} is not a scenario (needs "game" and "position")')
    rules = _rules(data.get("game"))
    try:
        state = rules.from_scenario(data["position"])
    except Exception as exc:  # ValueError by contract; a wrongly typed field may raise anything
        raise CliError(f"bad scenario position: {_short(exc)}") from exc
    problem = position_problem(rules, state)
    if problem is not None:
        raise CliError(f"unreachable scenario position: {problem}")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise CliError('"actions" must be a list')
    return rules, state, actions


def _print_refusal(
    rules: Rules[Any], index: int, action: Action, problem: IllegalAction, as_json: bool
) -> None:
    if as_json:
        print(
            json.dumps(
                {
                    "refused": index,
                    "action": action.to_json(),
                    "reason": str(problem),
                    "key": problem.key,
                    "params": problem.params,
                },
                sort_keys=True,
            )
        )
    else:
        text = rules.action_text(action)
        print(f"action {index + 1} ({text}) refused: {problem}")
        print(f"  reason key: {problem.key}")


def _print_result(
    rules: Rules[Any], state: Any, events: list[dict[str, Any]], as_json: bool
) -> None:
    if as_json:
        prompt = rules.prompt(state)
        outcome = rules.outcome(state)
        print(
            json.dumps(
                {
                    "state": rules.to_json(state),
                    "events": events,
                    "to_move": rules.to_move(state),
                    "prompt": prompt.key if prompt else None,
                    "legal": [a.to_json() for a in rules.legal_actions(state)],
                    "outcome": outcome.to_json() if outcome else None,
                },
                sort_keys=True,
            )
        )
        return
    for e in events:
        print(f"  event {e['kind']}: " + ", ".join(f"{k}={v}" for k, v in e.items() if k != "kind"))
    print(describe_state(rules, state))


def cmd_scenario(args: argparse.Namespace) -> int:
    rules, state, actions = _load_scenario(args.file)
    events: list[dict[str, Any]] = []
    for i, raw in enumerate(actions):
        try:
            action = _action(rules, state, raw)
            problem = rules.explain(state, action)
        except Exception as exc:  # a malformed action may trip any parser
            raise CliError(f"action {i + 1} is malformed: {_short(exc)}") from exc
        if problem is not None:
            _print_refusal(rules, i, action, problem, args.json)
            return 1
        try:
            events.extend(e.to_json() for e in rules.apply(state, action, check=False))
        except IllegalAction as exc:  # pragma: no cover - explain agreed it was legal
            print(f"action {i + 1} refused: {exc}")
            return 1
        except Exception as exc:  # a rules bug on this input: one line, not a traceback
            raise CliError(f"action {i + 1} failed in the rules: {_short(exc)}") from exc
    _print_result(rules, state, events, args.json)
    return 0


# --- replay ---------------------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace, replay: Replay | None) -> int:
    if replay is None:
        raise CliError("replay needs the save loader: run it as python -m game replay FILE")
    code, line = replay(args.file)
    if code == 2:
        raise CliError(line)
    print(line)
    return code


# --- soak -----------------------------------------------------------------------------------


def _soak_args(args: argparse.Namespace) -> tuple[list[str], list[str]]:
    """(game ids, bot names) of a soak command line; CliError on bad flags."""
    known = game.ids(include_hidden=True)
    games = known if args.game == "all" else [args.game]
    if args.game != "all" and args.game not in known:
        raise CliError(f"unknown game {args.game!r}; known: all, {', '.join(known)}")
    names = [b.strip() for b in (args.bots or "").split(",") if b.strip()]
    unknown = [b for b in names if not bots_mod.known(b)]
    if unknown:
        bot_names = f"{', '.join(bots_mod.BOTS)}, or LEVEL@N"
        raise CliError(f"unknown bot(s) {', '.join(unknown)}; known: {bot_names}")
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if args.first < 0:
        raise CliError("--first must be 0 or more")
    if not 1 <= args.jobs <= 64:
        raise CliError("--jobs must be 1 to 64")
    if (args.mode or args.option or args.boss) and len(games) != 1:
        raise CliError("--mode, --option and --boss need one --game")
    for game_id in games:
        rules = game.get(game_id)
        args.mode, args.option = with_boss(rules, args.mode, args.option, args.boss)
        args.boss = None  # now one of the options
        mode, _choices, _options = mode_and_options(rules, args.mode, args.option)
        counts = mode.player_counts
        if args.players is not None and args.players not in counts:
            raise CliError(f"{game_id} is played by {counts[0]} to {counts[-1]} players")
    if args.only_seed is not None and (len(games) != 1 or args.players is None or not names):
        raise CliError("--only-seed needs one --game, --players and --bots (see a FAIL line)")
    return games, names


def _fixed(rules: Rules[Any], args: argparse.Namespace) -> list[tuple[str, Any]]:
    """The ``--option`` flags of a soak as (key, value) pairs, checked."""
    _mode, choices, options = mode_and_options(rules, args.mode, args.option)
    return [*choices.items(), *options.items()]


def cmd_soak(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    games, names = _soak_args(args)
    delegated = on_compiled(args, parser, games)
    if delegated is not None:
        return delegated
    reports: list[Report] = []
    for game_id in games:
        fixed = _fixed(game.get(game_id), args)
        if args.only_seed is not None:
            report = Report(game_id, args.only_seed, games=1)
            spec = spec_for(game_id, args.only_seed, args.players, names, args.mode, fixed)
            start = time.perf_counter()
            report.actions, failure = soak_one(spec)
            report.seconds = time.perf_counter() - start
            report.failures = [failure] if failure is not None else []
        else:
            report = soak(
                game_id, args.games, args.seed, args.players, names, None, args.mode, fixed,
                first=args.first, jobs=args.jobs,
            )  # fmt: skip
        reports.append(report)
        if not args.json:
            print(
                f"soak {game_id}: {report.games} games, {report.actions} actions, "
                f"{len(report.failures)} failures, {report.seconds:.1f} s (seed {report.seed}, "
                f"games {report.first}–{report.first + report.games - 1}, code {report.code}"
                + (", compiled cores)" if args.engine == "mypyc" else ")")
            )
            for failure in report.failures:
                print(failure)
    failures = sum(len(r.failures) for r in reports)
    if args.json:
        total = {
            "seed": args.seed,
            "games": sum(r.games for r in reports),
            "actions": sum(r.actions for r in reports),
            "failures": failures,
            "engine": args.engine,
            "reports": [r.to_json() for r in reports],
        }
        print(json.dumps(total, sort_keys=True))
    return 1 if failures else 0


# --- cards ---------------------------------------------------------------------------------


def card_rows(game_id: str) -> list[dict[str, Any]]:
    """Every card of a game as plain rows (see :func:`game.core.content.listing`).

    A game lists its cards through an optional module ``listing`` next to its
    rules (``game/<id>/listing.py`` with ``card_list() -> list[dict]``);
    without one, its ``assets/games/<id>/cards.json`` in the ``banthe-content``
    format is listed generically."""
    rules = _rules(game_id)
    package = type(rules).__module__.rpartition(".")[0]
    hook = f"{package}.listing" if package else ""
    if hook and importlib.util.find_spec(hook) is not None:
        rows: list[dict[str, Any]] = importlib.import_module(hook).card_list()
        return rows
    try:
        data = content.raw(game_id)
    except FileNotFoundError as exc:
        raise CliError(f"{game_id} has no card list") from exc
    if not isinstance(data, Mapping) or data.get("format") != content.FORMAT:
        raise CliError(f"{game_id} has no card list")
    return content.listing(data)


def _only_lang(row: dict[str, Any], langs: Sequence[str]) -> dict[str, Any]:
    return {
        k: ({lang: v[lang] for lang in langs} if k in ("name", "keywords", "text") else v)
        for k, v in row.items()
    }


def _stat(value: Any) -> str:
    if isinstance(value, Mapping):
        return ",".join(f"{k}:{v}" for k, v in value.items())
    return str(value)


def _card_block(row: Mapping[str, Any], langs: Sequence[str]) -> list[str]:
    head = [str(row["id"]), str(row["kind"])]
    if row.get("cost") is not None:
        head.append(f"cost {row['cost']}")
    head.extend(f"{k}={_stat(v)}" for k, v in row.get("stats", {}).items())
    lines = ["  ".join(head)]
    for lang in langs:
        words = ", ".join(row["keywords"][lang])
        lines.append(f"  [{lang}] {row['name'][lang]}" + (f" ({words})" if words else ""))
        lines.extend(f"       {line}" for line in row["text"][lang].splitlines())
    return lines


def cmd_cards(args: argparse.Namespace) -> int:
    rows = card_rows(args.game)
    langs = [args.lang] if args.lang else list(content.LANGS)
    if args.json:
        listed = [_only_lang(row, langs) for row in rows]
        print(json.dumps({"game": args.game, "cards": listed}, ensure_ascii=False, sort_keys=True))
        return 0
    for row in rows:
        print("\n".join(_card_block(row, langs)))
    print(f"{len(rows)} cards")
    return 0


# --- entry point ------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description="Bàn Thẻ rules cores: simulate, scenarios, replays, card lists.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim = sub.add_parser("simulate", help="play whole games with bots and report speed")
    sim.add_argument("--game", default=game.ids()[0], help=f"one of: {', '.join(game.ids())}")
    sim.add_argument("--mode", default=None, help="one of the game's modes (default: its first)")
    sim.add_argument("--players", type=int, default=None, help="default: 4, or the mode's fewest")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument(
        "--seed", type=int, default=1, help="run seed (each game's seed is hashed from it)"
    )
    sim.add_argument("--bots", default="random", help="comma list cycled over seats")
    sim.add_argument("--options", default="", help="rule options as a JSON object")
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a mode choice (boss=ID) or a rule option; repeatable",
    )
    sim.add_argument("--boss", default=None, help="the boss of a co-op mode (sets --mode)")
    add_engine(sim)
    sim.add_argument("--json", action="store_true", help="one JSON object on the last line")
    sim.add_argument("--verbose", action="store_true", help="text report even with --json")
    sim.add_argument(
        "--deck",
        action="append",
        default=[],
        metavar="[SEAT=]FILE_OR_CODE",
        help="a deck file, code or preset id for a seat (next seat if none); repeatable",
    )
    sim.set_defaults(subparser=sim)
    scen = sub.add_parser("scenario", help="load a position, apply actions, print the result")
    scen.add_argument("file")
    scen.add_argument("--json", action="store_true")
    rep = sub.add_parser("replay", help="check that a save reproduces its snapshot")
    rep.add_argument("file")
    soak_p = sub.add_parser(
        "soak", help="play many checked games; exit 1 on any broken invariant or replay"
    )
    soak_p.add_argument(
        "--game", default="all", help=f"all or one of: {', '.join(game.ids(include_hidden=True))}"
    )
    soak_p.add_argument("--games", type=int, default=1000, help="games per game id")
    soak_p.add_argument(
        "--first", type=int, default=0, help="number of the first game (a part of a longer run)"
    )
    soak_p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    soak_p.add_argument("--seed", type=int, default=1, help="run seed (games' seeds are hashed)")
    soak_p.add_argument("--mode", default=None, help="one of the game's modes (default: its first)")
    soak_p.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="as for simulate"
    )
    soak_p.add_argument("--boss", default=None, help="as for simulate")
    soak_p.add_argument("--players", type=int, default=None, help="default: drawn per game")
    soak_p.add_argument(
        "--bots", default="", help="comma list cycled over seats; default: random and mixed games"
    )
    soak_p.add_argument("--only-seed", type=int, default=None, help="play one game's seed again")
    soak_p.add_argument("--json", action="store_true", help="one JSON object on the last line")
    add_engine(soak_p)
    soak_p.set_defaults(subparser=soak_p)
    cards_p = sub.add_parser("cards", help="list every card: kind, cost, keywords, texts")
    cards_p.add_argument(
        "--game", default=game.ids()[0], help=f"one of: {', '.join(game.ids(include_hidden=True))}"
    )
    cards_p.add_argument("--json", action="store_true", help="one JSON object")
    cards_p.add_argument("--lang", choices=content.LANGS, default=None, help="one language only")
    decks_cli.add_parser(sub)
    add_engine(matches.add_parser(sub))
    balance_cli.add_parser(sub)
    return parser


def cmd_match(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """``match``: bots against each other (``game.ai.matches``)."""
    delegated = on_compiled(args, parser)
    if delegated is not None:
        return delegated
    try:
        spec = matches.from_args(args)
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    row = matches.run(spec, matches.report(spec) if args.progress else None)
    print(json.dumps(row, sort_keys=True) if args.json else matches.text(row))
    return 0


def main(argv: Sequence[str] | None = None, *, replay: Replay | None = None) -> int:
    """Run one command; ``replay`` checks a save file (``saves.cli.replay``,
    passed in by ``game.__main__`` because ``game`` never reads saves)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if args.command == "simulate":
            return cmd_simulate(args, args.subparser)
        if args.command == "scenario":
            return cmd_scenario(args)
        if args.command == "replay":
            return cmd_replay(args, replay)
        if args.command == "soak":
            return cmd_soak(args, args.subparser)
        if args.command == "cards":
            return cmd_cards(args)
        if args.command == "deck":
            return decks_cli.cmd_deck(args)
        if args.command == "match":
            return cmd_match(args, args.subparser)
        if args.command == "balance":
            return balance_cli.cmd_balance(args)
        parser.print_usage(sys.stderr)
        print(
            "python -m game: error: choose a command: "
            "simulate, scenario, replay, soak, cards, deck, match or balance",
            file=sys.stderr,
        )
        return 2
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
