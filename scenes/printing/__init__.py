"""Print and play (issue 40): any deck, or a game's whole set, as a PDF to cut out.

* :mod:`scenes.printing.face` — the PDF painter of a card face: it paints the same
  :class:`~scenes.table.facelayout.FaceLayout` as the screen painter, in millimetres,
  with the game's fonts embedded and the art library's SVGs as vector paths;
* :mod:`scenes.printing.pages` — the page geometry: 63x88 mm cards, nine to an A4 or
  Letter page in a butted 3x3 block with shared cut lines, a bleed round the block,
  cut marks outside it, backs mirrored for duplex;
* :mod:`scenes.printing.content` — what each game prints (a deck, trackers, a boss,
  references, a rules summary);
* :mod:`scenes.printing.cli` — ``python main.py print`` (``banthe print``).

The PDF library, fpdf2 (LGPL-3.0, pure Python; it brings Pillow, fontTools and
defusedxml), is the ``print`` extra: ``pip install 'banthe[print]'`` (``make play`` and
``make test`` install it through the ``test`` extra).  The standalone build leaves it
out; :func:`missing` says what to install when it is absent.
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

INSTALL = "pip install 'banthe[print]'  (fpdf2)"


def missing() -> str:
    """Empty when the PDF library is installed, else the command that installs it."""
    return "" if importlib.util.find_spec("fpdf") is not None else INSTALL


def documents_folder() -> Path:
    """Where the game writes a printed deck: ``BANTHE_PRINT_DIR`` if set, else the
    user's documents folder (``~/Documents``, or its XDG name), else the home folder."""
    chosen = os.environ.get("BANTHE_PRINT_DIR")
    if chosen:
        return Path(chosen)
    home = Path.home()
    xdg = home / ".config" / "user-dirs.dirs"
    if xdg.is_file():
        found = re.search(r'XDG_DOCUMENTS_DIR="([^"]+)"', xdg.read_text(errors="replace"))
        if found:
            folder = Path(found.group(1).replace("$HOME", str(home)))
            if folder.is_dir():
                return folder
    documents = home / "Documents"
    return documents if documents.is_dir() else home


def file_name(game: str, deck_name: str) -> str:
    """A PDF's file name for a deck: the game and the deck's name, safe on any disk."""
    stem = re.sub(r"[^\w-]+", "_", deck_name, flags=re.UNICODE).strip("_") or "deck"
    return f"{game}-{stem[:40]}.pdf"
