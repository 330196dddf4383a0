"""Every card of every game has its own picture from the vendored art library.

The choice lives with the card (its ``art`` field in the card data); the SVGs in
``assets/art/`` are exactly the pictures the cards and ``symbols.json`` name.
"""

from __future__ import annotations

import copy
from collections import defaultdict

import pytest

import game
from game.core import art, content

GAMES = tuple(g for g in game.ids(include_hidden=True) if game.info(g).art_files)


def _cards(game_id: str) -> list[tuple[str, dict[str, object]]]:
    return [(k, dict(v)) for k, v in art.all_cards(game.info(game_id))]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_has_a_picture(game_id: str) -> None:
    missing = [key for key, card in _cards(game_id) if art.FIELD not in card]
    assert not missing, f"{game_id}: cards without art: {missing}"


@pytest.mark.parametrize("game_id", GAMES)
def test_cards_with_different_names_never_share_a_picture(game_id: str) -> None:
    # A guardian and a boss of the same name may (Hồ Tinh); a ManaSurge suit's
    # emblem is not a card but must still differ from every spell's picture.
    names: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for _key, card in _cards(game_id):
        name = card.get("name")
        vi = str(name.get("vi")) if isinstance(name, dict) else _key
        names[art.parts(card[art.FIELD])].add(vi)
    shared = {pic: sorted(who) for pic, who in names.items() if len(who) > 1}
    assert not shared, f"{game_id}: one picture, several names: {shared}"


def test_every_picture_file_is_used_and_every_used_picture_exists() -> None:
    used: set[str] = set()
    for game_id in GAMES:
        for _key, card in _cards(game_id):
            used.update(art.parts(card[art.FIELD]))
    for picture in art.symbols().values():
        used.update(picture)
    files = {p.stem for p in art.art_dir().glob("*.svg")}
    assert not used - files, f"named but missing in assets/art: {sorted(used - files)}"
    assert not files - used, f"in assets/art but unused: {sorted(files - used)}"


def test_every_picture_file_is_an_icon_of_the_set_with_its_colour_left_open() -> None:
    for path in art.art_dir().glob("*.svg"):
        source = path.read_text(encoding="utf-8")
        assert source.startswith("<svg xmlns=") and 'viewBox="0 0 ' in source, path.name
        assert "currentColor" in source, path.name  # the game sets the colour


def test_content_loading_refuses_an_unknown_picture_with_a_clear_message() -> None:
    data = copy.deepcopy(content.raw("shv"))
    data["cards"]["son_tinh"]["art"] = "no-such-picture"
    with pytest.raises(ValueError, match=r"son_tinh: art: unknown picture 'no-such-picture'"):
        content.parse(data)
    data["cards"]["son_tinh"]["art"] = ["mountains", "Bad Name"]
    with pytest.raises(ValueError, match="not an icon name"):
        content.parse(data)


def test_a_picture_is_display_only_and_leaves_the_content_hash_alone() -> None:
    data = copy.deepcopy(content.raw("shv"))
    before = content.content_hash(data)
    data["cards"]["son_tinh"]["art"] = "turtle"
    assert content.content_hash(data) == before
    del data["cards"]["son_tinh"]["art"]
    assert content.content_hash(data) == before


def test_art_values_are_one_to_three_icon_names() -> None:
    assert art.parts("turtle") == ("turtle",)
    assert art.parts(["bowl", "steam"]) == ("bowl", "steam")
    for bad in ([], ["a", "b", "c", "d"], 3, "Turtle", ["ok", 1]):
        with pytest.raises(ValueError):
            art.parts(bad)
