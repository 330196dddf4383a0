"""What the font renderer may be given (issue 37 class 7).

Every string the kit draws — typed in a text field, read from a save, a deck
file, a seat name, a translation — passes through :func:`shown` once, in
``scenes.text`` (the one place the program calls the font renderer), so every
screen is covered:

* a lone surrogate or NUL (pygame raises on them) becomes U+FFFD;
* characters that draw nothing and only confuse the renderer or the reader —
  format characters (zero-width spaces and joiners, bidi overrides, tags),
  variation selectors, the combining grapheme joiner, Hangul fillers — are
  dropped (a text of only those used to raise "Text has zero width");
* runs of combining marks are cut to ``MAX_MARKS`` per letter (a "Zalgo" name
  would grow far above and below its line) and marks with no letter before
  them get a dotted circle to sit on;
* the text is NFC-normalised and, for one line, cut to ``LINE_MAX`` characters
  with "…" (a 10,000-letter name is never rendered whole).

Line breaks and tabs are kept (``wrap`` splits on them).
"""

from __future__ import annotations

import re
import unicodedata

LINE_MAX = 2000
"""The most characters one rendered line may hold (far more than any screen shows)."""

MAX_MARKS = 3
"""The most combining marks kept on one letter (Vietnamese needs two)."""

_SURROGATE_OR_NUL = re.compile("[\x00\ud800-\udfff]")
_INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0"
    "\U000e0000-\U000e007f\U000e0100-\U000e01ef]"
)
_BASE = "\u25cc"  # DOTTED CIRCLE: where a mark with no letter is shown


def _format(ch: str) -> bool:
    return unicodedata.category(ch) == "Cf"


def shown(text: object, limit: int | None = None) -> str:
    """``text`` as the font renderer may draw it (see the module doc); with
    ``limit``, at most that many characters (the last one "…")."""
    value = _SURROGATE_OR_NUL.sub("\ufffd", str(text))
    if not value.isascii():
        value = _INVISIBLE.sub("", value)
        value = "".join(ch for ch in value if not _format(ch))
        value = _marks(unicodedata.normalize("NFC", value))
    if limit is not None and len(value) > limit:
        value = value[: max(0, limit - 1)] + "…"
    return value


def _marks(text: str) -> str:
    """At most ``MAX_MARKS`` combining marks per letter; a mark with no letter
    before it (the start, a space, a line break) sits on a dotted circle."""
    out: list[str] = []
    run = 0
    previous = ""
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
            if run == 0 and (not previous or previous.isspace()):
                out.append(_BASE)
            run += 1
            if run > MAX_MARKS:
                continue
        else:
            run = 0
        out.append(ch)
        previous = ch
    return "".join(out)
