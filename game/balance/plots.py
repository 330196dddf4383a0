"""The report's pictures, drawn by matplotlib (the ``lab`` extra) into PNG data URIs.

matplotlib is imported here, lazily, and only when a report is written; without it the
report says how to install it and shows the tables alone.
"""

from __future__ import annotations

import base64
import importlib
import io
from collections.abc import Mapping, Sequence
from typing import Any


def pyplot() -> Any:
    """matplotlib's pyplot on the Agg back end, or None when matplotlib is missing."""
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        return None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def _uri(plt: Any, fig: Any) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def heat_maps(decks: Mapping[str, Any]) -> str | None:
    """Two heat maps: seat 0's rate per ordered pair, and each pair with seats alternated."""
    plt = pyplot()
    if plt is None:
        return None
    labels: list[str] = decks["labels"]
    n = len(labels)
    ordered = {(c["a"], c["b"]): c for c in decks["ordered"]}
    pairs = {(p["a"], p["b"]): p for p in decks["pairs"]}
    size = max(4.0, 0.9 * n + 2)
    fig, axes = plt.subplots(1, 2, figsize=(2 * size + 1, size * 0.85), layout="constrained")
    for ax, title, value in (
        (axes[0], "Seat 0 (row) wins, per ordered pair", lambda a, b: ordered[(a, b)]),
        (axes[1], "Row deck wins, seats alternated", lambda a, b: _pair(pairs, a, b)),
    ):
        grid = [[0.5] * n for _ in range(n)]
        for i, a in enumerate(labels):
            for j, b in enumerate(labels):
                cell = value(a, b)
                if cell is None:
                    ax.text(j, i, "—", ha="center", va="center", color="#888")
                    continue
                grid[i][j] = cell["rate"]
                half = 50 * (cell["high"] - cell["low"])
                colour = "white" if abs(cell["rate"] - 0.5) > 0.3 else "black"
                ax.text(
                    j,
                    i,
                    f"{100 * cell['rate']:.0f}%\n±{half:.0f}",
                    ha="center",
                    va="center",
                    fontsize=9,
                    color=colour,
                )
        image = ax.imshow(grid, cmap="RdBu", vmin=0.0, vmax=1.0)
        ax.set_xticks(range(n), labels, rotation=35, ha="right")
        ax.set_yticks(range(n), labels)
        ax.set_title(title, fontsize=11)
    fig.colorbar(image, ax=list(axes), shrink=0.8, label="win rate", pad=0.02)
    return _uri(plt, fig)


def _pair(pairs: Mapping[tuple[str, str], Any], a: str, b: str) -> dict[str, Any] | None:
    if (a, b) in pairs:
        return dict(pairs[(a, b)])
    if (b, a) in pairs:
        p = pairs[(b, a)]
        return {"rate": 1 - p["rate"], "low": 1 - p["high"], "high": 1 - p["low"]}
    return None


def boss_curves(rows: Sequence[Mapping[str, Any]]) -> str | None:
    """A line per boss over the player count, with its 95 % intervals."""
    plt = pyplot()
    if plt is None:
        return None
    fig, ax = plt.subplots(figsize=(9, 4.5), layout="constrained")
    for boss in dict.fromkeys(r["boss"] for r in rows):
        mine = sorted((r for r in rows if r["boss"] == boss), key=lambda r: r["players"])
        xs = [r["players"] for r in mine]
        ys = [100 * r["rate"] for r in mine]
        errors = [
            [y - 100 * r["low"] for y, r in zip(ys, mine, strict=True)],
            [100 * r["high"] - y for y, r in zip(ys, mine, strict=True)],
        ]
        ax.errorbar(xs, ys, yerr=errors, marker="o", capsize=4, label=boss)
    ax.set_xlabel("players")
    ax.set_ylabel("players' win rate (%)")
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    ax.legend()
    return _uri(plt, fig)


def character_bars(rows: Sequence[Mapping[str, Any]]) -> str | None:
    """Each character's difference from a fair seat, per table size."""
    plt = pyplot()
    if plt is None:
        return None
    names = list(dict.fromkeys(r["character"] for r in rows))
    sizes = sorted({r["players"] for r in rows})
    fig, ax = plt.subplots(figsize=(10, 4.5), layout="constrained")
    width = 0.8 / max(1, len(sizes))
    for k, n in enumerate(sizes):
        by = {r["character"]: r for r in rows if r["players"] == n}
        xs = [i + k * width for i in range(len(names))]
        ys = [by[c]["diff"] if c in by else 0.0 for c in names]
        ax.bar(xs, ys, width, label=f"{n} players")
    ax.axhline(5, color="grey", ls="--", lw=1)
    ax.axhline(-5, color="grey", ls="--", lw=1)
    ax.set_xticks(
        [i + width * (len(sizes) - 1) / 2 for i in range(len(names))],
        names,
        rotation=20,
        ha="right",
    )
    ax.set_ylabel("points above a fair seat")
    ax.legend()
    return _uri(plt, fig)
