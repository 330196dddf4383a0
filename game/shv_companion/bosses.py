"""The boss data of Sử Hộ Vương PvE (``assets/games/shv/bosses.json``, the format of
/work/wt/notes/pve-format.md) read for Companion mode and Story mode.

Only what the companion needs: each boss card (HP per player count, element, win
conditions, setup, passives, draws per turn, decks, lore, epilogue) and every
villain card's kind, name and rendered text.  It reads the file with
:mod:`game.core.content` (the same renderer as every card text), so it imports no
rules core.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import assets
from game.core import content, files

PARTY = (1, 2, 3, 4, 5, 6)  # SHV-10: co-op for 1-6 players
VILLAIN_KINDS = ("boss", "boss_skill", "minion", "boss_treasure")
PLAYER_WINS = ("boss_defeated", "minions_destroyed", "survive_rounds")
VILLAIN_WINS = ("round_reached", "minions_on_field", "player_eliminated")


@dataclass(frozen=True, slots=True)
class Boss:
    """One boss card (SHV-10.3)."""

    id: str
    order: int
    element: str
    hp: Mapping[int, int]  # starting HP per player count
    skills: Mapping[int, int]  # skill cards drawn per villain turn (N), per player count
    minions: Mapping[int, int]  # minion-deck cards drawn per villain turn (M), per player count
    players_win: tuple[Mapping[str, Any], ...]  # any of these: the players win
    villains_win: tuple[Mapping[str, Any], ...]  # any of these: the villains win
    setup: tuple[Mapping[str, Any], ...]
    passives: tuple[str, ...]
    skill_deck: Mapping[str, int]
    minion_deck: Mapping[str, int]

    def skill_list(self) -> list[str]:
        return sorted(c for c, n in self.skill_deck.items() for _ in range(n))

    def minion_list(self) -> list[str]:
        return sorted(c for c, n in self.minion_deck.items() for _ in range(n))


def _boss(card_id: str, data: Mapping[str, Any]) -> Boss:
    draws = data.get("draws") or {}
    win = data.get("win") or {}
    return Boss(
        id=card_id,
        order=int(data.get("order", 99)),
        element=str(data.get("element", "")),
        hp={int(k): int(v) for k, v in (data.get("hp") or {}).items()},
        skills={n: content.by_players(draws.get("skills", 1), n) for n in PARTY},
        minions={n: content.by_players(draws.get("minions", 1), n) for n in PARTY},
        players_win=tuple(win.get("players") or ()),
        villains_win=tuple(win.get("villains") or ()),
        setup=tuple(data.get("setup") or ()),
        passives=tuple(data.get("passives") or {}),
        skill_deck={k: int(v) for k, v in (data.get("skill_deck") or {}).items()},
        minion_deck={k: int(v) for k, v in (data.get("minion_deck") or {}).items()},
    )


class BossBook:
    """Every boss and villain card of one content document."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.content = content.parse(data)
        cards = self.content.cards
        self.bosses: dict[str, Boss] = {
            cid: _boss(cid, c) for cid, c in cards.items() if c.get("kind") == "boss"
        }
        self.order: list[str] = sorted(self.bosses, key=lambda b: (self.bosses[b].order, b))
        self.hash = self.content.hash
        problems = self.problems()
        if problems:
            raise ValueError("bad boss data:\n  " + "\n  ".join(problems))

    def problems(self) -> list[str]:
        out = []
        for boss in self.bosses.values():
            if set(boss.hp) != set(PARTY):
                out.append(f"{boss.id}: hp must list 1-6 players")
            for cid in (*boss.skill_deck, *boss.minion_deck):
                if cid not in self.content.cards:
                    out.append(f"{boss.id}: unknown deck card {cid}")
            for cond in boss.players_win:
                if cond.get("kind") not in PLAYER_WINS:
                    out.append(f"{boss.id}: unknown players' condition {cond}")
            for cond in boss.villains_win:
                if cond.get("kind") not in VILLAIN_WINS:
                    out.append(f"{boss.id}: unknown villains' condition {cond}")
        return out

    def card(self, card_id: str) -> Mapping[str, Any]:
        return self.content.card(card_id)

    def kind(self, card_id: str) -> str:
        return str(self.card(card_id).get("kind", ""))

    def name(self, card_id: str, lang: str) -> str:
        names = self.card(card_id).get("name") or {}
        return str(names.get(lang) or names.get("vi") or card_id)

    def keyword(self, word: str, lang: str) -> str:
        return content.label(word, lang, self.content.keyword_names)

    def text(self, card_id: str, lang: str) -> str:
        """The card's own text, or its skills' texts one per line (a minion)."""
        card = self.card(card_id)
        kw = self.content.keyword_names
        if "text" in card:
            return content.render(card, lang, kw)
        return "\n".join(content.render(s, lang, kw) for s in content.skills(card).values())

    def skill_lines(self, card_id: str, lang: str) -> list[tuple[str, str]]:
        """A minion's skills as (name, text)."""
        kw = self.content.keyword_names
        out = []
        for sid, skill in content.skills(self.card(card_id)).items():
            names = skill.get("name") or {}
            out.append((str(names.get(lang, sid)), content.render(skill, lang, kw)))
        return out

    def passive_lines(self, boss_id: str, lang: str) -> list[tuple[str, str]]:
        """The boss's passives as (name, text)."""
        kw = self.content.keyword_names
        out = []
        for pid, passive in (self.card(boss_id).get("passives") or {}).items():
            names = passive.get("name") or {}
            out.append((str(names.get(lang, pid)), content.render(passive, lang, kw)))
        return out

    def story(self, boss_id: str, part: str, lang: str) -> str:
        """``lore`` (before the fight) or ``victory`` (the epilogue) in ``lang``."""
        texts = self.card(boss_id).get(part) or {}
        return str(texts.get(lang) or texts.get("vi") or "")

    def max_hp(self, card_id: str) -> int:
        return int(self.card(card_id).get("hp", 1))

    def ongoing(self, card_id: str) -> bool:
        return bool(self.card(card_id).get("ongoing", False))

    def duration(self, card_id: str) -> int:
        """Rounds an ongoing card stays (0 = until destroyed)."""
        return int(self.card(card_id).get("duration", 0) or 0)

    def persistent(self, card_id: str) -> bool:
        return bool(self.card(card_id).get("persistent", False))

    def effects(self, card_id: str) -> list[Mapping[str, Any]]:
        """The card's own effects, then its skills' (for the villain-side ops)."""
        return list(content.all_steps(self.card(card_id)))


@cache
def book() -> BossBook:
    """The boss data shipped with the game (cached)."""
    return BossBook(files.read_asset(assets.path("games", "shv", "bosses.json")))
