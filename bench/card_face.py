"""Time to render one large card face with a long rules text (the zoom), in ms.

    python bench/card_face.py

Draws Sơn Tinh's face (three paragraphs) at 20 heights (300-395 px, as a window resize
asks for), 7 runs; prints the median per face.  The table caches faces per size, so this
is paid once per card and size, never per frame.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from scenes.table import cards

LONG = (
    "CHỦ ĐỘNG · Tốn sức · Tầm xa · Thổ 2 — Ném Đá: Gây 3 sát thương. PHẢN ỨNG — Dời Non: "
    "Khi một Hộ thần phe bạn bị kẻ địch chọn làm mục tiêu: nó nhận Chặn sát thương 2. "
    "Thần núi Tản Viên, nước dâng bao nhiêu núi cao bấy nhiêu."
)


def main() -> int:
    pygame.init()
    face = cards.CardFace("Sơn Tinh", (120, 130, 110), rank="4", caption="Hộ thần", body=LONG)
    runs = []
    for _ in range(7):
        start = time.perf_counter()
        for h in range(300, 400, 5):
            cards.draw_face(face, cards.card_size(h), detail=True)
        runs.append((time.perf_counter() - start) / 20 * 1000)
    print(f"card face, long text: median {statistics.median(runs):.2f} ms (7 runs x 20 sizes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
