"""Page side of bench_latency.py: the probe each page runs, and the driver that opens tables and plays in them.

The probe (PROBE_JS) notes clicks, versions and websocket messages in ``window.__cn`` and pushes each change of the
page's table state to the driver (LiveStates); the driver waits with MutationObserver promises, never polls.
"""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, WebSocket
from playwright.async_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import Server

ACTION_BUTTONS = ("btn-play", "btn-pass", "btn-give", "btn-next-hand")

PROBE_JS = """
(() => {
  const cn = window.__cn = {versions: [], clicks: [], frames: [], last: null, long: [], moves: [], taps: []};
  const now = () => performance.timeOrigin + performance.now();
  // main-thread tasks of 50 ms or more, and when an animation (a card travelling, assets/motion.js) started and for
  // how long: a long task that overlaps one made the card stutter
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((e) => cn.long.push(
      [performance.timeOrigin + e.startTime, e.duration]))).observe({type: 'longtask'});
  } catch (e) { /* no longtask timing in this browser */ }
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const ms = typeof options === 'number' ? options : (options && options.duration) || 0;
    cn.moves.push([now(), ms]);
    return animate.call(this, frames, options);
  };
  // a tap on a card of the hand: from the pointerdown (its own time stamp) until the card shows it (aria-pressed)
  let tap = null;
  const pressed = (code) => {
    const el = document.querySelector(`[data-testid=hand] [data-card='${code}']`);
    return el ? el.getAttribute('aria-pressed') : null;
  };
  document.addEventListener('pointerdown', (e) => {
    const card = e.target && e.target.closest ? e.target.closest('[data-testid=hand] [data-card]') : null;
    const code = card && card.dataset.card;
    if (card) tap = {t0: performance.timeOrigin + e.timeStamp, code, was: pressed(code)};
  }, true);
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
    if (tap && now() - tap.t0 > 5000) tap = null;  // a tap that changed nothing
    if (tap && pressed(tap.code) !== tap.was) { cn.taps.push(now() - tap.t0); tap = null; }
    if (el && window.__cnState) {  // tell the driver when this page's table state changes: it never polls
      const d = el.dataset, state = {phase: d.phase || '', turn: d.turn || '', seat: d.seat || '', version: v || ''};
      const key = JSON.stringify(state);
      if (key !== told) { told = key; window.__cnState(state); }
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true,
    attributeFilter: ['data-version', 'data-turn', 'data-phase', 'aria-pressed']});
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

        def on_ws(ws: WebSocket) -> None:
            def rx(payload: str | bytes) -> None:
                if self.on:
                    self.received[key] += size(payload)

            def tx(payload: str | bytes) -> None:
                if self.on:
                    self.sent[key] += size(payload)

            ws.on("framereceived", rx)
            ws.on("framesent", tx)

        page.on("websocket", on_ws)


class LiveStates:
    """The newest table state of every page, pushed by the page (PROBE_JS calls ``__cnState``)."""

    def __init__(self) -> None:
        self.states: dict[int, dict] = {}
        self.wakers: list[asyncio.Event] = []

    def waker(self) -> asyncio.Event:
        event = asyncio.Event()
        self.wakers.append(event)
        return event

    async def attach(self, context: BrowserContext) -> None:
        def told(source: dict, state: dict) -> None:
            self.states[id(source["page"])] = state
            for event in self.wakers:
                event.set()

        await context.expose_binding("__cnState", told)


async def choose(page: Page, testid: str, option: str) -> None:
    await page.click(f"[data-testid={testid}]")
    await page.get_by_role("option", name=option, exact=True).click()
    await page.wait_for_timeout(150)


TOUCH_PAGES: set[int] = set()  # pages that act by tapping (phones), the others click with a mouse
COLD_OPENS: list[float] = []  # seconds from a guest's first visit to the join form shown (bench_latency.py)
SLOWER = [1.0]  # how many times slower the pages' CPU is (bench_latency.py --throttle): the driver waits longer


async def new_page(browser: Browser, traffic: Traffic, live: LiveStates, phone: bool,
                   init_scripts: tuple[str, ...] = ()) -> Page:
    """A laptop (1280x800, mouse) or a phone (390x844, touch: it taps, as people do on phones)."""
    if phone:
        context = await browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    else:
        context = await browser.new_context(viewport={"width": 1280, "height": 800})
    await live.attach(context)
    await context.add_init_script(PROBE_JS)
    for script in init_scripts:
        await context.add_init_script(f"({script})()")
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
                     game: str, init_scripts: tuple[str, ...] = ()) -> list[Page]:
    host = await new_page(browser, traffic, live, phone=False, init_scripts=init_scripts)
    await host.goto(server.url)
    await host.click(f"[data-testid=friends-{game}]")
    await host.wait_for_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    code = (await host.locator("[data-testid=join-code]").inner_text()).strip()
    await choose(host, "opt-turn-timer", "Off")
    pages = [host]
    for j in range(1, 4):
        guest = await new_page(browser, traffic, live, phone=True, init_scripts=init_scripts)
        opened = time.perf_counter()  # a phone opens the invite link with nothing cached: the cold start
        await guest.goto(f"{server.url}/table/{code}")
        await guest.locator("[data-testid=join-name]").wait_for()
        COLD_OPENS.append(time.perf_counter() - opened)
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
        await touch(page, f"[data-testid={testid}]", timeout=5_000 * SLOWER[0])
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
