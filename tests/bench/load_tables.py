"""Load: one server process holds 200 live computer-only tables at speed 0 (finished ones replaced at once) while 8
browser pages play President practice tables (all at the same time, a new table when a game ends), for a few
minutes.

    python tests/bench/load_tables.py [--minutes 5] [--tables 200] [--pages 8] [--dir PATH]

Prints: computer games finished, stalled tables (playing, no move for 60 s), browser moves and games, the slowest
browser move, errors in the server log, and the server's RSS at start (after warm-up), middle and end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.latency_pages import STATE_JS, act  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, FAR_CAPS_ENV, chromium_executable, free_port  # noqa: E402


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def stats(url: str) -> dict:
    with urllib.request.urlopen(f"{url}/bench/stats", timeout=120) as resp:
        return json.loads(resp.read())


async def drive_pages(url: str, args: argparse.Namespace, pid: int, rss: list[tuple[str, float]]
                      ) -> tuple[int, int, int, float]:
    """The browser pages, each playing its own President practice table at the same time (a new one when a game
    ends). Returns moves, finished games, page errors and the slowest move (s); samples RSS on the way."""
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import async_playwright

    count = {"moves": 0, "games": 0, "errors": 0, "slowest": 0.0}
    started = time.time()
    end = started + args.minutes * 60

    async def play(page, i: int) -> None:  # noqa: ANN001
        new_table = f"{url}/new/president?players=4&speed=0&seed={{}}"
        try:
            await page.goto(new_table.format(100 + i))
        except PlaywrightError as exc:
            count["errors"] += 1
            print(f"page {i} did not load: {str(exc).splitlines()[0]}", flush=True)
        while time.time() < end:
            t0 = time.time()
            try:
                state = await page.evaluate(STATE_JS)
                if not state or state["phase"] == "over":
                    count["games"] += bool(state)
                    await page.goto(new_table.format(1000 + count["games"] * 10 + i))
                    continue
                if await act(page, state):
                    count["moves"] += 1
                    count["slowest"] = max(count["slowest"], time.time() - t0)
                else:
                    await page.wait_for_timeout(50)
            except PlaywrightError as exc:
                count["errors"] += 1
                waiting = [ln.strip() for ln in str(exc).splitlines() if "waiting for" in ln][:1]
                print(f"page {i}: {str(exc).splitlines()[0]} after {time.time() - t0:.0f}s {waiting}", flush=True)

    async def sample() -> None:
        middle_at = started + args.warmup + (args.minutes * 60 - args.warmup) / 2
        for label, at in (("start", started + args.warmup), ("middle", middle_at)):
            await asyncio.sleep(max(0.0, at - time.time()))
            s = await asyncio.to_thread(stats, url)
            rss.append((label, rss_mb(pid)))
            print(f"{label}: RSS {rss[-1][1]:.0f} MB, {s['finished']} computer games finished, live {s['live']}, "
                  f"stalled {s['stalled']}, tick p50 {s['tick_p50']:.3f}s max {s['tick_max']:.2f}s; "
                  f"browser moves {count['moves']}, games {count['games']}", flush=True)

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_executable(),
                                           args=CHROMIUM_ARGS)
        pages = []
        for _ in range(args.pages):
            page = await (await browser.new_context(viewport={"width": 1000, "height": 800})).new_page()
            page.set_default_timeout(60_000)
            pages.append(page)
        await asyncio.gather(sample(), *(play(page, i) for i, page in enumerate(pages)))
        await browser.close()
    return count["moves"], count["games"], count["errors"], count["slowest"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--pages", type=int, default=8)
    parser.add_argument("--warmup", type=float, default=30.0, help="seconds before the first RSS figure")
    parser.add_argument("--dir", default=None)
    args = parser.parse_args()
    base = Path(args.dir or tempfile.mkdtemp(prefix="load-"))
    base.mkdir(parents=True, exist_ok=True)
    data, log = base / "data", base / "server.log"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**FAR_CAPS_ENV, **{k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}}
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests/bench/load_server.py"), "--port", str(port),
                             "--data-dir", str(data), "--tables", str(args.tables)], cwd=ROOT, env=env,
                            stdout=log.open("wb"), stderr=subprocess.STDOUT)
    rss: list[tuple[str, float]] = []
    try:
        deadline = time.time() + 240  # a saturated server answers slowly
        while True:
            try:
                stats(url)
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise SystemExit("server did not start:\n" + log.read_text()[-3000:]) from None
                time.sleep(0.5)
        print(f"server up, {args.tables} computer tables, {args.pages} pages, {args.minutes} min; data {data}",
              flush=True)
        browser_moves, browser_games, page_errors, slowest = asyncio.run(drive_pages(url, args, proc.pid, rss))
        final = stats(url)
        rss.append(("end", rss_mb(proc.pid)))
    finally:
        run_log_end = log.stat().st_size if log.exists() else 0  # what the server logged while it was measured
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
    text = log.read_bytes()

    def error_lines(chunk: bytes) -> list[str]:
        return [ln for ln in chunk.decode(errors="replace").splitlines()
                if " ERROR " in ln or ln.startswith("ERROR") or "Traceback" in ln]

    errors, shutdown_errors = error_lines(text[:run_log_end]), error_lines(text[run_log_end:])
    print(f"\nminutes: {args.minutes}")
    print(f"computer games finished: {final['finished']} {final['finished_by_game']}")
    print(f"live computer tables at the end: {final['live']}, stalled (no move for 60 s): {final['stalled']}")
    print(f"ticker pass p50 {final['tick_p50']:.3f}s, max {final['tick_max']:.2f}s (last 200)")
    print(f"browser moves: {browser_moves}, browser games finished: {browser_games}, slowest move {slowest:.1f}s, "
          f"page errors/timeouts: {page_errors}")
    print("RSS MB: " + ", ".join(f"{k} {v:.0f}" for k, v in rss))
    print(f"server log errors during the run: {len(errors)}; while shutting down (SIGTERM): {len(shutdown_errors)}")
    for line in (errors + shutdown_errors)[:10]:
        print("   ", line)


if __name__ == "__main__":
    main()
