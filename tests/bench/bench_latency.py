"""Push latency and websocket traffic with real browsers: friends tables of four people.

    python tests/bench/bench_latency.py [ACTIONS=200] [--tables 4] [--think 1.0] [--game president]

Starts the server as a user does (``main.py`` on a free loopback port, fresh data directory), opens TABLES
President friends tables in Debian's Chromium, each with a host on a laptop (1280x800, mouse) and three guests
on phones (390x844, touch: they tap) who join by the invite link (16 pages for 4 tables), turns the turn timer
off and starts. Then the tables play at the same time, each person acting when it is their turn (lead the lowest
single, otherwise pass; give back the lowest cards; next hand), with THINK seconds between actions at a table
(1.0: quick players; 0.3 is a stress pace, about 9 moves a second over 4 tables), until ACTIONS actions have
been made in all. The pages tell the driver when their table changes (no polling), so the driver loads the
machine little.

Measured in the pages (``performance.timeOrigin + performance.now()``, one clock for all pages of the
browser): the click on Play/Pass/Give/Next hand, and every change of ``data-version`` on
``data-testid=table`` (a MutationObserver). Latency of an action = time from the click until every *other*
page at that table shows a new version (and per page). Target: p95 <= 100 ms (feels instant). Websocket traffic:
``framereceived`` / ``framesent`` bytes of every page during the play phase, per action. Target: <= 5 KB per
page per action. Also: when the first websocket message reaches each other page (server + network share of the
latency, the rest is the browser applying the update), the server's notes of when it made the change, replaced
the file and told the pages (``CARDNIGHT_SAVE_TIMING``), CPU per action of every process (/proc: server,
renderers, compositor, browser, audio and network services, driver) and the pages' own main-thread times.

The browser, its 16 pages and the server share this machine (2 cores, often loaded), so latencies include
the browsers' own rendering; the figures are upper bounds for a LAN where each person has a device.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.async_api import Page, async_playwright  # noqa: E402

from tests.bench.latency_pages import STATE_JS, LiveStates, Traffic, act, open_table  # noqa: E402
from tests.bench.latency_report import (  # noqa: E402
    cpu_by_process,
    cpu_seconds,
    latencies,
    print_report,
    read_save_timing,
    renderer_metrics,
    server_share,
)
from tests.e2e.conftest import CHROMIUM_ARGS, Server, free_port  # noqa: E402


async def play_table(pages: list[Page], budget: list[int], think: float, live: LiveStates) -> int:
    """Play one table until the shared budget of actions is spent: whoever's turn it is acts, as its page
    tells the driver (no polling of the pages)."""
    made = 0
    wake = live.waker()
    while budget[0] > 0:
        acted = False
        for page in pages:
            state = live.states.get(id(page))
            if state and state["phase"] == "over":
                return made
            if not state or state["seat"] == "" or state["seat"] not in state["turn"].split(","):
                continue
            state = await page.evaluate(STATE_JS)  # the pushed state may be a moment old: look once more
            if state and await act(page, state):
                budget[0] -= 1
                made += 1
                acted = True
                await asyncio.sleep(think)
                break
        if not acted:
            wake.clear()
            try:
                await asyncio.wait_for(wake.wait(), 10.0)
            except TimeoutError as exc:
                raise RuntimeError("table stuck: nobody can act for 10 s") from exc
    return made


async def run(args: argparse.Namespace) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="cn-bench-latency-"))
    server = Server(tmp / "data", free_port())
    timing_file = tmp / "save-timing.txt"
    os.environ["CARDNIGHT_SAVE_TIMING"] = str(timing_file)  # the server notes when each change was saved and told
    server.start()
    traffic = Traffic()
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                                               args=CHROMIUM_ARGS)
            live = LiveStates()
            tables = [await open_table(browser, server, traffic, live, n, args.game) for n in range(args.tables)]
            await asyncio.sleep(1.0)
            for pages in tables:  # only the play phase counts
                for p in pages:
                    await p.evaluate("() => { const c = window.__cn; c.clicks = []; c.versions = []; c.frames = []; }")
            traffic.on = True
            sessions = [await p.context.new_cdp_session(p) for pages in tables for p in pages]
            for cdp in sessions:
                await cdp.send("Performance.enable")
            metrics0 = [await renderer_metrics(cdp) for cdp in sessions]
            cpu0 = cpu_seconds(server.proc.pid)
            machine0 = cpu_by_process()
            budget = [args.actions]
            t0 = time.perf_counter()
            made = await asyncio.gather(*(play_table(pages, budget, args.think, live) for pages in tables))
            elapsed = time.perf_counter() - t0
            await asyncio.sleep(1.0)  # the last pushes arrive
            traffic.on = False
            server_cpu = cpu_seconds(server.proc.pid) - cpu0
            machine1 = cpu_by_process()
            metrics1 = [await renderer_metrics(cdp) for cdp in sessions]
            lat: dict[str, list[float]] = {"every": [], "each": [], "frame": []}
            server_side: dict[str, list[float]] = {}
            saves = read_save_timing(timing_file)
            for pages in tables:
                data = [await p.evaluate("() => window.__cn") for p in pages]
                for k, v in latencies(data).items():
                    lat[k] += v
                code = pages[0].url.rsplit("/", 1)[1]
                for k, v in server_share(data, saves.get(code, [])).items():
                    server_side.setdefault(k, []).extend(v)
            all_pages = [p for pages in tables for p in pages]
            rx = sum(traffic.received[id(p)] for p in all_pages)
            tx = sum(traffic.sent[id(p)] for p in all_pages)
            await browser.close()
    finally:
        server.stop()
    actions = sum(made)
    print_report(args, actions, elapsed, lat, server_side, rx, tx, server_cpu, machine0, machine1, metrics0, metrics1)
    errors = server.errors()
    if errors:
        print(f"server logged {len(errors)} error lines, first: {errors[0]}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("actions", nargs="?", type=int, default=200)
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--think", type=float, default=1.0,
                    help="seconds between actions at one table (1.0: quick players; 0.3: stress)")
    ap.add_argument("--game", default="president")
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
