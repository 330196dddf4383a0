"""A :class:`TableScene` already wired to the kit's parts: the one way a game's
table is assembled (ManaSurge, the toy, Sử Hộ Vương).

Every table assembled from the kit repeats the same glue: a Tiled layout scaled to
the window, the HUD widgets placed in it, a fanned hand, an action picker fed by
mouse and keys over a :class:`Board`, decision buttons, the banner, events queued
on an :class:`EventAnimator` (the log line and the sound start with each
animation), the kit's :class:`Stage` for seats and zones, the card zoom and
hover tips.  :class:`KitTable` holds that glue; a game's table subclasses it,
binds its board spots, says which buttons it offers (``options``), aliases its
events and draws its own zones, then calls :meth:`KitTable.draw_top`.

One mechanism refreshes the banner, the buttons and what the picker accepts:
:meth:`KitTable.controls`, run whenever the state changes (an action applied,
undo, a hand-off revealed, a resize) and when the animations end (the viewer may
act again).  It reads the state, not the animation queue, so the buttons and the
banner never lag behind the log (issue 11 item 5).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial, wraps
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.core.contract import Action, ArgValue, Event, IllegalAction, Prompt
from scenes import art as art_lib
from scenes import theme
from scenes.table import effects
from scenes.table import layout as layouts
from scenes.table.base import TableScene, translate_reason
from scenes.table.board import Board, Spot
from scenes.table.cards import CardArt, CardFace, CardSprite, Ghosts, draw_face, draw_zoom
from scenes.table.dicetray import DiceTray
from scenes.table.entity import EntitySprite
from scenes.table.events import EventAnimator, Ref
from scenes.table.glossary import GlossaryLayer
from scenes.table.hand import FannedHand
from scenes.table.hint import HintPart
from scenes.table.hud import draw_help, draw_lit, draw_tip, place_hud
from scenes.table.picker import ABSENT, KIND, ActionPicker
from scenes.table.pickinput import PickerInput
from scenes.table.seating import Seating

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import App

Option = tuple[str, Callable[[], None]]  # a decision button: label, what it does


def _with_cancel(buttons: Callable[[KitTable], None]) -> Callable[[KitTable], None]:
    """A table's ``buttons``, with the kit's Cancel after its own while a card or skill
    is held (``KitTable.picking``): every table, none has to remember it."""

    @functools.wraps(buttons)
    def with_cancel(self: KitTable) -> None:
        held = self.picking()
        self.bar.extra = [(self.app.tr("table.cancel"), self.cancel_pick)] if held else []
        buttons(self)

    with_cancel._with_cancel = True  # type: ignore[attr-defined]
    return with_cancel


def _dragged_on_top(
    draw: Callable[[Any, pygame.Surface], None],
) -> Callable[[Any, pygame.Surface], None]:
    """``draw``, then the dragged card on top of all it drew (once, by the outermost
    ``draw`` when a subclass's calls its parent's)."""

    @wraps(draw)
    def drawn(self: KitTable, surface: pygame.Surface) -> None:
        self._drawing += 1
        try:
            draw(self, surface)
        finally:
            self._drawing -= 1
        if self._drawing == 0:
            self.draw_dragged(surface)

    drawn._dragged_on_top = True  # type: ignore[attr-defined]
    return drawn


def _overlays_first(
    handle: Callable[[Any, pygame.event.Event], bool],
) -> Callable[[Any, pygame.event.Event], bool]:
    """``handle``, after the kit's overlays had the event (``KitTable.handle_overlays``)."""

    @wraps(handle)
    def handled(self: KitTable, event: pygame.event.Event) -> bool:
        outer = self._overlay_event is None
        try:
            return self.handle_overlays(event) or handle(self, event)
        finally:
            if outer:
                self._overlay_event = None

    handled._overlays_first = True  # type: ignore[attr-defined]
    return handled


class KitTable(TableScene):
    """Layout zones the kit places: ``log``, ``banner``, ``actions`` (buttons),
    ``hand``, ``seat_<k>`` (``k``-th seat from the viewer) and, if the layout has
    it, ``toasts`` (else toasts use ``toast_zone``).  Subclasses set the class
    attributes below and override the hooks they need."""

    button_kinds: tuple[str, ...] = ()  # kinds chosen by a button (default ``options``)
    button_keys = "table.kind"  # their labels: ``<button_keys>.<kind>``
    sounds: ClassVar[dict[str, str]] = {}  # event kind -> sound effect as its animation starts
    prompt_input = True  # the input mode follows Prompt.kind (False: always "act")
    drop_args: tuple[str, ...] = ()  # args lit as drop zones while a card is dragged
    aim_args: tuple[str, ...] = ()  # args outlined / aimed at (``PickerInput.draw``)
    help_key: str | None = None  # the controls hint (i18n key) by the buttons
    board_zone = "center"  # the layout zone of the board's middle (the Stage's "center")
    toast_zone = "center"  # the layout zone toasts stack in (no panel covered; see Toasts)
    spring = 0.35  # a refused drop glides home in this many seconds
    draw_zone, discard_zone = "draw", "discard"  # the piles cards come from and go to
    log_keys: str | None = None  # "<game>.log": the default ``sentence`` reads its keys

    _drawing = 0  # nesting of the table's ``draw`` (a subclass calling its parent's)
    _overlay_event: pygame.event.Event | None = None  # the last event the overlays saw

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A table's own ``draw`` is wrapped so that the dragged card comes last, and
        its own ``handle`` so that the kit's overlays see each event first: no table
        has to remember either (issue 34 majors 1 and 9)."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("draw")
        if own is not None and not getattr(own, "_dragged_on_top", False):
            cls.draw = _dragged_on_top(own)  # type: ignore[method-assign,assignment]
        handle = cls.__dict__.get("handle")
        if handle is not None and not getattr(handle, "_overlays_first", False):
            cls.handle = _overlays_first(handle)  # type: ignore[method-assign]
        buttons = cls.__dict__.get("buttons")
        if buttons is not None and not getattr(buttons, "_with_cancel", False):
            cls.buttons = _with_cancel(buttons)  # type: ignore[method-assign]

    def __init__(
        self,
        app: App,
        match: Match,
        *,
        layout: str,
        faces: Callable[[int, str], CardFace],
        picker: ActionPicker,
        sources: Sequence[str] = ("card", KIND),
        seating: Seating | None = None,
        refuse_sources: bool = False,
        nowhere: Callable[[dict[str, ArgValue], tuple[int, int]], str] | None = None,
    ) -> None:
        self.n = match.rules.num_seats(match.state)
        self.layout = layouts.load(layout)
        self.rects: dict[str, pygame.Rect] = {}
        self.art = CardArt(faces)
        self.glossary = GlossaryLayer(app, match.game_id, faces)  # terms on the zoomed card
        self.seating = seating or Seating(range(self.n))
        self.hand = FannedHand(pygame.Rect(0, 0, 1, 1))
        self.board = Board()
        self.picker = picker
        self.offered: list[Action] = []  # the legal actions the controls offer now
        self.last_pos: dict[int, pygame.Rect] = {}  # where a card left the hand from
        self.ghosts = Ghosts()  # cards gliding away from the hand
        self.ghost_dest: dict[int, str] = {}  # the zone a card leaving the hand goes to
        self.new_from: dict[int, str] = {}  # the zone a card coming into the hand comes from
        self.tips: list[tuple[pygame.Rect, str, str]] = []  # hover tips drawn this frame
        self.shown_tips: list[tuple[pygame.Rect, str, str]] = []  # those of the last frame
        self._source = "click"  # how the action being sent was made (drag, click, key)
        self._drop_delta = (0, 0)
        self._still = False  # the pointer has not moved since a hand-off (no zoom)
        self._stale = False  # controls were worked out while animations played
        self._sending: int | None = None  # the hand card of the action being sent
        self._sounded = -1  # the last batch shown at once (animations off) that made a sound
        self._warming: Iterator[int] = iter(())  # card faces drawn ahead, a few a frame
        self._warm_key: tuple[object, ...] = ()  # the hand size and language warmed for
        self.warm_seconds = 0.0  # what drawing them ahead took in all (the bench's row)
        super().__init__(app, match)
        self.input = PickerInput(
            picker, self.board, sources=sources, submit=self.send, toast=self.toasts.push,
            refusal=self.refusal, refuse_sources=refuse_sources, nowhere=nowhere,
        )  # fmt: skip
        # the game's kinds the kit animates: its vocabulary (game/<id>/events.py); a
        # stand-in rules object of a test may have none
        events = getattr(match.rules, "events", None)
        self.animator = EventAnimator(self, self.anims, self.event_started, events=events)
        self.hints = HintPart(self)  # the Hint button, H, the lit move (scenes.table.hint)

    # -- hooks -------------------------------------------------------------------------------
    def refusal(self, picks: dict[str, ArgValue]) -> str:
        """The toast for picks no legal action fits (default: nothing)."""
        return ""

    def prepare(self, legal: list[Action], prompt: Prompt | None) -> None:
        """Before the picker gets ``legal``: set its preferences (toggles)."""

    def on_control(self) -> None:
        """Called after legal actions, buttons and banner were refreshed."""

    def options(self) -> list[Option]:
        """The decision buttons: by default one per kind in ``button_kinds`` on offer."""
        picker = self.input.picker
        kinds = [] if KIND in picker.picked else picker.candidates(KIND)
        return [(self.app.tr(f"{self.button_keys}.{k}"), self._chooser(k))
                for k in kinds if k in self.button_kinds]  # fmt: skip

    def hint(self) -> str:
        """The controls hint drawn under the decision buttons (``help_key``)."""
        return self.app.tr(self.help_key) if self.help_key else ""

    def direction(self) -> tuple[int, str]:
        """The direction of play the banner shows (+1/-1 and its words; 0: none)."""
        return 0, ""

    def prompt_params(self, params: dict[str, Any]) -> dict[str, Any]:
        """Translation params of the prompt (a game names the seats in them)."""
        return params

    def params(self, data: dict[str, Any]) -> dict[str, Any]:
        """Prompt fields plus ``name`` (the seat's) and the game's ``prompt_params``."""
        seat = data.get("seat")
        if isinstance(seat, int) and "name" not in data:
            data = {**data, "name": self.name(seat)}
        return self.prompt_params(data)

    def card_at(self, pos: tuple[int, int]) -> tuple[int | None, pygame.Rect | None]:
        """The card under ``pos`` (zoom, right-click pin): the hand's by default (not
        while the hand is hidden: ``eyes`` is nobody)."""
        sprite = self.hand.at(pos) if self.eyes is not None else None
        return (sprite.card, sprite.rect) if sprite is not None else (None, None)

    def handle_table(self, event: pygame.event.Event) -> bool:
        """The game's own input before the kit's (a click the picker does not know)."""
        return False

    # -- the kit's Stage ---------------------------------------------------------------------
    keep_clear_zones: tuple[str, ...] = ("log", "banner", "draw", "discard")

    def keep_clear(self) -> list[pygame.Rect]:
        """What floating texts ("+1", "Vòng 2") must not cover (read by the recipes):
        the seat panels, the layout zones in ``keep_clear_zones``, each hand card where it
        is and where it goes (with room for a name tag), the cards gliding to a pile and
        the buttons.  A game adds its own zones' text and cards."""
        r, px = self.rects, self.app.px
        out = [self.seat_rect(s) for s in range(self.n)]
        out += [r[k] for k in self.keep_clear_zones if k in r]
        for sprite in self.hand.sprites:
            out += [self.home_rect(sprite).inflate(px(4), px(44)), sprite.rect]
        out += [self.home_rect(s).union(s.rect) for s, _life in self.ghosts.items]
        out += [b.rect for b in self.bar.buttons]
        return out

    def at_rest(self) -> list[Any]:
        """Sprites a final picture puts at their home, turned as they end (the hand; a
        game adds its rows)."""
        return list(self.hand.sprites)

    def draw_final(self, surface: pygame.Surface) -> None:
        """The board as the game ended, for the results screen (issue 11 item 23): the
        animations skipped, every card at rest where it went, no card gliding away, no
        zoom and no toast."""
        self.anims.skip()
        self.ghosts.items = []
        for sprite in self.at_rest():
            sprite.place(self.home_rect(sprite))
            if isinstance(sprite, EntitySprite):
                sprite.angle = sprite.target_angle  # a tiring guardian already turned
        self.zoom.unpin()
        self.toasts.items = []
        self.draw(surface)

    @staticmethod
    def home_rect(sprite: Any) -> pygame.Rect:
        """Where a sprite is going (its tween's home), at its size."""
        return pygame.Rect(round(sprite.home[0]), round(sprite.home[1]), *sprite.size)

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.rects[self.seating.rect_name(seat)]

    def rect_of(self, ref: Ref) -> pygame.Rect | None:
        """Seats, and zones by layout name (another seat's ``hand`` is its panel)."""
        what, value = ref
        if what == "seat" and isinstance(value, int):
            return self.seat_rect(value) if 0 <= value < self.n else None
        if what == "zone" and value[0] == "hand" and value[1] not in (None, self.viewer):
            return self.seat_rect(value[1])
        if what == "zone":
            return self.rects.get(value[0])
        return self.rects.get(self.board_zone)

    def card_image(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        return self.art.surface(card, size, self.app.tr.lang)

    def dice_tray(self, seat: int) -> DiceTray | None:
        return None

    def card_rect(self, card: int) -> pygame.Rect | None:
        """Where ``card`` is in the viewer's hand (where it was dropped, while it is being
        sent); None when the hand does not hold it.  The kit's card flights start there."""
        sprite = next((s for s in self.hand.sprites if s.card == card), None)
        if sprite is None:
            return None
        return self.last_pos.get(card, sprite.rect) if card == self._sending else sprite.rect

    def px(self, n: float) -> int:
        return self.app.px(n)

    def name(self, seat: int | None) -> str:
        """A seat's name ("?" for none)."""
        if seat is None or not 0 <= seat < self.n:
            return "?"
        return self.match.seats[seat].name

    # -- layout and controls -------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.rects = r = self.layout.rects(size)
        px = self.app.px
        place_hud(r, px, log=self.log_panel, banner=self.banner, bar=self.bar, toasts=self.toasts)
        self.log_panel.title = self.app.tr("table.log.title")
        self.bar.top = self.help_key is not None  # the hint goes under the buttons
        self.toasts.area = r.get("toasts") or r.get(self.toast_zone)
        self.toasts.avoid = [r[k] for k in r if k.startswith("seat_") or k in _PANELS]
        self.hand.rect = r["hand"]
        self.hand.layout()
        warm_key = (self.hand.rect.size, self.app.tr.lang)
        if warm_key != self._warm_key:  # a new size or language: its pictures, ahead
            self._warm_key, self._warming = warm_key, self._warm_faces()
        self.controls()  # labels follow a language change
        effects.prepare(size, px)  # the floating texts' search grid, off the first pop's frame

    def legal(self) -> list[Action]:
        """The legal actions while the viewer may act, else none."""
        return self.match.legal_actions() if self.in_control else []

    def controls(self) -> None:
        """Legal actions -> the picker, the decision buttons and the banner."""
        prompt = self.rules.prompt(self.match.state)
        self.offered = legal = self.legal()
        self.prepare(legal, prompt)
        kind = prompt.kind if prompt is not None and self.prompt_input else "act"
        self.input.set_legal(legal, kind)
        self.light_hand()
        self.buttons()
        self.set_banner()
        self.on_control()
        self._stale = self.anims.busy  # refreshed again when they end (or are skipped)

    def light_hand(self) -> None:
        """Cards some offered action can use are lit, the others dimmed."""
        playable = {c for c in self.input.picker.candidates(self.hand.arg) if isinstance(c, int)}
        self.hand.light(playable, active=bool(self.offered))

    @_with_cancel
    def buttons(self) -> None:
        self.bar.set(self.options())

    def picking(self) -> bool:
        """A card or skill is held (a target or a choice asked, or its one target waiting
        for the click that confirms it): the kit adds Cancel to the buttons and says so
        in the banner (play-test P2-2, P3-1)."""
        return self.in_control and self.input.source is not None

    def _finish(self) -> None:
        """The results take a picture of the table: nothing held, the banner says the
        game is over (play-test P3-3)."""
        self.input.cancel()
        self.bar.extra = []
        self.bar.set([])
        self.set_banner()
        super()._finish()

    def picking_words(self) -> str:
        """The banner while something is held: a target to point at, or a choice
        answered by the buttons (an element, a point type: P3-4)."""
        ask, name = self.input.asking, self.name(self.viewer)
        if ask is not None and self.bar.buttons and not self.board.spots([ask.arg]):
            return self.app.tr("table.prompt.choosing", name=name)
        return self.app.tr("table.prompt.aiming", name=name)

    def cancel_pick(self) -> None:
        """Cancel: put the held card or skill back (Esc does the same)."""
        self.input.cancel()
        self.light_hand()
        self.buttons()
        self.set_banner()

    def set_banner(self) -> None:
        """Whose decision it is and what they are asked (``turn_prompt``).  While a
        batch plays the banner names the seat to move but asks nothing yet, and an
        ended game keeps its last banner: the board shows the move first (play-test
        D3, D14; ``update`` sets the words when the batch ends)."""
        seat = self.to_move
        if seat is not None and self.match.outcome() is not None:
            seat = None  # the rules say it is over: nobody thinks after the end (P2-10)
        if self.anims.busy:
            if seat is not None:
                turn, words = self.direction()
                self.banner.set(self.name(seat), "", self.seating.color(seat), turn, words)
            return
        if seat is None:
            self.banner.set(self.app.tr("table.banner.over"), "", theme.ACCENT, 0, "")
            return
        turn, words = self.direction()
        prompt = self.turn_prompt(seat)
        if seat == self.viewer and self.picking():
            prompt = self.picking_words()
        self.banner.set(self.name(seat), prompt, self.seating.color(seat), turn, words)

    def _chooser(self, kind: ArgValue) -> Callable[[], None]:
        def chosen() -> None:
            self.choose(kind)

        return chosen

    def choose(self, kind: ArgValue) -> str | None:
        """A kind's button: pick it (the hand lights what it can use next)."""
        reason = self.input.choose(KIND, kind)
        self.light_hand()
        return reason

    def button(self, label: str, action: Action) -> Option:
        """A button that sends ``action`` (``press``: a refusal is toasted)."""
        return label, partial(self.press, action)

    # -- the hand ----------------------------------------------------------------------------------
    def sync_hand(self, cards: Sequence[int], animate: bool, keep: set[int] | None = None) -> None:
        """The hand shows ``cards``: new ones glide in from ``new_from`` (else the draw
        pile), cards that left glide to ``ghost_dest`` (else the discard pile) unless
        in ``keep`` (a card the board now shows) or the hand is hidden (``eyes`` is
        nobody: the cards did not go anywhere); ``last_pos`` keeps where they were."""
        gone = self.hand.sync(cards, spawn=self._spawn_rect, duration=self.dur(0.3, animate))
        self.face_up()
        flown = self.animator.carried  # an animation flies these (the card played)
        glide = animate and self.eyes is not None  # a hand hidden from all just goes
        for sprite in gone:
            self.last_pos[sprite.card] = sprite.rect
            if glide and sprite.card not in (keep or ()) and sprite.card not in flown:
                self.ghost(sprite, self.ghost_dest.pop(sprite.card, self.discard_zone))

    def _spawn_rect(self, card: int) -> pygame.Rect:
        size = self.rects[self.draw_zone].size
        r = self.rects.get(self.new_from.pop(card, self.draw_zone)) or self.rects[self.draw_zone]
        return pygame.Rect(r.x, r.y, *size)

    def face_up(self, up: bool = True) -> None:
        for sprite in self.hand.sprites:
            sprite.face_up = up

    def ghost(self, sprite: CardSprite, zone: str) -> None:
        """``sprite`` glides to a pile (at the pile's card size) or a seat's zone."""
        r = self.rects.get(zone) or self.rects[self.discard_zone]
        pile = zone in (self.draw_zone, self.discard_zone)
        self.ghosts.send_to(sprite, r, self.dur(0.4), self.dur(0.45), pile=pile)

    # -- sending, events, words --------------------------------------------------------------------
    def send(self, action: Action) -> str | None:
        """The picker found one action: send it (a dropped card stays where it fell)."""
        card = action.get(self.hand.arg)
        for sprite in self.hand.sprites:
            if sprite.card == card:
                self.last_pos[card] = sprite.rect.move(self._drop_delta)
        self._sending = card if isinstance(card, int) else None
        try:
            return self.submit(action, source=self._source)
        finally:
            self._sending = None

    def submit(self, action: Action, source: str = "ui") -> str | None:
        """Send ``action``; once applied, the buttons, the picker and the banner follow
        the new state at once, not when its animations end (issue 11 item 5)."""
        reason = super().submit(action, source)
        if reason is None:
            self.controls()
        return reason

    def on_events(self, events: list[Event]) -> None:
        self.animator.queue_events(events)

    def sentence(self, event: Event) -> str:
        """The log line: ``<log_keys>.<kind>`` (``_<reason>`` variant if there is one)."""
        if self.log_keys is None:
            return ""
        key = f"{self.log_keys}.{event.kind}"
        variant = f"{key}_{event.data.get('reason')}" if "reason" in event.data else None
        if variant and self.app.tr.has(variant):
            key = variant
        return self.app.tr(key, **self.params(dict(event.data)))

    def reason_params(self, problem: IllegalAction) -> dict[str, Any]:
        return self.params(dict(problem.params))

    def reason(self, problem: IllegalAction) -> str:
        """A refusal in the player's language, with readable names."""
        return translate_reason(self.app, problem, self.reason_params(problem))

    def event_started(self, event: Event) -> None:
        """An event's animation begins: its log line, then its sound (animations off:
        the first sound of the batch only, not all of them at once)."""
        self.log_event(event)
        sound = self.sounds.get(event.kind)
        if sound is None:
            return
        if not self.anims.skipping:
            self.app.sound.play(sound)
        elif self.anims.off and self._sounded != self.anims.flushes:
            self._sounded = self.anims.flushes
            self.app.sound.play(sound)

    def drop_rect(self, action: Action) -> pygame.Rect | None:
        """Where a drop sends ``action`` (the first of ``drop_args`` it has a spot for)."""
        for arg in self.drop_args:
            value = self.picker.value(action, arg)
            if value is not ABSENT:
                return self.board.rect_of(arg, value)
        return None

    def lit_drops(self) -> list[Spot]:
        """While a card is dragged: the drop spots some legal action sends it to."""
        if not self.input.dragging or self.input.source is None:
            return []
        lit = self.input.lit
        return [s for s in self.board.spots(self.drop_args) if s.pick in lit]

    def hot_drop(self) -> Spot | None:
        """The drop spot under the dragged card."""
        if not self.input.dragging:
            return None
        return self.board.hit(self.input.pointer, self.drop_args)

    # -- card art drawn ahead --------------------------------------------------------------
    WARM_PER_FRAME = 1  # card faces a frame draws ahead (a count: the same in any run)

    def warm_ids(self) -> Iterable[int]:
        """The cards this table may show, whose pictures are drawn ahead a few a frame
        once the table opens (never on a frame that must stay smooth: a card drawn or
        played later then costs a cache hit).  The hand's by default; a table names its
        whole deck."""
        return [s.card for s in self.hand.sprites]

    def _warm_faces(self) -> Iterator[int]:
        """Each distinct face at the hand's card size, drawn and let go: what stays is
        the costly part, its picture rasterised from SVG (``scenes.art``'s cache) and
        its words (the text cache).  Stops before the pictures fill half their cache,
        so warming never pushes out what the table shows."""
        lang = self.app.tr.lang
        size = self.hand.rects(1)[0].size if self.hand.rect.w > 1 else (0, 0)
        if min(size) < 8:
            return
        seen: set[CardFace] = set()
        for card in list(self.warm_ids()):
            face = self.art.faces(card, lang) if card >= 0 else None
            if face is None or face in seen:
                continue
            if art_lib.cache_full(0.5):
                return
            seen.add(face)
            draw_face(face, size)
            yield card

    def warm(self, most: int | None = None) -> bool:
        """Draw up to ``most`` faces ahead (None: all that are left); True when done."""
        start = time.perf_counter()
        done = True
        for count, _card in enumerate(self._warming, 1):
            if most is not None and count >= most:
                done = False
                break
        self.warm_seconds += time.perf_counter() - start
        return done

    # -- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.warm(self.WARM_PER_FRAME)
        self.hints.update()
        self.hand.update(dt)
        self.ghosts.update(dt)
        self.pace_turns()
        self.hover(pygame.mouse.get_pos(), dt)
        if self._stale and not self.anims.busy:
            self.controls()  # the viewer may act again (also after a click skipped them)
        elif not self.anims.busy:
            self.set_banner()

    def animating(self) -> bool:
        return super().animating() or self.hints.busy  # the hint's thinking bar

    def pace_turns(self) -> None:
        """A card turning Tired or Ready turns at the animation speed, and is turned at
        once with animations off (Settings)."""
        speed, off = max(0.05, self.app.settings.anim_speed), self.anims.off
        for sprite in self.at_rest():
            if isinstance(sprite, EntitySprite):
                sprite.TURN_SPEED = EntitySprite.TURN_SPEED * speed
                if off:
                    sprite.angle = sprite.target_angle

    def hover(self, mouse: tuple[int, int], dt: float) -> None:
        """The hovered card lifts and, held long enough, zooms; the focus follows keys.
        Right after a hand-off nothing zooms until the pointer moves (issue 11 item 27)."""
        top = self.hand.follow(self.input, mouse, active=self.in_control)
        if self.eyes is None:
            top = None  # a hidden hand's card never zooms (issue 34 major 2)
        if self._still or self.handoff_open:
            self.zoom.hover(None, None, None, dt)
            return
        if self.glossary.holds(mouse):  # on the zoomed card's text or a term's popup
            return
        if top is not None:
            self.zoom.row = self.hand.rect  # the zoom of a hand card goes above the hand
            self.zoom.hover(top.key, top.card, top.rect, dt)
            return
        card, anchor = (None, None) if self.input.dragging else self.card_at(mouse)
        if card is not None:
            self.zoom.row = None  # a card on the table: its zoom beside it
        self.zoom.hover(("at", card) if card is not None else None, card, anchor, dt)

    def _open_handoff(self) -> None:
        self._still = True
        super()._open_handoff()

    def handle_overlays(self, event: pygame.event.Event) -> bool:
        """What lies over the table sees each event first, before any table's own
        ``handle`` (``__init_subclass__``): the zoomed card's term popup, the pinned
        zoom.  A press that puts one away does nothing else (issue 34 major 9)."""
        if event is self._overlay_event:  # a table's handle calling the kit's
            return False
        self._overlay_event = event
        pinned = self.glossary.pinned
        if self.glossary.handle(event):
            if event.type == pygame.KEYDOWN:  # Esc closed the popup
                self.app.press_done()
            return True
        if pinned and not self.glossary.pinned:  # a click elsewhere closed the popup
            self.app.press_done()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.zoom.pinned:
            self.zoom.unpin()
            self.app.press_done()
            return True
        return False

    @_overlays_first
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._still = False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.zoom.pin(*self.card_at(event.pos))
            return True
        if self.hints.handle(event):  # H and the Hint button (before the picker's keys)
            return True
        on_bar = self.on_button(event)  # a decision button answers the picker's question
        held = self.input.source is not None
        if self.in_control and not on_bar and self._pick(event):
            self.buttons()
            if held and self.input.source is None and event.type == pygame.MOUSEBUTTONDOWN:
                # a click on nothing put the held card back: its release must not press
                # the button that reappears under it (play-test P3-1)
                self.app.press_done()
            return True
        if self.handle_table(event) or super().handle(event):
            return True
        if not self.in_control:
            return False
        arrows = event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
        self._source = "button"
        if self.bar.handle(event, keys=not arrows):
            self.buttons()
            return True
        return False

    def on_button(self, event: pygame.event.Event) -> bool:
        """A mouse press or release on one of the decision buttons: the bar takes it,
        never the picker, whose click on nothing would cancel the card being played
        (play-test P2-1: "5. Thổ" put Ngũ Hành Quy Nhất back in the hand)."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        if self.input.dragging or self.input.pressed is not None:
            return False  # a drag or a press begun on the board ends in the picker
        return any(b.rect.collidepoint(event.pos) for b in self.bar.buttons)

    def _pick(self, event: pygame.event.Event) -> bool:
        """Feed the picker; a refused drop springs home, a played one stays put."""
        dragged = self.hand.dragged(self.input)
        self._drop_delta = self.input.drag_delta
        mouse = "drag" if self.input.dragging else "click"
        self._source = "key" if event.type == pygame.KEYDOWN else mouse
        sent = len(self.actions_sent)
        used = self.input.handle(event)
        if dragged is not None and not self.input.dragging:
            accepted = len(self.actions_sent) > sent
            self.hand.drop(dragged, self._drop_delta, accepted, self.dur(self.spring))
        self._drop_delta = (0, 0)
        return used

    # -- drawing ---------------------------------------------------------------------------------
    def draw_felt(self, surface: pygame.Surface, zones: Sequence[str]) -> None:
        """The felt under the union of the layout ``zones`` (the board's middle)."""
        r = self.rects[zones[0]].unionall([self.rects[z] for z in zones[1:]])
        felt, radius = r.inflate(self.app.px(16), self.app.px(10)), self.app.px(18)
        pygame.draw.rect(surface, theme.FELT, felt, border_radius=radius)
        pygame.draw.rect(surface, FELT_EDGE, felt, 2, border_radius=radius)

    def draw_drops(self, surface: pygame.Surface) -> None:
        """The lit drop zones while a card is dragged (the one under it brighter)."""
        hot = self.hot_drop()
        for spot in self.lit_drops():
            draw_lit(surface, spot.rect, hot is not None and spot.pick == hot.pick)

    def add_tip(self, rect: pygame.Rect, title: str, body: str) -> None:
        """A tip shown while the pointer is over ``rect`` (register it while drawing)."""
        self.tips.append((rect, title, body))

    def draw_hand(self, surface: pygame.Surface) -> None:
        """The fan, lit/dimmed by the offered actions (the dragged card: ``draw_dragged``)."""
        lift = self.app.px(16) if self.in_control else 0
        skip = self.hand.dragged(self.input)
        hidden = self.eyes is None  # hot seat, another seat acts: face down (issue 34 major 2)
        self.hand.draw(surface, self.art, self.app.tr.lang, lift=lift, skip=skip, hidden=hidden)

    def draw_dragged(self, surface: pygame.Surface) -> None:
        """The card dragged from the hand, under the pointer.  The kit draws it after
        the table's whole ``draw``, on top of everything (``__init_subclass__``): no
        table has to ask for it (issue 34 major 1)."""
        dragged = self.hand.dragged(self.input)
        if dragged is not None and self.eyes is not None:
            dragged.draw(surface, self.art, self.app.tr.lang, offset=self.input.drag_delta)

    def draw_top(self, surface: pygame.Surface) -> None:
        """What lies over the game's zones: the hand, buttons (or the controls hint),
        animations, lit targets and the aiming arrow, the zoomed card, the tip under
        the pointer, toasts.  The dragged card is drawn by the kit after all of it
        (``draw_dragged``)."""
        px, lang = self.app.px, self.app.tr.lang
        dragged = self.hand.dragged(self.input)
        self.draw_hand(surface)
        self.bar.draw(surface)
        hint = self.hint() if self.in_control else ""
        if hint:  # under the buttons, so it stays while they are shown (issue 11 item 24)
            draw_help(surface, self.bar.free(), hint, max(10, px(13)))
        self.anims.draw(surface)
        self.hints.draw(surface)
        if self.aim_args:
            origin = self.seat_rect(self.viewer or 0).center
            self.input.draw(surface, self.aim_args, origin=origin)
        if self.zoom.card is not None and dragged is None:
            zoomed = self.zoom.rect_for(surface.get_rect())
            draw_zoom(surface, self.zoom.card, zoomed, self.art, lang)
            self.glossary.draw_zoom(surface, self.zoom.card, zoomed)
        else:
            self.glossary.hide()
        mouse = pygame.mouse.get_pos()
        tip = next((t for t in self.tips if t[0].collidepoint(mouse)), None)
        if tip is not None and dragged is None and not self.glossary.covers(mouse):
            draw_tip(surface, mouse, tip[1], tip[2], px, marks=self.glossary.mark_tip,
                     avoid=[b.rect for b in self.bar.buttons])  # fmt: skip
        self.shown_tips, self.tips = self.tips, []
        self.toasts.draw(surface)


FELT_EDGE = (44, 100, 80)
_PANELS = ("log", "banner", "scores", "hand", "actions")  # panels toasts must not cover
