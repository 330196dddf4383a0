"""What a balance run plays: the study, its cells and their chunks (issue 36).

A *cell* is one setting played ``games`` times (an ordered deck pair, a boss at a player
count, a ManaSurge table size, a bot against a reference bot).  A *chunk* is a cell and a
range of game numbers; a chunk's result depends on nothing but its own description (every
game is seeded from the run seed and its number, every bot is pinned), so chunks can run
in any order, on any number of workers or machines, and be saved and resumed one by one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import assets
from game.balance import play
from game.balance.games import lab_of
from game.version import __version__

REFERENCES = ("random", "greedy")
"""The bots the studied bot is measured against (its strength, in the report)."""


@dataclass(frozen=True)
class Study:
    game: str
    study: str
    bots: tuple[str, ...] = ("greedy",)
    games: int = 40
    seed: int = 1
    chunk: int = 10  # games per chunk
    decks: tuple[tuple[str, Any], ...] = ()  # (label, seat deck value); () = the presets
    variants: tuple[tuple[str, str], ...] = ()  # ("cards" | "bosses", JSON text)
    bosses: tuple[str, ...] = ()  # () = every boss
    players: tuple[int, ...] = ()  # () = the study's default counts
    strength_games: int = 20  # per reference bot; 0: not measured
    agree_bot: str = "hard@20"
    agree_games: int = 10  # per pair of the hard-AI check; 0: not measured

    @property
    def kind(self) -> str:
        """What the study plays (``LabGame.kind``: ManaSurge's one study whatever asked)."""
        return lab_of(self.game).kind(self.study)

    def variant_map(self) -> dict[str, str]:
        return dict(self.variants)

    def rules(self) -> Any:
        return play.rules_for(self.game, self.variant_map())

    def deck_list(self) -> list[tuple[str, Any]]:
        if self.decks:
            return list(self.decks)
        return [(d, d) for d in self.rules().catalog.decks]

    def boss_list(self) -> list[str]:
        return list(self.bosses) or list(self.rules().bosses.bosses)

    def player_list(self) -> list[int]:
        if self.players:
            return list(self.players)
        return list(lab_of(self.game).players)

    def content_hash(self) -> str:
        """sha256 over the game's data files and the variant files."""
        return content_hash(self.game, self.variants)

    def describe(self) -> dict[str, Any]:
        """The run's identity, written next to its chunks and into the report."""
        return {
            "game": self.game,
            "study": self.study,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "chunk": self.chunk,
            "decks": [label for label, _ in self.deck_list()]
            if self.kind in ("decks", "cards")
            else [],
            "variants": [name for name, _ in self.variants],
            "strength_games": self.strength_games,
            "agree_bot": self.agree_bot,
            "agree_games": self.agree_games,
            "version": __version__,
            "content_hash": self.content_hash(),
        }


@cache
def _data_digest(game_id: str) -> str:
    digest = hashlib.sha256()
    folder = assets.path("games", game_id)
    for path in sorted(folder.rglob("*.json")):
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def content_hash(game_id: str, variants: Iterable[tuple[str, str]] = ()) -> str:
    """sha256 over the game's data files (read once a process) and the variant files."""
    digest = hashlib.sha256(_data_digest(game_id).encode())
    for name, text in variants:
        digest.update(name.encode())
        digest.update(text.encode("utf-8"))
    return digest.hexdigest()


def fingerprint(game_id: str, variants: Mapping[str, str]) -> str:
    """The code and content a chunk is played on: a worker whose version or data differ
    from the machine that cut the chunks refuses it (``chunks.run_chunk``)."""
    text = f"{__version__}:{content_hash(game_id, variants.items())}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _base(study: Study) -> dict[str, Any]:
    variants = study.variant_map()
    return {
        "game": study.game,
        "seed": study.seed,
        "variants": variants,
        "fingerprint": fingerprint(study.game, variants),
    }


def cells(study: Study) -> list[dict[str, Any]]:
    """Every cell of the study proper (phase 1, with the strength matches)."""
    base = _base(study)
    out: list[dict[str, Any]] = []
    if study.kind in ("decks", "cards"):
        decks = study.deck_list()
        bots = list(study.bots)
        for label_a, deck_a in decks:
            for label_b, deck_b in decks:
                out.append(
                    {
                        **base,
                        "kind": "pvp",
                        "phase": "study",
                        "a": label_a,
                        "b": label_b,
                        "deck_a": deck_a,
                        "deck_b": deck_b,
                        "bots": bots,
                        "cards": True,
                        "games": study.games,
                    }
                )
    elif study.kind == "bosses":
        for boss in study.boss_list():
            for n in study.player_list():
                out.append(
                    {
                        **base,
                        "kind": "pve",
                        "phase": "study",
                        "boss": boss,
                        "players": n,
                        "bots": list(study.bots),
                        "games": study.games,
                    }
                )
    else:
        for n in study.player_list():
            out.append(
                {
                    **base,
                    "kind": "ms",
                    "phase": "study",
                    "players": n,
                    "bots": list(study.bots),
                    "games": study.games,
                }
            )
    if study.strength_games > 0:
        for ref in REFERENCES:
            out.append(
                {
                    **base,
                    "kind": "match",
                    "phase": "strength",
                    "bot": study.bots[0],
                    "foe": ref,
                    "games": study.strength_games,
                }
            )
    return out


def agree_cells(study: Study, pairs: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The hard-AI check of phase 2: the same deck pairs, both seats ``agree_bot``."""
    if study.agree_games <= 0 or study.kind not in ("decks", "cards"):
        return []
    by_label = dict(study.deck_list())
    return [
        {
            **_base(study),
            "kind": "pvp",
            "phase": "agree",
            "a": p["a"],
            "b": p["b"],
            "deck_a": by_label[p["a"]],
            "deck_b": by_label[p["b"]],
            "bots": [study.agree_bot],
            "cards": False,
            "games": study.agree_games,
        }
        for p in pairs
    ]


def chunks(cell_list: Sequence[Mapping[str, Any]], size: int) -> list[dict[str, Any]]:
    """Each cell cut into game ranges ``[lo, hi)`` of at most ``size`` games."""
    out = []
    for cell in cell_list:
        games = int(cell["games"])
        for lo in range(0, games, max(1, size)):
            out.append({**cell, "lo": lo, "hi": min(games, lo + max(1, size))})
    return out


def chunk_id(chunk: Mapping[str, Any], fingerprint: str) -> str:
    """A name for the chunk's file: its description (variant files by their hash), the
    version and the content hash.  A chunk of another content is never reused."""
    shown = {k: v for k, v in chunk.items() if k != "variants"}
    shown["variants"] = play.variant_key(str(chunk["game"]), chunk.get("variants") or {})
    text = json.dumps([shown, fingerprint], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def label(chunk: Mapping[str, Any]) -> str:
    """A short line naming the chunk (progress lines)."""
    kind = chunk["kind"]
    if kind == "pvp":
        what = f"{chunk['a']} v {chunk['b']}" + (
            " (hard check)" if chunk["phase"] == "agree" else ""
        )
    elif kind == "pve":
        what = f"{chunk['boss']} at {chunk['players']}"
    elif kind == "ms":
        what = f"{chunk['players']} players"
    else:
        what = f"{chunk['bot']} v {chunk['foe']}"
    return f"{what}, games {chunk['lo']}-{int(chunk['hi']) - 1}"
