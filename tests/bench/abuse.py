"""Floods against a real server, and what the players see meanwhile (issue 47).

    python tests/bench/abuse.py [--scale 1] [--size slow=1] [--floods quiet,slow,views,views1,new,junk,texts]
                                [--runs 2] [--after 120] [--in-process] [--still quiet,texts]

Starts ``main.py`` on a free loopback port with a fresh data directory and at most 1,024 open files (soft and hard,
as a systemd unit's default ``LimitNOFILE``). A player on 127.0.0.1 plays a President table through the seat API
(its program seat makes the first legal move whenever it is to move; the person's seat is played by the computer
through the test hook ``/test/autoplay``) and another asks for ``GET /`` every 2 s. The attacker comes
from 127.0.0.2, so the caps per address meet the attacker and not the player, and runs in a process of its own
(tests/bench/abuse_floods.py, which lists the floods; ``--in-process`` runs it in this one, as before 2026-12-05:
its threads then slow the timing of the players' answers).

Each flood runs ``--runs`` times (the first may warm caches). For each run it prints: seat-API moves (p50/p95 ms of
``POST /actions``) and ``GET /`` (p50/p95 ms) during the flood, the server's event-loop lag during it (how late the
loop woke, p50/p99/max ms, measured inside the server: ``/test/loop-lag``), log lines written during it and the
``--after`` seconds that follow, the server's memory (RSS) before, right after and ``--after`` seconds later, and
the files it left in the data folder (compared with before the flood). Targets (issue 47): moves p95 <= 100 ms
throughout, loop lag p99 <= 5 ms during big texts, <= 10 log lines per flood, a second identical flood adds <= 5 MB,
no files left behind.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.abuse_floods import FLOODS, Target  # noqa: E402
from tests.e2e.conftest import free_port  # noqa: E402

PLAYER = "127.0.0.1"
OPEN_FILES = 1024
TOKEN_RE = re.compile(r'"value":"([A-Za-z0-9_\-]{40,60})"[^{}]*"data-testid":"program-token-(\d)"')


class BenchServer:
    """main.py in a subprocess with at most ``OPEN_FILES`` open files."""

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self.data_dir = Path(tempfile.mkdtemp(prefix="cn-abuse-")) / "data"
        self.port = free_port()
        self.log = self.data_dir.parent / "server.log"
        # reviews of finished games run in worker processes: rough ones here (they are not what is measured)
        self.env = {**os.environ, "CARDNIGHT_TEST_HOOKS": "1", "CARDNIGHT_REVIEW_BUDGET": "8",
                    "CARDNIGHT_WARM_POOL": "0", **(env or {})}
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        def limit_files() -> None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))

        cmd = [sys.executable, str(ROOT / "main.py"), "--host", "127.0.0.1", "--port", str(self.port),
               "--data-dir", str(self.data_dir), "--no-mdns"]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, stdout=self.log.open("ab"),
                                     stderr=subprocess.STDOUT, preexec_fn=limit_files)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                if httpx.get(self.url + "/", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.3)
        raise RuntimeError("the server did not start: " + self.log.read_text()[-2000:])

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def rss_mb(self) -> float:
        assert self.proc is not None
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def log_lines(self) -> list[str]:
        return self.log.read_text(errors="replace").splitlines()

    def files(self) -> set[str]:
        return {str(p.relative_to(self.data_dir)) for p in self.data_dir.rglob("*") if p.is_file()}


def client(address: str, **kwargs: object) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(transport=transport, timeout=30, **kwargs)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------------ the players
class Players:
    """A seat-API program playing President, and a browser asking for the home page, timing every answer."""

    def __init__(self, server: BenchServer) -> None:
        self.server = server
        self.moves: list[tuple[float, float]] = []  # (when, ms)
        self.homes: list[tuple[float, float]] = []
        self.errors: list[str] = []
        self.codes: set[str] = set()  # the player's tables
        self.stopping = threading.Event()
        self.still = threading.Event()  # set: the program makes no move (its table waits), the browser goes on
        self.threads = [threading.Thread(target=self._play, daemon=True),
                        threading.Thread(target=self._home, daemon=True)]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def stop(self) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(10)

    def _new_table(self, browser: httpx.Client) -> tuple[str, str, int]:
        page = browser.get(self.server.url + "/new/president?players=4&bots=2&program=1&speed=0&hands=8")
        while page.status_code == 429:  # (the player's own pages are capped too: wait as a browser would)
            time.sleep(float(page.headers.get("retry-after", "1")))
            page = browser.get(self.server.url + "/new/president?players=4&bots=2&program=1&speed=0&hands=8")
        code = str(page.url).rsplit("/", 1)[1]
        self.codes.add(code)
        found = TOKEN_RE.search(page.text)
        if found is None:
            raise RuntimeError(f"no program token on the table page ({page.status_code})")
        browser.post(f"{self.server.url}/test/autoplay/{code}?programs=0")  # the person's seat plays by itself
        return code, found.group(1), int(found.group(2))

    def _play(self) -> None:
        browser = client(PLAYER, follow_redirects=True)
        api = client(PLAYER)
        code, token, seat = self._new_table(browser)
        headers = {"Authorization": f"Bearer {token}"}
        while not self.stopping.is_set():
            if self.still.is_set():
                time.sleep(0.05)
                continue
            try:
                view = api.get(f"{self.server.url}/api/v1/tables/{code}", headers=headers)
                if view.status_code == 410:
                    code, token, seat = self._new_table(browser)
                    headers = {"Authorization": f"Bearer {token}"}
                    continue
                if seat not in view.json().get("to_move", []):
                    after = view.json().get("version", 0)
                    api.get(f"{self.server.url}/api/v1/tables/{code}/events?after={after}&wait=2", headers=headers)
                    continue
                legal = api.get(f"{self.server.url}/api/v1/tables/{code}/legal", headers=headers).json()
                started = time.perf_counter()
                answer = api.post(f"{self.server.url}/api/v1/tables/{code}/actions", json=legal[0], headers=headers)
                self.moves.append((time.monotonic(), (time.perf_counter() - started) * 1000))
                if answer.status_code not in (200, 409):
                    self.errors.append(f"move: {answer.status_code} {answer.text[:100]}")
                time.sleep(0.25)  # about as often as a person moves at a lively table
            except (httpx.HTTPError, ValueError) as exc:
                self.errors.append(f"move: {exc!r}")
                time.sleep(0.2)

    def _home(self) -> None:
        browser = client(PLAYER)
        while not self.stopping.is_set():
            started = time.perf_counter()
            try:
                status = browser.get(self.server.url + "/").status_code
                self.homes.append((time.monotonic(), (time.perf_counter() - started) * 1000))
                if status != 200:
                    self.errors.append(f"GET /: {status}")
            except httpx.HTTPError as exc:
                self.errors.append(f"GET /: {exc!r}")
            time.sleep(2.0)  # a person's browser: a page now and then (pages are capped per address: 1 a second)

    def made(self, path: str) -> bool:
        """A file the player's own games made: their tables, finished games and reviews, the main database."""
        return (path == "cardnight.json" or path.startswith(("games/", "reviews")) or
                any(path.startswith((f"tables/{code}.", f"tables/.{code}.")) for code in self.codes))

    def between(self, start: float, end: float) -> tuple[list[float], list[float]]:
        return ([ms for t, ms in self.moves if start <= t <= end], [ms for t, ms in self.homes if start <= t <= end])


# ------------------------------------------------------------------------------------------------ the floods
def run_flood(server: BenchServer, name: str, scale: float, in_process: bool) -> tuple[str, float, float]:
    """One flood by the attacker (tests/bench/abuse_floods.py), in a process of its own unless ``in_process``;
    (what it did, its start, its end) on the machine's monotonic clock."""
    if in_process:
        start = time.monotonic()
        what = FLOODS[name](Target(server.url), scale)
        return what, start, time.monotonic()
    done = subprocess.run([sys.executable, "-m", "tests.bench.abuse_floods", name, server.url, str(scale)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the {name} flood failed: {done.stderr[-2000:]}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return str(found["what"]), float(found["start"]), float(found["end"])


def loop_lag(server: BenchServer, reset: bool = True) -> dict[str, float]:
    """The server's event-loop lag since the last reset (ui/server/loop_lag.py), from the player's address."""
    return dict(httpx.get(f"{server.url}/test/loop-lag?reset={int(reset)}", timeout=30).json())


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--floods", default=",".join(FLOODS))
    parser.add_argument("--size", action="append", default=[], metavar="FLOOD=SCALE",
                        help="another scale for one flood, e.g. slow=1 with --scale 0.3")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--after", type=float, default=120.0, help="seconds to wait after each flood")
    parser.add_argument("--in-process", action="store_true", help="the attacker in this process (the old way)")
    parser.add_argument("--gc-log", type=float, default=0.0, metavar="MS",
                        help="the server logs every cycle collection longer than MS, and what it holds after each "
                             "flood (shown with the flood)")
    parser.add_argument("--still", default="", metavar="FLOODS",
                        help="floods (e.g. quiet,texts) during which the player makes no move: the loop lag is then "
                             "the flood's own (a move and the computer players' answers hold the loop 5-15 ms)")
    args = parser.parse_args()
    scales = {name: float(value) for name, value in (item.split("=", 1) for item in args.size)}
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # (--in-process: this process holds the slow ones)
    hook = {"PYTHONPATH": str(Path(__file__).parent / "cprofile_hook"), "CARDNIGHT_GC_SLOW_MS": str(args.gc_log)}
    server = BenchServer(hook if args.gc_log else None)
    server.start()
    players = Players(server)
    players.start()
    time.sleep(5)
    try:
        for name in args.floods.split(","):
            for run in range(1, args.runs + 1):
                before_files, before_rss, before_lines = server.files(), server.rss_mb(), len(server.log_lines())
                load = os.getloadavg()[0]
                still = name in args.still.split(",")
                if still:
                    players.still.set()
                    time.sleep(3.0)  # the table's last answers are done
                loop_lag(server)
                what, start, end = run_flood(server, name, scales.get(name, args.scale), args.in_process)
                lag = loop_lag(server)
                players.still.clear()
                after_rss = server.rss_mb()
                time.sleep(args.after)
                later_rss = server.rss_mb()
                if args.gc_log and server.proc is not None:  # what the server is made of now (cprofile_hook/)
                    server.proc.send_signal(signal.SIGUSR1)
                    time.sleep(1.0)
                moves, homes = players.between(start, end)
                left = sorted(f for f in server.files() - before_files if not players.made(f))
                lines = server.log_lines()[before_lines:]
                collections = [line for line in lines if line.startswith(("gc: ", "census: "))]  # --gc-log
                flood_lines = [line for line in lines if "cardnight.reviews" not in line and line not in collections]
                print(f"[{name} #{run}] {what} in {end - start:.1f} s (load {load:.1f})"
                      f"{'; the player made no move' if still else ''}", flush=True)
                print(f"    moves during it: N={len(moves)} p50 {pct(moves, .5):.1f} ms p95 {pct(moves, .95):.1f} ms; "
                      f"GET /: N={len(homes)} p50 {pct(homes, .5):.1f} ms p95 {pct(homes, .95):.1f} ms; "
                      f"loop lag: N={lag['n']:.0f} p50 {lag['p50']:.1f} p99 {lag['p99']:.1f} max {lag['max']:.0f} ms",
                      flush=True)
                reviews = len(lines) - len(flood_lines)
                print(f"    log lines: {len(flood_lines)} (and {reviews} of the player's game reviews); "
                      f"RSS {before_rss:.0f} -> {after_rss:.0f} "
                      f"-> {later_rss:.0f} MB after {args.after:.0f} s; files left: {len(left)} "
                      f"{left[:5]}{' ...' if len(left) > 5 else ''}", flush=True)
                for line in flood_lines[:12]:
                    print(f"      | {line[:160]}", flush=True)
                for line in collections:
                    print(f"      {line}", flush=True)
        moves_all = [ms for _, ms in players.moves]
        print(f"all moves: N={len(moves_all)} p50 {pct(moves_all, .5):.1f} ms p95 {pct(moves_all, .95):.1f} ms; "
              f"median {statistics.median(moves_all) if moves_all else float('nan'):.1f}; "
              f"player errors: {len(players.errors)} {players.errors[:3]}")
    finally:
        players.stop()
        server.stop()


if __name__ == "__main__":
    main()
