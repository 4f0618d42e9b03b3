"""``/tv/<CODE>``: a table on a screen across the room, with the players' phones as their hands.

Drawn from the spectator's view only (``view(state, None)``): the seats in a column with big names, card counts,
the turn ring and each game's running score; the middle of the table in the rest of the screen, its cards as large
as it fits (assets/tv.js) and its words at least 28 px at 1080p (assets/tv.css); the round; the turn timer as a bar.
In the lobby it shows the join code and a QR code big enough to scan from a sofa; between hands the summary; at the end
the standings, then it follows "Play again" to the next table by itself. Nothing to click, never a hand, and it is
not counted as a person watching (it never joins the table's presence).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Hashable
from functools import partial
from typing import Any

from nicegui import ui

from logic.table import STATUS_CLOSED, STATUS_LOBBY, STATUS_OVER, Table, timers
from logic.views import TableView
from ui.components.language_picker import language_picker
from ui.components.points import fewest_wins, lowest_seats, points_text
from ui.components.region import Region
from ui.guards.code_guard import MISS_QUEUE_LIMIT, TOO_MANY
from ui.i18n import N_, _, pgettext
from ui.i18n.names import game_name
from ui.i18n.viewer import tr
from ui.net.lan import qr_data_uri
from ui.pages import ASSETS
from ui.pages.night_corner import night_corner
from ui.server.runtime import runtime
from ui.shell.frame import page_language
from ui.shell.http_status import NOT_FOUND, TOO_MANY_REQUESTS, answer
from ui.shell.identity import Me, user_store
from ui.table import same_deals
from ui.table.at_this_table import differences_key, table_differences, value_text
from ui.table.entry import guarded_table, not_found
from ui.table.seat_wording import in_language
from ui.table.seats import badge_key, patch_turn_and_cards, seat_badge
from ui.table.still import StillContext
from ui.table.summary import hand_summary, standings, summary_key

FOLLOW_NEXT_AFTER_S = 8.0  # the standings stay this long once a next game exists, then the TV follows it
TV_ONLY = N_("This is the TV view: play on your phone.")


class TvContext(StillContext[TableView | None]):
    """A live table as the room sees it: the spectator's view (None in the lobby), every action refused."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, None, None)
        self._me = Me(player_id="", name="TV", emoji="📺")

    def follow(self) -> None:
        t = self._table
        self._view = t.game.view(t.state, None) if t.state is not None else None

    def act(self, change: Any) -> bool:
        ui.notify(_(TV_ONLY), position="top")
        return False

    def check(self, action: Any) -> str | None:
        return _(TV_ONLY)


class TvPage:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.ctx = TvContext(table)
        self.root: ui.element | None = None
        self.timer_bar: ui.element | None = None
        self.timer_text: ui.label | None = None
        self.regions: list[Region] = []
        self.seat_refs: dict[int, tuple[ui.element, ui.label | None]] = {}  # seat -> its badge, its count of cards
        self.over_since: float | None = None
        self.pending = False

    @property
    def view(self) -> TableView | None:
        return self.ctx.view

    # ----------------------------------------------------------------------------- drawing
    def build(self) -> None:
        page_language()
        ui.add_head_html('<link rel="stylesheet" href="/assets/tv.css">')
        if (ASSETS / f"{self.table.game_key}.css").exists():  # a game's own styles (President has none)
            ui.add_head_html(f'<link rel="stylesheet" href="/assets/{self.table.game_key}.css">')
        ui.add_head_html('<script defer src="/assets/tv.js"></script>')
        ui.query("body").classes("cn-tv-body")
        self.ctx.follow()
        self.root = ui.element("div").classes("cn-tv")
        self.root.props.update({"data-testid": "tv", "data-game": self.table.game_key, "data-island": ""})
        with self.root:
            with ui.element("div").classes("tv-top"):
                ui.label(game_name(self.table.game.key)).classes("tv-title")
                self.regions.append(Region(self.round_label, lambda: (
                    self.table.status, self.view["round_label"] if self.view else None)))
                self.regions.append(Region(self.house_rules, lambda: differences_key(self.table), "tv-house-rules"))
            with ui.element("div").classes("tv-timer").props("data-testid=tv-timer"):
                self.timer_bar = ui.element("div").classes("tv-timer-bar")
                self.timer_text = ui.label("").classes("tv-timer-text").props("data-testid=tv-timer-text")
            self.regions.append(Region(self.seats, self.seats_key, "tv-seats"))
            # the night's standings, if the night's host asks for them
            self.regions.append(night_corner(runtime().hub, self.table, runtime().duplicates()))
            self.regions.append(Region(self.status, self.status_key, "tv-status"))
            with ui.element("div").classes("tv-main").props("data-testid=tv-main"):  # the play: what the room reads
                self.regions.append(Region(self.middle, self.middle_key, "tv-middle"))
                self.regions.append(Region(self.summary, self.summary_key, "tv-summary"))
            for region in self.regions:
                region.update(force=True)
        self.attributes()
        unsubscribe = runtime().hub.registry.subscribe(self.table.code, self.on_change)
        client = ui.context.client
        client.on_delete(unsubscribe)
        ui.timer(0.25, self.tick)

    def house_rules(self) -> None:
        """The table's rules that differ from the standard, in one line under the title (issue 52)."""
        found = table_differences(self.table)
        if found:
            text = " · ".join(_("{label}: {value}", label=tr(d.label), value=value_text(d)) for d in found)
            ui.label(_("At this table: {rules}", rules=text)).classes("tv-small tv-house-rules").props(
                f"data-testid=tv-at-this-table data-count={len(found)}")

    def round_label(self) -> None:
        label = _("Lobby") if self.table.status == STATUS_LOBBY else (
            in_language(self.view["round_label"]) if self.view else None)
        if label:
            ui.label(str(label)).classes("tv-round").props("data-testid=tv-round")

    def scores(self) -> list[Any]:
        """Each game's running score by seat (none in the lobby, nor before a game's first hand)."""
        return list((self.view["scores"] if self.view else None) or [])

    def seats_key(self) -> Hashable:
        """The column of seats; each seat is a part of its own (a move redraws the seats it changed, not all)."""
        if self.table.status == STATUS_LOBBY:
            return None
        return len(self.table.seats), bool(self.scores()), self.table.game.lower_is_better

    def seats(self) -> None:
        if self.table.status == STATUS_LOBBY:
            return
        many = len(self.table.seats) >= 5  # smaller badges (assets/tv.css)
        with ui.element("div").classes("tv-seats many" if many else "tv-seats"):
            for i in range(len(self.table.seats)):
                Region.part(partial(self.seat, i), partial(self.seat_key, i), patch=partial(self.patch_seat, i))
            if self.table.game.lower_is_better and self.scores():  # under the badges
                ui.label(fewest_wins()).classes("tv-fewest-wins").props("data-testid=tv-fewest-wins")

    def seat_key(self, i: int) -> Hashable:
        """What seat ``i``'s badge shows but its turn frame and count of cards (patched in place: they change with
        nearly every move) and its chips (a part of their own)."""
        scores = self.scores()
        lowest = i in lowest_seats(scores, self.table.game.lower_is_better)
        return badge_key(self.ctx, i), scores[i] if i < len(scores) else None, lowest

    def seat(self, i: int) -> None:
        scores = self.scores()
        self.seat_refs[i] = badge, _cards = seat_badge(self.ctx, i)
        if i < len(scores):  # the running score, always in view; marked where the fewest points win (Beanie), under
            with badge, ui.element("div").classes("tv-score").props(f"data-testid=tv-score-{i}"):  # the score: the
                ui.label(points_text(scores[i]))  # name keeps its room
                if i in lowest_seats(scores, self.table.game.lower_is_better):
                    ui.label(pgettext("score", "(lowest)")).classes("tv-lowest")

    def patch_seat(self, i: int) -> None:
        badge, cards = self.seat_refs.get(i, (None, None))
        if badge is not None and not badge.is_deleted:
            patch_turn_and_cards(self.ctx, i, badge, cards)

    def status_key(self) -> Hashable:
        t = self.table
        if t.status == STATUS_LOBBY:
            return "lobby", tuple((s.name, s.emoji, s.bot) for s in t.seats)
        return "closed" if t.status == STATUS_CLOSED and t.state is None else "none"

    def status(self) -> None:
        t = self.table
        if t.status == STATUS_LOBBY:
            self.lobby()
        elif t.status == STATUS_CLOSED and t.state is None:
            ui.label(_("This table has closed.")).classes("tv-big")

    def lobby(self) -> None:
        t = self.table
        url = runtime().links.table(t.code)
        with ui.element("div").classes("tv-lobby"):
            with ui.element("div").classes("tv-join"):
                ui.label(_("Join on your phone")).classes("tv-big")
                qr = ui.element("img").classes("tv-qr")
                qr.props.update({"src": qr_data_uri(url), "alt": _("QR code for {url}", url=url),
                        "data-testid": "tv-qr"})
                ui.label(_("or open the app and type the code")).classes("tv-small")
                ui.label(t.code).classes("tv-code").props("data-testid=tv-join-code")
                ui.label(url).classes("tv-small tv-url")
                # the TV's own language, chosen on the TV (its words as large as the TV's others)
                picker = language_picker().props(remove="dense options-dense").classes("tv-language")
                picker.props("dark popup-content-class=cn-tv-lang-menu")
            with ui.element("div").classes("tv-lobby-seats").props("data-testid=tv-lobby-seats"):
                for i, s in enumerate(t.seats):
                    taken = not s.empty
                    text = f"{s.emoji} {s.name}" + (" 🤖" if s.bot else "") if taken else _("Open seat")
                    ui.label(text).classes("tv-lobby-seat" + ("" if taken else " open")).props(
                        f"data-testid=tv-seat-{i} data-taken={'true' if taken else 'false'}")

    def in_play(self) -> bool:
        t = self.table
        return t.state is not None and t.status not in (STATUS_LOBBY, STATUS_OVER, STATUS_CLOSED)

    def middle_key(self) -> Hashable:
        if not self.in_play() or self.ctx.screen is None or self.view is None or self.view["phase"] == "hand-over":
            return "empty"
        # as on a table page: the game's screen draws its middle from parts with keys of their own (the trick, the
        # message), so a move redraws only the part it changed (issue 50: the whole middle cost the TV 5 ms a move)
        inner = self.ctx.screen.middle_key()
        return None if inner is None else ("play", inner)

    def middle(self) -> None:
        if self.middle_key() == "empty" or self.ctx.screen is None:
            return
        with ui.element("div").classes("tv-middle").props("data-testid=tv-middle"):
            self.ctx.screen.middle()

    def summary_key(self) -> Hashable:
        return summary_key(self.ctx, None)

    def summary(self) -> None:
        t = self.table
        if t.state is None:
            return
        with ui.element("div").classes("tv-summary"):
            if t.status in (STATUS_OVER, STATUS_CLOSED) or t.phase() == "over":
                standings(self.ctx, None)
            elif t.phase() == "hand-over":
                hand_summary(self.ctx)

    # ----------------------------------------------------------------------------- following the table
    def on_change(self, table: Table) -> None:
        if self.pending or self.root is None or self.root.is_deleted:
            return
        self.pending = True
        asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        self.pending = False
        if self.root is None or self.root.is_deleted:
            return
        self.ctx.follow()
        for region in self.regions:
            region.update()
        self.attributes()

    def attributes(self) -> None:
        if self.root is None:
            return
        t = self.table
        self.root.props.update({
            "data-phase": t.phase(), "data-status": t.status, "data-version": str(t.version),
            "data-turn": ",".join(str(s) for s in t.to_move()), "data-paused": "true" if t.paused else "false",
            "data-next": t.next_code or "",
        })

    def tick(self) -> None:
        t = self.table
        now = time.monotonic()
        left, total = 0.0, 0.0
        if t.turn_deadline and not t.paused and t.status not in (STATUS_LOBBY, STATUS_OVER):
            left = timers.seconds_left(t, now) or 0.0
            total = float(t.settings.turn_seconds or 0) or left
        if self.timer_text is not None and self.timer_bar is not None:
            box = self.timer_bar.parent_slot.parent if self.timer_bar.parent_slot else None
            if box is not None and ("off" in box.classes) == bool(total):
                box.classes(add="" if total else "off", remove="off" if total else "")
            text = _("{s} s", s=int(left + 0.999)) if total else ""
            if self.timer_text.text != text:
                self.timer_text.set_text(text)
            share = f"{100 * left / total:.0f}%" if total else "0%"
            style = f"width: {share}"
            if self.timer_bar.props.get("data-share") != share:
                self.timer_bar.props["data-share"] = share
                self.timer_bar.style(replace=style)
                self.timer_bar.classes(add="low" if left <= 10 else "", remove="" if left <= 10 else "low")
        night = runtime().hub.nights.night_of_table(t.code) if t.status in (STATUS_OVER, STATUS_CLOSED) else None
        if t.status in (STATUS_OVER, STATUS_CLOSED) and (t.next_code or night is not None):
            self.over_since = self.over_since or now
            if now - self.over_since >= FOLLOW_NEXT_AFTER_S:  # the next game, else the night's standings
                ui.navigate.to(f"/tv/{t.next_code}" if t.next_code else f"/tv/night/{night.code if night else ''}")
                self.over_since = float("inf")


def register() -> None:
    # a wrong code waits its turn like a wrong /table/<CODE> (the same guard: a TV link is a watch link)
    @ui.page("/tv/{code}", title="Card Night TV", response_timeout=MISS_QUEUE_LIMIT + 10)
    async def tv_page(code: str) -> None:
        code = code.strip().upper()
        table = await guarded_table(code)
        if isinstance(table, Table):
            viewer = str(user_store().get("player_id") or "") or None  # (a TV gets no identity of its own)
            duplicates = runtime().duplicates()
            if table.seat_of(viewer) is None and same_deals.held_back(duplicates, table.code, viewer):
                return  # its player plays the same deals at another table: nothing of this one's play yet
            if duplicates.group_still_playing(table.code):  # a TV is seen by a whole room: not while another
                same_deals.tv_held_back(table.code)  # table of the same deals still plays them
                return
            duplicates.mark_seen(table.code, viewer)
            TvPage(table).build()
            return
        answer(TOO_MANY_REQUESTS if table == TOO_MANY else NOT_FOUND)
        with ui.column().classes("q-pa-lg"):
            not_found(code, too_many=table == TOO_MANY)
