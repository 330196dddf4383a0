"""Filled-in sentences read as sentences (play-test P2-12).

A name that ends with its own "!" or "?" (the skill "Loose!") no longer gets the
template's full stop after it ("uses the skill Loose!."), and counts take their plural
("1 skill card", "2 skill cards")."""

from __future__ import annotations

from game.i18n import t


def test_a_name_ending_its_own_sentence_takes_no_second_stop() -> None:
    assert t("shv.log.skill_started", "en", seat="An", skill="Loose!") == (
        "An uses the skill Loose!"
    )
    assert t("shv.log.skill_started", "vi", seat="An", skill="Bắn!") == "An dùng kỹ năng Bắn!"
    assert t("shv.log.skill_started", "en", seat="An", skill="Ambush") == (
        "An uses the skill Ambush."
    )


def test_the_boss_preview_counts_its_cards_in_the_right_number() -> None:
    one = t("shvtable.pve.preview.draws", "en", skills=1, minions=1)
    two = t("shvtable.pve.preview.draws", "en", skills=2, minions=3)
    assert one == "Each villain turn: 1 skill card, 1 Minion card"
    assert two == "Each villain turn: 2 skill cards, 3 Minion cards"
