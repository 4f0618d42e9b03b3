"""Seat API round trips against the real server: how long a program waits for each kind of answer.

    python tests/bench/bench_seat_api.py [N=200]

Starts ``main.py`` on a free loopback port with a fresh data directory, opens ``/new/rummy?program=1&seed=1001``
in Chromium (the person in seat 0 is to move, the program in seat 1) to get a token, then times N
calls each of ``GET /tables/<CODE>`` (the view), ``GET /legal``, ``POST /actions`` refused with 409 (not its
turn: nothing changes, so every call costs the same) and ``GET /events`` that times out at once (``wait``
0.01 s: the long-poll path without a wake-up). One keep-alive connection, one call at a time, N/8 calls between
rate-limit refills. Prints the mean and its 95% interval (normal approximation), the median and p95 in ms.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.e2e.conftest import CHROMIUM_ARGS, Server, chromium_executable, free_port  # noqa: E402


def summary(name: str, ms: list[float]) -> str:
    mean = statistics.fmean(ms)
    half = 1.96 * statistics.stdev(ms) / len(ms) ** 0.5
    p95 = sorted(ms)[int(0.95 * (len(ms) - 1))]
    return f"{name:<22} N={len(ms):<4} mean {mean:6.2f} ms ± {half:4.2f} (95%)  median {statistics.median(ms):6.2f}  " \
           f"p95 {p95:6.2f}"


def main(n: int) -> None:
    server = Server(Path(tempfile.mkdtemp()) / "data", free_port(), seed=1000)
    server.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(f"{server.url}/new/rummy?program=1&seed=1001&speed=0")
            token = page.input_value("[data-testid=program-token-1]")
            code = page.url.rsplit("/", 1)[1]
            client = httpx.Client(base_url=f"{server.url}/api/v1/tables",
                                  headers={"Authorization": f"Bearer {token}"})
            assert client.get(f"/{code}").json()["to_move"] == [0], "seed 1001: the person starts"
            calls = {
                "GET view": lambda: client.get(f"/{code}"),
                "GET legal": lambda: client.get(f"/{code}/legal"),
                "POST refused (409)": lambda: client.post(f"/{code}/actions", json={"kind": "draw"}),
                "GET events (timeout)": lambda: client.get(f"/{code}/events?after=1000000&wait=0.01"),
            }
            for name, call in calls.items():
                ms = []
                for i in range(n):
                    if i and i % 50 == 0:
                        time.sleep(2.0)  # let the token's rate limit refill: this measures answers, not 429s
                    started = time.perf_counter()
                    answer = call()
                    ms.append((time.perf_counter() - started) * 1000)
                    assert answer.status_code in (200, 409), answer.text
                print(summary(name, ms), flush=True)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
