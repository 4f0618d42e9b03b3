"""Issue 50's Pi-class host: the server confined like a Raspberry Pi, four friends tables playing, measured from the
players' side.

    python tests/bench/bench_pi_host.py [SECONDS=60] [--tables 4] [--think 1.0] [--computer-tables 2]
        [--cpu 0.25] [--period-ms 100] [--write-mbps 3] [--write-iops 200] [--against REV [--rounds 2]]

Starts ``main.py`` (fresh data folder, ``CARDNIGHT_TEST_HOOKS=1`` for the computer tables' autoplay) inside cgroups
that give it CPU% of one core and throttle its writes to the data folder's disk like an SD card (run as root; else
it says so and runs unconfined: tests/bench/pi_clients.py). Then, at the same time for SECONDS:

- TABLES President friends tables, each with a host on a laptop page in Chromium (it makes the lobby, adds three
  program seats, starts, then plays its seat by clicking), three seats played over the seat API by light clients
  (a random legal move THINK seconds after their turn came) and a TV (``/tv/<CODE>``) read over a bare websocket;
- COMPUTER-TABLES practice tables where only the computer plays (``speed=1``: a move a second), watched by a bare TV
  socket: their pace;
- one Stockpile game driven to its end at once (``/test/autoplay``), then its replay opened in Chromium: the time
  from the game's end to the first review mark (everyone's marks shown);
- the home page asked for every second (one returning visitor): its answer time.

The measured stretch starts once every TV socket has its page (opening six TVs at once is a burst of its own, not
play). Prints, each with N and a 95% interval (bootstrap for percentiles): move -> every other seat and the TV
showing it
(p50, p95; per kind of client: Chromium page, seat API, TV socket), the computer tables' time between moves, the
first review mark, the home page's answer time, and the server's CPU per move. ``--against REV`` runs another commit
(a temporary git worktree) in the same run, the rounds alternating, and prints both side by side; the commit
needs the seat API, the TV and the test hooks (3a2525b has none of them: compare with a later one).
Issue 50's targets: move -> others p95 <= 150 ms, the computer tables keep their pace, the first review mark
<= 15 s, the home page <= 300 ms throughout.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.async_api import Browser, Page, async_playwright  # noqa: E402

from tests.bench.bench_latency import worktree  # noqa: E402
from tests.bench.latency_pages import STATE_JS, LiveStates, Traffic, act, choose, new_page  # noqa: E402
from tests.bench.latency_report import cpu_seconds  # noqa: E402
from tests.bench.pi_clients import Confinement, Log, SocketPage, confine, program_seat  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, FAR_CAPS_ENV, Server, chromium_executable, free_port  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
COMPUTER_TABLE = "/new/president?players=4&bots=3&level=normal&speed=1"
FINISHER = "/new/stockpile?players=2&bots=1&level=easy&stock_size=short&speed=0&seed=41"  # (the same game each run)


class PiServer(Server):
    """The app started inside the confinement's cgroups (its worker pool too: children stay in their groups)."""

    confinement: Confinement | None = None

    def start(self) -> None:
        env = {**FAR_CAPS_ENV, **{k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"},
               "CARDNIGHT_TEST_HOOKS": "1"}
        env.pop("CARDNIGHT_REVIEW_BUDGET", None)
        cmd = [sys.executable, str(self.root / "main.py"), "--host", self.host, "--port", str(self.port),
               "--data-dir", str(self.data_dir)]
        if "--no-mdns" in (self.root / "main.py").read_text():  # (older commits have no announcement to turn off)
            cmd.append("--no-mdns")
        join = self.confinement.join if self.confinement is not None else None
        self.proc = subprocess.Popen(cmd, cwd=self.root, env=env, stdout=self.log.open("ab"),
                                     stderr=subprocess.STDOUT, preexec_fn=join)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if httpx.get(self.url + "/", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}") from None
            time.sleep(0.3)
        raise RuntimeError("server did not answer in 60 s")


async def friends_table(browser: Browser, url: str, live: LiveStates, n: int) -> tuple[Page, str, list[str]]:
    """A President lobby made by its host in Chromium, three program seats added, started: the host's page, the
    table's code and the programs' tokens (seats 1-3)."""
    host = await new_page(browser, Traffic(), live, phone=False)
    await host.goto(url, timeout=60_000)
    await host.click("[data-testid=friends-president]", timeout=60_000)
    await host.wait_for_url(re.compile(r"/table/[A-Z0-9]{6}$"), timeout=60_000)
    code = host.url.rsplit("/", 1)[1]
    await choose(host, "opt-turn-timer", "Off")
    tokens = []
    for seat in (1, 2, 3):
        await host.click(f"[data-testid=btn-add-program-{seat}]", timeout=60_000)
        box = host.locator(f"[data-testid=program-token-{seat}]")
        await box.wait_for(timeout=60_000)
        tokens.append(await host.input_value(f"[data-testid=program-token-{seat}]"))
    start = host.locator("[data-testid=btn-start]")
    for _ in range(300):
        if await start.is_enabled():
            break
        await host.wait_for_timeout(100)
    await start.click()
    await host.wait_for_function("() => ['play', 'exchange'].includes("
                                 "document.querySelector('[data-testid=table]')?.dataset.phase)", timeout=60_000)
    return host, code, tokens


async def host_plays(page: Page, live: LiveStates, think: float, stop: asyncio.Event) -> None:
    """The host's seat: one simple legal move THINK seconds after its turn came (tests/bench/latency_pages.act)."""
    wake = live.waker()
    while not stop.is_set():
        state = live.states.get(id(page))
        if state and state["phase"] == "over":
            return
        if state and state["seat"] != "" and state["seat"] in state["turn"].split(","):
            await asyncio.sleep(think)
            state = await page.evaluate(STATE_JS)
            if state and not stop.is_set():
                await act(page, state)
            continue
        wake.clear()
        try:
            await asyncio.wait_for(wake.wait(), 1.0)
        except TimeoutError:
            pass


def page_log(data: dict, who: str, log: Log) -> None:
    """The host page's clicks and versions (its own clock: performance.timeOrigin + now, in ms) into the log."""
    for t, _testid, version in data["clicks"]:
        if version is not None:
            log.moves.append((t / 1000, int(version), who))
    for t, version in data["versions"]:
        log.saw(who, int(version), t / 1000)


async def review_mark(browser: Browser, http: httpx.AsyncClient, url: str) -> tuple[float | None, str]:
    """A Stockpile game driven to its end at once, then its replay in Chromium: seconds from the end to the first
    review mark shown (None: none within 120 s), and what happened."""
    made = await http.get(FINISHER)
    code = made.headers["location"].rstrip("/").rsplit("/", 1)[1]
    await http.post(f"/test/autoplay/{code}")
    deadline = time.time() + 180
    while (await http.get(f"/test/status/{code}")).json()["status"] != "over":
        if time.time() > deadline:
            return None, "the game did not end in 180 s"
        await asyncio.sleep(0.1)
    over = time.time()
    page = await (await browser.new_context(viewport={"width": 1280, "height": 800})).new_page()
    await page.goto(f"{url}/replay/{code}", timeout=60_000)
    await page.get_by_test_id("review-seat").click(timeout=60_000)
    await page.get_by_role("option", name="Everyone", exact=True).click()
    progress = page.get_by_test_id("review-progress")
    while time.time() - over < 120:
        if await page.locator("[data-testid^=review-mark-]").count():
            return time.time() - over, f"table {code}"
        if await progress.get_attribute("data-review-state") == "done":
            return None, f"table {code}: reviewed in {time.time() - over:.1f} s, no costly decision to mark"
        await page.wait_for_timeout(100)
    return None, f"table {code}: no mark within 120 s"


def profile_signal(server: PiServer, signum: int) -> None:
    """With ``CARDNIGHT_CPROFILE`` (and tests/bench/cprofile_hook on PYTHONPATH) the server profiles its event loop
    between SIGUSR1 and SIGUSR2: the measured stretch of a round."""
    if os.environ.get("CARDNIGHT_CPROFILE") and server.proc is not None:
        os.kill(server.proc.pid, signum)


async def home_page(url: str, stop: asyncio.Event, times: list[float], slow: list[tuple[float, float]]) -> None:
    """The home page asked for once a second by one returning visitor: seconds to the whole answer (and in ``slow``,
    each answer over 300 ms with when it was asked, seconds from the start: what else was happening then)."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        await http.get("/")  # (the visitor's cookie)
        first = time.perf_counter()
        while not stop.is_set():
            started = time.perf_counter()
            answer = await http.get("/")
            if answer.status_code == 200:
                times.append(time.perf_counter() - started)
                if times[-1] > 0.3:
                    slow.append((started - first, times[-1]))
            await asyncio.sleep(1.0)


async def one_round(root: Path, args: argparse.Namespace) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="cn-bench-pi-"))
    (tmp / "data").mkdir()
    server = PiServer(tmp / "data", free_port())
    server.root = root
    confinement, why = confine(f"cardnight-pi-{os.getpid()}", args.cpu, int(args.write_mbps * 2**20),
                               args.write_iops, tmp / "data", args.period_ms)
    server.confinement = confinement
    print(confinement.note if confinement else why, flush=True)
    server.start()
    stop = asyncio.Event()
    sockets: list[SocketPage] = []
    logs: list[Log] = []
    try:
        async with async_playwright() as pw, httpx.AsyncClient(base_url=server.url, timeout=60) as http:
            browser = await pw.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
            live = LiveStates()
            tables = [await friends_table(browser, server.url, live, n) for n in range(args.tables)]
            pace_logs = []
            for n in range(args.computer_tables):
                made = await http.get(COMPUTER_TABLE)
                code = made.headers["location"].rstrip("/").rsplit("/", 1)[1]
                await http.post(f"/test/autoplay/{code}")
                pace_logs.append(Log())
                sockets.append(SocketPage(server.url, f"/tv/{code}", f"tv-c{n}", pace_logs[-1]))
            for n, (_host, code, _tokens) in enumerate(tables):
                logs.append(Log())
                sockets.append(SocketPage(server.url, f"/tv/{code}", f"tv-{n}", logs[-1]))
            for s in sockets:
                s.start()
            # the measured stretch starts once every TV is open (their pages built): play, not the opening of the TVs
            for s in sockets:
                await asyncio.to_thread(s.ready.wait, 60)
            await asyncio.sleep(2)
            for host, _code, _tokens in tables:
                await host.evaluate("() => { const c = window.__cn; c.clicks = []; c.versions = []; }")
            cpu0 = cpu_seconds(server.proc.pid) if server.proc else 0.0
            group0 = confinement.cpu_seconds() if confinement else 0.0
            profile_signal(server, signal.SIGUSR1)  # (tests/bench/cprofile_hook: its profile starts)
            home: list[float] = []
            slow_home: list[tuple[float, float]] = []
            t0 = time.time()
            tasks = [asyncio.create_task(home_page(server.url, stop, home, slow_home))]
            review = asyncio.create_task(review_mark(browser, http, server.url))
            for n, (host, code, tokens) in enumerate(tables):
                tasks.append(asyncio.create_task(host_plays(host, live, args.think, stop)))
                for k, token in enumerate(tokens):
                    tasks.append(asyncio.create_task(program_seat(http, code, token, f"seat-{n}.{k + 1}", logs[n],
                                                                  args.think, stop, seed=97 * n + k)))
            await asyncio.sleep(args.seconds)
            stop.set()
            moves = await asyncio.gather(*tasks, return_exceptions=True)
            elapsed = time.time() - t0
            mark = await review
            server_cpu = (cpu_seconds(server.proc.pid) if server.proc else 0.0) - cpu0
            profile_signal(server, signal.SIGUSR2)
            group_cpu = (confinement.cpu_seconds() - group0) if confinement else 0.0
            for n, (host, _code, _tokens) in enumerate(tables):
                page_log(await host.evaluate("() => window.__cn"), f"page-{n}", logs[n])
            await browser.close()
        failures = [repr(m) for m in moves if isinstance(m, BaseException)]
        throttled = confinement.throttled() if confinement else ""
    finally:
        stop.set()
        for s in sockets:
            s.stop()
        server.stop()
        if confinement is not None:
            confinement.remove()
    errors = server.errors()
    lat: dict[str, list[float]] = {}
    for log in logs:
        for kind, values in log.latencies().items():
            lat.setdefault(kind, []).extend(values)
    gaps = [b[0] - a[0] for log in pace_logs for s in log.seen.values() for a, b in zip(s, s[1:], strict=False)]
    return {"lat": lat, "gaps": gaps, "mark": mark, "home": home, "slow_home": slow_home, "elapsed": elapsed,
            "server_cpu": server_cpu,
            "pool_cpu": max(0.0, group_cpu - server_cpu) if confinement else None,
            "moves": sum(len(log.moves) for log in logs), "failures": failures, "errors": errors,
            "socket_errors": [s.error for s in sockets if s.error], "throttled": throttled,
            "load": os.getloadavg()[0], "confined": confinement is not None}


def percentile(xs: list[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def interval(xs: list[float], q: float, rng: random.Random, rounds: int = 1000) -> tuple[float, float]:
    """A 95% bootstrap interval of the ``q`` quantile."""
    picks = sorted(percentile(rng.choices(xs, k=len(xs)), q) for _ in range(rounds))
    return picks[int(0.025 * rounds)], picks[int(0.975 * rounds)]


def quantiles(xs: list[float], scale: float = 1000.0, unit: str = "ms") -> str:
    if not xs:
        return "N=0"
    rng = random.Random(1)
    out = [f"N={len(xs)}"]
    for name, q in (("p50", 0.5), ("p95", 0.95)):
        lo, hi = interval(xs, q, rng)
        out.append(f"{name} {percentile(xs, q) * scale:.0f} {unit} [{lo * scale:.0f}–{hi * scale:.0f}]")
    out.append(f"max {max(xs) * scale:.0f} {unit}")
    return ", ".join(out)


def report(label: str, res: dict, args: argparse.Namespace) -> None:
    print(f"== {label}: {res['moves']} moves at {args.tables} friends tables in {res['elapsed']:.0f} s "
          f"(load {res['load']:.1f}; {'confined' if res['confined'] else 'UNCONFINED'}; {res['throttled']})")
    names = {"every": "every other seat and the TV", "page": "Chromium host pages", "seat": "seat API clients",
             "tv": "TV sockets"}
    for kind, values in res["lat"].items():
        print(f"  move -> {names.get(kind, kind):<28} {quantiles(values)}")
    gaps = res["gaps"]
    late = sum(g > 1.5 for g in gaps)
    print(f"  computer tables, time between moves (set: 1 s): {quantiles(gaps)}; over 1.5 s: {late}")
    mark, what = res["mark"]
    print(f"  first review mark after the game's end: {'none' if mark is None else f'{mark:.1f} s'} ({what})")
    print(f"  home page answer: {quantiles(res['home'])}")
    if res.get("slow_home"):
        print("  home answers over 300 ms (s from the start: ms): "
              + ", ".join(f"{at:.0f}: {took * 1000:.0f}" for at, took in res["slow_home"]))
    if res["moves"]:
        per_move = 1000 * res["server_cpu"] / res["moves"]
        print(f"  server CPU per move (the server process, not its pool): {per_move:.1f} ms")
    if res.get("pool_cpu") is not None:
        print(f"  the pool's CPU (computer players, reviews): {res['pool_cpu']:.1f} s in {res['elapsed']:.0f} s, "
              f"the server's {res['server_cpu']:.1f} s")
    for problem in (*res["failures"], *res["socket_errors"], *res["errors"][:3]):
        print(f"  ! {problem[:200]}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("seconds", nargs="?", type=float, default=60.0)
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--think", type=float, default=1.0, help="seconds between a seat's turn and its move")
    ap.add_argument("--computer-tables", type=int, default=2)
    ap.add_argument("--cpu", type=float, default=0.25, help="the server's share of one core")
    ap.add_argument("--period-ms", type=float, default=100.0,
                    help="the CFS period of the CPU share (the kernel's default 100 ms stalls bursts; 10 is smoother)")
    ap.add_argument("--write-mbps", type=float, default=3.0)
    ap.add_argument("--write-iops", type=int, default=200)
    ap.add_argument("--against", action="append", default=[])
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    commits = [("working tree", ROOT)] + [(rev, worktree(rev)) for rev in args.against]
    results: dict[str, list[dict]] = {label: [] for label, _ in commits}
    try:
        for n in range(args.rounds):
            for label, root in commits if n % 2 == 0 else commits[::-1]:
                res = asyncio.run(one_round(root, args))
                results[label].append(res)
                report(label, res, args)
    finally:
        for _label, root in commits[1:]:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(root)], check=False,
                           capture_output=True)
    if len(commits) > 1:
        print("== all rounds together")
        for label, runs in results.items():
            every = [x for r in runs for x in r["lat"].get("every", [])]
            home = [x for r in runs for x in r["home"]]
            print(f"  {label:<14} move -> others {quantiles(every)}; home {quantiles(home)}; "
                  f"review marks {[None if r['mark'][0] is None else round(r['mark'][0], 1) for r in runs]}")


if __name__ == "__main__":
    main()
