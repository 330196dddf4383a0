"""Sử Hộ Vương's use/pass offer band: what an Interrupt or Reaction offer answers,
why an offer would change nothing, the go-second privilege's point types."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from scenes import text, theme
from scenes.table.host import TableHost
from scenes.table.hud import label, panel
from scenes.table.shv import look

if TYPE_CHECKING:
    from game.core.contract import Action, Prompt
    from scenes.table.anim import AnimQueue
    from scenes.table.seating import Seating


class OfferTable(TableHost, Protocol):
    """What the offer band reads of the Sử Hộ Vương table (``table.ShvTable``, which
    imports this module)."""

    @property
    def view(self) -> Any: ...
    @property
    def eyes(self) -> int | None: ...
    @property
    def anims(self) -> AnimQueue: ...
    @property
    def seating(self) -> Seating: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def offer(self) -> tuple[str, int] | None: ...
    @property
    def offered(self) -> list[Action]: ...

    def card_name(self, uid: object) -> str: ...
    def seat_name(self, seat: object) -> str: ...
    def skill_name(self, uid: object, skill: object) -> str: ...
    def params(self, data: dict[str, Any]) -> dict[str, Any]: ...


DIM = (90, 96, 104)


def offer_words(t: OfferTable, prompt: Prompt | None) -> tuple[str, int] | None:
    """The offer band's words (use/pass for the viewer, who is deciding for the
    others) naming the triggering event, and the deciding seat; None: no offer.
    Worked out once per refresh (``ShvTable.prepare``), not every frame."""
    if prompt is not None and prompt.key.endswith("privilege_type"):
        return privilege_words(t, prompt)
    if prompt is None or prompt.kind != "respond":
        return None
    d = dict(prompt.params)
    event = t.app.tr(f"shvtable.window.{d.get('window', '')}", **t.params(d))
    mine = prompt.seat == t.viewer and t.eyes is not None
    kind = "react" if "react" in prompt.key else "interrupt"
    key = f"shvtable.offer.{kind}" if mine else "shvtable.offer.other"
    words = t.app.tr(key, event=event, name=t.seat_name(prompt.seat))
    uses, idle = idle_uses(t, prompt) if mine else ([], [])
    if uses and all(idle):  # P-SHV-12: say that using it now would change nothing
        skill = t.skill_name(uses[0]["source"], uses[0]["skill"])
        words += " " + t.app.tr("shvtable.offer.idle", skill=skill, reason=idle[0])
    return words, prompt.seat


def idle_uses(t: OfferTable, prompt: Prompt | None) -> tuple[list[Any], list[str]]:
    """The viewer's answers to an offer and, for each, why using it now would change
    nothing ("" when it would change something)."""
    if prompt is None or prompt.kind != "respond":
        return [], []
    about = dict(prompt.params).get("about")
    uses = [a for a in t.offered if a.kind in ("react", "interrupt")]
    return uses, [idle_reason(t, a, about) for a in uses]


def changes_nothing(t: OfferTable, prompt: Prompt | None) -> bool:
    """Every answer on offer would change nothing now: the pass button is focused
    first (play-test P2-3), so a hurried Enter does not spend the skill."""
    uses, idle = idle_uses(t, prompt)
    return bool(uses) and all(idle)


def deck_points(t: OfferTable, seat: int) -> tuple[dict[str, int], dict[str, int]]:
    """What the points of a seat's own cards come to: the Tactic Points its guardians'
    skills need, summed over the cards, and the points its Tactic cards give."""
    p = t.view.players[seat]
    cards = [*p.deck, *p.hand, *(g.card for g in p.field), *p.discard]
    need: dict[str, int] = {}
    give: dict[str, int] = {}
    for uid in cards:
        data = look.card_data(t.names[uid]) if 0 <= uid < len(t.names) else {}
        for skill in data.get("skills", {}).values() if data.get("kind") == "guardian" else ():
            for k, n in skill.get("points", {}).items():
                need[k] = need.get(k, 0) + int(n)
        for k, n in data.get("points", {}).items() if data.get("kind") == "tactic" else ():
            give[k] = give.get(k, 0) + int(n)
    order = [*look.POINTS, "any", "choose"]
    return ({k: need[k] for k in order if k in need}, {k: give[k] for k in order if k in give})


def privilege_words(t: OfferTable, prompt: Prompt) -> tuple[str, int] | None:
    """While the team going second picks its Privilege's point type, before any card
    is drawn (SHV-3.4 step 2), the band says what the deck's skills need and its
    Tactics give, so the pick is not blind (P-SHV-30)."""
    if prompt.seat != t.viewer or t.eyes is None:
        return None
    need, give = deck_points(t, prompt.seat)
    if not need:
        return None
    lang = t.app.tr.lang
    words = t.app.tr("shvtable.offer.privilege", need=look.points_text(need, lang),
                     give=look.points_text(give, lang) or "—")  # fmt: skip
    return words, prompt.seat


def _effect_ref(action: Any, to: str, about: Any) -> Any:
    """Whom one effect of an answer's skill reaches: itself, or the window's card."""
    if to in ("self", "bearer"):
        return ["g", action["source"]]
    if action.get("guardian") is not None:
        return ["g", action["guardian"]]
    return list(about) if isinstance(about, (list, tuple)) else None


def idle_reason(t: OfferTable, action: Any, about: Any) -> str:
    """Why an Interrupt or Reaction offered now would change nothing ("" when it
    would, or when the table cannot tell): each of its effects ready a Ready
    guardian, heal an unhurt one, or reach a guardian that has left the field (the
    rules offer it all the same: SHV-7.3 asks only for the printed situation)."""
    tr = t.app.tr
    try:
        skill = look.card_data(t.names[action["source"]])["skills"][action["skill"]]
    except (KeyError, IndexError, TypeError):
        return ""
    on_field = {g.card: g for p in t.view.players for g in p.field}
    reasons = []
    for effect in skill.get("effects", []):
        ref = _effect_ref(action, str(effect.get("to", "target")), about)
        if not ref or ref[0] != "g":
            return ""
        g = on_field.get(ref[1])
        name = t.card_name(ref[1])
        op = effect.get("op")
        if g is None:
            reasons.append(tr("shvtable.idle.gone", name=name))
        elif op == "ready" and g.ready:
            reasons.append(tr("shvtable.idle.ready", name=name))
        elif op == "heal" and not g.damage:
            reasons.append(tr("shvtable.idle.unhurt", name=name))
        else:
            return ""
    return reasons[0] if reasons else ""


def _offer(t: OfferTable, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A use/pass offer naming its triggering event (the buttons are in the bar), once
    the board has shown that event: not while the moves before it still play (P3-2)."""
    offer = t.offer
    if offer is None or t.anims.busy:
        return
    words, seat = offer
    color, mine = t.seating.color(seat), seat == t.viewer
    panel(surface, rect, edge=color, alpha=235)
    pygame.draw.rect(surface, color, rect, 3, border_radius=8)
    size = text.fit_size(
        words, max(13, t.app.px(18)), rect.w - t.app.px(20), bold=True, min_size=10
    )
    label(surface, words, size, theme.ACCENT if mine else theme.TEXT, bold=True, center=rect.center)
