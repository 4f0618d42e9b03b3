"""The table page's prompts under the top bar: the computer is playing for you, your turn timed out, and the host's
choice when a player left (a computer takes the seat, or the game ends).

"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from nicegui import ui

from logic.table import away as table_away
from logic.table import leaving, timers
from ui.i18n import _

if TYPE_CHECKING:
    from ui.table.context import TableContext


def prompts_key(ctx: TableContext) -> Hashable:
    t = ctx.table
    mine = ctx.seat
    return (t.status, mine is not None and t.seats[mine].autoplay, mine is not None and t.seats[mine].away,
            mine is not None and t.seats[mine].timed_out,
            ctx.is_host, tuple((s, t.seats[s].name) for s in t.pending_leave))


def autoplay_words(ctx: TableContext) -> str:
    """Why the computer plays the viewer's seat, said to them."""
    seat = ctx.table.seats[ctx.seat] if ctx.seat is not None else None
    if seat is not None and seat.away:
        return _("You were away — the computer is playing for you.")
    return _("You ran out of time — the computer is playing for you.")


def host_prompts(ctx: TableContext) -> None:
    """Drawn only in a game (the page's region keeps it empty in the lobby)."""
    t = ctx.table
    pid = ctx.me.player_id
    if t.status != "playing":  # nothing to come back to once the game is over
        return
    me_seat = ctx.seat
    if me_seat is not None and t.seats[me_seat].autoplay:
        with ui.row().classes("w-full justify-center items-center gap-2 bg-amber-2 text-black q-pa-sm "
                              "rounded-borders cn-notice").props("data-testid=autoplay-notice role=alert"):
            ui.icon("smart_toy")
            ui.label(autoplay_words(ctx)).classes("font-bold").props("data-testid=autoplay-text")
            ui.button(_("I'm back"), on_click=lambda: ctx.act(lambda tb, now: table_away.im_back(tb, pid, now))
                      ).props("color=amber text-color=black data-testid=btn-im-back")
    elif me_seat is not None and t.seats[me_seat].timed_out:  # stays until "Got it" (Game.timeouts_before_autoplay)
        with ui.row().classes("w-full justify-center items-center gap-2 bg-amber-2 text-black q-pa-sm "
                              "rounded-borders cn-notice").props("data-testid=timeout-notice role=alert"):
            ui.icon("timer_off")
            ui.label(_("Turn timed out: the game made your move.")).classes("font-bold")
            ui.button(_("Got it"), on_click=lambda: ctx.act(lambda tb, now: timers.dismiss_timeout(tb, pid))
                      ).props("color=primary data-testid=btn-timeout-ok")
    if ctx.is_host and t.pending_leave:
        for seat in list(t.pending_leave):
            with ui.row().classes("w-full justify-center items-center gap-2 bg-amber-2 text-black q-pa-sm "
                                  "rounded-borders").props(f"data-testid=leave-choice-{seat}"):
                ui.label(_("{name} left. What now?", name=t.seats[seat].name))
                ui.button(_("Computer takes the seat"), on_click=lambda s=seat: ctx.act(
                    lambda tb, now: leaving.resolve_leave(tb, pid, s, "bot", now))).props(
                    "color=primary data-testid=btn-leave-bot")
                ui.button(_("End the game"), on_click=lambda s=seat: ctx.act(
                    lambda tb, now: leaving.resolve_leave(tb, pid, s, "end", now))).props(
                    "color=negative data-testid=btn-leave-end")
