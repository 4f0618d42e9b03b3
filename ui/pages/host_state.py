"""How the host console names a live table's state: "playing" only while someone is at it.

A practice table whose player closed the page stays in memory until it times out; listed as "playing" beside the
tables people are at, fifteen of them looked like a busy evening. A table none of whose people has a page open
(a program seat counts as there) is idle: "playing · nobody here" (or "lobby · nobody here"), drawn apart
from the others.
"""

from __future__ import annotations

from logic.table import STATUS_LOBBY, Table
from ui.i18n import _, pgettext


def anyone_here(t: Table) -> bool:
    """A person with a page open at the table, or a program seat."""
    return any(s.is_program or (s.is_human and s.player_id in t.presence.present_ids) for s in t.seats)


def state_words(t: Table) -> tuple[str, str]:
    """(the state's key for ``data-state``: lobby, playing or idle; the words the console shows)."""
    lobby = t.status == STATUS_LOBBY
    if anyone_here(t):
        if t.paused:
            return ("lobby" if lobby else "playing"), _("lobby · paused") if lobby else _("playing · paused")
        return ("lobby" if lobby else "playing"), pgettext("table state", "lobby") if lobby else \
            pgettext("table state", "playing")
    if t.paused:
        return "idle", _("lobby · nobody here · paused") if lobby else _("playing · nobody here · paused")
    return "idle", _("lobby · nobody here") if lobby else _("playing · nobody here")
