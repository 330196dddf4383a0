"""Rules help of Thất Thánh Triệu Hồi (issue 9 Build item 4): every page in vi and en,
the reaction table (GI-6.4) and the aura table (GI-6.3) drawn as tables with element
icons, every page inside the panel at 1280x720 and 1024x600, opened by name.

The table markup and icons live in ``scenes.rules_doc`` and ``scenes.table.elements``;
their own checks are at the end."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import LANGS, table
from scenes import rules_doc, text
from scenes.rules_help import RulesScene, sections
from scenes.table import elements
from tests.shell.driver import Driver

SIZES = [(1280, 720), (1024, 600)]
GAME = "invokation"

# GI-6.4: reaction -> (the two element sets, the bonus); seed names (vi) and glossary (en).
REACTIONS = {
    ("Tan Chảy", "Melt"): ({"cryo", "pyro"}, "+2"),
    ("Bốc Hơi", "Vaporize"): ({"hydro", "pyro"}, "+2"),
    ("Quá Tải", "Overloaded"): ({"electro", "pyro"}, "+2"),
    ("Siêu Dẫn", "Superconduct"): ({"cryo", "electro"}, "+1"),
    ("Điện Cảm", "Electro-Charged"): ({"electro", "hydro"}, "+1"),
    ("Đóng Băng", "Frozen"): ({"cryo", "hydro"}, "+1"),
    ("Khuếch Tán", "Swirl"): ({"anemo", "cryo", "hydro", "pyro", "electro"}, "—"),
    ("Kết Tinh", "Crystallize"): ({"geo", "cryo", "hydro", "pyro", "electro"}, "+1"),
    ("Thiêu Đốt", "Burning"): ({"dendro", "pyro"}, "+1"),
    ("Sum Suê", "Bloom"): ({"dendro", "hydro"}, "+1"),
    ("Sinh Trưởng", "Quicken"): ({"dendro", "electro"}, "+1"),
}

# The seed's words (vi) and the glossary's (en) the help must explain, by rule.
TERMS = {
    "vi": [
        "Thẻ Nhân Vật",  # GI-1.2 winning
        "30 Thẻ Hành Động",  # GI-1.3
        "tối đa 2 bản",  # GI-1.4
        "5 thẻ bài khởi đầu",  # GI-2.2
        "đổi bài",
        "Bí Truyền",  # GI-2.4
        "Giai Đoạn Gieo Xúc Xắc",  # GI-3.1
        "gieo lại",  # GI-3.2
        "tối đa 16",
        "Giai Đoạn Kết Thúc",  # GI-3.4
        "rút 2 thẻ",
        "Hành Động Chiến Đấu",  # GI-3.3
        "Hành Động Nhanh",
        "Điều Tiết Nguyên Tố",  # GI-4.4
        "Tuyên Bố Kết Thúc",  # GI-4.5
        "Nguyên Tố Tương Đồng",  # GI-4.6
        "Nguyên Tố Không Màu",
        "Vạn Năng",
        "Năng Lượng",  # GI-4.1
        "Kỹ Năng Nộ",
        "Trọng Kích",  # GI-7.12
        "Tấn Công Khi Đáp",  # GI-7.13
        "Khu Chi Viện",  # GI-5.3
        "Khu Vật Triệu Hồi",  # GI-5.4
        "tối đa 10 thẻ",  # GI-5.6
        "Vũ Khí",  # GI-5.2
        "Thánh Di Vật",
        "Hiệu Ứng Xuất Chiến",
        "Số Lần Sử Dụng",  # GI-7.9
        "Số Hiệp Duy Trì",
        "No Bụng",  # GI-7.6
        "Hồi Sinh",
        "Khiên",  # GI-6.6
        "Sát Thương Xuyên Thấu",  # GI-7.11
        "Không Bị Đánh Bại",  # GI-7.4
        "nhân vật xuất chiến mới",  # GI-5.1
        "Thứ Tự Tổng Kết",  # GI-7.5
        "làm tròn lên",  # GI-6.7
        "hòa",  # GI-7.14
        "hiệp 15",
    ],
    "en": [
        "Character cards",
        "30 Action cards",
        "2 copies",
        "starting hand of 5",
        "redraw",
        "Arcane Legend",
        "Roll Phase",
        "reroll",
        "at most 16",
        "End Phase",
        "draws 2",
        "Combat Action",
        "Fast Action",
        "Elemental Tuning",
        "Declare Round End",
        "Matching Element",
        "Unaligned Element",
        "Omni",
        "Energy",
        "Elemental Burst",
        "Charged Attack",
        "Plunging Attack",
        "Support zone",
        "Summon zone",
        "at most 10 cards",
        "Weapon",
        "Artifact",
        "Combat Status",
        "Usages",
        "Duration",
        "Satiated",
        "Revival",
        "Shield",
        "Piercing DMG",
        "Will not be defeated",
        "new active character",
        "Calculation order",
        "rounded up",
        "draw",
        "round 15",
    ],
}


def tables(lang: str) -> list[list[list[str]]]:
    """Every table of the help, as rows of cells (header first)."""
    found: list[list[list[str]]] = []
    for _, body in sections(GAME, lang):
        rows: list[list[str]] = []
        for para in [*body.split("\n"), ""]:
            if rules_doc.is_table_line(para):
                rows.append(rules_doc.cells(para))
            elif rows:
                found.append(rows)
                rows = []
    return found


def icons(cell: str) -> set[str]:
    return {m.group(1) for m in rules_doc.ICON.finditer(cell)}


def test_every_page_exists_in_both_languages() -> None:
    vi, en = sections(GAME, "vi"), sections(GAME, "en")
    assert len(vi) == len(en) >= 20
    assert all(heading and body for heading, body in vi + en)
    for lang in LANGS:
        assert table(lang).get(f"rules.{GAME}.title"), lang
    # Same shape in both languages: the same tables and list items on each page.
    for (_, b_vi), (_, b_en) in zip(vi, en, strict=True):
        shape_vi = [p[:1] for p in b_vi.split("\n") if p[:1] in "|•"]
        shape_en = [p[:1] for p in b_en.split("\n") if p[:1] in "|•"]
        assert shape_vi == shape_en


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_explains_every_term(lang: str) -> None:
    body = " ".join(f"{h} {b}" for h, b in sections(GAME, lang))
    assert [term for term in TERMS[lang] if term not in body] == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_reaction_table_has_every_reaction(lang: str) -> None:
    # GI-6.4: 11 reactions, each with its elements (as icons), bonus and side effect.
    name_at = 0 if lang == "vi" else 1
    reaction_tables = [t for t in tables(lang) if len(t) == len(REACTIONS) + 1]
    assert len(reaction_tables) == 1
    header, *rows = reaction_tables[0]
    assert len(header) == 4 and all(len(row) == 4 for row in rows)
    by_name = {row[0]: row for row in rows}
    for names, (elems, bonus) in REACTIONS.items():
        row = by_name[names[name_at]]
        assert icons(row[1]) == elems, row
        assert row[2] == bonus, row
        assert row[3], row
    # Overloaded forces a switch, Superconduct and Electro-Charged pierce (GI-6.4).
    piercing = "Xuyên Thấu" if lang == "vi" else "Piercing"
    assert piercing in by_name[("Siêu Dẫn", "Superconduct")[name_at]][3]
    assert piercing in by_name[("Điện Cảm", "Electro-Charged")[name_at]][3]
    assert "2" in by_name[("Sinh Trưởng", "Quicken")[name_at]][3]  # GI-G5: 2 usages


@pytest.mark.parametrize("lang", LANGS)
def test_the_aura_table_shows_cryo_and_dendro_together(lang: str) -> None:
    # GI-6.3: only Cryo + Dendro coexist; a reaction on both takes Cryo, Dendro stays.
    aura = [t for t in tables(lang) if len(t) != len(REACTIONS) + 1]
    assert len(aura) == 1
    rows = aura[0][1:]
    both = [r for r in rows if icons(r[0]) == {"cryo", "dendro"}]
    assert {next(iter(icons(r[1]))) for r in both if len(icons(r[1])) == 1} == {
        "pyro",
        "hydro",
        "electro",
    }
    assert all("dendro" in icons(r[2]) for r in both)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_every_page_renders_inside_the_panel(size: tuple[int, int], lang: str) -> None:
    d = Driver(size=size, lang=lang)
    d.start(RulesScene(d.app, GAME))
    scene = d.top
    assert isinstance(scene, RulesScene)
    width = scene.view.width - d.app.px(16)
    too_wide = [ln.x + ln.surface.get_width() for ln in scene.lines]
    too_wide = [right for right in too_wide if right > width]
    assert too_wide == []
    ys = [ln.y for ln in scene.lines]
    assert ys == sorted(ys)
    # The two tables are drawn as rows: a header and 11 reactions, a header and 7 auras.
    row_surfaces = [ln for ln in scene.lines if ln.surface.get_at((0, 0))[:3] == rules_doc.GRID]
    assert len(row_surfaces) == (len(REACTIONS) + 1) + 8
    # Every heading is drawn, and the title keeps a readable size.
    size_px = d.app.px(23)
    drawn = {ln.surface.get_size() for ln in scene.lines if ln.x == 0}
    for heading, _ in sections(GAME, lang):
        first = text.wrap(heading, size_px, width, bold=True)[0]
        assert text.render(first, size_px, (0, 0, 0), bold=True).get_size() in drawn
    title = d.app.tr(f"rules.{GAME}.title")
    room = scene.panel_rect.width - d.app.px(48)
    assert text.fit_size(title, d.app.px(34), room, bold=True) >= d.app.px(24)
    # PgDn pages reach the end, and every line is wholly on one page (no cut text).
    seen: set[int] = set()
    pages = 0
    while True:
        scene.draw(d.app.screen)
        pages += 1
        top, bottom = scene.scroll, scene.scroll + scene.view.height
        shown = scene.visible_lines()
        assert all(
            top <= scene.lines[i].y and scene.lines[i].y + scene.lines[i].h <= bottom for i in shown
        )
        # No heading alone at the foot of a page: the line after it is shown too.
        assert all(i + 1 in shown for i in shown[-1:] if scene.lines[i].y in scene.heading_ys)
        seen |= set(shown)
        if scene.scroll >= scene.max_scroll:
            break
        before = scene.scroll
        d.press(pygame.K_PAGEDOWN)
        assert scene.scroll > before
    assert pages >= 8
    assert seen == set(range(len(scene.lines)))
    assert scene.doc_h - scene.max_scroll <= scene.view.height
    # PgUp goes back page by page to the top.
    for _ in range(pages - 1):
        d.press(pygame.K_PAGEUP)
    assert scene.scroll == 0


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_paints_only_its_own_lines(lang: str) -> None:
    """Opening the help lays out every line (places and heights) but paints only the
    lines on screen; each line's height at layout is its painted height, so paging by
    heights never cuts a line the painting would have shown whole."""
    d = Driver(size=(1920, 1080), lang=lang)
    d.start(RulesScene(d.app, GAME))
    scene = d.top
    assert isinstance(scene, RulesScene)
    painted = {i for i, ln in enumerate(scene.lines) if ln.painted}
    assert painted == set(scene.visible_lines())
    assert 0 < len(painted) < len(scene.lines) // 3
    for ln in scene.lines:
        assert ln.h == ln.surface.get_height()


def test_the_table_opens_the_help_by_name() -> None:
    # gi-table's button: app.scenes.push("rules", "invokation") (kit code imports no shell scene).
    d = Driver()
    d.start(RulesScene(d.app, "manasurge"))
    scene = d.app.scenes.push("rules", GAME)
    d.app.stack.apply_pending()
    assert isinstance(scene, RulesScene) and d.top is scene and scene.game_id == GAME


# -- the table markup (scenes.rules_doc) ---------------------------------------------------


def test_cells_and_icon_pieces() -> None:
    assert rules_doc.cells("| a | b c |") == ["a", "b c"]
    assert rules_doc.cells("| a | b") == ["a", "b"]
    assert rules_doc.is_table_line("| x") and not rules_doc.is_table_line("• | x")
    # A known name is an icon one line high; an unknown one stays a word.
    size = 18
    icon_w = rules_doc.rich_width("[[pyro]]", size)
    assert 0 < icon_w < 2 * text.font(size).get_linesize()
    assert rules_doc.rich_width("[[zzz]]", size) == text.size_of("zzz", size)[0]
    assert rules_doc.rich_render("[[cryo]] Băng", size, (255, 255, 255)).get_width() == (
        rules_doc.rich_width("[[cryo]] Băng", size)
    )


def test_rich_wrap_counts_icons() -> None:
    size = 18
    para = " ".join(["[[cryo]] Băng"] * 12)
    width = rules_doc.rich_width("[[cryo]] Băng [[cryo]] Băng", size) + 2
    lines = rules_doc.rich_wrap(para, size, width)
    assert len(lines) == 6
    assert all(rules_doc.rich_width(line, size) <= width for line in lines)


def test_column_widths_are_fair() -> None:
    # Short columns keep their text on one line; the long one takes the rest.
    assert rules_doc._share([20, 20, 40], [30, 25, 900], 400) == [30, 25, 345]
    # Nothing below its longest word, even when the room is too small.
    assert rules_doc._share([100, 100], [300, 300], 150) == [100, 100]
    # Everything fits: every column gets its one-line width.
    assert rules_doc._share([10, 10], [50, 60], 500) == [50, 60]


def test_a_table_row_is_as_tall_as_its_longest_cell() -> None:
    pygame.font.init()
    size = 16
    long = " ".join(["word"] * 60)
    rows, bottom = rules_doc.layout_table(["| A | B", f"| x | {long}"], size, 300, 10)
    head, body = rows[0].surface, rows[1].surface
    assert rows[0].y == 10 and rows[1].y == 10 + head.get_height() - 1
    assert body.get_height() > 3 * text.font(size).get_linesize()
    assert bottom == rows[1].y + body.get_height()
    assert head.get_width() == body.get_width() <= 300
    assert [row.h for row in rows] == [head.get_height(), body.get_height()]


# -- element icons (scenes.table.elements) -------------------------------------------------


def test_every_element_has_a_distinct_shape_in_grey() -> None:
    # Readable without colour: the grey images of any two icons differ a lot.
    pygame.font.init()
    greys = {}
    for name in elements.ICON_NAMES:
        surf = pygame.Surface((40, 40))
        elements.draw_element(surf, name, surf.get_rect())
        greys[name] = pygame.transform.grayscale(surf)
    names = list(greys)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            ga, gb = greys[a], greys[b]
            differ = sum(
                abs(ga.get_at((x, y))[0] - gb.get_at((x, y))[0]) > 40
                for x in range(40)
                for y in range(40)
            )
            assert differ > 60, (a, b, differ)  # of 1600 pixels


def test_icons_are_cached_and_unknown_names_draw() -> None:
    assert elements.element_icon("pyro", 24) is elements.element_icon("pyro", 24)
    assert elements.element_icon("pyro", 24).get_size() == (24, 24)
    surf = pygame.Surface((20, 20))
    elements.draw_element(surf, "nothing", surf.get_rect())  # a plain disc, no error
    assert surf.get_at((10, 10))[:3] != (0, 0, 0)
    assert set(elements.ELEMENTS) <= set(elements.COLORS)


@pytest.mark.parametrize("size", SIZES)
def test_the_table_can_open_the_help_at_the_reaction_table(size: tuple[int, int]) -> None:
    # Section 18 is the reaction table (GI-6.4): the table's shortcut opens the help there.
    assert sections(GAME, "vi")[17][0] == "Bảng Phản Ứng Nguyên Tố"
    assert sections(GAME, "en")[17][0] == "Elemental reaction table"
    d = Driver(size=size)
    d.start(RulesScene(d.app, "manasurge"))
    scene = d.app.scenes.push("rules", GAME, section="18")
    d.app.stack.apply_pending()
    d.step()
    assert isinstance(scene, RulesScene)
    assert scene.scroll == scene.anchors["18"] > 0
    # The heading is the first line in view, then the table's header row below it.
    top = [(ln.surface, ln.y) for ln in scene.lines if ln.y >= scene.scroll]
    assert top[0][1] == scene.scroll
    # A resize keeps the reader on the page instead of jumping back to section 18.
    scene.scroll_by(-scene.view.height)
    kept = scene.scroll
    scene.layout()
    assert scene.scroll == kept
