"""The table page's prompts under the top bar: the computer is playing for you, your turn timed out, and the host's
choice when a player left (a computer takes the seat, or the game ends).

A mixin of :class:`ui.table.page.TablePage` (it uses the page's table, seat and ``do``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nicegui import ui

if TYPE_CHECKING:
    from logic.tables import Table
    from ui.shell.identity import Me


class HostPrompts:
    table: Table
    me: Me
    seat: int | None
    is_host: bool
    do: Callable[[Any], bool]
    in_game: Callable[[], bool]

    def host_prompts(self) -> None:
        t = self.table
        if not self.in_game() or t.status != "playing":  # nothing to come back to once the game is over
            return
        me_seat = self.seat
        if me_seat is not None and t.seats[me_seat].autoplay:
            with ui.row().classes("w-full justify-center items-center gap-2"):
                ui.label("The computer is playing for you.")
                ui.button("I'm back", on_click=lambda: self.do(lambda tb, now: tb.im_back(self.me.player_id, now))
                          ).props("color=amber text-color=black data-testid=btn-im-back")
        elif me_seat is not None and t.seats[me_seat].timed_out:  # stays until "Got it" (Game.timeouts_before_autoplay)
            with ui.row().classes("w-full justify-center items-center gap-2 bg-amber-2 text-black q-pa-sm "
                                  "rounded-borders").props("data-testid=timeout-notice role=alert"):
                ui.icon("timer_off")
                ui.label("Turn timed out: the game made your move.").classes("font-bold")
                ui.button("Got it", on_click=lambda: self.do(lambda tb, now: tb.dismiss_timeout(self.me.player_id))
                          ).props("color=primary data-testid=btn-timeout-ok")
        if self.is_host and t.pending_leave:
            for seat in list(t.pending_leave):
                with ui.row().classes("w-full justify-center items-center gap-2 bg-amber-2 text-black q-pa-sm "
                                      "rounded-borders").props(f"data-testid=leave-choice-{seat}"):
                    ui.label(f"{t.seats[seat].name} left. What now?")
                    ui.button("Computer takes the seat", on_click=lambda s=seat: self.do(
                        lambda tb, now: tb.resolve_leave(self.me.player_id, s, "bot", now))).props(
                        "color=primary data-testid=btn-leave-bot")
                    ui.button("End the game", on_click=lambda s=seat: self.do(
                        lambda tb, now: tb.resolve_leave(self.me.player_id, s, "end", now))).props(
                        "color=negative data-testid=btn-leave-end")
