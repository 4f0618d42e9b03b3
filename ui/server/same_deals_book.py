"""What the server keeps about duplicate deals between requests (one per server, on the ``Runtime``): which tables
play the same deals (a group, named by its first table's code), each table's finished deals as far as its log has
been read, and who has seen a table's play (watched it, or opened its replay) — told so before sitting at a table
with the same deals.

Who has seen what is kept in memory only: after a restart the warning covers what was seen since (the people
seated at a group's tables are always known, from the tables themselves).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from logic.duplicate import DealTracker

KEEP_TRACKERS = 200  # tables whose finished deals are kept read


@dataclass
class SameDealsBook:
    """The groups of tables with the same deals, their trackers and who has seen each table's play."""

    groups: dict[str, list[str]] = field(default_factory=dict)  # root code -> member codes (root first)
    root_of: dict[str, str] = field(default_factory=dict)  # member code -> root code
    trackers: dict[str, DealTracker] = field(default_factory=dict)  # code -> its tracker
    seen: dict[str, set[str]] = field(default_factory=dict)  # code -> players who watched it or opened its replay
    loaded: bool = False  # the groups of finished games and saved tables were read

    def join(self, root: str, code: str) -> None:
        members = self.groups.setdefault(root, [root])
        self.root_of.setdefault(root, root)
        if code not in members:
            members.append(code)
        self.root_of[code] = root

    def members(self, code: str, load: Callable[[], list[tuple[str, str]]] | None = None) -> list[str]:
        """Every table of ``code``'s group (itself included), or ``[code]`` for a table in none. ``load()``: every
        ``(root, member)`` pair kept before this server knew them (finished games, tables from before a restart),
        asked once per server; the tables made since join as they are made."""
        if load is not None and not self.loaded:
            self.loaded = True
            for root, member in load():
                self.join(root, member)
        root = self.root_of.get(code, code)
        return list(self.groups.get(root, [code]))

    def tracker(self, code: str, make: Callable[[], DealTracker]) -> DealTracker:
        if code not in self.trackers:
            for old in list(self.trackers)[:-KEEP_TRACKERS]:  # the oldest go first (read again if asked)
                del self.trackers[old]
            self.trackers[code] = make()
        return self.trackers[code]

    def mark_seen(self, code: str, player_id: str | None) -> None:
        if player_id:
            self.seen.setdefault(code, set()).add(player_id)
