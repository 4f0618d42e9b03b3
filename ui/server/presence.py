"""Which pages are connected at each table, told to the table as plain data with the time.

A table page registers its client here. NiceGUI calls us when the page's socket connects, disconnects (and when
it reconnects) and when the client is deleted; only then do we tell the table who is here (the set of player ids
with a connected page). Nothing runs per second: "reconnecting" turning into "away" is read from the stored time
(logic/table/away.py), and each page redraws that text itself.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from nicegui import Client

from logic.table import Table
from logic.table import away as table_away
from ui.server.registry import TableRegistry

KEEP_ASLEEP_PAGE_S = 6 * 60.0  # a table page whose socket dropped is kept this long (a phone asleep for 5 min)
# Test servers only: a factor on presence's times (the reconnecting window, the away grace), so a browser test of
# them waits seconds instead of half a minute (tests/e2e/test_presence.py). Unset (1) on a server people play on.
SCALE_ENV = "CARDNIGHT_TEST_PRESENCE_SCALE"


def presence_scale() -> float:
    """``CARDNIGHT_TEST_PRESENCE_SCALE`` (a number above 0 and at most 1), else 1."""
    try:
        scale = float(os.environ.get(SCALE_ENV, "1"))
    except ValueError:
        return 1.0
    return scale if 0 < scale <= 1 else 1.0


class Presence:
    def __init__(self, registry: TableRegistry, apply: Callable[[Table, Callable[[Table, float], Any]], Any],
                 saved: Callable[[str], int]) -> None:
        """``apply(table, change)``: make a change (the hub's ``run``); ``saved(code)``: the newest version of a table
        that is saved (the save pipeline's)."""
        self.registry, self.apply, self.saved = registry, apply, saved
        self.pages: dict[str, dict[str, tuple[str, bool]]] = {}  # code -> client id -> (player id, connected)
        self.ever_connected: set[str] = set()  # client ids whose socket has connected at least once
        self.scale = presence_scale()

    def attach(self, table: Table, client: Client, player_id: str) -> None:
        """Follow one table page; its connection counts once its socket is up."""
        code = table.code
        table.presence.scale = self.scale
        self.pages.setdefault(code, {})[client.id] = (player_id, client.has_socket_connection)
        client.on_connect(lambda: self._connected(code, client.id, player_id))
        client.on_disconnect(lambda: self._set(code, client.id, player_id, client.has_socket_connection))
        client.on_delete(lambda: self._drop(code, client.id))

    def present(self, code: str) -> set[str]:
        return {pid for pid, connected in self.pages.get(code, {}).values() if connected}

    def _connected(self, code: str, client_id: str, player_id: str) -> None:
        self._let_go_of_old_pages(code, client_id, player_id)
        self.ever_connected.add(client_id)
        self._set(code, client_id, player_id, True)

    def _let_go_of_old_pages(self, code: str, client_id: str, player_id: str) -> None:
        """A table page whose socket dropped is kept for minutes (a phone asleep comes back without a reload: see
        ``KEEP_ASLEEP_PAGE_S``). Once the same player has a new page of this table (a reload, the link opened
        again), their old pages there that are down are let go at once instead of lingering. A page still on its way
        (built, its socket not yet up: two tabs opened at once, a phone and a laptop side by side) is not old: it
        was deleted while being built and showed a server error."""
        for other_id, (pid, connected) in list(self.pages.get(code, {}).items()):
            if other_id != client_id and pid == player_id and not connected and other_id in self.ever_connected:
                old = Client.instances.get(other_id)
                if old is not None and not old.has_socket_connection:
                    old.delete()

    def _set(self, code: str, client_id: str, player_id: str, connected: bool) -> None:
        pages = self.pages.setdefault(code, {})
        pages[client_id] = (player_id, connected)
        self.registry.visited(code)  # a page came or went: the table is not idle (ui/server/idle_tables.py)
        self.tell(code)

    def _drop(self, code: str, client_id: str) -> None:
        self.ever_connected.discard(client_id)
        pages = self.pages.get(code)
        if pages is None:
            return
        pages.pop(client_id, None)
        if not pages:
            del self.pages[code]
        self.tell(code)

    def tell(self, code: str) -> None:
        """Pass who is here to the table; its pages are told if a seat came or went or the watchers changed."""
        table = self.registry.get(code)
        if table is None:
            return
        present = self.present(code)
        if present == table.presence.present_ids and not self._stale(table, present):
            return
        version = table.version
        changed = self.apply(table, lambda t, now: table_away.update_presence(t, present, now))
        if changed and table.version == version:  # a presence change (nothing to save): tell the pages, unless a
            self.registry.tell(code, self.saved(code))  # move is on its way to the disk (its save tells them)

    @staticmethod
    def _stale(table: Table, present: set[str]) -> bool:
        """A seat whose person is here but still counts as gone (e.g. just sat down, or after a restart)."""
        return any(table.seats[i].player_id in present for i in table.presence.gone_since)
