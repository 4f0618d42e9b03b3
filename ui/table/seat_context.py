"""One browser's seat at a live table: the :class:`ui.table.context.TableContext` the table page's parts and its
game screen draw from and act through (a watcher's too, with no seat).

It reads the table and the viewer's view (brought up to date by the page after every change: :meth:`follow`), runs
the viewer's moves through the hub, and keeps the viewer's picks, sort order and preferences (through the page's
hand bar and this browser's storage).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.game import PHASE_HAND_OVER, IllegalMove
from logic.messages import t_msg
from logic.table import Table, turns
from logic.views import TableView
from ui.i18n.viewer import tr
from ui.shell.identity import Me, broadcast_prefs
from ui.table.seat_wording import with_names

if TYPE_CHECKING:
    from nicegui import Client

    from ui.components.live import Refreshable
    from ui.server.hub import Hub
    from ui.table.hand import HandBar


class SeatContext:
    """What the parts of one browser's table page see and may do (implements ``TableContext``)."""

    def __init__(self, table: Table, hub: Hub, who: Me, store: Any, client: Client) -> None:
        self._table = table
        self.hub = hub
        self._me = who
        self.store = store  # this browser's storage, for preferences read in pushed redraws
        self.client = client
        self._view: TableView | None = None  # None until the game starts
        self.overlays: ui.element | None = None  # where dialogs open: made by the page outside every region
        self._bar: HandBar | None = None
        self.on_local_change: Callable[[], None] = lambda: None  # the page brings its regions up to date

    @property
    def bar(self) -> HandBar:
        """The page's hand bar: the selection, the sort order and the action bar's live parts."""
        if self._bar is None:
            raise RuntimeError("the table page gives its context its hand bar before drawing")
        return self._bar

    @bar.setter
    def bar(self, bar: HandBar) -> None:
        self._bar = bar

    def follow(self) -> None:
        """Read the viewer's view of the table as it is now (after a change, before the parts are brought up to
        date)."""
        t = self._table
        self._view = t.game.view(t.state, self.seat) if t.state is not None else None

    @property
    def table(self) -> Table:
        return self._table

    @property
    def view(self) -> TableView | None:
        return self._view

    @property
    def me(self) -> Me:
        return self._me

    def set_me(self, who: Me) -> None:
        """The viewer joined under another name or emoji (the lobby's join form)."""
        self._me = who

    @property
    def seat(self) -> int | None:
        return self._table.seat_of(self._me.player_id)

    @property
    def is_host(self) -> bool:
        return self._table.is_host(self._me.player_id)

    @property
    def my_turn(self) -> bool:
        """The viewer's move now: not while paused, not while the computer plays their seat (a timeout, away), and
        not between hands (the summary's "Next hand" is no turn)."""
        t, seat = self._table, self.seat
        return (seat is not None and seat in t.to_move() and not t.paused and not t.computer_controls(seat)
                and t.phase() != PHASE_HAND_OVER)

    @property
    def selected(self) -> list[str]:
        return self.bar.selected

    @property
    def sort_mode(self) -> str:
        return self.bar.sort_mode

    def act(self, change: Any) -> bool:
        """Run a table change as this player; a refused move becomes a short notice."""
        try:
            self.hub.run(self._table, change)
            return True
        except IllegalMove as exc:
            ui.notify(tr(exc.message), type="warning", position="top")
            return False

    def send(self, action: Any) -> bool:
        """Play ``action``. The selection stays: cards that left the hand drop out of it (:meth:`HandBar.hand_codes`),
        so cards picked while others played are still picked after drawing or passing."""
        return self.act(lambda t, now: turns.act(t, self._me.player_id, action, now))

    def check(self, action: Any) -> str | None:
        t = self._table
        seat = self.seat
        if seat is None or t.state is None:
            return tr(t_msg("You are watching this table."))
        trial = t.game.clone(t.state)
        try:
            t.game.apply(trial, seat, action)
        except IllegalMove as exc:
            return tr(exc.message)
        return None

    def with_names(self, text: str) -> str:
        return with_names(text, [s.name for s in self._table.seats], self.seat)

    def hand_codes(self) -> list[str]:
        return self.bar.hand_codes()

    def toggle_select(self, code: str) -> None:
        self.bar.toggle_select(code)

    def set_sort(self, mode: str) -> None:
        self.bar.set_sort(mode)

    def redraw_hand(self) -> None:
        self.bar.redraw_hand()

    def request_redraw(self) -> None:
        """A page-local change that the regions' keys include (Rummy's hint): only the regions it changes redraw."""
        self.on_local_change()

    def keep_live(self, part: Refreshable) -> None:
        self.bar.live.append(part)

    def pref(self, key: str, default: object) -> object:
        return self.store.get("prefs", {}).get(key, default)

    def set_pref(self, key: str, value: object) -> None:
        prefs = dict(self.store.get("prefs", {}))
        prefs[key] = value
        self.store["prefs"] = prefs
        with self.client:
            broadcast_prefs(key)  # this browser's other tabs follow
