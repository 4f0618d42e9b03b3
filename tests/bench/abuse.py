"""Floods against a real server, and what the players see meanwhile (issue 47).

    python tests/bench/abuse.py [--scale 1] [--size slow=1] [--floods quiet,slow,views,views1,new] [--runs 2]
                                [--after 120]

Starts ``main.py`` on a free loopback port with a fresh data directory and at most 1,024 open files (soft and hard,
as a systemd unit's default ``LimitNOFILE``). A player on 127.0.0.1 plays a President table through the seat API
(its program seat makes the first legal move whenever it is to move; the person's seat is played by the computer
through the test hook ``/test/autoplay``) and another asks for ``GET /`` once a second. The attacker comes
from 127.0.0.2, so the caps per address meet the attacker and not the player.

Each flood runs ``--runs`` times (the first may warm caches). For each run it prints: seat-API moves (p50/p95 ms of
``POST /actions``) and ``GET /`` (p50/p95 ms) during the flood, log lines written during it and the ``--after``
seconds that follow, the server's memory (RSS) before, right after and ``--after`` seconds later, and the files it
left in the data folder (compared with before the flood). Targets (issue 47): moves p95 <= 100 ms throughout, <= 10
log lines per flood, a second identical flood adds <= 5 MB, no files left behind.

Floods (``--scale`` multiplies their size):

- ``slow``: 1,100 connections that send half a request's headers and then nothing, held 15 s;
- ``quiet``: no flood for 20 s (what the players see on this machine anyway);
- ``views``: 1,000 ``GET /`` without a cookie (each a new browser), 8 at a time; ``views1``: the same with one cookie;
- ``new``: 1,000 ``GET /new/president?...`` without a cookie, 8 at a time.

More floods (socket junk, big texts) are added to :data:`FLOODS`: a function ``(server, scale) -> str`` that runs the
flood against ``server.url`` from ``ATTACKER`` and returns a line saying what it did.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import free_port  # noqa: E402

PLAYER = "127.0.0.1"
ATTACKER = "127.0.0.2"
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
            time.sleep(1.0)  # a person's browser: a page now and then (pages are capped per address)

    def made(self, path: str) -> bool:
        """A file the player's own games made: their tables, finished games and reviews, the main database."""
        return (path == "cardnight.json" or path.startswith(("games/", "reviews")) or
                any(path.startswith((f"tables/{code}.", f"tables/.{code}.")) for code in self.codes))

    def between(self, start: float, end: float) -> tuple[list[float], list[float]]:
        return ([ms for t, ms in self.moves if start <= t <= end], [ms for t, ms in self.homes if start <= t <= end])


# ------------------------------------------------------------------------------------------------ the floods
def slow_flood(server: BenchServer, scale: float) -> str:
    """Connections that send half a request's headers, then nothing; held 15 s."""
    count = int(1100 * scale)
    socks: list[socket.socket] = []
    refused = 0
    for _ in range(count):
        s = socket.socket()
        try:
            s.bind((ATTACKER, 0))
            s.connect(("127.0.0.1", server.port))
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            socks.append(s)
        except OSError:
            refused += 1
            s.close()
    time.sleep(15)
    open_now = 0
    for s in socks:
        s.setblocking(False)
        try:
            s.recv(4096)  # an answer (408, 503) or the end: the server let go of it
        except BlockingIOError:
            open_now += 1  # nothing from the server yet: still open
        except OSError:
            pass  # reset: closed
        s.close()
    return f"{count} slow connections ({refused} refused at connect); still open after 15 s: {open_now}"


def quiet(server: BenchServer, scale: float) -> str:
    """No flood: what the players see on this machine anyway (the yardstick for the others)."""
    time.sleep(20)
    return "no flood, 20 s"


def _many(server: BenchServer, scale: float, path: str, base: int, cookie: bool = False) -> dict[int, int]:
    count = int(base * scale)
    statuses: dict[int, int] = {}
    lock = threading.Lock()
    jar = httpx.Cookies()
    if cookie:
        with client(ATTACKER) as c:
            c.get(server.url + "/")
            jar = c.cookies

    def one(_: int) -> None:
        with client(ATTACKER, cookies=jar) as c:  # a new client each time: no cookie unless ``cookie``
            try:
                status = c.get(server.url + path).status_code
            except httpx.HTTPError:
                status = -1
        with lock:
            statuses[status] = statuses.get(status, 0) + 1

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(one, range(count)))
    return statuses


def views_flood(server: BenchServer, scale: float) -> str:
    statuses = _many(server, scale, "/", 1000)
    return f"GET / without a cookie: {statuses}"


def views_one_cookie_flood(server: BenchServer, scale: float) -> str:
    statuses = _many(server, scale, "/", 1000, cookie=True)
    return f"GET / with one cookie: {statuses}"


def new_flood(server: BenchServer, scale: float) -> str:
    statuses = _many(server, scale, "/new/president?players=4&bots=3&speed=0", 1000)
    return f"GET /new without a cookie: {statuses} (303: a table made, 429: refused)"


FLOODS: dict[str, Callable[[BenchServer, float], str]] = {
    "quiet": quiet, "slow": slow_flood, "views": views_flood, "views1": views_one_cookie_flood, "new": new_flood}


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
    args = parser.parse_args()
    scales = {name: float(value) for name, value in (item.split("=", 1) for item in args.size)}
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # this process holds the slow connections
    server = BenchServer()
    server.start()
    players = Players(server)
    players.start()
    time.sleep(5)
    try:
        for name in args.floods.split(","):
            for run in range(1, args.runs + 1):
                before_files, before_rss, before_lines = server.files(), server.rss_mb(), len(server.log_lines())
                start = time.monotonic()
                what = FLOODS[name](server, scales.get(name, args.scale))
                end = time.monotonic()
                after_rss = server.rss_mb()
                time.sleep(args.after)
                later_rss = server.rss_mb()
                moves, homes = players.between(start, end)
                left = sorted(f for f in server.files() - before_files if not players.made(f))
                lines = server.log_lines()[before_lines:]
                flood_lines = [line for line in lines if "cardnight.reviews" not in line]
                print(f"[{name} #{run}] {what} in {end - start:.1f} s", flush=True)
                print(f"    moves during it: N={len(moves)} p50 {pct(moves, .5):.1f} ms p95 {pct(moves, .95):.1f} ms; "
                      f"GET /: N={len(homes)} p50 {pct(homes, .5):.1f} ms p95 {pct(homes, .95):.1f} ms", flush=True)
                reviews = len(lines) - len(flood_lines)
                print(f"    log lines: {len(flood_lines)} (and {reviews} of the player's game reviews); "
                      f"RSS {before_rss:.0f} -> {after_rss:.0f} "
                      f"-> {later_rss:.0f} MB after {args.after:.0f} s; files left: {len(left)} "
                      f"{left[:5]}{' ...' if len(left) > 5 else ''}", flush=True)
        moves_all = [ms for _, ms in players.moves]
        print(f"all moves: N={len(moves_all)} p50 {pct(moves_all, .5):.1f} ms p95 {pct(moves_all, .95):.1f} ms; "
              f"median {statistics.median(moves_all) if moves_all else float('nan'):.1f}; "
              f"player errors: {len(players.errors)} {players.errors[:3]}")
    finally:
        players.stop()
        server.stop()


if __name__ == "__main__":
    main()
