"""The Sử Hộ Vương PvE table (issue 8 item 5): the PvP table with the villain side
on top (``ShvTable`` opens this class for a ``mode: "pve"`` match).

* The Boss large in the ``boss`` zone (HP bar at this player count's maximum,
  Ready/Tired, element, passives with their text on hover), the Minions in the
  ``minions`` row (HP, posture), ongoing skill cards and Boss Treasures in
  ``vcards``; 1-6 players on one side below (the PvP fields and panels).
* The villain turn is one batch of events; :mod:`scenes.table.shv.pve_show` moves a
  copy of the villain side one event at a time as each animation starts, so the
  revealed skill card is shown big with arrows to its targets, Minions enter, act
  and fall in order, and every step is written to the log.  The Skip button (or S,
  Space, a click) finishes the sequence at once.
* A team choice (ARCHITECTURE 6.5) lights the candidates on the board and names
  them on buttons; the hot-seat hand-off goes to the deciding seat.
* The players' skills aim at the Boss and Minions: ``aim = ("v", uid)``.

Walkthrough: ``/work/wt/notes/pve-table-arch.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import Action, ArgValue, Event, Prompt
from scenes import theme
from scenes.table import recipes as rc
from scenes.table.anim import Anim
from scenes.table.entity import EntitySprite, Status
from scenes.table.events import Ref
from scenes.table.fitted import stack_buttons
from scenes.table.picker import ABSENT
from scenes.table.rows import Row
from scenes.table.shv import look, pve_draw, pve_look, pve_show
from scenes.table.shv.pve_look import BOSS_UID, VOFF
from scenes.table.shv.table import ShvTable

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import App

#: how long the villain steps this table animates show (seconds at speed 1); the
#: kit holds the others' pauses as game/shv/events.py declares (``seconds``)
PACE = {
    "boss_skill_drawn": 1.5,
    "redirected": 1.0,
}


#: events whose ``who``/``uid``/``card`` name villain cards (worded by this table)
VILLAIN_KINDS = frozenset(
    [*PACE, "minion_spawned", "villain_turn", "boss_treasure", "minion_acted", "team_choice",
     "team_chose", "villain_tired", "villain_readied", "ongoing_expired", "ongoing_destroyed",
     "villain_status", "villain_damaged", "villain_healed", "minion_destroyed", "game_over",
     "villain_status_removed", "villain_card", "villain_target", "skill_deck_reshuffled",
     "minion_deck_empty"]
)  # fmt: skip


def _initials(words: str) -> str:
    """ "Suy yếu" -> "SY": a status icon's letters (the zoomed card names it)."""
    return "".join(w[0] for w in words.split()[:2]).upper()


def villain_of(view: Any) -> Any:
    return getattr(view, "villain", None)


class ShvPveTable(ShvTable):
    """See the module doc."""

    help_key = "shvtable.pve.keys"  # + S: skip the villain turn (SHV-53)

    def __init__(self, app: App, match: Match) -> None:
        self.minion_row = Row(pygame.Rect(0, 0, 1, 1), 5, fill=0.96, sideways=True)
        self.boss = EntitySprite(("v", BOSS_UID), VOFF + BOSS_UID, pygame.Rect(0, 0, 1, 1))
        self.shown: pve_show.Shown | None = None  # the villain side while a batch plays
        self.skip_rect = pygame.Rect(0, 0, 0, 0)
        self.vtips: list[tuple[pygame.Rect, str, str]] = []  # hover tips drawn this frame
        self.vcard_spots: list[tuple[int, pygame.Rect]] = []  # ongoing/treasure cards
        self.vnames: list[str] = []
        #: Story mode's hook: called with the match when the fight is over, before the
        #: results screen; ``match.outcome()`` (winners, and the reason naming the
        #: condition met) is all it needs
        super().__init__(app, match)
        self._villain_events()

    def layout_name(self, n: int) -> str:
        return f"shv_pve_{n}"

    # -- words -------------------------------------------------------------------------------
    def vname(self, uid: object) -> str:
        if isinstance(uid, int) and 0 <= uid < len(self.vnames):
            return pve_look.name(self.vnames[uid], self.app.tr.lang)
        return "?"

    def warm_ids(self) -> list[int]:
        """The players' cards and every villain card of the match."""
        return [*super().warm_ids(), *(VOFF + uid for uid in range(len(self.vnames)))]

    def face(self, card: int, lang: str) -> Any:
        if card >= VOFF:
            uid = card - VOFF
            cid = self.vnames[uid] if 0 <= uid < len(self.vnames) else ""
            return pve_look.face(cid, lang, self.n)
        return super().face(card, lang)

    def ref_name(self, ref: object) -> str:
        if isinstance(ref, dict):  # {"player": 1} / {"guardian": 31} in villain events
            ref = next(([k[0], v] for k, v in ref.items() if k in ("player", "guardian")), ref)
        if isinstance(ref, (list, tuple)) and len(ref) == 2 and ref[0] == "v":
            return self.vname(ref[1])
        return super().ref_name(ref)

    def params(self, data: dict[str, Any]) -> dict[str, Any]:
        if "candidates" in data:  # the team-choice prompt names a villain card
            return {**self.vparams(data), "name": data.get("name", "")}
        out = super().params(data)
        if isinstance(data.get("villain"), int):  # a villain's hit on a guardian or player
            out["villain"] = self.vname(data["villain"])
        if "by" in data and data["by"] is None:  # a window opened by a villain card
            out["by"] = self._villain_source()
        return out

    def _villain_source(self) -> str:
        """The villain card resolving now (an offer's "by"), else "the villain side"."""
        turn = getattr(villain_of(self.view), "turn", None) or {}
        uid = turn.get("acting", turn.get("resolving"))
        return self.vname(uid) if isinstance(uid, int) else self.app.tr("shvtable.pve.villains")

    def vparams(self, data: dict[str, Any]) -> dict[str, Any]:
        """Words of a villain event: ``who``/``uid``/``card`` are villain uids."""
        out = super().params({k: v for k, v in data.items() if k in ("seat", "player", "winner")})
        out.update({k: v for k, v in data.items() if k not in out})
        who = data.get("who")
        uids = who if isinstance(who, list) else [who]
        out["who"] = ", ".join(self.vname(u) for u in uids if isinstance(u, int))
        for k in ("uid", "card", "by"):
            if isinstance(data.get(k), int):
                out[k] = self.vname(data[k])
        if isinstance(data.get("card"), str):
            out["card"] = pve_look.name(data["card"], self.app.tr.lang)
        if "uid" in data and "card" not in data:
            out["card"] = out["uid"]
        if "skill" in data:
            out["skill"] = self._minion_skill(data)
        for k in ("to", "target", "candidates"):
            if k in data:
                out[k] = ", ".join(self.ref_name(r) for r in pve_show.ref_list(data[k]))
        if isinstance(data.get("step"), str):
            out["step"] = self.app.tr(f"shvtable.pve.step.{data['step']}")
        if isinstance(data.get("status"), str):
            out["status"] = pve_look.keyword(data["status"], self.app.tr.lang)
        if isinstance(data.get("condition"), str):
            out["condition"] = self.app.tr(f"shvtable.pve.condition.{data['condition']}")
        return out

    def _minion_skill(self, data: dict[str, Any]) -> str:
        uid, skill = data.get("uid"), str(data.get("skill"))
        cid = self.vnames[uid] if isinstance(uid, int) and 0 <= uid < len(self.vnames) else ""
        named = pve_look.data(cid).get("skills", {}).get(skill, {}).get("name", {})
        return str(named.get(self.app.tr.lang, skill))

    def sentence(self, event: Event) -> str:
        if event.kind == "villain_healed" and not event.data.get("amount"):
            return ""  # nothing to say of a heal at full HP
        if event.kind == "villain_damaged" and not event.data.get("amount"):
            # as a Guardian's line says it: no "mất 0 máu" (play-test P2-12)
            return self.app.tr("shvtable.pve.log.villain_unhurt", **self.vparams(dict(event.data)))
        if event.kind == "resumed" and event.data.get("source") is None:
            return self.app.tr("shvtable.pve.log.villain_resumed")  # a villain card's effect
        if event.kind == "villain_turn" and event.data.get("step") == "end":
            return ""  # the "readied" line just said it (text review SHV-36)
        if event.kind == "boss_treasure":  # kept on the Boss, or resolved at once (SHV-36)
            kept = "attached" if event.data.get("persistent") else "instant"
            return self.app.tr(
                f"shvtable.pve.log.boss_treasure_{kept}", **self.vparams(dict(event.data))
            )
        if event.kind in VILLAIN_KINDS:
            key = f"shvtable.pve.log.{event.kind}"
            variant = event.data.get("as", "none" if "target" in event.data else "")
            if variant and not event.data.get("target") and self.app.tr.has(f"{key}_{variant}"):
                key = f"{key}_{variant}"
            words = self.app.tr(key, **self.vparams(dict(event.data)))
            return "" if words == key else words
        return super().sentence(event)

    # -- events ------------------------------------------------------------------------------
    def _villain_events(self) -> None:
        a, tr = self.animator, self.app.tr
        a.register("minion_destroyed", self._on_fall)  # the kit: villain_damaged, ...
        a.register("boss_skill_drawn", pve_draw.boss_card(self, PACE["boss_skill_drawn"]))
        rc.register_recipes(a, {
            "game_over": rc.Recipe(1.2, [rc.big_text(self._over_words, theme.ACCENT)]),
            "redirected": rc.Recipe(PACE["redirected"], [rc.pop(
                lambda e: ("entity", self._target_ref(e.data.get("to"))),
                lambda e: tr("shvtable.pve.big.redirected"), theme.ACCENT, size=20)]),
        })  # fmt: skip

    def _on_fall(self, e: Event) -> Anim:
        """A Minion destroyed breaks on its card (the kit's ``entity_removed``)."""
        who = e.data.get("uid")
        data: dict[str, Any] = {"entity": ("v", who)}
        if isinstance(who, int):
            data["card"] = VOFF + who
        return self.animator.handler_for("entity_removed")(Event("entity_removed", data))

    def _target_ref(self, ref: Any) -> Any:
        """An event's ``{"player": 1}`` / ``["g", 31]`` as the entity the table shows."""
        found = pve_show.targets_of("", {"to": ref})
        if not found:
            return None
        tag, value = found[0]
        return ("v", value) if tag == "v" else ("p", value) if tag == "p" else value

    def _over_words(self, e: Event) -> str:
        side = e.data.get("side")
        return self.app.tr(f"shvtable.pve.big.{side}") if side else ""

    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        what, value = ref
        if what == "entity" and isinstance(value, tuple) and len(value) == 2:
            if value[0] == "v":
                return self._foe_rect(int(value[1]))
            if value[0] == "p":
                return self.seat_rect(int(value[1]))
        return super().rect_of(ref)

    def _foe_rect(self, uid: int) -> pygame.Rect | None:
        if uid == BOSS_UID:
            return self.boss.bounds
        sprite = self.minion_row.get(("v", uid))
        return sprite.bounds if sprite is not None else self.gone.get(("v", uid))

    def on_events(self, events: list[Event]) -> None:
        v = villain_of(self.view)
        if v is not None and (self.shown is None or not self.anims.busy):
            self.shown = pve_show.from_view(v)  # the side as it was before the batch
            self.shown.live = True
        super().on_events(events)

    def event_started(self, event: Event) -> None:
        if self.shown is not None and self.shown.live:
            pve_show.apply(self.shown, event.kind, dict(event.data))
            self._sync_villains(self.dur(0.3))
            self.set_banner()
        super().event_started(event)

    def set_banner(self) -> None:
        """While the villain turn plays, the banner names its step (the state may
        already wait for a later decision: that comes when the sequence ends)."""
        shown = self.shown
        if shown is not None and shown.live and self.anims.busy and shown.step:
            words = pve_draw.step_text(self, shown)
            self.banner.set(self.app.tr("shvtable.pve.villains"), words, pve_draw.VILLAIN, 0, "")
            return
        super().set_banner()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.minion_row.update(dt)
        self.boss.update(dt)
        if self.shown is not None and not self.anims.busy:
            self.shown = None
            self._sync_villains(self.dur(0.25))

    def skip(self) -> None:
        """Finish the villain sequence at once (every step still goes to the log)."""
        self.anims.skip()

    # -- view --------------------------------------------------------------------------------
    def villain(self) -> pve_show.Shown | None:
        """The villain side as drawn: the stepped copy while a batch plays, else the view."""
        if self.shown is not None:
            return self.shown
        v = villain_of(self.view)
        if v is None:
            return None
        shown = pve_show.from_view(v)
        if getattr(self.view, "phase", "") == "over":  # the game ended mid-card: at rest
            shown.actor = shown.revealed = None
        return shown

    def sync(self, animate: bool = True) -> None:
        v = villain_of(self.view)
        if v is not None:
            self.vnames = list(v.names)
        super().sync(animate)
        self._sync_villains(self.dur(0.25, animate))

    def _sync_villains(self, duration: float) -> None:
        shown = self.villain()
        if shown is None:
            return
        if len(shown.names) > len(self.vnames):
            self.vnames = list(shown.names)
        self._place_boss()  # a Tired Boss is dimmed, not turned (pve_draw)
        listed = [(("v", m.uid), VOFF + m.uid) for m in shown.minions]
        for sprite in self.minion_row.sync(listed, spawn=self.rects["boss"], duration=duration):
            self.gone[sprite.uid] = sprite.bounds
        for m in shown.minions:
            entity = self.minion_row.get(("v", m.uid))
            if entity is not None:
                entity.tired = not m.ready
                entity.set_statuses(self._statuses(m.statuses))

    def _statuses(self, statuses: dict[str, int]) -> list[Status]:
        """A Minion's statuses as the kit's icons (short name, colour, X)."""
        tr, colors = self.app.tr, look.STATUS_COLORS
        return [Status(_initials(tr(f"shvtable.status.{k}")), colors.get(k, theme.ACCENT),
                       None if k == "stealth" else n)
                for k, n in sorted(statuses.items()) if n]  # fmt: skip

    def _place_boss(self) -> None:
        self.boss.place(pve_draw.boss_card_rect(self))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        r = self.rects["minions"]
        self.minion_row.rect = r.inflate(-self.app.px(8), -self.app.px(6))
        self.minion_row.relayout(0.0)
        self._place_boss()

    def at_rest(self) -> list[Any]:
        return [*super().at_rest(), *self.minion_row.sprites, self.boss]

    # -- input -------------------------------------------------------------------------------
    def aim_spots(self) -> list[tuple[ArgValue, pygame.Rect]]:
        out = super().aim_spots()
        if not out:
            return out
        out.append((("v", BOSS_UID), self.boss.bounds))
        out += [(s.uid, s.bounds) for s in self.minion_row.sprites if isinstance(s.uid, tuple)]
        return out

    def team_decision(self) -> bool:
        """A team choice (the villain's tied target, SHV-10.5): the players share what
        it needs to know, so whoever's seat it falls to answers it without a hand-off
        (P-SHV-23)."""
        seat = self.to_move
        if seat is None or self.match.seats[seat].is_ai or villain_of(self.view) is None:
            return False
        legal = self.match.legal_actions()
        return bool(legal) and all(a.kind == "choose_target" for a in legal)

    def team_choice(self) -> list[ArgValue] | None:
        """The candidates of a team choice the viewer answers now, else None."""
        choices = [a for a in self.offered if a.kind == "choose_target"]
        if not choices or villain_of(self.view) is None or len(choices) != len(self.offered):
            return None
        turn = getattr(villain_of(self.view), "turn", {}) or {}
        if not turn.get("step") and getattr(self.view, "step", "") != "villain":
            return None
        return [self._aim_of(a) for a in choices]

    @staticmethod
    def _aim_of(a: Action) -> ArgValue:
        for key, tag in (("villain", "v"), ("guardian", "g"), ("player", "p")):
            if a.get(key) is not None:
                return (tag, a[key])
        return ABSENT

    def prepare(self, legal: list[Action], prompt: Prompt | None) -> None:
        super().prepare(legal, prompt)
        self.choice = self.team_choice()

    def buttons(self) -> None:
        super().buttons()
        if self.choice and not self.bar.buttons:  # name every candidate on a button too
            self.bar.set([(self.ref_name(c), self._answer("aim", c)) for c in self.choice])
            stack_buttons(self.bar, self.app.px(6))

    def handle(self, event: pygame.event.Event) -> bool:
        busy = self.anims.busy and self.shown is not None
        if busy and event.type == pygame.KEYDOWN and event.key in (pygame.K_s, pygame.K_SPACE):
            self.skip()
            self.app.press_done()  # a held key does not go on to the buttons (issue 34)
            return True
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if busy and click and self.skip_rect.collidepoint(event.pos):
            self.skip()
            self.app.press_done()
            return True
        return super().handle(event)

    def card_at(self, pos: tuple[int, int]) -> tuple[int | None, pygame.Rect | None]:
        found = pve_draw.card_at(self, pos)
        return found if found is not None else super().card_at(pos)

    def tip(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        hit = next((t for t in self.vtips if t[0].collidepoint(pos)), None)
        return (hit[1], hit[2]) if hit is not None else super().tip(pos)

    # -- drawing -----------------------------------------------------------------------------
    def draw_order(self, surface: pygame.Surface) -> None:
        pve_draw.order(self, surface, self.rects["order"])

    def draw_layer(self, surface: pygame.Surface, layer: str) -> None:
        if layer == "under":
            pve_draw.villains(self, surface)
        else:
            pve_draw.reveal(self, surface)


def arena_config(boss: str, names: list[str], controls: list[str] | None = None) -> dict[str, Any]:
    """The match config of an arena fight (``Match("shv", config, seed)``): the seats
    (``"human"`` / ``"ai"``), all on the players' side, and the Boss chosen."""
    controls = controls or ["human"] * len(names)
    seats = [{"name": n, "control": c} for n, c in zip(names, controls, strict=True)]
    return {"mode": "pve", "players": len(names), "seats": seats, "options": {}, "boss": boss}
