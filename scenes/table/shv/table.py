"""The Sử Hộ Vương table for 2, 4 and 6 players, assembled from the kit
(``KitTable``; walkthrough: ``/work/wt/notes/shv-table-arch.md``).

Args on the board: ``card`` (hand), ``use`` = (source, skill) of an Active skill
(the skill chips under the viewer's guardians), ``aim`` = ``("g", uid)`` /
``("p", seat)`` (guardians and seat panels), ``zone`` = the viewer's field (a
summon).  Offers, setup choices and the rest are one button per legal action."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import Action, ArgValue, Event, Prompt
from scenes.table.events import Ref
from scenes.table.fitted import stack_buttons
from scenes.table.kittable import KitTable
from scenes.table.picker import ABSENT, KIND, ActionPicker
from scenes.table.rows import Row
from scenes.table.shv import draw, look, offers, panels, tips
from scenes.table.snapshot import Snapshots
from scenes.table.turnorder import TeamSeating

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import App

BOARD_KINDS = ("summon", "give_tactic", "attach", "treasure", "activate", "privilege",
               "place_guardian", "discard", "choose_target", "end_turn")  # fmt: skip
AIMED = ("activate", "give_tactic", "attach", "treasure", "privilege", "choose_target")
#: the decline of a start/end-of-turn declaration (SHV-4.1 B2, 4.3 B2: declaring is optional)
DECLARE_STEPS = ("declare_start", "declare_end")
FLAG_STATUSES = frozenset({"stealth"})  # statuses without a number (SHV-9.6)
OFFER_KINDS = ("interrupt", "react")


def _aim(action: Action) -> ArgValue:
    if action.kind not in AIMED:
        return ABSENT
    if action.get("villain") is not None:  # PvE: the Boss or a Minion (SHV-10.7.8)
        return ("v", action["villain"])
    if action.get("guardian") is not None:
        return ("g", action["guardian"])
    return ("p", action["player"]) if action.get("player") is not None else ABSENT


def _use(action: Action) -> ArgValue:
    return (action["source"], action["skill"]) if action.kind == "activate" else ABSENT


def _zone(action: Action) -> ArgValue:
    """A summon, the face-down setup guardian or a treasure with no target is
    dropped on the viewer's field."""
    aimless = action.kind == "treasure" and _aim(action) is ABSENT
    return "field" if action.kind in ("summon", "place_guardian") or aimless else ABSENT


def damage_key(data: dict[str, Any]) -> str:
    """The damage line's variant: a hit, a hit partly blocked, a hit wholly blocked,
    or no damage at all (text review SHV-30)."""
    dealt, blocked = int(data.get("dealt", 0) or 0), int(data.get("blocked", 0) or 0)
    if dealt > 0:
        return "shv.log.damage_blocked" if blocked > 0 else "shv.log.damage"
    return "shv.log.damage_all_blocked" if blocked > 0 else "shv.log.damage_none"


class ShvTable(KitTable):
    button_keys = "shvtable.kind"
    help_key = "shvtable.keys"  # the controls line under the buttons (text review SHV-53)
    toast_zone = "offer"  # the band between the sides: no panel or guardian covered

    def layout_name(self, n: int) -> str:
        return f"shv_{n}"

    def __init__(self, app: App, match: Match) -> None:
        st, n = match.state, match.rules.num_seats(match.state)
        self.names: list[str] = list(st.names)
        self.fields = {
            s: Row(pygame.Rect(0, 0, 1, 1), 3, sideways=True, fill=0.94, spread=2.0)
            for s in range(n)
        }
        self.gone: dict[Any, pygame.Rect] = {}  # where removed guardians were (their flash)
        self.chips: list[draw.Chip] = []  # the viewer's skill chips
        self.chips_beside = False  # ...on the equipment line (``place_fields``)
        self.chip_menu: int | None = None  # the guardian whose "+N" skills are listed
        self.offer: tuple[str, int] | None = None  # the offer band's words and its seat
        self.offer_idle = False  # every answer on offer would change nothing (P2-3)
        self.snapshots = Snapshots()  # seat panels and the turn order (draw.py)
        seating = TeamSeating(list(st.order), [p.team for p in st.players])
        picker = ActionPicker(
            order=("use", "card", KIND, "aim", "zone"),
            derived={"aim": _aim, "use": _use, "zone": _zone},
        )
        super().__init__(app, match, layout=self.layout_name(n), faces=self.face, picker=picker,
                         sources=("use", "card", KIND), seating=seating)  # fmt: skip
        self.input.click_submits = (KIND, "use")
        self.board.bind("card", self.hand.spots)
        self.board.bind("zone", lambda: [("field", self.field_rect(self.viewer or 0))])
        self.board.bind("aim", self.aim_spots)
        self.board.bind("use", lambda: [(c.pick, c.rect) for c in self.chips
                                        if c.usable and not c.more])  # fmt: skip
        self.board.stand_in("use", lambda: [(m.pick, c.rect) for c in self.chips for m in c.more])
        self._events()

    def _events(self) -> None:
        """The kit animates this game's kinds as game/shv/events.py declares (damage,
        MP, drawn, summoned, KO, statuses...) in this table's words; the PvE table
        animates its villains' own (``pve.py``)."""
        a, tr = self.animator, self.app.tr
        a.say = lambda key, data: tr(key, **{**data, "name": self.seat_name(data.get("seat"))})
        a.status_words = self._status_words

    def _status_words(self, d: Mapping[str, Any]) -> str:
        lang, amt = self.app.tr.lang, d.get("amount")
        word = look.keyword(str(d.get("status")), lang)
        return f"{word} {amt}" if d.get("status") != "stealth" and amt else word

    # -- names -------------------------------------------------------------------------------
    def warm_ids(self) -> list[int]:
        """Every card of the match (its instance ids), for the faces drawn ahead."""
        return list(range(len(self.names)))

    def face(self, card: int, lang: str) -> Any:
        return look.face(self.names[card] if 0 <= card < len(self.names) else "", lang)

    def card_name(self, uid: object) -> str:
        if isinstance(uid, int) and 0 <= uid < len(self.names):
            return look.name(self.names[uid], self.app.tr.lang)
        return "?"

    def seat_name(self, seat: object) -> str:
        return self.match.seats[seat].name if isinstance(seat, int) else "?"

    def ref_name(self, ref: object) -> str:
        if isinstance(ref, (list, tuple)) and len(ref) == 2:
            return self.card_name(ref[1]) if ref[0] == "g" else self.seat_name(ref[1])
        return self.card_name(ref)

    def skill_name(self, uid: object, skill: object) -> str:
        """A skill's name; a treasure's own effect (no skill) is named by its card."""
        if skill is None:
            return self.card_name(uid)
        try:
            return look.skill_name(self.names[uid], str(skill), self.app.tr.lang)  # type: ignore[call-overload]
        except (KeyError, IndexError, TypeError):
            return str(skill)

    def params(self, data: dict[str, Any]) -> dict[str, Any]:
        out, lang = dict(data), self.app.tr.lang
        for k in ("seat", "player", "winner"):
            if isinstance(data.get(k), int):
                out[k] = self.seat_name(data[k])
        for k in ("guardian", "source", "card", "by", "about", "target", "trigger", "kept",
                  "discarded"):  # fmt: skip
            if k in data and data[k] is not None:
                out[k] = self.ref_name(data[k])
        if "skill" in data:
            out["skill"] = self.skill_name(data.get("source"), data["skill"])
        for k in ("point_type", "type"):
            if isinstance(data.get(k), str):
                out[k] = self.app.tr(f"shvtable.point.{data[k]}")
        if isinstance(data.get("window"), str):
            out["window"] = self.app.tr(f"shv.window.{data['window']}")
        if isinstance(data.get("status"), str):
            out["status"] = look.keyword(data["status"], lang)
        if "guardian" in out or "player" in out:  # who a damage event hit
            out["victim"] = out.get("guardian", out.get("player"))
        if isinstance(data.get("ready"), bool):
            out["posture"] = self.app.tr(
                f"shvtable.posture.{'ready' if data['ready'] else 'tired'}"
            )
        if data.get("phase") in DECLARE_STEPS:  # "đầu lượt", not ``declare_start`` (SHV-02)
            out["phase"] = self.app.tr(f"shvtable.phase.{data['phase']}")
        return out

    def prompt_params(self, params: dict[str, Any]) -> dict[str, Any]:
        return {**self.params(params), "name": params.get("name", "")}

    def prompt_key(self, prompt: Prompt) -> str:
        """The table's own words where the rules' prompt names no button to press:
        the start/end-of-turn declaration (optional, SHV-4.1 B2, 4.3 B2) and Sứ Giả's
        attach, made by dragging the Tactic onto the Guardian (SHV-5.2)."""
        phase = prompt.params.get("phase")
        if prompt.key == "shv.prompt.declare" and phase in DECLARE_STEPS:
            return f"shvtable.prompt.{phase}"
        if prompt.key == "shv.prompt.attach":
            return "shvtable.prompt.attach"
        return prompt.key

    def sentence(self, event: Event) -> str:
        if event.kind == "healed" and not event.data.get("amount"):
            return ""  # nothing to say of a heal at full HP
        key = f"shv.log.{event.kind}"
        if event.kind == "treasure_used":  # naming its target (P-SHV-31)
            aimed = [k for k in ("guardian", "villain", "player") if event.data.get(k) is not None]
            key = f"{key}_{aimed[0]}" if aimed else key
        elif event.kind == "damage":  # no "(chặn 0)", no "nhận 0 sát thương" (SHV-30)
            key = damage_key(event.data)
        elif event.kind == "status_added" and event.data.get("status") in FLAG_STATUSES:
            key = "shv.log.status_added_flag"  # Tàng hình has no number (SHV-26)
        elif event.kind == "resumed" and event.data.get("skill") is None:
            key = "shv.log.resumed_card"  # a Treasure's own effect resumes (SHV-03)
        said = self.app.tr(key, **self.params(dict(event.data)))
        return "" if said == key else said

    def refusal(self, picks: dict[str, ArgValue]) -> str:
        return self.app.tr("shvtable.refused")

    def skill_reason(self, chip: draw.Chip) -> str:
        """Why a greyed skill cannot be used: the rules' own refusal and the Tactic
        Points it needs and lacks (the chip's tip says the same, P-SHV-14)."""
        said = tips.chip_needs(self, chip.pick)
        return self.app.tr(
            "shvtable.skill_refused", skill=chip.label, reason=said or self.refusal({})
        )

    # -- where things are --------------------------------------------------------------------
    def field_rect(self, seat: int) -> pygame.Rect:
        return self.rects[f"field_{self.seating.position(seat)}"]

    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        what, value = ref
        if what == "entity":
            sprite = next((r.get(value) for r in self.fields.values() if r.get(value)), None)
            return sprite.bounds if sprite is not None else self.gone.get(value)
        if what == "zone" and value[0] == "field" and isinstance(value[1], int):
            return self.field_rect(value[1])
        if what == "zone" and value[0] in ("deck", "discard") and isinstance(value[1], int):
            return self.seat_rect(value[1])
        if what == "center":  # the spotlight and big words: the middle of the table
            return self.rects["offer"].inflate(0, self.app.px(300))
        return super().rect_of(ref) or self.rects["offer"]

    def aim_spots(self) -> list[tuple[ArgValue, pygame.Rect]]:
        """Seat panels and guardians (none while only a summon is left: a guardian
        dropped on a guardian of the field still summons)."""
        if all(v is ABSENT for v in self.input.picker.candidates("aim")):
            return []
        out: list[tuple[ArgValue, pygame.Rect]] = [
            (("p", s), self.seat_rect(s)) for s in range(self.n)
        ]
        for row in self.fields.values():
            out.extend((("g", s.uid), s.bounds) for s in row.sprites if isinstance(s.uid, int))
        return out

    def strip(self) -> int:
        return strip_height(self.app.px)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.place_fields(0.0)

    def place_fields(self, duration: float) -> None:
        """Lay the fields out; the viewer's skill chips share the equipment line
        (``chips_beside``) when a line of their own would leave the viewer's guardians
        too small for whole names (six players in co-op at 1024x600: 34-px cards
        against the teammates' 43)."""
        mine = self.viewer is not None and self.eyes is not None
        self.chips_beside = mine and (
            field_row(self.field_rect(self.viewer or 0), 3, self.app.px).h < READABLE_ROW
        )
        for seat, row in self.fields.items():
            lines = 3 if seat == self.viewer and not self.chips_beside else 2
            r = self.field_rect(seat)
            row.rect = field_row(r, lines, self.app.px)
            row.capacity = max(2, min(4, round(r.w / max(1, row.rect.h))))
            row.relayout(duration)

    # -- view --------------------------------------------------------------------------------
    def sync(self, animate: bool = True) -> None:
        v, d = self.view, self.dur(0.25, animate)
        self.seating.turn_to(self.viewer)
        self.place_fields(d)
        for seat, p in enumerate(v.players):
            shown: list[tuple[Any, int]] = [(g.card, g.card) for g in p.field]
            if p.setup_guardian is not None and not p.field:
                shown.append((("setup", seat), p.setup_guardian))
            row = self.fields[seat]
            for sprite in row.sync(shown, spawn=self.spawn_rect(seat, row, shown), duration=d):
                self.gone[sprite.uid] = sprite.bounds
            by_uid = {g.card: g for g in p.field}
            for sprite in row.sprites:
                g = by_uid.get(sprite.uid)
                sprite.face_up = sprite.card >= 0
                if g is not None:
                    self._dress(sprite, g)
        self.hand.sync(self.hand_cards(self.legal()), spawn=self.seat_rect(self.viewer or 0),
                       duration=d)  # fmt: skip
        self.controls()

    def hand_cards(self, legal: list[Action]) -> list[int]:
        """What the hand shows: the viewer's hand; while they choose their face-down
        guardian, the deck's guardians that may go face down (SHV-3.4.4), as cards."""
        seat = self.viewer if self.eyes is not None else None
        mine = self.view.players[seat].hand if seat is not None else []
        return [a["card"] for a in legal if a.kind == "place_guardian"] or list(mine)

    def spawn_rect(self, seat: int, row: Row, shown: list[tuple[Any, int]]) -> pygame.Rect:
        """Where a new guardian comes from: its card in the viewer's hand (summoned from
        there: it travels to the field), else the seat's panel (its player's hand)."""
        for uid, card in shown:
            held = self.card_rect(card) if row.get(uid) is None else None
            if held is not None:
                return held
        return self.seat_rect(seat)

    def _dress(self, sprite: Any, g: Any) -> None:
        sprite.tired = not g.ready  # its HP: draw.draw_hp's heart badge (P-SHV-10)

    def legal(self) -> list[Action]:
        """The rules list one of identical hand cards (any copy is accepted): offer all."""
        out, v = super().legal(), self.view
        hand = v.players[self.viewer].hand if out and self.viewer is not None else []
        nm = self.names
        same = [(a, c) for a in out if a.kind != "place_guardian" and a.get("card") in hand
                for c in hand if c != a["card"] and nm[c] == nm[a["card"]]]  # fmt: skip
        return out + [Action(a.kind, a.seat, tuple((k, c if k == "card" else x) for k, x in a.args))
                      for a, c in same]  # fmt: skip

    def at_rest(self) -> list[Any]:
        return [*super().at_rest(), *(s for row in self.fields.values() for s in row.sprites)]

    def prepare(self, legal: list[Action], prompt: Prompt | None) -> None:
        super().prepare(legal, prompt)  # self.offered is ``legal`` from here on
        cards = self.hand_cards(legal)
        if [s.card for s in self.hand.sprites] != cards:  # P-SHV-2: the placement
            # prompt may come once the animations end (no hand-off in between): the
            # hand then turns into the deck's guardians here, not in ``sync``
            self.hand.sync(cards, spawn=self.seat_rect(self.viewer or 0), duration=self.dur(0.25))
        self.chip_menu = None
        self.lay_chips()
        self.offer = offers.offer_words(self, prompt)
        self.offer_idle = self.eyes is not None and offers.changes_nothing(self, prompt)

    def lay_chips(self) -> None:
        self.chips = draw.chips(self) if self.viewer is not None and self.eyes is not None else []

    def open_chip_menu(self, guardian: int | None) -> None:
        """List the skills behind a guardian's "+N" chip (None closes the list)."""
        self.chip_menu = guardian
        self.lay_chips()

    # -- buttons -----------------------------------------------------------------------------
    def buttons(self) -> None:
        picker, ask, tr = self.input.picker, self.input.asking, self.app.tr
        out = [(self.action_label(a), self._presser(a)) for a in self.offered
               if a.kind not in BOARD_KINDS]  # fmt: skip
        if KIND not in picker.picked:
            out += [(tr(f"shvtable.kind.{k}"), self._chooser(k)) for k in picker.candidates(KIND)
                    if k in ("privilege", "end_turn")]  # fmt: skip
        board_only = all(a.kind in BOARD_KINDS for a in picker.remaining)
        if ask is not None and ask.arg != KIND and board_only and not self.board.spots([ask.arg]):
            said = [self.value_label(v) for v in ask.values]
            said = [self.told_apart(v, w, said) for v, w in zip(ask.values, said, strict=True)]
            out += [(w, self._answer(ask.arg, v)) for v, w in zip(ask.values, said, strict=True)]
        self.bar.set(out)
        stack_buttons(self.bar, self.app.px(6))
        if self.offer_idle:  # the pass first: a hurried Enter does not spend the skill
            passes = [i for i, a in enumerate(self.offered) if a.kind == "pass"]
            shown = [a for a in self.offered if a.kind not in BOARD_KINDS]
            at = next((shown.index(self.offered[i]) for i in passes
                       if self.offered[i] in shown), None)  # fmt: skip
            if at is not None and self.bar.group.index != at:
                self.bar.group.index = at
                self.bar.group._sync()

    def _presser(self, action: Action) -> Any:
        return lambda: self.press(action)

    def _answer(self, arg: str, value: ArgValue) -> Any:
        return lambda: self.input.choose(arg, value)

    def told_apart(self, value: ArgValue, words: str, all_words: list[str]) -> str:
        """Two buttons would read alike ("Ma Trơi", "Ma Trơi"): a guardian's button
        names its owner too ("Ma Trơi (An)"; play-test P3-7)."""
        if all_words.count(words) < 2 or not isinstance(value, (list, tuple)):
            return words
        if len(value) != 2 or value[0] != "g":
            return words
        for p in getattr(self.view, "players", ()):
            if any(g.card == value[1] for g in p.field):
                return f"{words} ({self.seat_name(p.seat)})"
        return words

    def value_label(self, value: ArgValue) -> str:
        if isinstance(value, str):
            said = self.app.tr(f"shvtable.point.{value}")
            return value if said.startswith("shvtable.") else said
        return self.ref_name(value)

    def action_label(self, a: Action) -> str:
        """What a legal action does, in words: each button says it, naming the cards,
        skills and targets (Sứ Giả's attach: "Gắn Thế Kim cho Thánh Gióng")."""
        tr, d = self.app.tr, dict(a.args)
        if a.kind == "done":  # SHV-4.1 B2, 4.3 B2, 7.9: declaring is optional
            some = bool(getattr(self.view, "declared", None))
            return tr(f"shvtable.kind.{'declare_no_more' if some else 'declare_none'}")
        for k in ("type", "point_type"):
            if isinstance(d.get(k), str) and len(d) == 1:  # a point type chosen alone
                return self.value_label(d[k])
        if a.kind in OFFER_KINDS or self.app.tr.has(f"shvtable.action.{a.kind}"):
            return self._described(a, d)
        return tr(f"shvtable.kind.{a.kind}") if tr.has(f"shvtable.kind.{a.kind}") else a.kind

    def _described(self, a: Action, d: dict[str, ArgValue]) -> str:
        """``shvtable.action.<kind>`` with its card, guardian, skill; then its target
        (an aimed skill or treasure) and its point type (a "choose" tactic)."""
        tr, kind = self.app.tr, a.kind
        skill = self.skill_name(d["source"], d["skill"]) if "skill" in d else ""
        if kind in OFFER_KINDS:
            kind = "use"
        target = self.ref_name(_aim(Action.make("choose_target", a.seat, **d)))
        said = tr(f"shvtable.action.{kind}", skill=skill, card=self.card_name(d.get("card")),
                  guardian=self.card_name(d.get("guardian")), target=target)  # fmt: skip
        aim = _aim(Action.make("activate", a.seat, **d))
        if aim is not ABSENT and kind in ("use", "activate", "treasure", "resolve_next"):
            said = tr("shvtable.action.aimed", action=said, target=self.ref_name(aim))
        if isinstance(d.get("point_type"), str):
            said = tr("shvtable.action.typed", action=said,
                      point_type=self.value_label(d["point_type"]))  # fmt: skip
        return said

    # -- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        for row in self.fields.values():
            row.update(dt)

    def card_at(self, pos: tuple[int, int]) -> tuple[int | None, pygame.Rect | None]:
        """Zoom and right-click pin: hand, guardians, tucked tactics, equipment."""
        return draw.card_at(self, pos) or (None, None)

    def handle(self, event: pygame.event.Event) -> bool:
        menu = draw.menu_rect(self) if self.chip_menu is not None else None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and menu is not None:
            self.input.cancel()
            self.open_chip_menu(None)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            chip = next((c for c in reversed(self.chips) if c.rect.collidepoint(event.pos)), None)
            if chip is not None and chip.more and self.in_control:
                self.input.cancel()
                self.open_chip_menu(None if self.chip_menu == chip.pick[0] else chip.pick[0])
                return True
            if menu is not None and not menu.collidepoint(event.pos):
                self.open_chip_menu(None)  # a click elsewhere closes the list, and counts
            elif menu is not None and chip is None:
                return True  # the list's margin
            if chip is not None and not chip.usable and self.in_control:
                self.toasts.push(self.skill_reason(chip))
                return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw.table(self, surface)

    # -- hooks the PvE table fills (scenes.table.shv.pve) --------------------------------------
    def draw_layer(self, surface: pygame.Surface, layer: str) -> None:
        """The game's own zones: ``"under"`` the hand and HUD, ``"over"`` the animations."""

    def draw_order(self, surface: pygame.Surface) -> None:
        panels.order(self, surface, self.rects["order"])

    def tip(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        return tips.tip_at(self, pos)


READABLE_ROW = 57
"""Window px: a field row this tall holds 40-px cards, whose titles are whole
(``tests/scenes/test_card_titles.py``)."""


def strip_height(px: Callable[[float], int]) -> int:
    """One line of chips under a guardian (tactic points, equipment, skills)."""
    return max(13, px(17))


def field_row(field: pygame.Rect, lines: int, px: Callable[[float], int]) -> pygame.Rect:
    """Where a field's guardians stand: a small margin on top, ``lines`` strips below
    (a teammate's field has two, the viewer's a third for the skill chips)."""
    height = field.h - lines * strip_height(px) - px(10)
    return pygame.Rect(field.x, field.y + px(8), field.w, height)
