"""Crash and restart: SIGKILL the real server at random moments while 20 computer-only tables play, restart it,
and check that every table survives with every action anybody could have seen.

    python tests/bench/crash_restart.py [--kills 30] [--tables 20] [--max-run 3.0] [--seed 1] [--dir PATH]

Before the first start (and while the server is down) the script writes computer-only tables itself with
``logic.table`` + ``storage.tables.TableStore`` (all seats bots, speed 0), so only one process ever writes a
table file. While the server runs it polls every table file: the server saves before it tells any page, so the
longest action log seen in a file is at least what any browser was shown. After each kill it checks:

* every file opens as complete JSON and loads as a table (no ``*.corrupt-*`` copies appear);
* no action was lost: the log after the kill starts with the longest log seen before it;
* replaying the log gives the saved snapshot;
* the restarted server loads every table (its "Loaded N tables" line) and the games go on.

Finished tables are replaced by new ones while the server is down, so 20 tables are always live.
Prints kills, tables checked, actions lost and corrupt files (the last two must be 0).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from logic.registry import all_games  # noqa: E402
from logic.table import (  # noqa: E402
    STATUS_PLAYING,
    Settings,
    Table,
    lobby,
    new_table,
    turns,  # noqa: E402
)
from logic.table import record as table_record  # noqa: E402
from storage.tables import TableStore  # noqa: E402

HOST = "bench-host"
OPTIONS = {"president": {"players": 4}, "rummy": {"players": 2, "target": 100}, "beanie": {"players": 3, "rounds": 3},
           "stockpile": {"players": 2, "stock_size": "short"}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def computer_table(game_key: str, code: str, seed: int) -> Table:
    """A started table with a computer player in every seat, moving at once."""
    game = next(g for g in all_games() if g.key == game_key)
    now = time.time()
    settings = Settings(turn_seconds=0, bot_delay=0.0, public=False, grace_scale=0.0)
    table = new_table(game_key, code, HOST, OPTIONS.get(game_key, {}), seed, now, practice=True, settings=settings)
    levels = game.bot_levels[:2]  # the search level runs in worker processes: keep this bench about storage
    for seat in range(len(table.seats)):
        lobby.add_bot(table, HOST, seat, levels[seat % len(levels)], f"Bot {seat + 1}", "🤖")
    lobby.start(table, HOST, now)
    return table


def make_code(rng: random.Random) -> str:
    return "".join(rng.choice("ABCDEFGHJKMNPQRSTUVWXYZ23456789") for _ in range(6))


def read_file(path: Path) -> dict | None:
    """The table record in a TinyDB file, or None if the file is not complete JSON of one table."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        docs = list(data["table"].values())
        return docs[0] if len(docs) == 1 else None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


class Bench:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.dir = Path(args.dir or tempfile.mkdtemp(prefix="crash-restart-")) / "data"
        self.tables_dir = self.dir / "tables"
        self.port = free_port()
        self.log_path = self.dir.parent / "server.log"
        self.proc: subprocess.Popen | None = None
        self.seen: dict[str, list] = {}  # longest log observed per table while the server ran
        self.kills = self.checked = self.lost = self.corrupt = self.bad_replays = self.not_loaded = 0
        self.replaced = 0
        self.seed_counter = 0

    # ------------------------------------------------------------------ tables written while the server is down
    def fill(self) -> None:
        store = TableStore(self.dir)
        codes = set(store.codes())
        live = 0
        for code in list(codes):
            record = store.load(code)
            if record is None or record.get("status") != STATUS_PLAYING:
                store.delete(code)
                self.seen.pop(code, None)
                codes.discard(code)
                if record is not None:
                    self.replaced += 1
            else:
                live += 1
        keys = [g.key for g in all_games()]
        while live < self.args.tables:
            code = make_code(self.rng)
            if code in codes:
                continue
            key = keys[(self.seed_counter) % len(keys)]
            self.seed_counter += 1
            table = computer_table(key, code, self.args.seed * 100_000 + self.seed_counter)
            store.save(code, table_record.to_record(table, time.time()))
            codes.add(code)
            live += 1
        store.close()

    # ------------------------------------------------------------------ the server
    def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
        cmd = [sys.executable, str(ROOT / "main.py"), "--host", "127.0.0.1", "--port", str(self.port),
               "--data-dir", str(self.dir)]
        self.log_mark = self.log_path.stat().st_size if self.log_path.exists() else 0
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=self.log_path.open("ab"),
                                     stderr=subprocess.STDOUT)

    def up(self, timeout: float = 60.0) -> bool:
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.3):
                    return True
            except OSError:
                if self.proc is None or self.proc.poll() is not None:
                    return False
                time.sleep(0.05)
        return False

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.proc = None
        self.kills += 1

    def log_since_start(self) -> str:
        with self.log_path.open("rb") as f:
            f.seek(self.log_mark)
            return f.read().decode("utf-8", errors="replace")

    # ------------------------------------------------------------------ watching and checking
    def observe(self, seconds: float) -> None:
        """Poll every table file like a page would be told: remember the longest log of each."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            for path in self.tables_dir.glob("*.json"):
                record = read_file(path)
                if record is None:  # os.replace makes every read complete; a miss here is a real problem
                    continue
                log = record.get("log") or []
                if len(log) > len(self.seen.get(path.stem, [])):
                    self.seen[path.stem] = log
            time.sleep(0.03)

    def check(self) -> None:
        """After a kill: every file opens and loads, nothing anybody saw is missing, replay = snapshot."""
        copies = list(self.dir.rglob("*.corrupt-*"))
        if copies:
            print(f"   corrupt copies made: {[p.name for p in copies]}", flush=True)
            self.corrupt += len(copies)
            for p in copies:
                p.unlink()
        main_db = self.dir / "cardnight.json"
        if main_db.exists() and main_db.stat().st_size:
            try:
                json.loads(main_db.read_text(encoding="utf-8"))
            except ValueError:
                self.corrupt += 1
                print("   cardnight.json does not open", flush=True)
        for path in sorted(self.tables_dir.glob("*.json")):
            self.checked += 1
            record = read_file(path)
            if record is None:
                self.corrupt += 1
                print(f"   {path.name} does not open", flush=True)
                continue
            try:
                table = table_record.from_record(record, time.time())
            except Exception as exc:  # noqa: BLE001
                self.corrupt += 1
                print(f"   {path.name} does not load: {exc}", flush=True)
                continue
            seen = self.seen.get(path.stem, [])
            log = record.get("log") or []
            if len(log) < len(seen) or log[: len(seen)] != seen:
                lost = max(1, len(seen) - len(log))
                self.lost += lost
                print(f"   {path.stem}: saw {len(seen)} actions before the kill, file has {len(log)}", flush=True)
            if table.state is not None:
                game = table.game
                if game.snapshot(turns.replay_state(table)) != game.snapshot(table.state):
                    self.bad_replays += 1
                    print(f"   {path.stem}: replay differs from the snapshot", flush=True)
            self.seen[path.stem] = log

    def check_loaded(self) -> None:
        """The restarted server says it loaded every table (expired ones aside: none here)."""
        expected = len(list(self.tables_dir.glob("*.json")))
        deadline = time.time() + 10
        while time.time() < deadline:
            m = re.search(r"Loaded (\d+) tables", self.log_since_start())
            if m:
                if int(m.group(1)) != expected:
                    self.not_loaded += expected - int(m.group(1))
                    print(f"   server loaded {m.group(1)} of {expected} tables", flush=True)
                return
            time.sleep(0.05)
        print("   no 'Loaded N tables' line from the server", flush=True)
        self.not_loaded += expected

    def total_actions(self) -> int:
        return sum(len(v) for v in self.seen.values())

    def run(self) -> int:
        self.fill()
        print(f"data: {self.dir}  tables: {self.args.tables}  kills: {self.args.kills}", flush=True)
        started = time.time()
        actions_played = 0
        for i in range(self.args.kills):
            before_actions = self.total_actions()
            self.start()
            if self.rng.random() < 0.15:  # sometimes kill it while it is still starting and loading
                time.sleep(self.rng.uniform(0.2, 2.0))
                if self.up(0.01):
                    self.check_loaded()
            else:
                if not self.up():
                    print("server did not start:\n" + self.log_since_start()[-3000:], flush=True)
                    return 2
                self.check_loaded()
                self.observe(self.rng.uniform(0.05, self.args.max_run))
            self.kill()
            self.check()
            actions_played += max(0, self.total_actions() - before_actions)
            self.fill()
            print(f"kill {i + 1:>2}: {actions_played} actions so far, {self.replaced} finished tables replaced, "
                  f"lost {self.lost}, corrupt {self.corrupt}", flush=True)
        # a last start: the server comes up clean and the games go on
        self.start()
        ok = self.up()
        if ok:
            self.check_loaded()
            before = self.total_actions()
            self.observe(2.0)
            moved = self.total_actions() > before
        else:
            moved = False
        if self.proc is not None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(15)
        errors = [ln for ln in self.log_path.read_text(errors="replace").splitlines()
                  if " ERROR " in ln or "Traceback" in ln or "Corrupt data file" in ln or "Skipping saved" in ln]
        print(f"\nkills: {self.kills}")
        print(f"tables checked: {self.checked}")
        print(f"actions played across kills: {actions_played}  (finished tables replaced: {self.replaced})")
        print(f"actions lost: {self.lost}")
        print(f"corrupt files: {self.corrupt}")
        print(f"replays differing from snapshot: {self.bad_replays}")
        print(f"tables the restarted server did not load: {self.not_loaded}")
        print(f"games go on after the last restart: {moved}")
        print(f"server log errors/corruption lines: {len(errors)}")
        for line in errors[:10]:
            print("   ", line)
        print(f"seconds: {time.time() - started:.0f}")
        bad = self.lost or self.corrupt or self.bad_replays or self.not_loaded or errors or not moved
        return 1 if bad else 0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--max-run", type=float, default=3.0, help="longest run between start and kill, seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", default=None)
    sys.exit(Bench(parser.parse_args()).run())


if __name__ == "__main__":
    main()
