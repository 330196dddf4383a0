"""Thất Thánh Triệu Hồi in the balance lab: decks and cards."""

from __future__ import annotations

from game.balance.games import LabGame

LAB = LabGame(
    studies=("decks", "cards"),
    drawn=("cards_drawn",),
    played=("card_played",),
    opening_hands=True,  # dealt by setup, before any event
)
