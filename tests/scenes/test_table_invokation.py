"""The Thất Thánh Triệu Hồi table (issue 9 Build item 3): a whole two-human hotseat
game played with real pygame mouse events — the mulligan and the first active
character across the hand-off screen (GI-2.2, GI-2.3), dice marked for the reroll
(GI-3.2), skills paid with the preselected canonical payment and a payment changed
by hand (GI-4.1, GI-4.6), a card dragged onto the tuning slot (GI-4.4), a switch
by a click on a standby character (GI-4.2), the declared end (GI-4.5), a new active
character after a defeat (GI-7.3) — to the results screen; hit tests; a resize to
1024x600; save and load in the middle of a game."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame
from table_driver import click, drag, hotseat_config, step

from game import new_match
from game.core.contract import Action, IllegalAction, Prompt
from game.core.match import Match
from scenes.handoff import HandoffScene
from scenes.results import ResultsScene
from scenes.table import open_table
from scenes.table.invokation import InvokationTable


# -- a hand-made view (the core's state shape, ARCHITECTURE 7.1) ---------------------------------
def _ent(
    uid: int, card: str, usages: int | None = None, duration: int | None = None
) -> dict[str, Any]:
    return {"id": uid, "card": card, "usages": usages, "duration": duration}


def _char(card: str, hp: int, energy: int, aura: list[str], **more: Any) -> dict[str, Any]:
    return {"card": card, "hp": hp, "max_hp": 10, "energy": energy, "max_energy": 2,
            "aura": aura, "alive": hp > 0, "equipment": [], "statuses": [], **more}  # fmt: skip


def handmade(phase: str = "action") -> dict[str, Any]:
    """Seat 0: three characters (the third defeated), eight dice, five cards; seat 1:
    its dice hidden (-1), a summon, a support, a shield."""
    me = [
        _char(
            "ba_lo_ren",
            7,
            1,
            ["cryo"],
            equipment=[_ent(40, "kiem_go_dao")],
            statuses=[_ent(41, "kiem_suong", duration=2)],
        ),
        _char("nang_suong", 10, 2, []),
        _char("tien_suoi", 0, 0, []),
    ]
    opp = [_char("ong_chai", 8, 2, ["dendro"]), _char("nguoi_canh_dong", 5, 0, ["electro"]),
           _char("ong_da", 10, 1, [])]  # fmt: skip
    return {
        "cards": ["kiem_go_dao", "com_nam", "cho_noi", "thay_do", "cong_huong_hoa"],
        "round": 2, "phase": phase, "first": 0, "turn": 0,
        "players": [
            {"characters": me, "active": 0,
             "dice": ["omni", "cryo", "pyro", "pyro", "electro", "anemo", "geo", "dendro"],
             "hand": [0, 1, 2, 3, 4], "deck": list(range(10, 30)),
             "summons": [_ent(50, "dom_than", 2)],
             "supports": [_ent(51, "cho_noi", duration=2)],
             "combat_statuses": [_ent(52, "vach_da", 2)], "declared_end": False},
            {"characters": opp, "active": 1, "dice": [-1] * 6, "hand": [-1] * 5, "deck": [-1] * 20,
             "summons": [_ent(60, "dom_than", 1)], "supports": [_ent(61, "thay_do", 1)],
             "combat_statuses": [], "declared_end": True},
        ],
    }  # fmt: skip


LEGAL = {
    "action": [
        Action.make("skill", 0, skill="normal", dice=[1, 2, 3]),
        Action.make("switch", 0, character=1, dice=[7]),
        Action.make("play", 0, card=0, character=0, dice=[2, 3]),
        Action.make("play", 0, card=0, character=1, dice=[2, 3]),
        Action.make("play", 0, card=2, dice=[6, 7]),
        Action.make("tune", 0, card=1, die=1),
        Action.make("tune", 0, card=1, die=4),
        Action.make("end_round", 0),
    ],
    "roll": [Action.make("reroll", 0, dice=[]), Action.make("reroll", 0, dice=[1, 2])],
    "setup": [Action.make("mulligan", 0, cards=[]), Action.make("mulligan", 0, cards=[2])],
}


class HandRules:
    """Reads the hand-made view; ``explain`` refuses what ``legal_actions`` does not list."""

    def num_seats(self, state: Any) -> int:
        return 2

    def view(self, state: Any, seat: int | None) -> Any:
        return state

    def prompt(self, state: Any) -> Prompt:
        return Prompt(0, "invokationtable.hint.pay", {}, "act")

    def explain(self, state: Any, action: Action) -> IllegalAction | None:
        if action in LEGAL[state["phase"]] or action.kind in ("reroll", "mulligan"):
            return None
        return IllegalAction("no", "invokationtable.refused.picks")


class HandMatch:
    """What the table reads of a match; ``apply`` only records the action."""

    game_id, seed, config = "invokation", 1, {}
    to_move = 0

    def __init__(self, phase: str = "action") -> None:
        self.rules, self.state, self.log = HandRules(), handmade(phase), []
        self.seats = [SimpleNamespace(name=n, is_ai=False, bot=None) for n in ("An", "Bình")]
        self.applied: list[Action] = []

    def legal_actions(self) -> list[Action]:
        return LEGAL[self.state["phase"]]

    def apply(self, action: Action) -> list[Any]:
        problem = self.rules.explain(self.state, action)
        if problem is not None:
            raise problem
        self.applied.append(action)
        return []

    def outcome(self) -> None:
        return None


def open_hand(app: Any, phase: str = "action") -> tuple[InvokationTable, HandMatch]:
    match = HandMatch(phase)
    table = InvokationTable(app, match)  # type: ignore[arg-type]
    app.stack.push(table)
    app.stack.apply_pending()
    table.revealed_to = 0
    table.refresh_view(animate=False)
    step(app, frames=20)
    return table, match


def test_skill_payment_preselected_changed_by_hand_and_confirmed(app: Any) -> None:
    # GI-4.6: the canonical payment of legal_actions is preselected; a click on a die
    # changes it; the confirm button sends what is selected (explain decides).
    table, match = open_hand(app)
    normal, skill, burst = table.skill_buttons
    assert normal.usable and not skill.usable and not burst.usable
    assert normal.cost == {"pyro": 1, "unaligned": 2} and burst.burst and burst.energy == 2
    click(app, skill.rect.center)  # greyed: the rules' reason is toasted, nothing sent
    assert table.paying is None and table.toasts.items
    click(app, normal.rect.center)
    assert table.paying is not None and table.tray.selection == (1, 2, 3)
    assert [b.label for b in table.bar.buttons] == ["1. ⚔ Trả 3 xúc xắc", "2. Hủy"]
    click(app, table.tray.dice[1].rect.center)  # the cryo die out
    click(app, table.tray.dice[0].rect.center)  # the omni die in
    assert table.tray.selection == (0, 2, 3)
    click(app, table.bar.buttons[0].rect.center)
    assert table.actions_sent == []  # not the listed payment: refused, still paying
    assert table.paying is not None
    click(app, table.tray.dice[0].rect.center)
    click(app, table.tray.dice[1].rect.center)
    click(app, table.bar.buttons[0].rect.center)
    assert match.applied == [Action.make("skill", 0, skill="normal", dice=[1, 2, 3])]


def test_switch_card_drops_and_tuning_by_mouse(app: Any) -> None:
    table, match = open_hand(app)
    # GI-4.2: a click on the standby character, one die preselected, cancel
    click(app, table.chars[(0, 1)].rect.center)
    assert table.paying == Action.make("switch", 0, character=1, dice=[7])
    click(app, table.bar.buttons[1].rect.center)
    assert table.paying is None and table.tray.selection == ()
    # GI-4.3: a weapon dragged onto a character (its target); a location dropped on a
    # character's place goes to the field (no target)
    drag(app, table.hand.sprites[0].rect.center, table.chars[(0, 1)].rect.center)
    assert table.paying == Action.make("play", 0, card=0, character=1, dice=[2, 3])
    click(app, table.bar.buttons[1].rect.center)
    step(app, frames=30)
    drag(app, table.hand.sprites[2].rect.center, table.chars[(0, 1)].rect.center)
    assert table.paying == Action.make("play", 0, card=2, dice=[6, 7])
    assert "⚡" in table.bar.buttons[0].label  # a fast action
    click(app, table.bar.buttons[1].rect.center)
    step(app, frames=30)
    # GI-4.4: a card onto the tuning slot, then the die it converts
    drag(app, table.hand.sprites[1].rect.center, table.rects["tune"].center)
    ask = table.input.asking
    assert ask is not None and ask.arg == "die" and ask.values == (1, 4)
    click(app, table.tray.dice[4].rect.center)  # the die it converts: preselected
    assert table.paying == Action.make("tune", 0, card=1, die=4)
    click(app, table.tray.dice[1].rect.center)  # another die instead (one only)
    assert table.tray.selection == (1,)
    click(app, table.bar.buttons[0].rect.center)
    assert match.applied == [Action.make("tune", 0, card=1, die=1)]


def test_hit_tests_name_args_not_zones(app: Any) -> None:
    table, _ = open_hand(app)
    assert table.board.hit(table.chars[(0, 1)].rect.center).pick == ("who", 1)  # type: ignore[union-attr]
    normal = table.skill_buttons[0]
    assert table.board.hit(normal.rect.center).pick == ("use", "normal")  # type: ignore[union-attr]
    assert table.board.hit(table.rects["tune"].center).pick == ("zone", "tune")  # type: ignore[union-attr]
    assert table.board.hit(table.tray.dice[5].rect.center).pick == ("die", 5)  # type: ignore[union-attr]
    # the active character forward, towards the opponent, on both sides (GI-5.1)
    assert table.chars[(0, 0)].rect.y < table.chars[(0, 1)].rect.y
    assert table.chars[(1, 1)].rect.y > table.chars[(1, 0)].rect.y
    b = table.board_view
    assert b is not None and b.sides[1].dice == ["?"] * 6 and b.sides[1].hand_count == 5
    assert b.sides[0].chars[0].equipment[0].slot == "weapon"
    assert not b.sides[0].chars[2].alive


def test_reroll_and_mulligan_are_marked_then_confirmed(app: Any) -> None:
    table, match = open_hand(app, "roll")
    assert table.tray.rect.w > table.rects["dice"].w  # rolled big over the board
    click(app, table.tray.dice[2].rect.center)
    click(app, table.tray.dice[5].rect.center)
    assert [b.label for b in table.bar.buttons] == ["1. Gieo lại 2 xúc xắc"]
    click(app, table.bar.buttons[0].rect.center)
    assert match.applied == [Action.make("reroll", 0, dice=[2, 5])]
    table, match = open_hand(app, "setup")
    assert table.hand.rect != table.rects["hand"]  # the opening hand shown big
    click(app, table.hand.sprites[2].rect.center)
    assert table.marked == {2}
    click(app, table.bar.buttons[0].rect.center)
    assert match.applied == [Action.make("mulligan", 0, cards=[2])]


def test_resize_to_1024x600_keeps_everything_in_its_zone(make_app: Any) -> None:
    app = make_app(size=(1024, 600))
    table, _ = open_hand(app)
    r = table.rects
    assert r["log"].right <= 1024 and r["dice"].bottom <= 600
    for (seat, _i), sprite in table.chars.items():
        zone = r[f"chars_{table.pos(seat)}"]
        home = pygame.Rect(round(sprite.home[0]), round(sprite.home[1]), *sprite.size)
        assert zone.contains(home), (zone, home)
    assert all(r["skills"].contains(bt.rect) for bt in table.skill_buttons)
    assert all(r["dice"].contains(d.rect) for d in table.tray.dice)
    table.resize((1280, 720))
    assert table.rects["chars_0"].w > r["chars_0"].w


# -- the real rules core ------------------------------------------------------------------------
def config() -> dict[str, Any]:
    cfg = hotseat_config(2)
    cfg["mode"] = "duel"
    return cfg


def open_gi(app: Any, seed: int = 7, match: Match | None = None) -> InvokationTable:
    match = match or new_match("invokation", config(), seed)
    table = open_table(app, match)
    assert isinstance(table, InvokationTable)
    app.stack.push(table)
    app.stack.apply_pending()
    return table


def settle(app: Any, table: InvokationTable, handoffs: list[int] | None = None) -> None:
    """Step until the seat to move may act (a hand-off screen is clicked through)."""
    for _ in range(1500):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            if handoffs is not None:
                handoffs.append(table.viewer or 0)
            click(app, (app.size[0] // 2, app.size[1] // 2))
            continue
        if top is not table:
            return
        moving = any(s.moving for s in table.hand.sprites) or not table.tray.settled
        if table.in_control and not moving:
            return
        if table.anims.busy:  # a click skips the animations (the players' way too)
            click(app, table.rects["band"].center)
        step(app)
    raise AssertionError("the table never settled")


def button(table: InvokationTable, key: str, **params: Any) -> pygame.Rect:
    label = table.app.tr(f"invokationtable.button.{key}", **params)
    found = [b.rect for b in table.bar.buttons if b.label.endswith(label)]
    assert found, (label, [b.label for b in table.bar.buttons])
    return found[0]


def last(table: InvokationTable) -> Action:
    return table.actions_sent[-1][0]


def legal_kinds(table: InvokationTable) -> set[str]:
    return {a.kind for a in table.offered}


def play_turn(app: Any, table: InvokationTable, plan: dict[str, Any]) -> None:
    """One decision of the seat in control, by mouse only."""
    kinds = legal_kinds(table)
    if "mulligan" in kinds:
        if not plan.setdefault("swapped", False):  # the first seat swaps one card
            click(app, table.hand.sprites[0].rect.center)
            plan["swapped"] = True
            click(app, button(table, "mulligan", count=1).center)
        else:
            click(app, button(table, "keep_hand").center)
    elif "reroll" in kinds:
        click(app, table.tray.dice[-1].rect.center)  # marked for the reroll
        assert table.tray.selection == (len(table.tray.dice) - 1,)
        click(app, button(table, "reroll", count=1).center)
    elif "choose_active" in kinds:
        spot = next(s for s in table.board.spots(["who"]) if s.pick in table.input.lit)
        click(app, spot.rect.center)
    else:
        action_turn(app, table, plan)


def action_turn(app: Any, table: InvokationTable, plan: dict[str, Any]) -> None:
    offered = table.offered
    tunes = [a for a in offered if a.kind == "tune"]
    if tunes and not plan.get("tuned"):  # GI-4.4: a card onto the tuning slot, then a die
        plan["tuned"] = True
        card = next(s for s in table.hand.sprites if s.card == tunes[0]["card"])
        drag(app, card.rect.center, table.rects["tune"].center)
        assert table.paying is not None and table.tray.selection == (tunes[0]["die"],)
        click(app, table.bar.buttons[0].rect.center)
        assert last(table).kind == "tune"
        return
    usable = [b for b in table.skill_buttons if b.usable]
    if usable:
        best = usable[-1]  # burst, else the elemental skill, else the normal attack
        click(app, best.rect.center)
        canonical = next(a for a in offered if a.kind == "skill" and a["skill"] == best.skill)
        assert table.paying is not None  # GI-4.6: the canonical payment preselected
        assert table.tray.selection == tuple(canonical["dice"])
        if canonical["dice"] and not plan.get("by_hand"):  # unpick a die, pick it again
            plan["by_hand"] = True
            die = table.tray.dice[canonical["dice"][0]]
            click(app, die.rect.center)
            assert table.tray.selection != tuple(canonical["dice"])
            click(app, die.rect.center)
        click(app, table.bar.buttons[0].rect.center)
        assert last(table).kind == "skill"
        return
    switches = [a for a in offered if a.kind == "switch"]
    if switches and not plan.get("switched"):  # GI-4.2: click a standby character
        plan["switched"] = True
        click(app, table.chars[(table.viewer or 0, switches[0]["character"])].rect.center)
        click(app, table.bar.buttons[0].rect.center)
        assert last(table).kind == "switch"
        return
    click(app, button(table, "end_round", tag="⚔").center)
    assert last(table).kind == "end_round"


def test_whole_hotseat_game_by_mouse(app: Any) -> None:
    table = open_gi(app, seed=7)
    handoffs: list[int] = []
    plan: dict[str, Any] = {}
    for _ in range(400):
        settle(app, table, handoffs)
        if isinstance(app.stack.top, ResultsScene):
            break
        play_turn(app, table, plan)
    assert isinstance(app.stack.top, ResultsScene)
    assert table.match.outcome() is not None
    kinds = [a.kind for a, _ in table.actions_sent]
    for kind in ("mulligan", "choose_active", "reroll", "skill", "tune", "end_round"):
        assert kind in kinds, kind
    assert {source for _, source in table.actions_sent} >= {"click", "button"}
    assert len(handoffs) >= 4  # hidden commitments: each seat behind the hand-off screen
    lines = table.event_log.lines()
    assert any("→" in line for line in lines) or not any(
        e.event is not None and e.event.kind == "reaction" for e in table.event_log.entries
    )


def to_action_phase(app: Any, table: InvokationTable) -> None:
    plan: dict[str, Any] = {"swapped": True}
    for _ in range(12):
        settle(app, table)
        if legal_kinds(table) & {"skill", "end_round"}:
            return
        play_turn(app, table, plan)
    raise AssertionError("no action phase")


def test_save_and_load_mid_game(app: Any) -> None:
    from saves import store

    table = open_gi(app, seed=11)
    to_action_phase(app, table)
    plan: dict[str, Any] = {"tuned": True, "switched": True, "by_hand": True}
    action_turn(app, table, plan)
    settle(app, table)
    path = store.save_match(table.match, "giữa trận")
    loaded = store.load_match(path)
    assert loaded.snapshot() == table.match.snapshot()
    app.stack.pop()
    app.stack.apply_pending()
    again = open_gi(app, match=loaded)
    settle(app, again)
    assert again.board_view is not None and table.board_view is not None
    mine = again.viewer or 0
    assert [c.hp for c in again.board_view.sides[mine].chars] == [
        c.hp for c in table.board_view.sides[mine].chars
    ]
    assert again.event_log.lines()  # the history replayed into the log


# -- finishing issue 9: rules help, icons, AI seats, Continue, results words ------------------
def test_rules_button_and_f1_open_the_help_at_the_reaction_table(app: Any) -> None:
    # Issue 9 Build item 4: the reaction table (GI-6.4, rules help section 18) opens from
    # the table by its button or F1, also when it is not the viewer's decision.
    from scenes.rules_help import RulesScene
    from scenes.table.invokation import draw

    table, _ = open_hand(app)
    click(app, draw.help_rect(table).center)
    top = app.stack.top
    assert isinstance(top, RulesScene) and top.game_id == "invokation"
    assert top.scroll == top.anchors["18"] > 0  # opened at the reaction table
    app.stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.stack.apply_pending()
    assert app.stack.top is table
    table.revealed_to = None  # not in control: the help still opens
    app.stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    app.stack.apply_pending()
    again = app.stack.top
    assert isinstance(again, RulesScene) and again.scroll == again.anchors["18"]


def test_counts_are_pictures_with_their_words_as_tips(app: Any) -> None:
    table, _ = open_hand(app)
    step(app, frames=2)
    tips = {title: body for _rect, title, body in table.shown_tips}
    assert "Bài trên tay: 5" in tips and "Xấp Bài: còn 20 thẻ" in tips  # seat 0: 20 in deck
    assert tips["Xúc Xắc Nguyên Tố: 6"] == ""  # the opponent's hidden dice: only counted
    mine = "1 Vạn Năng · 1 Băng · 2 Hỏa · 1 Lôi · 1 Phong · 1 Nham · 1 Thảo"
    assert tips["Xúc Xắc Nguyên Tố: 8"] == mine  # shown dice: by face, in the dice order


def test_table_icons_are_the_kit_icon_set() -> None:
    # One icon set: the table's dice, auras and costs draw with scenes.table.elements,
    # the same shapes the rules help's reaction table shows.
    from scenes.table import elements
    from scenes.table.invokation import dice, look

    pygame.init()
    assert dice.die_face is elements.die_face
    assert not hasattr(look, "die_face") and look.draw_element is elements.draw_element
    assert set(look.FACES) | {"unaligned", "matching", "energy"} <= set(elements.ICON_NAMES)
    die = dice.ElementDie(pygame.Rect(0, 0, 40, 40), len(look.FACES), seed=0)
    assert die.face_surface(look.FACES.index("pyro") + 1, 40) is elements.die_face("pyro", 40)


def test_log_words_a_kept_hand_and_skips_healing_nothing(app: Any) -> None:
    from game.core.contract import Event

    table, _ = open_hand(app)
    kept = table.sentence(Event("mulligan", {"seat": 0, "count": 0}))
    assert kept == "An giữ nguyên bài khởi đầu."
    assert table.sentence(Event("mulligan", {"seat": 0, "count": 2})) == "An đổi 2 thẻ."
    healed = {"seat": 0, "character": 0, "hp": 10}
    assert table.sentence(Event("healed", {**healed, "amount": 0})) == ""
    assert "hồi 1 HP" in table.sentence(Event("healed", {**healed, "amount": 1}))


def _played_out(seed: int) -> Match:
    from game.ai import bots
    from game.core.rng import Rng

    match = new_match("invokation", config(), seed)
    bot, rng = bots.make("random"), Rng(seed)
    while match.to_move is not None:
        match.apply(bot.choose(match.rules, match.state, match.to_move, rng))
    return match


def test_results_and_save_list_say_hiep_and_name_the_score(app: Any) -> None:
    # A GI round is "hiệp" (glossary); the score is the opposing characters defeated (GI-7.4).
    from saves import store

    match = _played_out(3)
    results = ResultsScene(app, match)
    rounds = match.rules.summary(match.state)["round"]
    assert f"Số hiệp đã chơi: {rounds}" in results.facts()
    assert results.label("score") == "Nhân vật đã đánh bại"
    path = store.save_match(match, "hết trận")
    info = next(i for i in store.list_saves() if i.path == path)
    line = store.describe(info, "vi")
    assert line.startswith(f"Hiệp {rounds} · ") and ".0" not in line, line


def test_ai_seats_play_to_the_results_and_continue_reopens_an_autosave(app: Any) -> None:
    # Random and greedy seats play a whole game on the table; the title's Continue opens
    # the latest save (an invokation match in the middle) on its own table.
    from saves import store
    from scenes.title import TitleScene

    cfg = config()
    for seat, bot in zip(cfg["seats"], ("random", "greedy"), strict=True):
        seat["control"], seat["bot"] = "ai", bot
    table = open_gi(app, seed=5, match=new_match("invokation", cfg, 5))
    for _ in range(20_000):
        if isinstance(app.stack.top, ResultsScene):
            break
        table.anims.skip()
        step(app)
    assert isinstance(app.stack.top, ResultsScene) and table.match.outcome() is not None
    middle = new_match("invokation", config(), 9)
    for _ in range(12):
        middle.apply(middle.legal_actions()[0])
    store.autosave(middle)
    store.flush_writes()
    title = TitleScene(app)
    app.stack.clear_to(title)
    app.stack.apply_pending()
    title.on_continue()
    app.stack.apply_pending()
    reopened = app.stack.top
    assert isinstance(reopened, InvokationTable)
    assert reopened.match.snapshot() == middle.snapshot()


def test_character_cards_show_their_element_icon_others_the_kit_face(app: Any) -> None:
    # A character's face carries its element's icon in its corner badge: the same icon
    # as its aura and dice (assets/art/symbols.json, one icon per concept).
    import dataclasses

    from game.core import art
    from scenes.table.cards import draw_face
    from scenes.table.elements import COLORS

    table, _ = open_hand(app)
    char = table.chars[(0, 0)].card  # Bà Lò Rèn, Pyro
    assert table.element_of(char) == "pyro" and table.element_of(0) == ""
    face = table.face(char, "vi")
    assert face.badge == art.symbols()["element.pyro"] and face.badge_color == COLORS["pyro"]
    size = (100, 140)
    ours = table.art.surface(char, size, "vi")
    bare = draw_face(dataclasses.replace(face, badge=()), size)
    corner = [(x, y) for x in range(70, 96) for y in range(4, 30)]
    assert sum(ours.get_at(p) != bare.get_at(p) for p in corner) > 30
    assert table.face(0, "vi").badge == ()  # an action card has no element badge
