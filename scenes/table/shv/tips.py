"""What the Sử Hộ Vương table tells under the pointer (``ShvTable.tip``): a badge's
glossary word and rule (status, MP, temporary point), an HP badge, an empty equipment
slot's name, a tucked tactic's points, the skills behind a "+N" chip, and why a greyed
skill chip cannot be used now (the rules' refusal, the Tactic Points it lacks)."""

from __future__ import annotations

from typing import Any

from game.core.contract import Action
from scenes.table.badges import term
from scenes.table.shv import look
from scenes.table.shv.draw import (
    DrawnTable,
    _boxes,
    _tabs,
    guardian_hp,
    hp_rect,
    hp_words,
    pills,
    temp_badges,
)
from scenes.table.shv.panels import _mp_spots


def status_words(t: DrawnTable, key: str, n: int) -> str:
    if key == "block":
        return t.app.tr("shvtable.panel.block", amount=n)
    word = look.keyword(key, t.app.tr.lang)
    return word if key == "stealth" else f"{word} {n}"


def _holder(t: DrawnTable, source: int) -> Any:
    """The guardian a skill's source is (or wears it: an equipment's skill)."""
    for g in t.view.players[t.viewer or 0].field:
        if g.card == source or source in g.equipment.values():
            return g
    return None


def missing_points(t: DrawnTable, pick: tuple[int, str]) -> tuple[dict[str, int], dict[str, int]]:
    """A skill's Tactic Point threshold and what its guardian lacks of it (SHV-6.2,
    6.6: thresholds, never spent; ``any`` is what is left over the named types)."""
    source, skill = pick
    need = {str(k): int(n) for k, n in
            look.card_data(t.names[source])["skills"][skill].get("points", {}).items()}  # fmt: skip
    g = _holder(t, source)
    have: dict[str, int] = {}
    for uid in g.tactics if g is not None else []:
        for k, n in look.chip_points(t.names[uid], g.chosen.get(str(uid))):
            have[k] = have.get(k, 0) + n
    for k, n in (g.temp_points if g is not None else {}).items():
        have[k] = have.get(k, 0) + n
    short = {k: n - have.get(k, 0) for k, n in need.items() if k != "any" and have.get(k, 0) < n}
    spare = sum(have.values()) - sum(n for k, n in need.items() if k != "any")
    if need.get("any", 0) > max(0, spare):
        short["any"] = need["any"] - max(0, spare)
    return need, short


def chip_needs(t: DrawnTable, pick: tuple[int, str]) -> str:
    """Why a greyed skill chip cannot be used now, for its tip (P-SHV-14): the rules'
    refusal, then the Tactic Points the skill needs and which are missing."""
    tr, lang = t.app.tr, t.app.tr.lang
    action = Action.make("activate", t.viewer or 0, source=pick[0], skill=pick[1])
    problem = t.rules.explain(t.match.state, action)
    words = [tr(problem.key, **t.params(dict(problem.params)))] if problem is not None else []
    need, short = missing_points(t, pick)
    if need:
        line = tr("shvtable.chip.needs", need=look.points_text(need, lang))
        if short:
            line += " " + tr("shvtable.chip.missing", missing=look.points_text(short, lang))
        words.append(line)
    return " ".join(words)


def glossary_tip(t: DrawnTable, term_id: str, title: str, fallback: str = "") -> tuple[str, str]:
    """A symbol's tip: ``title`` over the glossary's rule for ``term_id`` (the tip's
    words are marked by the glossary layer, so its word opens the rules)."""
    found = term("shv", term_id, t.app.tr.lang)
    return title, found[1] if found is not None else fallback


def tip_at(t: DrawnTable, pos: tuple[int, int]) -> tuple[str, str] | None:
    """A badge's glossary word and rule (status, MP, temporary point), an empty
    equipment slot's name, a tucked tactic's points, the skills behind a "+N" chip."""
    for c in t.chips:
        if c.more and c.rect.collidepoint(pos) and t.chip_menu != c.pick[0]:
            return t.card_name(c.pick[0]), ", ".join(m.label for m in c.more)
        if not c.more and not c.usable and c.rect.collidepoint(pos):
            return c.label, chip_needs(t, c.pick)
    for seat, local in _mp_spots(t).items():
        if seat < t.n and local.move(t.seat_rect(seat).topleft).collidepoint(pos):
            mp = t.app.tr("shvtable.panel.mp", mp=t.view.players[seat].mp)
            return glossary_tip(t, "mp", mp)
    for seat, row in t.fields.items():
        for g in t.view.players[seat].field:
            sprite = row.get(g.card)
            found = None if sprite is None else _guardian_tip(t, sprite, g, pos)
            if found is not None:
                return found
    return None


def _guardian_tip(
    t: DrawnTable, sprite: Any, g: Any, pos: tuple[int, int]
) -> tuple[str, str] | None:
    """The tip of what is on or under one guardian at ``pos`` (None: nothing there)."""
    most = guardian_hp(t, g)
    if g.damage and most and hp_rect(t, sprite, hp_words(most - g.damage, most)).collidepoint(pos):
        left = max(0, most - g.damage)
        return t.app.tr("shvtable.hp.title", hp=left, max=most), t.app.tr(
            "shvtable.hp.guardian", damage=g.damage
        )
    for k, n, r, _ in pills(t, sprite, g):
        if r.collidepoint(pos):
            return glossary_tip(t, k, status_words(t, k, n), t.card_name(g.card))
    for k, n, r in temp_badges(t, sprite, g):
        if r.collidepoint(pos):
            return glossary_tip(t, "temp_point", f"+{look.points_text({k: n}, t.app.tr.lang)}")
    for slot, uid, r in _boxes(t, sprite, g):
        if r.collidepoint(pos):
            words = t.app.tr(f"shvtable.slot.{slot}")
            if uid is not None:
                return t.card_name(uid), words
            return glossary_tip(t, slot, words, t.card_name(g.card))
    for uid, r in _tabs(t, sprite, g):
        if r.collidepoint(pos):
            pts = look.chip_points(t.names[uid], g.chosen.get(str(uid)))
            return t.card_name(uid), look.points_text(dict(pts), t.app.tr.lang)
    return None
