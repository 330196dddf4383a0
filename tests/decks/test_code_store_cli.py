"""Deck codes (round trip, malformed codes refused clearly), deck files (never
overwrite or delete an unreadable one) and ``python -m game deck check``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import cli
from game.decks import Deck, DeckError, DeckStore, code, load, rules_for


@pytest.mark.parametrize("game_id", ["shv", "invokation"])
def test_export_import_round_trip(game_id: str) -> None:
    rules = rules_for(game_id)
    for preset in rules.presets():
        text = code.encode(rules, preset.deck)
        assert text.startswith(f"{rules.code_prefix}1-") and len(text) < 110
        back = code.decode(rules, text)
        assert back.cards == preset.deck.cards
        assert back.characters == preset.deck.characters  # order kept
        assert code.decode(rules, text.lower()).cards == preset.deck.cards  # any case


def reason_of(game_id: str, text: str) -> str:
    rules = rules_for(game_id)
    with pytest.raises(DeckError) as caught:
        code.decode(rules, text)
    return caught.value.reasons[0].key


def test_malformed_codes_are_refused_with_their_reason() -> None:
    rules = rules_for("shv")
    good = code.encode(rules, rules.presets()[0].deck)
    flipped = good[:-3] + ("A" if good[-3] != "A" else "B") + good[-2:]
    assert reason_of("shv", "") == "code.empty"
    assert reason_of("shv", "hello world") == "code.not_code"
    assert reason_of("shv", "TTT1-AAAA") == "code.other_game"
    assert reason_of("shv", "SHV9-AAAA") == "code.version"
    assert reason_of("shv", "SHV1-!!!!") == "code.bad_letters"
    assert reason_of("shv", flipped) == "code.checksum"
    assert reason_of("shv", good[:-1] + ("Q" if good[-1] != "Q" else "A")) == "code.checksum"
    assert reason_of("shv", good[:12]) in ("code.truncated", "code.checksum")
    assert reason_of("shv", "SHV1-" + "A" * 500) == "code.too_long"
    message = DeckError([rules_for("shv").check(Deck("shv", "x"))[0]])
    assert "30" in str(message)


def test_a_code_with_an_unknown_card_names_it() -> None:
    import base64
    import hashlib

    body = bytes((250, 1))
    raw = body + hashlib.sha256(b"SHV1" + body).digest()[:2]
    text = "SHV1-" + base64.b32encode(raw).decode().rstrip("=")
    assert reason_of("shv", text) == "code.unknown_card"


def test_store_saves_lists_renames_duplicates_deletes(tmp_path: Path) -> None:
    rules = rules_for("shv")
    store = DeckStore(tmp_path / "decks", "shv")
    assert store.entries() == []
    path = store.save(rules.presets()[0].deck.copy("Lửa  của tôi"))
    assert path.name == "lua_cua_toi.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["name"] == "Lửa của tôi" and data["format"] == "banthe-deck"
    second = store.duplicate(path, "Bản sao")
    assert second != path and second.exists()
    store.rename(path, "Đổi tên")
    names = [s.deck.name for s in store.entries() if s.deck]
    assert names == ["Bản sao", "Đổi tên"]
    store.delete(second)
    assert not second.exists()


def test_an_unreadable_file_is_listed_and_never_touched(tmp_path: Path) -> None:
    store = DeckStore(tmp_path, "shv")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "banthe-deck", "version": 1, "game": "invokation",
                                 "name": "x", "cards": {}}), encoding="utf-8")  # fmt: skip
    entries = {s.path.name: s for s in store.entries()}
    assert entries["broken.json"].deck is None
    assert entries["broken.json"].problem is not None
    assert entries["broken.json"].problem.key == "file.not_json"
    assert entries["other.json"].problem is not None
    assert entries["other.json"].problem.key == "file.other_game"
    for action in (lambda: store.delete(broken), lambda: store.rename(broken, "y"),
                   lambda: store.save(Deck("shv", "z"), broken)):  # fmt: skip
        with pytest.raises(DeckError):
            action()
    assert broken.read_text(encoding="utf-8") == "{not json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    rc = cli.main(list(argv))
    out = capsys.readouterr()
    return rc, out.out + out.err


def test_deck_check_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = rules_for("invokation")
    preset = rules.presets()[0].deck
    rc, out = run(capsys, "deck", "check", "--game", "invokation", code.encode(rules, preset))
    assert rc == 0 and "legal" in out
    bad = preset.copy("bad")
    bad.characters = bad.characters[:2]
    bad.cards["cho_noi"] = 3
    path = DeckStore(tmp_path, "invokation").save(bad)
    rc, out = run(capsys, "deck", "check", "--game", "invokation", str(path))
    assert rc == 1
    assert "2 characters" in out and "3 copies" in out and "Talent" in out
    rc, out = run(capsys, "deck", "check", "--game", "invokation", "TTT1-ZZZZ")
    assert rc == 2 and "unreadable" in out
    rc, out = run(capsys, "deck", "check", "--game", "shv", str(tmp_path / "none.json"))
    assert rc == 2


def test_simulate_takes_a_deck_for_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    rules = rules_for("shv")
    text = code.encode(rules, rules.presets()[2].deck)
    rc, out = run(capsys, "simulate", "--game", "shv", "--players", "2", "--games", "1",
                  "--bots", "greedy", "--deck", f"1={text}", "--json")  # fmt: skip
    assert rc == 0 and '"games": 1' in out
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--game", "shv", "--players", "2", "--deck", "5=lua_rung"])
    assert "no seat 5" in capsys.readouterr().err
    assert load("shv", "lua_rung").cards == rules.presets()[0].deck.cards
