"""Companion mode reads ``bosses.json`` with its own small reader (it must not import
the Sử Hộ Vương rules); this test keeps it in step with pve-core's boss catalog
(``game.shv.villain.BossCatalog``) wherever both are present: same bosses in the
same Story order, HP per player count, draws, decks, setup and win conditions."""

from __future__ import annotations

from game.shv_companion.bosses import PARTY, book


def test_the_companion_reader_agrees_with_the_pve_catalog() -> None:
    from game.shv.villain import default_bosses

    theirs, ours = default_bosses(), book()
    assert list(theirs.bosses) == ours.order
    for boss_id in ours.order:
        card, boss = theirs.boss(boss_id), ours.bosses[boss_id]
        assert [card.hp_by_players[n] for n in PARTY] == [boss.hp[n] for n in PARTY]
        assert (card.draws_skills, card.draws_minions) == (boss.skills, boss.minions)
        assert dict(card.skill_deck) == dict(boss.skill_deck)
        assert dict(card.minion_deck) == dict(boss.minion_deck)
        assert [dict(c) for c in card.win_players] == [dict(c) for c in boss.players_win]
        assert [dict(c) for c in card.win_villains] == [dict(c) for c in boss.villains_win]
        assert [dict(s) for s in card.setup] == [dict(s) for s in boss.setup]
