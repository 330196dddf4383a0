"""Property: every reader of the program, fed random bytes or a random JSON
document of its file kind, gives a clear error or a valid object — never
another exception, never a wait (issue 37).

Readers: the bounded reader itself (``game.core.files``), saves and autosaves
and kept replays (``saves.store``: ``read_info`` never raises, ``load_match``
raises ``SaveError``), settings (always a ``Settings``; a bad file set aside),
the running-game marker (always a bool), Story profiles (``ProfileError``),
deck files (``DeckError``; the checker and the sample hand then take the
deck), installed puzzles (``ValueError``), Tiled layouts (``ValueError``).
Scenario documents have their own property test (``test_scenario_documents``).

Documents are mutations of a real file of each kind (``mutated``), random JSON
and random bytes.  ``make test`` runs the ``default`` Hypothesis profile (50
examples a test); ``HYPOTHESIS_PROFILE=long`` runs 2,000."""

from __future__ import annotations

import contextlib
import itertools
import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from game import new_match
from game.core import files
from game.decks import rules_for
from game.decks.model import Deck, DeckError
from game.decks.store import read as read_deck
from saves import format as fmt
from saves import logfile, notices, profiles, store
from saves.settings import Settings
from scenes import puzzles as puzzles_mod
from scenes.table import layout
from tests.property import games as g
from tests.property.test_scenario_documents import mutated
from tests.timebox import timebox

_names = itertools.count()

raw_bytes = st.one_of(
    st.binary(max_size=600),
    st.sampled_from([b"", b"\x00" * 50, b"\xef\xbb\xbf{}", b"[" * 200, b'{"a":' * 80]),
)


def _write(folder: Path, body: bytes | str, suffix: str = ".json", prefix: str = "") -> Path:
    path = folder / f"{prefix}{next(_names)}{suffix}"
    path.write_bytes(body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass"))
    return path


def _doc(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _real_save() -> dict[str, Any]:
    match = new_match("manasurge", {"players": 2}, 7)
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    return fmt.encode(match, "slot", "thật")


SAVE = _real_save()
DECK = Deck("shv", "Bộ", {"kim_co_ban": 10, "moc_co_ban": 20}).to_json()
PROFILE = {"format": profiles.FORMAT, "version": profiles.VERSION, "name": "An",
           "story": {"beaten": [], "fights": 1, "wins": 0}}  # fmt: skip
PUZZLE = json.loads(
    next(iter(sorted((puzzles_mod.folder() / "manasurge").glob("*.json")))).read_text("utf-8")
)
SETTINGS = {"lang": "en", "width": 1024, "height": 600, "volume": 0.5, "setups": {}}


def _bodies(base: Any) -> st.SearchStrategy[bytes | str]:
    return st.one_of(
        raw_bytes,
        mutated(base).map(_doc),
        g.json_values.map(_doc),
    )


@given(raw_bytes)
def test_the_bounded_reader(body: bytes) -> None:
    folder = Path(store.save_dir())
    path = _write(folder, body)
    with timebox(2):
        try:
            files.read_json(path, limit=400)
        except files.ReadError as exc:
            assert exc.code in files.CODES
    assert path.read_bytes() == body


@given(_bodies(SAVE))
def test_saves_autosaves_and_replays(body: bytes | str) -> None:
    folder = store.save_dir()
    path = _write(folder, body, prefix=store.AUTOSAVE_PREFIX + "manasurge-")
    before = path.read_bytes()
    with timebox(5):
        info = store.read_info(path)
        assert info.ok or info.error is not None
        try:
            store.load_match(path)
        except store.SaveError as exc:
            assert exc.message("en") and exc.message("vi")
    assert path.read_bytes() == before
    path.unlink()


@given(_bodies(SETTINGS))
def test_settings_always_start(body: bytes | str) -> None:
    file = Settings.path()
    file.write_bytes(body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass"))
    with timebox(2):
        settings = Settings.load()
    assert isinstance(settings, Settings)
    assert 800 <= settings.width <= 7680 and 0.0 <= settings.volume <= 1.0
    for aside in file.parent.glob("settings.json.bad-*"):
        aside.unlink()
    file.unlink(missing_ok=True)
    notices.take()


@given(_bodies({"pid": 12345}))
def test_the_running_game_marker(body: bytes | str) -> None:
    marker = logfile.log_dir() / logfile.SESSION_NAME
    marker.write_bytes(body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass"))
    logfile.forget()
    with timebox(2):
        assert logfile.previous_crashed() in (True, False)
    logfile.forget()
    for aside in marker.parent.glob(logfile.SESSION_NAME + "*"):
        aside.unlink()
    notices.take()


@given(_bodies(PROFILE))
def test_story_profiles(body: bytes | str) -> None:
    path = _write(profiles.folder(), body)
    with timebox(2):
        try:
            profiles.load(path)
        except profiles.ProfileError as exc:
            assert exc.key.startswith("story.error.")
    path.unlink()


@given(_bodies(DECK))
def test_deck_files_and_what_is_built_from_them(body: bytes | str) -> None:
    folder = store.save_dir()
    path = _write(folder, body)
    rules = rules_for("shv")
    with timebox(3):
        try:
            deck = read_deck(path, "shv", folder)
        except DeckError as exc:
            assert exc.reasons
        else:
            rules.check(deck)
            rules.sample_hand(deck, seed=1)
            rules.curve(deck)
    path.unlink()


@given(_bodies(PUZZLE))
def test_installed_puzzles(body: bytes | str) -> None:
    path = _write(store.save_dir(), body)
    read: object = None
    with timebox(3), contextlib.suppress(ValueError):
        read = puzzles_mod.read_puzzle(path)
    path.unlink()
    assert read is None or isinstance(read, puzzles_mod.Puzzle)  # refused clearly, or a puzzle


TMX = (Path(layout.assets.path("layouts")) / "manasurge_2.tmx").read_text("utf-8")


@given(
    st.one_of(
        raw_bytes,
        st.integers(0, len(TMX)).map(lambda n: TMX[:n]),
        st.tuples(st.integers(0, len(TMX)), st.text(max_size=20)).map(
            lambda p: TMX[: p[0]] + p[1] + TMX[p[0] :]
        ),
    )
)
def test_tiled_layouts(body: bytes | str) -> None:
    path = _write(store.save_dir(), body, suffix=".tmx")
    read: object = None
    with timebox(3), contextlib.suppress(ValueError):
        read = layout.TableLayout(path)
    path.unlink()
    assert read is None or isinstance(read, layout.TableLayout)  # refused clearly, or read


CODE = "SHV1-" + "A" * 40


@given(
    st.one_of(
        st.text(max_size=500),
        st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ234567-", max_size=120).map("SHV1-".__add__),
        st.integers(0, len(CODE)).map(lambda n: CODE[:n]),
    )
)
def test_deck_codes(text: str) -> None:
    from game import decks

    with timebox(2):
        try:
            deck = decks.load("shv", text)
        except DeckError as exc:
            assert exc.reasons
        else:
            rules_for("shv").check(deck)


GUIDE = json.loads(
    next(iter(sorted(Path(layout.assets.path("guides")).glob("*.json")))).read_text("utf-8")
)


@given(_bodies(GUIDE))
def test_installed_guides(body: bytes | str) -> None:
    import tempfile

    from scenes import guide

    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "manasurge.json").write_bytes(
            body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass")
        )
        real = guide.folder
        guide.folder = lambda: Path(folder)  # type: ignore[assignment]
        try:
            with timebox(2):
                script = guide.script_for("manasurge")  # never an exception
            assert script is None or isinstance(script, guide.Script)
        finally:
            guide.folder = real  # type: ignore[assignment]
