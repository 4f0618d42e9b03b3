"""Crash benchmark: SIGKILL a process that rewrites a TinyDB file in a loop, then count corrupt files.

Runs the same loop with TinyDB's stock ``JSONStorage`` (in-place rewrite) and with
``AtomicJSONStorage`` (temp file + fsync + os.replace) and prints kills and corrupt files for each.

    python tests/bench/crash_storage.py [--kills 40] [--max-delay 0.05] [--seed 1] [--dir PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Alternates long and short documents: a rewrite that gets shorter and is killed before it
# truncates leaves trailing garbage; a kill during the write itself leaves a torn file.
CHILD = """
import sys
from tinydb import TinyDB
from tinydb.storages import JSONStorage
from storage.atomic_json import AtomicJSONStorage
path, kind, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
db = TinyDB(path, storage=JSONStorage if kind == "stock" else AtomicJSONStorage)
table = db.table("table")
print("ready", flush=True)
while True:
    n += 1
    table.upsert({"code": "ABCD", "n": n, "pad": "x" * (n % 5 * 4000)}, lambda d: d.get("code") == "ABCD")
"""


def file_is_ok(path: Path) -> bool:
    """True if the file is absent, empty (TinyDB treats it as new) or complete JSON."""
    if not path.exists() or path.stat().st_size == 0:
        return True
    try:
        json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return False
    return True


def run(kind: str, kills: int, max_delay: float, rng: random.Random, where: str | None) -> tuple[int, int, float]:
    """Kill the writer ``kills`` times; return (kills, corrupt files, seconds)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    corrupt, n, started = 0, 0, time.monotonic()
    with tempfile.TemporaryDirectory(dir=where) as tmp:
        path = Path(tmp) / "db.json"
        for _ in range(kills):
            child = subprocess.Popen(
                [sys.executable, "-c", CHILD, str(path), kind, str(n)], env=env, stdout=subprocess.PIPE, text=True
            )
            assert child.stdout is not None
            if child.stdout.readline() != "ready\n":
                raise SystemExit(f"{kind}: child failed to start")
            time.sleep(rng.uniform(0.0, max_delay))
            child.kill()
            child.wait()
            child.stdout.close()
            if file_is_ok(path):
                if path.exists() and path.stat().st_size:
                    n = json.loads(path.read_text())["table"]["1"]["n"]
            else:
                corrupt += 1
                path.unlink()  # start over, or the next child cannot even open it
    return kills, corrupt, time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=40)
    parser.add_argument("--max-delay", type=float, default=0.05, help="longest wait before a kill (s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", default=None, help="where to write (default: system temp; avoid tmpfs)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{'storage':<20} {'kills':>6} {'corrupt':>8} {'seconds':>8}")
    for kind, label in (("stock", "JSONStorage"), ("atomic", "AtomicJSONStorage")):
        kills, corrupt, seconds = run(kind, args.kills, args.max_delay, rng, args.dir)
        print(f"{label:<20} {kills:>6} {corrupt:>8} {seconds:>8.1f}")


if __name__ == "__main__":
    main()
