"""The print layout: nine 63x88 mm cards to a page, butted in a 3x3 block.

The block is centred on the page with a bleed round it (each edge card's frame colour
runs on past its cut line, so a cut a little outside the line leaves no white edge);
the cards share their cut lines inside the block, and the cut marks stand outside the
bleed, in line with every cut.  A backs page puts card ``i``'s back where it lands when
the sheet is turned over its long edge (duplex): the columns mirrored.
"""

from __future__ import annotations

from dataclasses import dataclass

from scenes.printing.face import CARD_MM

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS
BLEED = 3.0
MARK_GAP = 1.0  # between the bleed and a cut mark
MARK_MAX = 5.0


@dataclass(frozen=True, slots=True)
class Geometry:
    """A paper's page and where the block of cards lies on it, in mm."""

    paper: str
    page: tuple[float, float]
    block: tuple[float, float, float, float]  # x, y, w, h (the cut block, bleed outside)

    def card(self, index: int, back: bool = False) -> tuple[float, float, float, float]:
        """Slot ``index`` (row by row) of the front, or where its back goes (mirrored)."""
        row, col = divmod(index, COLUMNS)
        if back:
            col = COLUMNS - 1 - col
        x, y = self.block[0] + col * CARD_MM[0], self.block[1] + row * CARD_MM[1]
        return x, y, CARD_MM[0], CARD_MM[1]

    def bleed(
        self, index: int, back: bool = False, count: int = PER_PAGE
    ) -> tuple[float, float, float, float]:
        """Slot ``index`` with the bleed on its sides that face the block's edge or an
        empty slot (a page of ``count`` cards)."""
        x, y, w, h = self.card(index, back)
        row, col = divmod(index, COLUMNS)
        if back:
            col = COLUMNS - 1 - col

        def open_side(r: int, c: int) -> bool:
            if not (0 <= r < ROWS and 0 <= c < COLUMNS):
                return True
            other = r * COLUMNS + (COLUMNS - 1 - c if back else c)
            return other >= count

        left = BLEED if open_side(row, col - 1) else 0.0
        right = BLEED if open_side(row, col + 1) else 0.0
        top = BLEED if open_side(row - 1, col) else 0.0
        bottom = BLEED if open_side(row + 1, col) else 0.0
        return x - left, y - top, w + left + right, h + top + bottom

    def cut_marks(self) -> list[tuple[float, float, float, float]]:
        """Line segments (x1, y1, x2, y2) outside the bleed, in line with each cut."""
        bx, by, bw, bh = self.block
        pw, ph = self.page
        side = min(MARK_MAX, bx - BLEED - MARK_GAP - 1.0)
        head = min(MARK_MAX, by - BLEED - MARK_GAP - 1.0)
        marks = []
        for i in range(COLUMNS + 1):
            x = bx + i * CARD_MM[0]
            marks.append((x, by - BLEED - MARK_GAP - head, x, by - BLEED - MARK_GAP))
            marks.append((x, by + bh + BLEED + MARK_GAP, x, by + bh + BLEED + MARK_GAP + head))
        for j in range(ROWS + 1):
            y = by + j * CARD_MM[1]
            marks.append((bx - BLEED - MARK_GAP - side, y, bx - BLEED - MARK_GAP, y))
            marks.append((bx + bw + BLEED + MARK_GAP, y, bx + bw + BLEED + MARK_GAP + side, y))
        assert all(0 <= m[0] <= pw and 0 <= m[2] <= pw for m in marks)
        assert all(0 <= m[1] <= ph and 0 <= m[3] <= ph for m in marks)
        return marks


def geometry(paper: str) -> Geometry:
    """The page and the centred block for ``paper`` (``a4`` or ``letter``)."""
    pw, ph = PAPERS[paper]
    bw, bh = COLUMNS * CARD_MM[0], ROWS * CARD_MM[1]
    return Geometry(paper, (pw, ph), ((pw - bw) / 2, (ph - bh) / 2, bw, bh))
