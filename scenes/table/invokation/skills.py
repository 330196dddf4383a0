"""Thất Thánh Triệu Hồi skill buttons: each skill of the active character with its
cost after discounts, a Charged or Plunging tag, and its tip (why greyed, what it does)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.contract import Action
from scenes import theme
from scenes.table.fitted import draw_pill, fit_text, pill_width
from scenes.table.host import TableHost
from scenes.table.hud import label
from scenes.table.invokation import look
from scenes.table.invokation.look import DIM

if TYPE_CHECKING:
    from game.core.contract import IllegalAction
    from scenes.table.invokation.model import Board


class SkillsTable(TableHost, Protocol):
    """What the skill buttons read of the Thất Thánh Triệu Hồi table
    (``table.InvokationTable``, which imports this module)."""

    @property
    def board_view(self) -> Board | None: ...
    @property
    def offered(self) -> list[Action]: ...
    @property
    def rects(self) -> dict[str, pygame.Rect]: ...
    @property
    def skill_buttons(self) -> list[SkillButton]: ...

    def preview(self, name: str, *args: Any) -> Any: ...
    def reason(self, problem: IllegalAction) -> str: ...
    def add_tip(self, rect: pygame.Rect, title: str, body: str) -> None: ...


@dataclass
class SkillButton:
    skill: str
    rect: pygame.Rect
    name: str
    cost: dict[str, int]
    usable: bool
    reason: str
    burst: bool
    energy: int = 0  # the energy a burst needs
    now: dict[str, int] | None = None  # the cost after cost modifiers (GI-4.6); None: as printed
    lowered_by: tuple[str, ...] = ()  # the cards (or passives) that lowered it
    charged: bool = False  # a Normal Attack used now is a Charged Attack (GI-7.12)
    plunging: bool = False  # ... a Plunging Attack (GI-7.13)
    text: str = ""  # what the skill does (its card text)

    @property
    def paid(self) -> dict[str, int]:
        """The cost the payment asks: after discounts when they are known."""
        return self.cost if self.now is None else self.now


def skill_buttons(t: SkillsTable) -> list[SkillButton]:
    """One button per skill of the viewer's active character, with its cost;
    greyed with the rules' reason when it cannot be used now."""
    b, me = t.board_view, t.viewer
    if b is None or me is None or me >= len(b.sides) or b.phase not in ("action", ""):
        return []
    s = b.sides[me]
    if s.active is None or s.active >= len(s.chars):
        return []
    c = s.chars[s.active]
    found = look.skills(c.card)
    if not found:
        return []
    z, px = t.rects["skills"], t.app.px
    gap = px(8)
    w = min(px(190), (z.w - gap * (len(found) - 1)) // len(found))
    x0 = z.centerx - (len(found) * w + (len(found) - 1) * gap) // 2
    legal = {a["skill"] for a in t.offered if a.kind == "skill"}
    lang, out = t.app.tr.lang, []
    for i, (k, data) in enumerate(found):
        rect = pygame.Rect(x0 + i * (w + gap), z.y + px(4), w, z.h - px(8))
        usable = k in legal
        reason = "" if usable else skill_reason(t, k)
        price = t.preview("skill_price", k)
        charged, plunging = t.preview("attack", k) or (False, False)
        out.append(
            SkillButton(
                k,
                rect,
                look.skill_name(c.card, k, lang),
                dict(data.get("cost", {})),
                usable,
                reason,
                data.get("type") == "burst",
                c.max_energy,
                now=dict(price.now) if price is not None else None,
                lowered_by=tuple(price.by) if price is not None else (),
                charged=bool(charged),
                plunging=bool(plunging),
                text=look.text(c.card, lang, k),
            )
        )
    return out


def skill_reason(t: SkillsTable, skill: str) -> str:
    tr = t.app.tr
    if not t.offered:
        return tr("invokationtable.refused.not_now")
    problem = t.rules.explain(
        t.match.state, Action.make("skill", t.viewer or 0, skill=skill, dice=[])
    )
    said = t.reason(problem) if problem is not None else ""
    return tr("invokationtable.refused.skill", reason=said or tr("invokationtable.refused.not_now"))


ATTACK = (236, 176, 72)  # the Charged / Plunging tag on the Normal Attack button


def attack_tag(t: SkillsTable, bt: SkillButton) -> str:
    """ "Trọng Kích" / "Tấn Công Khi Đáp" when the Normal Attack is one now (GI-7.12,
    GI-7.13), else ""."""
    lang = t.app.tr.lang
    return ", ".join(look.keyword(k, lang) for k, on in
                     (("charged", bt.charged), ("plunging", bt.plunging)) if on)  # fmt: skip


def skill_tip(t: SkillsTable, bt: SkillButton) -> str:
    """What the skill does, its cost as it will be paid (and what lowered it), why it
    is a Charged or Plunging Attack now, and why it cannot be used (issue 34 P-GI-8)."""
    tr, lang = t.app.tr, t.app.tr.lang
    words = ", ".join(look.cost_text(bt.paid, lang).split(" + "))
    if bt.burst:
        words += ", " + tr("invokationtable.tip.energy", count=bt.energy)
    lines = [bt.text] if bt.text else []
    cost = tr("invokationtable.tip.cost", cost=words)
    if bt.lowered_by:
        names = ", ".join(_holder_name(t, k) for k in bt.lowered_by)
        printed = ", ".join(look.cost_text(bt.cost, lang).split(" + "))
        cost = tr("invokationtable.tip.cost_lowered", cost=words, printed=printed, by=names)
    lines.append(cost)
    if bt.charged:
        dice = t.board_view.sides[t.viewer or 0].dice if t.board_view is not None else []
        lines.append(tr("invokationtable.tip.charged", count=len(dice)))
    if bt.plunging:
        lines.append(tr("invokationtable.tip.plunging"))
    if bt.reason:
        lines.append(bt.reason)
    return "\n".join(lines)


def _holder_name(t: SkillsTable, key: str) -> str:
    """A cost modifier's name: a card, or a passive skill of the active character."""
    lang = t.app.tr.lang
    if look.card_data(key):
        return look.name(key, lang)
    b, me = t.board_view, t.viewer or 0
    active = b.sides[me].active if b is not None and me < len(b.sides) else None
    if b is not None and active is not None:
        return look.skill_name(b.sides[me].chars[active].card, key, lang)
    return key


def _skills(t: SkillsTable, surface: pygame.Surface) -> None:
    px = t.app.px
    size = max(10, px(14))
    for bt in t.skill_buttons:
        fill = (56, 76, 116) if bt.usable else (44, 46, 52)
        pygame.draw.rect(surface, fill, bt.rect, border_radius=px(8))
        pygame.draw.rect(
            surface, theme.ACCENT if bt.usable else DIM, bt.rect, 2, border_radius=px(8)
        )
        top = pygame.Rect(bt.rect.x + px(4), bt.rect.y + px(3), bt.rect.w - px(8), size + px(6))
        ink = theme.TEXT if bt.usable else theme.TEXT_DIM
        fit_text(surface, f"⚔ {bt.name}", top, size, ink)
        x = bt.rect.x + px(10)
        y = bt.rect.bottom - px(14)
        paid = bt.paid
        for element, n in bt.cost.items():
            now = paid.get(element, 0)
            look.icon_at(surface, element, (x + px(8), y), px(8))
            at = label(surface, str(now), size, theme.GOOD if now < n else ink, bold=True,
                       midleft=(x + px(18), y))  # fmt: skip
            if now < n:  # the printed number, struck through (a discount, GI-4.6)
                was = label(surface, str(n), max(9, size - 3), theme.TEXT_DIM,
                            midleft=(at.right + px(2), y))  # fmt: skip
                pygame.draw.line(surface, theme.TEXT_DIM, was.midleft, was.midright, 1)
                x += was.w + px(2)
            x += px(34)
        if bt.burst:  # a burst needs (and spends) full energy (GI-4.1)
            look.icon_at(surface, "energy", (x + px(8), y), px(8))
            label(surface, str(bt.energy), size, look.COLORS["energy"], bold=True,
                  midleft=(x + px(18), y))  # fmt: skip
        tag = attack_tag(t, bt)
        if tag:  # the Normal Attack is Charged / Plunging now: a tag on the button's edge
            tsize = max(10, px(12))
            w = min(bt.rect.w - px(16), pill_width(tag, tsize, px(8)))
            h = max(14, px(17))  # above the button's edge, clear of its name
            box = pygame.Rect(bt.rect.right - px(8) - w, bt.rect.y - h + px(3), w, h)
            draw_pill(surface, box, tag, ATTACK, tsize)
        title = f"{bt.name} · {tag}" if tag else bt.name
        t.add_tip(bt.rect, title, skill_tip(t, bt))
