"""The table page's dialogs: the rules, the chat and leaving the table.

"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nicegui import ui

from logic.table import chat as table_chat
from logic.table import leaving as table_leaving
from ui.components.dialog import named_dialog
from ui.i18n import _
from ui.i18n.rules_docs import rules_markdown
from ui.table.at_this_table import at_this_table
from ui.table.help import table_help
from ui.table.rule_examples import rule_examples

if TYPE_CHECKING:
    from logic.table import Table
    from ui.table.context import TableContext


class TableDialogs:
    """The rules, the chat (with its unread count on the top bar's chat button) and leaving."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.chat_seen = len(ctx.table.chat)
        self.chat_badge: ui.badge | None = None
        self.chat_log: ui.column | None = None

    @property
    def table(self) -> Table:
        return self.ctx.table

    def draw_badge(self) -> None:
        """The unread count on the chat button (drawn inside it)."""
        unread = len(self.table.chat) - self.chat_seen
        self.chat_badge = ui.badge(str(unread), color="red").props("floating")
        self.chat_badge.set_visibility(unread > 0)

    def overlays(self) -> ui.element:
        """Where a dialog opens: the page's overlays, outside every part that redraws."""
        overlays = self.ctx.overlays
        if overlays is None:  # made when the page is built, before any of its buttons can open a dialog
            raise RuntimeError("A table's dialogs open once its page is built.")
        return overlays

    def may_read_chat(self) -> bool:
        return self.ctx.seat is not None or table_chat.watcher_may_read(self.table)

    def show_unread(self, opens_on_message: bool) -> None:
        """After a change: the unread count, the open chat's messages, and (if the player wants it) the chat opens
        on another player's new message."""
        if self.chat_badge is not None:
            unread = len(self.table.chat) - self.chat_seen if self.may_read_chat() else 0
            self.chat_badge.set_text(str(unread))
            self.chat_badge.set_visibility(unread > 0)
            if (unread > 0 and self.chat_log is None and self.table.chat[-1].seat != self.ctx.seat
                    and opens_on_message):
                self.open_chat()
        if self.chat_log is not None:
            self.chat_messages.refresh()

    def open_rules(self) -> None:
        with self.overlays(), named_dialog(_("Rules")) as dialog, ui.card().classes("max-w-3xl w-full").props(
                "data-testid=rules-dialog"):
            with ui.scroll_area().classes("h-[70vh] w-full"):
                at_this_table(self.table, classes="q-mb-md")  # this table's own rules, one tap away (issue 52)
                ui.markdown(rules_markdown(self.table.game))  # the viewer's language
                rule_examples(self.table.game_key)
                ui.markdown(table_help()).props("data-testid=table-help")  # at any table
            ui.button(_("Back to the game"), on_click=dialog.close).props("color=primary data-testid=btn-rules-close")
        dialog.open()

    def open_chat(self) -> None:
        self.chat_seen = len(self.table.chat)
        if self.chat_badge is not None:
            self.chat_badge.set_visibility(False)
        with self.overlays(), named_dialog(_("Table chat"), "position=right") as dialog, ui.card().classes(
                "w-80 h-[80vh]").props("data-testid=chat-dialog"):
            with ui.row().classes("w-full items-center no-wrap"):  # a way out that a phone shows (not only a tap aside)
                ui.label(_("Table chat")).classes("font-bold grow")
                ui.button(icon="close", on_click=dialog.close).props(
                    "flat round data-testid=btn-chat-close").classes("cn-tap").props.update({"aria-label": _("Close")})
            with ui.scroll_area().classes("grow w-full") as area:
                self.chat_log = ui.column().classes("w-full gap-1")
                with self.chat_log:
                    self.chat_messages()
            if self.ctx.seat is not None or self.table.settings.watcher_chat == "write":  # the host's choice
                with ui.row().classes("w-full no-wrap items-center"):
                    box = ui.input(placeholder=_("Say something")).props(
                        "dense outlined maxlength=300 data-testid=chat-input").classes("grow")

                    def send() -> None:
                        if self.ctx.act(lambda t, now: self.say_as_me(t, box.value or "", now)):
                            box.set_value("")
                            area.scroll_to(percent=1.0)

                    box.on("keydown.enter", send)
                    send_btn = ui.button(icon="send", on_click=send).props("flat round data-testid=chat-send")
                    send_btn.classes("cn-tap").props.update({"aria-label": _("Send")})

        def closed() -> None:
            self.chat_log = None
            self.chat_seen = len(self.table.chat)

        dialog.on("hide", closed)
        dialog.open()

    def say_as_me(self, table: Table, text: str, now: float) -> None:
        """A player's message, or a watcher's (the table checks that the host lets watchers write)."""
        who = self.ctx.me
        if table.seat_of(who.player_id) is not None:
            table_chat.say(table, who.player_id, text, now)
        else:
            table_chat.watcher_say(table, who.player_id, who.name, who.emoji, text, now)

    @ui.refreshable_method
    def chat_messages(self) -> None:
        if not self.may_read_chat():
            ui.label(_("The host keeps this chat for the players.")).classes("text-grey-8").props(
                "data-testid=chat-closed")
            return
        if not self.table.chat:
            ui.label(_("No messages yet.")).classes("text-grey-8")
        for msg in self.table.chat:
            with ui.row().classes("gap-1 items-baseline no-wrap"):
                who = f"{msg.emoji} {msg.name}"
                ui.label(_("{name} (watching):",
                        name=who) if msg.watcher else f"{who}:").classes("font-bold text-sm whitespace-nowrap")
                ui.label(msg.text).classes("text-sm break-all")
        self.chat_seen = len(self.table.chat)

    def confirm_leave(self) -> None:
        with self.overlays(), named_dialog(_("Leave this table?")) as dialog, ui.card():
            playing = self.table.status == "playing"
            ui.label(_("Leave this table?")).classes("text-lg font-bold")
            if playing:
                ui.label(_("The game goes on without you; you cannot come back to this seat."))
            with ui.row().classes("justify-end w-full"):
                ui.button(_("Stay"), on_click=dialog.close).props("flat")

                def leave() -> None:
                    dialog.close()
                    pid = self.ctx.me.player_id
                    self.ctx.act(lambda t, now: table_leaving.leave(t, pid, now))
                    ui.navigate.to("/")

                ui.button(_("Leave"), on_click=leave).props("color=negative data-testid=btn-leave-confirm")
        dialog.open()
