"""A backup taken while 20 computer tables play unzips into a data directory the server starts from, with every
table in place (each table file whole, its log replaying to its snapshot)."""

from __future__ import annotations

import io
import json
import random
import re
import time
import urllib.request
import zipfile
from pathlib import Path

from logic.registry import all_games
from logic.table import record as table_record
from logic.table import turns
from storage.tables import TableStore
from tests.bench.crash_restart import computer_table, make_code
from tests.e2e.conftest import Server, free_port

TABLES = 20


def fill(data_dir: Path) -> set[str]:
    """20 computer-only tables, moving 20 times a second each, written before the server starts."""
    store = TableStore(data_dir)
    rng = random.Random(17)
    keys = [g.key for g in all_games()]
    codes: set[str] = set()
    while len(codes) < TABLES:
        code = make_code(rng)
        if code in codes:
            continue
        table = computer_table(keys[len(codes) % len(keys)], code, 500 + len(codes))
        table.settings.bot_delay = 0.05
        store.save(code, table_record.to_record(table, time.time()))
        codes.add(code)
    return codes


def logs_now(data_dir: Path) -> dict[str, int]:
    out = {}
    for path in (data_dir / "tables").glob("*.json"):
        try:
            out[path.stem] = len(json.loads(path.read_text())["table"]["1"]["log"])
        except (ValueError, KeyError, OSError):
            pass
    return out


def test_a_backup_taken_while_tables_play_restores_every_table(tmp_path: Path) -> None:
    data = tmp_path / "data"
    codes = fill(data)
    live = Server(data, free_port())
    live.start()
    try:
        start = logs_now(data)
        deadline = time.time() + 30
        while sum(logs_now(data).values()) < sum(start.values()) + 200 and time.time() < deadline:
            time.sleep(0.2)  # the tables are being played (and written) now
        with urllib.request.urlopen(f"{live.url}/host/backup.zip", timeout=60) as resp:
            assert resp.status == 200 and resp.headers["content-type"] == "application/zip"
            blob = resp.read()
        after = logs_now(data)
    finally:
        live.stop()
    assert sum(after.values()) > sum(start.values())  # they played while the backup was made

    restored = tmp_path / "restored"
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        names = zf.namelist()
        assert not [n for n in names if n.endswith(".tmp") or n.startswith(".backup-")]
        zf.extractall(restored)
    assert {p.stem for p in (restored / "tables").glob("*.json")} == codes
    for code in codes:  # every table file whole, and its log replays to its snapshot
        record = json.loads((restored / "tables" / f"{code}.json").read_text())["table"]["1"]
        table = table_record.from_record(record, time.time())
        assert table.game.snapshot(turns.replay_state(table)) == record["snapshot"]
    assert (restored / "storage_secret.txt").exists() and (restored / "host_password.txt").exists()

    again = Server(restored, free_port())
    again.start()
    try:
        deadline = time.time() + 30
        while not re.search(r"Loaded (\d+) tables", again.log.read_text()) and time.time() < deadline:
            time.sleep(0.2)
        assert f"Loaded {TABLES} tables" in again.log.read_text()
        with urllib.request.urlopen(f"{again.url}/host", timeout=30) as resp:
            page = resp.read().decode()
        assert all(f"host-table-{code}" in page for code in codes if record_status(restored, code) == "playing")
    finally:
        again.stop()
    assert not again.errors() and not live.errors()


def record_status(data_dir: Path, code: str) -> str:
    return json.loads((data_dir / "tables" / f"{code}.json").read_text())["table"]["1"]["status"]
