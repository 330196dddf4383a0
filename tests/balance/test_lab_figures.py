"""The balance lab's figures and files (issue 36 items 1, 4 and 5): the cards each seat
drew and played come from the event log and belong to its deck; the outlier rule; the
report is one self-contained file with its plots, a sortable card table and the bots'
strength; the command refuses clocked bots and runs a boss study end to end."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game import decks
from game.balance import analyse, lab, play, report, spec
from game.cli import main


@pytest.mark.parametrize("game_id", ["shv", "invokation"])
def test_cards_drawn_and_played_are_the_seats_own_deck_cards(game_id: str) -> None:
    rules = play.rules_for(game_id)
    names = list(rules.catalog.decks)[:2]
    config = rules.info.default_config(None, 2)
    for seat, deck in enumerate(names):
        config["seats"][seat]["deck"] = deck
    own = [set(decks.load(game_id, d).cards) for d in names]
    for number in range(3):
        record = play.play(game_id, config, 5, number, ["greedy"], cards=True)
        for seat in (0, 1):
            drawn, played = set(record.drawn[seat]), set(record.played[seat])
            assert len(drawn) >= 5  # an opening hand at least
            assert drawn <= own[seat], drawn - own[seat]
            assert played <= drawn, played - drawn  # nothing is played unseen
        assert record.played[0] and record.played[1]


def test_the_opening_hand_counts_as_drawn_in_invokation() -> None:
    rules = play.rules_for("invokation")
    config = rules.info.default_config(None, 2)
    state = rules.setup(config, 11)
    hands = play.opening_hands("invokation", rules, state, 2)
    assert all(len(h) >= 3 for h in hands)  # dealt by setup, before any event


def test_an_outlier_needs_eight_points_and_an_interval_clear_of_zero() -> None:
    assert analyse._versus(70, 100, 0.5)["outlier"]  # +20 points, interval 60..78 %
    assert not analyse._versus(57, 100, 0.5)["outlier"]  # +7 points
    assert not analyse._versus(4, 5, 0.5)["outlier"]  # +30 points on 5 games: too wide
    assert analyse._versus(30, 100, 0.5)["outlier"]  # -20 points


def test_a_card_is_measured_against_its_own_decks() -> None:
    # deck "a" wins 3 of 4 seat-games, "b" 1 of 4; card x is drawn only in a's wins
    games = [
        {"w": [0], "d": False, "drawn": [["x"], []], "played": [["x"], []]},
        {"w": [0], "d": False, "drawn": [["x"], []], "played": [[], []]},
        {"w": [0], "d": False, "drawn": [[], []], "played": [[], []]},
        {"w": [1], "d": False, "drawn": [[], ["y"]], "played": [[], ["y"]]},
    ]
    rows = {r["card"]: r for r in analyse.cards({("a", "b"): games}, {"a": ["x"], "b": ["y"]})}
    assert rows["x"]["included"]["rate"] == 0.75 and rows["x"]["included"]["diff"] == 0
    assert rows["x"]["drawn"]["games"] == 2 and rows["x"]["drawn"]["diff"] == 25.0
    assert rows["y"]["played"]["rate"] == 1.0 and rows["y"]["played"]["baseline"] == 0.25


def test_a_shv_game_says_whether_the_loser_ran_out_of_mp_or_of_cards() -> None:
    from game.balance.shv import ending

    rules = play.rules_for("shv")
    state = rules.setup(rules.info.default_config(None, 2), 1)
    loser = state.players[0]
    loser.eliminated, loser.mp = True, 0
    assert ending(state, [1]) == "mp_out"  # SHV-3.2a
    loser.mp = 4
    assert ending(state, [1]) == "deck_out"  # SHV-3.2b: eliminated with MP left
    assert ending(rules.setup(rules.info.default_config("pve", 2), 1), []) is None


def test_a_mirror_counts_its_endings_and_seat_0s_share_of_each() -> None:
    games = [
        {"w": [0], "d": False, "ok": True, "r": 9, "why": "mp_out"},
        {"w": [1], "d": False, "ok": True, "r": 8, "why": "mp_out"},
        {"w": [1], "d": False, "ok": True, "r": 25, "why": "deck_out"},
    ]
    cell = analyse.decks({("a", "a"): games}, ["a"])["ordered"][0]
    assert cell["endings"] == {"mp_out": 2, "deck_out": 1}
    assert cell["seat0_endings"] == {"mp_out": 1}
    assert report._mirror_endings(cell) == "mp_out 2 (seat 0 1), deck_out 1 (seat 0 0)"


@pytest.fixture(scope="module")
def cards_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    two = (("lua_rung", "lua_rung"), ("bong_dem", "bong_dem"))
    study = spec.Study("shv", "cards", games=2, chunk=2, strength_games=2, agree_games=1,
                       agree_bot="hard@2", decks=two)  # fmt: skip
    folder = tmp_path_factory.mktemp("report")
    data = lab.run(study, folder, out=None)
    report.write(folder, data, "python -m game balance --game shv --study cards")
    return folder, data


def test_the_report_is_one_self_contained_page(cards_run: tuple[Path, dict[str, Any]]) -> None:
    folder, _data = cards_run
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert page.count("src='data:image/png;base64,") == 1  # the heat maps
    assert not re.search(r"(src|href)=['\"]?(http|//|file:)", page)  # nothing fetched
    assert "table.sortable" in page and "class='sortable'" in page
    assert "The bot that measures" in page and "greedy" in page and "hard@2" in page
    assert "content <code>" in page and "seed 1" in page


def test_results_json_and_a_csv_per_study(cards_run: tuple[Path, dict[str, Any]]) -> None:
    folder, data = cards_run
    assert json.loads((folder / "results.json").read_text(encoding="utf-8"))["run"]["seed"] == 1
    with (folder / "cards.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert {r["card"] for r in rows} == {c["card"] for c in data["cards"]}
    with (folder / "decks.csv").open(encoding="utf-8") as f:
        assert len(list(csv.DictReader(f))) == 4  # 2 x 2 ordered pairs


def test_the_report_states_the_bots_strength_and_the_hard_ai_check(
    cards_run: tuple[Path, dict[str, Any]],
) -> None:
    _folder, data = cards_run
    assert [(s["bot"], s["foe"]) for s in data["strength"]] == [
        ("greedy", "random"),
        ("greedy", "greedy"),
    ]
    assert len(data["agreement"]) == 4  # 2 x 2 pairs: every one is among the extremes
    assert all(a["hard"]["games"] == 1 for a in data["agreement"])


def test_outlier_rows_are_highlighted() -> None:
    row = {"card": "x", "outlier": True}
    for group, diff in (("included", 0.0), ("drawn", 20.0), ("played", 1.0)):
        row[group] = {**analyse._versus(70, 100, 0.5), "diff": diff}
    page = report._cards([row])
    assert "<tr class=out>" in page and "▲" in page


def test_a_clocked_bot_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--game", "shv", "--bots", "hard", "--games", "1"]) == 2
    assert "pinned" in capsys.readouterr().err


def test_a_boss_study_from_the_command_line(tmp_path: Path) -> None:
    args = ["balance", "--game", "shv", "--study", "bosses", "--boss", "ngu_tinh",
            "--players", "1", "--players", "2", "--games", "2", "--strength-games", "0",
            "--workers", "1", "--quiet", "--out", str(tmp_path)]  # fmt: skip
    assert main(args) == 0
    data = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert [(b["boss"], b["players"], b["games"]) for b in data["bosses"]] == [
        ("ngu_tinh", 1, 2),
        ("ngu_tinh", 2, 2),
    ]
    assert (tmp_path / "bosses.csv").is_file() and (tmp_path / "report.html").is_file()


def test_manasurge_measures_its_characters(tmp_path: Path) -> None:
    args = ["balance", "--game", "manasurge", "--study", "decks", "--players", "2",
            "--games", "4", "--strength-games", "0", "--workers", "1", "--quiet",
            "--out", str(tmp_path)]  # fmt: skip
    assert main(args) == 0
    rows = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))["characters"]
    assert sum(r["games"] for r in rows) == 8  # 4 games x 2 seats, each a character
    assert all(r["fair"] == 0.5 for r in rows)


def test_the_lab_libraries_are_imported_only_when_a_run_needs_them() -> None:
    lab_modules = "('matplotlib', 'distributed', 'dask', 'tqdm')"
    code = (
        "import sys, game.cli, game.balance.lab, game.balance.report; "
        f"print(sorted(m for m in {lab_modules} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_variant_card_file_is_played_without_editing_the_shipped_one(tmp_path: Path) -> None:
    import assets

    data = json.loads(assets.path("games", "shv", "cards.json").read_text(encoding="utf-8"))
    variant = tmp_path / "cards.json"
    variant.write_text(json.dumps(data), encoding="utf-8")
    common = ["balance", "--game", "shv", "--study", "decks", "--decks", "lua_rung", "nui_tan",
              "--games", "2", "--strength-games", "0", "--agree-games", "0", "--workers", "1",
              "--quiet"]  # fmt: skip
    assert main([*common, "--out", str(tmp_path / "a")]) == 0
    assert main([*common, "--cards", str(variant), "--out", str(tmp_path / "b")]) == 0
    a, b = (json.loads((tmp_path / x / "results.json").read_text(encoding="utf-8")) for x in "ab")
    assert a["decks"]["ordered"] == b["decks"]["ordered"]  # the same cards, the same games
    assert a["run"]["content_hash"] != b["run"]["content_hash"]
    assert b["run"]["variants"] == ["cards"]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**data, "cards": {}}), encoding="utf-8")
    assert main([*common, "--cards", str(broken), "--out", str(tmp_path / "c")]) == 2


def test_deck_files_are_studied_under_their_file_names(tmp_path: Path) -> None:
    deck = decks.load("shv", "bong_dem").copy("Thử nghiệm")
    deck.cards = dict(deck.cards)
    path = tmp_path / "bong_dem_variant.json"
    path.write_text(json.dumps(deck.to_json(), ensure_ascii=False), encoding="utf-8")
    args = ["balance", "--game", "shv", "--study", "cards", "--decks", str(path), "lua_rung",
            "--games", "1", "--strength-games", "0", "--agree-games", "0", "--workers", "1",
            "--quiet", "--out", str(tmp_path / "out")]  # fmt: skip
    assert main(args) == 0
    data = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))
    assert data["decks"]["labels"] == ["bong_dem_variant", "lua_rung"]
    assert data["decks"]["names"]["bong_dem_variant"] == "Thử nghiệm"
    included = {c["card"] for c in data["cards"] if c["included"]["games"]}
    assert set(deck.cards) <= included


def test_without_matplotlib_the_report_keeps_its_tables_and_says_what_to_install(
    cards_run: tuple[Path, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _folder, data = cards_run
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises
    page = report.render(data)
    assert "data:image/png" not in page and 'pip install ".[lab]"' in html_text(page)
    assert "class='sortable'" in page


def html_text(page: str) -> str:
    import html

    return html.unescape(page)
