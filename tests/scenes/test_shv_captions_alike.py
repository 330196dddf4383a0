"""Every Sử Hộ Vương card of a kind shows its type line the same way at one size (D5, P2-5).

In one hand Thế Hỏa read "Hỏa 1" while Thế Kim read "Chiến thuật · Kim 1": the full
caption fitted the narrower word only; in English "Guard" and "Weapon" stood beside
"Equipment · …".  A kind's cards now take their full or short
caption together (``CardFace.caption_room``), in both languages, at the hand's, the
collection's and the zoom's sizes."""

from __future__ import annotations

import pytest

from scenes.table.facelayout import lay_out
from scenes.table.shv import look

SIZES = [(77, 110), (93, 133), (130, 186), (180, 257), (300, 430)]


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_every_kind_prints_the_full_or_the_short_caption_together(
    lang: str, size: tuple[int, int]
) -> None:  # SHV-6.6: a tactic's point types are its caption
    kinds: dict[str, list[str]] = {}
    for card, data in look.cards().cards.items():
        kinds.setdefault(look.frame_kind(data), []).append(card)
    assert len(kinds["tactic"]) >= 5 and len(kinds["equipment"]) >= 3
    for kind, cards in kinds.items():
        forms = set()
        for card in cards:
            face = look.face(card, lang)
            captions = [line.text for line in lay_out(face, size).captions]
            assert captions, card
            forms.add("full" if captions[0] == face.caption else "short")
            assert not any("…" in c for c in captions), (card, captions)
        assert len(forms) == 1, (kind, size, forms)
