"""The contact sheet (issue 33.8): ``main.py sheet --game G --out F.png`` draws one cell
per distinct card of the game, with the tables' own faces, into a PNG of the expected
size at 300 dpi.  Run at a small ``--card-height`` to stay fast."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pygame
import pytest

import main
from scenes import sheet
from scenes.table.cards import CardArt

ROOT = Path(__file__).resolve().parents[2]
GAMES_DIR = ROOT / "assets" / "games"
SMALL = 60  # px: a card 43x60


def _json(*parts: str) -> dict:
    return json.loads(GAMES_DIR.joinpath(*parts).read_text(encoding="utf-8"))


def distinct_cards(game: str) -> int:
    """Distinct cards counted from the data files (not from the sheet's code)."""
    if game == "shv":  # guardians, tactics, treasures + bosses, skills, minions, treasures
        return len(_json("shv", "cards.json")["cards"]) + len(_json("shv", "bosses.json")["cards"])
    if game == "invokation":  # characters, actions, summons, statuses, combat statuses
        return len(_json("invokation", "cards.json")["cards"])
    data = _json("manasurge", "cards.json")  # a rank printed twice is one card
    spells = {(s["suit"], s["rank"]) for s in data["spells"]}
    magic = {m["effect"] for m in data["magic"]}
    return len(spells) + len(magic) + len(data["characters"])


def _pixels_per_metre(png: bytes) -> tuple[int, int, int]:
    at = png.index(b"pHYs")
    return struct.unpack(">IIB", png[at + 4 : at + 13])


@pytest.mark.parametrize("game", ["shv", "invokation", "manasurge"])
def test_sheet_has_one_cell_per_distinct_card_and_the_expected_size(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / f"{game}.png"
    assert main.main(["sheet", "--game", game, "--out", str(out), "--card-height", str(SMALL)]) == 0
    count = distinct_cards(game)
    assert f"{count} cards" in capsys.readouterr().out
    card = sheet.card_px(SMALL)
    columns = sheet.columns_for(count, card)
    image = pygame.image.load(str(out))
    assert image.get_size() == sheet.sheet_size(count, columns, card)
    # every cell up to the count holds a card; the grid's cells after it are blank paper
    grid = -(-count // columns) * columns
    for i in range(grid):
        rect = sheet.cell_rect(i, columns, card)
        drawn = pygame.transform.average_color(image, rect)[:3] != sheet.PAPER
        assert drawn == (i < count), (game, i)
    assert _pixels_per_metre(out.read_bytes()) == (11811, 11811, 1)  # 300 dpi


@pytest.mark.parametrize("game", ["shv", "invokation", "manasurge"])
def test_sheet_entries_are_distinct_and_grouped_by_kind(game: str) -> None:
    cards = sheet.cards_of(game)
    keys = [e.card for e in cards.entries]
    assert len(keys) == len(set(keys)) == distinct_cards(game)
    kinds = [e.kind for e in cards.entries]
    assert set(kinds) <= set(cards.kinds), set(kinds) - set(cards.kinds)
    runs = [k for i, k in enumerate(kinds) if i == 0 or kinds[i - 1] != k]
    assert len(runs) == len(set(runs))  # each kind in one run


def test_every_kind_the_brief_names_is_on_its_sheet() -> None:
    """Issue 33.2: guardians to boss treasures; characters to combat statuses; spells,
    Magic cards and characters."""
    must = {
        "shv": {"guardian", "tactic", "treasure_single", "treasure_equipment", "boss",
                "boss_skill", "minion", "boss_treasure"},
        "invokation": {"character", "event", "talent", "weapon", "summon", "status",
                       "combat_status"},
        "manasurge": {"spell", "magic", "character"},
    }  # fmt: skip
    for game, kinds in must.items():
        assert kinds <= {e.kind for e in sheet.cards_of(game).entries}, game


def test_the_sheet_draws_the_tables_faces() -> None:
    """A cell is the table's face of that card (the same face function and art)."""
    from scenes.table.shv import look as shv_look
    from scenes.table.shv import pve_look

    pygame.init()
    size = sheet.card_px(SMALL)
    image, entries = sheet.render("shv", "vi", SMALL)
    columns = sheet.columns_for(len(entries), size)
    for index, face in (
        (0, lambda lang: shv_look.face(entries[0].card, lang)),
        (len(entries) - 1, lambda lang: pve_look.face(entries[-1].card, lang)),
    ):
        drawn = CardArt(lambda _i, lang, f=face: f(lang)).surface(0, size, "vi")
        expect = pygame.Surface(size)
        expect.fill(sheet.PAPER)
        expect.blit(drawn, (0, 0))
        cell = image.subsurface(sheet.cell_rect(index, columns, size))
        assert pygame.image.tobytes(cell, "RGB") == pygame.image.tobytes(expect, "RGB"), index


def test_english_sheet_differs_and_bad_options_are_usage_errors(tmp_path: Path) -> None:
    pygame.init()
    vi, _ = sheet.render("manasurge", "vi", SMALL * 2)
    en, _ = sheet.render("manasurge", "en", SMALL * 2)
    assert vi.get_size() == en.get_size()
    assert pygame.image.tobytes(vi, "RGB") != pygame.image.tobytes(en, "RGB")
    out = str(tmp_path / "x.png")
    shv = ["--game", "shv", "--out", out]
    for bad in (["--game", "toy", "--out", out], ["--game", "shv"], [*shv, "--lang", "fr"],
                [*shv, "--columns", "0"]):  # fmt: skip
        with pytest.raises(SystemExit) as exc:
            main.main(["sheet", *bad])
        assert exc.value.code == 2, bad


def test_columns_follow_the_option(tmp_path: Path) -> None:
    out = tmp_path / "m.png"
    args = ["sheet", "--game", "manasurge", "--out", str(out), "--card-height", "30"]
    assert main.main([*args, "--columns", "4"]) == 0
    card = sheet.card_px(30)
    assert pygame.image.load(str(out)).get_size() == sheet.sheet_size(
        distinct_cards("manasurge"), 4, card
    )


def test_print_size_is_63_by_88_mm_at_300_dpi() -> None:
    assert sheet.card_px() == (744, 1039)
