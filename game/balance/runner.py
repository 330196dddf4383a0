"""Run chunks so that a run survives (issue 36 item 2 and 3).

* Every finished chunk is written at once to ``OUT/chunks/<id>.json`` (a temporary file
  renamed into place, so a killed run leaves no half file); a chunk whose file exists is
  never played again, so running the same command again resumes the run.
* Locally the chunks run on a process pool of the standard library (``workers``; 1 plays
  in this process); ``cluster`` (``tcp://HOST:8786``) sends the same chunks to a Dask
  distributed scheduler instead.  Results are the same either way: a chunk depends only
  on its description.
* Progress: a tqdm bar (the ``lab`` extra) or, without tqdm, one line per chunk.
* Ctrl+C: the chunks in flight are dropped (their workers stopped), the finished ones are
  kept, and ``Interrupted`` says how far the run got.
"""

from __future__ import annotations

import importlib
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import get_context
from pathlib import Path
from typing import Any, TextIO

from game.balance import spec
from game.balance.chunks import run_chunk

Chunk = Mapping[str, Any]


class Interrupted(Exception):
    """Ctrl+C: ``done`` of ``total`` chunks are saved; the same command resumes."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(f"stopped: {done} of {total} chunks saved")
        self.done, self.total = done, total


class Store:
    """The output folder's finished chunks."""

    def __init__(self, folder: Path, fingerprint: str) -> None:
        self.folder = folder / "chunks"
        self.fingerprint = fingerprint
        self.folder.mkdir(parents=True, exist_ok=True)

    def path(self, chunk: Chunk) -> Path:
        return self.folder / f"{spec.chunk_id(chunk, self.fingerprint)}.json"

    def load(self, chunk: Chunk) -> dict[str, Any] | None:
        path = self.path(chunk)
        if not path.is_file():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None  # a damaged file: play the chunk again
        result = data.get("result") if isinstance(data, dict) else None
        return result if isinstance(result, dict) else None

    def save(self, chunk: Chunk, result: Mapping[str, Any]) -> None:
        path = self.path(chunk)
        shown = {k: v for k, v in chunk.items() if k != "variants"}
        text = json.dumps({"chunk": shown, "result": result}, ensure_ascii=False, default=str)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)


class Progress:
    """Games done, the rate and the time left: tqdm when installed, else a line a chunk."""

    def __init__(self, title: str, chunks: Sequence[Chunk], done: int, out: TextIO | None) -> None:
        self.total = sum(int(c["hi"]) - int(c["lo"]) for c in chunks)
        self.chunks = len(chunks)
        self.count = 0
        self.games = 0
        self.start = time.perf_counter()
        self.out = out
        self.title = title
        self.bar: Any = None
        if out is not None and not self.total:
            print(f"{title}: all {done} chunks already saved", file=out, flush=True)
        elif out is not None:
            try:
                tqdm = importlib.import_module("tqdm").tqdm
            except ImportError:
                print(
                    f"{title}: {self.total} games in {self.chunks} chunks "
                    f"({done} chunks already saved)",
                    file=out,
                    flush=True,
                )
            else:
                self.bar = tqdm(total=self.total, desc=title, unit="game", file=out)

    def step(self, chunk: Chunk) -> None:
        games = int(chunk["hi"]) - int(chunk["lo"])
        self.count += 1
        self.games += games
        if self.out is None:
            return
        if self.bar is not None:
            self.bar.update(games)
            return
        seconds = time.perf_counter() - self.start
        rate = self.games / seconds if seconds > 0 else 0.0
        left = (self.total - self.games) / rate if rate > 0 else 0.0
        print(
            f"  chunk {self.count}/{self.chunks} ({spec.label(chunk)}): {self.games}/"
            f"{self.total} games, {rate:.1f} games/s, {left:.0f} s left",
            file=self.out,
            flush=True,
        )

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _quiet_worker() -> None:
    """Pool workers leave Ctrl+C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _local(todo: Sequence[Chunk], workers: int, done: Callable[[Chunk, Any], None]) -> None:
    if workers <= 1:
        for chunk in todo:
            done(chunk, run_chunk(chunk))
        return
    pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=_quiet_worker)
    try:
        pending: dict[Future[dict[str, Any]], Chunk] = {pool.submit(run_chunk, c): c for c in todo}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                done(pending.pop(future), future.result())
    except BaseException:
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()  # the chunks in flight are dropped
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _dask(todo: Sequence[Chunk], address: Any, done: Callable[[Chunk, Any], None]) -> None:
    """The chunks on a Dask distributed cluster (``distributed`` of the ``lab`` extra)."""
    try:
        distributed = importlib.import_module("distributed")
    except ImportError as exc:
        raise RuntimeError('--cluster needs Dask: pip install ".[lab]"') from exc
    client = distributed.Client(address)
    try:
        futures = {}
        for chunk in todo:
            key = f"banthe-balance-{spec.chunk_id(chunk, 'dask')}"
            futures[client.submit(run_chunk, chunk, key=key, pure=False)] = chunk
        try:
            for future in distributed.as_completed(list(futures)):
                done(futures[future], future.result())
        except BaseException:
            client.cancel(list(futures))
            raise
    finally:
        client.close()


def execute(
    chunks: Sequence[Chunk],
    store: Store,
    *,
    workers: int = 1,
    cluster: Any = None,
    out: TextIO | None = sys.stderr,
    title: str = "balance",
) -> list[dict[str, Any]]:
    """Each chunk's result, in the order of ``chunks``: saved ones read back, the others
    played (and saved as each finishes).  Raises ``Interrupted`` on Ctrl+C."""
    results: dict[int, dict[str, Any]] = {}
    todo: list[Chunk] = []
    index: dict[str, int] = {}
    for i, chunk in enumerate(chunks):
        saved = store.load(chunk)
        if saved is not None:
            results[i] = saved
        else:
            index[spec.chunk_id(chunk, store.fingerprint)] = i
            todo.append(chunk)
    progress = Progress(title, todo, len(results), out)

    def done(chunk: Chunk, result: dict[str, Any]) -> None:
        store.save(chunk, result)
        results[index[spec.chunk_id(chunk, store.fingerprint)]] = result
        progress.step(chunk)

    try:
        if cluster is not None:
            _dask(todo, cluster, done)
        else:
            _local(todo, workers, done)
    except KeyboardInterrupt:
        raise Interrupted(len(results), len(chunks)) from None
    finally:
        progress.close()
    return [results[i] for i in range(len(chunks))]


def records(results: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [r for result in results for r in result["records"]]
