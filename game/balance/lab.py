"""A whole balance run: the study's chunks, the hard-AI check, the figures (issue 36).

Phase 1 plays the study's cells and the strength matches (the studied bot against
random and greedy); phase 2, for a deck study, plays the three highest and three lowest
ordered deck pairs again with the hard AI on a smaller sample.  Both phases go through
``runner.execute``, so both resume.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from game.balance import analyse, runner, spec
from game.balance.games import lab_of
from game.balance.spec import Study


def deck_cards(study: Study) -> dict[str, list[str]]:
    """Each studied deck's card ids (the deck-inclusion of the card study)."""
    from game import decks

    out: dict[str, list[str]] = {}
    for label, value in study.deck_list():
        if isinstance(value, dict):
            out[label] = sorted(value.get("cards", {}))
        else:
            out[label] = sorted(decks.load(study.game, str(value)).cards)
    return out


def deck_names(study: Study) -> dict[str, str]:
    """Each studied deck's shown name (Vietnamese, as the deck screen shows it)."""
    from game.decks import rules_for

    presets = {p.id: p.name.get("vi", p.id) for p in rules_for(study.game).presets()}
    out = {}
    for label, value in study.deck_list():
        named = value.get("name") if isinstance(value, dict) else presets.get(str(value))
        out[label] = str(named or label)
    return out


def figures(
    study: Study, chunks: list[dict[str, Any]], results: list[dict[str, Any]]
) -> dict[str, Any]:
    """The figures of phase 1 (no hard-AI check yet)."""
    out: dict[str, Any] = {"run": study.describe()}
    out["strength"] = analyse.strength(analyse._by_cell(chunks, results, "strength"))
    cells = analyse._by_cell(chunks, results, "study")
    if study.kind in ("decks", "cards"):
        labels = [label for label, _ in study.deck_list()]
        out["decks"] = analyse.decks(cells, labels)
        out["decks"]["names"] = deck_names(study)
        if study.kind == "cards":
            out["cards"] = analyse.cards(cells, deck_cards(study))
    elif study.kind == "bosses":
        out["bosses"] = analyse.bosses(cells)
    else:
        names = lab_of(study.game).character_names
        out["characters"] = analyse.characters(cells, names() if names is not None else [])
    games = sum(len(r["records"]) for r in results)
    out["run"]["games_played"] = games
    out["run"]["cpu_seconds"] = round(sum(float(r.get("seconds", 0)) for r in results), 1)
    return out


def run(
    study: Study,
    folder: Path,
    *,
    workers: int = 1,
    cluster: Any = None,
    out: TextIO | None = sys.stderr,
) -> dict[str, Any]:
    """Play (or resume) the study into ``folder``; the figures (results.json's content).
    Raises ``runner.Interrupted`` on Ctrl+C."""
    store = runner.Store(folder, spec.fingerprint(study.game, study.variant_map()))
    first = spec.chunks(spec.cells(study), study.chunk)
    results = runner.execute(
        first, store, workers=workers, cluster=cluster, out=out, title=f"{study.game} {study.kind}"
    )
    data = figures(study, first, results)
    if "decks" in data and study.agree_games > 0:
        pairs = analyse.extremes(data["decks"]["ordered"])
        second = spec.chunks(spec.agree_cells(study, pairs), study.chunk)
        checked = runner.execute(
            second,
            store,
            workers=workers,
            cluster=cluster,
            out=out,
            title=f"hard-AI check ({study.agree_bot})",
        )
        cells = analyse._by_cell(second, checked, "agree")
        data["agreement"] = analyse.agreement(data["decks"]["ordered"], cells)
        data["run"]["games_played"] += sum(len(r["records"]) for r in checked)
        data["run"]["cpu_seconds"] += round(sum(float(r.get("seconds", 0)) for r in checked), 1)
    return data
