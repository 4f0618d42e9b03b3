"""The table page's top bar: the game's name, the round, "Your turn", the turn clock, chat, rules and the menu.

Each changing piece is a part of its own, redrawn only when its key changes.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import TYPE_CHECKING

from nicegui import ui

from logic.table import STATUS_LOBBY, away, timers
from logic.table import away as table_away
from ui.components.region import Region
from ui.i18n import _
from ui.i18n.names import game_name
from ui.table.at_this_table import house_rules_button
from ui.table.report import open_report_dialog
from ui.table.seat_wording import in_language
from ui.table.tv_link import open_tv_dialog
from ui.table.watch import copy_watch_link, watchers_chip, watching, watching_cue

if TYPE_CHECKING:
    from nicegui import Client

    from ui.server.services import TableServices
    from ui.table.context import TableContext
    from ui.table.dialogs import TableDialogs
    from ui.table.presence_lobby import LobbyPresence


class TopBar:
    def __init__(self, ctx: TableContext, dialogs: TableDialogs, lobby_presence: LobbyPresence,
                 client: Client, services: TableServices) -> None:
        self.ctx = ctx
        self.services = services
        self.dialogs = dialogs
        self.lobby_presence = lobby_presence
        self.client = client
        self.countdown: ui.label | None = None

    def key(self) -> Hashable:
        return self.ctx.table.game_key  # drawn once; its changing parts are regions of their own

    def label_key(self) -> Hashable:
        view = self.ctx.view
        return self.ctx.table.status, view["round_label"] if view else None

    def cue_key(self) -> Hashable:
        return self.ctx.table.paused, self.ctx.my_turn, watching(self.ctx)

    def menu_key(self) -> Hashable:
        ctx = self.ctx
        return ctx.is_host, ctx.table.status, ctx.table.paused, ctx.seat is None

    def draw(self) -> None:
        t = self.ctx.table
        dialogs = self.dialogs
        with ui.row().classes("top-bar w-full items-center justify-between no-wrap gap-1"):
            with ui.row().classes("items-center gap-2 no-wrap"):
                ui.label(game_name(t.game.key)).classes("game-title font-bold text-lg")
                Region.part(self.round_label, self.label_key)
            with ui.row().classes("items-center gap-2 no-wrap"):
                cue = Region.part(self.turn_cue, self.cue_key)
                cue.box.props["aria-live"] = "polite"  # a screen reader says "Your turn" when it comes
                Region.part(lambda: watchers_chip(away.watchers(t)), lambda: table_away.watchers(t))
                self.countdown = ui.label("").classes("countdown").props("data-testid=countdown")
                self.countdown.props["data-seconds"] = ""  # there from the start: "" and absent never differ
                self.tick_clock()
                with ui.button(icon="chat", on_click=dialogs.open_chat).props(
                        "flat round color=white data-testid=btn-chat") as chat:
                    chat.props["aria-label"] = _("Chat")
                    dialogs.draw_badge()
                ui.button(icon="info", on_click=dialogs.open_rules).props(
                    "flat round color=white data-testid=btn-rules").props.update({"aria-label": _("Rules")})
                Region.part(self.menu_button, self.menu_key)

    def round_label(self) -> None:
        view = self.ctx.view
        label = _("Lobby") if self.ctx.table.status == STATUS_LOBBY else (
            in_language(view["round_label"]) if view else None)
        if label:
            # a label that must wrap (on a phone) breaks between its parts, never inside one ("No / limit")
            with ui.element("div").classes("text-sm opacity-90 round-label").props("data-testid=round-label"):
                for i, part in enumerate(label.split(" · ")):
                    if i:
                        ui.label(" · ").classes("round-sep")
                    ui.label(part).classes("round-part" + (" whitespace-nowrap" if len(part) <= 16 else ""))

    def turn_cue(self) -> None:
        if self.ctx.table.paused:
            ui.label(_("Paused")).classes("turn-cue").props("data-testid=paused")
        elif self.ctx.my_turn:
            ui.label(_("Your turn")).classes("turn-cue whitespace-nowrap").props("data-testid=your-turn")
        elif watching(self.ctx):
            watching_cue()
            house_rules_button(self.ctx.table, self.dialogs.open_rules)  # issue 52: the rules differ here

    def menu_button(self) -> None:
        ctx = self.ctx
        t = ctx.table
        pid = ctx.me.player_id
        with ui.button(icon="more_vert").props("flat round color=white data-testid=btn-menu") as menu_button:
            menu_button.props["aria-label"] = _("Menu")
            with ui.menu() as menu:
                if ctx.is_host and t.status == "playing":
                    if t.paused:
                        ui.menu_item(_("Resume"), on_click=lambda: ctx.act(
                            lambda tb, now: timers.resume(tb, pid, now))).props("data-testid=btn-resume")
                    else:
                        ui.menu_item(_("Pause"), on_click=lambda: ctx.act(
                            lambda tb, now: timers.pause(tb, pid, now))).props("data-testid=btn-pause")
                links = self.services.links
                ui.menu_item(_("Copy watch link"), on_click=lambda: copy_watch_link(t.code, ctx.overlays, links)
                             ).props("data-testid=btn-copy-watch-link")
                ui.menu_item(_("Show on a TV"), on_click=lambda: open_tv_dialog(t.code, ctx.overlays, links)).props(
                    "data-testid=btn-show-tv")
                ui.menu_item(_("Four-colour deck"), on_click=self.toggle_four_colour)
                ui.menu_item(_("Distraction-free"), on_click=self.toggle_distraction_free)
                ui.menu_item(_("Report a problem"), on_click=lambda: open_report_dialog(ctx, self.services.reports())
                             ).props(
                    "data-testid=btn-report")
                if ctx.seat is not None:
                    ui.menu_item(_("Leave table"), on_click=self.dialogs.confirm_leave).props("data-testid=btn-leave")
                ui.menu_item(_("Home"), on_click=lambda: ui.navigate.to("/"))
            for item in menu.default_slot.children:  # menu items (role=menuitem), not Quasar's default list items
                item.props["role"] = "menuitem"

    def toggle_four_colour(self) -> None:
        value = not bool(self.ctx.pref("four_colour", False))
        self.ctx.set_pref("four_colour", value)
        ui.query("body").classes(add="four-colour" if value else "", remove="" if value else "four-colour")

    def toggle_distraction_free(self) -> None:
        self.ctx.set_pref("distraction_free", not bool(self.ctx.pref("distraction_free", False)))
        ui.navigate.reload()

    def tick_clock(self) -> None:
        if not self.client.has_socket_connection:  # nobody to show it to (it is read again on the next tick)
            return
        self.lobby_presence.patch()
        if self.countdown is None or self.countdown.is_deleted:
            return
        t = self.ctx.table
        now = time.monotonic()
        text, low, turn_left = "", False, ""
        if t.status == STATUS_LOBBY and t.lobby_deadline:
            left = int(timers.seconds_left(t, now, "lobby") or 0)
            text, low = _("Lobby closes in {time}", time=f"{left // 60}:{left % 60:02d}"), left <= 60
        elif t.paused and t.paused_left is not None:
            left = int(t.paused_left)
            text = f"⏸ {left}s"
        elif t.turn_deadline and t.phase() != "hand-over":  # between hands the summary shows the countdown
            left = int((timers.seconds_left(t, now) or 0) + 0.999)
            text, low, turn_left = f"⏱\u00a0{left}s", left <= 10, str(left)  # (one piece on a phone)
        if self.countdown.props.get("data-seconds", "") != turn_left:
            self.countdown.props["data-seconds"] = turn_left  # the turn timer's whole seconds left, "" when none
            self.countdown.update()
        if self.countdown.text != text:
            self.countdown.set_text(text)
        if low != ("low" in self.countdown.classes):
            self.countdown.classes(add="low" if low else "", remove="" if low else "low")
