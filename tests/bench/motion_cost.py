"""What a card's travel costs the browser, and how often a page pays it (issue 50).

    python tests/bench/motion_cost.py [--batches 40] [--rounds 3] [--actions 60] [--no-faces] [--root PATH]

Three measurements, each printing the CPU of this bench's Chromium (/proc: the renderers, their main, compositor and
worker threads, and the GPU process) as a median over ROUNDS rounds with the rounds' range:

1. **floor**: a blank page with one card-sized box; BATCHES times, a batch of k boxes travels (``Element.animate``,
   translate, 200 or 120 ms), then 150 ms of rest; and the same time with nothing animated. The cost per batch is
   Chromium's frames: the main thread's frames at the start and around the end, the compositor thread's and the
   GPU process's every frame, however many boxes travel.
2. **table**: the same on a real table page (a practice President table on a phone, 390x844), with the hand's
   cards: the page's own layers, tiles and card faces make each frame dearer.
3. **census**: one friends table of four pages (as bench_latency.py) plays ACTIONS actions with motion on, then
   ACTIONS with motion off (the "Animations" setting: ``body.no-motion``), on fresh servers; prints the renderers'
   CPU per page update and the batches of animations per page update by kind: a play (a card travels to the
   trick; the mover's hand closes up in the same batch) or a trick cleared (its cards fade away: stand-ins, the
   only animations with ``fill: forwards``). ``--no-faces`` adds both again with the card faces' images taken away
   (blank white cards): what drawing the SVG faces costs, with motion and without.

CPU seconds come from /proc in clock ticks (10 ms): BATCHES=40 resolves 0.25 ms a batch.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.async_api import Page, async_playwright  # noqa: E402

from tests.bench.bench_latency import play_table  # noqa: E402
from tests.bench.latency_pages import LiveStates, Traffic, open_table  # noqa: E402
from tests.bench.latency_report import cpu_by_process  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, Server, chromium_executable, free_port  # noqa: E402

PARTS = {"renderers": "pages (renderers)", "main": " . renderers' main threads",
         "compositor": " . renderers' compositor threads",
         "workers": " . renderers' worker threads (raster, garbage collection)", "gpu": "compositor (gpu process)"}

BOX = "width:56px;height:80px;background:#fff;border:1px solid #999;border-radius:8px"
BLANK = f"<html><body style='margin:0'><div style='height:300px'></div>{f'<div data-box style={BOX!r}></div>' * 8}"

# k boxes travel together, n times, each batch followed by a rest; k = 0: the same time with nothing animated
BATCHES_JS = """async ([selector, k, n, ms]) => {
  const els = [...document.querySelectorAll(selector)].slice(0, Math.max(k, 1));
  const sleep = (t) => new Promise((r) => setTimeout(r, t));
  for (let i = 0; i < n; i++) {
    if (k === 0) { await sleep(ms); } else {
      await Promise.all(els.map((el) => el.animate(
        [{translate: '-120px -200px', scale: '0.6 0.6', opacity: 0.4}, {translate: '0 0', scale: '1', opacity: 1}],
        {duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)'}).finished));
    }
    await sleep(150);
  }
}"""

# every animation a page starts, by kind: a stand-in of a cleared card (fill: forwards) or a card on the page
KINDS_JS = """() => {
  window.__cnKinds = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    window.__cnKinds.push([performance.now(), options && options.fill === 'forwards' ? 'cleared' : 'play']);
    return animate.call(this, frames, options);
  };
}"""

NO_FACES_JS = """() => { const style = document.createElement('style');
  style.textContent = '.pcard.face { background-image: none !important; }'; document.head.appendChild(style); }"""

MY_TURN_JS = """() => { const t = document.querySelector('[data-testid=table]');
  return !!t && t.dataset.phase === 'play' && t.dataset.turn.split(',').includes(t.dataset.seat); }"""


def cpu_split(before: dict[str, float], after: dict[str, float], per: int) -> dict[str, float]:
    """Milliseconds of CPU per unit, by part."""
    return {name: (after[key] - before[key]) / per * 1000 for name, key in PARTS.items()}


def print_rows(title: str, rows: dict[str, list[dict[str, float]]]) -> None:
    print(f"\n{title} (ms, median [range] over rounds)")
    print(f"  {'':<22}" + "".join(f"{name:>20}" for name in PARTS))
    for label, runs in rows.items():
        cells = []
        for name in PARTS:
            values = [r[name] for r in runs]
            cells.append(f"{statistics.median(values):7.2f} [{min(values):.2f}–{max(values):.2f}]")
        print(f"  {label:<22}" + "".join(f"{c:>20}" for c in cells))


async def batch_costs(page: Page, selector: str, variants: dict[str, tuple[int, int]], batches: int,
                      rounds: int) -> dict[str, list[dict[str, float]]]:
    """CPU per batch of each variant (k boxes, duration), the variants' order alternating round by round."""
    rows: dict[str, list[dict[str, float]]] = {label: [] for label in variants}
    for r in range(rounds):
        order = list(variants.items()) if r % 2 == 0 else list(variants.items())[::-1]
        for label, (k, ms) in order:
            before = cpu_by_process()
            await page.evaluate(BATCHES_JS, [selector, k, batches, ms])
            rows[label].append(cpu_split(before, cpu_by_process(), batches))
    return rows


VARIANTS = {"nothing (200 ms rest)": (0, 200), "1 card, 200 ms": (1, 200), "3 cards, 200 ms": (3, 200),
            "8 cards, 200 ms": (8, 200), "1 card, 120 ms": (1, 120)}


async def floor_and_table(args: argparse.Namespace, server: Server) -> None:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        blank = await (await browser.new_context(viewport={"width": 390, "height": 844})).new_page()
        await blank.set_content(BLANK)
        await blank.wait_for_timeout(1000)
        print_rows("1. blank page: CPU per batch", await batch_costs(blank, "[data-box]", VARIANTS, args.batches,
                                                                     args.rounds))
        await blank.close()
        phone = await (await browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                                 is_mobile=True)).new_page()
        await phone.goto(server.url + "/new/president?players=4&bots=3&level=normal&seed=7&speed=0")
        await phone.wait_for_url(re.compile(r"/table/"))
        await phone.wait_for_function(MY_TURN_JS, timeout=30_000)  # the computers wait for this seat from here on
        await phone.wait_for_timeout(1500)
        print_rows("2. table page (phone, the hand's cards): CPU per batch",
                   await batch_costs(phone, "[data-testid=hand] [data-card]", VARIANTS, args.batches, args.rounds))
        await browser.close()


def batches_by_kind(kinds: list[list]) -> Counter:
    """Animations started within 50 ms of each other on one page are one batch (one update's cards)."""
    out: Counter = Counter()
    last, batch = -1e18, set()
    for t, kind in [*kinds, [1e18, None]]:
        if t - last > 50 and batch:
            out[" + ".join(sorted(batch))] += 1
            batch = set()
        if kind:
            batch.add(kind)
        last = t
    return out


async def census(args: argparse.Namespace) -> None:
    labels = ["motion on", "motion off"] + (["motion on, no faces", "motion off, no faces"] if args.no_faces else [])
    rows: dict[str, list[dict[str, float]]] = {label: [] for label in labels}
    for r in range(args.rounds):
        for label in (labels if r % 2 == 0 else labels[::-1]):
            server = Server(Path(tempfile.mkdtemp(prefix="cn-bench-motion-")) / "data", free_port())
            if args.root:
                server.root = Path(args.root).resolve()
            server.start()
            try:
                async with async_playwright() as pw:
                    browser = await pw.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
                    live = LiveStates()
                    pages = await open_table(browser, server, Traffic(), live, 0, "president")
                    for p in pages:
                        if label.startswith("motion off"):
                            await p.evaluate("() => document.body.classList.add('no-motion')")
                        if label.endswith("no faces"):
                            await p.evaluate(NO_FACES_JS)
                    await play_table(pages, [8], 1.0, live)  # warm up
                    for p in pages:
                        await p.evaluate(KINDS_JS)
                    before = cpu_by_process()
                    made = await play_table(pages, [args.actions], 1.0, live)
                    await asyncio.sleep(1.0)
                    updates = max(1, made * 4)
                    row = cpu_split(before, cpu_by_process(), updates)
                    kinds: Counter = Counter()
                    for p in pages:
                        kinds += batches_by_kind(await p.evaluate("() => window.__cnKinds"))
                    await browser.close()
            finally:
                server.stop()
            rows[label].append(row)
            print(f"  round {r}, {label}: {made} actions; batches per page update: "
                  + (", ".join(f"{k} {v / updates:.2f}" for k, v in sorted(kinds.items())) or "none"), flush=True)
    print_rows("3. a friends table (4 pages): CPU per page update", rows)


async def run(args: argparse.Namespace) -> None:
    print(f"# motion_cost: {args.batches} batches a measurement, {args.rounds} rounds; "
          f"{args.root or 'working tree'}")
    server = Server(Path(tempfile.mkdtemp(prefix="cn-bench-motion-")) / "data", free_port())
    if args.root:
        server.root = Path(args.root).resolve()
    server.start()
    try:
        await floor_and_table(args, server)
    finally:
        server.stop()
    if args.actions:
        await census(args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batches", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--actions", type=int, default=60, help="actions of the census per round (0: skip it)")
    parser.add_argument("--no-faces", action="store_true", help="the census also without the cards' faces")
    parser.add_argument("--root", help="run the app of another checkout")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
