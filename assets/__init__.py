"""Data files: fonts, translations, card data, Tiled layouts, icons.

A package only so that ``pip install .`` ships these files beside the code.
"""

from pathlib import Path

ASSETS_DIR = Path(__file__).resolve().parent


def path(*parts: str) -> Path:
    """Path of an asset file, e.g. ``path("fonts", "DejaVuSans.ttf")``."""
    return ASSETS_DIR.joinpath(*parts)
