"""The registry of live tables: every table in this process by its code, who listens to each, when each was last
visited, which program seat a token plays, and the caps on new tables.

It holds and finds tables; it does not change them (that is :class:`ui.server.hub.Hub`), save them
(:mod:`ui.server.saving`) nor end them. Pages subscribe here and are told by :meth:`TableRegistry.tell` once the
save pipeline reports a table's newest version saved.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable

from logic.table import STATUS_LOBBY, STATUS_PLAYING, Table
from ui.guards.table_caps import TableCaps
from ui.server.listeners import add_listener

log = logging.getLogger("cardnight.hub")

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH = 6

Listener = Callable[[Table], None]


class TableRegistry:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.listeners: dict[str, list[Listener]] = {}
        self.caps = TableCaps(clock=clock)  # tables one address or browser may open (ui/guards/table_caps.py)
        self.last_visit: dict[str, float] = {}  # code -> when a page or program last came (ui/server/idle_tables.py)
        self._programs: dict[str, str] = {}  # a program seat's token hash -> its table's code
        self._programs_of: dict[str, set[str]] = {}  # code -> its program seats' token hashes

    # ----------------------------------------------------------------------------- holding tables
    def add(self, table: Table, address: str | None) -> None:
        """A new table: held from now on, counted for its opener's caps, visited now."""
        self.tables[table.code] = table
        self.opened(table, address)

    def adopt(self, table: Table) -> None:
        """A table loaded from its file at start (nobody's page is connected yet)."""
        self.tables[table.code] = table
        self.last_visit[table.code] = self.clock()
        self.caps.opened_by[table.code] = ("", table.host_id)
        self.index_programs(table)

    def forget(self, code: str) -> None:
        """Let go of a table (its pages' listeners stay until they unsubscribe)."""
        self.tables.pop(code, None)
        self.last_visit.pop(code, None)
        for token_hash in self._programs_of.pop(code, set()):
            if self._programs.get(token_hash) == code:
                del self._programs[token_hash]
        if not self.listeners.get(code):
            self.listeners.pop(code, None)

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def get(self, code: str) -> Table | None:
        return self.tables.get((code or "").strip().upper())

    # ----------------------------------------------------------------------------- caps and visits
    def may_open(self, host_id: str, address: str | None) -> None:
        """Raise :class:`TooManyTables` if this browser or address may not open another table now."""
        self.caps.check(host_id, address, self._is_open)

    def opened(self, table: Table, address: str | None) -> None:
        """A visitor opened ``table``: it counts for their caps, and as visited now."""
        self.caps.opened(table.code, table.host_id, address)
        self.last_visit[table.code] = self.clock()

    def _is_open(self, code: str) -> bool:
        table = self.tables.get(code)
        return table is not None and table.status in (STATUS_LOBBY, STATUS_PLAYING)

    def visited(self, code: str) -> None:
        """A page of table ``code`` is open, came or went, or its program called: it is not idle."""
        if code in self.tables:
            self.last_visit[code] = self.clock()

    # ----------------------------------------------------------------------------- program seats by token
    def index_programs(self, table: Table) -> None:
        """Keep the token-hash index of ``table``'s program seats current (after any change)."""
        hashes = {s.program_hash for s in table.seats if s.program_hash is not None}
        old = self._programs_of.get(table.code, set())
        if hashes == old:
            return
        for gone in old - hashes:
            if self._programs.get(gone) == table.code:
                del self._programs[gone]
        for new in hashes:
            self._programs[new] = table.code
        if hashes:
            self._programs_of[table.code] = hashes
        else:
            self._programs_of.pop(table.code, None)

    def program_home(self, token_hash: str) -> tuple[Table, int] | None:
        """The table and seat a program token (by its hash) plays, looked up by the hash, not by a scan."""
        table = self.tables.get(self._programs.get(token_hash, ""))
        if table is None:
            return None
        seat = table.program_seat(token_hash)  # compared in constant time with the table's seats
        return None if seat is None else (table, seat)

    # ----------------------------------------------------------------------------- pages
    def subscribe(self, code: str, listener: Listener) -> Callable[[], None]:
        """``listener(table)`` each time a saved change of table ``code`` is to be shown; returns the unsubscribe."""
        return add_listener(self.listeners, code, listener)

    def watched(self, code: str) -> bool:
        """A page (or a program) follows table ``code`` now."""
        return bool(self.listeners.get(code))

    def tell(self, code: str, saved: int) -> bool:
        """Version ``saved`` of ``code`` is safe: tell its pages, unless a newer version is still on its way to the
        disk (its save tells them). True if they were told."""
        table = self.tables.get(code)
        if table is None or table.version > saved:
            return False
        for listener in list(self.listeners.get(code, [])):
            try:
                listener(table)
            except Exception:  # one broken page must not stop the others
                log.exception("listener failed for table %s", code)
        return True

    # ----------------------------------------------------------------------------- queries
    def tables_of(self, player_id: str) -> list[Table]:
        mine = [t for t in self.tables.values() if t.seat_of(player_id) is not None]
        return sorted(mine, key=lambda t: -t.created_at)

    def live_tables(self) -> list[Table]:
        return sorted((t for t in self.tables.values()
                       if t.status == STATUS_LOBBY and t.settings.public and t.open_seats()),
                      key=lambda t: -t.created_at)

    def playing_count(self) -> int:
        return sum(1 for t in self.tables.values() if t.status == STATUS_PLAYING)
