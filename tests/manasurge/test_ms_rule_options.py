"""ManaSurge rules fixes of issue 11 (items 14-21) and 13 (item 8), and the
options that name the gaps the engine used to decide silently."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from game.manasurge.cards import CHARACTERS, HOARDER, RANK
from game.manasurge.options import EXTRA_DEFAULTS, EXTRA_OPTIONS, HELP_KEY
from game.manasurge.state import PHASE_DEFLECT, PHASE_FROST, PHASE_PLAY, PHASE_SIPHON, MSOptions
from tests.manasurge.ms_helpers import R, act, action, card, first, kinds, pos, scenario

ROOT = Path(__file__).resolve().parents[2]


def refusal(state, kind: str, seat: int, **args):
    problem = R.explain(state, action(state, kind, seat, **args))
    assert problem is not None, f"{kind} {args} should be refused"
    return problem


# --- MS-C2 #6 / MS-G2: Clean Slate with compare_to="lead" (issue 11.14) -------------


def test_clean_slate_under_lead_comparison_lasts_one_spell():
    # MS-C2 #6, MS-G2: after the wipe the next spell is free, then the ladder
    # continues from that card; it is not wiped for the rest of the round.
    s, actions = scenario("clean_slate_compare_lead")
    act(s, **actions[0])
    assert R.prompt(s).key == "manasurge.prompt.play_any"
    assert {a["card"] for a in R.legal_actions(s)} == {card("quake-8"), card("frost-2")}
    act(s, **actions[1])  # quake-8
    assert s.ladder == 8
    assert refusal(s, "play", 3, card="blades-2").key == "manasurge.illegal.too_low"
    assert [a["card"] for a in R.legal_actions(s)] == [card("frost-8")]


def test_lead_comparison_keeps_the_lead_rank_without_clean_slate():
    # MS-G2: with compare_to="lead" a later spell does not move the rank to beat
    s = pos(
        players=3,
        options={"compare_to": "lead"},
        table=[{"card": "fireball-3", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["frost-1"], ["quake-7", "blades-8"], ["blades-4", "frost-3"]],
    )
    act(s, "play", 1, card="quake-7")
    assert s.ladder == 3
    assert {a["card"] for a in R.legal_actions(s)} == {card("blades-4"), card("frost-3")}


# --- MS-G1: prompt, refusal and rule agree for every option (issue 11.15) ------------

#: What each PLAY prompt promises, as a predicate on (rank, ladder).
PROMPT_MEANS = {
    "manasurge.prompt.play": lambda r, lad: r >= lad,
    "manasurge.prompt.play_strict": lambda r, lad: r > lad,
    "manasurge.prompt.play_blades": lambda r, lad: r <= lad,
    "manasurge.prompt.play_blades_strict": lambda r, lad: r < lad,
}
#: The rank relation each refusal key states.
REFUSAL_MEANS = {
    "manasurge.illegal.too_low": lambda r, lad: r < lad,
    "manasurge.illegal.too_low_strict": lambda r, lad: r <= lad,
    "manasurge.illegal.must_be_higher": lambda r, lad: r == lad,
    "manasurge.illegal.must_be_lower": lambda r, lad: r == lad,
    "manasurge.illegal.must_descend": lambda r, lad: r > lad,
}


@pytest.mark.parametrize(
    ("allow_equal", "lead", "compare_to"),
    list(itertools.product((True, False), ("blades-5", "quake-5"), ("last", "lead"))),
)
def test_prompt_refusal_and_rule_agree(allow_equal: bool, lead: str, compare_to: str) -> None:
    # MS-G1, MS-8.1, MS-5.1: every rank 1-8 in hand; the prompt's promise equals
    # the legal set, and each refusal states a relation that holds
    hand = ["frost-1", "frost-2", "frost-3", "frost-4", "frost-5", "frost-6", "frost-7", "frost-8"]
    s = pos(
        players=3,
        options={"allow_equal": allow_equal, "compare_to": compare_to},
        table=[{"card": lead, "seat": 0, "stones": 1}],
        turn=1,
        hands=[["quake-1"], hand, ["blades-8"]],
    )
    prompt = R.prompt(s)
    assert prompt.key.endswith("_strict") == (not allow_equal)
    legal = {RANK[a["card"]] for a in R.legal_actions(s)}
    assert legal == {r for r in range(1, 9) if PROMPT_MEANS[prompt.key](r, 5)}
    for r in set(range(1, 9)) - legal:
        problem = refusal(s, "play", 1, card=f"frost-{r}")
        assert problem.params["ladder"] == 5
        assert REFUSAL_MEANS[problem.key](r, 5), (problem.key, r)
    # every key used has a sentence in both languages with the params it gets
    for lang in ("vi", "en"):
        table = json.loads((ROOT / f"assets/i18n/{lang}/manasurge.json").read_text("utf-8"))
        assert prompt.key.split(".")[-1] in table["prompt"]


def test_strict_blades_equal_rank_is_refused_as_equal():
    # MS-G1 with MS-8.1: an equal rank under Blades is refused for being equal,
    # never as "5 is above 5"
    s = pos(
        players=3,
        options={"allow_equal": False},
        table=[{"card": "blades-5", "seat": 0, "stones": 1}],
        turn=1,
        hands=[["quake-1"], ["frost-5", "frost-2"], ["blades-8"]],
    )
    assert refusal(s, "play", 1, card="frost-5").key == "manasurge.illegal.must_be_lower"
    assert R.prompt(s).key == "manasurge.prompt.play_blades_strict"


# --- MS-G5: overload before the Riposte Knight's choice (issue 11.16) ----------------


def test_riposte_knight_overloads_before_passing_a_card():
    # MS-G5 "as soon as": at 4 penalty cards plus the hit, the Knight overloads
    # at once; no card can be passed away to dodge it (MS-C3 #6)
    s, actions = scenario("riposte_overload")
    events = act(s, **actions[0])
    assert s.phase != PHASE_DEFLECT
    overload = first(events, "overload").data
    assert overload["seat"] == 1 and overload["count"] == 4 + 4  # 2 stones + Fireball 2
    assert kinds(events).index("overload") < kinds(events).index("round_ended")
    assert "card_given" not in kinds(events)


def test_riposte_recipient_overloads_after_the_pass():
    # MS-G5: a pile filled to the limit by a Riposte overloads too
    s = pos(
        players=3,
        options={"characters": True},
        characters=[None, "deflector", None],
        table=[
            {"card": "fireball-5", "seat": 0, "stones": 1},
            {"card": "frost-6", "seat": 2, "stones": 0},
        ],
        turn=1,
        hands=[["frost-1"], ["blades-1"], ["quake-2"]],
        penalty=[0, 0, 4],
    )
    act(s, "take_hit", 1)
    assert s.phase == PHASE_DEFLECT
    events = act(s, "deflect", 1)
    assert first(events, "overload").data["seat"] == 2


# --- MS-C3 #1 / MS-4.3: the Greedy Librarian (issue 11.17, 13.8) --------------------


def test_librarian_is_dealt_five_like_everyone():
    # MS-3.2 with MS-C3 #1 (retuned, docs/BALANCE.md): the Librarian's 6 is a
    # between-round refill only, so the deal gives every seat 5
    s = R.setup({"players": 6, "options": {"characters": True}}, 5)
    sizes = {CHARACTERS[s.chars[p]]: len(s.hands[p]) for p in range(6)}
    assert sizes.pop("hoarder") == 5
    assert set(sizes.values()) == {5}


def test_librarian_redraws_five_after_an_all_magic_hand():
    # MS-4.3 with MS-C3 #1 (retuned): the all-Magic redraw is 5 for the Librarian too
    magic = ["magic-mirror-1", "magic-mirror-2", "magic-ward-1", "magic-ward-2", "magic-reset-1"]
    s = pos(
        players=3,
        caster=0,
        options={"characters": True},
        characters=["hoarder", None, None],
        hands=[[*magic, "magic-reset-2"], ["frost-1"], ["blades-5"]],
        draw_top=["quake-3", "quake-4", "quake-5", "frost-3", "frost-4", "frost-5"],
    )
    assert s.chars[0] == HOARDER
    assert len(s.hands[0]) == 5 and all(c < 60 for c in s.hands[0])


# --- MS-C2 #5: Crystal Siphon never helps an opponent (issue 11.18) ------------------


def test_siphon_without_own_spell_scores_the_stone():
    # MS-C2 #5 (redesigned): no spell of yours on the table, the stone goes to
    # your pool; the lead (another player's card) gains nothing
    s = pos(
        players=4,
        table=[{"card": "quake-3", "seat": 0, "stones": 1}, {"card": "frost-6", "seat": 1}],
        turn=2,
        hands=[["blades-8"], ["blades-7"], ["magic-siphon-1", "blades-1"], ["fireball-8"]],
    )
    before = s.scores()[2]
    events = act(s, "magic", 2, card="magic-siphon-1")
    scored = first(events, "stones_scored").data
    assert scored["reason"] == "siphon" and scored["from_index"] == 0 and scored["seat"] == 2
    assert s.table_stones == [0, 0, 0] and s.scores()[2] == before + 1
    assert "stone_placed" not in kinds(events)


def test_siphon_choice_when_several_sources():
    # MS-C2 #5: with 2+ source cards the player picks one
    s = pos(
        players=4,
        table=[
            {"card": "quake-3", "seat": 0, "stones": 1},
            {"card": "frost-6", "seat": 1, "stones": 2},
        ],
        turn=2,
        hands=[["blades-8"], ["blades-7"], ["magic-siphon-1", "blades-1"], ["fireball-8"]],
    )
    act(s, "magic", 2, card="magic-siphon-1")
    assert s.phase == PHASE_SIPHON
    assert sorted(a["index"] for a in R.legal_actions(s)) == [0, 1]
    act(s, "siphon", 2, index=1)
    assert s.table_stones == [1, 1, 0] and s.pool_purple[2] == 1


# --- Memory Recall as the last card: ManaSurge first, then the draws ---------------


def test_recall_as_last_card_surges_before_drawing():
    # MS-7.1 then MS-C2 #4: 5 cards after the surge, then 2 more (card text)
    s = pos(
        players=3,
        table=[{"card": "quake-3", "seat": 0, "stones": 1}, {"card": "frost-8", "seat": 1}],
        turn=2,
        hands=[["blades-8"], ["blades-7"], ["magic-recall-1"]],
        draw_top=["blades-1", "blades-2", "blades-3", "frost-1", "frost-2", "quake-1", "quake-2"],
    )
    events = act(s, "magic", 2, card="magic-recall-1")
    order = [e.data.get("reason") for e in events if e.kind == "cards_drawn"]
    assert order == ["manasurge", "recall"]
    assert len(s.hands[2]) == 7


# --- the gap options (issue 11.21) --------------------------------------------------


def test_option_defaults_are_todays_rules():
    # rules.md 3.3: every new option defaults to what the engine did before
    assert {k: v for k, v in MSOptions().to_json().items() if k in EXTRA_DEFAULTS} == (
        EXTRA_DEFAULTS
    )
    assert R.setup({"players": 4}, 3).opts == MSOptions()


@pytest.mark.parametrize(("key", "default", "values", "rule"), EXTRA_OPTIONS)
def test_every_option_is_checked_labelled_and_explained(key, default, values, rule):
    assert default == values[0] and rule.startswith("MS-")
    for bad in ("nope", 3, None):
        with pytest.raises(ValueError):
            R.setup({"players": 4, "options": {key: bad}}, 1)
    for v in values:
        assert getattr(R.setup({"players": 4, "options": {key: v}}, 1).opts, key) == v
    assert R.option_values[key] == values
    for lang in ("vi", "en"):
        labels = json.loads((ROOT / f"assets/i18n/{lang}/manasurge.json").read_text("utf-8"))
        assert labels["option"][key]
        if not isinstance(default, bool):
            assert all(labels["option"][f"{key}_{v}"] for v in values)
        rules = json.loads((ROOT / f"assets/i18n/{lang}/rules.json").read_text("utf-8"))
        described = rules["manasurge"]["options"][key]  # player-facing: no rule ID (P-SHV-26)
        assert described and not described.startswith("MS-") and described[0].isupper()
    assert HELP_KEY.format(key) == f"rules.manasurge.options.{key}"


def test_help_line_for_every_option():
    ids = [o.id for o in R.info.options] + [o.id for o in R.advanced_options]
    for lang in ("vi", "en"):
        rules = json.loads((ROOT / f"assets/i18n/{lang}/rules.json").read_text("utf-8"))
        assert sorted(rules["manasurge"]["options"]) == sorted(ids)


def test_resonance_previous_suit():
    # MS-G3 option: a frost on a frost resonates under a Fireball lead and gives
    s = pos(
        players=3,
        options={"resonance": "previous"},
        table=[{"card": "fireball-3", "seat": 0, "stones": 1}, {"card": "frost-4", "seat": 1}],
        turn=2,
        hands=[["blades-8"], ["blades-7", "quake-8"], ["frost-5", "quake-6", "blades-2"]],
    )
    events = act(s, "play", 2, card="frost-5")
    assert first(events, "card_played").data["resonant"] is True
    assert s.phase == PHASE_FROST and s.table_stones[-1] == 1


def test_resonance_lead_default_ignores_previous_suit():
    # MS-G3 default: only the lead suit resonates
    s = pos(
        players=3,
        table=[{"card": "fireball-3", "seat": 0, "stones": 1}, {"card": "frost-4", "seat": 1}],
        turn=2,
        hands=[["blades-8"], ["blades-7", "quake-8"], ["frost-5", "quake-6", "blades-2"]],
    )
    events = act(s, "play", 2, card="frost-5")
    assert first(events, "card_played").data["resonant"] is False and s.phase == PHASE_PLAY


def quake_pos(**options):
    return pos(
        players=3,
        options=options,
        caster=0,
        table=[{"card": "quake-5", "seat": 0, "stones": 1}, {"card": "frost-6", "seat": 2}],
        turn=1,
        hands=[["frost-1", "frost-2"], ["blades-1"], ["quake-2", "quake-3"]],
    )


def test_quake_scope_option():
    # MS-8.5 / MS-G11: by default the hit player takes the splash too (+1)
    s = quake_pos()
    hit = first(act(s, "take_hit", 1), "hit").data
    assert hit["damage"] == 2 and hit["bonus"] == 1
    s = quake_pos(quake_hits_hit_player=False)
    events = act(s, "take_hit", 1)
    assert first(events, "hit").data["damage"] == 1
    assert first(events, "quake").data["seats"] == [2]


def test_round_rules_option_needs_a_resonance():
    # MS-8.6 option: Fireball's +2 only after some card matched the lead
    def fire(**options):
        return pos(
            players=3,
            options=options,
            table=[{"card": "fireball-5", "seat": 0, "stones": 1}, {"card": "frost-6", "seat": 2}],
            turn=1,
            hands=[["frost-1"], ["blades-1"], ["quake-2"]],
        )

    assert first(act(fire(), "take_hit", 1), "hit").data["damage"] == 3
    assert first(act(fire(round_rules="resonance"), "take_hit", 1), "hit").data["damage"] == 1


def test_hit_last_bonus_option():
    # MS-6.2.1: a hit player who played the last valid spell; bonus by default
    def last_is_hit(**options):
        return pos(
            players=3,
            options=options,
            table=[
                {"card": "fireball-5", "seat": 0, "stones": 1},
                {"card": "frost-7", "seat": 1},
                {"card": "magic-ward-1", "seat": 2},
                {"card": "magic-ward-2", "seat": 0},
            ],
            turn=1,
            hands=[["frost-1"], ["blades-1"], ["quake-2"]],
        )

    s = last_is_hit()
    assert first(act(s, "take_hit", 1), "stones_scored").data == {
        "seat": 1,
        "count": 1,
        "reason": "last_spell",
        "from": "supply",
    }
    s = last_is_hit(hit_last_bonus=False)
    events = act(s, "take_hit", 1)
    assert not [e for e in events if e.kind == "stones_scored" and e.data["seat"] == 1]


def test_round_refill_option():
    # MS-G12: by default everyone draws up to 5 between rounds; the option turns it off
    def end(**options):
        s = pos(
            players=3,
            options=options,
            table=[{"card": "fireball-5", "seat": 0, "stones": 1}],
            turn=1,
            hands=[["frost-1", "quake-8"], ["blades-1"], ["quake-2", "frost-3"]],
        )
        return [e for e in act(s, "take_hit", 1) if e.kind == "cards_drawn"]

    assert {e.data["seat"] for e in end()} == {0, 1, 2}
    assert end(round_refill=False) == []


def test_token_tie_option():
    # MS-6.2 step 6 / MS-G13: all tied at 0; seat 2 is hit, the caster is seat 0
    def after(**options):
        s = pos(
            players=4,
            options=options,
            caster=0,
            table=[{"card": "quake-5", "seat": 0, "stones": 1}, {"card": "frost-6", "seat": 1}],
            turn=2,
            hands=[["frost-1"], ["frost-2"], ["blades-1"], ["quake-2"]],
            stones=[1, 1, 2, 2],
        )
        return first(act(s, "take_hit", 2), "caster_passed").data["to"]

    # after scoring seat 0 (lead stone) has 2, seat 1 has 2 (last spell), seat 2 has 2
    # and seat 3 has 2: from the hit seat 2 the nearest is seat 2 itself
    assert after() == 2
    assert after(token_tie="after_caster") == 1


def test_frost_target_option():
    # MS-8.3 / MS-G16: counter-clockwise play; the gift goes to the previous seat by
    # default, to the clockwise neighbour with the option
    def gift(**options):
        s = pos(
            players=4,
            options=options,
            direction=-1,
            table=[{"card": "frost-3", "seat": 0, "stones": 1}],
            turn=3,
            hands=[["blades-8"], ["blades-7"], ["quake-1"], ["frost-5", "quake-6", "blades-2"]],
        )
        act(s, "play", 3, card="frost-5")
        assert s.phase == PHASE_FROST
        assert R.prompt(s).params["to"] == (2 if not options else 0)
        return first(act(s, "give", 3, card="blades-2"), "card_given").data["to"]

    assert gift() == 2
    assert gift(frost_to="clockwise") == 0


def test_a_kept_parse_never_accepts_a_value_the_checks_refuse() -> None:
    # MS-G1: allow_equal is true or false.  parse_options keeps what it parsed (the same
    # config for every game of a run); 1 == True as a dict key, so a tuple key let
    # {"allow_equal": 1} through once {"allow_equal": True} had been parsed.
    from game.manasurge.options import parse_options

    assert parse_options({"allow_equal": True}).allow_equal is True
    for bad in (1, 1.0, "true"):
        with pytest.raises(ValueError, match="allow_equal"):
            parse_options({"allow_equal": bad})
    assert parse_options({"allow_equal": True}) is parse_options({"allow_equal": True})
