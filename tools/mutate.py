"""Seeded mutation testing: ``python tools/mutate.py [--module M ...] [--sample N]``.

A small stand-in for mutmut that fits our layout (no ``src/`` folder, tests that
import the packages from the working directory, tests that start subprocesses).
For each module it lists every mutation site of the source (the AST), draws a
seeded sample, and for each mutant writes the mutated module into a private copy
of the repository and runs the module's focused tests there with ``pytest -x``.
A mutant is *killed* when the tests fail (or time out), *survived* when they
pass.  The score is killed / (killed + survived).

Mutation operators (one change per mutant, as mutmut and cosmic-ray do):

* ``cmp``: a comparison flipped (``<`` ↔ ``<=``, ``>`` ↔ ``>=``, ``==`` ↔ ``!=``,
  ``in`` ↔ ``not in``, ``is`` ↔ ``is not``);
* ``binop``: ``+`` ↔ ``-``, ``*`` → ``+``, ``//`` → ``*``, ``%`` → ``//``;
* ``bool``: ``and`` ↔ ``or``; ``not x`` → ``x``;
* ``const``: an int ``n`` → ``n + 1``, ``True`` ↔ ``False``, a string (not a
  docstring) → ``"XX" + s + "XX"``;
* ``stmt``: a statement (assignment, call, ``raise``, ``continue``, ``break``)
  replaced by ``pass``; ``return x`` → ``return None``;
* ``if``: an ``if``/``while`` condition negated.

The results (one JSON line per mutant, with the site and the unified diff) go
to ``--out`` (default ``build/mutate/<module>.jsonl``); ``--recheck FILE`` runs
only the survivors listed in an earlier result file again (after tests were
added).  The run never touches the working tree: every mutant is written into
a copy under the system temp folder.

``make mutate`` runs every module of ``TARGETS`` (the five of issue 13.14, the rules
cores of Sử Hộ Vương and Thất Thánh Triệu Hồi and the rest of ``game/core``) with
``nice -n 10``; ``MUTATE_ARGS="--module M"`` picks modules.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parents[1]

_MS_TESTS = [
    "tests/manasurge/test_ms_content.py",
    "tests/manasurge/test_ms_rule_options.py",
    "tests/manasurge/test_ms_rules.py",
    "tests/manasurge/test_ms_rules_cards.py",
    "tests/manasurge/test_ms_state.py",
    "tests/manasurge/test_ms_edge_cases.py",
    "tests/manasurge/test_ms_random.py",  # the slow one last: -x stops before it
]
_SAVES_TESTS = [
    "tests/saves/test_saves_store.py",
    "tests/saves/test_saves_bad_files.py",
    "tests/saves/test_saves_names_files_and_autosaves.py",
    "tests/saves/test_saves_rules_version.py",
    "tests/saves/test_save_format_edges.py",
    "tests/saves/test_hostile_files.py",
]

# Sử Hộ Vương: the seeded recorded games of tests/core (pytest node ids: only the
# file before "::" must exist), then the slow random-play file last.
_SHV_RECORDED = "tests/core/test_recorded_games.py::test_seeded_games_play_as_recorded[shv/{}]"
_SHV_TESTS = [
    "tests/shv/test_shv_rules.py",
    "tests/shv/test_shv_scenarios.py",
    "tests/shv/test_shv_setup.py",
    "tests/shv/test_content.py",
    "tests/shv/test_decks.py",
    "tests/shv/test_cards_text.py",
    "tests/shv/test_shv_skill_limit_and_fast_reader.py",
    "tests/shv/test_speed_caches.py",
    "tests/shv/test_shv_edge_cases.py",
    "tests/shv/test_shv_saved_state_and_options.py",
    "tests/shv/test_event_fields.py",
    *(
        _SHV_RECORDED.format(k)
        for k in ("pvp/2/random", "pvp/6/random", "pvp/2/greedy", "pvp/6/greedy")
    ),
    "tests/shv/test_shv_random.py",
]
_SHV_PVE_FAST = [
    "tests/shv/test_pve_rules.py",
    "tests/shv/test_pve_villain_turn.py",
    "tests/shv/test_pve_answers.py",
    "tests/shv/test_pve_edge_cases.py",
    "tests/shv/test_event_fields.py",
]
_SHV_PVE_TESTS = [
    *_SHV_PVE_FAST,
    "tests/shv/test_bosses_content.py",
    "tests/shv/test_bosses_text.py",
    "tests/shv/test_pve_cli.py",
    *(
        _SHV_RECORDED.format(k)
        for k in ("pve/1/random", "pve/6/random", "pve/1/greedy", "pve/6/greedy")
    ),
    "tests/shv/test_pve_random.py",
]
_SHV_BOTH = [*_SHV_TESTS[:-1], *(t for t in _SHV_PVE_FAST if t not in _SHV_TESTS), _SHV_TESTS[-1]]
_SHV_SHARED = ("core", "flow", "board", "rules", "state", "refusals", "invariants")
_SHV_PVE = ("pve", "villain", "villain_turn", "villain_targets", "pve_setup", "pve_end")
_GI_TESTS = [
    "tests/invokation/test_gi_flow.py",
    "tests/invokation/test_gi_reactions.py",
    "tests/invokation/test_gi_edge_cases.py",
    "tests/invokation/test_cards_actions.py",
    "tests/invokation/test_cards_text.py",
    "tests/invokation/test_cards_roster.py",
    "tests/invokation/test_decks.py",
    "tests/invokation/test_cards_listing.py",
    "tests/invokation/test_gi_options_names.py",
    "tests/test_scenario_faults.py",
    "tests/invokation/test_gi_caches_match_plain_code.py",
    "tests/invokation/test_gi_kept_holder_lists.py",
    "tests/invokation/test_gi_identical.py",
    "tests/invokation/test_gi_random.py",  # random play last: -x stops before it
]
_GI_MODULES = [
    *("flow", "damage", "reactions", "dice", "legal", "ops", "actions", "board"),
    *("state", "rules", "refusals", "invariants", "windows", "options", "scenario"),
]
_CORE_TESTS = [
    "tests/core/test_effects.py",
    "tests/core/test_schema.py",
    "tests/core/test_schema_manasurge.py",
    "tests/core/test_content.py",
    "tests/core/test_content_skills.py",
    "tests/core/test_core_strings.py",
    "tests/core/test_action_event.py",
    "tests/core/test_seat_bool.py",
    "tests/core/test_toy_game.py",
    "tests/core/test_worker.py",
    "tests/core/test_core_edge_cases.py",
    "tests/core/test_rng.py",
    "tests/shv/test_content.py",
    "tests/test_cards_cli.py",
    "tests/ai/test_reuse.py",
    "tests/test_game_cli.py",
    "tests/core/test_recorded_games.py",  # recorded bot games last
]
_CORE_MODULES = ["effects", "contract", "schema", "rng", "content", "seeds"]

TARGETS: dict[str, list[str]] = {
    "game/manasurge/engine.py": _MS_TESTS,
    "game/manasurge/rules.py": _MS_TESTS,
    "game/core/match.py": ["tests/core/test_match.py", "tests/core/test_core_edge_cases.py"],
    "saves/store.py": [
        *_SAVES_TESTS,
        "tests/saves/test_saves_atomic.py",
        "tests/saves/test_fault_kill.py",
    ],
    "saves/format.py": _SAVES_TESTS,
    # Sử Hộ Vương (game/shv), PvP then PvE: the engine shared by both modes runs
    # against the PvP list plus the fast PvE files; the PvE modules against the PvE list.
    **{f"game/shv/{name}.py": _SHV_BOTH for name in _SHV_SHARED},
    **{f"game/shv/{name}.py": _SHV_TESTS for name in ("decks", "options", "catalog", "scenario")},
    "game/shv/evaluate.py": ["tests/ai/test_shv_evaluate.py", *_SHV_TESTS],
    **{f"game/shv/{name}.py": _SHV_PVE_TESTS for name in _SHV_PVE},
    # Thất Thánh Triệu Hồi and the rest of game/core (issue 13.14, second round).
    **{f"game/invokation/{name}.py": _GI_TESTS for name in _GI_MODULES},
    **{f"game/core/{name}.py": _CORE_TESTS for name in _CORE_MODULES},
    # The baseline bots and the AI worker (moved from game/core, issue 38).
    **{f"game/ai/{name}.py": _CORE_TESTS for name in ("bots", "worker")},
}
"""Module -> its focused tests (files that do not exist yet are skipped)."""

_CMP_SWAP: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BIN_SWAP: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Add,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
}
_STMTS = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Raise, ast.Continue, ast.Break)


@dataclass(frozen=True)
class Site:
    """One mutation: the ``index``-th node visited (``ast.walk`` order) gets ``op``."""

    index: int
    op: str
    line: int
    text: str


def _docstrings(tree: ast.Module) -> set[int]:
    """ids of the docstrings and their statements (never mutated)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        # A string standing alone as a statement: a docstring, or the comment-like
        # string after a constant that documents it.
        value = node.value if isinstance(node, ast.Expr) else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            out.add(id(value))
            out.add(id(node))
    return out


def _annotations(tree: ast.Module) -> set[int]:
    """ids of every node inside an annotation (strings under ``from __future__
    import annotations``: mutating them changes nothing at run time)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        parts: list[ast.AST | None] = []
        if isinstance(node, ast.arg):
            parts.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            parts.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            parts.append(node.annotation)
        for part in parts:
            if part is not None:
                out.update(id(sub) for sub in ast.walk(part))
    return out


def _ops(node: ast.AST, skip: set[int]) -> Iterator[str]:
    """The mutation operators that apply to ``node``."""
    if id(node) in skip:
        return
    if isinstance(node, ast.Compare) and type(node.ops[0]) in _CMP_SWAP:
        yield "cmp"
    elif isinstance(node, ast.BinOp) and type(node.op) in _BIN_SWAP:
        yield "binop"
    elif isinstance(node, ast.BoolOp):
        yield "bool"
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "not"
    elif isinstance(node, ast.Constant) and isinstance(node.value, bool | int | str):
        yield "const"
    if isinstance(node, ast.If | ast.While):
        yield "if"
    if isinstance(node, _STMTS):
        yield "stmt"
    if isinstance(node, ast.Return) and node.value is not None:
        yield "return"


def sites(source: str) -> list[Site]:
    """Every mutation site of ``source``, in a stable order."""
    tree = ast.parse(source)
    skip = _docstrings(tree) | _annotations(tree)
    lines = source.splitlines()
    out: list[Site] = []
    for index, node in enumerate(ast.walk(tree)):
        for op in _ops(node, skip):
            line = getattr(node, "lineno", 0)
            text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
            out.append(Site(index, op, line, text[:100]))
    return out


def _mutate_node(node: ast.AST, op: str) -> ast.AST:
    if op == "cmp":
        assert isinstance(node, ast.Compare)
        node.ops[0] = _CMP_SWAP[type(node.ops[0])]()
    elif op == "binop":
        assert isinstance(node, ast.BinOp)
        node.op = _BIN_SWAP[type(node.op)]()
    elif op == "bool":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif op == "not":
        assert isinstance(node, ast.UnaryOp)
        return node.operand
    elif op == "const":
        assert isinstance(node, ast.Constant)
        value = node.value
        if isinstance(value, bool):
            node.value = not value
        elif isinstance(value, int):
            node.value = value + 1
        else:
            node.value = f"XX{value}XX"
    elif op == "if":
        assert isinstance(node, ast.If | ast.While)
        node.test = ast.UnaryOp(op=ast.Not(), operand=node.test)
    elif op == "stmt":
        return ast.Pass()
    elif op == "return":
        assert isinstance(node, ast.Return)
        node.value = ast.Constant(value=None)
    return node


class _Apply(ast.NodeTransformer):
    def __init__(self, target: ast.AST, op: str) -> None:
        self.target = target
        self.op = op

    def generic_visit(self, node: ast.AST) -> ast.AST:
        node = super().generic_visit(node)
        if node is self.target:
            return _mutate_node(node, self.op)
        return node


def mutant(source: str, site: Site) -> str:
    """``source`` with ``site`` applied (re-printed by ``ast.unparse``)."""
    tree = ast.parse(source)
    target = next(n for i, n in enumerate(ast.walk(tree)) if i == site.index)
    tree = _Apply(target, site.op).visit(tree)
    ast.fix_missing_locations(tree)
    return ast.unparse(tree) + "\n"


def _baseline(source: str) -> str:
    return ast.unparse(ast.parse(source)) + "\n"


def _copy_repo(into: Path) -> None:
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    for name in files:
        src = ROOT / name
        if src.is_file():
            dst = into / name
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)


def _run_tests(copy: Path, tests: list[str], timeout: float) -> tuple[str, float]:
    # No plugin autoload (hypothesis, xdist): a third of a second per run saved,
    # and the focused tests need none of them.
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    start = time.monotonic()
    try:
        done = subprocess.run(cmd, cwd=copy, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - start
    took = time.monotonic() - start
    if done.returncode == 0:
        return "survived", took
    if done.returncode == 1:
        return "killed", took
    return "error", took  # collection error, crash: the mutant broke the import


@dataclass
class Result:
    module: str
    index: int
    op: str
    line: int
    text: str
    outcome: str
    seconds: float
    diff: str


def _diff(before: str, after: str, module: str) -> str:
    lines = difflib.unified_diff(
        before.splitlines(), after.splitlines(), module, module, n=0, lineterm=""
    )
    return "\n".join(list(lines)[2:])


class _Worker:
    """A private copy of the repository in which one mutant at a time runs."""

    def __init__(self, base: Path, number: int) -> None:
        self.copy = base / f"w{number}"
        _copy_repo(self.copy)

    def run(self, module: str, source: str, site: Site, tests: list[str], timeout: float) -> Result:
        text = mutant(source, site)
        diff = _diff(_baseline(source), text, module)
        if not diff:  # ``return None`` -> ``return None``: the same program
            return Result(module, site.index, site.op, site.line, site.text, "same", 0.0, "")
        target = self.copy / module
        target.write_text(text, encoding="utf-8")
        try:
            outcome, took = _run_tests(self.copy, tests, timeout)
        finally:
            target.write_text(source, encoding="utf-8")
        return Result(module, site.index, site.op, site.line, site.text, outcome, took, diff)


def _tests_for(module: str) -> list[str]:
    return [t for t in TARGETS[module] if (ROOT / t.split("::")[0]).exists()]


def run_module(
    module: str,
    sample: int,
    seed: int,
    jobs: int,
    out: Path,
    only: set[int] | None = None,
    minutes: float | None = None,
) -> list[Result]:
    """Run the sample (or the sites in ``only``) in the sample's random order,
    so that when the time budget ``minutes`` runs out the mutants done so far
    are still a random sample."""
    source = (ROOT / module).read_text(encoding="utf-8")
    every = sites(source)
    if only is not None:
        chosen = [s for s in every if s.index in only]
    else:
        order = list(every)
        random.Random(f"{seed}:{module}").shuffle(order)  # a larger sample extends a smaller
        chosen = order[:sample]
    tests = _tests_for(module)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="banthe-mutate-") as tmp:
        workers = [_Worker(Path(tmp), n) for n in range(jobs)]
        outcome, took = _run_tests(workers[0].copy, tests, 600)
        if outcome != "survived":  # once more, with the output shown
            subprocess.run(
                [sys.executable, "-m", "pytest", "-x", "-q", *tests], cwd=workers[0].copy
            )
            raise SystemExit(f"{module}: the unmutated tests do not pass ({outcome})")
        timeout = max(30.0, took * 5)
        print(f"{module}: {len(every)} sites, {len(chosen)} mutants, tests {took:.1f} s")
        stop = time.monotonic() + minutes * 60 if minutes else float("inf")
        todo = iter(chosen)
        lock = threading.Lock()
        results: list[Result] = []

        def work(worker: _Worker, fh: TextIO) -> None:
            while time.monotonic() < stop:
                with lock:
                    site = next(todo, None)
                if site is None:
                    return
                result = worker.run(module, source, site, tests, timeout)
                with lock:
                    results.append(result)
                    fh.write(json.dumps(asdict(result), ensure_ascii=False) + "\n")
                    fh.flush()
                if result.outcome == "survived":
                    print(f"  survived {result.op} line {result.line}: {result.text}")

        with out.open("w", encoding="utf-8") as fh:
            threads = [threading.Thread(target=work, args=(w, fh), daemon=True) for w in workers]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
    return results


def _body(diff: str) -> list[str]:
    """The changed lines of a diff, without the line numbers."""
    return [line for line in diff.splitlines() if not line.startswith("@@")]


def _find(source: str, every: list[Site], row: dict[str, object]) -> Site | None:
    """The site of an earlier result in today's source (the module may have
    changed since): the same operator on the same line text making the same
    change; the nearest such line."""
    line = row["line"]
    assert isinstance(line, int) and isinstance(row["diff"], str)
    want = _body(row["diff"])
    base = _baseline(source)
    same = [
        s
        for s in every
        if s.op == row["op"]
        and s.text == row["text"]
        and _body(_diff(base, mutant(source, s), "m")) == want
    ]
    return min(same, key=lambda s: abs(s.line - line), default=None)


def recheck(path: Path, jobs: int) -> str:
    """Run the survivors of result file ``path`` again (after tests were added);
    writes ``<path>.final.jsonl`` (every row, survivors replaced) and returns
    the summary line."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    module = rows[0]["module"]
    source = (ROOT / module).read_text(encoding="utf-8")
    every = sites(source)
    alive = [r for r in rows if r["outcome"] == "survived"]
    found = {id(r): _find(source, every, r) for r in alive}
    only = {site.index for site in found.values() if site is not None}
    out = path.with_suffix(".recheck.jsonl")
    again = {r.index: r for r in run_module(module, 0, 0, jobs, out, only=only)}
    final: list[Result] = []
    for row in rows:
        site = found.get(id(row))
        if row["outcome"] == "survived" and site is not None:
            final.append(again[site.index])
        elif row["outcome"] == "survived":  # not found (the line changed): still counted
            final.append(Result(**row))
        else:
            final.append(Result(**row))
    with path.with_suffix(".final.jsonl").open("w", encoding="utf-8") as fh:
        for result in final:
            fh.write(json.dumps(asdict(result), ensure_ascii=False) + "\n")
    killed, survived, value = score(final)
    return f"{module}: {killed} killed, {survived} survived, score {value:.3f} (rechecked)"


def report(path: Path) -> str:
    """A result file as text: the score line, then each survivor's change."""
    rows = [Result(**json.loads(line)) for line in path.read_text("utf-8").splitlines()]
    killed, survived, value = score(rows)
    same = sum(r.outcome == "same" for r in rows)
    lines = [
        f"{rows[0].module if rows else path}: {len(rows)} mutants, {killed} killed, "
        f"{survived} survived, {same} identical, score {value:.3f}"
    ]
    for r in rows:
        if r.outcome == "survived":
            change = r.diff.splitlines()[-1][1:].strip() if r.diff else ""
            lines.append(f"  line {r.line} {r.op}: {change[:140]}")
    return "\n".join(lines)


def score(results: list[Result]) -> tuple[int, int, float]:
    """(killed, survived, score); a mutant that broke the import or timed out is
    killed; one that prints as the same program ("same") is not counted."""
    killed = sum(r.outcome in ("killed", "timeout", "error") for r in results)
    survived = sum(r.outcome == "survived" for r in results)
    total = killed + survived
    return killed, survived, killed / total if total else 1.0


def _stop(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


def main(argv: list[str] | None = None) -> int:
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    signal.signal(signal.SIGTERM, _stop)  # so the temp copies are removed
    parser = argparse.ArgumentParser(prog="tools/mutate.py", description=__doc__)
    parser.add_argument("--module", action="append", choices=sorted(TARGETS))
    parser.add_argument("--sample", type=int, default=200, help="mutants per module")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--minutes", type=float, help="time budget per module")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "mutate")
    parser.add_argument(
        "--recheck", type=Path, action="append", help="re-run the survivors of a result file"
    )
    parser.add_argument("--list", action="store_true", help="count the sites and exit")
    parser.add_argument("--report", type=Path, nargs="+", help="scores and survivors of files")
    args = parser.parse_args(argv)
    if args.report:
        for path in args.report:
            print(report(path))
        return 0
    modules = args.module or sorted(TARGETS)
    if args.list:
        for module in modules:
            counted = sites((ROOT / module).read_text(encoding="utf-8"))
            print(f"{module}: {len(counted)} sites")
        return 0
    summary: list[str] = []
    for path in args.recheck or []:
        summary.append(recheck(path, args.jobs))
    for module in modules if not args.recheck else []:
        out = args.out / (module.replace("/", ".") + ".jsonl")
        results = run_module(module, args.sample, args.seed, args.jobs, out, None, args.minutes)
        killed, survived, value = score(results)
        summary.append(f"{module}: {killed} killed, {survived} survived, score {value:.3f}")
        print(summary[-1], flush=True)
    print("\n".join(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
