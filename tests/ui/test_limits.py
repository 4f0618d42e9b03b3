"""Issue 47, point 4, in process: the table caps, the waiting-page sweep, which browser files may go, the seat API's
token index, idle tables, and the host console's pages of tables (the real-socket side is
tests/e2e/test_abuse_limits.py)."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from nicegui.testing import User

from logic.table import STATUS_CLOSED, STATUS_PLAYING
from tests.ui.helpers import find, with_testid
from ui.guards.connection_guard import ConnectionGuard, Limits, trusted_proxies
from ui.guards.page_guard import PageGuard, PageLimits, only_given_identity
from ui.guards.table_caps import TableCaps, TooManyTables
from ui.server import idle_tables
from ui.server.runtime import build_hub, runtime


# ------------------------------------------------------------------------------------------------ table caps
def test_tables_are_capped_per_minute_by_address_and_by_browser() -> None:
    now = [0.0]
    caps = TableCaps(per_minute=3, open_per_address=100, open_per_browser=100, clock=lambda: now[0])
    for i in range(3):
        caps.check(f"p{i}", "10.0.0.2", lambda code: True)  # a new browser each time: the address counts
        caps.opened(f"T{i}", f"p{i}", "10.0.0.2")
    with pytest.raises(TooManyTables, match=r"Wait \d+ seconds"):
        caps.check("p9", "10.0.0.2", lambda code: True)
    caps.check("p9", "10.0.0.3", lambda code: True)  # another address may
    for i in range(3):  # one browser changing address is counted too
        caps.opened(f"U{i}", "roamer", f"10.0.1.{i}")
    with pytest.raises(TooManyTables):
        caps.check("roamer", "10.0.2.1", lambda code: True)
    now[0] = 61.0
    caps.check("p9", "10.0.0.2", lambda code: True)  # a minute later
    for i in range(5):  # browsers seen for the first time (no player id yet) are not one browser
        caps.check("", f"10.0.3.{i}", lambda code: True)
        caps.opened(f"V{i}", f"new{i}", f"10.0.3.{i}")


def test_open_tables_are_capped_in_all_and_ended_ones_do_not_count() -> None:
    caps = TableCaps(per_minute=1000, open_per_address=3, open_per_browser=2)
    is_open = {"A": True, "B": True, "C": True, "D": True}
    caps.opened("A", "p1", "10.0.0.2")
    caps.opened("B", "p1", "10.0.0.2")
    with pytest.raises(TooManyTables, match="You already have 2 tables open"):
        caps.check("p1", "10.0.0.2", lambda code: is_open[code])
    is_open["A"] = False  # finished or ended: a place is free again
    caps.check("p1", "10.0.0.2", lambda code: is_open[code])
    caps.opened("C", "p2", "10.0.0.2")
    caps.opened("D", "p3", "10.0.0.2")
    with pytest.raises(TooManyTables, match="from your network"):
        caps.check("p4", "10.0.0.2", lambda code: is_open[code])


# ------------------------------------------------------------------------------------------------ connections
@dataclass(eq=False)
class FakeTransport:
    closing: bool = False

    def is_closing(self) -> bool:
        return self.closing


def test_connections_are_capped_per_address_but_not_for_a_trusted_proxy() -> None:
    guard = ConnectionGuard(Limits(per_address=3), proxies="127.0.0.1,::1")
    mine = [FakeTransport() for _ in range(3)]
    assert all(guard.admit(t, "10.0.0.2") for t in mine)
    assert not guard.admit(FakeTransport(), "10.0.0.2")
    mine[0].closing = True  # one ended (a websocket's end is only seen by looking)
    assert guard.admit(FakeTransport(), "10.0.0.2")
    assert all(guard.admit(FakeTransport(), "127.0.0.1") for _ in range(10))  # the proxy's visitors
    guard.total_cap = guard.open_count()
    assert not guard.admit(FakeTransport(), "10.0.0.9")  # the open-file reserve is kept
    assert trusted_proxies("*") is None and guard.is_trusted_proxy("::1") and not guard.is_trusted_proxy("10.0.0.2")


# ------------------------------------------------------------------------------------------------ waiting pages
@dataclass(eq=False)
class FakeClient:
    id: str
    created: float
    session: str
    address: str
    deleted: bool = False
    request: Any = field(init=False)

    def __post_init__(self) -> None:
        self.request = SimpleNamespace(session={"id": self.session}, client=SimpleNamespace(host=self.address))

    @property
    def is_deleted(self) -> bool:
        return self.deleted

    def delete(self) -> None:
        self.deleted = True


def test_waiting_pages_go_when_old_or_over_a_cap_and_connected_ones_stay(tmp_path: Path) -> None:
    guard = PageGuard(tmp_path, known_players=set, in_memory=lambda s: False,
                      limits=PageLimits(wait_seconds=20, per_browser=2, per_address=3))
    now = 1000.0
    one_browser = [FakeClient(f"b{i}", now - i, "S1", "10.0.0.2") for i in range(4)]
    no_cookie = [FakeClient(f"n{i}", now - i, f"N{i}", "10.0.0.3") for i in range(5)]
    old = FakeClient("old", now - 25, "S9", "10.0.0.4")
    connected = FakeClient("c", now - 100, "S8", "10.0.0.2")
    guard.page_connected("c")
    assert guard.sweep([*one_browser, *no_cookie, old, connected], now=now) == 2 + 2 + 1
    assert [c.deleted for c in one_browser] == [False, False, True, True]  # the newest two of one browser stay
    assert [c.deleted for c in no_cookie] == [False, False, False, True, True]  # three per address
    assert old.deleted and not connected.deleted
    assert set(guard.dropped_sessions) == {"S1", "N3", "N4", "S9"}


def write_user(folder: Path, session: str, data: dict[str, Any], age_hours: float) -> Path:
    path = folder / f"storage-user-{session}.json"
    path.write_text(json.dumps(data))
    stamp = time.time() - age_hours * 3600
    os.utime(path, (stamp, stamp))
    return path


def test_only_forgotten_browsers_files_are_pruned(tmp_path: Path) -> None:
    given = {"player_id": "p1", "name": "Sam 42", "emoji": "🦊"}
    files = {
        "gone": write_user(tmp_path, "00000000-0000-0000-0000-000000000001", given, 30),
        "young": write_user(tmp_path, "00000000-0000-0000-0000-000000000002", {**given, "player_id": "p2"}, 1),
        "seated": write_user(tmp_path, "00000000-0000-0000-0000-000000000003", {**given, "player_id": "seat"}, 30),
        "named": write_user(tmp_path, "00000000-0000-0000-0000-000000000004", {**given, "name": "Grandma"}, 30),
        "prefs": write_user(tmp_path, "00000000-0000-0000-0000-000000000005", {**given, "prefs": {"sounds": 0}}, 30),
        "open": write_user(tmp_path, "00000000-0000-0000-0000-000000000006", {**given, "player_id": "p6"}, 30),
    }
    other = tmp_path / "storage-general.json"
    other.write_text("{}")
    guard = PageGuard(tmp_path, known_players=lambda: {"seat"},
                      in_memory=lambda s: s.endswith("6"), limits=PageLimits(keep_hours=24))
    assert guard.prune_old() == 1
    assert {name for name, path in files.items() if path.exists()} == {"young", "seated", "named", "prefs", "open"}
    assert other.exists()
    assert only_given_identity(given) and not only_given_identity({**given, "host_console": "x"})


def test_dropped_pages_are_collected_in_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.server import upkeep

    runs: list[int] = []
    monkeypatch.setattr(upkeep.gc, "collect", lambda: runs.append(1) or 0)
    collector = upkeep.Collector()
    collector.at -= upkeep.COLLECT_EVERY
    assert not collector.maybe(5)  # a few dropped pages wait (a minute at most)
    assert collector.maybe(upkeep.COLLECT_AFTER_PAGES) and runs == [1]
    assert not collector.maybe(upkeep.COLLECT_AFTER_PAGES * 3)  # not again within COLLECT_EVERY seconds
    collector.at -= 61
    assert collector.maybe(upkeep.COLLECT_AFTER_PAGES * 3 + 1) and runs == [1, 1]


# ------------------------------------------------------------------------------------------------ the hub
def test_the_seat_api_finds_a_token_by_its_hash(tmp_path: Path) -> None:
    hub = build_hub(tmp_path, inline_bots=True)
    hashes = [f"{i:064x}" for i in range(1, 4)]
    tables = [hub.create("president", f"p{i}", "P", "🙂", options={"players": 4}, practice=True, bots=2,
                         program_hash=h, seed=i) for i, h in enumerate(hashes)]
    found = hub.registry.program_home(hashes[1])
    assert found is not None and found[0] is tables[1] and found[1] == 3
    assert hub.registry.program_home("f" * 64) is None
    hub.remove(tables[1].code)
    assert hub.registry.program_home(hashes[1]) is None and hub.registry.program_home(hashes[2]) is not None


def test_idle_tables_end_by_kind_and_are_kept(tmp_path: Path) -> None:
    now = [0.0]
    hub = build_hub(tmp_path, clock=lambda: now[0], inline_bots=True)
    practice = hub.create("president", "p1", "P", "🙂", options={"players": 4}, practice=True, seed=1)
    friends = hub.create("president", "p2", "Q", "🙂", options={"players": 4}, practice=False, seed=2)
    assert practice.status == STATUS_PLAYING and idle_tables.kind_of(friends) == "lobby"
    now[0] = idle_tables.HOURS["lobby"] * 3600 - 1
    assert idle_tables.end_idle_tables(hub) == []
    now[0] += 2
    assert idle_tables.end_idle_tables(hub) == [friends.code]  # the lobby went first; practice waits longer
    hub.registry.visited(practice.code)
    now[0] += idle_tables.HOURS["practice"] * 3600 - 1
    assert idle_tables.end_idle_tables(hub) == []
    now[0] += 2
    assert idle_tables.end_idle_tables(hub) == [practice.code]
    assert practice.status == STATUS_CLOSED
    kept = json.loads((tmp_path / "ended" / f"{practice.code}.json").read_text())
    assert kept["code"] == practice.code and kept["log"] == practice.log and "3 days" in kept["ended_because"]


# ------------------------------------------------------------------------------------------------ host console
def table_rows(user: User) -> list[Any]:
    """The console's rows of live tables (``host-table-<CODE>``; not their ``host-table-state-<CODE>`` labels)."""
    ids = (str(e.props.get("data-testid", "")) for e in user.client.elements.values())
    return [i for i in ids if i.startswith("host-table-") and not i.startswith("host-table-state-")]


async def test_the_host_console_pages_its_tables_and_ends_abandoned_practice(user: User) -> None:
    await user.open("/")
    hub = runtime().hub
    hub.registry.caps.per_minute = hub.registry.caps.open_per_browser = hub.registry.caps.open_per_address = 1000
    made = [hub.create("president", f"p{i}", "P", "🙂", options={"players": 4}, practice=True, seed=i)
            for i in range(60)]
    await user.open("/host")  # the simulated browser is on the server's machine: no password
    await find(user, "host-tables")
    with user:
        assert len(table_rows(user)) == 50
        pages = with_testid(user, "host-tables-pages")[0]
        assert pages.props["data-pages"] == "2"
    await user.open("/host?tables=2")
    await find(user, "host-tables-newer")
    with user:
        assert len(table_rows(user)) == 10
    for table in made[:45]:  # nobody has had these open for a while
        hub.registry.last_visit[table.code] -= idle_tables.ABANDONED_MINUTES * 60 + 1
    await user.open("/host")
    await find(user, "host-abandoned")
    assert with_testid(user, "host-abandoned")[0].props["data-count"] == "45"
    (await find(user, "btn-host-end-abandoned")).click()
    (await find(user, "btn-host-end-abandoned-confirm")).click()
    await user.should_see("45 practice tables ended.")
    assert sum(t.status == STATUS_CLOSED for t in made) == 45
    assert len(list((runtime().data_dir / "ended").glob("*.json"))) == 45
