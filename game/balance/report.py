"""A balance run's files: ``results.json``, one CSV per study and ``report.html``.

The HTML is self-contained (styles, pictures as PNG data URIs and the few lines of
script that sort the card table are inside the file), so it opens offline and can be
mailed.  Texts are English, like every ``python -m game`` output.
"""

from __future__ import annotations

import csv
import html
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.balance import plots
from game.balance.analyse import OUTLIER_POINTS


def write(folder: Path, data: Mapping[str, Any], command: str = "") -> list[Path]:
    """Write the three kinds of file; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / "results.json"]
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
    written[0].write_text(text + "\n", encoding="utf-8")
    for name, rows in csv_tables(data).items():
        path = folder / f"{name}.csv"
        with path.open("w", encoding="utf-8", newline="") as f:
            writer = csv.writer(f)
            writer.writerows(rows)
        written.append(path)
    page = folder / "report.html"
    page.write_text(render(data, command), encoding="utf-8")
    written.append(page)
    return written


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def csv_tables(data: Mapping[str, Any]) -> dict[str, list[list[Any]]]:
    """One table per study (rates in percent, intervals as low and high)."""
    out: dict[str, list[list[Any]]] = {}
    if "decks" in data:
        rows: list[list[Any]] = [
            [
                "seat0_deck",
                "seat1_deck",
                "games",
                "seat0_wins",
                "seat1_wins",
                "draws",
                "seat0_rate",
                "low",
                "high",
                "median_rounds",
                "endings",
                "seat0_wins_by",
            ]
        ]
        for c in data["decks"]["ordered"]:
            rows.append(
                [
                    c["a"],
                    c["b"],
                    c["games"],
                    c["wins"],
                    c["seat1_wins"],
                    c["draws"],
                    _pct(c["rate"]),
                    _pct(c["low"]),
                    _pct(c["high"]),
                    c["median_rounds"],
                    _endings(c.get("endings", {})),
                    _endings(c.get("seat0_endings", {})),
                ]
            )
        out["decks"] = rows
    if "cards" in data:
        head = ["card"]
        for group in ("included", "drawn", "played"):
            head += [
                f"{group}_games",
                f"{group}_rate",
                f"{group}_low",
                f"{group}_high",
                f"{group}_diff",
            ]
        rows = [[*head, "outlier"]]
        for c in data["cards"]:
            row: list[Any] = [c["card"]]
            for group in ("included", "drawn", "played"):
                g = c[group]
                row += [g["games"], _pct(g["rate"]), _pct(g["low"]), _pct(g["high"]), g["diff"]]
            rows.append([*row, int(c["outlier"])])
        out["cards"] = rows
    if "bosses" in data:
        rows = [
            [
                "boss",
                "players",
                "games",
                "wins",
                "rate",
                "low",
                "high",
                "median_rounds",
                "median_win_rounds",
                "players_won_by",
                "villains_won_by",
            ]
        ]
        for b in data["bosses"]:
            rows.append(
                [
                    b["boss"],
                    b["players"],
                    b["games"],
                    b["wins"],
                    _pct(b["rate"]),
                    _pct(b["low"]),
                    _pct(b["high"]),
                    b["median_rounds"],
                    b["median_win_rounds"],
                    _endings(b["players_won_by"]),
                    _endings(b["villains_won_by"]),
                ]
            )
        out["bosses"] = rows
    if "characters" in data:
        rows = [
            [
                "players",
                "character",
                "seat_games",
                "wins",
                "rate",
                "low",
                "high",
                "fair",
                "diff_points",
            ]
        ]
        for c in data["characters"]:
            rows.append(
                [
                    c["players"],
                    c["character"],
                    c["games"],
                    c["wins"],
                    _pct(c["rate"]),
                    _pct(c["low"]),
                    _pct(c["high"]),
                    _pct(c["fair"]),
                    c["diff"],
                ]
            )
        out["characters"] = rows
    return out


def _endings(counts: Mapping[str, int], seat0: Mapping[str, int] | None = None) -> str:
    """Each ending with its count, most frequent first; with ``seat0``, seat 0's wins of it."""
    ends = sorted(counts.items(), key=lambda kv: -kv[1])
    if seat0 is None:
        return ", ".join(f"{k} {v}" for k, v in ends)
    return ", ".join(f"{k} {v} (seat 0 {seat0.get(k, 0)})" for k, v in ends)


def _mirror_endings(cell: Mapping[str, Any]) -> str:
    """Each way the mirror's games ended, with seat 0's share of them."""
    return _endings(cell.get("endings", {}), cell.get("seat0_endings", {}))


# --- HTML --------------------------------------------------------------------------------

STYLE = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;
  background:#f6f7f9;margin:0}
main{max-width:1200px;margin:0 auto;padding:20px 28px 48px}
h1{font-size:26px;margin:8px 0 4px}h2{font-size:20px;margin:32px 0 8px;
  border-bottom:2px solid #d9dde5;padding-bottom:4px}
.meta{color:#4a5468}.meta code{background:#e9ecf2;padding:1px 5px;border-radius:3px}
table{border-collapse:collapse;background:#fff;margin:8px 0;font-size:14px}
th,td{padding:5px 9px;border:1px solid #dde1e8;text-align:right}
th{background:#eef1f6;position:sticky;top:0}td:first-child,th:first-child{text-align:left}
table.sortable th{cursor:pointer;user-select:none}table.sortable th:hover{background:#dfe5ef}
tr.out td{background:#fff3d6}.hi{color:#0a6b2d;font-weight:600}.lo{color:#a3192b;font-weight:600}
.ci{color:#7a8396;font-size:12px}img{max-width:100%;background:#fff;border:1px solid #dde1e8}
.note{color:#4a5468;max-width:900px}.ok{color:#0a6b2d}.no{color:#a3192b}
"""

SORT_JS = """
document.querySelectorAll('table.sortable th').forEach((th, col) => th.onclick = () => {
  const body = th.closest('table').tBodies[0], rows = [...body.rows];
  const key = r => { const t = r.cells[col].dataset.v ?? r.cells[col].textContent;
                     const n = parseFloat(t); return isNaN(n) ? t : n; };
  const dir = th.dataset.dir = th.dataset.dir === 'asc' ? 'desc' : 'asc';
  rows.sort((a, b) => (key(a) > key(b) ? 1 : key(a) < key(b) ? -1 : 0) * (dir === 'asc' ? 1 : -1));
  rows.forEach(r => body.appendChild(r));
});
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def _span(rate: float, low: float, high: float, count: str = "") -> str:
    """A rate with its 95 % interval (and the count behind it)."""
    tail = f" · {count}" if count else ""
    return f"{100 * rate:.0f}% <span class=ci>{100 * low:.0f}–{100 * high:.0f}{tail}</span>"


def _rate(r: Mapping[str, Any]) -> str:
    return _span(r["rate"], r["low"], r["high"], f"{r['wins']}/{r['games']}")


def _table(
    head: Sequence[str],
    rows: Sequence[Sequence[str]],
    cls: str = "",
    marked: Sequence[bool] = (),
) -> str:
    """A table; ``marked`` rows are highlighted (outliers)."""
    out = [f"<table class='{cls}'><thead><tr>"]
    out += [f"<th>{_e(h)}</th>" for h in head]
    out.append("</tr></thead><tbody>")
    for i, row in enumerate(rows):
        mark = " class=out" if i < len(marked) and marked[i] else ""
        out.append(f"<tr{mark}>" + "".join(row) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _td(text: str, value: Any = None) -> str:
    v = f" data-v='{_e(value)}'" if value is not None else ""
    return f"<td{v}>{text}</td>"


def _img(uri: str | None, alt: str) -> str:
    if uri is None:
        return (
            "<p class=note>(No picture: matplotlib is not installed. "
            '<code>pip install ".[lab]"</code> adds it.)</p>'
        )
    return f"<p><img src='{uri}' alt='{_e(alt)}'></p>"


def _header(run: Mapping[str, Any], command: str) -> str:
    bots = ", ".join(run["bots"])
    lines = [
        f"<h1>Balance: {_e(run['game'])} — {_e(run['study'])}</h1>",
        "<p class=meta>",
        f"Bots: <code>{_e(bots)}</code> · {run['games']} games a cell · seed {run['seed']}"
        f" · version {_e(run['version'])} · content <code>{_e(run['content_hash'][:12])}</code>",
        f"<br>{run.get('games_played', 0)} games played, {run.get('cpu_seconds', 0)} CPU seconds",
    ]
    if run.get("variants"):
        lines.append(f" · variant files: {_e(', '.join(run['variants']))}")
    if command:
        lines.append(f"<br>Command: <code>{_e(command)}</code>")
    lines.append("</p>")
    return "".join(lines)


def _bots(data: Mapping[str, Any]) -> str:
    run = data["run"]
    parts = [
        "<h2>The bot that measures</h2>",
        f"<p class=note>Every seat of the study is played by <code>{_e(run['bots'][0])}</code>"
        + (f" (seat 1: <code>{_e(run['bots'][1])}</code>)" if len(run["bots"]) > 1 else "")
        + ", at a fixed budget (no clock), so the same seed gives the same figures on any "
        "machine and any number of workers. A balance measured with a weak bot measures "
        "the bot: its strength against the reference bots, two players, seats alternated, "
        "on the game's default setup (its default decks; no ManaSurge characters):</p>",
    ]
    rows = [
        [_td(_e(s["bot"])), _td(_e(s["foe"])), _td(_rate(s), s["rate"])]
        for s in data.get("strength", [])
    ]
    parts.append(_table(["bot", "against", "wins"], rows) if rows else "<p>(not measured)</p>")
    if data.get("agreement"):
        parts.append(
            f"<p class=note>The three highest and three lowest ordered deck pairs played again "
            f"by <code>{_e(run['agree_bot'])}</code> in both seats, {run['agree_games']} games "
            "each. <em>Agrees</em>: the hard AI's interval holds the study's rate, or both lie "
            "on the same side of 50%.</p>"
        )
        rows = []
        for a in data["agreement"]:
            study = _span(a["study"], a["study_low"], a["study_high"])
            word = "<span class=ok>yes</span>" if a["agrees"] else "<span class=no>no</span>"
            rows.append(
                [_td(_e(a["a"])), _td(_e(a["b"])), _td(study), _td(_rate(a["hard"])), _td(word)]
            )
        parts.append(_table(["seat 0", "seat 1", "study: seat 0 wins", "hard AI", "agrees"], rows))
    return "".join(parts)


def glance(data: Mapping[str, Any]) -> list[str]:
    """The few lines a designer reads first (plain text; the page escapes them)."""
    lines = []
    if "decks" in data:
        d = data["decks"]
        ranked = sorted(d["ordered"], key=lambda c: c["rate"])
        low, high = ranked[0], ranked[-1]
        means = sorted(d["means"], key=lambda m: m["rate"])
        lines.append(
            f"Ordered pairs: seat 0 wins {100 * low['rate']:.0f}% ({low['a']} v {low['b']}) "
            f"to {100 * high['rate']:.0f}% ({high['a']} v {high['b']})."
        )
        lines.append(
            f"Deck means: {100 * means[0]['rate']:.0f}% ({means[0]['deck']}) to "
            f"{100 * means[-1]['rate']:.0f}% ({means[-1]['deck']}); seat 0 over every pair "
            f"{100 * d['first_seat']['rate']:.0f}%."
        )
    if "cards" in data:
        outliers = [c["card"] for c in data["cards"] if c["outlier"]]
        shown = ", ".join(outliers[:8]) + (" …" if len(outliers) > 8 else "")
        lines.append(
            f"Cards: {len(outliers)} outliers of {len(data['cards'])}"
            + (f" ({shown})." if outliers else ".")
        )
    if "bosses" in data:
        for boss in dict.fromkeys(b["boss"] for b in data["bosses"]):
            rates = [b["rate"] for b in data["bosses"] if b["boss"] == boss]
            lines.append(
                f"{boss}: players win {100 * min(rates):.0f}% to "
                f"{100 * max(rates):.0f}% over the player counts."
            )
    if data.get("characters"):
        worst = max(data["characters"], key=lambda c: abs(c["diff"]))
        lines.append(
            f"Characters: the farthest from a fair seat is {worst['character']} at "
            f"{worst['players']} players, {worst['diff']:+.1f} points."
        )
    return lines


def _decks(decks: Mapping[str, Any]) -> str:
    parts = [
        "<h2>Decks</h2>",
        _img(plots.heat_maps(decks), "deck heat maps"),
        "<p class=note>Left: the row's deck in seat 0 (it starts) against the column's "
        "in seat 1. Right: the same pair with the seats alternated. Each cell: win rate "
        "and the half width of its 95% interval.</p>",
    ]
    names = decks.get("names", {})
    mirrors = {x["deck"]: x for x in decks["mirrors"]}
    ordered = {(c["a"], c["b"]): c for c in decks["ordered"]}
    rows = [
        [
            _td(_e(m["deck"])),
            _td(_e(names.get(m["deck"], ""))),
            _td(_rate(m), m["rate"]),
            _td(_rate(mirrors[m["deck"]]), mirrors[m["deck"]]["rate"]),
            _td(_e(_mirror_endings(ordered.get((m["deck"], m["deck"]), {})))),
        ]
        for m in decks["means"]
    ]
    head = ["deck", "name", "mean over both seats", "mirror: seat 0 wins", "mirror: how it ended"]
    parts.append(_table(head, rows, "sortable"))
    first = decks["first_seat"]
    parts.append(f"<p class=note>Seat 0 over every pair: {_rate(first)}.</p>")
    rows = [[_td(_e(p["a"])), _td(_e(p["b"])), _td(_rate(p), p["rate"])] for p in decks["pairs"]]
    parts.append(_table(["deck", "against", "wins, seats alternated"], rows, "sortable"))
    return "".join(parts)


def _cards(cards: Sequence[Mapping[str, Any]]) -> str:
    parts = [
        "<h2>Cards</h2>",
        "<p class=note>Per seat-game, as HSReplay counts them: <em>in deck</em> (the "
        "seat's deck holds the card), <em>drawn</em> (it came into the hand, the opening "
        "hand included), <em>played</em>. <em>Δ</em>: the rate minus the rate of the "
        "card's decks over the same seat-games, in points. Highlighted: an outlier, "
        f"a Δ (drawn or played) beyond {OUTLIER_POINTS:g} points whose interval excludes "
        "zero. Click a heading to sort.</p>",
    ]
    rows = []
    for c in cards:
        row = [_td(_e(c["card"]))]
        for group in ("included", "drawn", "played"):
            g = c[group]
            row.append(_td(_rate(g), g["rate"]))
            if group != "included":
                cls = ("hi" if g["diff"] > 0 else "lo") if g["outlier"] else ""
                ci = f"<span class=ci>{g['diff_low']:+.0f}…{g['diff_high']:+.0f}</span>"
                row.append(_td(f"<span class='{cls}'>{g['diff']:+.1f}</span> {ci}", g["diff"]))
        row.append(
            _td(
                "▲"
                if c["outlier"] and max(c["drawn"]["diff"], c["played"]["diff"]) > 0
                else "▼"
                if c["outlier"]
                else "",
                int(c["outlier"]),
            )
        )
        rows.append(row)
    head = ["card", "in deck", "drawn", "Δ drawn", "played", "Δ played", "outlier"]
    parts.append(_table(head, rows, "sortable", [bool(c["outlier"]) for c in cards]))
    return "".join(parts)


def _bosses(rows: Sequence[Mapping[str, Any]]) -> str:
    parts = ["<h2>Bosses</h2>", _img(plots.boss_curves(rows), "boss curves")]
    body = [
        [
            _td(_e(b["boss"])),
            _td(str(b["players"]), b["players"]),
            _td(_rate(b), b["rate"]),
            _td(f"{b['median_rounds']:g}", b["median_rounds"]),
            _td(_e(_endings(b["players_won_by"]))),
            _td(_e(_endings(b["villains_won_by"]))),
        ]
        for b in rows
    ]
    head = ["boss", "players", "players win", "median rounds", "players won by", "villains won by"]
    parts.append(_table(head, body, "sortable"))
    return "".join(parts)


def _characters(rows: Sequence[Mapping[str, Any]]) -> str:
    parts = [
        "<h2>Characters</h2>",
        _img(plots.character_bars(rows), "characters"),
        "<p class=note>Each character's seat win rate against a fair seat (1 in the "
        "number of players), per table size.</p>",
    ]
    body = [
        [
            _td(str(c["players"]), c["players"]),
            _td(_e(c["character"])),
            _td(_rate(c), c["rate"]),
            _td(f"{100 * c['fair']:.1f}%"),
            _td(f"{c['diff']:+.1f}", c["diff"]),
        ]
        for c in rows
    ]
    parts.append(
        _table(["players", "character", "seat wins", "fair", "Δ points"], body, "sortable")
    )
    return "".join(parts)


def render(data: Mapping[str, Any], command: str = "") -> str:
    """The whole page."""
    lines = "".join(f"<li>{_e(line)}</li>" for line in glance(data))
    sections = [_header(data["run"], command), f"<h2>At a glance</h2><ul>{lines}</ul>", _bots(data)]
    if "decks" in data:
        sections.append(_decks(data["decks"]))
    if "cards" in data:
        sections.append(_cards(data["cards"]))
    if "bosses" in data:
        sections.append(_bosses(data["bosses"]))
    if "characters" in data:
        sections.append(_characters(data["characters"]))
    title = f"Balance: {data['run']['game']} {data['run']['study']}"
    return (
        f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{_e(title)}</title>"
        f"<meta name=viewport content='width=device-width'><style>{STYLE}</style></head>"
        f"<body><main>{''.join(sections)}</main><script>{SORT_JS}</script></body></html>\n"
    )
