"""Small labelled shapes a crowded table needs (kit parts; first used by Sử Hộ Vương).

* :func:`fit_text` — words in a box: shrunk down to 9 px, then cut with an
  ellipsis, never spilling out (rendered images cached by words, room, size, colour);
* :func:`draw_pill` — a rounded tag in a colour with fitted words (a status and
  its X on a card, a tucked card's points);
* :func:`pill_width` — the width a pill needs for its words;
* :func:`stack_buttons` — a :class:`~scenes.table.hud.DecisionBar` of 2 to 4 buttons
  laid out one under another at full width (long labels: a skill's name);
* :func:`slot_icon` — a blade, a shield or a ring for an equipment slot
  (``weapon``, ``guard``, anything else), in a square of the box's height.
"""

from __future__ import annotations

import pygame

from scenes import text
from scenes.surfaces import MB, cached
from scenes.table.hud import DecisionBar

Color = tuple[int, int, int]
INK = (20, 20, 24)


def fit_text(
    surface: pygame.Surface,
    words: str,
    box: pygame.Rect,
    size: int,
    color: Color,
    *,
    left: bool = False,
) -> None:
    """``words`` in ``box`` (centred, or at its left edge), fitted (see module doc)."""
    img = _fitted(words, max(8, box.w - 4), size, tuple(color))
    surface.blit(
        img, img.get_rect(midleft=box.midleft) if left else img.get_rect(center=box.center)
    )


@cached(8 * MB, max_items=1024)
def _fitted(words: str, room: int, size: int, color: tuple[int, ...]) -> pygame.Surface:
    s = text.fit_size(words, size, room, condensed=True, min_size=min(size, 9))
    if text.size_of(words, s, condensed=True)[0] > room:  # cut by a binary search
        words = text.clip(words, s, room, condensed=True, ellipsis="…") or "…"
    return text.render(words, s, color, condensed=True)  # type: ignore[arg-type]


def fits(words: str, width: int, size: int = 9) -> bool:
    """True when ``words`` fit ``width`` at ``size`` (condensed)."""
    return text.size_of(words, size, condensed=True)[0] <= width


def pill_width(words: str, size: int, pad: int) -> int:
    return text.size_of(words, size, condensed=True)[0] + 2 * pad


def draw_pill(
    surface: pygame.Surface, box: pygame.Rect, words: str, color: Color, size: int
) -> None:
    pygame.draw.rect(surface, INK, box.inflate(2, 2), border_radius=box.h // 2)
    pygame.draw.rect(surface, color, box, border_radius=box.h // 2)
    fit_text(surface, words, box, size, INK)


def slot_icon(surface: pygame.Surface, slot: str, box: pygame.Rect, color: Color) -> None:
    """The slot's icon (``shv.slot.<slot>`` of ``assets/art/symbols.json``: a sword, a
    round shield, a ring for any other slot) in a square of the box's height at its left."""
    from scenes.table.badges import draw_icon

    concept = f"shv.slot.{slot if slot in ('weapon', 'guard') else 'accessory'}"
    square = pygame.Rect(box.x, box.y, box.h, box.h)
    draw_icon(surface, concept, square.inflate(-3, -3), color)


def stack_buttons(bar: DecisionBar, gap: int, most: int = 4) -> None:
    """Re-lay ``bar``'s buttons in one column when there are 2 to ``most``."""
    buttons, r = bar.buttons, bar.rect
    if not 1 < len(buttons) <= most:
        return
    h = min(round(bar.font_px * 2.2), (r.h - gap * (len(buttons) - 1)) // len(buttons))
    top = r.y + (r.h - len(buttons) * (h + gap) + gap) // 2
    for i, b in enumerate(buttons):
        b.rect = pygame.Rect(r.x, top + i * (h + gap), r.w, h)
