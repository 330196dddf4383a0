"""From the chunks' game records to the figures of a balance report (issue 36).

Rates are wins over games (a draw is no win; draws are counted apart); every rate has
its 95 % Wilson interval.  The card figures follow HSReplay's definitions, per seat-game
(one seat in one game): *deck-inclusion* (the seat's deck holds the card), *drawn* (the
card came into the seat's hand at least once, the opening hand included) and *played*
(the seat played it at least once).  A card's difference is its rate minus the rate its
decks win overall over the same seat-games, so a card of a strong deck is not an outlier
for being in it; an *outlier* is a difference beyond ``OUTLIER_POINTS`` whose interval
(the Wilson interval of the card's rate, moved by the same baseline) excludes zero.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from game.ai.matches import wilson

OUTLIER_POINTS = 8.0


def rate(wins: int, games: int) -> dict[str, Any]:
    """``{"wins", "games", "rate", "low", "high"}`` with the 95 % Wilson interval."""
    p = wins / games if games else 0.0
    low, high = wilson(p, games)
    return {
        "wins": wins,
        "games": games,
        "rate": round(p, 4),
        "low": round(low, 4),
        "high": round(high, 4),
    }


def _median(values: Sequence[float]) -> float:
    return float(statistics.median(values)) if values else 0.0


def _by_cell(
    chunks: Sequence[Mapping[str, Any]], results: Sequence[Mapping[str, Any]], phase: str
) -> dict[tuple[Any, ...], list[dict[str, Any]]]:
    """Records per cell key, in game order (chunks come in game order per cell)."""
    cells: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for chunk, result in zip(chunks, results, strict=True):
        if chunk["phase"] != phase:
            continue
        kind = chunk["kind"]
        if kind == "pvp":
            key: tuple[Any, ...] = (chunk["a"], chunk["b"])
        elif kind == "pve":
            key = (chunk["boss"], chunk["players"])
        elif kind == "ms":
            key = (chunk["players"],)
        else:
            key = (chunk["bot"], chunk["foe"])
        cells[key].extend(result["records"])
    return cells


def _short(reason: str) -> str:
    return reason.rsplit(".", 1)[-1]


def decks(
    cells: Mapping[tuple[Any, ...], list[dict[str, Any]]], labels: Sequence[str]
) -> dict[str, Any]:
    """The ordered matrix (seat 0's rate), each unordered pair with seats alternated, each
    deck's mean over both seats, and the first seat in mirror matches."""
    ordered = []
    for a in labels:
        for b in labels:
            games = cells.get((a, b), [])
            first = sum(1 for g in games if 0 in g["w"] and not g["d"])
            second = sum(1 for g in games if 1 in g["w"] and not g["d"])
            ordered.append(
                {
                    "a": a,
                    "b": b,
                    **rate(first, len(games)),
                    "seat1_wins": second,
                    "draws": sum(1 for g in games if g["d"]),
                    "unfinished": sum(1 for g in games if not g["ok"]),
                    "median_rounds": _median([g["r"] for g in games]),
                    "endings": dict(Counter(_short(g["why"]) for g in games)),
                    "seat0_endings": dict(
                        Counter(_short(g["why"]) for g in games if 0 in g["w"] and not g["d"])
                    ),
                }
            )
    by = {(c["a"], c["b"]): c for c in ordered}
    pairs = []
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            ab, ba = by[(a, b)], by[(b, a)]
            won = ab["wins"] + ba["seat1_wins"]
            pairs.append({"a": a, "b": b, **rate(won, ab["games"] + ba["games"])})
    means = []
    for deck in labels:
        won = played = 0
        for c in ordered:
            if c["a"] == deck:
                won, played = won + c["wins"], played + c["games"]
            if c["b"] == deck:
                won, played = won + c["seat1_wins"], played + c["games"]
        means.append({"deck": deck, **rate(won, played)})
    mirrors = [{"deck": d, **rate(by[(d, d)]["wins"], by[(d, d)]["games"])} for d in labels]
    first = sum(c["wins"] for c in ordered)
    return {
        "labels": list(labels),
        "ordered": ordered,
        "pairs": pairs,
        "means": means,
        "mirrors": mirrors,
        "first_seat": rate(first, sum(c["games"] for c in ordered)),
    }


def _seat_games(
    cells: Mapping[tuple[Any, ...], list[dict[str, Any]]],
) -> list[tuple[str, bool, list[str], list[str]]]:
    """(deck, won, drawn, played) for each seat of each game with card records."""
    out = []
    for (a, b), games in cells.items():
        for g in games:
            if "drawn" not in g:
                continue
            for seat, deck in enumerate((a, b)):
                won = seat in g["w"] and not g["d"]
                out.append((str(deck), won, g["drawn"][seat], g["played"][seat]))
    return out


def _versus(wins: int, games: int, baseline: float) -> dict[str, Any]:
    """A card's rate, its difference from ``baseline`` (points) and whether it is an outlier."""
    r = rate(wins, games)
    diff = 100 * (r["rate"] - baseline) if games else 0.0
    low, high = 100 * (r["low"] - baseline), 100 * (r["high"] - baseline)
    outlier = games > 0 and (low > 0 or high < 0) and abs(diff) > OUTLIER_POINTS
    return {
        **r,
        "baseline": round(baseline, 4),
        "diff": round(diff, 2) + 0.0,
        "diff_low": round(low, 2),
        "diff_high": round(high, 2),
        "outlier": outlier,
    }


def cards(
    cells: Mapping[tuple[Any, ...], list[dict[str, Any]]], deck_cards: Mapping[str, Sequence[str]]
) -> list[dict[str, Any]]:
    """One row per card: inclusion, drawn and played rates against its decks' baseline."""
    seat_games = _seat_games(cells)
    deck_won: Counter[str] = Counter()
    deck_played: Counter[str] = Counter()
    for deck, won, _drawn, _played in seat_games:
        deck_played[deck] += 1
        deck_won[deck] += won
    deck_rate = {d: deck_won[d] / deck_played[d] for d in deck_played}
    tally: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for deck, won, drawn, played in seat_games:
        for card in set(deck_cards.get(deck, ())) | set(drawn) | set(played):
            groups = ["included"] if card in deck_cards.get(deck, ()) else []
            groups += ["drawn"] * (card in drawn) + ["played"] * (card in played)
            for group in groups:
                tally[card][group].append(float(won))
                tally[card][group + "_base"].append(deck_rate[deck])
    rows = []
    for card in sorted(tally):
        row: dict[str, Any] = {"card": card}
        for group in ("included", "drawn", "played"):
            wins, bases = tally[card][group], tally[card][group + "_base"]
            base = sum(bases) / len(bases) if bases else 0.0
            row[group] = _versus(int(sum(wins)), len(wins), base)
        row["outlier"] = row["drawn"]["outlier"] or row["played"]["outlier"]
        rows.append(row)
    return rows


def bosses(cells: Mapping[tuple[Any, ...], list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Per boss and player count: the players' rate, rounds and how the games ended."""
    rows = []
    for (boss, players), games in cells.items():
        won = [g for g in games if g["w"] and not g["d"]]
        rows.append(
            {
                "boss": boss,
                "players": players,
                **rate(len(won), len(games)),
                "median_rounds": _median([g["r"] for g in games]),
                "median_win_rounds": _median([g["r"] for g in won]),
                "players_won_by": dict(Counter(_short(g["why"]) for g in won)),
                "villains_won_by": dict(
                    Counter(_short(g["why"]) for g in games if not (g["w"] and not g["d"]))
                ),
                "unfinished": sum(1 for g in games if not g["ok"]),
            }
        )
    return rows


def characters(
    cells: Mapping[tuple[Any, ...], list[dict[str, Any]]], names: Sequence[str]
) -> list[dict[str, Any]]:
    """ManaSurge: per table size and character, its seat's rate against the fair 1/n."""
    rows = []
    for (players,), games in sorted(cells.items()):
        seats: Counter[int] = Counter()
        wins: Counter[int] = Counter()
        for g in games:
            for seat, char in enumerate(g.get("chars", [])):
                seats[char] += 1
                wins[char] += seat in g["w"] and not g["d"]
        for char in sorted(seats):
            r = rate(wins[char], seats[char])
            fair = 1 / int(players)
            rows.append(
                {
                    "players": players,
                    "character": names[char] if char < len(names) else str(char),
                    **r,
                    "fair": round(fair, 4),
                    "diff": round(100 * (r["rate"] - fair), 2),
                }
            )
    return rows


def strength(cells: Mapping[tuple[Any, ...], list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The studied bot against each reference bot, seats alternated."""
    rows = []
    for (bot, foe), games in cells.items():
        won = sum(1 for g in games if g["bs"] in g["w"] and not g["d"])
        rows.append(
            {
                "bot": bot,
                "foe": foe,
                **rate(won, len(games)),
                "draws": sum(1 for g in games if g["d"]),
            }
        )
    return rows


def extremes(ordered: Sequence[Mapping[str, Any]], count: int = 3) -> list[dict[str, Any]]:
    """The ``count`` highest and lowest ordered pairs by seat 0's rate (mirrors included)."""
    ranked = sorted(ordered, key=lambda c: (-c["rate"], c["a"], c["b"]))
    picked = ranked[:count] + [c for c in ranked[-count:] if c not in ranked[:count]]
    return [{"a": c["a"], "b": c["b"]} for c in picked]


def agreement(
    ordered: Sequence[Mapping[str, Any]], cells: Mapping[tuple[Any, ...], list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    """For each checked pair: the study's rate, the hard AI's on its smaller sample, and
    whether they agree: the hard rate's interval holds the study's rate, or both lie on
    the same side of 50 %."""
    by = {(c["a"], c["b"]): c for c in ordered}
    rows = []
    for (a, b), games in cells.items():
        main = by[(a, b)]
        hard = rate(sum(1 for g in games if 0 in g["w"] and not g["d"]), len(games))
        inside = hard["low"] <= main["rate"] <= hard["high"]
        same_side = (hard["rate"] - 0.5) * (main["rate"] - 0.5) > 0
        rows.append(
            {
                "a": a,
                "b": b,
                "study": main["rate"],
                "study_low": main["low"],
                "study_high": main["high"],
                "hard": hard,
                "agrees": inside or same_side,
            }
        )
    return rows
