"""The Thất Thánh Triệu Hồi table, assembled from the kit (``KitTable``;
walkthrough: ``/work/wt/notes/gi-table-arch.md``).

Args on the board: ``card`` (hand), ``use`` = a skill id (the skill buttons under
the viewer's characters), ``who`` = the viewer's character index (a switch, the
choice of the active character), ``aim`` = ``("c", seat, index)`` / ``("s", uid)``
(the target of a card), ``zone`` = ``"field"`` (a card with no target) or
``"tune"`` (the tuning slot), ``die`` = a die index (the die a tuning converts).

A skill, a switch or a card that costs dice is not sent at once: the tray shows
the rules' canonical payment preselected (``legal_actions``), the player may
click dice to change it, and the confirm button sends what is selected
(``explain`` accepts any valid payment, GI-4.6).  The reroll and the mulligan
are marked the same way (dice, hand cards) and confirmed with a button."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import Action, ArgValue, Event, Prompt
from game.invokation import preview
from game.invokation.state import GIState
from scenes import theme
from scenes.table import recipes as rc
from scenes.table.anim import Anim
from scenes.table.cards import CardFace
from scenes.table.copies import every_copy
from scenes.table.events import Ref
from scenes.table.fitted import stack_buttons
from scenes.table.invokation import draw, look, motion, skills, words
from scenes.table.invokation.art import ElementArt
from scenes.table.invokation.dice import ElementTray, face_index
from scenes.table.invokation.model import Board, Char, card_id, read
from scenes.table.kittable import KitTable, Option
from scenes.table.picker import ABSENT, KIND, ActionPicker

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import App

PAID = ("skill", "switch", "play", "tune")  # dice chosen on the tray, then confirmed
COMBAT = ("skill", "switch", "end_round")  # combat actions (GI-3.3); play: the card says
ART_BASE = 100_000  # art ids of cards named by content id (summons, statuses, supports)
RULES_SECTION = "18"  # the rules help's reaction table (scenes/rules_doc.py, GI-6.4)


def _use(action: Action) -> ArgValue:
    return action["skill"] if action.kind == "skill" else ABSENT


def _who(action: Action) -> ArgValue:
    return action["character"] if action.kind in ("switch", "choose_active") else ABSENT


def _zone(action: Action) -> ArgValue:
    if action.kind == "tune":
        return "tune"
    aimed = action.get("character") is not None or action.get("summon") is not None
    return "field" if action.kind == "play" and not aimed else ABSENT


class InvokationTable(KitTable):
    toast_zone = "band"
    log_keys = "invokation.log"
    help_key = "invokationtable.keys"  # the controls line under the buttons (GI-30)
    aim_args = ("aim", "who", "zone", "die")
    drop_args = ("aim", "zone")
    keep_clear_zones = ("log", "banner", "draw", "discard", "skills", "tune", "band")

    def __init__(self, app: App, match: Match) -> None:
        self.board_view: Board | None = None
        self.tray = ElementTray(pygame.Rect(0, 0, 1, 1))
        self.paying: Action | None = None  # an action waiting for its dice (confirm)
        self.marked: set[int] = set()  # hand cards marked for the mulligan
        self.art_ids: dict[str, int] = {}
        self.chars: dict[tuple[int, int], Any] = {}  # (seat, index) -> sprite
        #: HP and alive as the board shows them while the batch that changed them plays:
        #: a character's HP drops when its hit is animated, not before (play-test D3)
        self.life_held: dict[tuple[int, int], tuple[int, bool]] = {}
        self.skill_buttons: list[skills.SkillButton] = []
        self.gone: dict[Any, pygame.Rect] = {}
        picker = ActionPicker(
            order=("use", "card", "who", KIND, "aim", "zone", "die"),
            derived={"use": _use, "who": _who, "aim": self._aim, "zone": _zone},
        )
        super().__init__(
            app,
            match,
            layout="invokation",
            faces=self.face,
            picker=picker,
            sources=("use", "card", "who", KIND),
        )
        self.art = ElementArt(self.face, self.element_of)
        self.input.click_submits = (KIND, "use", "who")
        self.board.bind("zone", self.zone_spots)
        self.board.bind("card", self.hand.spots)
        self.board.bind("aim", self.aim_spots)
        self.board.bind("who", self.who_spots)
        self.board.bind("use", lambda: [(b.skill, b.rect) for b in self.skill_buttons if b.usable])
        self.board.bind("die", lambda: [(i, d.rect) for i, d in enumerate(self.tray.dice)])
        self._events()

    # -- events ------------------------------------------------------------------------------
    def _events(self) -> None:
        a, gold, bad = self.animator, theme.ACCENT, theme.BAD
        a.register("dice_rolled", self._rolled)
        a.register("rerolled", self._rolled)
        motion.register(self)  # card_played, damage, healed, entity_removed
        # the rest (round, phase, revealed, entity_created...): the kit, as declared
        rc.register_recipes(
            a,
            {
                "reaction": rc.Recipe(
                    0.8, [rc.big_text(lambda e: words.reaction_words(self, e), gold)]
                ),
                "defeated": rc.Recipe(0.7, [rc.shake(bad, lambda e: self.char_ref(e.data))]),
            },
        )

    def _rolled(self, e: Event) -> Anim:
        seat, faces = e.data.get("seat"), e.data.get("faces", e.data.get("dice"))
        only = e.data.get("rerolled", ())

        def roll() -> None:
            if seat != self.viewer or not isinstance(faces, list):
                return
            values = [face_index(f) for f in faces]
            if 0 in values:
                return
            speed = max(0.05, self.anims.speed())
            idx = list(only) if isinstance(only, list) else []
            if e.kind == "rerolled" and not idx:  # only the new dice tumble (P-GI-23)
                idx = new_dice(values, self._kept)
            self.tray.roll(values, duration=0 if self.anims.skipping else 0.9 / speed, only=idx)

        return Anim(0.9, on_start=roll)

    _kept: tuple[int, ...] = ()  # the faces the viewer kept at the reroll (the rest tumble)

    def _aim(self, action: Action) -> ArgValue:
        """A card's target: ``("c", seat, index)`` (own or opposing character, by the
        card's ``target``) or ``("s", uid)`` (a summon)."""
        if action.kind != "play":
            return ABSENT
        if action.get("summon") is not None:
            return ("s", action["summon"])
        if action.get("character") is not None:
            data = look.card_data(self.content_of(int(action["card"])))
            side = 1 - action.seat if str(data.get("target", "")).startswith("opp") else action.seat
            return ("c", side, action["character"])
        return ABSENT

    def char_ref(self, data: Any) -> Ref:
        if isinstance(data, dict) and isinstance(data.get("seat"), int):
            return ("entity", ("c", data["seat"], data.get("character", 0)))
        return ("center", None)

    # -- names -------------------------------------------------------------------------------
    def art_id(self, cid: str) -> int:
        if cid not in self.art_ids:
            self.art_ids[cid] = ART_BASE + len(self.art_ids)
        return self.art_ids[cid]

    def content_of(self, card: int) -> str:
        if card >= ART_BASE:
            return next((k for k, v in self.art_ids.items() if v == card), "")
        return card_id(self.view, card)

    def warm_ids(self) -> list[int]:
        """Every card instance of the match (the view's card table names them all)."""
        for table in ("cards", "names", "card_ids"):
            names = getattr(self.view, table, None)
            if isinstance(names, (list, tuple)):
                return list(range(len(names)))
        return list(super().warm_ids())

    def face(self, card: int, lang: str) -> CardFace:
        return look.face(self.content_of(card), lang)

    def element_of(self, card: int) -> str:
        """A character card's element (its face shows the icon), else ``""``."""
        data = look.card_data(self.content_of(card))
        return str(data.get("element", "")) if look.kind_of(data) == "character" else ""

    def preview(self, name: str, *args: Any) -> Any:
        """``game.invokation.preview.<name>(view, viewer, *args)`` on the viewer's
        view: the rules' own answer (a skill's price after discounts, a Charged or
        Plunging Attack), or None when the view is not the rules' state."""
        view, seat = self.view, self.viewer
        if not isinstance(view, GIState) or seat is None or view.phase != "action":
            return None
        p = view.players[seat]
        if not 0 <= p.active < len(p.characters):
            return None
        try:
            return getattr(preview, name)(view, seat, *args)
        except (KeyError, IndexError, ValueError):
            return None

    def passive_spent(self, seat: int, char: int, skill: str) -> bool:
        """A passive's once-per-match (or per-round) use is spent (read off the view)."""
        view = self.view
        if not isinstance(view, GIState):
            return False
        try:
            return preview.passive_spent(view, seat, char, skill)
        except (KeyError, IndexError):
            return False

    def price_words(self, action: Action) -> str:
        """What ``action`` costs now, in words (after discounts when known)."""
        lang = self.app.tr.lang
        if action.kind == "switch":
            price = self.preview("switch_price")
        elif action.kind == "play":
            price = self.preview("card_price", self.content_of(int(action["card"])))
        else:
            return ""
        if price is not None:
            return look.cost_text(price.now, lang)
        cost = look.card_data(self.content_of(int(action["card"]))).get("cost", {})
        return look.cost_text(cost if action.kind == "play" else {"unaligned": 1}, lang)

    def params(self, data: dict[str, Any]) -> dict[str, Any]:
        return words.params(self, data)

    def prompt_params(self, params: dict[str, Any]) -> dict[str, Any]:
        return words.params(self, params)

    def sentence(self, event: Event) -> str:
        return words.sentence(self, event)

    def refusal(self, picks: dict[str, ArgValue]) -> str:
        return words.refusal(self, picks)

    # -- where things are --------------------------------------------------------------------
    def pos(self, seat: int) -> int:
        """0: the viewer's side (bottom), 1: across."""
        return 0 if seat == (self.viewer or 0) else 1

    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        what, value = ref
        if what == "entity" and isinstance(value, tuple) and value[:1] == ("c",):
            sprite = self.chars.get((value[1], value[2]))
            return sprite.rect if sprite is not None else None
        if what == "entity":
            found = next((r for v, r in draw.entity_spots(self) if v == value), None)
            return found or self.gone.get(value)
        if what == "center":
            return self.rects["band"].inflate(0, self.app.px(260))
        return super().rect_of(ref) or self.rects["band"]

    def dice_tray(self, seat: int) -> ElementTray | None:
        return self.tray if seat == self.viewer else None

    def zone_spots(self) -> list[tuple[ArgValue, pygame.Rect]]:
        r = self.rects
        field = r["chars_0"].unionall([r["supports_0"], r["summons_0"], r["chars_1"]])
        return [("field", field), ("tune", r["tune"])]

    def who_spots(self) -> list[tuple[ArgValue, pygame.Rect]]:
        """The viewer's characters (a switch, the active choice); none while a card
        is picked (a click or drop on a character then aims the card)."""
        if self.input.picker.picked.get("card") is not None:
            return []
        me = self.viewer or 0
        paying = self.paying
        if paying is not None and paying.kind == "switch":  # only the one coming in (P-GI-19)
            return [(i, s.rect) for (seat, i), s in sorted(self.chars.items())
                    if seat == me and i == paying.get("character")]  # fmt: skip
        return [(i, s.rect) for (seat, i), s in sorted(self.chars.items()) if seat == me]

    def aim_spots(self) -> list[tuple[ArgValue, pygame.Rect]]:
        """Characters and summons, while the picked card has a target (a card with
        none dropped on a character goes to the field)."""
        if all(v is ABSENT for v in self.input.picker.candidates("aim")):
            return []
        out: list[tuple[ArgValue, pygame.Rect]] = [
            (("c", seat, i), s.rect) for (seat, i), s in sorted(self.chars.items())
        ]
        return out + [(("s", uid), rect) for uid, rect in draw.tile_spots(self, "summons")]

    # -- layout, view ------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.place_tray()
        self.place_hand()
        self.place_chars(0.0)

    def place_tray(self) -> None:
        r, px = self.rects, self.app.px
        rolling = self.mode() == "reroll"
        box = draw.roll_rect(self) if rolling else r["dice"].inflate(-px(12), -px(34))
        if not rolling:
            box.y += px(12)
        self.tray.rect = box
        self.tray.layout()

    def place_hand(self, duration: float = 0.0) -> None:
        """The opening hand is shown big over the board's middle for the mulligan."""
        rect = draw.mulligan_rect(self) if self.mode() == "mulligan" else self.rects["hand"]
        if rect != self.hand.rect:
            self.hand.rect = rect
            self.hand.layout(duration)

    def draw_hand(self, surface: pygame.Surface) -> None:
        super().draw_hand(surface)
        draw.marks(self, surface)

    def place_chars(self, duration: float) -> None:
        b = self.board_view
        if b is None:
            return
        for seat, s in enumerate(b.sides):
            for c in s.chars:
                sprite = self.chars.get((seat, c.index))
                if sprite is not None:
                    sprite.move_to(draw.char_rect(self, seat, c.index, s.active), duration)

    def sync(self, animate: bool = True) -> None:
        if self.board_view is not None:  # where entities were (a removed one's ring)
            self.gone.update(draw.entity_spots(self))
        before = self.board_view
        self.board_view = b = read(self.view)
        if animate and self.anims.busy and before is not None:
            self.hold_life(before, b)
        d = self.dur(0.25, animate)
        for seat, s in enumerate(b.sides):
            for c in s.chars:
                key = (seat, c.index)
                sprite = self.chars.get(key)
                art = c.uid if isinstance(c.uid, int) else self.art_id(c.card)
                if sprite is None:
                    rect = draw.char_rect(self, seat, c.index, s.active)
                    sprite = self.chars[key] = draw.char_sprite(("c", seat, c.index), art, rect)
                sprite.card = art
                draw.dress(self, sprite, c)
        self.place_chars(d)
        mine = (
            b.sides[self.viewer].hand if self.eyes is not None and self.viewer is not None else []
        )
        self.sync_hand(mine, animate)
        if self.viewer is not None and self.eyes is not None and self.viewer < len(b.sides):
            faces = [face_index(f) for f in b.sides[self.viewer].dice]
            if 0 not in faces and faces != self.tray.values and self.tray.settled:
                self.tray.set_values(faces)
        else:
            self.tray.set_values([])
        self.controls()

    def mode(self) -> str:
        """What the viewer is doing: ``reroll``, ``mulligan``, ``pay`` or ``act``."""
        kinds = {a.kind for a in self.offered}
        if "reroll" in kinds:
            return "reroll"
        if "mulligan" in kinds:
            return "mulligan"
        return "pay" if self.paying is not None else "act"

    def prepare(self, legal: list[Action], prompt: Prompt | None) -> None:
        self.paying = None
        kinds = {a.kind for a in legal}
        # choosing the active character answers a question: a character is then a
        # target, not a source (one living character left is still clicked)
        asked = kinds == {"choose_active"}
        self.input.sources = ("use", "card", KIND) if asked else ("use", "card", "who", KIND)
        if "mulligan" not in kinds:
            self.marked = set()
        self.tray.clear()
        self.tray.selectable = bool(kinds & {"reroll"})
        self.tray.mark = "reroll" if "reroll" in kinds else "pay"
        self.place_tray()
        self.place_hand(self.dur(0.3))
        self.skill_buttons = skills.skill_buttons(self) if self.eyes is not None else []

    def legal(self) -> list[Action]:
        """Mulligan and reroll are answered by marking and a button (any subset the
        rules' ``explain`` accepts), so the picker is not asked about them.  The rules
        list one play per card name (copies are the same choice); every copy in the
        hand is offered alike, so a second copy is lit and can be dragged (P-GI-6)."""
        out = super().legal()
        if not out:
            return out
        return every_copy(out, [s.card for s in self.hand.sprites], self.content_of)

    # -- buttons -------------------------------------------------------------------------------
    def buttons(self) -> None:
        self.bar.set(self.options())
        stack_buttons(self.bar, self.app.px(6))

    def options(self) -> list[Option]:
        tr, mode = self.app.tr, self.mode()
        if mode == "reroll":
            n = len(self.tray.selected)
            key = "reroll" if n else "keep_dice"
            return [(tr(f"invokationtable.button.{key}", count=n), self.confirm_reroll)]
        if mode == "mulligan":
            n = len(self.marked)
            key = "mulligan" if n else "keep_hand"
            return [(tr(f"invokationtable.button.{key}", count=n), self.confirm_mulligan)]
        if mode == "pay" and self.paying is not None:
            tag = self.tag(self.paying)
            n = len(self.tray.selected)
            key = "tune" if self.paying.kind == "tune" else "confirm"
            return [
                (tr(f"invokationtable.button.{key}", tag=tag, count=n), self.confirm_payment),
                (tr("invokationtable.button.cancel"), self.cancel_payment),
            ]
        out: list[Option] = []
        for a in self.offered:
            if a.kind == "end_round" and KIND not in self.input.picker.picked:
                out.append(
                    (tr("invokationtable.button.end_round", tag=self.tag(a)), self._presser(a))
                )
        return out

    def tag(self, action: Action) -> str:
        """⚔ for a combat action, ⚡ for a fast one (GI-3.3, GI-7.10)."""
        return "⚔" if self.is_combat(action) else "⚡"

    def is_combat(self, action: Action) -> bool:
        if action.kind in COMBAT:
            return True
        if action.kind == "play":
            return bool(look.card_data(self.content_of(int(action["card"]))).get("combat"))
        return False

    def _presser(self, action: Action) -> Any:
        return lambda: self.press(action)

    # -- paying ---------------------------------------------------------------------------------
    def send(self, action: Action) -> str | None:
        """A skill, switch or card that costs dice, or a tuning, waits on the tray for
        a confirm (the rules' choice preselected, the player may change it)."""
        dice = [action["die"]] if action.kind == "tune" else list(action.get("dice") or ())
        if action.kind in PAID and dice:
            self.paying = action
            self.tray.propose(dice)
            self.tray.selectable = True
            self.buttons()
            return None
        return super().send(action)

    def confirm_payment(self) -> None:
        a = self.paying
        if a is None:
            return
        args: dict[str, Any] = dict(a.args)
        if a.kind == "tune":  # GI-4.4: the one die converted
            if len(self.tray.selection) != 1:
                self.toasts.push(self.app.tr("invokationtable.refused.one_die"))
                return
            args["die"] = self.tray.selection[0]
        else:
            args["dice"] = list(self.tray.selection)
        self._source = "button"
        self.press(Action.make(a.kind, a.seat, **args))

    def cancel_payment(self) -> None:
        self.paying = None
        self.tray.clear()
        self.tray.selectable = False
        self.input.cancel()
        self.buttons()

    def confirm_reroll(self) -> None:
        chosen = set(self.tray.selection)
        self._kept = tuple(v for i, v in enumerate(self.tray.values) if i not in chosen)
        self.press(Action.make("reroll", self.viewer or 0, dice=sorted(chosen)))

    def confirm_mulligan(self) -> None:
        self.press(Action.make("mulligan", self.viewer or 0, cards=sorted(self.marked)))

    # -- input ----------------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> bool:
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if self._help_asked(event):
            self.open_rules()
            return True
        if self.in_control and self._own_click(event):
            return True
        return super().handle(event)

    def _help_asked(self, event: pygame.event.Event) -> bool:
        """F1, or a click on the rules button (any time, also on the opponent's turn)."""
        if event.type == pygame.KEYDOWN:
            return bool(event.key == pygame.K_F1)
        return (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and draw.help_rect(self).collidepoint(event.pos)
        )

    def open_rules(self) -> None:
        """The rules help over the table, at the reaction table (Esc comes back)."""
        self.app.scenes.push("rules", self.match.game_id, section=RULES_SECTION)

    def _own_click(self, event: pygame.event.Event) -> bool:
        """Clicks the picker does not own: dice marked on the tray (reroll, payment),
        hand cards marked for the mulligan, a greyed skill (its reason)."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        mode = self.mode()
        tuning = self.paying is not None and self.paying.kind == "tune"
        if tuning and self.tray.die_at(event.pos) is not None:  # one die: the clicked one
            self.tray.selected = {self.tray.die_at(event.pos) or 0}
            self.buttons()
            return True
        if mode in ("reroll", "pay") and self.tray.handle(event):
            self.buttons()
            return True
        if mode == "mulligan":
            sprite = self.hand.at(event.pos)
            if sprite is not None:
                self.marked ^= {sprite.card}
                self.buttons()
                return True
        button = next((b for b in self.skill_buttons if b.rect.collidepoint(event.pos)), None)
        if button is not None and not button.usable and mode == "act":
            self.toasts.push(button.reason)
            return True
        return False

    def card_at(self, pos: tuple[int, int]) -> tuple[int | None, pygame.Rect | None]:
        found = draw.card_at(self, pos)
        return found if found is not None else (None, None)

    def hover(self, mouse: tuple[int, int], dt: float) -> None:
        """As the kit's; a card of the opening hand zooms beside the whole row, not
        over the next card (issue 34 P-GI-24)."""
        super().hover(mouse, dt)
        sprites, card = self.hand.sprites, self.zoom.card
        if self.mode() == "mulligan" and card is not None and any(s.card == card for s in sprites):
            self.zoom.anchor = sprites[0].rect.unionall([s.rect for s in sprites])

    def hold_life(self, before: Board, after: Board) -> None:
        """Characters whose HP or life the queued animations change keep what the
        board showed until their own event plays (``event_started``)."""
        shown = {
            (seat, c.index): (c.hp, c.alive) for seat, s in enumerate(before.sides) for c in s.chars
        }
        for seat, s in enumerate(after.sides):
            for c in s.chars:
                key = (seat, c.index)
                old = self.life_held.get(key, shown.get(key))
                if old is not None and old != (c.hp, c.alive):
                    self.life_held.setdefault(key, old)

    def shown_life(self, seat: int, c: Char) -> tuple[int, bool]:
        """The HP and life a character shows now (held while its hit is to come)."""
        return self.life_held.get((seat, c.index), (c.hp, c.alive))

    def event_started(self, event: Event) -> None:
        super().event_started(event)
        d = event.data
        seat, index = d.get("seat"), d.get("character")
        if not isinstance(seat, int) or not isinstance(index, int):
            return
        key = (seat, index)
        held = self.life_held.get(key)
        if held is None:
            return
        hp, alive = held
        if isinstance(d.get("hp"), int):  # damage, healed, survived, revived
            hp = d["hp"]
        if event.kind in ("defeated", "revived"):
            alive = event.kind == "revived"
        self.life_held[key] = (hp, alive)

    def at_rest(self) -> list[Any]:
        return [*super().at_rest(), *self.chars.values()]

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.anims.busy:
            self.life_held.clear()  # the board shows the position itself again
        self.tray.update(dt)
        self.catch_up_dice()
        for sprite in self.chars.values():
            sprite.update(dt)

    def catch_up_dice(self) -> None:
        """The tray shows the viewer's dice as the view has them once it has settled:
        dice gained while it still rolled (a support at the round's start) are not
        left out until the next action (issue 34 P-GI-25)."""
        b = self.board_view
        if b is None or self.viewer is None or self.eyes is None or self.viewer >= len(b.sides):
            return
        if not self.tray.settled or self.anims.busy or self.mode() in ("reroll", "pay"):
            return
        faces = [face_index(f) for f in b.sides[self.viewer].dice]
        if 0 not in faces and faces != self.tray.values:
            self.tray.set_values(faces)

    def draw(self, surface: pygame.Surface) -> None:
        draw.table(self, surface)


def new_dice(values: list[int], kept: tuple[int, ...]) -> list[int]:
    """The positions of ``values`` (the sorted dice after a reroll) that are not the
    ``kept`` faces: each kept face matches one die, the others were rolled anew."""
    left = list(kept)
    out = []
    for i, v in enumerate(values):
        if v in left:
            left.remove(v)
        else:
            out.append(i)
    return out
