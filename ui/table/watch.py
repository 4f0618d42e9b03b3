"""Watching a table: the "Watching" cue, how many watch, and the watch link (copied where the browser allows it,
else shown selected to copy by hand: the clipboard exists only on secure origins, and a LAN address is plain HTTP)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from nicegui import ui

from logic.table import STATUS_LOBBY
from ui.components.dialog import named_dialog
from ui.i18n import _, ngettext
from ui.server.services import Links

if TYPE_CHECKING:
    from ui.table.context import TableContext

# one line after "return": "return" and a line break would return nothing
COPY_WATCH_JS = """
(async () => {
  const text = %s;
  try {
    if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); return 'copied'; }
  } catch (e) {}
  return 'unavailable';
})()
"""


def watching(ctx: TableContext) -> bool:
    return ctx.seat is None and ctx.table.status != STATUS_LOBBY


def watching_cue() -> None:
    ui.label(_("Watching")).classes("watching-cue whitespace-nowrap").props("data-testid=watching")


def watchers_chip(n: int) -> None:
    if n:
        label = ngettext("{n} watching", "{n} watching", n)
        ui.label(f"👁 {n}").classes("watchers-chip").props("data-testid=watchers").props.update(
            {"aria-label": label, "title": label})


async def copy_watch_link(code: str, overlays: ui.element | None, links: Links) -> None:
    url = links.table(code)  # the table's own link: whoever has no seat there watches
    result = await ui.run_javascript("return " + (COPY_WATCH_JS % json.dumps(url)).strip())
    if result == "copied":
        ui.notify(_("Watch link copied."), position="top")
        return
    with overlays or ui.context.slot.parent, named_dialog(_("Watch link")) as dialog, ui.card().classes(
            "min-w-[300px]").props("data-testid=watch-link-dialog"):
        ui.label(_("Watch link")).classes("text-lg font-bold")
        ui.label(_("Copy it with your device's menu and send it to whoever wants to watch.")).classes("text-sm")
        box = ui.input(value=url).props("readonly outlined dense data-testid=watch-link").classes("w-full")
        ui.button(_("Done"), on_click=dialog.close).props("flat")
    dialog.open()
    box.run_method("select")
