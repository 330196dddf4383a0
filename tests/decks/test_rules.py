"""Deck legality with its reasons (issue 14): SHV-2.1, 2.2, 3.7; GI-1.3, 1.4, G1."""

from __future__ import annotations

import pytest

import game
from game.decks import Deck, Reason, rules_for


def keys(reasons: list[Reason]) -> list[str]:
    return [r.key for r in reasons]


def shv_deck(**cards: int) -> Deck:
    return Deck("shv", "test", dict(cards))


def test_every_preset_is_legal() -> None:
    for game_id in ("shv", "invokation"):
        rules = rules_for(game_id)
        presets = rules.presets()
        assert len(presets) >= 4
        for p in presets:
            assert rules.check(p.deck) == [], p.id


def test_shv_size_copies_and_starter() -> None:
    rules = rules_for("shv")
    # SHV-2.1: 29 cards; SHV-2.2: 4 of a non-basic name; basic tactics are exempt.
    deck = shv_deck(ma_troi=4, hoa_co_ban=20, kim_co_ban=5)
    reasons = rules.check(deck)
    assert keys(reasons) == ["reason.copies", "reason.size"]
    assert reasons[0].params == {"card": "ma_troi", "n": 4, "most": 3}
    assert reasons[1].params == {"n": 29, "want": 30}
    text = rules.reason_text(reasons[0], "vi")
    assert text.startswith(rules.card_name("ma_troi", "vi")) and "tối đa 3" in text
    # SHV-3.7: 30 basic tactics, no guardian at all
    only_tactics = shv_deck(hoa_co_ban=15, kim_co_ban=15)
    assert keys(rules.check(only_tactics)) == ["reason.no_starter"]
    assert keys(rules.check(shv_deck(hoa_co_ban=27, ma_troi=3))) == []


def test_shv_unknown_cards_and_bad_counts() -> None:
    rules = rules_for("shv")
    deck = shv_deck(hoa_co_ban=27, ma_troi=3, khong_co=1, kim_co_ban=0)
    reasons = rules.check(deck)
    # only the 30 known copies count, so the size is right
    assert keys(reasons) == ["reason.unknown_card", "reason.bad_count"]
    assert "khong_co" in rules.reason_text(reasons[0], "en")


def inv(chars: list[str], **cards: int) -> Deck:
    return Deck("invokation", "test", dict(cards), chars)


def test_invokation_characters_copies_talent_resonance() -> None:
    rules = rules_for("invokation")
    base = rules.presets()[0].deck  # lang_ren: ba_lo_ren, xa_thu_duoc, ong_sam
    assert rules.check(base) == []
    # GI-1.3: two characters, one twice
    bad = inv(["ba_lo_ren", "ba_lo_ren"], **base.cards)
    found = keys(rules.check(bad))
    assert found[:2] == ["reason.characters", "reason.character_twice"]
    assert set(found[2:]) == {"reason.talent"}  # the missing characters' talents
    # GI-G1: the talent lua_truyen_doi belongs to ba_lo_ren; cong_huong_hoa needs 2 pyro
    swapped = inv(["tien_suoi", "xa_thu_duoc", "ong_sam"], **base.cards)
    found = rules.check(swapped)
    assert "reason.talent" in keys(found) and "reason.resonance" in keys(found)
    talent = next(r for r in found if r.key == "reason.talent")
    assert talent.params["who"] == "ba_lo_ren"
    assert rules.card_name("ba_lo_ren", "vi") in rules.reason_text(talent, "vi")
    resonance = next(r for r in found if r.key == "reason.resonance")
    assert "Hỏa" in rules.reason_text(resonance, "vi")
    # GI-1.4: three copies
    more = dict(base.cards)
    more["lua_truyen_doi"] = 3
    more["cho_noi"] -= 1
    assert keys(rules.check(inv(base.characters, **more))) == ["reason.copies"]
    # a character among the action cards, an action card among the characters
    mixed = inv(["ba_lo_ren", "xa_thu_duoc", "cho_noi"], **{**base.cards, "ong_sam": 1})
    assert set(keys(rules.check(mixed))) >= {"reason.not_character", "reason.character_in_cards"}


def test_room_for_follows_the_limits() -> None:
    rules = rules_for("invokation")
    deck = inv([])
    for c in ("ba_lo_ren", "xa_thu_duoc", "ong_sam"):
        assert rules.add(deck, c)
    assert not rules.add(deck, "tien_suoi")  # a fourth character
    assert rules.add(deck, "cho_noi") and rules.add(deck, "cho_noi")
    assert not rules.add(deck, "cho_noi")  # GI-1.4
    assert rules.remove(deck, "cho_noi") and deck.cards == {"cho_noi": 1}
    assert rules.remove(deck, "ong_sam") and deck.characters == ["ba_lo_ren", "xa_thu_duoc"]


@pytest.mark.parametrize("game_id", ["shv", "invokation"])
def test_a_user_deck_plays_a_full_game(game_id: str) -> None:
    """An edited deck (not a preset) goes through the seat config into a whole game."""
    rules = rules_for(game_id)
    deck = rules.presets()[-1].deck.copy("mine")
    cheapest = min((c for c in rules.pool if c.group != "character" and c.id not in deck.cards
                    and c.most >= 2 and not c.needs and c.kind != "resonance"),
                   key=lambda c: c.index)  # fmt: skip
    victim = next(c for c, n in sorted(deck.cards.items()) if n >= 2
                  and rules.by_id[c].kind != "guardian")  # fmt: skip
    rules.remove(deck, victim)
    rules.remove(deck, victim)
    rules.add(deck, cheapest.id)
    rules.add(deck, cheapest.id)
    assert rules.check(deck) == []
    assert deck.cards not in [p.deck.cards for p in rules.presets()]
    from game.cli import play_games

    result = play_games(game_id, 2, 1, 7, ["greedy"], decks={0: deck.seat_value()})
    assert result["games"] == 1 and sum(result["wins"]) + result["draws"] == 1
    core = game.get(game_id)
    config = core.info.default_config(None, 2)
    config["seats"][0]["deck"] = deck.seat_value()
    state = core.setup(config, 3)
    if game_id == "shv":
        assert sorted(state.names[:30]) == deck.card_ids()
    else:
        assert sorted(state.cards[:30]) == deck.card_ids()
        assert [c.card for c in state.players[0].characters] == deck.characters
