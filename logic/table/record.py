"""A table's saved form, and loading it back (older records are migrated).

In the running process every time on a table is on the caller's clock (the hub's is monotonic). A record keeps
only what survives a restart and means the same after it:

- each running timer as the seconds it had left (``turn_left``, ``lobby_left``, ``commit_left``,
  ``bot_wait_left``, ``paused_left``) and each away seat's seconds gone (``away_for``): loading gives every timer
  the time it had left, whatever the clocks did while the server was down;
- dates meant for people (``created_at``, ``finished_at``, ``at`` of chat messages, ``saved_at``) as wall-clock
  Unix seconds.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from logic.table.away import gone_for, mark_unseen
from logic.table.chat import ChatLine, Notice
from logic.table.seats import Seat
from logic.table.settings import Settings
from logic.table.turns import LogEntry

if TYPE_CHECKING:
    from logic.table.model import Table

SCHEMA = 3  # 2: program seats (``program_hash``); 3: timers saved as time left, away seats' time gone
AS_IS = ("code", "game_key", "options", "seed", "host_id", "practice", "status", "paused", "paused_left",
         "pending_leave", "notice_seq", "version", "next_code", "offered_seats")
TIMERS = {"lobby_deadline": "lobby_left", "turn_deadline": "turn_left", "commit_deadline": "commit_left",
          "bot_ready_at": "bot_wait_left"}  # field on the table -> seconds left in the record
DATES = ("created_at", "finished_at")  # dates for people: wall clock in the record
NOT_SAVED = ("present_ids", "gone_since", "presence_version", "state")  # presence, and the state as a snapshot
HELD = ("seats", "settings", "chat", "notices", "log")  # saved in their own shape (below)


def to_record(t: Table, now: float, wall: float | None = None) -> dict[str, Any]:
    """The saved form at ``now``; ``wall`` is the wall clock at that moment (None: ``now`` is the wall clock)."""
    wall = now if wall is None else wall
    data: dict[str, Any] = {name: getattr(t, name) for name in AS_IS}
    data["options"] = dict(t.options)
    data["log"] = [list(entry) for entry in t.log]
    data["notices"] = [n.to_json() for n in t.notices]
    data["pending_leave"] = list(t.pending_leave)
    data["offered_seats"] = list(t.offered_seats)
    data["seats"] = [asdict(seat) for seat in t.seats]
    data["settings"] = asdict(t.settings)
    data["chat"] = [line.to_json(_date(line.at, now, wall)) for line in t.chat]
    for name in DATES:
        data[name] = _date(getattr(t, name), now, wall)
    for name, saved in TIMERS.items():
        deadline = getattr(t, name)
        data[saved] = None if deadline is None else max(0.0, deadline - now)
    data["away_for"] = {str(seat): seconds for seat, seconds in gone_for(t, now).items()}
    data["schema"] = SCHEMA
    data["saved_at"] = wall
    data["snapshot"] = None if t.state is None else t.game.snapshot(t.state)
    return data


def from_record(cls: type[Table], data: dict[str, Any], now: float, wall: float | None = None) -> Table:
    """Load a saved table at ``now`` (``wall``: the wall clock then). Every timer gets the time it had left;
    nobody's page is connected yet (each person counts as just gone, an away seat as gone as long as it was)."""
    wall = now if wall is None else wall
    data = migrate_record(data, wall)
    fields: dict[str, Any] = {name: data[name] for name in AS_IS if name in data}
    fields["seats"] = [Seat(**s) for s in data["seats"]]
    fields["settings"] = Settings(**data["settings"])
    fields["chat"] = [ChatLine.from_json(m, _moment(m.get("at"), now, wall) or now) for m in data.get("chat", [])]
    fields["notices"] = [Notice.from_json(n) for n in data.get("notices", [])]
    fields["log"] = [LogEntry.from_json(e) for e in data.get("log", [])]
    for name in DATES:
        fields[name] = _moment(data.get(name), now, wall)
    for name, saved in TIMERS.items():
        left = data.get(saved)
        fields[name] = None if left is None else now + max(0.0, float(left))
    table = cls(**fields)
    if data.get("snapshot") is not None:
        table.state = table.game.restore(data["snapshot"])
    mark_unseen(table, now, {int(seat): float(s) for seat, s in (data.get("away_for") or {}).items()})
    return table


def migrate_record(data: dict[str, Any], wall: float | None = None) -> dict[str, Any]:
    """An older table record brought up to :data:`SCHEMA` (a copy); a record of an unknown schema is refused.
    ``wall``: the wall clock now, for a schema 2 record that lacks the time it was saved."""
    schema = data.get("schema")
    if schema == 1:  # before program seats: every seat is a person, a computer player or empty
        data = {**data, "schema": 2, "seats": [{**s, "program_hash": None} for s in data.get("seats", [])]}
        schema = 2
    if schema == 2:  # timers were wall-clock deadlines: the time left is counted from when it was saved
        saved_at = data.get("saved_at", wall)
        migrated = {k: v for k, v in data.items() if k not in TIMERS}
        for name, left in TIMERS.items():
            deadline = data.get(name)
            if deadline is None:
                migrated[left] = None
            else:  # saved at an unknown time: it has run out
                migrated[left] = max(0.0, float(deadline) - float(deadline if saved_at is None else saved_at))
        data = {**migrated, "schema": 3, "away_for": {}}
        schema = 3
    if schema != SCHEMA:
        raise ValueError(f"unsupported table schema {schema!r}")
    return data


def _date(moment: float | None, now: float, wall: float) -> float | None:
    """A moment on the table's clock as a wall-clock date."""
    return None if moment is None else wall - (now - moment)


def _moment(date: float | None, now: float, wall: float) -> float | None:
    """A wall-clock date as a moment on the table's clock (never later than ``now``)."""
    return None if date is None else now - max(0.0, wall - float(date))
