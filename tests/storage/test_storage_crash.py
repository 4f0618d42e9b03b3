"""Kill a process with SIGKILL while it saves tables in a tight loop: every file must still open."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from storage.tables import TableStore

ROOT = Path(__file__).resolve().parents[2]
KILLS = 30
CODES = ("AAAA", "BBBB", "CCCC")

# Sizes vary (0-20 KB) so an in-place writer would leave a torn or over-long file when killed.
CHILD = f"""
import sys
from pathlib import Path
from storage.tables import TableStore
store, n = TableStore(Path(sys.argv[1])), int(sys.argv[2])
codes = {CODES!r}
def save(n):
    code = codes[n % len(codes)]
    store.save(code, {{"schema": 1, "code": code, "n": n, "pad": "x" * (n % 7 * 3000)}})
n += 1
save(n)
print("ready", flush=True)  # after one save, so every run writes something before it is killed
while True:
    n += 1
    save(n)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="POSIX kill semantics")
def test_sigkill_during_saves_never_corrupts(data_dir: Path) -> None:
    rng = random.Random(1234)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTEST_CURRENT_TEST", None)
    tables = data_dir / "tables"
    last_seen = {code: 0 for code in CODES}
    n, torn_writes, started = 0, 0, time.monotonic()
    for _ in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(data_dir), str(n)], env=env, stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0.0, 0.04))
        child.kill()  # SIGKILL
        child.wait()
        child.stdout.close()
        torn_writes += bool(list(tables.glob(".*.tmp")))  # killed between temp file and rename
        for path in tables.glob("*.json"):
            json.loads(path.read_text())  # the raw file is always complete JSON
        records = TableStore(data_dir, fsync=False).load_all()
        assert len(records) == len(list(tables.glob("*.json")))
        for record in records:
            assert record["n"] >= last_seen[record["code"]]  # no save that returned was lost
            last_seen[record["code"]] = record["n"]
            assert len(record["pad"]) == record["n"] % 7 * 3000
        n = max(last_seen.values())
        assert not list(tables.glob(".*.tmp"))  # opening the store removes leftover temp files
    assert not list(tables.glob("*.corrupt-*"))
    assert n > 0, "the child never saved anything"
    print(f"{KILLS} kills, {torn_writes} mid-write, 0 corrupt, last save {n}, {time.monotonic() - started:.1f}s")
