"""The host console's live tables: a page of them at a time (``/host?tables=2`` for the next), and a button that
ends every practice table nobody has had open for a while (kept in ``ended/``, ui/server/idle_tables.py).

A thousand tables drawn at once made a 1.4 MB page that took 1.4 s; a page of ``PAGE_SIZE`` stays small.
"""

from __future__ import annotations

import time
from typing import Any

from nicegui import ui

from logic.table import STATUS_LOBBY, STATUS_PLAYING, Table, leaving
from ui.i18n import _, ngettext, pgettext
from ui.i18n.names import game_name
from ui.pages.host_state import state_words
from ui.server.hub import Hub
from ui.server.idle_tables import ABANDONED_MINUTES, abandoned_practice, end_abandoned_practice
from ui.server.runtime import runtime
from ui.table.tv_link import open_tv_dialog

PAGE_SIZE = 50


def ago(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 90:
        return _("{s} s ago", s=seconds)
    if seconds < 5400:
        return _("{min} min ago", min=seconds // 60)
    return _("{h} h {min} min ago", h=seconds // 3600, min=seconds % 3600 // 60)


def uptime(seconds: float) -> str:
    """How long the server has been up: "42 s", "5 min", "2 h 3 min"."""
    seconds = max(0, int(seconds))
    if seconds < 90:
        return _("{s} s", s=seconds)
    if seconds < 5400:
        return _("{min} min", min=seconds // 60)
    return _("{h} h {min} min", h=seconds // 3600, min=seconds % 3600 // 60)


def live_tables(hub: Any, page: int = 1) -> None:
    """Open tables, newest first, ``PAGE_SIZE`` to a page (``page`` counts from 1)."""
    ui.label(_("Live tables")).classes("text-lg font-bold q-mt-md")
    tables = sorted((t for t in hub.registry.tables.values() if t.status in (STATUS_LOBBY, STATUS_PLAYING)),
                    key=lambda t: -t.created_at)
    abandoned_panel(hub)
    if not tables:
        ui.label(_("No tables are open.")).classes("text-grey-8").props("data-testid=host-no-tables")
        return
    pages = (len(tables) + PAGE_SIZE - 1) // PAGE_SIZE
    page = min(max(1, page), pages)
    shown = tables[(page - 1) * PAGE_SIZE:page * PAGE_SIZE]
    with ui.column().classes("w-full gap-1").props("data-testid=host-tables"):
        for t in shown:
            table_row(hub, t)
    if pages > 1:
        with ui.row().classes("items-center gap-4").props(f"data-testid=host-tables-pages data-page={page} "
                                                          f"data-pages={pages}"):
            if page > 1:
                ui.link(_("← Newer"), f"/host?tables={page - 1}").props("data-testid=host-tables-newer")
            ui.label(_("Tables {first}–{last} of {total}", first=(page - 1) * PAGE_SIZE + 1,
                       last=(page - 1) * PAGE_SIZE + len(shown), total=len(tables))).classes("text-sm")
            if page < pages:
                ui.link(_("Older →"), f"/host?tables={page + 1}").props("data-testid=host-tables-older")


def table_row(hub: Any, t: Table) -> None:
    with ui.row().classes("w-full items-center gap-3 q-pa-xs rounded-borders bg-grey-2").props(
            f"data-testid=host-table-{t.code}"):
        ui.label(t.code).classes("font-mono font-bold")
        ui.label(game_name(t.game.key)).classes("font-bold")
        ui.label(", ".join(f"{s.emoji} {s.name}" for s in t.seats if not s.empty) or _("nobody")).classes(
            "grow text-sm")
        state, words = state_words(t)  # (ui/pages/host_state.py: "idle" when nobody is at it)
        ui.label(words).classes("text-sm" + (" text-grey-8 text-italic" if state == "idle" else "")).props(
            f"data-testid=host-table-state-{t.code} data-state={state}")
        ui.label(last_move(t)).classes("text-sm")
        ui.label(ago(time.time() - last_change(hub, t))).classes("text-sm text-grey-8")
        links = runtime().links
        ui.button(pgettext("television", "TV"), icon="tv",
                  on_click=lambda t=t: open_tv_dialog(t.code, None, links)).props(
            f"outline dense data-testid=btn-host-tv-{t.code}").classes("q-ml-auto")  # at the row's end, wrapped or not
        ui.button(pgettext("end a table", "End"), icon="stop_circle", on_click=lambda t=t: confirm_end(hub, t)).props(
            f"outline dense color=negative data-testid=btn-host-end-{t.code}")


def abandoned_panel(hub: Any) -> None:
    """How many practice tables nobody has open, and a button (with a confirmation) that ends them all."""
    count = len(abandoned_practice(hub))
    if not count:
        return
    with ui.row().classes("items-center gap-3").props(f"data-testid=host-abandoned data-count={count}"):
        ui.label(ngettext("{n} practice table nobody has had open for {minutes} minutes or more.",
                          "{n} practice tables nobody has had open for {minutes} minutes or more.", count,
                          minutes=int(ABANDONED_MINUTES))).classes("text-sm")
        ui.button(_("End them"), icon="cleaning_services", on_click=lambda: confirm_end_abandoned(hub, count)).props(
            "outline dense color=negative data-testid=btn-host-end-abandoned")


def confirm_end_abandoned(hub: Any, count: int) -> None:
    with ui.dialog() as dialog, ui.card().props("data-testid=host-end-abandoned-dialog"):
        ui.label(ngettext("End {n} abandoned practice table?", "End {n} abandoned practice tables?",
                count)).classes("font-bold")
        ui.label(_("Each one's last position is kept in the data folder (ended/); none of them gets a result. "
                   "Tables someone has open stay."))

        def end() -> None:
            ended = end_abandoned_practice(hub)
            dialog.close()
            ui.notify(ngettext("{n} practice table ended.", "{n} practice tables ended.", ended), position="top")
            ui.navigate.reload()

        with ui.row().classes("justify-end w-full"):
            ui.button(_("Keep them"), on_click=dialog.close).props("flat")
            ui.button(_("End them"), on_click=end).props("color=negative data-testid=btn-host-end-abandoned-confirm")
    dialog.open()


def last_change(hub: Hub, t: Table) -> float:
    """When the table's file was last written (every change is saved), else when it was made."""
    try:
        return hub.saves.store.path(t.code).stat().st_mtime
    except (OSError, ValueError):
        return hub.wall_of(t.created_at)


def last_move(t: Table) -> str:
    """Who moved last and what kind of move, without its cards (the game is still on)."""
    if not t.log:
        return _("no moves yet")
    seat, action = t.log[-1]
    name = t.seats[seat].name if 0 <= seat < len(t.seats) else _("Seat {n}", n=seat + 1)
    words = {
        "draw": _("{name} drew a card", name=name), "take": _("{name} took from the discard pile", name=name),
        "meld": _("{name} melded", name=name), "layoff": _("{name} laid off cards", name=name),
        "discard": _("{name} discarded", name=name), "undo": _("{name} took a move back", name=name),
        "commit": _("{name} ended the turn", name=name), "next": _("{name} is ready for the next hand", name=name),
        "pass": _("{name} passed", name=name), "play": _("{name} played", name=name),
        "give": _("{name} gave cards back", name=name),
    }  # the kinds of logic/replay.py's FALLBACK_WORDS, as whole sentences
    return words.get(str(action.get("kind")), _("{name} moved", name=name))


def confirm_end(hub: Any, t: Table) -> None:
    with ui.dialog() as dialog, ui.card().props("data-testid=host-end-dialog"):
        ui.label(_("End table {code} ({game})?", code=t.code, game=game_name(t.game.key))).classes("font-bold")
        ui.label(_("Everyone at it sees that the game was ended; it gets no result."))

        def end() -> None:
            if t.status in (STATUS_LOBBY, STATUS_PLAYING):
                hub.run(t, lambda tb, now: leaving.end_early(tb, "The host of the server ended this table.", now))
            dialog.close()
            ui.notify(_("Table {code} ended.", code=t.code), position="top")
            ui.navigate.reload()

        with ui.row().classes("justify-end w-full"):
            ui.button(_("Keep it"), on_click=dialog.close).props("flat")
            ui.button(_("End the table"), on_click=end).props("color=negative data-testid=btn-host-end-confirm")
    dialog.open()


