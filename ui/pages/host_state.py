"""How the host console names a live table's state: "playing" only while someone is at it.

A practice table whose player closed the page stays in memory until it times out; listed as "playing" beside the
tables people are at, fifteen of them looked like a busy evening. A table none of whose people has a page open
(a program seat counts as there) is "idle: nobody here", drawn apart from the others.
"""

from __future__ import annotations

from logic.table import STATUS_LOBBY, Table


def anyone_here(t: Table) -> bool:
    """A person with a page open at the table, or a program seat."""
    return any(s.is_program or (s.is_human and s.player_id in t.presence.present_ids) for s in t.seats)


def state_words(t: Table) -> tuple[str, str]:
    """(the state's key for ``data-state``: lobby, playing or idle; the words the console shows)."""
    paused = " · paused" if t.paused else ""
    if anyone_here(t):
        return ("lobby" if t.status == STATUS_LOBBY else "playing"), t.status + paused
    where = "in the lobby" if t.status == STATUS_LOBBY else "mid-game"
    return "idle", f"idle: nobody here ({where}){paused}"
