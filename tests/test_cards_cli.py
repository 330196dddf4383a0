"""``python -m game cards --game G [--json] [--lang vi|en]``: every card of every game
with its kind, cost, keywords and both texts."""

from __future__ import annotations

import json

import pytest

import game
from game.core import content
from game.manasurge import cards as ms_cards
from tests.test_game_cli import run_main


def cards_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code, out, err = run_main(capsys, "cards", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("game_id", game.ids(include_hidden=True))
def test_every_game_lists_every_card_with_both_texts(capsys, game_id: str) -> None:
    data = cards_json(capsys, "--game", game_id)
    assert data["game"] == game_id
    rows = data["cards"]
    assert rows and len({r["id"] for r in rows}) == len(rows)
    for row in rows:
        assert {"id", "kind", "cost", "stats", "name", "keywords", "text"} <= set(row)
        for lang in content.LANGS:
            assert row["name"][lang] and row["text"][lang], (row["id"], lang)
            assert "{" not in row["text"][lang] and "[[" not in row["text"][lang]
            assert isinstance(row["keywords"][lang], list)


def test_manasurge_lists_spells_magic_and_characters(capsys) -> None:
    rows = cards_json(capsys, "--game", "manasurge")["cards"]
    kinds = [r["kind"] for r in rows]
    assert kinds.count("spell") == ms_cards.N_SPELLS and kinds.count("magic") == ms_cards.N_MAGIC
    assert kinds.count("character") == len(ms_cards.CHARACTERS)
    fire5 = next(r for r in rows if r["id"] == "fireball-5")
    assert fire5["stats"] == {"suit": "fireball", "rank": 5}
    assert fire5["keywords"]["en"] == [ms_cards.suit_name(ms_cards.FIREBALL, "en")]
    assert fire5["text"]["vi"] == ms_cards.card_text(ms_cards.parse_code("fireball-5"), "vi")


def test_toy_rows_come_from_its_content_file(capsys) -> None:
    rows = {r["id"]: r for r in cards_json(capsys, "--game", "toy")["cards"]}
    assert set(rows) == set(content.raw("toy")["cards"])
    assert rows["ward"]["stats"]["rank"] == 5 and rows["ward"]["cost"] is None
    assert rows["ward"]["keywords"] == {"vi": ["Khiên"], "en": ["Shield"]}
    assert rows["pair"]["text"]["en"] == "Score 2."


def test_one_language_only(capsys) -> None:
    rows = cards_json(capsys, "--game", "toy", "--lang", "en")["cards"]
    assert all(set(r["text"]) == {"en"} and set(r["name"]) == {"en"} for r in rows)
    code, out, _ = run_main(capsys, "cards", "--game", "toy", "--lang", "vi")
    assert code == 0
    assert "[vi] " in out and "[en] " not in out and "Được 2 điểm." in out
    assert out.strip().endswith(f"{len(rows)} cards")


def test_text_listing_shows_kind_cost_and_both_languages(capsys) -> None:
    code, out, _ = run_main(capsys, "cards", "--game", "manasurge")
    assert code == 0
    block = out.splitlines()[:5]
    assert block[0].startswith("blades-1  spell  suit=blades  rank=1")
    assert block[1].startswith("  [vi] Mũi Dao Bạc (Lưỡi Kiếm)")
    assert any(line.startswith("  [en] Silver Dart (Blades)") for line in block)


def test_unknown_game_and_language_exit_2(capsys) -> None:
    code, _, err = run_main(capsys, "cards", "--game", "chess")
    assert code == 2 and "unknown game" in err
    code, _, err = run_main(capsys, "cards", "--game", "toy", "--lang", "fr")
    assert code == 2 and err.strip()


def test_shv_rows_show_cost_keywords_and_skills(capsys) -> None:
    if "shv" not in game.ids(include_hidden=True):
        rows = content.listing(content.raw("shv"))  # the same generic listing the CLI uses
    else:
        rows = cards_json(capsys, "--game", "shv")["cards"]
    by_id = {r["id"]: r for r in rows}
    assert len(by_id) == len(content.raw("shv")["cards"])
    ma_troi = by_id["ma_troi"]
    assert (ma_troi["kind"], ma_troi["cost"], ma_troi["stats"]) == ("guardian", 2, {"hp": 3})
    assert ma_troi["keywords"]["vi"] == ["CHỦ ĐỘNG", "Tốn sức", "Tầm gần"]
    assert "Lửa Ma (CHỦ ĐỘNG, Tốn sức, Tầm gần; Hỏa 1): Gây 1 sát thương." in ma_troi["text"]["vi"]
    assert "Ghost Flame (Active, Exert, Melee; Fire 1): Deal 1 damage." in ma_troi["text"]["en"]
    ma_troi_skill = by_id["chan_tinh"]["text"]["en"]
    assert "Weaken 1" in ma_troi_skill and "Healing Reduction 2" in ma_troi_skill
    assert by_id["kim_co_ban"]["stats"]["points"] == {"kim": 1}
    assert by_id["non_sat"]["stats"]["slot"] == "guard"
