"""ManaSurge in the balance lab: no decks; its study is the characters' seat win rates
(``decks`` there means the same)."""

from __future__ import annotations

from game.balance.games import LabGame


def character_names() -> list[str]:
    from game.manasurge.cards import CHARACTERS, character_name

    return [character_name(i, "en") for i in range(len(CHARACTERS))]


LAB = LabGame(
    studies=("characters",),
    seat_characters=True,
    character_names=character_names,
    players=(2, 4, 6),
)
