"""Load: one server process holds 200 live computer-only tables at speed 0 (finished ones replaced at once) while 8
browser pages play President practice tables, for a few minutes.

    python tests/bench/load_tables.py [--minutes 5] [--tables 200] [--pages 8] [--dir PATH]

Prints: computer games finished, stalled tables (playing, no move for 60 s), browser moves and games, the slowest
browser move, errors in the server log, and the server's RSS at start (after warm-up), middle and end.
"""

from __future__ import annotations

import argparse
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

from tests.e2e.conftest import CHROMIUM_ARGS, free_port  # noqa: E402
from tests.e2e.helpers import attr, president_step  # noqa: E402


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def stats(url: str) -> dict:
    with urllib.request.urlopen(f"{url}/bench/stats", timeout=120) as resp:
        return json.loads(resp.read())


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
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests/bench/load_server.py"), "--port", str(port),
                             "--data-dir", str(data), "--tables", str(args.tables)], cwd=ROOT, env=env,
                            stdout=log.open("wb"), stderr=subprocess.STDOUT)
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    rss: list[tuple[str, float]] = []
    browser_moves = browser_games = page_errors = 0
    slowest = 0.0
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
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                                         args=CHROMIUM_ARGS)
            pages = []
            for i in range(args.pages):
                page = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
                page.set_default_timeout(60_000)
                try:
                    page.goto(f"{url}/new/president?players=4&speed=0&seed={100 + i}")
                except PlaywrightError as exc:
                    page_errors += 1
                    print(f"page {i} did not load: {str(exc).splitlines()[0]}", flush=True)
                pages.append(page)
            started = time.time()
            end = started + args.minutes * 60
            middle_at = started + args.warmup + (args.minutes * 60 - args.warmup) / 2
            next_sample = started + args.warmup
            labels = iter(["start", "middle"])
            while time.time() < end:
                for i, page in enumerate(pages):
                    t0 = time.time()
                    try:
                        if attr(page, "data-status") in ("over", ""):
                            browser_games += attr(page, "data-status") == "over"
                            page.goto(f"{url}/new/president?players=4&speed=0&seed={1000 + browser_games * 10 + i}")
                            continue
                        if president_step(page):
                            browser_moves += 1
                            slowest = max(slowest, time.time() - t0)
                    except (PlaywrightError, AssertionError) as exc:
                        page_errors += 1
                        print(f"page {i}: {str(exc).splitlines()[0]} after {time.time() - t0:.0f}s", flush=True)
                    if time.time() >= end:
                        break
                now = time.time()
                if now >= next_sample:
                    label = next(labels, None)
                    if label is not None:
                        s = stats(url)
                        rss.append((label, rss_mb(proc.pid)))
                        print(f"{label}: RSS {rss[-1][1]:.0f} MB, {s['finished']} computer games finished, "
                              f"live {s['live']}, stalled {s['stalled']}, tick p50 {s['tick_p50']:.3f}s "
                              f"max {s['tick_max']:.2f}s; browser moves {browser_moves}, games {browser_games}",
                              flush=True)
                        next_sample = middle_at if label == "start" else end + 1
            final = stats(url)
            rss.append(("end", rss_mb(proc.pid)))
            browser.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
    errors = [ln for ln in log.read_text(errors="replace").splitlines() if " ERROR " in ln or "Traceback" in ln]
    print(f"\nminutes: {args.minutes}")
    print(f"computer games finished: {final['finished']} {final['finished_by_game']}")
    print(f"live computer tables at the end: {final['live']}, stalled (no move for 60 s): {final['stalled']}")
    print(f"ticker pass p50 {final['tick_p50']:.3f}s, max {final['tick_max']:.2f}s (last 200)")
    print(f"browser moves: {browser_moves}, browser games finished: {browser_games}, slowest move {slowest:.1f}s, "
          f"page errors/timeouts: {page_errors}")
    print("RSS MB: " + ", ".join(f"{k} {v:.0f}" for k, v in rss))
    print(f"server log errors: {len(errors)}")
    for line in errors[:10]:
        print("   ", line)


if __name__ == "__main__":
    main()
