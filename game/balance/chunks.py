"""Play one chunk (``game.balance.spec``): a cell's games ``lo`` to ``hi - 1``.

``run_chunk`` is a plain top-level function of a JSON-able dict, so a process pool or a
Dask worker on another machine runs it as it is; its result is JSON too.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from game.balance import play, spec


def config_for(chunk: Mapping[str, Any]) -> dict[str, Any]:
    """The game config of the chunk's cell (the mode's defaults, then the cell's)."""
    rules = play.rules_for(str(chunk["game"]), chunk.get("variants") or {})
    kind = chunk["kind"]
    if kind == "pve":
        config = rules.info.default_config("pve", int(chunk["players"]))
        config["boss"] = chunk["boss"]
        return config
    if kind == "ms":
        config = rules.info.default_config(None, int(chunk["players"]))
        config["options"]["characters"] = True  # MS-3.1
        return config
    config = rules.info.default_config(None, 2)
    if kind == "pvp":
        config["seats"][0]["deck"] = chunk["deck_a"]
        config["seats"][1]["deck"] = chunk["deck_b"]
    return config


def run_chunk(chunk: Mapping[str, Any]) -> dict[str, Any]:
    """Every game of the chunk: ``{"records": [...], "seconds": s}`` (records in game
    order, as ``play.Record.to_json``; a strength game also says the bot's seat)."""
    start = time.perf_counter()
    here = spec.fingerprint(str(chunk["game"]), chunk.get("variants") or {})
    if chunk.get("fingerprint", here) != here:
        raise RuntimeError(
            "this worker has another version or other game data than the machine that "
            "started the run: install the same checkout on every worker"
        )
    config = config_for(chunk)
    game_id = str(chunk["game"])
    variants = chunk.get("variants") or {}
    records = []
    for number in range(int(chunk["lo"]), int(chunk["hi"])):
        if chunk["kind"] == "match":  # the bot sits first in even games
            seat = number % 2
            names = [chunk["bot"], chunk["foe"]] if seat == 0 else [chunk["foe"], chunk["bot"]]
            row = play.play(game_id, config, int(chunk["seed"]), number, names, variants)
            records.append({**row.to_json(), "bs": seat})
            continue
        cards = bool(chunk.get("cards"))
        row = play.play(game_id, config, int(chunk["seed"]), number, chunk["bots"], variants, cards)
        records.append(row.to_json())
    return {"records": records, "seconds": round(time.perf_counter() - start, 3)}
