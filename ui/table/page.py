"""The table page: lobby -> play -> results, drawn from one seat's view only.

Each browser gets a :class:`TablePage`. It subscribes to the hub and refreshes its own seat's view when
the table changes (pushed, not polled). Selection and sort order live here, per page.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from nicegui import ui

from logic.game import IllegalMove
from logic.tables import STATUS_CLOSED, STATUS_LOBBY, STATUS_OVER, STATUS_PLAYING, Table
from ui.components.live import Refreshable
from ui.components.region import Region
from ui.games import game_ui
from ui.guards.code_guard import MISS_QUEUE_LIMIT, TOO_MANY, guard_key, miss_wait, record_miss, take_pass
from ui.pages.http_status import NOT_FOUND, TOO_MANY_REQUESTS, answer
from ui.server.presence import KEEP_ASLEEP_PAGE_S
from ui.server.runtime import runtime
from ui.shell.frame import frame
from ui.shell.identity import me, pref
from ui.table.dialogs import TableDialogs
from ui.table.hand import HandBar
from ui.table.lobby import lobby_view
from ui.table.presence_lobby import LobbyPresence
from ui.table.program_tokens import take_new_tokens, token_banner
from ui.table.prompts import HostPrompts
from ui.table.seat_wording import with_names
from ui.table.seats import SeatStrip
from ui.table.sounds import table_sounds  # issue 6
from ui.table.summary import hand_summary, standings
from ui.table.top import TopBar

ASSETS = Path(__file__).resolve().parents[2] / "assets"
CATCH_UP_NOTICES = 3  # notices shown to a page coming back from a long sleep (the rest are in the log)


class TablePage(TopBar, HandBar, HostPrompts, TableDialogs):
    def __init__(self, table: Table) -> None:
        self.table = table
        self.hub = runtime().hub
        self.me = me()
        self.client = ui.context.client
        self.screen = game_ui(table.game_key)
        self.selected: list[str] = []
        self.sort_mode = str(pref(f"sort_{table.game_key}", self.screen.sort_modes[0][0] if self.screen else "rank"))
        self.last_notice = table.notice_seq
        self.chat_seen = len(table.chat)
        self.root: ui.element | None = None
        self.countdown: ui.label | None = None
        self.chat_badge: ui.badge | None = None
        self.chat_log: ui.column | None = None
        self.view: dict[str, Any] = {}
        self.overlays: ui.element | None = None
        self.refresh_pending = False
        self.behind = False  # a change came while this page's socket was down: catch up when it is back
        self.lobby_presence = LobbyPresence(table)
        self.requested_version = -1
        self.requested_presence = -1
        self.program_tokens: dict[int, str] = {}  # issue 20: tokens this page made or was given, shown once

    # ----------------------------------------------------------------------------- identity
    @property
    def seat(self) -> int | None:
        return self.table.seat_of(self.me.player_id)

    @property
    def is_host(self) -> bool:
        return self.table.is_host(self.me.player_id)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.table.to_move() and not self.table.paused

    # ----------------------------------------------------------------------------- actions
    def do(self, fn: Any) -> bool:
        """Run a table change as this player; a refused move becomes a short notice."""
        try:
            self.hub.run(self.table, fn)
            return True
        except IllegalMove as exc:
            ui.notify(str(exc), type="warning", position="top")
            return False

    def send(self, action: Any) -> bool:
        ok = self.do(lambda t, now: t.act(self.me.player_id, action, now))
        if ok:
            self.selected.clear()
        return ok

    def check(self, action: Any) -> str | None:
        """Why ``action`` would be refused for my seat now (None if it is fine): asks the rules on a copy."""
        t = self.table
        if self.seat is None or t.state is None:
            return "You are watching this table."
        game = t.game
        trial = game.clone(t.state)
        try:
            game.apply(trial, self.seat, action)
        except IllegalMove as exc:
            return str(exc)
        return None

    def with_names(self, text: str) -> str:
        """The rules layer says "Seat 3"; people want names ("You" for the viewer)."""
        return with_names(text, [s.name for s in self.table.seats], self.seat)

    # ----------------------------------------------------------------------------- building
    def build(self) -> None:
        distraction_free = bool(pref("distraction_free", False))
        css = ASSETS / f"{self.table.game_key}.css"
        if css.exists():  # a game's own styles, e.g. assets/stockpile.css
            ui.add_head_html(f'<link rel="stylesheet" href="/assets/{css.name}">')
        with frame(self.table.game.title, full_width=True, header=not distraction_free):
            take_new_tokens(self)
            token_banner(self)
            self.root = ui.column().classes("cn-table felt w-full rounded-borders q-pa-sm gap-2 min-h-[80vh]")
            self.root.props["data-testid"] = "table"
            self.root.props["data-game"] = self.table.game_key
            self.root.props["data-island"] = ""  # its attributes change with every move: re-render it alone
            with self.root:
                self.make_regions()
                self.update_regions(force=True)
            # what is drawn now: the first change after this redraws only what it touched (a page's own
            # reconnect right after it loaded changes only who is here, and must not redraw the hand under a tap)
            self.requested_version, self.requested_presence = self.table.version, self.table.presence_version
            self.overlays = ui.element("div")  # dialogs live here, outside the part that redraws on every change
        ui.timer(0.5, self.tick_clock)
        table_sounds(self)  # issue 6: what this page has seen, so later changes can chime
        client = self.client
        unsubscribe = self.hub.subscribe(self.table.code, self.on_change)
        client.on_delete(unsubscribe)
        client.on_connect(self.catch_up)
        self.hub.presence.attach(self.table, client, self.me.player_id)  # issue 16: who is here

    def on_change(self, table: Table) -> None:
        """Called by the hub after every change; several changes in a row make one refresh. A page whose socket
        is down (a phone asleep, a closed tab not yet let go) draws nothing until it is back (:meth:`catch_up`)."""
        if not self.client.has_socket_connection:
            self.behind = True
            return
        if self.refresh_pending:
            return
        self.refresh_pending = True
        asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        self.refresh_pending = False
        table = self.table
        if self.root is None or self.root.is_deleted:
            return
        with self.root:
            self.show_notices()
            table_sounds(self)  # issue 6
            if table.status == STATUS_CLOSED and table.state is None:  # the lobby expired or was closed
                ui.navigate.to("/")
                return
        if table.version != self.requested_version:
            self.requested_version = table.version
            self.requested_presence = table.presence_version
            self.update_regions()
        elif table.presence_version != self.requested_presence:  # issue 16: only who is here changed
            self.requested_presence = table.presence_version
            self.update_presence()

    def catch_up(self) -> None:
        """The socket is back (after a blip, or a phone that slept for minutes): draw what changed meanwhile."""
        if self.behind:
            self.behind = False
            # a phone back after minutes is not greeted by a stack of old notices: the last few are shown
            self.last_notice = max(self.last_notice, self.table.notice_seq - CATCH_UP_NOTICES)
            self.on_change(self.table)

    def update_attributes(self) -> None:
        """The tester contract on the table root: data-phase, data-turn, data-seat."""
        if self.root is None:
            return
        self.root.props.update({  # one change (one update of the element), not six
            "data-phase": self.table.phase(),
            "data-turn": ",".join(str(s) for s in self.table.to_move()),
            "data-seat": "" if self.seat is None else str(self.seat),
            "data-status": self.table.status,
            "data-paused": "true" if self.table.paused else "false",
            "data-version": str(self.table.version),
            "data-watchers": str(self.table.watchers),  # issue 16
            "data-watching": "true" if self.seat is None else "false",
        })

    def show_notices(self) -> None:
        for n in self.table.notices:
            if n["seq"] <= self.last_notice:
                continue
            if n["seats"] is None or self.seat in n["seats"]:
                ui.notify(n["text"], type="warning" if n["kind"] == "warning" else "info", position="top",
                          timeout=3000)
        self.last_notice = self.table.notice_seq
        if self.chat_badge is not None:
            unread = len(self.table.chat) - self.chat_seen if self.may_read_chat() else 0
            self.chat_badge.set_text(str(unread))
            self.chat_badge.set_visibility(unread > 0)
            # issue 6: "chat opens on a new message" (another player's)
            if (unread > 0 and self.chat_log is None and self.table.chat[-1].get("seat") != self.seat
                    and pref("chat_opens", False)):
                self.open_chat()
        if self.chat_log is not None:
            self.chat_messages.refresh()

    def may_read_chat(self) -> bool:
        return self.seat is not None or self.table.watcher_may_read()

    # ----------------------------------------------------------------------------- regions
    def make_regions(self) -> None:
        """The page in parts, each redrawn only when what it shows changed (see ui/components/region.py)."""
        self.r_top = Region(self.top_bar, self.top_key, "top")
        self.r_status = Region(self.status_screen, self.status_key, "status")
        strip = SeatStrip(self)
        self.r_seats = Region(strip.draw, strip.key, "seats")
        self.r_prompts = Region(self.host_prompts, self.prompts_key, "prompts")
        self.r_summary = Region(self.summary, self.summary_key, "summary")
        self.r_middle = Region(self.middle, self.middle_key, "middle")
        self.r_hand_frame = Region(self.hand_frame, self.hand_frame_key, "hand-area")
        self.r_actions: Region | None = None
        self.r_hand: Region | None = None
        self.hand_el: ui.element | None = None
        self.hand_sync: Callable[[list[str]], None] | None = None  # set when the game's hand updates in place
        self.live: list[Refreshable] = []  # the action bar's live buttons and labels (ui/components/live.py)
        self.hand_spread = 0

    def update_regions(self, force: bool = False) -> None:
        """Bring every region up to date with the table (``force``: redraw them all)."""
        t = self.table
        self.view = t.game.view(t.state, self.seat) if t.state is not None else {}
        try:
            for region in (self.r_top, self.r_status, self.r_seats, self.r_prompts, self.r_summary, self.r_middle,
                           self.r_hand_frame):
                region.update(force)
        finally:
            self.update_attributes()  # the tester contract always matches what is drawn

    def update_presence(self) -> None:
        """Only who is here changed: bring the badges, the lobby's rows and the watcher count up to date in place.
        Nothing else is redrawn, so a tap on one's own page right after it reconnected is not lost."""
        for region in (self.r_top, self.r_seats):
            region.update()
        self.lobby_presence.patch()
        self.update_attributes()

    def redraw(self) -> None:
        """Redraw the whole page now (after a change only this page knows of, e.g. a hint)."""
        self.update_regions(force=True)

    def status_key(self) -> Hashable:
        t = self.table
        if t.status == STATUS_LOBBY:  # (a visitor coming or going does not redraw it: they may be typing a name)
            return "lobby", t.version  # who is here is patched in place (LobbyPresence)
        return "closed" if t.status == STATUS_CLOSED and t.state is None else "none"

    def prompts_key(self) -> Hashable:
        t = self.table
        if self.status_key() != "none":
            return None
        mine = self.seat
        return (t.status, mine is not None and t.seats[mine].autoplay, mine is not None and t.seats[mine].timed_out,
                self.is_host,
                tuple((s, t.seats[s].name) for s in t.pending_leave))

    def summary_key(self) -> Hashable:
        t = self.table
        if t.status in (STATUS_OVER, STATUS_CLOSED) or t.phase() in ("over", "hand-over"):
            return t.status, t.version
        return "none"

    def hand_frame_key(self) -> Hashable:
        return self.table.status == "playing" and self.seat is not None and self.screen is not None, self.seat

    # ----------------------------------------------------------------------------- drawing
    def status_screen(self) -> None:
        t = self.table
        if t.status == STATUS_LOBBY:
            lobby_view(self)
        elif t.status == STATUS_CLOSED and t.state is None:
            with ui.column().classes("w-full items-center q-pa-lg"):
                ui.label("This table has closed.").classes("text-xl")
                ui.button("Back to home", on_click=lambda: ui.navigate.to("/")).props("color=white text-color=black")

    def in_game(self) -> bool:
        return self.status_key() == "none"

    def summary(self) -> None:
        t = self.table
        if not self.in_game():
            return
        if t.status in (STATUS_OVER, STATUS_CLOSED) or t.phase() == "over":
            standings(self)
            if self.screen is not None and t.state is not None:
                self.screen.results(self, self.view)
        elif t.phase() == "hand-over":
            hand_summary(self)

    def middle_key(self) -> Hashable | None:
        t = self.table
        if not (self.in_game() and self.screen is not None and t.status not in (STATUS_OVER, STATUS_CLOSED)):
            return "empty"
        return self.screen.middle_key(self, self.view)

    def middle(self) -> None:
        t = self.table
        if self.in_game() and self.screen is not None and t.status not in (STATUS_OVER, STATUS_CLOSED):
            with ui.column().classes("w-full items-center gap-1"):
                self.screen.middle(self, self.view)

    # ----------------------------------------------------------------------------- dialogs
def known_to_viewer(table: Table) -> bool:
    """A table this browser may open without the guessing slowdown: it has a seat there, or the table is listed
    on the home page (open to join, or running: to watch). (Anyone else waits whether or not the code exists, so
    the wait tells a guesser nothing.)"""
    if table.seat_of(me().player_id) is not None:
        return True
    if table.status == STATUS_PLAYING and table.settings.public:
        return True
    return table.status == STATUS_LOBBY and table.settings.public and bool(table.open_seats())


def not_found(code: str, too_many: bool = False) -> None:
    ui.label(TOO_MANY if too_many else f"No table with code {code[:12].upper()} — check the code or ask the host "
             "for the link.").classes("text-lg").props("data-testid=error")
    ui.button("Back to home", on_click=lambda: ui.navigate.to("/")).props("color=primary")


def register() -> None:
    # a wrong code's answer waits its turn in line (ui/guards/code_guard.py): up to MISS_QUEUE_LIMIT seconds
    # issue 16: a page whose socket dropped is kept for minutes, so a phone that slept comes back to it without
    # a reload (NiceGUI resends what it missed); while it is down it draws nothing (TablePage.on_change)
    @ui.page("/table/{code}", response_timeout=MISS_QUEUE_LIMIT + 10, reconnect_timeout=KEEP_ASLEEP_PAGE_S)
    async def table_page(code: str) -> None:
        key = guard_key()
        code = code.strip().upper()
        table = runtime().hub.get(code)
        known = table is not None and (take_pass(key, code) or known_to_viewer(table))
        wait = 0.0 if known else miss_wait(key, time.monotonic())  # wrong codes from this address slow down tries
        if wait is None:  # refused outright: too many tries queued from this address
            answer(TOO_MANY_REQUESTS)
            with frame("Table not found"):
                not_found(code, too_many=True)
            return
        if wait:  # the answer (page or 404) comes after the wait, whether or not the code exists
            await asyncio.sleep(wait)  # (a restart cuts waits short: main.py's timeout_graceful_shutdown)
            table = runtime().hub.get(code)
        if table is not None:
            TablePage(table).build()
            return
        record_miss(key, time.monotonic())
        answer(NOT_FOUND)
        with frame("Table not found"):
            not_found(code)
