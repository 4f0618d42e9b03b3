"""The table page's top bar: the game's name, the round, "Your turn", the turn clock, chat, rules and the menu.

A mixin of :class:`ui.table.page.TablePage` (it uses the page's table, view and ``do``); each changing piece is
a part of its own, redrawn only when its key changes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.tables import STATUS_LOBBY
from ui.components.region import Region
from ui.pages.replay_report import open_report_dialog
from ui.shell.identity import pref, set_pref
from ui.table.watch import copy_watch_link, watchers_chip, watching, watching_cue

if TYPE_CHECKING:
    from nicegui import Client

    from logic.tables import Table
    from ui.table.presence_lobby import LobbyPresence


class TopBar:
    table: Table
    view: dict[str, Any]
    seat: int | None
    is_host: bool
    my_turn: bool
    countdown: ui.label | None
    client: Client
    lobby_presence: LobbyPresence
    chat_seen: int
    chat_badge: ui.badge | None
    do: Callable[[Any], bool]
    open_chat: Callable[[], None]
    open_rules: Callable[[], None]
    confirm_leave: Callable[[], None]

    def top_key(self) -> Hashable:
        return self.table.game_key  # drawn once; its changing parts are regions of their own

    def label_key(self) -> Hashable:
        return self.table.status, self.view.get("round_label") if self.view else None

    def cue_key(self) -> Hashable:
        return self.table.paused, self.my_turn, watching(self)  # type: ignore[arg-type]

    def menu_key(self) -> Hashable:
        t = self.table
        return self.is_host, t.status, t.paused, self.seat is None

    def top_bar(self) -> None:
        t = self.table
        with ui.row().classes("top-bar w-full items-center justify-between no-wrap gap-1"):
            with ui.row().classes("items-center gap-2 no-wrap"):
                ui.label(t.game.title).classes("game-title font-bold text-lg")
                Region.part(self.round_label, self.label_key)
            with ui.row().classes("items-center gap-2 no-wrap"):
                cue = Region.part(self.turn_cue, self.cue_key)
                cue.box.props["aria-live"] = "polite"  # a screen reader says "Your turn" when it comes
                Region.part(lambda: watchers_chip(self), lambda: self.table.watchers)  # type: ignore[arg-type]
                self.countdown = ui.label("").classes("countdown").props("data-testid=countdown")
                self.tick_clock()
                with ui.button(icon="chat", on_click=self.open_chat).props(
                        "flat round color=white aria-label=Chat data-testid=btn-chat"):
                    unread = len(t.chat) - self.chat_seen
                    self.chat_badge = ui.badge(str(unread), color="red").props("floating")
                    self.chat_badge.set_visibility(unread > 0)
                ui.button(icon="info", on_click=self.open_rules).props(
                    "flat round color=white aria-label=Rules data-testid=btn-rules")
                Region.part(self.menu_button, self.menu_key)

    def round_label(self) -> None:
        label = "Lobby" if self.table.status == STATUS_LOBBY else (self.view.get("round_label") if self.view else None)
        if label:
            ui.label(label).classes("text-sm opacity-90 whitespace-nowrap").props("data-testid=round-label")

    def turn_cue(self) -> None:
        if self.table.paused:
            ui.label("Paused").classes("turn-cue").props("data-testid=paused")
        elif self.my_turn:
            ui.label("Your turn").classes("turn-cue whitespace-nowrap").props("data-testid=your-turn")
        elif watching(self):  # type: ignore[arg-type]
            watching_cue(self)  # type: ignore[arg-type]

    def menu_button(self) -> None:
        t = self.table
        with ui.button(icon="more_vert").props("flat round color=white aria-label=Menu data-testid=btn-menu"):
            with ui.menu():
                if self.is_host and t.status == "playing":
                    if t.paused:
                        ui.menu_item("Resume", on_click=lambda: self.do(
                            lambda tb, now: tb.resume(self.me.player_id, now))).props("data-testid=btn-resume")
                    else:
                        ui.menu_item("Pause", on_click=lambda: self.do(
                            lambda tb, now: tb.pause(self.me.player_id, now))).props("data-testid=btn-pause")
                ui.menu_item("Copy watch link", on_click=lambda: copy_watch_link(self)).props(  # type: ignore[arg-type]
                    "data-testid=btn-copy-watch-link")
                ui.menu_item("Four-colour deck", on_click=self.toggle_four_colour)
                ui.menu_item("Distraction-free", on_click=self.toggle_distraction_free)
                ui.menu_item("Report a problem", on_click=lambda: open_report_dialog(self)).props(  # issue 17
                    "data-testid=btn-report")
                if self.seat is not None:
                    ui.menu_item("Leave table", on_click=self.confirm_leave).props("data-testid=btn-leave")
                ui.menu_item("Home", on_click=lambda: ui.navigate.to("/"))

    def toggle_four_colour(self) -> None:
        value = not bool(pref("four_colour", False))
        set_pref("four_colour", value)
        ui.query("body").classes(add="four-colour" if value else "", remove="" if value else "four-colour")

    def toggle_distraction_free(self) -> None:
        set_pref("distraction_free", not bool(pref("distraction_free", False)))
        ui.navigate.reload()

    def tick_clock(self) -> None:
        if not self.client.has_socket_connection:  # nobody to show it to (it is read again on the next tick)
            return
        self.lobby_presence.patch()
        if self.countdown is None or self.countdown.is_deleted:
            return
        t = self.table
        now = time.time()
        text, low = "", False
        if t.status == STATUS_LOBBY and t.lobby_deadline:
            left = max(0, int(t.lobby_deadline - now))
            text, low = f"Lobby closes in {left // 60}:{left % 60:02d}", left <= 60
        elif t.paused and t.paused_left is not None:
            left = int(t.paused_left)
            text = f"⏸ {left}s"
        elif t.turn_deadline:
            left = max(0, int(t.turn_deadline - now + 0.999))
            text, low = f"⏱ {left}s", left <= 10
        if self.countdown.text != text:
            self.countdown.set_text(text)
        if low != ("low" in self.countdown.classes):
            self.countdown.classes(add="low" if low else "", remove="" if low else "low")
