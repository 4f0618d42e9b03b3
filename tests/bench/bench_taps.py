"""Lost taps: taps that land while another seat's move redraws the table page, and whether each took effect.

    python tests/bench/bench_taps.py [--taps 200] [--games president,rummy,beanie,stockpile] [--sizes desktop,phone]
                                     [--speed 0.3] [--seed 1] [--minutes 4] [--json out.json]

Starts the server as a user does (``main.py`` on a free loopback port, fresh data directory, ``--no-mdns``) and, in
Debian's Chromium, opens practice tables (``/new/<game>?players=3&bots=2&speed=SPEED``: two computer players moving
every SPEED seconds) at 1280x800 with a mouse (``click()``) and at 390x844 with touch (``tap()``). The page's probe
(tests/bench/taps_pages.py) tells the driver the moment ``data-version`` on ``data-testid=table`` changes; the
driver taps right then, or 0-150 ms later (drawn at random), so the taps land while the page is being redrawn.

Taps: select a card in the hand, deselect it, sort (``btn-sort``), and on the player's own turn hint (Rummy's
``btn-hint``), draw (``pile-stock``), play / pass / give (President), discard (Rummy's pile, Beanie's button, a
Stockpile discard pile), a Stockpile play (select a card, then a building pile), Done in the grace period, Next hand.
Each tap's effect is decided before it is made (the card's selection flips, the sort button's label
changes, the hint appears, ``data-version`` changes after a move) and a watcher in the page looks for it from
the tap on; a tap is LOST if the effect has not shown 1 s after the tap landed (pointerdown). No tap is repeated.
A lost tap is watched 2 s more: "late" if its effect showed then (a slow server or browser on a loaded machine),
else "never" (the tap was dropped).
Taps that do not test anything are left out and counted apart ("void"): the finger landed on another card than
aimed at (the hand moved), the phase changed before the tap, the card was no longer tappable when the finger landed
(greyed out by a change just before), the target was gone, the card aimed at was still flying in from another place
(motion.js, 200 ms: the driver aimed at it mid-way, tens of ms after it appeared, which no person can do; a tap
there goes to what lies under it, assets/press_target.js).

Prints per game and size: taps made, lost, the lost rate with a 95% Wilson interval, taps per kind, and each lost
tap (kind, ms after the page saw the version change, page version before/after, when the next change and the next
redraw of cards came, whether the page saw the click and whether the element tapped was replaced). Target of the
fix: 0 lost of >= 200 taps per game and size (95% interval [0%, 1.9%]). The whole run (8 x 200 taps) takes about
13 minutes on the shared 2-core machine; ``--taps 20`` is a quick look.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.bench.taps_pages import PROBE_JS, Player, TapRecord, page_options  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, Server, chromium_executable, free_port  # noqa: E402

GAMES = ("president", "rummy", "beanie", "stockpile")
SIZES = ("desktop", "phone")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def report(game: str, size: str, player: Player, seconds: float) -> dict:
    counted = player.counted()
    lost = [r for r in counted if r.lost]
    void = [r for r in player.records if r.void]
    lo, hi = wilson(len(lost), len(counted))
    n = len(counted)
    rate = len(lost) / n if n else 0.0
    kinds = Counter(r.kind for r in counted)
    timed = [r.since_change_ms for r in counted if r.since_change_ms is not None and r.offset_ms is not None]
    late = sum(r.late_ms is not None for r in lost)
    print(f"{game:9s} {size:7s}  taps {n:4d}  lost {len(lost):3d} ({late} late, {len(lost) - late} never)  "
          f"rate {100 * rate:5.2f}%  95% CI [{100 * lo:.2f}%, {100 * hi:.2f}%]  ({player.tables} tables, "
          f"{seconds:.0f} s)", flush=True)
    print("    kinds: " + ", ".join(f"{k} {v}" for k, v in kinds.most_common())
          + (f"; void {len(void)} (" + ", ".join(f"{k} {v}" for k, v in
                                                 Counter(r.void.split(':')[0] for r in void).most_common()) + ")"
             if void else ""))
    if timed:
        timed.sort()
        print(f"    timed taps {len(timed)}: landed {timed[len(timed) // 2]} ms (median), "
              f"{timed[int(len(timed) * 0.9)]} ms (p90) after the page saw the version change")
    for r in lost:
        print(f"    LOST {r.kind:8s} {r.target:28.28s} {r.since_change_ms} ms after version change "
              f"(planned +{r.offset_ms}), v {r.version_before} -> {r.version_after}; next change "
              f"{r.next_change_ms} ms, next redraw {r.redraw_ms} ms after the tap; "
              f"{'clicked on ' + (r.click_on or '?') if r.clicked else 'NO click event'}, tapped element "
              f"{'replaced' if r.replaced else 'kept'}" + (f", {r.matches} targets" if r.matches != 1 else "")
              + (f"; effect LATE at {r.late_ms} ms" if r.late_ms is not None else "; no effect in 3 s")
              + f"; seed {r.seed}")
    return {"game": game, "size": size, "taps": n, "lost": len(lost), "late": late, "rate": rate, "ci95": [lo, hi],
            "kinds": dict(kinds), "void": len(void), "seconds": round(seconds, 1), "tables": player.tables,
            "lost_taps": [asdict(r) for r in lost]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--taps", type=int, default=200, help="counted taps per game and size (default 200)")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--sizes", default=",".join(SIZES))
    ap.add_argument("--speed", type=float, default=0.3, help="computer players' delay in seconds (default 0.3)")
    ap.add_argument("--seed", type=int, default=1, help="seeds the tables' deals and the taps' timing")
    ap.add_argument("--minutes", type=float, default=4.0, help="at most this long per game and size (default 4)")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures and every tap here")
    args = ap.parse_args()
    games = [g for g in args.games.split(",") if g]
    sizes = [s for s in args.sizes.split(",") if s]
    for g in games:
        if g not in GAMES:
            ap.error(f"unknown game {g!r}")
    for s in sizes:
        if s not in SIZES:
            ap.error(f"unknown size {s!r}")

    tmp = Path(tempfile.mkdtemp(prefix="bench-taps-"))
    server = Server(tmp / "data", free_port(), extra_args=("--no-mdns",))
    server.start()
    results = []
    records: list[TapRecord] = []
    started = time.time()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_executable(),
                                         args=CHROMIUM_ARGS)
            for game in games:
                for size in sizes:
                    phone = size == "phone"
                    context = browser.new_context(**page_options(phone))
                    context.add_init_script(PROBE_JS)
                    page = context.new_page()
                    page.set_default_timeout(15_000)
                    rng = random.Random(f"{args.seed}-{game}-{size}")
                    player = Player(page, game, size, server.url, args.speed, rng, phone)
                    t0 = time.time()
                    player.run(args.taps, t0 + args.minutes * 60)
                    results.append(report(game, size, player, time.time() - t0))
                    records += player.records
                    context.close()
            browser.close()
    finally:
        server.stop()
    errors = server.errors()
    print(f"\n{'game':9s} {'size':7s} {'taps':>5s} {'lost':>5s} {'late':>5s}  95% CI of the lost rate   "
          f"(speed {args.speed}, {time.time() - started:.0f} s in all)")
    for r in results:
        print(f"{r['game']:9s} {r['size']:7s} {r['taps']:5d} {r['lost']:5d} {r['late']:5d}  "
              f"[{100 * r['ci95'][0]:.2f}%, {100 * r['ci95'][1]:.2f}%]  "
              + " ".join(sorted({t['kind'] for t in r['lost_taps']})))
    if errors:
        print(f"\nserver logged {len(errors)} error lines, first: {errors[0]}  (log: {server.log})")
    if args.json:
        args.json.write_text(json.dumps({"args": {k: str(v) for k, v in vars(args).items()}, "results": results,
                                         "taps": [asdict(r) for r in records]}, indent=1))


if __name__ == "__main__":
    main()
