"""The table page: lobby -> play -> results, drawn from one seat's view only.

Each browser gets a :class:`TablePage`, the :class:`ui.table.context.TableContext` its parts draw from. It
subscribes to the hub and brings its own seat's parts up to date when the table changes (pushed, not polled); each
part is a region redrawn only when what it shows changed, and the parts under a finger are patched in place.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from pathlib import Path

from nicegui import ui

from logic.messages import t_msg
from logic.table import STATUS_CLOSED, STATUS_LOBBY, STATUS_OVER, STATUS_PLAYING, Table
from logic.table import away as table_away
from ui.components.region import Region
from ui.games import make_screen
from ui.i18n.names import game_name
from ui.i18n.viewer import _, drawing_in, tr, viewer_language
from ui.server.services import TableServices
from ui.shell.frame import frame
from ui.shell.identity import me, user_store
from ui.table import same_deals
from ui.table.dialogs import TableDialogs
from ui.table.hand import HandBar
from ui.table.lobby import LobbyState, lobby_view
from ui.table.program_tokens import take_new_tokens, token_banner
from ui.table.prompts import host_prompts, prompts_key
from ui.table.seat_context import SeatContext
from ui.table.seats import SeatStrip
from ui.table.sounds import TableSounds
from ui.table.summary import hand_summary, standings, summary_key
from ui.table.top import TopBar

ASSETS = Path(__file__).resolve().parents[2] / "assets"
SAME_DEALS_LOOK_S = 2.0  # how often a page looks for another table's finished deal (duplicate deals)
CATCH_UP_NOTICES = 3  # notices shown to a page coming back from a long sleep (the rest are in the log)


class TablePage:
    """One browser's table page: its parts (regions) and their upkeep after every change. What the parts draw from
    and act through is the page's :class:`ui.table.seat_context.SeatContext`."""

    def __init__(self, table: Table, services: TableServices) -> None:
        self._table = table
        self.services = services
        self.hub = services.hub
        self.client = ui.context.client
        self.ctx = SeatContext(table, self.hub, me(), user_store(), self.client)
        ctx = self.ctx
        self.screen = make_screen(table.game_key, ctx)
        self.hand = ctx.bar = HandBar(ctx, self.screen)
        ctx.on_local_change = self.update_regions
        self.dialogs = TableDialogs(ctx)
        self.lobby = LobbyState(table, services, set_me=ctx.set_me)
        self.top = TopBar(ctx, self.dialogs, self.lobby.presence, self.client, services)
        self.sounds = TableSounds()
        self.last_notice = table.notice_seq
        self.root: ui.element | None = None
        self.refresh_pending = False
        self.behind = False  # a change came while this page's socket was down: catch up when it is back
        self.requested_version = -1
        self.requested_presence = -1
        self.regions: dict[str, Region] = {}  # the page's parts by name, top to bottom

    # ----------------------------------------------------------------------------- building
    def build(self) -> None:
        distraction_free = bool(self.ctx.pref("distraction_free", False))
        css = ASSETS / f"{self._table.game_key}.css"
        if css.exists():  # a game's own styles, e.g. assets/stockpile.css
            ui.add_head_html(f'<link rel="stylesheet" href="/assets/{css.name}">')
        with frame(game_name(self._table.game_key), full_width=True, header=not distraction_free):
            take_new_tokens(self.ctx, self.lobby.tokens, self.services.program_reveals)
            token_banner(self.ctx, self.lobby.tokens, self.services.links)
            self.root = ui.column().classes("cn-table felt w-full rounded-borders q-pa-sm gap-2 min-h-[80vh]")
            self.root.props["data-testid"] = "table"
            self.root.props["data-game"] = self._table.game_key
            self.root.props["data-island"] = ""  # its attributes change with every move: re-render it alone
            with self.root:
                self.make_regions()
                self.update_regions(force=True)
            # what is drawn now: the first change after this redraws only what it touched (a page's own
            # reconnect right after it loaded changes only who is here, and must not redraw the hand under a tap)
            self.requested_version, self.requested_presence = self._table.version, self._table.presence.version
            self.ctx.overlays = ui.element("div")  # dialogs live here, outside the part that redraws on every change
        ui.timer(0.5, self.top.tick_clock)
        # duplicate deals: another table finishing a deal changes nothing at this one, so the comparison looks for
        # it now and then (its key is a constant outside the hand-over and results screens: nothing is drawn)
        ui.timer(SAME_DEALS_LOOK_S, lambda: self.regions["same-deals"].update() if self.regions else None)
        if self.ctx.seat is None and self._table.status != STATUS_LOBBY:  # told before sitting at a duplicate
            self.services.duplicates.mark_seen(self._table.code, self.ctx.me.player_id)
        self.sounds.update(self.ctx, self.root)
        unsubscribe = self.hub.registry.subscribe(self._table.code, self.on_change)
        self.client.on_delete(unsubscribe)
        self.client.on_connect(self.catch_up)
        self.hub.presence.attach(self._table, self.client, self.ctx.me.player_id)
        if self.services.forced_redraw is not None:
            self.client.on_delete(self.services.forced_redraw(self._table.code, self.force_redraw))

    def force_redraw(self) -> None:
        """Redraw the hand, the action bar and the middle now, replacing their elements (tests only)."""
        for region in (self.hand.r_hand, self.hand.r_actions, self.regions.get("middle")):
            if region is not None:
                region.refresh(replace=True)

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
        if self.root is None or self.root.is_deleted:
            return
        with self.root:
            language = viewer_language()  # (found once: every text of the redraw speaks it)
        with drawing_in(language):
            self.draw_change()

    def draw_change(self) -> None:
        """Notices, sounds and the regions the last changes touched (runs through without awaiting)."""
        table = self._table
        assert self.root is not None
        with self.root:
            self.show_notices()
            self.sounds.update(self.ctx, self.root)
            if table.status == STATUS_CLOSED and table.state is None:  # the lobby expired or was closed
                ui.navigate.to("/")
                return
        if table.version != self.requested_version:
            self.requested_version = table.version
            self.requested_presence = table.presence.version
            self.update_regions()
        elif table.presence.version != self.requested_presence:  # only who is here changed
            self.requested_presence = table.presence.version
            self.update_presence()

    def catch_up(self) -> None:
        """The socket is back (after a blip, or a phone that slept for minutes): draw what changed meanwhile."""
        if self.behind:
            self.behind = False
            # a phone back after minutes is not greeted by a stack of old notices: the last few are shown
            self.last_notice = max(self.last_notice, self._table.notice_seq - CATCH_UP_NOTICES)
            self.on_change(self._table)

    def update_attributes(self) -> None:
        """The tester contract on the table root: data-phase, data-turn, data-seat, …"""
        if self.root is None:
            return
        t = self._table
        self.root.props.update({  # one change (one update of the element), not six
            "data-phase": t.phase(),
            "data-turn": ",".join(str(s) for s in t.to_move()),
            "data-seat": "" if self.ctx.seat is None else str(self.ctx.seat),
            "data-status": t.status,
            "data-paused": "true" if t.paused else "false",
            "data-version": str(t.version),
            "data-watchers": str(table_away.watchers(t)),
            "data-watching": "true" if self.ctx.seat is None else "false",
            "data-alert": self.alert(),
        })

    def alert(self) -> str:
        """What waits for this player, for the alerts of a page in the background (assets/alerts.js): "turn:<moves
        so far>" (a new value for each turn, also when the others answered at once), "start" (the host's lobby is
        full), "choice:<seats>" (the host decides about players who left), or ""."""
        t = self._table
        if self.ctx.is_host and t.status == STATUS_LOBBY and not t.open_seats():
            return "start"
        if self.ctx.is_host and t.status == STATUS_PLAYING and t.pending_leave:
            return "choice:" + ",".join(str(s) for s in t.pending_leave)
        return f"turn:{len(t.log)}" if self.ctx.my_turn and t.status == STATUS_PLAYING else ""

    def show_notices(self) -> None:
        for n in self._table.notices:
            if n.seq <= self.last_notice:
                continue
            if n.seats is None or self.ctx.seat in n.seats:
                ui.notify(tr(n.message), type="warning" if n.kind == "warning" else "info", position="top",
                          timeout=3000)
        self.last_notice = self._table.notice_seq
        self.dialogs.show_unread(bool(self.ctx.pref("chat_opens", False)))

    # ----------------------------------------------------------------------------- regions
    def make_regions(self) -> None:
        """The page in parts, each redrawn only when what it shows changed (see ui/components/region.py)."""
        strip = SeatStrip(self.ctx, self.in_game)
        top = Region(self.top.draw, self.top.key, "top")
        # between the top bar and the bar at the bottom: the part that scrolls when the table is taller than the
        # screen, so neither bar ever covers it nor scrolls away (assets/cardnight.css, "the table fills the screen")
        # (focusable, so a keyboard can scroll it when nothing in it can take the focus: axe's scrollable-region rule)
        with ui.column().classes("cn-scroll w-full gap-2").props(
                "data-testid=table-scroll tabindex=0 role=region") as scroll:
            scroll.props["aria-label"] = tr(t_msg("Table"))
            middle = [
                Region(self.status_screen, self.status_key, "status"),
                Region(strip.draw, strip.key, "seats"),
                Region(lambda: host_prompts(self.ctx), self.prompts_key, "prompts"),
                Region(self.summary, self.summary_key, "summary"),
                Region(lambda: same_deals.draw_region(self.ctx, self.services),
                       lambda: same_deals.region_key(self.ctx, self.services), "same-deals"),
                Region(self.middle, self.middle_key, "middle"),
            ]
        hand = Region(self.hand.draw_frame, self.hand_frame_key, "hand-area")
        self.regions = {region.name: region for region in (top, *middle, hand)}

    def update_regions(self, force: bool = False) -> None:
        """Bring every region up to date with the table (``force``: redraw them all)."""
        self.ctx.follow()
        try:
            for region in self.regions.values():
                region.update(force)
        finally:
            self.update_attributes()  # the tester contract always matches what is drawn

    def update_presence(self) -> None:
        """Only who is here changed: bring the badges, the lobby's rows and the watcher count up to date in place.
        Nothing else is redrawn, so a tap on one's own page right after it reconnected is not lost."""
        for name in ("top", "seats"):
            self.regions[name].update()
        self.lobby.presence.patch()
        self.update_attributes()

    def in_game(self) -> bool:
        return self.status_key() == "none"

    def status_key(self) -> Hashable:
        t = self._table
        if t.status == STATUS_LOBBY:  # its parts follow the table on their own (ui/table/lobby.py)
            return "lobby"
        return "closed" if t.status == STATUS_CLOSED and t.state is None else "none"

    def prompts_key(self) -> Hashable:
        return prompts_key(self.ctx) if self.in_game() else None

    def summary_key(self) -> Hashable:
        return summary_key(self.ctx, self.services)

    def hand_frame_key(self) -> Hashable:
        seat = self.ctx.seat
        return self._table.status == STATUS_PLAYING and seat is not None and self.screen is not None, seat

    def playing_screen(self) -> bool:
        t = self._table
        return self.in_game() and self.screen is not None and t.status not in (STATUS_OVER, STATUS_CLOSED)

    def middle_key(self) -> Hashable | None:
        if not self.playing_screen() or self.screen is None:
            return "empty"
        return self.screen.middle_key()

    # ----------------------------------------------------------------------------- drawing
    def status_screen(self) -> None:
        t = self._table
        if t.status == STATUS_LOBBY:
            lobby_view(self.ctx, self.lobby)
        elif t.status == STATUS_CLOSED and t.state is None:
            with ui.column().classes("w-full items-center q-pa-lg"):
                ui.label(_("This table has closed.")).classes("text-xl")
                ui.button(_("Back to home"), on_click=lambda: ui.navigate.to("/")).props("color=white text-color=black")

    def summary(self) -> None:
        t = self._table
        if not self.in_game():
            return
        if t.status in (STATUS_OVER, STATUS_CLOSED) or t.phase() == "over":
            standings(self.ctx, self.services)
            if self.screen is not None and t.state is not None:
                self.screen.results()
        elif t.phase() == "hand-over":
            hand_summary(self.ctx)

    def middle(self) -> None:
        if self.playing_screen() and self.screen is not None:
            with ui.column().classes("w-full items-center gap-1"):
                self.screen.middle()
