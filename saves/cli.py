"""``python -m game replay FILE``: the save check behind the command line.

``game/`` never reads save files, so ``game.__main__`` hands this function to
``game.cli.main``.  It reads the file with the one loader the game (``main.py
--load``) and the save browser use (``saves.store.read_document`` and
``saves.format.check_fields``: regular files only, a size limit, no NaN or
absurd nesting, a UTF-8 BOM accepted) and then replays it with
``Match.from_json``, so the command and the game always give the same verdict.
"""

from __future__ import annotations

import os
from pathlib import Path

from game import match_from_json
from saves import format as fmt
from saves import store
from saves.format import SaveError

OK, NOT_REPRODUCED, REFUSED = 0, 1, 2
"""Exit codes: the save reproduces; it reads but does not replay to its
snapshot; it cannot be read at all (missing, foreign, damaged...)."""


def replay(path: str | os.PathLike[str], lang: str = "en") -> tuple[int, str]:
    """(exit code, one line in ``lang``) for ``python -m game replay``."""
    file = Path(path)
    try:
        data = store.read_document(file)
        actions = fmt.check_fields(data, file)
    except SaveError as exc:
        return REFUSED, store.format_error(exc, lang)
    try:
        match = match_from_json(data)
    except Exception as exc:  # ValueError by contract; anything from a broken rules core
        reason = fmt.diagnose(data, actions, file)
        if reason.key == "saves.error.bad_config":  # the setup itself is refused
            return REFUSED, store.format_error(reason, lang)
        if reason.key == "saves.error.invalid":
            reason = SaveError("saves.error.invalid", file, reason=fmt.clean_name(exc, 160))
        return NOT_REPRODUCED, f"NOT REPRODUCED: {reason.message(lang)}"
    summary = match.rules.summary(match.state)
    return OK, (
        f"OK: {match.game_id} save replays {len(match.log)} actions and reproduces its "
        f"snapshot (round {summary.get('round', '?')}, scores {summary.get('scores', '?')})"
    )
