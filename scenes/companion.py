"""Sử Hộ Vương's ways to play (game select → the SHV card) and Companion mode's setup.

* :class:`ShvModesScene`: "Chơi trên máy" (the seat setup: versus or arena),
  "Cốt truyện" (Story, ``scenes.story``), "Chế độ đồng hành" (Companion mode).
  One card per game in game select: a group holding the physical box looks for
  Sử Hộ Vương, then picks how to play it.
* :class:`CompanionSetupScene`: choose the boss and the number of players; the
  boss card (starting HP for that count, element, draws per turn, win conditions,
  setup, passives) is shown; Start opens the companion table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game import new_match
from game.shv_companion.bosses import PARTY, book
from scenes import theme
from scenes.table.shv_companion import draw as d
from scenes.ui.menu import FocusScene, draw_background, draw_heading, draw_hint
from scenes.ui.widgets import Button, Selector, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App

K = "shv_companion"


def companion_config(app: App, boss: str, party: int) -> dict[str, Any]:
    """The match config of a companion game: one seat, the table operator."""
    seat = {"name": app.tr(f"{K}.ui.operator"), "control": "human", "bot": "greedy", "team": None}
    return {"mode": "companion", "players": 1, "seats": [seat], "options": {"party": party},
            "boss": boss}  # fmt: skip


class ShvModesScene(FocusScene):
    """Play on the computer, Story, or Companion mode."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.hints: list[tuple[str, pygame.Rect]] = []

    def layout(self) -> None:
        app, tr = self.app, self.app.tr
        w, h = app.size
        bw, bh, gap = min(w - app.px(80), app.px(560)), max(56, app.px(64)), app.px(44)
        y = int(h * 0.24)
        old = self.focus.current.name if self.focus.current else None
        widgets: list[Any] = []
        self.hints = []
        for name, fn in (("play", self.play), ("story", self.story),
                         ("companion", self.companion)):  # fmt: skip
            rect = pygame.Rect((w - bw) // 2, y, bw, bh)
            widgets.append(Button(tr(f"{K}.modes.{name}"), fn, rect, primary=name == "play",
                                  font_size=app.px(26), name=name))  # fmt: skip
            hint = pygame.Rect(rect.x, rect.bottom + app.px(4), bw, gap - app.px(8))
            self.hints.append((tr(f"{K}.modes.{name}_hint"), hint))
            y += bh + gap
        back = pygame.Rect(0, 0, app.px(220), max(44, app.px(46)))
        back.midtop = (w // 2, min(y, h - back.height - app.px(40)))
        widgets.append(Button(tr("ui.common.back"), self.back, back, font_size=app.px(20),
                              name="back"))  # fmt: skip
        self.focus.set(widgets, focus=old)

    def play(self) -> None:
        from scenes.seats import SeatSetupScene

        self.app.stack.push(SeatSetupScene(self.app, "shv"))

    def story(self) -> None:
        self.app.scenes.push("story")

    def companion(self) -> None:
        self.app.stack.push(CompanionSetupScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        draw_background(surface)
        draw_heading(surface, app.tr(f"{K}.modes.title"), (w // 2, int(h * 0.12)), app.px(48), w)
        self.focus.draw(surface)
        for hint, rect in self.hints:
            d.draw_block(surface, rect, [(hint, False)], app.px(16), theme.TEXT_DIM, center=True)
        draw_hint(surface, app, app.tr("ui.games.keys"))


class CompanionSetupScene(FocusScene):
    """Boss and player count, with the boss card shown; Start opens the table."""

    def __init__(self, app: App, boss: str | None = None, party: int = 2) -> None:
        super().__init__(app)
        self.book = book()
        self.boss = boss if boss in self.book.bosses else self.book.order[0]
        self.party = party if party in PARTY else 2
        self.card = pygame.Rect(0, 0, 0, 0)

    def set_boss(self, value: str) -> None:
        self.boss = value

    def set_party(self, value: int) -> None:
        self.party = value

    def layout(self) -> None:
        app, tr = self.app, self.app.tr
        w, h = app.size
        m = app.px(28)
        top = app.px(86)
        side = pygame.Rect(m, top, int((w - 2 * m) * 0.38), h - top - app.px(40))
        self.card = pygame.Rect(side.right + app.px(20), top, w - m - side.right - app.px(20),
                                side.height)  # fmt: skip
        rh = max(44, app.px(52))
        lang = app.tr.lang
        bosses = [(b, self.book.name(b, lang)) for b in self.book.order]
        parties = [(n, tr(f"{K}.ui.party_value", n=n)) for n in PARTY]
        old = self.focus.current.name if self.focus.current else None
        y = side.y + app.px(90)
        widgets: list[Any] = []
        for name, label, options, value, fn in (
            ("boss", tr(f"{K}.ui.boss"), bosses, self.boss, self.set_boss),
            ("party", tr(f"{K}.ui.party"), parties, self.party, self.set_party),
        ):
            rect = pygame.Rect(side.x, y, side.width, rh)
            widgets.append(Selector(label, options, value, fn, rect, font_size=app.px(19),
                                    label_ratio=0.42, name=name))  # fmt: skip
            y += rh + app.px(14)
        bh = max(44, app.px(54))
        start = pygame.Rect(side.x, side.bottom - 2 * bh - app.px(14), side.width, bh)
        back = pygame.Rect(side.x, side.bottom - bh, side.width, bh)
        widgets.append(Button(tr(f"{K}.ui.start"), self.start, start, primary=True,
                              font_size=app.px(24), name="start"))  # fmt: skip
        widgets.append(Button(tr("ui.common.back"), self.back, back, font_size=app.px(20),
                              name="back"))  # fmt: skip
        self.intro = pygame.Rect(side.x, side.y, side.width, app.px(84))
        self.focus.set(widgets, focus=old or "start")

    def start(self) -> None:
        from scenes.table import open_table

        seed = self.app.seed if self.app.seed is not None else random.randrange(1, 2**32)
        match = new_match(K, companion_config(self.app, self.boss, self.party), seed)
        self.app.stack.replace(open_table(self.app, match))

    def draw(self, surface: pygame.Surface) -> None:
        app, tr, lang = self.app, self.app.tr, self.app.tr.lang
        w = surface.get_width()
        draw_background(surface)
        draw_heading(surface, tr(f"{K}.ui.setup_title"), (w // 2, app.px(44)), app.px(40), w)
        d.draw_block(surface, self.intro, [(tr(f"{K}.ui.setup_intro"), False)], app.px(17))
        self.focus.draw(surface)
        boss_card(surface, self.card, app, self.boss, self.party, lang)
        draw_hint(surface, app, tr(f"{K}.ui.setup_keys"))


def boss_card(surface: pygame.Surface, rect: pygame.Rect, app: App, boss_id: str,
              party: int | None, lang: str, *, lore: bool = True) -> None:  # fmt: skip
    """The boss card: name, element, HP for ``party`` players (the range when the
    count is not chosen yet), draws per turn, win conditions and setup (the card's
    text), passives, and the lore."""
    bk = book()
    boss = bk.bosses[boss_id]
    px = app.px
    draw_panel(surface, rect, fill=(40, 26, 30), radius=px(14), alpha=240)
    pad = px(18)
    inner = rect.inflate(-2 * pad, -2 * pad)
    name = d.draw_label(surface, bk.name(boss_id, lang), px(34), inner.topleft, inner.width,
                        theme.ACCENT, bold=True)  # fmt: skip
    tr = app.tr
    facts = " · ".join([
        tr(f"{K}.ui.element", element=bk.keyword(boss.element, lang)),
        tr(f"{K}.ui.hp_start", hp=boss.hp[party])
        if party
        else tr(f"{K}.ui.hp_range", players=f"{min(boss.hp)}–{max(boss.hp)}",
                hp=" · ".join(str(boss.hp[n]) for n in sorted(boss.hp))),  # each count (P3-6)
        tr(f"{K}.ui.per_turn", skills=_per_party(boss.skills, party),
           minions=_per_party(boss.minions, party)),
    ])  # fmt: skip
    y = d.draw_block(surface, pygame.Rect(inner.x, name.bottom + px(6), inner.width, px(48)),
                     [(facts, True)], px(18))  # fmt: skip
    paras: list[tuple[str, bool]] = [(bk.text(boss_id, lang), False)]
    for pname, line in bk.passive_lines(boss_id, lang):
        paras.append((f"{tr(f'{K}.ui.passives')} · {pname}: {line}", False))
    if lore:
        paras.append((bk.story(boss_id, "lore", lang), False))
    body = pygame.Rect(inner.x, y + px(8), inner.width, inner.bottom - y - px(8))
    d.draw_block(surface, body, paras, px(18))


def _per_party(numbers: Mapping[int, int], party: int | None) -> str:
    """A per-player-count number of the boss card: at this table's size, else the
    one number, else each count's (1-6) like the HP."""
    if party:
        return str(numbers[party])
    if len(set(numbers.values())) == 1:
        return str(next(iter(numbers.values())))
    return " · ".join(str(numbers[n]) for n in sorted(numbers))
