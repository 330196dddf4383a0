"""Generate the table layouts: ``assets/layouts/manasurge_<n>.tmx`` (2-6 players)
``assets/layouts/toy_<n>.tmx`` (Tiny Duel, 2-4 players) and
``assets/layouts/shv_<n>.tmx`` (Sử Hộ Vương, 2, 4 and 6 players) and
``assets/layouts/invokation.tmx`` (Thất Thánh Triệu Hồi, 2 players) and
``assets/layouts/shv_pve_<n>.tmx`` (Sử Hộ Vương PvE, 1-6 players).

Each file is a Tiled map of 80x45 tiles of 16 px (1280x720 design pixels)
with one object layer, ``zones``, of named rectangles.  ``seat_k`` is the
k-th seat clockwise from the viewer, who always sits at the bottom
(``seat_0``).  Run: ``python tools/make_layouts.py``; open the result in Tiled
to adjust by hand if you like (the table reads whatever the files say).
"""

from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "layouts"

W, H, TILE = 1280, 720, 16
Rect = tuple[int, int, int, int]


def manasurge_zones(n: int) -> dict[str, Rect]:
    """Named rectangles for ``n`` players, in design pixels."""
    z: dict[str, Rect] = {
        "banner": (8, 6, 1012, 46),
        "scores": (1030, 6, 242, 196),
        "log": (1030, 210, 242, 504),
        "seat_0": (8, 548, 180, 166),
        "hand": (196, 548, 824, 166),
    }
    sides = n >= 4
    cx0, cx1 = (186, 842) if sides else (8, 1020)
    cw = cx1 - cx0
    z["ladder"] = (cx0, 204, cw, 202)
    z["draw"] = (cx0, 414, 88, 126)
    z["discard"] = (cx0 + 96, 414, 88, 126)
    z["supply"] = (cx0 + 192, 414, 128, 126)
    z["actions"] = (cx0 + 328, 414, cw - 328, 126)
    others = list(range(1, n))
    if sides:
        z[f"seat_{others[0]}"] = (8, 204, 170, 202)
        z[f"seat_{others[-1]}"] = (850, 204, 170, 202)
        top = others[1:-1]
    else:
        top = others
    k = len(top)
    if k == 1:
        z[f"seat_{top[0]}"] = (314, 58, 400, 138)
    elif k:
        gap = 8
        each = (1012 - (k - 1) * gap) // k
        for i, seat in enumerate(top):
            z[f"seat_{seat}"] = (8 + i * (each + gap), 58, each, 138)
    return z


def toy_zones(n: int) -> dict[str, Rect]:
    """Tiny Duel: opponents along the top, the totem row in the middle, the deck,
    the play pile and the die under it, the viewer's seat, hand and buttons below."""
    z: dict[str, Rect] = {
        "banner": (8, 6, 1012, 46),
        "log": (1030, 6, 242, 708),
        "totems": (8, 204, 1012, 202),
        "deck": (8, 414, 100, 126),
        "pile": (116, 414, 640, 126),
        "dice": (764, 414, 256, 126),
        "seat_0": (8, 548, 220, 166),
        "hand": (236, 548, 520, 166),
        "actions": (764, 548, 256, 166),
    }
    k = n - 1
    gap = 8
    each = min(400, (1012 - (k - 1) * gap) // k)
    x0 = 8 + (1012 - (k * each + (k - 1) * gap)) // 2
    for i in range(k):
        z[f"seat_{i + 1}"] = (x0 + i * (each + gap), 58, each, 138)
    return z


def shv_zones(n: int) -> dict[str, Rect]:
    """Sử Hộ Vương: ``seat_k``/``field_k`` are a panel and a guardian field.  The
    viewer's own field and hand are large at the bottom (``seat_0``/``field_0``),
    teammates (``1 .. n/2-1``) beside it on the left, opponents across the top; the
    turn-order strip (``order``) sits over the log; ``offer`` is the band between
    the two sides for a use/pass offer."""
    strip = 34 + 22 * n
    z: dict[str, Rect] = {
        "banner": (8, 6, 1012, 40),
        "order": (1030, 6, 242, strip),
        "log": (1030, 14 + strip, 242, 700 - strip),
        "seat_0": (8, 548, 200, 166),
        "hand": (216, 548, 560, 166),
        "actions": (784, 548, 236, 166),
    }
    mates, opps = n // 2 - 1, n // 2
    top_h = {2: 200, 4: 170, 6: 160}[n]
    panel_w = {2: 200, 4: 130, 6: 88}[n]  # six: three 40-px guardians in a field at 1024x600
    each = (1012 - (opps - 1) * 8) // opps
    for i in range(opps):
        x, k = 8 + i * (each + 8), mates + 1 + i
        z[f"seat_{k}"] = (x, 52, panel_w, top_h)
        z[f"field_{k}"] = (x + panel_w + 6, 52, each - panel_w - 6, top_h)
    y = 58 + top_h
    z["offer"] = (8, y, 1012, 40)
    y += 46
    if mates == 0:
        z["field_0"] = (8, y, 1012, 542 - y)
        return z
    side_w = {4: 440, 6: 420}[n]
    h = (542 - y - (mates - 1) * 6) // mates
    for i in range(mates):
        top = y + i * (h + 6)
        z[f"seat_{i + 1}"] = (8, top, panel_w, h)
        z[f"field_{i + 1}"] = (14 + panel_w, top, side_w - panel_w - 6, h)
    z["field_0"] = (16 + side_w, y, 1004 - side_w, 542 - y)
    return z


def invokation_zones() -> dict[str, Rect]:
    """Thất Thánh Triệu Hồi: each side a row of three characters (``chars_k``) with
    its supports on the left and summons on the right, the opponent's side on top;
    the round/phase band between the sides; the viewer's skill buttons and the
    tuning slot under its characters, its panel and piles at the bottom left; the
    dice tray under the log (the roll phase rolls them big over the board)."""
    return {
        "banner": (8, 6, 1012, 40),
        "seat_1": (8, 52, 200, 66),
        "supports_1": (8, 124, 200, 106),
        "chars_1": (216, 52, 596, 178),
        "summons_1": (820, 52, 200, 178),
        "band": (8, 236, 1012, 30),
        "supports_0": (8, 272, 200, 200),
        "chars_0": (216, 272, 596, 200),
        "summons_0": (820, 272, 200, 200),
        "seat_0": (8, 478, 200, 146),
        "skills": (216, 478, 596, 64),
        "tune": (820, 478, 200, 64),
        "draw": (8, 630, 60, 84),
        "discard": (74, 630, 60, 84),
        "hand": (216, 548, 596, 166),
        "actions": (820, 548, 200, 166),
        "log": (1030, 6, 242, 496),
        "dice": (1030, 508, 242, 206),
    }


def shv_pve_zones(n: int) -> dict[str, Rect]:
    """Sử Hộ Vương PvE (1-6 players, one team): the villain side across the top
    (``boss`` large on the left, the ``minions`` row, ``vcards`` for ongoing skill
    cards and Boss Treasures under it), the ``offer`` band (the villain turn's step,
    a team choice, an interrupt offer), then the players: the viewer's field and
    panel large at the bottom as in PvP, teammates on the left of the middle band
    (stacked up to two, a grid of two rows beyond)."""
    strip = 34 + 22 * (n + 1)  # every player and the villain side
    z: dict[str, Rect] = {
        "banner": (8, 6, 1012, 40),
        "order": (1030, 6, 242, strip),
        "log": (1030, 14 + strip, 242, 700 - strip),
        "seat_0": (8, 548, 200, 166),
        "hand": (216, 548, 560, 166),
        "actions": (784, 548, 236, 166),
    }
    vh = 232 if n <= 2 else 186  # three players and more: room for 40-px guardians
    z["boss"] = (8, 52, 244, vh)
    z["minions"] = (260, 52, 760, vh - 70)
    z["vcards"] = (260, 52 + vh - 64, 760, 64)
    y = 52 + vh + 6
    z["offer"] = (8, y, 1012, 36)
    y += 42
    h, mates = 542 - y, n - 1
    if mates == 0:
        z["field_0"] = (8, y, 1012, h)
        return z
    if mates <= 2:
        side_w, panel_w = (500 if mates == 1 else 480), 120
        each = (h - (mates - 1) * 6) // mates
        for i in range(mates):
            top = y + i * (each + 6)
            z[f"seat_{i + 1}"] = (8, top, panel_w, each)
            z[f"field_{i + 1}"] = (14 + panel_w, top, side_w - panel_w - 6, each)
    elif mates <= 4:
        side_w, panel_w = 680, 88  # three 40-px guardians in a teammate's field at 1024x600
        cw, each = (side_w - 6) // 2, (h - 6) // 2
        for i in range(mates):
            x, top = 8 + (i % 2) * (cw + 6), y + (i // 2) * (each + 6)
            z[f"seat_{i + 1}"] = (x, top, panel_w, each)
            z[f"field_{i + 1}"] = (x + panel_w + 4, top, cw - panel_w - 4, each)
    else:  # six players: two rows across the width, the viewer's field wide at the end
        panel_w, each, own_w = 88, (h - 6) // 2, 334  # own_w: as wide as a mate's cell
        rows = [(y, (1012 - 12) // 3, (0, 1, 2)), (y + each + 6, (1012 - 12 - own_w) // 2, (3, 4))]
        for top, cw, mates_here in rows:
            for k, i in enumerate(mates_here):
                x = 8 + k * (cw + 6)
                z[f"seat_{i + 1}"] = (x, top, panel_w, each)
                z[f"field_{i + 1}"] = (x + panel_w + 4, top, cw - panel_w - 4, each)
        z["field_0"] = (1020 - own_w, y + each + 6, own_w, each)
        return z
    z["field_0"] = (16 + side_w, y, 1004 - side_w, h)
    return z


def tmx(zones: dict[str, Rect], kinds: dict[str, str]) -> str:
    objects = []
    for i, (name, (x, y, w, h)) in enumerate(zones.items(), start=1):
        kind = kinds.get(name.split("_")[0], "zone")
        objects.append(
            f'  <object id="{i}" name={quoteattr(name)} type={quoteattr(kind)} '
            f'x="{x}" y="{y}" width="{w}" height="{h}"/>'
        )
    body = "\n".join(objects)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{W // TILE}" height="{H // TILE}" '
        f'tilewidth="{TILE}" tileheight="{TILE}" infinite="0" nextlayerid="2" '
        f'nextobjectid="{len(zones) + 1}">\n'
        ' <objectgroup id="1" name="zones">\n'
        f"{body}\n"
        " </objectgroup>\n"
        "</map>\n"
    )


def overlaps(zones: dict[str, Rect]) -> list[tuple[str, str]]:
    names = list(zones)
    bad = []
    for i, a in enumerate(names):
        ax, ay, aw, ah = zones[a]
        for b in names[i + 1 :]:
            bx, by, bw, bh = zones[b]
            if ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah:
                bad.append((a, b))
    return bad


KINDS = {"seat": "seat", "hand": "hand", "ladder": "pile", "draw": "pile", "discard": "pile"}
SHV_KINDS = {"seat": "seat", "hand": "hand", "field": "row"}
GI_KINDS = {"seat": "seat", "hand": "hand", "chars": "row", "summons": "row", "supports": "row"}
TOY_KINDS = {"seat": "seat", "hand": "hand", "deck": "pile", "pile": "pile", "totems": "row"}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    layouts: list[tuple[str, dict[str, Rect], dict[str, str]]] = [
        *((f"manasurge_{n}", manasurge_zones(n), KINDS) for n in range(2, 7)),
        *((f"toy_{n}", toy_zones(n), TOY_KINDS) for n in range(2, 5)),
        *((f"shv_{n}", shv_zones(n), SHV_KINDS) for n in (2, 4, 6)),
        ("invokation", invokation_zones(), GI_KINDS),
        *((f"shv_pve_{n}", shv_pve_zones(n), SHV_KINDS) for n in range(1, 7)),
    ]
    for name, zones, kinds in layouts:
        problems = overlaps(zones)
        if problems:
            print(f"{name}: overlapping zones {problems}", file=sys.stderr)
            return 1
        path = OUT / f"{name}.tmx"
        path.write_text(tmx(zones, kinds), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)} ({len(zones)} zones)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
