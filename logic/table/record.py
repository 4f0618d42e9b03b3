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

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any, NotRequired, TypedDict

from logic.table.away import gone_for, mark_unseen
from logic.table.chat import ChatLine, Notice
from logic.table.model import Table
from logic.table.seats import Seat
from logic.table.settings import Settings
from logic.table.turns import LogEntry

SCHEMA = 3  # 2: program seats (``program_hash``); 3: timers saved as time left, away seats' time gone
AS_IS = ("code", "game_key", "options", "seed", "host_id", "practice", "status", "paused", "paused_left",
         "pending_leave", "notice_seq", "version", "next_code", "offered_seats", "same_deals_as",
         "deals_taken")
TIMERS = {"lobby_deadline": "lobby_left", "turn_deadline": "turn_left", "commit_deadline": "commit_left",
          "bot_ready_at": "bot_wait_left"}  # field on the table -> seconds left in the record
DATES = ("created_at", "finished_at")  # dates for people: wall clock in the record
NOT_SAVED = ("presence", "state")  # who is here lives in memory only; the state is saved as a snapshot
HELD = ("seats", "settings", "chat", "notices", "log")  # saved in their own shape (below)


class TableRecord(TypedDict):
    """A table's saved form (schema 3): what survives a restart and means the same after it. What is not saved
    (who is here, the live state beyond its snapshot) is not in it."""

    code: str
    game_key: str
    options: dict[str, Any]
    seed: int
    host_id: str
    practice: bool
    status: str
    paused: bool
    paused_left: float | None
    pending_leave: list[int]
    notice_seq: int
    version: int
    next_code: str | None
    offered_seats: list[int]
    seats: list[dict[str, Any]]  # each a :class:`Seat`'s fields
    settings: dict[str, Any]  # the :class:`Settings`' fields
    chat: list[dict[str, Any]]  # ``ChatLine.to_json``
    notices: list[dict[str, Any]]  # ``Notice.to_json``
    log: list[list[Any]]  # ``[seat, action]`` pairs
    created_at: float | None  # wall clock
    finished_at: float | None  # wall clock
    lobby_left: float | None  # seconds left on each timer
    turn_left: float | None
    commit_left: float | None
    bot_wait_left: float | None
    away_for: dict[str, float]  # seat -> seconds its player had been gone
    schema: int
    saved_at: float  # wall clock
    snapshot: dict[str, Any] | None  # the game's snapshot (``Game.snapshot``)
    ended_because: NotRequired[str]  # a table ended by the server (``ended/``): why
    same_deals_as: NotRequired[str]  # a duplicate table: the code of the table whose deals it plays
    deals_taken: NotRequired[bool]  # another lobby plays this table's deals: its options stay as they are


def to_record(t: Table, now: float, wall: float | None = None) -> TableRecord:
    """The saved form at ``now``; ``wall`` is the wall clock at that moment (None: ``now`` is the wall clock)."""
    wall = now if wall is None else wall

    def left(deadline: float | None) -> float | None:
        return None if deadline is None else max(0.0, deadline - now)

    record = TableRecord(
        code=t.code, game_key=t.game_key, options=dict(t.options), seed=t.seed, host_id=t.host_id,
        practice=t.practice, status=t.status, paused=t.paused, paused_left=t.paused_left,
        pending_leave=list(t.pending_leave), notice_seq=t.notice_seq, version=t.version, next_code=t.next_code,
        offered_seats=list(t.offered_seats), seats=[asdict(seat) for seat in t.seats], settings=asdict(t.settings),
        chat=[line.to_json(_date(line.at, now, wall)) for line in t.chat], notices=[n.to_json() for n in t.notices],
        log=[list(entry) for entry in t.log], created_at=_date(t.created_at, now, wall),
        finished_at=_date(t.finished_at, now, wall), lobby_left=left(t.lobby_deadline), turn_left=left(t.turn_deadline),
        commit_left=left(t.commit_deadline), bot_wait_left=left(t.bot_ready_at),
        away_for={str(seat): seconds for seat, seconds in gone_for(t, now).items()}, schema=SCHEMA, saved_at=wall,
        snapshot=None if t.state is None else t.game.snapshot(t.state))
    if t.same_deals_as is not None:  # only duplicates carry it: every other record is as it always was
        record["same_deals_as"] = t.same_deals_as
    if t.deals_taken:
        record["deals_taken"] = True
    return record


def from_record(data: Mapping[str, Any], now: float, wall: float | None = None) -> Table:
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
    table = Table(**fields)
    if data.get("snapshot") is not None:
        table.state = table.game.restore(data["snapshot"])
    mark_unseen(table, now, {int(seat): float(s) for seat, s in (data.get("away_for") or {}).items()})
    return table


def migrate_record(data: Mapping[str, Any], wall: float | None = None) -> dict[str, Any]:
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
    return dict(data)


def _date(moment: float | None, now: float, wall: float) -> float | None:
    """A moment on the table's clock as a wall-clock date."""
    return None if moment is None else wall - (now - moment)


def _moment(date: float | None, now: float, wall: float) -> float | None:
    """A wall-clock date as a moment on the table's clock (never later than ``now``)."""
    return None if date is None else now - max(0.0, wall - float(date))
