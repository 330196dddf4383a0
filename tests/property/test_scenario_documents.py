"""Property: any scenario document, however malformed, makes
``python -m game scenario`` exit 2 with one ``error:`` line, or run cleanly
(exit 0, or 1 for a refused action) — never a traceback (issue 13.10).

Documents are mutations of real ones, for every registered game: the scenario
files in ``tests/scenarios/<game>/`` and positions cut from random reachable
states (``to_json``, a random part of it), with a field replaced by any JSON
value, dropped or added, and actions taken from the position's legal list and
mutated the same way; plus random JSON and random text."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import game
from game.cli import main
from tests.property import games as g

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def scenario_files(game_id: str) -> list[dict[str, Any]]:
    folder = SCENARIOS / game_id
    return [json.loads(p.read_text("utf-8")) for p in sorted(folder.glob("*.json"))]


# --- mutations of a JSON document ----------------------------------------------------


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


@st.composite
def mutated(draw: st.DrawFn, doc: Any, rounds: int = 3) -> Any:
    """``doc`` with 1 to ``rounds`` random changes: a node replaced by any JSON
    value (a wrong type, an out-of-range number), removed, or a key added."""
    doc = json.loads(json.dumps(doc))
    for _ in range(draw(st.integers(1, rounds))):
        path = draw(st.sampled_from(_paths(doc)))
        how = draw(st.sampled_from(["replace", "drop", "add", "number"]))
        if not path:
            if how == "replace":
                doc = draw(g.json_values)
            continue
        parent, last = _get(doc, path[:-1]), path[-1]
        if how == "drop":
            del parent[last]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(g.names)] = draw(g.json_values)
        elif how == "number":
            parent[last] = draw(st.integers(-(10**6), 10**6) | st.sampled_from([-1, 0, 1, 2**64]))
        else:
            parent[last] = draw(g.json_values)
    return doc


@st.composite
def cut_position(draw: st.DrawFn, game_id: str) -> dict[str, Any]:
    """A document whose position is part of a reachable state's JSON and whose
    actions are the state's legal actions (some mutated)."""
    p = draw(g.played(game_id))
    full = p.rules.to_json(p.match.state)
    keys = draw(st.lists(st.sampled_from(sorted(full)), unique=True)) if full else []
    position = {k: full[k] for k in keys} if draw(st.booleans()) else full
    legal = [a.to_json() for a in p.match.legal_actions()]
    actions = draw(st.lists(st.sampled_from(legal), max_size=3)) if legal else []
    return {"game": game_id, "position": position, "actions": actions}


def documents(game_id: str) -> st.SearchStrategy[Any]:
    files = scenario_files(game_id)
    bases = st.sampled_from(files) if files else st.nothing()
    return st.one_of(
        bases.flatmap(mutated),
        cut_position(game_id),
        cut_position(game_id).flatmap(mutated),
        g.json_values.map(lambda v: {"game": game_id, "position": v}),
    )


# --- running the command ----------------------------------------------------------------


def run_scenario(body: str, *flags: str) -> tuple[int, str, str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scenario.json"
        path.write_text(body, "utf-8", errors="surrogatepass")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["scenario", str(path), *flags])
    return code, out.getvalue(), err.getvalue()


def assert_clean(code: int, out: str, err: str) -> None:
    assert code in (0, 1, 2), f"exit {code}: {err}"
    assert "Traceback" not in out + err
    if code == 2:
        assert out == "", f"exit 2 printed on stdout: {out!r}"
        assert err.startswith("error: ") and err.count("\n") == 1, f"not one line: {err!r}"
    else:
        assert err == "", f"exit {code} wrote to stderr: {err!r}"
        assert out.strip(), "a scenario that ran printed nothing"


@pytest.mark.parametrize("game_id", g.game_params())
@given(doc=st.data(), as_json=st.booleans())
def test_random_scenario_documents_exit_cleanly(
    game_id: str, doc: st.DataObject, as_json: bool
) -> None:
    body = json.dumps(doc.draw(documents(game_id), label="document"))
    assert_clean(*run_scenario(body, *(["--json"] if as_json else [])))


@given(body=st.text(max_size=200) | g.json_values.map(json.dumps))
def test_random_text_is_refused_with_one_line(body: str) -> None:
    code, out, err = run_scenario(body)
    assert_clean(code, out, err)
    assert code == 2


def test_every_game_has_documents_to_mutate() -> None:
    """Each registered game is fuzzed from its reachable states, so a new game
    needs no scenario file here; the ManaSurge files are found."""
    assert scenario_files("manasurge")
    assert set(game.ids(include_hidden=True)) >= {"manasurge", "toy"}
