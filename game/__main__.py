"""``python -m game``: the rules-core command line (see ``game.cli``)."""

from __future__ import annotations

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
