"""Translations: lookup, fallback, parameters and English plurals."""

from __future__ import annotations

import re

from game.i18n import LANGS, all_strings, t


def test_plural_picks_the_word_by_count() -> None:
    assert t("manasurge.log.cards_drawn", "en", name="An", count=1) == "An draws 1 card."
    assert t("manasurge.log.cards_drawn", "en", name="An", count=3) == "An draws 3 cards."
    assert t("manasurge.log.cards_drawn", "en", name="An", count=0) == "An draws 0 cards."


def test_vietnamese_has_no_plural_forms() -> None:
    # Vietnamese nouns do not inflect: no vi string needs the {n|one|many} form.
    # (A bare "|" is allowed: the rules help draws lines starting with it as tables.)
    plural = re.compile(r"\{\w+\|")
    assert not [k for lang, k, text in all_strings() if lang == "vi" and plural.search(text)]
    assert plural.search("{n|lá|lá}") and not plural.search("| Tan Chảy | +2")


def test_every_plural_names_a_parameter_the_sentence_uses() -> None:
    plural = re.compile(r"\{(\w+)\|[^{}|]*\|[^{}|]*\}")
    for lang, key, text in all_strings():
        for name in plural.findall(text):
            # a "<list>_count" parameter only makes a verb agree with a list of names
            # ("An and Bình win"); any other plural must show its number
            assert "{" + name + "}" in text or name.endswith("_count"), (lang, key, text)


def test_missing_key_falls_back_visibly_and_params_never_crash() -> None:
    assert t("no.such.key", "en") == "no.such.key"
    assert t("manasurge.log.cards_drawn", "vi", count=2).count("{name}") == 1
    assert all(lang in LANGS for lang, _, _ in all_strings())


def test_winner_lines_agree_with_one_or_several_names() -> None:
    """English verbs agree with the number of winners (issue 11 item 33)."""
    from game.i18n import join_names

    for key in ("game_over_target", "game_over_stalemate", "game_over_round_limit"):
        one = t(f"manasurge.log.{key}", "en", winners_names="An", winners_count=1)
        names = join_names(["An", "Bình", "Châu"], "en")
        three = t(f"manasurge.log.{key}", "en", winners_names=names, winners_count=3)
        assert "An, Bình and Châu" in three
        if key == "game_over_target":
            assert one.endswith("An wins!") and three.endswith("Châu win!")
        else:
            assert "An has the most" in one and "Châu have the most" in three
