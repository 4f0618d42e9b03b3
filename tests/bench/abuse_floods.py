"""The floods of the abuse bench (tests/bench/abuse.py), each run by the attacker from 127.0.0.2 in a process of its
own: ``python -m tests.bench.abuse_floods NAME URL SCALE`` prints one JSON line, ``{"what": ..., "start": ...,
"end": ...}`` (``time.monotonic()``, the machine's clock, so the bench times the players' answers in that window).

Why a process of its own: in the bench's process, eight attacking threads took Python's lock (the GIL) from the
threads that time the players' moves, and those waited for it, not for the server: the moves looked several times
slower during a flood than the server made them.

Floods (``SCALE`` multiplies their size):

- ``quiet``: no flood for 20 s (what the players see on this machine anyway);
- ``slow``: 1,100 connections that send half a request's headers and then nothing, held 15 s;
- ``views``: 1,000 ``GET /`` without a cookie (each a new browser), 8 at a time, and on for 20 s in all;
  ``views1``: the same with one cookie;
- ``new``: 1,000 ``GET /new/president?...`` without a cookie, 8 at a time, and on for 20 s in all;
- ``junk``: socket junk from strangers (tests/bench/abuse_socket.py): 1,000 rounds of every kind of bad message on
  WebSockets (47,000 messages), 10 rounds of junk long-polling POSTs, 10 rounds of requests engine.io refuses;
- ``texts``: big texts for 20 s: 60 KB names saved one after another from a page's own socket (/profile), and
  meanwhile 900 KB messages from strangers' sockets (each closes its socket unread).
"""

from __future__ import annotations

import json
import resource
import socket
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.abuse_socket import bad_requests, big_names, flood, oversized, polling_flood  # noqa: E402

ATTACKER = "127.0.0.2"
AT_LEAST = 20.0  # seconds a flood of requests lasts at least (at --scale 1)


@dataclass
class Target:
    url: str

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])


def client(address: str, **kwargs: object) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(transport=transport, timeout=30, **kwargs)  # type: ignore[arg-type]


def slow_flood(target: Target, scale: float) -> str:
    """Connections that send half a request's headers, then nothing; held 15 s."""
    count = int(1100 * scale)
    socks: list[socket.socket] = []
    refused = 0
    for _ in range(count):
        s = socket.socket()
        try:
            s.bind((ATTACKER, 0))
            s.connect(("127.0.0.1", target.port))
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


def quiet(target: Target, scale: float) -> str:
    """No flood: what the players see on this machine anyway (the yardstick for the others)."""
    time.sleep(20)
    return "no flood, 20 s"


def _many(target: Target, scale: float, path: str, base: int, cookie: bool = False) -> dict[int, int]:
    """``GET path`` ``base * scale`` times, 8 at a time, each without a cookie (a new browser) unless ``cookie``
    (then all with one browser's), and on until :data:`AT_LEAST` seconds have passed (1,000 refused requests take
    some 2 s: too few moves to time). One client a thread, its connection kept: a client made for each request cost
    this process some 10 ms of CPU (its TLS setup), which the server, sharing the machine's cores, then lacked."""
    count = int(base * scale)
    until = time.monotonic() + AT_LEAST * min(1.0, scale)
    statuses: dict[int, int] = {}
    lock = threading.Lock()
    jar = httpx.Cookies()
    if cookie:
        with client(ATTACKER) as c:
            c.get(target.url + "/")
            jar = c.cookies
    local = threading.local()

    def one(_: int) -> None:
        if not hasattr(local, "client"):
            local.client = client(ATTACKER)
        c: httpx.Client = local.client
        c.cookies = httpx.Cookies(jar)  # no cookie unless ``cookie``: what an earlier answer set is dropped
        try:
            status = c.get(target.url + path).status_code
        except httpx.HTTPError:
            status = -1
        with lock:
            statuses[status] = statuses.get(status, 0) + 1

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(one, range(count)))
        while time.monotonic() < until:
            list(pool.map(one, range(80)))
    return dict(sorted(statuses.items()))


def views_flood(target: Target, scale: float) -> str:
    return f"GET / without a cookie: {_many(target, scale, '/', 1000)}"


def views_one_cookie_flood(target: Target, scale: float) -> str:
    return f"GET / with one cookie: {_many(target, scale, '/', 1000, cookie=True)}"


def new_flood(target: Target, scale: float) -> str:
    statuses = _many(target, scale, "/new/president?players=4&bots=3&speed=0", 1000)
    return f"GET /new without a cookie: {statuses} (303: a table made, 429: refused)"


def junk_flood(target: Target, scale: float) -> str:
    """Junk on the socket for :data:`AT_LEAST` seconds: five rounds (235 messages, within a fresh socket's burst) on
    each new socket, so the server reads them as fast as the attacker sends; then long polling and refused
    requests."""
    rounds = max(1, int(1000 * scale))
    end = time.monotonic() + AT_LEAST * scale
    totals = {"messages": 0.0, "sockets": 0.0, "seconds": 0.0}
    while time.monotonic() < end:
        figures = flood(target.url, 50, per_socket=5)
        for key in totals:
            totals[key] += figures[key]
    polled = polling_flood(target.url, max(1, rounds // 100))
    refused = sum(bad_requests(target.url) for _ in range(max(1, rounds // 100)))
    return (f"socket junk: {totals['messages']:.0f} messages on {totals['sockets']:.0f} sockets "
            f"({totals['messages'] / max(totals['seconds'], 1e-9):.0f}/s) in {totals['seconds']:.0f} s; "
            f"{polled['posts']:.0f} junk long-polling POSTs, {polled['hung']:.0f} without an answer; {refused} "
            "requests engine.io refuses")


def texts_flood(target: Target, scale: float) -> str:
    seconds = max(5.0, 20 * scale)
    names: dict[str, float] = {}
    worker = threading.Thread(target=lambda: names.update(big_names(target.url, seconds)))
    worker.start()
    outcomes: dict[str, int] = {}
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        outcome = oversized(target.url, 900_000)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    worker.join()
    return (f"{names.get('names', 0):.0f} names of 60 KB of accents and joiners saved from /profile's socket, and "
            f"{sum(outcomes.values())} messages of 900 KB from strangers ({outcomes}), in {seconds:.0f} s")


FLOODS: dict[str, Callable[[Target, float], str]] = {
    "quiet": quiet, "slow": slow_flood, "views": views_flood, "views1": views_one_cookie_flood, "new": new_flood,
    "junk": junk_flood, "texts": texts_flood}


def main() -> None:
    name, url, scale = sys.argv[1], sys.argv[2], float(sys.argv[3])
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # this process holds the slow connections
    start = time.monotonic()
    what = FLOODS[name](Target(url), scale)
    print(json.dumps({"what": what, "start": start, "end": time.monotonic()}), flush=True)


if __name__ == "__main__":
    main()
