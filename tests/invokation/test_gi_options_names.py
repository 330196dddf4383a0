"""``options.NAMES`` lists every field of ``Options`` in order: it replaces
``Options.__slots__`` (which a mypyc-compiled class does not offer, issue 15)."""

from __future__ import annotations

import dataclasses

from game.invokation.options import NAMES, Options


def test_names_are_the_option_fields_in_order() -> None:
    assert tuple(f.name for f in dataclasses.fields(Options)) == NAMES
    changed = Options(round_cap=20, clear_dice=False)
    assert Options.from_json(changed.to_json()) == changed
