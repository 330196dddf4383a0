"""tools/fetch_art.py reads the chosen pictures from the data files, without loading a
game: a game refuses to load while a card names a picture not yet written, and writing
that picture is the tool's job (docs/HOUSE.md, "A new card", step 3)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_chosen_pictures_are_read_without_loading_any_game() -> None:
    code = (
        "import sys; sys.path.insert(0, 'tools'); import fetch_art\n"
        "users = fetch_art.chosen()\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('game.') and m.count('.') == 1"
        " and m.split('.')[1] in ('shv', 'invokation', 'manasurge', 'toy', 'shv_companion'))\n"
        "print(len(users), loaded)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    count, loaded = done.stdout.split(" ", 1)
    assert loaded.strip() == "[]", f"fetch_art loaded game packages: {loaded}"
    assert int(count) > 200


def test_every_card_and_boss_picture_is_among_the_chosen() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import fetch_art

    users = fetch_art.chosen()
    places = {p for where in users.values() for p in where}
    # A Sử Hộ Vương card, a boss-file card, a Thất Thánh Triệu Hồi card, a ManaSurge
    # listed card and a symbol.
    for place in ("shv:son_tinh", "shv:ngu_tinh", "invokation:dom_than", "manasurge:14"):
        assert place in places
    assert any(p.startswith("symbol:") for p in places)
