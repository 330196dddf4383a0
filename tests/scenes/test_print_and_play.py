"""Print and play (issue 40): the PDF's pages, the 3x3 block of 63x88 mm cards, the
cut marks, mirrored backs, embedded fonts, every card of a deck, the layout shared
with the screen, and clear refusals (exit code 2, no file)."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pygame
import pytest

pytest.importorskip("fpdf")
pypdf = pytest.importorskip("pypdf")

from main import main as banthe  # noqa: E402
from scenes.printing import face as pf  # noqa: E402
from scenes.printing.content import booklet  # noqa: E402
from scenes.printing.invokation import created_by  # noqa: E402
from scenes.printing.pages import BLEED, PAPERS, geometry  # noqa: E402
from scenes.table.facelayout import lay_out  # noqa: E402
from scenes.table.faces import draw_face  # noqa: E402

MM = 72 / 25.4  # PDF points a millimetre


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_nine_cards_of_63_by_88_mm_butt_in_a_centred_block(paper: str) -> None:
    geo = geometry(paper)
    pw, ph = geo.page
    cards = [geo.card(i) for i in range(9)]
    assert all((w, h) == (63.0, 88.0) for _, _, w, h in cards)
    xs = sorted({round(x, 6) for x, _, _, _ in cards})
    ys = sorted({round(y, 6) for _, y, _, _ in cards})
    assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([63.0, 63.0])
    assert [b - a for a, b in itertools.pairwise(ys)] == pytest.approx([88.0, 88.0])
    bx, by, bw, bh = geo.block
    assert (bw, bh) == (189.0, 264.0)
    assert bx == pytest.approx(pw - bx - bw) and by == pytest.approx(ph - by - bh)
    assert bx > BLEED and by > BLEED  # the bleed fits on the page
    for x1, y1, x2, y2 in geo.cut_marks():  # outside the block and its bleed, on the page
        assert min(x1, x2) >= 0 and max(x1, x2) <= pw and min(y1, y2) >= 0 and max(y1, y2) <= ph
        inside_x = bx - BLEED < (x1 + x2) / 2 < bx + bw + BLEED
        inside_y = by - BLEED < (y1 + y2) / 2 < by + bh + BLEED
        assert not (inside_x and inside_y)


def test_a_back_lands_behind_its_front_when_the_sheet_turns_on_its_long_edge() -> None:
    geo = geometry("a4")
    pw = geo.page[0]
    for i in range(9):
        x, y, w, _ = geo.card(i)
        bx, by, _, _ = geo.card(i, back=True)
        assert by == y and bx == pytest.approx(pw - x - w)


def test_the_pdf_painter_paints_the_screen_layout() -> None:
    from scenes.table.shv import look

    face = look.face(next(iter(look.cards().cards)), "vi")
    printed = pf.layout(face)
    screen: list = []
    draw_face(face, pf.LAYOUT_PX, detail=True, layout_out=screen)
    assert printed.boxes() == screen[0].boxes() == lay_out(face, pf.LAYOUT_PX, True).boxes()
    assert printed.body == screen[0].body and printed.titles == screen[0].titles
    assert pf.LAYOUT_PX[0] * pf.MM_PER_PX == 63.0 and pf.LAYOUT_PX[1] * pf.MM_PER_PX == 88.0


def _pdf(tmp_path: Path, *args: str) -> tuple[Path, object]:
    out = tmp_path / "deck.pdf"
    assert banthe(["print", *args, "--out", str(out)]) == 0
    return out, pypdf.PdfReader(str(out))


def test_a_preconstructed_deck_prints_every_card_with_embedded_fonts(tmp_path: Path) -> None:
    from scenes.table.shv import look

    _out, reader = _pdf(tmp_path, "--game", "shv", "lua_rung", "--lang", "vi", "--backs")
    book = booklet("shv", "vi", "lua_rung")
    assert len(book.cards) == 32  # SHV-2.1: 30 cards, guardians included; 2 MP trackers
    pages = 1 + 2 * math.ceil(len(book.cards) / 9)  # the cover, fronts and backs
    assert len(reader.pages) == pages
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx((210 * MM, 297 * MM), 0.01)
    words = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader.pages))
    squeezed = words.replace(" ", "")
    for card in book.cards[:30]:
        assert look.face(card.card_id, "vi").title.replace(" ", "") in squeezed, card.card_id
    assert "ư" in words and "Hộ thần" in words  # Vietnamese diacritics as text
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object()
            assert "/FontFile2" in descendant["/FontDescriptor"].get_object()  # embedded
            fonts.add(str(font["/BaseFont"]).split("+")[-1])
    assert any("DejaVu" in f for f in fonts) and any("BeVietnam" in f for f in fonts)


def test_a_card_is_63_by_88_mm_in_the_pdf(tmp_path: Path) -> None:
    """The card slots' fills, read back from the page's content stream in points."""
    _, reader = _pdf(tmp_path, "--game", "shv", "lua_rung", "--paper", "letter")
    geo = geometry("letter")
    stream = reader.pages[1].get_contents().get_data().decode("latin-1")
    number = r"(-?[\d.]+)"
    rects = [tuple(map(float, m)) for m in re.findall(" ".join([number] * 4) + " re", stream)]
    ph = geo.page[1]
    want = []
    for i in range(9):
        x, y, w, h = geo.bleed(i)
        want.append((x * MM, (ph - y) * MM, w * MM, -h * MM))
    assert len(rects) >= 9
    for got, expected in zip(rects[:9], want, strict=True):
        assert got == pytest.approx(expected, abs=0.02)
    middle = rects[4]  # the middle card has no bleed: exactly the card
    assert (middle[2], -middle[3]) == pytest.approx((63 * MM, 88 * MM), abs=0.02)


def test_boss_and_whole_set_and_invokation_deck(tmp_path: Path) -> None:
    book = booklet("shv", "en", "lua_rung", "ngu_tinh")
    from scenes.table.shv import pve_look

    data = pve_look.data("ngu_tinh")
    boss_cards = 1 + sum(data["skill_deck"].values()) + sum(data["minion_deck"].values())
    assert len(book.cards) == 32 + boss_cards
    gi = booklet("invokation", "vi", "lang_ren")
    kinds = [c.card_id for c in gi.cards]
    assert len(kinds[:3]) == 3 and len(gi.cards) >= 33 + 3  # GI-1.3: 3 characters, 30 actions
    made = created_by(kinds[:33])
    assert set(made) <= set(kinds)
    ms = booklet("manasurge", "vi")
    assert len(ms.cards) == 72 + 6 and ms.tokens and ms.text_pages
    _, reader = _pdf(tmp_path, "--game", "manasurge", "--all", "--paper", "letter")
    assert len(reader.pages) == 1 + math.ceil(78 / 9) + 2
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((612, 792), 0.01)


def test_an_illegal_deck_prints_with_a_warning_on_the_cover(tmp_path: Path) -> None:
    import json

    deck = tmp_path / "small.json"
    data = {"format": "banthe-deck", "version": 1, "game": "shv", "name": "Nhỏ",
            "cards": {"ma_troi": 3}}  # fmt: skip
    deck.write_text(json.dumps(data), encoding="utf-8")
    _out, reader = _pdf(tmp_path, "--game", "shv", str(deck))
    cover = reader.pages[0].extract_text()
    assert "Cảnh báo" in cover


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "shv", "no_such_deck"],
        ["--game", "invokation", "TTT1-AAAAAAAA"],
        ["--game", "shv", "lua_rung", "--boss", "no_boss"],
    ],
)
def test_a_bad_deck_or_boss_is_refused_with_exit_2_and_no_file(
    tmp_path: Path, args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.pdf"
    assert banthe(["print", *args, "--out", str(out)]) == 2
    assert not out.exists() and not list(tmp_path.iterdir())
    err = capsys.readouterr().err
    assert "banthe print:" in err and ("no_such_deck" in err or "TTT1" in err or "no_boss" in err)


def test_the_deck_editor_prints_its_deck_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.decks import rules_for
    from scenes.decks.editor import DeckEditorScene
    from scenes.dialogs import MessageDialog
    from tests.shell.driver import Driver

    monkeypatch.setenv("BANTHE_PRINT_DIR", str(tmp_path))
    d = Driver(size=(1280, 720), lang="vi")
    deck = rules_for("invokation").presets()[0].deck.copy("Lửa thử")
    d.start(DeckEditorScene(d.app, "invokation", deck))
    button = next(b for b in d.top.focus.buttons if getattr(b, "name", "") == "print")
    assert button.label == "In bộ bài (PDF)…"
    button.on_click()
    d.step()
    written = list(tmp_path.glob("*.pdf"))
    assert [p.name for p in written] == ["invokation-Lửa_thử.pdf"]
    assert isinstance(d.top, MessageDialog)
    assert str(written[0]) in " ".join(str(v) for v in vars(d.top).values())
    d.step(frames=2)


@pytest.mark.parametrize(("game_id", "label"), [("shv", "In bộ thẻ (PDF)…")])
def test_the_shv_print_button_says_bo_the(
    game_id: str, label: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:  # the rules document's word: bộ thẻ (docs/glossary.md)
    from game.decks import rules_for
    from scenes.decks.editor import DeckEditorScene
    from tests.shell.driver import Driver

    monkeypatch.setenv("BANTHE_PRINT_DIR", str(tmp_path))
    d = Driver(size=(1280, 720), lang="vi")
    deck = rules_for(game_id).presets()[0].deck.copy("Thử")
    d.start(DeckEditorScene(d.app, game_id, deck))
    button = next(b for b in d.top.focus.buttons if getattr(b, "name", "") == "print")
    assert button.label == label


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_collection_prints_the_whole_set_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    from scenes.decks.editor import DeckEditorScene
    from scenes.dialogs import MessageDialog
    from tests.shell.driver import Driver

    monkeypatch.setenv("BANTHE_PRINT_DIR", str(tmp_path))
    d = Driver(size=size, lang="vi")
    d.start(DeckEditorScene(d.app, "invokation"))
    buttons = d.top.focus.buttons
    button = next(b for b in buttons if getattr(b, "name", "") == "print")
    assert button.label == "In cả bộ sưu tập (PDF)…"
    screen = pygame.Rect((0, 0), size)
    others = [b.rect for b in buttons if b is not button]
    assert screen.contains(button.rect) and button.rect.collidelist(others) < 0
    button.on_click()
    d.step()
    written = list(tmp_path.glob("*.pdf"))
    assert [p.name for p in written] == ["invokation-bo-suu-tap.pdf"]
    assert isinstance(d.top, MessageDialog)
    pages = len(pypdf.PdfReader(str(written[0])).pages)
    assert pages >= 8  # the whole set: 80 cards, nine to a page, and more
    d.step(frames=2)


def test_the_bleed_runs_past_every_cut_that_is_not_shared() -> None:
    geo = geometry("a4")
    x, y, w, h = geo.bleed(4)  # the middle card: every side shared
    assert (x, y, w, h) == geo.card(4)
    x, y, w, h = geo.bleed(3, count=4)  # row 2's first card, alone on its row
    cx, cy, cw, ch = geo.card(3)
    assert (x, y, w, h) == (cx - BLEED, cy, cw + 2 * BLEED, ch + BLEED)
    bx, _, bw, _ = geo.bleed(0, back=True, count=1)  # its back: the right-hand slot
    assert bx + bw == pytest.approx(geo.block[0] + geo.block[2] + BLEED)


def test_invokation_prints_trackers_and_the_dice_and_reaction_cards() -> None:
    # GI-1.3: 3 characters and 30 action cards; GI-6: the reaction table on a card
    book = booklet("invokation", "en", "lang_ren")
    ids = [c.card_id for c in book.cards]
    assert ids.count("dice") == 1 and ids.count("reactions") == 1
    trackers = [c for c in book.cards if c.card_id.startswith("hp:")]
    assert len(trackers) == 3 and all(c.track[0] == "0" for c in trackers)
    reactions = next(c for c in book.cards if c.card_id == "reactions").face.body
    assert "Melt: Cryo + Pyro, +2" in reactions and "[[" not in reactions


def test_the_pdf_painter_places_every_line_and_the_picture_where_the_layout_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fpdf import FPDF

    from scenes.table.invokation import look

    face = look.face("ba_lo_ren", "vi")
    lay = pf.layout(face)
    lines: list = []
    pictures: list = []
    real_text, real_picture = pf._Painter.text, pf._Painter.picture

    def text(self, line, color, squeeze=1.0, middle=False):  # type: ignore[no-untyped-def]
        lines.append(line)
        real_text(self, line, color, squeeze, middle)

    def picture(self, parts, x, y, side, color, edge, clip=None):  # type: ignore[no-untyped-def]
        pictures.append((tuple(parts) if not isinstance(parts, str) else (parts,), x, y, side))
        real_picture(self, parts, x, y, side, color, edge, clip)

    monkeypatch.setattr(pf._Painter, "text", text)
    monkeypatch.setattr(pf._Painter, "picture", picture)
    pdf = FPDF(unit="mm", format="A4")
    pf.register_fonts(pdf)
    pdf.add_page()
    pf.paint(pdf, face, 10, 10, lay)
    for wanted in (*lay.titles, *lay.captions, *lay.body):
        assert wanted in lines
    cx, cy = lay.picture_center
    side = lay.picture_side
    assert (tuple(face.art), cx - side / 2, cy - side / 2, side) in pictures


def test_without_the_pdf_library_the_command_and_the_button_say_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    from game.decks import rules_for
    from scenes.decks.editor import DeckEditorScene
    from scenes.dialogs import MessageDialog
    from tests.shell.driver import Driver

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "fpdf" else real(name, *a)
    )
    out = tmp_path / "x.pdf"
    assert banthe(["print", "--game", "shv", "lua_rung", "--out", str(out)]) == 2
    assert "banthe[print]" in capsys.readouterr().err and not out.exists()
    folder = tmp_path / "documents"
    monkeypatch.setenv("BANTHE_PRINT_DIR", str(folder))
    d = Driver(size=(1024, 600), lang="en")
    d.start(DeckEditorScene(d.app, "shv", rules_for("shv").presets()[0].deck.copy("X")))
    d.top.print_pdf()
    d.step()
    assert isinstance(d.top, MessageDialog) and not folder.exists()
    assert "banthe[print]" in " ".join(str(v) for v in vars(d.top).values())


def test_the_standalone_app_without_the_library_says_where_printing_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util
    import sys

    from scenes.decks.editor import DeckEditorScene
    from scenes.dialogs import MessageDialog
    from tests.shell.driver import Driver

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "fpdf" else real(name, *a)
    )
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("BANTHE_PRINT_DIR", str(tmp_path / "documents"))
    d = Driver(size=(1024, 600), lang="vi")
    d.start(DeckEditorScene(d.app, "invokation"))
    d.top.print_pdf()
    d.step()
    said = " ".join(str(v) for v in vars(d.top).values())
    assert isinstance(d.top, MessageDialog) and "banthe print" in said and "Python" in said
