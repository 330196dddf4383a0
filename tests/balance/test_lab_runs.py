"""The balance lab's runs (issue 36 items 1-3): the same seed gives the same figures on
one process, a process pool and a Dask cluster; finished chunks are saved at once and
never played again; Ctrl+C keeps what finished; a lab cell is the simulate command's
games.  Tiny studies only (a few greedy games)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.balance import chunks as chunks_mod
from game.balance import lab, runner, spec
from game.cli import play_games

TWO = (("lua_rung", "lua_rung"), ("nui_tan", "nui_tan"))


def tiny(**changes: Any) -> spec.Study:
    base: dict[str, Any] = {
        "game": "shv",
        "study": "cards",
        "games": 4,
        "chunk": 2,
        "decks": TWO,
        "strength_games": 2,
        "agree_games": 0,
    }
    base.update(changes)
    return spec.Study(**base)


def figures(data: dict[str, Any]) -> dict[str, Any]:
    """The figures without the timings (CPU seconds differ from run to run)."""
    out = json.loads(json.dumps(data))
    out["run"].pop("cpu_seconds")
    return out


@pytest.fixture(scope="module")
def one_process(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return lab.run(tiny(), tmp_path_factory.mktemp("one"), workers=1, out=None)


def test_a_process_pool_gives_the_figures_of_one_process(
    one_process: dict[str, Any], tmp_path: Path
) -> None:
    pooled = lab.run(tiny(), tmp_path, workers=2, out=None)
    assert figures(pooled) == figures(one_process)
    assert one_process["run"]["games_played"] == 4 * 4 + 2 * 2


def test_a_dask_cluster_gives_the_figures_of_the_local_pool(
    one_process: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    distributed = pytest.importorskip("distributed")

    def no_local(*_args: Any) -> None:
        raise AssertionError("--cluster ran the chunks locally")

    monkeypatch.setattr(runner, "_local", no_local)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        on_cluster = lab.run(tiny(), tmp_path, cluster=cluster.scheduler_address, out=None)
    assert figures(on_cluster) == figures(one_process)


def test_a_rerun_plays_only_the_chunks_not_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    study = tiny()
    first = lab.run(study, tmp_path, out=None)
    saved = sorted((tmp_path / "chunks").glob("*.json"))
    assert len(saved) == 4 * 2 + 2  # 4 ordered pairs x 2 chunks, 2 strength chunks
    saved[3].unlink()
    played: list[Any] = []

    def counting(chunk: Any) -> dict[str, Any]:
        played.append(chunk)
        return chunks_mod.run_chunk(chunk)

    monkeypatch.setattr(runner, "run_chunk", counting)
    again = lab.run(study, tmp_path, out=None)
    assert len(played) == 1
    assert figures(again)["decks"] == figures(first)["decks"]


def test_ctrl_c_keeps_the_finished_chunks_and_the_run_resumes(
    one_process: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = 0

    def interrupted(chunk: Any) -> dict[str, Any]:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        return chunks_mod.run_chunk(chunk)

    monkeypatch.setattr(runner, "run_chunk", interrupted)
    with pytest.raises(runner.Interrupted) as stop:
        lab.run(tiny(), tmp_path, out=None)
    assert stop.value.done == 2 and len(list((tmp_path / "chunks").glob("*.json"))) == 2
    monkeypatch.setattr(runner, "run_chunk", chunks_mod.run_chunk)
    assert figures(lab.run(tiny(), tmp_path, out=None)) == figures(one_process)


def test_another_content_never_reuses_a_saved_chunk() -> None:
    chunk = spec.chunks(spec.cells(tiny()), 2)[0]
    assert spec.chunk_id(chunk, "version-a") != spec.chunk_id(chunk, "version-b")
    other = {**chunk, "variants": {"bosses": "{}"}}
    assert spec.chunk_id(other, "version-a") != spec.chunk_id(chunk, "version-a")


def test_a_lab_cell_is_the_simulate_command_with_the_two_decks(
    one_process: dict[str, Any],
) -> None:
    cell = next(c for c in one_process["decks"]["ordered"] if (c["a"], c["b"]) == TWO_PAIR)
    simulated = play_games(
        "shv", 2, 4, 1, ["greedy"], mode="pvp", decks={0: "nui_tan", 1: "lua_rung"}
    )
    assert [cell["wins"], cell["seat1_wins"]] == simulated["wins"]


TWO_PAIR = ("nui_tan", "lua_rung")


def test_a_worker_with_other_game_data_refuses_the_chunk() -> None:
    chunk = {**spec.chunks(spec.cells(tiny()), 2)[0], "fingerprint": "another-checkout"}
    with pytest.raises(RuntimeError, match="same checkout"):
        chunks_mod.run_chunk(chunk)


def test_without_tqdm_each_chunk_prints_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm raises ImportError
    lab.run(tiny(games=2, strength_games=0, study="decks"), tmp_path, out=sys.stderr)
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("shv decks: 8 games in 4 chunks")
    assert len([x for x in lines if x.startswith("  chunk ")]) == 4
    assert "8/8 games" in lines[-1] and "games/s" in lines[-1]
