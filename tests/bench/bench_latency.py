"""Push latency and websocket traffic with real browsers: friends tables of four people.

    python tests/bench/bench_latency.py [ACTIONS=200] [--tables 4] [--think 1.0] [--game president]
        [--throttle 4] [--against REV [--rounds 3]]

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
renderers, compositor, browser, audio and network services, driver), the renderers' CPU by thread (main, compositor,
workers: where a card's travel costs) and the pages' own main-thread times.

Issue 50's measures too: ``--throttle 4`` slows every page's CPU 4x (the DevTools protocol's
``Emulation.setCPUThrottlingRate``, as Lighthouse's mobile profile does; the target for click -> others p95 is then
150 ms); main-thread tasks over 100 ms (``longtask`` timing) that overlap an animation (``Element.animate``, a card
travelling); and a tap on a card of the hand until the card shows it selected (``aria-pressed``, p95 <= 100 ms).
``--against REV`` measures another commit in the same run (checked out into a temporary git worktree): ROUNDS
rounds, each playing ACTIONS actions on a fresh server and browser for the working tree and for REV, the order
alternating, then a table of both commits' per-action figures (median over rounds) and their ratios. CPU is
counted for this bench's own processes only (its server, Playwright and Chromium), not other work on the machine.

The browser, its 16 pages and the server share this machine (2 cores, often loaded), so latencies include
the browsers' own rendering; the figures are upper bounds for a LAN where each person has a device.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.async_api import Page, Playwright, async_playwright  # noqa: E402

from tests.bench.latency_pages import COLD_OPENS, SLOWER, STATE_JS, LiveStates, Traffic, act, open_table  # noqa: E402
from tests.bench.latency_report import (  # noqa: E402
    cpu_by_process,
    cpu_seconds,
    cpu_split,
    io_counts,
    latencies,
    long_tasks,
    page_memory,
    print_comparison,
    print_report,
    read_save_timing,
    renderer_metrics,
    renderers_rss,
    server_share,
    thread_cpu,
)
from tests.bench.phone_cpu import PhoneCpu  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, Server, chromium_executable, free_port  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


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
                await asyncio.wait_for(wake.wait(), 10.0 * SLOWER[0])
            except TimeoutError as exc:
                raise RuntimeError("table stuck: nobody can act for 10 s") from exc
    return made


def start_profile(pid: int, out: Path) -> subprocess.Popen | None:
    """py-spy sampling the server while actions are played (``--profile``): a raw (collapsed) profile at ``out``."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    if not Path(spy).exists():
        print("# --profile: py-spy is not installed (pip install py-spy); no profile taken")
        return None
    return subprocess.Popen([spy, "record", "--pid", str(pid), "--format", "raw", "--rate", "250", "-o", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop_profile(spy: subprocess.Popen | None) -> None:
    """py-spy writes its profile when interrupted."""
    if spy is not None:
        spy.send_signal(signal.SIGINT)
        spy.wait(timeout=60)


async def one_round(pw: Playwright, root: Path, args: argparse.Namespace, name: str = "") -> dict:
    """Start the app of checkout ``root`` and a browser, open the tables, play ACTIONS actions; the raw figures."""
    tmp = Path(tempfile.mkdtemp(prefix="cn-bench-latency-"))
    server = Server(tmp / "data", free_port())
    server.root = root
    timing_file = tmp / "save-timing.txt"
    os.environ["CARDNIGHT_SAVE_TIMING"] = str(timing_file)  # the server notes when each change was saved and told
    gc_file = tmp / "gc-times.json"  # the cycle collector's runs and time during the moves (cprofile_hook/)
    os.environ["PYTHONPATH"] = str(Path(__file__).parent / "cprofile_hook")
    os.environ["CARDNIGHT_GC_TIMES"] = str(gc_file)
    if args.cprofile:
        os.environ["CARDNIGHT_CPROFILE"] = str(Path(args.cprofile).resolve() / f"{name or 'warm-up'}.prof")
    try:
        server.start()
    finally:
        for key in ("PYTHONPATH", "CARDNIGHT_CPROFILE", "CARDNIGHT_GC_TIMES"):
            os.environ.pop(key, None)
    traffic = Traffic()
    browser = None
    COLD_OPENS.clear()
    phones = PhoneCpu(args.phone_cpu) if args.phone_cpu and not PhoneCpu.why_not() else None
    try:
        browser = await pw.chromium.launch(executable_path=chromium_executable(),
                                           args=CHROMIUM_ARGS)
        live = LiveStates()
        tables = [await open_table(browser, server, traffic, live, n, args.game) for n in range(args.tables)]
        if phones is not None:
            phones.confine_renderers()
        await asyncio.sleep(1.0)
        for pages in tables:  # only the play phase counts
            for p in pages:
                await p.evaluate("() => { const c = window.__cn; c.clicks = []; c.versions = []; c.frames = [];"
                                 " c.long = []; c.moves = []; c.taps = []; }")
        sessions = [await p.context.new_cdp_session(p) for pages in tables for p in pages]
        for cdp in sessions:
            await cdp.send("Performance.enable")
            if args.throttle > 1:
                await cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
        idle = 0.0
        if args.idle:  # the pages open and nobody moves: what the server spends per second on its own (timers)
            before = cpu_seconds(server.proc.pid)
            await asyncio.sleep(args.idle)
            idle = (cpu_seconds(server.proc.pid) - before) / args.idle
        if phones is not None:  # (a page may have moved to a new renderer since)
            phones.confine_renderers()
        traffic.on = True
        metrics0 = [await renderer_metrics(cdp) for cdp in sessions]
        spy = start_profile(server.proc.pid, Path(args.profile) / f"{name}.txt") if args.profile else None
        cpu0, sys0, io0 = cpu_seconds(server.proc.pid), cpu_split(server.proc.pid)[1], io_counts(server.proc.pid)
        threads0 = thread_cpu(server.proc.pid)
        machine0 = cpu_by_process()
        server.proc.send_signal(signal.SIGUSR1)
        budget = [args.actions]
        t0 = time.perf_counter()
        made = await asyncio.gather(*(play_table(pages, budget, args.think, live) for pages in tables))
        elapsed = time.perf_counter() - t0
        await asyncio.sleep(1.0)  # the last pushes arrive
        traffic.on = False
        server_cpu = cpu_seconds(server.proc.pid) - cpu0
        server_sys = cpu_split(server.proc.pid)[1] - sys0
        server_io = {k: v - io0.get(k, 0) for k, v in io_counts(server.proc.pid).items()}
        server_threads = {k: v - threads0.get(k, 0.0) for k, v in thread_cpu(server.proc.pid).items()}
        machine1 = cpu_by_process()
        stop_profile(spy)
        server.proc.send_signal(signal.SIGUSR2)
        await asyncio.sleep(2.0 if args.cprofile else 0.3)  # (written by the server)
        collector = json.loads(gc_file.read_text()) if gc_file.exists() else {}
        metrics1 = [await renderer_metrics(cdp) for cdp in sessions]
        resident = renderers_rss() / len(sessions)  # (read before page_memory's collections, as it always was)
        held = [await page_memory(cdp) for cdp in sessions]
        memory = {name: sum(h[name] for h in held) / len(held) for name in held[0]}
        memory["renderers' resident memory per page (MB)"] = resident
        lat: dict[str, list[float]] = {"every": [], "each": [], "frame": []}
        server_side: dict[str, list[float]] = {}
        saves = read_save_timing(timing_file)
        every_page: list[dict] = []
        for pages in tables:
            data = [await p.evaluate("() => window.__cn") for p in pages]
            every_page += data
            for k, v in latencies(data).items():
                lat[k] += v
            code = pages[0].url.rsplit("/", 1)[1]
            for k, v in server_share(data, saves.get(code, [])).items():
                server_side.setdefault(k, []).extend(v)
        all_pages = [p for pages in tables for p in pages]
    finally:
        if browser is not None:
            await browser.close()
        server.stop()
        if phones is not None:
            print(f"# {name or 'warm-up'}: {phones.throttled()}", flush=True)
            phones.remove()
    errors = server.errors()
    if errors:
        print(f"server logged {len(errors)} error lines, first: {errors[0]}")
    cpu = {group: machine1[group] - machine0[group] - (server_cpu if group == "other" else 0.0) for group in machine0}
    return {"actions": sum(made), "elapsed": elapsed, "lat": lat, "server_side": server_side,
            "rx": sum(traffic.received[id(p)] for p in all_pages), "tx": sum(traffic.sent[id(p)] for p in all_pages),
            "server_cpu": server_cpu, "server_sys": server_sys, "server_io": server_io, "server_idle": idle,
            "server_threads": server_threads, "cpu": cpu, "gc": collector,
            "load": os.getloadavg()[0], "memory": memory, "cold": list(COLD_OPENS),
            "metrics": {name: sum(m1[name] - m0[name] for m0, m1 in zip(metrics0, metrics1, strict=True))
                        for name in metrics0[0]},
            "long": long_tasks(every_page), "animations": sum(len(d["moves"]) for d in every_page),
            "taps": [t / 1000 for d in every_page for t in d["taps"]]}


def worktree(rev: str) -> Path:
    """REV checked out beside this checkout (a detached git worktree in a temporary folder)."""
    path = Path(tempfile.mkdtemp(prefix="cn-bench-")) / rev
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), rev], check=True,
                   capture_output=True)
    return path


async def run(args: argparse.Namespace) -> None:
    SLOWER[0] = max(1.0, args.throttle, 1 / args.phone_cpu if args.phone_cpu else 1.0)
    if args.phone_cpu:
        print(f"# pages as slow phones: {PhoneCpu.why_not() or f'each renderer at {args.phone_cpu:.0%} of one core'}")
    commits = [("working tree", ROOT)] + [(rev, worktree(rev)) for rev in args.against]
    results: dict[str, list[dict]] = {label: [] for label, _ in commits}
    try:
        async with async_playwright() as pw:
            if args.warmup and len(commits) > 1:  # the first server and browser of a run start cold (disk caches)
                warm = argparse.Namespace(**{**vars(args), "actions": args.warmup, "profile": "", "idle": 0,
                                              "cprofile": ""})
                for _label, root in commits:
                    await one_round(pw, root, warm)
            for n in range(args.rounds):
                for label, root in commits if n % 2 == 0 else commits[::-1]:  # alternate who goes first
                    try:
                        res = await one_round(pw, root, args, f"{label.replace(' ', '-')}-{n + 1}")
                    except Exception as exc:  # (a round stuck on a page too slow to answer: the others still count)
                        print(f"# round {n + 1} of {label} failed: {type(exc).__name__}: {str(exc)[:200]}\n",
                              flush=True)
                        continue
                    results[label].append(res)
                    print_report(args, label, res)
                    print(flush=True)
    finally:
        for _label, root in commits[1:]:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(root)], check=False,
                           capture_output=True)
    if len(commits) > 1 and all(results.values()):
        print_comparison(results)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("actions", nargs="?", type=int, default=200)
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--think", type=float, default=1.0,
                    help="seconds between actions at one table (1.0: quick players; 0.3: stress)")
    ap.add_argument("--game", default="president")
    ap.add_argument("--throttle", type=float, default=1.0, help="slow every page's CPU this many times (4: a phone)")
    ap.add_argument("--phone-cpu", type=float, default=0.0,
                    help="each page's renderer at this share of one core (0.25: a phone 4x slower; a cgroup, as"
                    " root: see tests/bench/phone_cpu.py for why not --throttle)")
    ap.add_argument("--against", action="append", default=[], help="another commit to measure in the same run")
    ap.add_argument("--rounds", type=int, default=1, help="rounds of each commit, alternating")
    ap.add_argument("--idle", type=float, default=15.0, help="seconds with the pages open and no move, measured first")
    ap.add_argument("--warmup", type=int, default=20, help="actions of an uncounted first round of each commit"
                    " (with --against: otherwise the first commit always plays the run's coldest round)")
    ap.add_argument("--cprofile", default="", help="write cProfile stats of each round's server event loop (the"
                    " moves only) to this folder: exact call counts to compare commits by")
    ap.add_argument("--profile", default="", help="write a py-spy profile of each round's server to this folder"
                    " (its CPU figures then include the sampler's pauses)")
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
