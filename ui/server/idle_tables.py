"""Tables nobody visits any more are ended, and kept.

A table counts as visited while any page of it is open (a player's or a watcher's), when a page of it connects or
goes, and at every call of its seat API. A table that has gone without a visit for its kind's time is ended like a
game the host ends early (``closed``: no result, no stats), after its last state is written to
``<data>/ended/<CODE>.json``, which nothing deletes (the backup keeps it too). Time counts on the server's running
clock: a restart starts it again for every table.

How long, per kind (the rules page and docs/self-hosting.md say the same):

- a **lobby** (the game has not started): 1 hour (its own lobby timer closes a public lobby sooner);
- a **practice** table (one person and computer players): 3 days;
- a table of **friends** (more than one person, or not practice): 14 days.

Settings (environment, in hours): ``CARDNIGHT_IDLE_LOBBY_HOURS``, ``CARDNIGHT_IDLE_PRACTICE_HOURS``,
``CARDNIGHT_IDLE_FRIENDS_HOURS``. The host console can also end every practice table nobody has had open for
``ABANDONED_MINUTES`` at once (:func:`end_abandoned_practice`).
"""

from __future__ import annotations

import json
import logging
import os
from typing import TYPE_CHECKING

from logic.table import STATUS_LOBBY, STATUS_PLAYING, Table
from storage.atomic_json import atomic_write_text

if TYPE_CHECKING:
    from ui.server.hub import Hub

log = logging.getLogger("cardnight.hub")

HOURS = {"lobby": 1.0, "practice": 72.0, "friends": 336.0}
ABANDONED_MINUTES = float(os.environ.get("CARDNIGHT_ABANDONED_MINUTES", "") or 10.0)  # (a setting for screenshots)
ENDED_DIR = "ended"


def idle_hours(kind: str) -> float:
    try:
        return float(os.environ.get(f"CARDNIGHT_IDLE_{kind.upper()}_HOURS", "") or HOURS[kind])
    except ValueError:
        return HOURS[kind]


def idle_check_seconds() -> float:
    """How often tables are looked at: every minute, or more often when a kind's time is set shorter (tests)."""
    return max(0.5, min(60.0, *(idle_hours(kind) * 3600 / 4 for kind in HOURS)))


def kind_of(table: Table) -> str:
    if table.status == STATUS_LOBBY:
        return "lobby"
    return "practice" if table.practice and len(table.humans()) <= 1 else "friends"


def someone_here(hub: Hub, code: str) -> bool:
    return bool(hub.presence.present(code)) or any(
        connected for _, connected in hub.presence.pages.get(code, {}).values())


def idle_seconds(hub: Hub, table: Table) -> float:
    """Seconds since the table's last visit (0 while a page of it is open)."""
    if someone_here(hub, table.code):
        hub.registry.visited(table.code)
        return 0.0
    return hub.clock() - hub.registry.last_visit.get(table.code, hub.clock())


def end_table(hub: Hub, table: Table, reason: str) -> None:
    """Keep the table's last state in ``ended/`` and end it (closed, without a result)."""
    record = table.to_record(hub.clock(), hub.wall())
    record["ended_because"] = reason
    folder = hub.data_dir / ENDED_DIR
    folder.mkdir(exist_ok=True)
    atomic_write_text(folder / f"{table.code}.json", json.dumps(record, separators=(",", ":")))
    hub.run(table, lambda t, now: t.end_early(reason, now))


def end_idle_tables(hub: Hub) -> list[str]:
    """End every lobby or game that has gone without a visit for its kind's time; their codes."""
    ended = []
    for table in list(hub.registry.tables.values()):
        if table.status not in (STATUS_LOBBY, STATUS_PLAYING):
            continue
        kind = kind_of(table)
        hours = idle_hours(kind)
        if idle_seconds(hub, table) < hours * 3600:
            continue
        try:
            end_table(hub, table, f"Nobody visited this table for {_duration(hours)}, so it was ended.")
        except OSError as exc:  # a full disk: try again at the next pass
            log.warning("Could not keep idle table %s before ending it: %s", table.code, exc)
            continue
        ended.append(table.code)
    if ended:
        log.info("Ended %d table(s) nobody visited for a long time (kept in %s/): %s", len(ended), ENDED_DIR,
                 ", ".join(ended[:20]) + (" ..." if len(ended) > 20 else ""))
    return ended


def abandoned_practice(hub: Hub) -> list[Table]:
    """Practice games and lobbies nobody has had open for ``ABANDONED_MINUTES``."""
    return [t for t in list(hub.registry.tables.values())
            if t.practice and t.status in (STATUS_LOBBY, STATUS_PLAYING)
            and idle_seconds(hub, t) >= ABANDONED_MINUTES * 60]


def end_abandoned_practice(hub: Hub) -> int:
    """The host console's "end abandoned practice tables": how many were ended."""
    count = 0
    for table in abandoned_practice(hub):
        try:
            end_table(hub, table, "The host ended this practice table: nobody had it open.")
        except OSError as exc:
            log.warning("Could not keep practice table %s before ending it: %s", table.code, exc)
            continue
        count += 1
    if count:
        log.info("The host ended %d abandoned practice table(s)", count)
    return count


def _duration(hours: float) -> str:
    if hours >= 48 and hours % 24 == 0:
        return f"{int(hours // 24)} days"
    if hours >= 1 and hours == int(hours):
        return f"{int(hours)} hour{'s' if hours != 1 else ''}"
    return f"{round(hours * 60)} minutes"
