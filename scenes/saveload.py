"""Save / load browser: slots with game, date, round, seats and summary.

Bad files are listed greyed out with the reason they cannot be loaded, at a
readable size (wrapped, never under ``MIN_TEXT``); the program never deletes
or overwrites them by itself, but the player may delete one (after a confirm
that focuses No, like every delete).  In save mode a text field
names a new slot; saving over an existing slot and deleting ask first."""

from __future__ import annotations

import string
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from saves import store
from saves.format import clean_name
from scenes import text, theme
from scenes.dialogs import ConfirmDialog, MessageDialog
from scenes.ui.menu import FocusScene, draw_background, draw_dim, draw_heading, draw_hint
from scenes.ui.widgets import MIN_TEXT, Button, TextField, draw_panel

if TYPE_CHECKING:
    from scenes.scene import App


class SlotRow:
    """One listed file. Activating it loads (load mode) or picks its name (save mode)."""

    def __init__(
        self,
        app: App,
        info: store.SaveInfo,
        rect: pygame.Rect,
        view: pygame.Rect,
        on_pick: Callable[[], None],
        *,
        enabled: bool,
        name: str,
    ) -> None:
        self.app = app
        self.info = info
        self.rect = rect
        self.view = view
        self.on_pick = on_pick
        self.enabled = enabled
        self.name = name
        self.focused = False
        self.hover = False
        self._details: tuple[tuple[str, int, int], tuple[int, list[str]]] | None = None

    def _inside(self, pos: tuple[int, int]) -> bool:
        return self.view.collidepoint(pos) and self.rect.collidepoint(pos)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._inside(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._inside(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._inside(event.pos):
            self.activate()
            return True
        return False

    def activate(self) -> None:
        if self.enabled:
            self.on_pick()

    def draw(self, surface: pygame.Surface) -> None:
        app, r, info = self.app, self.rect, self.info
        tr = app.tr
        bad = info.error is not None
        lit = self.enabled and (self.focused or self.hover)
        fill = (52, 62, 80) if lit else ((30, 30, 34) if bad else (32, 40, 52))
        radius = app.px(8)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        edge = theme.FOCUS if self.focused else (theme.BAD if bad else theme.PANEL_EDGE)
        pygame.draw.rect(surface, edge, r, width=2 if self.focused else 1, border_radius=radius)
        pad = app.px(12)
        big, small = app.px(19), app.px(15)
        dim = theme.TEXT_DIM
        ws = text.render(_when(info, tr("ui.saves.date_format")), small, dim)
        surface.blit(ws, ws.get_rect(topright=(r.right - pad, r.y + app.px(8))))
        if info.kind == "autosave":
            title = tr("ui.saves.autosave", game=tr(f"{info.game}.name"))
        else:
            title = clean_name(info.name)
        game_name = tr(f"{info.game}.name") if info.game else ""
        head = f"{title}  ·  {game_name}" if game_name and info.kind != "autosave" else title
        room = r.width - 3 * pad - ws.get_width()
        size = text.fit_size(head, big, room, bold=True)
        hs = text.render(head, size, theme.TEXT if self.enabled else dim, bold=True)
        surface.blit(hs, (r.x + pad, r.y + app.px(6)))
        size, lines = self.detail_lines()
        line_h = text.font(size).get_linesize()
        y = r.bottom - app.px(6) - len(lines) * line_h
        for line in lines:
            surface.blit(text.render(line, size, theme.BAD if bad else dim), (r.x + pad, y))
            y += line_h

    def detail_lines(self) -> tuple[int, list[str]]:
        """The second line (summary, or why a bad file cannot load) as (size,
        lines): one line when it fits at the size two lines would get, else (a
        long reason) two lines, the last cut with "…"; never under ``MIN_TEXT``.
        Fitted once per language and row size (drawn every frame)."""
        key = (self.app.tr.lang, self.rect.width, self.rect.height)
        if self._details is None or self._details[0] != key:
            self._details = (key, self._fit_details())
        return self._details[1]

    def _fit_details(self) -> tuple[int, list[str]]:
        app, info = self.app, self.info
        line = summary_line(app, info)
        if info.error is not None:
            line = app.tr("ui.saves.bad", reason=line)
        width = self.rect.width - 2 * app.px(12)
        small = max(MIN_TEXT, app.px(15))
        # Under the title line: the largest size at which two lines fit.
        room = self.rect.height - 2 * app.px(6) - text.font(app.px(19)).get_linesize()
        two = small
        while two > MIN_TEXT and 2 * text.font(two).get_linesize() > room:
            two -= 1
        size = text.fit_size(line, small, width, min_size=two)
        if text.size_of(line, size)[0] <= width:
            return size, [line]
        size = two
        lines = text.wrap(line, size, width)
        if len(lines) > 2:
            lines = [lines[0], text.clip(" ".join(lines[1:]), size, width, ellipsis="…")]
        return size, lines


def finished_autosave(info: store.SaveInfo) -> bool:
    """An autosave of a game that has ended (its summary's ``to_move`` is null)."""
    return (
        info.ok
        and info.kind == "autosave"
        and ("to_move" in info.summary and info.summary["to_move"] is None)
    )


def summary_line(app: App, info: store.SaveInfo) -> str:
    """The row's second line: a game's own line (``<game>.summary.line``, filled from
    the save's summary: Companion mode tells the round and the Boss's HP, since its
    one seat is the operator, not a player: P-SHV-17), else the store's round,
    scores and whose turn; a finished game says so."""
    key = f"{info.game}.summary.line"
    if info.error is not None or not app.tr.has(key):
        return store.describe(info, app.tr.lang)
    summary = info.summary
    fields = {
        k: v for k, v in summary.items() if isinstance(v, int | str) and not isinstance(v, bool)
    }
    wanted = {name for _, name, _, _ in string.Formatter().parse(app.tr(key)) if name}
    names = {name.split("|", 1)[0] for name in wanted}
    if not names <= fields.keys():  # an older save without these numbers
        return store.describe(info, app.tr.lang)
    line = app.tr(key, **fields)
    if "to_move" in summary and summary["to_move"] is None:
        line += " · " + app.tr("saves.label.over")
    return line


def _when(info: store.SaveInfo, pattern: str) -> str:
    """The save's date in local time; "?" if the clock cannot convert it
    (``saves.format.parse_time`` already refuses such dates; this guards the
    row against any other ``saved_at`` it is handed)."""
    try:
        return info.saved_at.astimezone().strftime(pattern)
    except (OverflowError, ValueError, OSError):
        return "?"


class SaveLoadScene(FocusScene):
    def __init__(self, app: App, mode: str, match: Any = None) -> None:
        super().__init__(app)
        if mode not in ("save", "load"):
            raise ValueError(f"mode must be 'save' or 'load', not {mode!r}")
        if mode == "save" and match is None:
            raise ValueError("save mode needs the match to save")
        self.mode = mode
        self.match = match
        self.infos: list[store.SaveInfo] = []
        self.slot_name = ""
        self.status = ""
        self.status_good = True
        self.scroll = 0
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.row_h = 0
        self.overlay = app.stack.top is not None and app.stack.top.overlay
        self.note = ""  # the finished games the Load list leaves out, if any

    # -- data -------------------------------------------------------------------
    def refresh(self) -> None:
        """The files to list.  Loading leaves out finished games' autosaves: there is
        nothing to play on, and each match would add one (P-SHV-22); they stay in the
        folder and under Watch → replays, and a note says how many are left out."""
        infos = store.list_saves()
        self.note = ""
        if self.mode == "load":
            done = [i for i in infos if finished_autosave(i)]
            infos = [i for i in infos if not finished_autosave(i)]
            if done:
                self.note = self.app.tr("ui.saves.finished_hidden", n=len(done))
        self.infos = infos

    def enter(self) -> None:
        self.refresh()
        self.layout()
        if self.mode == "save":
            self.focus.focus_name("name")
            return
        first = next(
            (b.name for b in self.focus.buttons if isinstance(b, SlotRow) and b.enabled), "back"
        )
        self.focus.focus_name(first)

    def resume(self) -> None:
        self.refresh()
        self.layout()

    # -- actions ----------------------------------------------------------------
    def pick(self, info: store.SaveInfo) -> None:
        if self.mode == "load":
            self.load(info)
        else:
            self.slot_name = info.name
            self.layout()
            self.focus.focus_name("save")

    def load(self, info: store.SaveInfo) -> None:
        from scenes.table import open_table

        try:
            match = store.load_match(info.path)
        except store.SaveError as exc:
            tr = self.app.tr
            self.app.stack.push(
                MessageDialog(self.app, tr("ui.saves.load_failed"), exc.message(tr.lang))
            )
            return
        self.app.stack.clear_to(open_table(self.app, match))

    def save(self) -> None:
        tr = self.app.tr
        name = self.slot_name.strip()
        if not name:
            self.set_status(tr("ui.saves.need_name"), good=False)
            self.focus.focus_name("name")
            return
        if store.slot_path(name).exists():
            self.app.stack.push(
                ConfirmDialog(
                    self.app,
                    tr("ui.saves.overwrite_title"),
                    tr("ui.saves.overwrite_body", name=name),
                    lambda: self._write(name),
                )
            )
        else:
            self._write(name)

    def _write(self, name: str) -> None:
        tr = self.app.tr
        try:
            path = store.save_match(self.match, name)
        except store.SaveError as exc:
            self.app.stack.push(
                MessageDialog(self.app, tr("ui.saves.save_failed"), exc.message(tr.lang))
            )
            return
        self.refresh()
        self.set_status(tr("ui.saves.saved", name=name, file=path.name), good=True)
        self.layout()

    def ask_delete(self, info: store.SaveInfo) -> None:
        tr = self.app.tr
        title = (
            clean_name(info.name)
            if info.kind != "autosave"
            else tr("ui.saves.autosave", game=tr(f"{info.game}.name"))
        )
        self.app.stack.push(
            ConfirmDialog(
                self.app,
                tr("ui.saves.delete_title"),
                tr("ui.saves.delete_body", name=title),
                lambda: self._delete(info),
            )
        )

    def _delete(self, info: store.SaveInfo) -> None:
        tr = self.app.tr
        try:
            store.delete_save(info.path)
        except store.SaveError as exc:
            self.app.stack.push(
                MessageDialog(self.app, tr("ui.saves.delete_failed"), exc.message(tr.lang))
            )
            return
        self.refresh()
        self.set_status(tr("ui.saves.deleted"), good=True)
        self.layout()

    def set_status(self, message: str, *, good: bool) -> None:
        self.status = message
        self.status_good = good

    def set_name(self, value: str) -> None:
        self.slot_name = value

    # -- layout -----------------------------------------------------------------
    def layout(self) -> None:
        app, tr = self.app, self.app.tr
        w, h = app.size
        pw = min(w - app.px(40), app.px(940))
        self.panel_rect = pygame.Rect(0, 0, pw, h - app.px(70))
        self.panel_rect.midtop = (w // 2, app.px(16))
        pad = app.px(22)
        y = self.panel_rect.y + pad + app.px(56)
        old = self.focus.current.name if self.focus.current else None
        widgets: list[Any] = []
        fs = app.px(20)
        bh = app.px(44)
        if self.mode == "save":
            bw = app.px(180)
            field = pygame.Rect(self.panel_rect.x + pad, y, pw - 3 * pad - bw, bh)
            widgets.append(
                TextField(self.slot_name, self.set_name, field, max_len=40, font_size=fs,
                          placeholder=tr("ui.saves.name_placeholder"), name="name")
            )  # fmt: skip
            save = pygame.Rect(field.right + pad, y, bw, bh)
            widgets.append(
                Button(tr("ui.saves.save"), self.save, save, primary=True, font_size=fs,
                       name="save")
            )  # fmt: skip
            y += bh + app.px(14)
        status_h = app.px(26)
        bottom = self.panel_rect.bottom - pad - bh - app.px(10) - status_h
        self.view = pygame.Rect(self.panel_rect.x + pad, y, pw - 2 * pad, bottom - y)
        self.row_h = app.px(70)  # room for a two-line reason under the title
        gap = app.px(8)
        del_w = app.px(110)
        rows: list[Any] = []
        for i, info in enumerate(self.infos):
            ry = self.view.y + i * (self.row_h + gap) - self.scroll
            rect = pygame.Rect(self.view.x, ry, self.view.width - del_w - gap, self.row_h)
            usable = info.error is None and (self.mode == "load" or info.kind == "slot")
            rows.append(
                SlotRow(app, info, rect, self.view, partial(self.pick, info),
                        enabled=usable, name=f"row{i}")
            )  # fmt: skip
            drect = pygame.Rect(rect.right + gap, ry + (self.row_h - bh) // 2, del_w, bh)
            button = Button(
                tr("ui.saves.delete"), partial(self.ask_delete, info), drect,
                font_size=app.px(17), name=f"del{i}",
            )  # fmt: skip
            rows.append(_Clipped(button, self.view))
        widgets += rows
        back = pygame.Rect(0, 0, app.px(220), bh)
        back.midbottom = (self.panel_rect.centerx, self.panel_rect.bottom - pad)
        widgets.append(Button(tr("ui.common.back"), self.back, back, font_size=fs, name="back"))
        self.focus.set(widgets, focus=old)

    def _doc_height(self) -> int:
        return len(self.infos) * (self.row_h + self.app.px(8))

    def _ensure_visible(self) -> None:
        cur = self.focus.current
        if cur is None or not str(getattr(cur, "name", "")).startswith(("row", "del")):
            return
        r = cur.rect
        shift = 0
        if r.top < self.view.top:
            shift = r.top - self.view.top
        elif r.bottom > self.view.bottom:
            shift = r.bottom - self.view.bottom
        if shift:
            self.scroll_by(shift)

    def scroll_by(self, dy: int) -> None:
        limit = max(0, self._doc_height() - self.view.height)
        new = max(0, min(limit, self.scroll + dy))
        if new != self.scroll:
            self.scroll = new
            self.layout()

    # -- frame ------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            cur = self.focus.current
            if isinstance(cur, SlotRow):
                self.ask_delete(cur.info)
                return True
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and isinstance(self.focus.current, TextField)
        ):
            self.save()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.row_h)
            return True
        super().handle(event)
        if event.type == pygame.KEYDOWN:
            self._ensure_visible()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, tr = self.app, self.app.tr
        if self.overlay:
            draw_dim(surface)
        else:
            draw_background(surface)
        draw_panel(surface, self.panel_rect, radius=app.px(14), alpha=255)
        draw_heading(
            surface,
            tr(f"ui.saves.title_{self.mode}"),
            (self.panel_rect.centerx, self.panel_rect.y + app.px(22) + app.px(22)),
            app.px(34),
            self.panel_rect.width - app.px(40),
        )
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for b in self.focus.buttons:  # rows scrolled out of view are not drawn
            if isinstance(b, SlotRow | _Clipped) and b.rect.colliderect(self.view):
                b.draw(surface)
        surface.set_clip(clip)
        if not self.infos:
            empty = text.render(tr("ui.saves.empty"), app.px(20), theme.TEXT_DIM)
            surface.blit(empty, empty.get_rect(center=self.view.center))
        for b in self.focus.buttons:
            if not isinstance(b, SlotRow | _Clipped):
                b.draw(surface)
        if self.status or self.note:
            words = self.status or self.note
            color = theme.TEXT_DIM if not self.status else (
                theme.GOOD if self.status_good else theme.BAD
            )  # fmt: skip
            size = text.fit_size(words, app.px(17), self.view.width, min_size=MIN_TEXT)
            st = text.render(words, size, color)
            surface.blit(st, st.get_rect(midtop=(self.view.centerx, self.view.bottom + app.px(6))))
        draw_hint(surface, app, tr(f"ui.saves.keys_{self.mode}"))


class _Clipped:
    """A button inside the scrolled list: the mouse only reaches it inside the view."""

    def __init__(self, button: Button, view: pygame.Rect) -> None:
        self.button = button
        self.view = view

    def __getattr__(self, item: str) -> Any:
        return getattr(self.button, item)

    def __setattr__(self, key: str, value: Any) -> None:
        if key in ("button", "view"):
            object.__setattr__(self, key, value)
        else:
            setattr(self.button, key, value)

    def handle(self, event: pygame.event.Event) -> bool:
        pos = getattr(event, "pos", None)
        if pos is not None and not self.view.collidepoint(pos):
            self.button.hover = False
            return False
        return self.button.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.button.draw(surface)
