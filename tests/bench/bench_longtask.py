"""The longest main-thread task on a watching page while cards animate (target: at most 50 ms on this machine).

    python tests/bench/bench_longtask.py [MOVES=40]

Starts its own server; one Chromium page (1280x800) sits at a President practice table with three computer
players (0.4 s between their moves) and plays for its seat with simple legal moves, so it watches the other
seats' cards travel to the trick (assets/motion.js). In the page, a PerformanceObserver('longtask') lists every
task of 50 ms or more, and a requestAnimationFrame loop measures the gap between frames (a long task shows as a
long gap) while a card animation runs. Prints the number of changes seen, how many animated, the long tasks that
overlap an animation (none means every task then was under 50 ms), the others, and the frame gaps during
animations (p50 / p95 / max; the browser reports a task only from 50 ms on, the gaps show the rest).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.e2e.conftest import CHROMIUM_ARGS, Server, chromium_executable, free_port  # noqa: E402
from tests.e2e.helpers import president_step  # noqa: E402

PROBE_JS = """() => {
  window.__long = [];
  new PerformanceObserver(list => list.getEntries().forEach(e => window.__long.push([e.startTime, e.duration])))
    .observe({type: 'longtask', buffered: false});
  window.__gaps = []; window.__changes = 0; window.__animated = 0; window.__windows = [];
  let last = performance.now(), open = null;
  const frame = (now) => {
    if (document.getAnimations().some(a => a.id === 'cn-motion')) {
      window.__gaps.push(now - last);
      if (!open) { open = [last, now]; window.__windows.push(open); } else open[1] = now;
    } else open = null;
    last = now; requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const t = document.querySelector('[data-testid=table]');
  new MutationObserver(() => { window.__changes++; requestAnimationFrame(() => {
    if (document.getAnimations().some(a => a.id === 'cn-motion')) window.__animated++; }); })
    .observe(t, {attributes: true, attributeFilter: ['data-version']});
}"""


def quantile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    server = Server(Path(tempfile.mkdtemp()) / "data", free_port())
    server.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_executable(),
                                        args=CHROMIUM_ARGS)
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            page.goto(f"{server.url}/new/president?players=4&bots=3&level=beginner&seed=42&speed=0.4")
            page.wait_for_selector("[data-testid=table][data-phase=play]")
            page.evaluate(PROBE_JS)
            deadline = time.time() + 600
            while page.evaluate("window.__changes") < moves and time.time() < deadline:
                if page.locator("[data-testid=table][data-status=over]").count():
                    break
                if not president_step(page):
                    page.wait_for_timeout(100)
            page.wait_for_timeout(500)
            entries = page.evaluate("window.__long")
            windows = page.evaluate("window.__windows")
            gaps = page.evaluate("window.__gaps")
            changes, animated = page.evaluate("[window.__changes, window.__animated]")
            browser.close()
    finally:
        server.stop()
    print(f"changes seen by the page: {changes}, with card animations running right after: {animated}")
    during = [d for t, d in entries if any(t < b and t + d > a for a, b in windows)]  # overlaps an animation
    print(f"long tasks (>= 50 ms) while a card animates: {len(during)}"
          + (f", longest {max(during):.0f} ms" if during else " (so the longest task then was under 50 ms)"))
    print(f"long tasks (>= 50 ms) at other moments (page load, the first update): {len(entries) - len(during)}"
          + (f", longest {max(d for _, d in entries):.0f} ms" if entries else ""))
    if gaps:
        print(f"frame gaps while a card animates: n={len(gaps)}, p50 {quantile(gaps, .5):.1f} ms, "
              f"p95 {quantile(gaps, .95):.1f} ms, max {max(gaps):.1f} ms")


if __name__ == "__main__":
    main()
