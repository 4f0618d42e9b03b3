"""Where a page's work per move goes: a Chromium trace of one friends table, and the bytes of each region's redraw.

    python tests/bench/latency_trace.py [ACTIONS=40] [--throttle 1] [--root PATH]

Opens one President friends table of four pages (a laptop host, three phones) as bench_latency.py does, plays
ACTIONS actions (1 s apart) with Chromium's tracing on (the DevTools timeline categories), and prints per page
update (each action changes the 4 pages):

- main-thread time of the renderers by kind: script (tasks running JavaScript: the socket message, Vue's
  render, motion), style (recalculation), layout, paint (pre-paint, paint, layerize, commit), and the rest, and
  how many layouts were forced by a script (a read of a box after a write: layout thrash);
- the elements of the page and of each region (``data-region``) at the end;
- the bytes of the ``update`` messages the pages received, by the region each updated element lies in (its
  nearest ``data-region``; "page" for elements outside every region, e.g. the table root's attributes);
- animations started (``Element.animate``: cards travelling, assets/motion.js) per page update, and in how many
  batches (the updates that animate at all);
- the renderers' CPU by thread (/proc, with tracing on: main, compositor, workers).

``--root`` runs the app of another checkout (e.g. a git worktree of an older commit) for a comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.async_api import async_playwright  # noqa: E402

from tests.bench.bench_latency import play_table  # noqa: E402
from tests.bench.latency_pages import LiveStates, Traffic, open_table  # noqa: E402
from tests.bench.latency_report import cpu_by_process  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, Server, chromium_executable, free_port  # noqa: E402

# the update messages a page receives, by region: NiceGUI sends socket.io frames '42["update",{"<id>": {...}}]'
# (elements keyed by id; the DOM element of id N is #cN), read once the page has drawn them
REGION_BYTES_JS = """() => {
  const cn = window.__cnRegions = {bytes: {}, elements: {}, messages: 0, samples: []};
  const WS = window.WebSocket;
  const Wrapped = function (...args) {
    const ws = new WS(...args);
    ws.addEventListener('message', (e) => {
      if (!window.__cnCount || typeof e.data !== 'string' || !e.data.startsWith('42')) return;
      let msg;
      try { msg = JSON.parse(e.data.slice(2)); } catch (err) { return; }
      if (!Array.isArray(msg)) return;
      const kind = msg[0];
      const body = msg[1] || {};
      const sizes = kind === 'update' ? Object.entries(body).map(([id, el]) => [id, JSON.stringify(el).length])
                                      : [['', e.data.length]];
      cn.messages += 1;
      if (cn.samples.length < 30) cn.samples.push(e.data);
      setTimeout(() => {
        for (const [id, n] of sizes) {
          let where = kind === 'update' ? 'page' : 'other: ' + kind;
          const el = id ? document.getElementById('c' + id) : null;
          const region = el && el.closest('[data-region]');
          if (region) where = region.dataset.region;
          else if (id && !el) where = 'gone';
          cn.bytes[where] = (cn.bytes[where] || 0) + n;
          cn.elements[where] = (cn.elements[where] || 0) + 1;
        }
      }, 0);
    });
    return ws;
  };
  Wrapped.prototype = WS.prototype;
  Object.assign(Wrapped, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Wrapped;
}"""

COUNT_JS = """() => {
  const out = {page: document.querySelectorAll('*').length};
  for (const r of document.querySelectorAll('[data-region]')) {
    const name = r.dataset.region;
    out[name] = (out[name] || 0) + r.querySelectorAll('*').length;
  }
  return out;
}"""

KINDS = {
    "script": ("FunctionCall", "EvaluateScript", "v8.compile", "TimerFire", "FireAnimationFrame", "EventDispatch",
               "RunMicrotasks", "V8.GCScavenger", "MajorGC", "MinorGC", "V8.GC_MC_BACKGROUND_MARKING"),
    "style": ("UpdateLayoutTree", "RecalculateStyles", "ParseAuthorStyleSheet"),
    "layout": ("Layout",),
    "paint": ("PrePaint", "Paint", "PaintImage", "Layerize", "UpdateLayer", "Commit", "CompositeLayers",
              "UpdateLayerTree", "Decode Image", "Rasterize"),
}


def batches(started: list[list[list[float]]]) -> int:
    """Animations started together (within 50 ms on one page) make one batch: one update's cards travelling."""
    count = 0
    for page in started:
        last = -1e18
        for t, _ms in sorted(page):
            if t - last > 50:
                count += 1
            last = t
    return count


def main_threads(events: list[dict]) -> set[tuple[int, int]]:
    """(pid, tid) of every renderer's main thread."""
    return {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}


def breakdown(events: list[dict]) -> tuple[dict[str, float], int]:
    """Main-thread seconds by kind, outermost events only (a layout inside a script counts as layout, once), and
    the layouts forced by a script."""
    mains = main_threads(events)
    by_thread: dict[tuple[int, int], list[dict]] = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and (e["pid"], e["tid"]) in mains and "dur" in e:
            by_thread[(e["pid"], e["tid"])].append(e)
    kind_of = {name: kind for kind, names in KINDS.items() for name in names}
    totals: dict[str, float] = defaultdict(float)
    forced = 0
    for evs in by_thread.values():
        evs.sort(key=lambda e: (e["ts"], -e["dur"]))
        stack: list[tuple[float, str]] = []  # (end, kind) of the enclosing classified events
        for e in evs:
            while stack and stack[-1][0] <= e["ts"]:
                stack.pop()
            if e["name"] == "RunTask" and not stack:
                totals["task (all)"] += e["dur"] / 1e6
                continue
            kind = kind_of.get(e["name"])
            if kind is None:
                continue
            outer = stack[-1][1] if stack else None
            if kind == "layout" and outer == "script":
                forced += 1
            if outer is None:
                totals[kind] += e["dur"] / 1e6
            elif outer == "script" and kind in ("style", "layout"):  # forced by a script: move it out of script
                totals[kind] += e["dur"] / 1e6
                totals["script"] -= e["dur"] / 1e6
            stack.append((e["ts"] + e["dur"], kind if outer is None else outer))
    totals["other"] = totals["task (all)"] - sum(totals[k] for k in KINDS)
    return dict(totals), forced


async def run(args: argparse.Namespace) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="cn-bench-trace-"))
    server = Server(tmp / "data", free_port())
    if args.root:
        server.root = Path(args.root).resolve()
    server.start()
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=chromium_executable(),
                                               args=CHROMIUM_ARGS)
            live = LiveStates()
            pages = await open_table(browser, server, Traffic(), live, 0, "president", init_scripts=(REGION_BYTES_JS,))
            for p in pages:
                if args.no_motion:  # what motion costs: the page as with the "Animations" setting off
                    await p.evaluate("() => document.body.classList.add('no-motion')")
                if args.throttle > 1:
                    cdp = await p.context.new_cdp_session(p)
                    await cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                await p.evaluate("() => { window.__cnCount = true; window.__cn.moves = []; }")
            await browser.start_tracing(categories=["devtools.timeline", "disabled-by-default-devtools.timeline",
                                                    "v8", "blink.user_timing"])
            cpu0 = cpu_by_process()
            made = await play_table(pages, [args.actions], 1.0, live)
            await asyncio.sleep(1.0)
            cpu1 = cpu_by_process()
            trace = json.loads(await browser.stop_tracing())
            regions = [await p.evaluate("() => window.__cnRegions") for p in pages]
            counts = [await p.evaluate(COUNT_JS) for p in pages]
            started = [await p.evaluate("() => window.__cn.moves") for p in pages]
            await browser.close()
    finally:
        server.stop()
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    if args.save:
        Path(args.save).write_text(json.dumps(events))
    totals, forced = breakdown(events)
    moves = sum(len(m) for m in started)
    updates = max(1, made * 4)
    print(f"# latency_trace: 1 President table x 4 pages, {made} actions ({updates} page updates), "
          f"CPU throttled x{args.throttle:g}; {args.root or 'working tree'}")
    print("main thread per page update (ms):", ", ".join(f"{k} {v / updates * 1000:.1f}" for k, v in totals.items()))
    print("CPU per page update (ms, tracing on):", ", ".join(
        f"{k.strip(' .')} {(cpu1[k] - cpu0[k]) / updates * 1000:.1f}" for k in cpu0 if "render" in k or "gpu" in k))
    print(f"layouts forced by a script: {forced / updates:.2f} per page update; "
          f"animations started: {moves / updates:.1f} per page update, in {batches(started) / updates:.2f} batches "
          "(each costs Chromium about 7 frames of the page's main thread and 13 of its compositor thread)")
    print("elements per page (host, phones):", "; ".join(
        ", ".join(f"{k} {v}" for k, v in c.items()) for c in counts[:2]))
    if args.dump:
        Path(args.dump).write_text("\n".join(regions[1]["samples"]))
    total: dict[str, int] = defaultdict(int)
    elements: dict[str, int] = defaultdict(int)
    for r in regions:
        for k, v in r["bytes"].items():
            total[k] += v
        for k, v in r["elements"].items():
            elements[k] += v
    print("update bytes per page update, by region (elements updated):")
    for k, v in sorted(total.items(), key=lambda kv: -kv[1]):
        print(f"  {k:<28}{v / updates:>8.0f} B  ({elements[k] / updates:.1f} elements)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("actions", nargs="?", type=int, default=40)
    ap.add_argument("--throttle", type=float, default=1.0)
    ap.add_argument("--no-motion", action="store_true", help="cards do not travel (body.no-motion)")
    ap.add_argument("--dump", default="", help="write a phone's first 30 messages to this file")
    ap.add_argument("--save", default="", help="write the trace's events to this JSON file")
    ap.add_argument("--root", default="", help="run the app of this checkout instead of the working tree")
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
