"""``python -m game``: the rules-core command line (see ``game.cli``).

This entry point is where the program is put together: ``game`` itself never
reads save files, so the ``replay`` command gets the save loader the game and
the save browser use (``saves.cli.replay``) from here.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from game import cli


def main(argv: Sequence[str] | None = None) -> int:
    from saves.cli import replay  # the one loader for saves (regular files, limits, checks)

    return cli.main(argv, replay=lambda path: replay(path))


if __name__ == "__main__":
    sys.exit(main())
