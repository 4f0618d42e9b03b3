"""The host console's list of game nights: the newest first, each with its tables and matches and a link to its
page; a night whose record cannot be read is listed with why (its record is kept as it is)."""

from __future__ import annotations

from datetime import UTC, datetime

from nicegui import ui

from ui.i18n import _, ngettext
from ui.i18n.viewer import date
from ui.server.nights import NightKeeper

SHOWN = 20


def host_nights(keeper: NightKeeper) -> None:
    ui.label(_("Game nights")).classes("text-lg font-bold q-mt-md")
    nights = keeper.newest()
    if not nights and not keeper.damaged:
        ui.label(_("None yet.")).classes("text-grey-8")
        return
    with ui.column().classes("w-full gap-1").props("data-testid=host-nights"):
        for night in nights[:SHOWN]:
            with ui.row().classes("w-full items-center gap-3 q-pa-xs rounded-borders bg-grey-2").props(
                    f"data-testid=host-night-{night.code}"):
                ui.label(date(datetime.fromtimestamp(night.created_at, UTC), with_time=True)).classes(
                    "text-xs text-grey-8")
                ui.label(night.code).classes("font-mono")
                ui.label(night.name).classes("font-bold")
                ui.label(ngettext("{n} table", "{n} tables", len(night.tables)) + " · " +
                         ngettext("{n} match", "{n} matches", len(night.matches))).classes("grow text-sm")
                if night.ended_at is not None:
                    ui.label(_("ended")).classes("text-xs text-grey-8")
                ui.link(_("Open"), f"/night/{night.code}").props(f"data-testid=host-night-link-{night.code}")
        for bad in keeper.damaged:
            with ui.row().classes("w-full items-center gap-3 q-pa-xs rounded-borders bg-orange-1").props(
                    "data-testid=host-night-damaged"):
                ui.label(bad.code).classes("font-mono")
                ui.label(_("This night's record cannot be read and is kept as it is: {reason}",
                           reason=bad.reason)).classes("text-sm")
