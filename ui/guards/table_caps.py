"""How many tables one visitor may open: per minute, and open at once.

A visitor is counted twice, by address and by browser (player id), and each has its own caps: a script without a
cookie is a new player at every request but keeps its address; a browser that changes address (a phone moving
from Wi-Fi to mobile data) keeps its player id. The address is the one the request came from or, behind a trusted
reverse proxy, the one the proxy names in ``X-Forwarded-For`` (uvicorn's ``FORWARDED_ALLOW_IPS``; see
docs/self-hosting.md). A table counts as open while it is in its lobby or being played.

Settings (environment): ``CARDNIGHT_TABLES_PER_MINUTE`` (20, per address and per browser),
``CARDNIGHT_OPEN_TABLES_PER_ADDRESS`` (60), ``CARDNIGHT_OPEN_TABLES_PER_BROWSER`` (30).
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from logic.messages import Refused, t_msg, t_nmsg

MINUTE = 60.0


class TooManyTables(Refused):
    """A new table is refused: this visitor opened too many. The message is for players."""


def _env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, "") or default)
    except ValueError:
        return default


@dataclass
class TableCaps:
    per_minute: int = field(default_factory=lambda: _env_int("CARDNIGHT_TABLES_PER_MINUTE", 20))
    open_per_address: int = field(default_factory=lambda: _env_int("CARDNIGHT_OPEN_TABLES_PER_ADDRESS", 60))
    open_per_browser: int = field(default_factory=lambda: _env_int("CARDNIGHT_OPEN_TABLES_PER_BROWSER", 30))
    clock: Callable[[], float] = time.monotonic
    recent: dict[str, deque[float]] = field(default_factory=dict)  # "a:<address>" / "p:<player>" -> times
    opened_by: dict[str, tuple[str, str]] = field(default_factory=dict)  # code -> (address, player id)

    def check(self, player_id: str, address: str | None, is_open: Callable[[str], bool]) -> None:
        """Raise :class:`TooManyTables` if this visitor may not open a table now. ``is_open(code)``: the table is
        still in its lobby or being played."""
        now = self.clock()
        for key in (f"a:{address}" if address else None, f"p:{player_id}" if player_id else None):
            if key is None:  # (no player id: a browser seen for the first time)
                continue
            times = self.recent.get(key)
            while times and now - times[0] > MINUTE:
                times.popleft()
            if times and len(times) >= self.per_minute:
                wait = max(1, int(MINUTE - (now - times[0])) + 1)
                raise TooManyTables(t_nmsg("That is a lot of new tables in a minute. Wait {n} second, then try again.",
                                           "That is a lot of new tables in a minute. Wait {n} seconds, then try again.",
                                           n=wait))
        for code in list(self.opened_by):
            if not is_open(code):
                del self.opened_by[code]
        mine = sum(1 for _, p in self.opened_by.values() if p == player_id) if player_id else 0
        if mine >= self.open_per_browser:
            raise TooManyTables(t_nmsg("You already have {n} table open. Finish or leave it first (the home page "
                                       "lists it).", "You already have {n} tables open. Finish or leave one of them "
                                       "first (the home page lists them).", n=mine))
        if address and sum(1 for a, _ in self.opened_by.values() if a == address) >= self.open_per_address:
            raise TooManyTables(t_msg("Too many tables are open from your network. Finish or leave one of them first, "
                                      "or ask the host to end the ones nobody plays."))

    def opened(self, code: str, player_id: str, address: str | None) -> None:
        now = self.clock()
        for key in (f"a:{address}" if address else None, f"p:{player_id}"):
            if key is not None:
                self.recent.setdefault(key, deque()).append(now)
        self.opened_by[code] = (address or "", player_id)
        if len(self.recent) > 10_000:  # forget visitors quiet for a minute
            for key in [k for k, times in self.recent.items() if not times or now - times[-1] > MINUTE]:
                del self.recent[key]


def visitor_address() -> str | None:
    """The address of the browser on the current page (behind a trusted proxy: the address it forwards)."""
    from nicegui import ui

    try:
        return ui.context.client.ip
    except (RuntimeError, AttributeError):
        return None
