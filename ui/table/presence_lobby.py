"""The lobby's pieces for who is here: the away grace and watchers' chat options, and "Take this seat" on a
computer's seat for a visitor."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nicegui import ui

from logic.table import AWAY_GRACES, watch
from logic.table import lobby as table_lobby
from ui.components.options import label_width
from ui.i18n import N_, _
from ui.table.presence_badge import patch_presence, take_seat

if TYPE_CHECKING:
    from logic.table import Table
    from ui.table.context import TableContext

AWAY_GRACE_NAMES = {30: N_("Computer after 30 s"), 120: N_("Computer after 2 min"), 0: N_("Wait for them")}
WATCHER_CHAT_NAMES = {"off": N_("Off"), "read": N_("Read only"), "write": N_("Read and write")}


def presence_options(ctx: TableContext) -> list[ui.select]:
    """The host's choices; returns the controls (disabled for everyone else by the lobby)."""
    t = ctx.table
    grace = ui.select({g: _(AWAY_GRACE_NAMES[g]) for g in AWAY_GRACES}, value=t.settings.away_grace,
                      label=_("If a player is away")).style(label_width(_("If a player is away"), 170)).props(
        "data-testid=opt-away-grace")
    grace.on_value_change(lambda e: e.value != t.settings.away_grace and ctx.act(
        lambda tb, now: table_lobby.set_setting(tb, ctx.me.player_id, "away_grace", e.value, now)))
    chat = ui.select({k: _(v) for k, v in WATCHER_CHAT_NAMES.items()}, value=t.settings.watcher_chat,
                     label=_("Chat for watchers")).style(label_width(_("Chat for watchers"), 170)).props(
        "data-testid=opt-watcher-chat")
    chat.on_value_change(lambda e: e.value != t.settings.watcher_chat and ctx.act(
        lambda tb, now: table_lobby.set_setting(tb, ctx.me.player_id, "watcher_chat", e.value, now)))
    return [grace, chat]


class LobbyPresence:
    """``data-presence`` on the lobby's seat rows and the away text after each name. Drawn with the lobby, then
    patched in place when only who is here changed (a redraw of the lobby would take a tap or a half-typed name)
    and on the page's clock ("away 1 min" becomes "away 2 min" with time alone)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.rows: dict[int, tuple[ui.element, ui.label]] = {}

    def draw(self, row: ui.element, seat: int) -> None:
        label = ui.label("").classes("presence-chip").props(f"data-testid=seat-{seat}-presence")
        self.rows[seat] = (row, label)
        patch_presence(self.table, seat, row, label)

    def patch(self) -> None:
        for seat, (row, label) in list(self.rows.items()):
            if row.is_deleted:
                del self.rows[seat]
            else:
                patch_presence(self.table, seat, row, label)


def take_computer_seat_button(ctx: TableContext, seat: int) -> None:
    """A visitor may sit in a computer's seat in the lobby."""
    if ctx.seat is None and watch.can_take_seat(ctx.table, ctx.me.player_id, seat):
        ui.button(_("Take this seat"), icon="event_seat", on_click=lambda: take_seat(ctx, seat)).props(
            f"dense outline no-caps data-testid=btn-take-seat-{seat}")
