"""Every benchmark in one table: ``make bench`` (issue 15).  Not a test.

Usage (from the repository root)::

    .venv/bin/python bench/all.py [--runs 3] [--quick] [--no-peers] [--json FILE]
                                  [--only rules,peers]

Prints one table: random games/s and actions/s of every rules core (ManaSurge
2/4/6 players, Sử Hộ Vương 1v1, 3v3 and PvE 4p, Thất Thánh Triệu Hồi); the cost
of ``clone``, ``view``, ``determinize`` and ``legal_actions`` per game; the peers
side by side (RLCard's UNO against ManaSurge, dgisim against Thất Thánh Triệu Hồi,
interleaved run by run, quoted as ratios; each in a throwaway venv, see
``bench/peers.py``); each table's frame time (median and p99) at its largest
player count with animations running at 1280×720; start to first frame; save
and load of a 300-action game (Sử Hộ Vương 3v3) and its file size; peak memory.  Every figure is
the median of ``--runs`` runs; the goals of issue 15 are printed beside them.
``--quick`` makes every run tiny (for the smoke test: it checks the script, not
the machine).  ``--only`` runs some sections of the table (``SECTIONS``), e.g.
``--only rules,peers`` for the rules cores and the peers alone.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import peers  # noqa: E402

from game import new_match  # noqa: E402

#: The optional mypyc build (``make compile``, ``tools/compile.py``): its rows are
#: played by a worker with the build first on ``sys.path``; without a fresh build
#: the table says why and shows the pure-Python rows only.
COMPILED_CORES: list[tuple[str, str, int, int]] = [
    ("ManaSurge 2p", "manasurge", 2, 1500),
    ("ManaSurge 4p", "manasurge", 4, 800),
    ("ManaSurge 6p", "manasurge", 6, 500),
    ("Sử Hộ Vương 1v1", "shv", 2, 200),
    ("Sử Hộ Vương 3v3", "shv", 6, 40),
    ("Thất Thánh Triệu Hồi", "invokation", 2, 40),
]
COMPILED_GAMES = {game_id for _label, game_id, _players, _games in COMPILED_CORES}


@dataclass
class Row:
    section: str
    name: str
    value: float | None
    unit: str
    goal: str = ""
    met: bool | None = None
    note: str = ""

    def cells(self) -> list[str]:
        if self.value is None:
            shown = "—"
        elif self.value >= 100:
            shown = f"{self.value:,.0f}"
        else:
            shown = f"{self.value:.3g}"
        verdict = "" if self.met is None else ("met" if self.met else "MISSED")
        return [
            self.section,
            self.name,
            f"{shown} {self.unit}".strip(),
            self.goal,
            verdict,
            self.note,
        ]


#: The sections of the table, in order (``--only``).
SECTIONS = ("rules", "calls", "peers", "table", "start", "saves", "memory")

# (label, game, mode, players, choices, games per run at full size)
CORES: list[tuple[str, str, str | None, int, dict[str, Any], int]] = [
    ("ManaSurge 2p", "manasurge", None, 2, {}, 1500),
    ("ManaSurge 4p", "manasurge", None, 4, {}, 800),
    ("ManaSurge 6p", "manasurge", None, 6, {}, 500),
    ("Sử Hộ Vương 1v1", "shv", "pvp", 2, {}, 200),
    ("Sử Hộ Vương 3v3", "shv", "pvp", 6, {}, 40),
    ("Sử Hộ Vương PvE 4p", "shv", "pve", 4, {}, 40),
    ("Thất Thánh Triệu Hồi", "invokation", None, 2, {}, 40),
]


def median_of(runs: int, fn: Callable[[int], float]) -> float:
    return statistics.median(fn(r) for r in range(runs))


def play(game_id: str, mode: str | None, players: int, games: int, seed: int) -> dict[str, Any]:
    """Random games; ``cpu``: this process's CPU seconds for them (the peers' rows count
    CPU time too, so a loaded machine does not turn a met goal into a missed one)."""
    from game.cli import play_games

    cpu = time.process_time()
    result: dict[str, Any] = play_games(game_id, players, games, seed, ["random"], mode=mode)
    result["cpu"] = max(1e-9, time.process_time() - cpu)
    return result


def compiled_status() -> str:
    """ "" when a fresh mypyc build exists, else why not."""
    from tools import compile as mypyc_build

    path, why = mypyc_build.status()
    return "" if path is not None else why


def play_compiled(game_id: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """``play`` in a worker running the mypyc build (random bots, quiet mode)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "compile.py"), "--play", game_id,
         str(players), str(games), str(seed)],
        capture_output=True, text=True, check=False, timeout=900, cwd=ROOT,
    )  # fmt: skip
    last = (done.stdout.strip().splitlines() or ["{}"])[-1]
    result: dict[str, Any] = json.loads(last)
    if done.returncode != 0 or "error" in result:
        raise RuntimeError(f"mypyc worker failed: {result.get('error') or done.stderr[-300:]}")
    return result


def bench_compiled(runs: int, scale: float) -> list[Row]:
    """The rules rows again on the mypyc build (same games: the seeds of ``bench_cores``)."""
    rows: list[Row] = []
    for label, game_id, players, games in COMPILED_CORES:
        n = max(1, int(games * scale))
        results = [play_compiled(game_id, players, n, 1 + r * n) for r in range(runs)]
        gps = statistics.median(r["games"] / r["cpu"] for r in results)  # per CPU second
        aps = statistics.median(r["actions"] / r["cpu"] for r in results)
        goal, met = ("≥ 200 games/s", gps >= 200) if label == "Sử Hộ Vương 1v1" else ("", None)
        rows.append(Row("rules", f"{label} mypyc: random games", gps, "games/s", goal, met))
        rows.append(Row("rules", f"{label} mypyc: actions", aps, "actions/s"))
    return rows


def bench_cores(runs: int, scale: float) -> list[Row]:
    rows: list[Row] = []
    for label, game_id, mode, players, _choices, games in CORES:
        n = max(1, int(games * scale))
        results = [play(game_id, mode, players, n, 1 + r * n) for r in range(runs)]
        gps = statistics.median(r["games"] / r["seconds"] for r in results)
        aps = statistics.median(r["actions"] / r["seconds"] for r in results)
        goal, met = "", None
        if label == "Sử Hộ Vương 1v1":
            goal, met = "≥ 200 games/s", gps >= 200
        rows.append(Row("rules", f"{label}: random games", gps, "games/s", goal, met))
        rows.append(Row("rules", f"{label}: actions", aps, "actions/s"))
    return rows


def sample_states(game_id: str, mode: str | None, players: int, count: int) -> list[Any]:
    """Mid-game states of random games (every few actions), for the per-call costs."""
    import game
    from game.ai import bots as bots_mod
    from game.cli import simulate_seed
    from game.core.rng import Rng

    rules = game.get(game_id)
    config = rules.info.default_config(mode, players)
    bot = bots_mod.make("random")
    states: list[Any] = []
    g = 0
    while len(states) < count and g < 50:
        seed = simulate_seed(7, game_id, g)
        state, rng, step = rules.setup(config, seed), Rng(seed), 0
        while (seat := rules.to_move(state)) is not None and len(states) < count:
            if step % 5 == 2:
                states.append(rules.clone(state))
            rules.apply(state, bot.choose(rules, state, seat, rng), check=False)
            step += 1
        g += 1
    return states


def per_call_us(fn: Callable[[Any], Any], states: Sequence[Any], runs: int) -> float:
    def one(_: int) -> float:
        t = timeit.timeit(lambda: [fn(s) for s in states], number=1)
        return t / len(states) * 1e6

    return median_of(runs, one)


def call_rows(label: str, game_id: str, mode: str | None, players: int, runs: int,
              scale: float) -> list[Row]:  # fmt: skip
    import game
    from game.core.rng import Rng

    rules = game.get(game_id)
    states = sample_states(game_id, mode, players, max(10, int(300 * scale)))
    movers = [rules.to_move(s) or 0 for s in states]
    pairs = [(rules.view(s, m), m) for s, m in zip(states, movers, strict=True)]
    rng = Rng(5)
    limit = 0.05 if game_id == "manasurge" else 0.2
    clone = per_call_us(rules.clone, states, runs)
    view = per_call_us(lambda s: rules.view(s, rules.to_move(s) or 0), states, runs)
    det = per_call_us(lambda p: rules.determinize(p[0], p[1], rng), pairs, runs)
    legal = per_call_us(rules.legal_actions, states, runs)
    return [
        Row("calls", f"{label}: clone", clone, "µs", f"≤ {limit} ms", clone / 1000 <= limit),
        Row("calls", f"{label}: view", view, "µs"),
        Row("calls", f"{label}: determinize", det, "µs"),
        Row("calls", f"{label}: legal_actions", legal, "µs"),
    ]


def bench_calls(runs: int, scale: float) -> list[Row]:
    rows: list[Row] = []
    for label, game_id, mode, players in (
        ("ManaSurge 4p", "manasurge", None, 4),
        ("Sử Hộ Vương 3v3", "shv", "pvp", 6),
        ("Sử Hộ Vương PvE 4p", "shv", "pve", 4),
        ("Thất Thánh Triệu Hồi", "invokation", None, 2),
    ):
        rows += call_rows(label, game_id, mode, players, runs, scale)
    return rows


def bench_peers(runs: int, scale: float, compiled: bool) -> list[Row]:
    """Ours and the peer's, run by run interleaved; the ratio of the medians of games
    per CPU second (process time of each side: a busy shared machine does not tilt
    it).  With ``compiled`` each row also gets a mypyc row, interleaved too."""
    rows: list[Row] = []
    pairs = (
        ("uno", "ManaSurge 4p vs RLCard UNO (env.run)", "manasurge", 4, 800, 400, 5.0),
        ("uno-engine", "ManaSurge 4p vs RLCard UNO engine", "manasurge", 4, 800, 1500, 5.0),
        ("dgisim", "Thất Thánh Triệu Hồi vs dgisim", "invokation", 2, 40, 4, 50.0),
    )
    for key, label, game_id, players, ours_n, theirs_n, goal in pairs:
        python, why = peers.peer_python(key)
        if python is None:
            rows.append(Row("peers", label, None, "×", f"≥ {goal:g}×", None, why))
            continue
        with_mypyc = compiled and game_id in COMPILED_GAMES
        ours: list[float] = []
        built: list[float] = []
        theirs: list[float] = []
        for r in range(runs):
            n = max(1, int(ours_n * scale))
            cpu = time.process_time()
            res = play(game_id, None, players, n, 1 + r * n)
            ours.append(res["games"] / max(1e-9, time.process_time() - cpu))
            if with_mypyc:
                res = play_compiled(game_id, players, n, 1 + r * n)
                built.append(res["games"] / max(1e-9, res["cpu"]))
            peer = peers.run_peer(key, python, max(1, int(theirs_n * scale)), 1 + r)
            theirs.append(peer["games"] / max(1e-9, peer["cpu"]))
        peer_gps = statistics.median(theirs)
        for mine, name in ((ours, label), (built, label.replace(" vs ", " mypyc vs "))):
            if not mine:
                continue
            ratio = statistics.median(mine) / peer_gps
            note = f"ours {statistics.median(mine):,.1f} vs {peer_gps:,.2f} games/s of CPU"
            rows.append(Row("peers", name, ratio, "×", f"≥ {goal:g}×", ratio >= goal, note))
    return rows


def bench_frames(scale: float, runs: int = 3) -> list[Row]:
    """Each table at its largest player count, AI seats, animations on, 1280×720: the
    median over ``runs`` games (seeds 10, 11, ...) of each game's median and p99, as
    ``bench/bench_table.py`` prints them (one game's p99 is a handful of frames).  Each
    table runs in a fresh process, as the game does: in this one the heap the rules
    sections leave behind makes every garbage collection of a frame slower."""
    rows: list[Row] = []
    frames = max(30, int(600 * scale))
    for label, game_id, players in (
        ("ManaSurge 6p", "manasurge", 6),
        ("Sử Hộ Vương 3v3", "shv", 6),
        ("Thất Thánh Triệu Hồi", "invokation", 2),
    ):
        done = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "bench_table.py"), "--game", game_id,
             "--players", str(players), "--frames", str(frames), "--runs", str(runs), "--json"],
            capture_output=True, text=True, check=False, timeout=900,
        )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"bench_table.py failed: {done.stderr.strip()[-300:]}")
        got = json.loads(done.stdout.strip().splitlines()[-1])
        p99 = statistics.median(got["p99s"])
        # the wall figure also counts waiting for a core; each game's p99 for the spread
        spread = ", ".join(f"{x:.1f}" for x in got["p99s"])
        note = f"CPU p99 {statistics.median(got['cpu_p99s']):.2f} ms; games {spread}"
        rows.append(Row("table", f"{label}: frame median", statistics.median(got["medians"]), "ms"))
        rows.append(Row("table", f"{label}: frame p99", p99, "ms", "≤ 8 ms", p99 <= 8, note))
        warm = statistics.median(got["warms"]) * 1000  # a slice a frame, after the first
        rows.append(Row("table", f"{label}: card art warm-up", warm, "ms", note="after start-up"))
    return rows


def bench_first_frame(runs: int) -> list[Row]:
    """Start to first frame from bytecode (as installed), and with every module
    compiled at start (no bytecode cache) for comparison."""
    warm = _first_frame(runs, [])
    cold = _first_frame(runs, ["--cold"])
    rows = [Row("start", "start to first frame", warm[0], "s", "≤ 0.15 s", _met(warm[0]), warm[1])]
    rows.append(Row("start", "  without bytecode cache", cold[0], "s", note=cold[1]))
    return rows


def _met(seconds: float | None) -> bool | None:
    return None if seconds is None else seconds <= 0.15


def _first_frame(runs: int, flags: list[str]) -> tuple[float | None, str]:
    """(median seconds, note) from ``bench_first_frame.py``."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    script = str(ROOT / "bench" / "bench_first_frame.py")
    done = subprocess.run(
        [sys.executable, script, "--runs", str(runs), *flags],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=600,
        cwd=ROOT,
    )
    lines = done.stdout.strip().splitlines() or [""]
    try:
        seconds = float(lines[-1].split()[-2])
        cpu = lines[-2].split("median cpu")[1].strip()
    except (IndexError, ValueError):
        return None, lines[-1][:60]
    return seconds, f"CPU {cpu}"


def long_match(actions: int) -> Any:
    """A Sử Hộ Vương 3v3 match of random bots cut at ``actions`` actions (the
    first deal whose game is that long)."""
    import game
    from game.ai import bots as bots_mod
    from game.core.rng import Rng

    rules = game.get("shv")
    bot = bots_mod.make("random")
    for seed in range(1, 50):
        config = rules.info.default_config("pvp", 6)
        match = new_match("shv", config, seed)
        rng = Rng(seed)
        while match.outcome() is None and len(match.log) < actions:
            seat = match.to_move
            assert seat is not None
            match.apply(bot.choose(rules, match.state, seat, rng))
        if len(match.log) >= actions:
            return match
    raise RuntimeError("no 3v3 game reached the length asked for")


def bench_saves(runs: int) -> list[Row]:
    os.environ["BANTHE_SAVE_DIR"] = tempfile.mkdtemp(prefix="banthe-bench-")
    from saves import store

    match = long_match(300)
    store.use_background_writer(True)
    calls: list[float] = []
    loads: list[float] = []
    size = 0
    for _ in range(runs):
        start = time.perf_counter()
        path = store.autosave(match)
        calls.append((time.perf_counter() - start) * 1000)
        store.flush_writes()
        size = path.stat().st_size
        start = time.perf_counter()
        store.load_match(path)
        loads.append((time.perf_counter() - start) * 1000)
    store.use_background_writer(False)
    save_ms, load_ms = statistics.median(calls), statistics.median(loads)
    return [
        Row("saves", "save (frame thread), 300 actions", save_ms, "ms", "≤ 5 ms", save_ms <= 5),
        Row("saves", "load with replay check", load_ms, "ms", "≤ 50 ms", load_ms <= 50),
        Row("saves", "file size", size / 1024, "KiB"),
    ]


def bench_memory() -> list[Row]:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    scale = 1 / 1024 if sys.platform != "darwin" else 1 / (1024 * 1024)
    return [Row("memory", "peak resident (this process)", peak * scale, "MiB")]


def render(rows: Sequence[Row]) -> str:
    head = ["section", "figure", "value", "goal", "", "note"]
    table = [head, *(r.cells() for r in rows)]
    widths = [max(len(line[i]) for line in table) for i in range(len(head))]
    out = []
    for k, line in enumerate(table):
        out.append("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip())
        if k == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--quick", action="store_true", help="tiny runs: checks the script")
    parser.add_argument("--no-peers", action="store_true", help="skip RLCard UNO and dgisim")
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    parser.add_argument("--only", default=",".join(SECTIONS), help="sections, comma-separated")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    only = {x.strip() for x in args.only.split(",") if x.strip()}
    if not only or not only <= set(SECTIONS):
        parser.error(f"--only takes sections among {', '.join(SECTIONS)}")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    scale = 0.02 if args.quick else 1.0
    runs = 1 if args.quick else args.runs
    started = time.perf_counter()
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores,")
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, load average {os.getloadavg()[0]:.2f}")
    why_not = compiled_status()
    print(f"mypyc build: {why_not or 'fresh, its rows are marked mypyc'}")
    rows: list[Row] = []
    if "rules" in only:
        rows += bench_cores(runs, scale)
        if not why_not:
            rows += bench_compiled(runs, scale)
    if "calls" in only:
        rows += bench_calls(runs, scale)
    if "peers" in only and not args.no_peers:
        rows += bench_peers(runs, scale, not why_not)
    if "table" in only:
        rows += bench_frames(scale, 1 if args.quick else 3)
    if "start" in only:
        rows += bench_first_frame(1 if args.quick else 5)
    if "saves" in only:
        rows += bench_saves(runs)
    if "memory" in only:
        rows += bench_memory()
    print(render(rows))
    print(f"({time.perf_counter() - started:.0f} s)")
    if args.json:
        Path(args.json).write_text(json.dumps([r.__dict__ for r in rows], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
