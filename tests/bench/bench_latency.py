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
page at that table shows a new version (and per page). Target (issue 8): p95 <= 100 ms. Websocket traffic:
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
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.async_api import Browser, Page, async_playwright  # noqa: E402
from playwright.async_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from tests.e2e.conftest import CHROMIUM_ARGS, Server, free_port  # noqa: E402

TARGET_P95 = 0.100
TARGET_BYTES = 5 * 1024
ACTION_BUTTONS = ("btn-play", "btn-pass", "btn-give", "btn-next-hand")

PROBE_JS = """
(() => {
  const cn = window.__cn = {versions: [], clicks: [], frames: [], last: null};
  const now = () => performance.timeOrigin + performance.now();
  const WS = window.WebSocket;  // note when each websocket message arrives, before the page handles it
  const Wrapped = function (...args) {
    const ws = new WS(...args);
    ws.addEventListener('message', (e) => {
      cn.frames.push([now(), typeof e.data === 'string' ? e.data.length : (e.data.byteLength || e.data.size || 0)]);
    });
    return ws;
  };
  Wrapped.prototype = WS.prototype;
  Object.assign(Wrapped, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Wrapped;
  let told = '';
  const check = () => {
    const el = document.querySelector('[data-testid=table]');
    const v = el ? el.getAttribute('data-version') : null;
    if (v !== null && v !== cn.last) { cn.last = v; cn.versions.push([now(), v]); }
    if (el && window.__cnState) {  // tell the driver when this page's table state changes: it never polls
      const d = el.dataset, state = {phase: d.phase || '', turn: d.turn || '', seat: d.seat || '', version: v || ''};
      const key = JSON.stringify(state);
      if (key !== told) { told = key; window.__cnState(state); }
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true,
                                                 attributeFilter: ['data-version', 'data-turn', 'data-phase']});
  document.addEventListener('click', (e) => {
    const b = e.target && e.target.closest ? e.target.closest('[data-testid]') : null;
    const id = b ? b.getAttribute('data-testid') : '';
    if (/^btn-(play|pass|give|next-hand)$/.test(id)) {
      const el = document.querySelector('[data-testid=table]');
      cn.clicks.push([now(), id, el ? el.getAttribute('data-version') : null]);
    }
  }, true);
})();
"""

STATE_JS = """() => {
  const el = document.querySelector('[data-testid=table]');
  if (!el) return null;
  return {phase: el.dataset.phase || '', turn: el.dataset.turn || '', seat: el.dataset.seat || '',
          version: el.dataset.version || ''};
}"""


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


class Traffic:
    """Websocket bytes per page, counted only while ``on`` is set."""

    def __init__(self) -> None:
        self.on = False
        self.received: dict[int, int] = {}
        self.sent: dict[int, int] = {}

    def attach(self, page: Page) -> None:
        key = id(page)
        self.received[key] = self.sent[key] = 0

        def size(payload: str | bytes) -> int:
            return len(payload.encode()) if isinstance(payload, str) else len(payload)

        def on_ws(ws) -> None:  # noqa: ANN001
            def rx(payload: str | bytes) -> None:
                if self.on:
                    self.received[key] += size(payload)

            def tx(payload: str | bytes) -> None:
                if self.on:
                    self.sent[key] += size(payload)

            ws.on("framereceived", rx)
            ws.on("framesent", tx)

        page.on("websocket", on_ws)


async def choose(page: Page, testid: str, option: str) -> None:
    await page.click(f"[data-testid={testid}]")
    await page.get_by_role("option", name=option, exact=True).click()
    await page.wait_for_timeout(150)


TOUCH_PAGES: set[int] = set()  # pages that act by tapping (phones), the others click with a mouse


async def new_page(browser: Browser, traffic: Traffic, live: LiveStates, phone: bool) -> Page:
    """A laptop (1280x800, mouse) or a phone (390x844, touch: it taps, as people do on phones)."""
    if phone:
        context = await browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    else:
        context = await browser.new_context(viewport={"width": 1280, "height": 800})
    await live.attach(context)
    await context.add_init_script(PROBE_JS)
    page = await context.new_page()
    traffic.attach(page)
    if phone:
        TOUCH_PAGES.add(id(page))
    return page


async def touch(page: Page, selector: str, **kwargs: Any) -> None:
    """Tap on a phone, click on a laptop. ``force``: the driver has just looked that the control is there and
    usable, so Playwright's own checks (several animation frames of waiting in the page) are skipped."""
    locator = page.locator(selector)
    if id(page) in TOUCH_PAGES:
        await locator.tap(force=True, **kwargs)
    else:
        await locator.click(force=True, **kwargs)


async def open_table(browser: Browser, server: Server, traffic: Traffic, live: LiveStates, n: int,
                     game: str) -> list[Page]:
    host = await new_page(browser, traffic, live, phone=False)
    await host.goto(server.url)
    await host.click(f"[data-testid=friends-{game}]")
    await host.wait_for_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    code = (await host.locator("[data-testid=join-code]").inner_text()).strip()
    await choose(host, "opt-turn-timer", "Off")
    pages = [host]
    for j in range(1, 4):
        guest = await new_page(browser, traffic, live, phone=True)
        await guest.goto(f"{server.url}/table/{code}")
        await guest.fill("[data-testid=join-name]", f"T{n} guest {j}")
        await guest.click("[data-testid=btn-join]")
        await guest.locator(f"[data-testid=seat-{j}]").filter(has_text=f"T{n} guest {j}").wait_for()
        pages.append(guest)
    start = host.locator("[data-testid=btn-start]")
    for _ in range(100):
        if await start.is_enabled():
            break
        await host.wait_for_timeout(100)
    await start.click()
    for page in pages:
        await page.wait_for_function("() => ['play', 'exchange'].includes("
                                     "document.querySelector('[data-testid=table]')?.dataset.phase)")
    return pages


UNTIL_JS = """([expr, ms]) => new Promise((resolve) => {
  const test = new Function(`try { return !!(${expr}); } catch (e) { return false; }`);
  if (test()) { resolve(true); return; }
  const obs = new MutationObserver(() => { if (test()) { obs.disconnect(); clearTimeout(timer); resolve(true); } });
  obs.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  const timer = setTimeout(() => { obs.disconnect(); resolve(test()); }, ms);
})"""


async def until(page: Page, expr: str, timeout_ms: int = 5_000) -> None:
    """Wait until a JS expression holds in the page: one call that a MutationObserver answers. Playwright's
    wait_for_function polls instead, and 16 pages' polling took a quarter of this machine away from the test."""
    if not await page.evaluate(UNTIL_JS, [expr, timeout_ms]):
        raise PlaywrightTimeout(f"waited {timeout_ms} ms for {expr}")


ENABLED_JS = """(id) => { const b = document.querySelector(`[data-testid=${id}]`);
  return !!b && !b.disabled && b.getClientRects().length > 0; }"""


async def enabled(page: Page, testid: str) -> bool:
    """Is the button there, shown and enabled (one look: it may go away at any moment)?"""
    return await page.evaluate(ENABLED_JS, testid)


async def hand(page: Page) -> list[str]:
    return await page.locator("[data-testid=hand] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


async def press(page: Page, testid: str, version: str) -> bool:
    """Click a button; False if it went away because the table moved on meanwhile (e.g. a practice table's next
    hand began by itself), an error if it is still there and cannot be clicked."""
    try:
        await touch(page, f"[data-testid={testid}]", timeout=5_000)
        return True
    except PlaywrightTimeout:
        now = await page.evaluate(STATE_JS)
        if now and now["version"] != version:
            return False
        raise


async def act(page: Page, state: dict) -> bool:
    """One simple legal President move for this page, if it is its turn. True if it clicked."""
    phase = state["phase"]
    if state["seat"] == "" or state["seat"] not in state["turn"].split(","):
        return False
    version = state["version"]
    if phase == "hand-over" and await enabled(page, "btn-next-hand"):
        if not await press(page, "btn-next-hand", version):
            return False
    elif phase == "exchange" and await page.locator("[data-testid=btn-give]").count():
        reason = await page.locator("[data-testid=btn-give]").get_attribute("data-reason") or ""
        m = re.search(r"Select (\d)", reason)
        for code in (await hand(page))[: int(m.group(1)) if m else 0]:
            await touch(page, f"[data-testid=hand] [data-card='{code}']", position={"x": 8, "y": 24})
            await until(page, f"""document.querySelector(
                "[data-testid=hand] [data-card='{code}']")?.getAttribute('aria-pressed') === 'true'""")
        await until(page, "document.querySelector('[data-testid=btn-give]')?.disabled === false")
        if not await press(page, "btn-give", version):
            return False
    elif phase == "play":
        if await enabled(page, "btn-pass"):
            if not await press(page, "btn-pass", version):
                return False
        else:
            codes = await hand(page)
            if not codes:
                return False
            await touch(page, f"[data-testid=hand] [data-card='{codes[0]}']", position={"x": 8, "y": 24})
            await until(page, "document.querySelector('[data-testid=btn-play]')?.disabled === false")
            if not await press(page, "btn-play", version):
                return False
    else:
        return False
    before = state["version"]
    await until(page, f"document.querySelector('[data-testid=table]')?.dataset.version !== '{before}'", 15_000)
    return True


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


class LiveStates:
    """The newest table state of every page, pushed by the page (PROBE_JS calls ``__cnState``)."""

    def __init__(self) -> None:
        self.states: dict[int, dict] = {}
        self.wakers: list[asyncio.Event] = []

    def waker(self) -> asyncio.Event:
        event = asyncio.Event()
        self.wakers.append(event)
        return event

    async def attach(self, context) -> None:  # noqa: ANN001
        def told(source: dict, state: dict) -> None:
            self.states[id(source["page"])] = state
            for event in self.wakers:
                event.set()

        await context.expose_binding("__cnState", told)


def read_save_timing(path: Path) -> dict[str, list[tuple[int, float, float, float]]]:
    """The server's notes (ui/save_timing.py): per table, (version, changed, file replaced, pages told)."""
    out: dict[str, list[tuple[int, float, float, float]]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            code, version, *times = line.split()
            out.setdefault(code, []).append((int(version), *(float(t) for t in times)))
    return out


def server_share(data: list[dict], saves: list[tuple[int, float, float, float]]) -> dict[str, list[float]]:
    """Where the time of each click went, matched to the server's note for the version it made (one clock:
    the pages' performance.timeOrigin and the server's time.time() are both wall-clock on this machine)."""
    out: dict[str, list[float]] = {" . click -> server makes the change (ms)": [],
                                   " . change -> its file replaced (ms)": [],
                                   " . file replaced -> pages told (ms)": [],
                                   " . pages told -> first ws message (ms)": []}
    parts = list(out.values())
    for i, d in enumerate(data):
        for t0, _id, v0 in d["clicks"]:
            click = t0 / 1000
            note = next((n for n in saves if n[0] > int(v0 or -1) and n[1] >= click - 0.05), None)
            if note is None:
                continue
            _v, changed, written, told = note
            firsts = [next((t / 1000 for t, _n in other["frames"] if t / 1000 >= told), None)
                      for j, other in enumerate(data) if j != i]
            firsts = [f for f in firsts if f is not None]
            for part, value in zip(parts, (changed - click, written - changed, told - written,
                                           (min(firsts) - told) if firsts else None), strict=True):
                if value is not None:
                    part.append(max(0.0, value))
    return out


def latencies(data: list[dict]) -> dict[str, list[float]]:
    """Per action: time until every other page showed a new version ("every"); per (action, other page):
    the same ("each") and the arrival of the first websocket message after the click ("frame")."""
    out: dict[str, list[float]] = {"every": [], "each": [], "frame": []}
    for i, d in enumerate(data):
        for t0, _id, v0 in d["clicks"]:
            per_page, frames = [], []
            for j, other in enumerate(data):
                if j == i:
                    continue
                seen = next((t for t, v in other["versions"] if t >= t0 - 1 and int(v) > int(v0 or -1)), None)
                if seen is not None:
                    per_page.append(max(0.0, seen - t0) / 1000)
                first = next((t for t, _n in other["frames"] if t >= t0), None)
                if first is not None and seen is not None and first <= seen + 1:
                    frames.append(max(0.0, first - t0) / 1000)
            if len(per_page) == len(data) - 1:
                out["every"].append(max(per_page))
                out["each"].extend(per_page)
                out["frame"].extend(frames)
    return out


RENDERER_METRICS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration")


async def renderer_metrics(cdp) -> dict[str, float]:  # noqa: ANN001
    """Main-thread seconds a page's renderer spent so far (Chromium's Performance domain)."""
    got = await cdp.send("Performance.getMetrics")
    return {m["name"]: m["value"] for m in got["metrics"] if m["name"] in RENDERER_METRICS}


def cpu_by_process() -> dict[str, float]:
    """CPU seconds used so far by the processes on the machine, grouped: Chromium's renderers (the pages), its
    GPU process (compositing, in software here), its browser process, audio and network services; the driver
    (Playwright's node and this script); the rest ("other", which includes the server)."""
    out = {"pages (renderers)": 0.0, "compositor (gpu process)": 0.0, "browser process": 0.0, "audio service": 0.0,
           "network service": 0.0, "driver": 0.0, "other": 0.0}
    tick = os.sysconf("SC_CLK_TCK")
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            name, rest = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        fields = rest.split()
        seconds = (int(fields[11]) + int(fields[12])) / tick
        comm = name.split("(", 1)[1]
        if "chrom" in comm:
            group = ("pages (renderers)" if b"--type=renderer" in cmdline else
                     "compositor (gpu process)" if b"--type=gpu-process" in cmdline else
                     "audio service" if b"audio.mojom" in cmdline else
                     "network service" if b"network.mojom" in cmdline else "browser process")
        elif comm.startswith("node") or int(pid) == os.getpid():
            group = "driver"
        else:
            group = "other"
        out[group] += seconds
    return out


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
    per_page_rx = rx / max(1, actions) / 4
    print(f"# bench_latency: {args.tables} {args.game} friends tables x 4 pages, {actions} actions in {elapsed:.0f} s "
          f"(think {args.think} s); load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'figure':<46}{'p50':>10}{'p95':>10}{'max':>10}{'target':>10}  ok")
    every = lat["every"]
    ok = pct(every, 0.95) <= TARGET_P95
    print(f"{'click -> all 3 other pages updated (ms)':<46}{statistics.median(every) * 1000:>10.1f}"
          f"{pct(every, 0.95) * 1000:>10.1f}{max(every) * 1000:>10.1f}{TARGET_P95 * 1000:>10.0f}  "
          f"{'yes' if ok else 'NO'}  (n={len(every)})")
    for key, name in (("each", "click -> one other page updated (ms)"),
                      ("frame", "click -> first ws message at another page (ms)")):
        xs = lat[key]
        print(f"{name:<46}{statistics.median(xs) * 1000:>10.1f}{pct(xs, 0.95) * 1000:>10.1f}"
              f"{max(xs) * 1000:>10.1f}{'':>10}  (n={len(xs)})")
    for name, xs in server_side.items():
        if xs:
            print(f"{name:<46}{statistics.median(xs) * 1000:>10.1f}{pct(xs, 0.95) * 1000:>10.1f}"
                  f"{max(xs) * 1000:>10.1f}{'':>10}  (n={len(xs)})")
    print(f"{'ws bytes received per page per action':<46}{per_page_rx:>10,.0f}{'':>20}{TARGET_BYTES:>10,}  "
          f"{'yes' if per_page_rx <= TARGET_BYTES else 'NO'}")
    print(f"{'ws bytes received, all 4 pages, per action':<46}{rx / max(1, actions):>10,.0f}")
    print(f"{'ws bytes sent by the pages per action':<46}{tx / max(1, actions):>10,.0f}")
    print(f"{'server CPU per action (ms)':<46}{server_cpu / max(1, actions) * 1000:>10.1f}")
    for group in machine0:
        used = machine1[group] - machine0[group] - (server_cpu if group == "other" else 0.0)
        print(f"{'CPU per action, ' + group + ' (ms)':<46}{used / max(1, actions) * 1000:>10.1f}")
    updates = actions * 4  # every action changes the 4 pages of its table
    for name in RENDERER_METRICS:
        spent = sum(m1[name] - m0[name] for m0, m1 in zip(metrics0, metrics1, strict=True))
        print(f"{'page main thread per page update, ' + name.removesuffix('Duration') + ' (ms)':<46}"
              f"{spent / max(1, updates) * 1000:>10.1f}")
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
