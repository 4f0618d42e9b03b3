"""How quickly a tap shows its result: each in-game action, timed in the page, for one or more commits.

    python tests/bench/bench_actions.py [N=200] [--against REV ...] [--games rummy,president] [--replays 20]
    python tests/bench/bench_actions.py [N=200] --moments [--against REV ...]   (take discard, meld, play)
                                        [--replays 20 --opens 200]

Starts a server per commit (``--against REV`` checks REV out into a temporary git worktree beside this one; the
working tree is always measured, first) on a free loopback port, and plays practice tables in Debian's Chromium
at 1280x800 against computer players at speed 0, the commits' tables taking turns in short batches so each sees
the same load. Every action is timed inside the page: from the ``pointerdown`` of Playwright's real click (the
event's own time stamp) until a MutationObserver sees the page show the new state — not a spinner, the state:
the hint box, the card in the hand, the card gone from the hand, the meld on the table, the selection mark, the
table's next version. Replays: ``/replay/<CODE>`` of each finished game, opened (navigation start → the stepper
and its caption drawn) and stepped with ``btn-replay-next`` (the caption changes).

``--moments``: the rare actions (Rummy's take of the discard pile and meld, President's play) from positions set up
directly, each sample a real tap in a real page opened at a seeded position: see tests/bench/action_moments.py.

Prints per commit and action: N, p50 and p95 with a 95% interval (order statistics), and on each older commit's
rows the working tree's p50 and p95 divided by that commit's (below 1: the working tree is quicker).
Target (issue 48): p95 ≤ 150 ms for every in-game action, ≤ 1 s to open a replay, with the bench alone on the
machine.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from tests.bench.action_moments import MomentPlayer, MomentQueue  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, Server, chromium_executable, free_port  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

ARM_JS = """(pred) => {
  window.__cnRes = undefined; window.__cnT0 = undefined;
  const done = new Function('return (' + pred + ')');
  const down = (e) => { if (window.__cnT0 === undefined) window.__cnT0 = e.timeStamp; };
  addEventListener('pointerdown', down, {capture: true, once: true});
  const obs = new MutationObserver(() => {
    if (window.__cnT0 !== undefined && done()) { window.__cnRes = performance.now() - window.__cnT0; obs.disconnect(); }
  });
  obs.observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
}"""

HAND_COUNT = "document.querySelectorAll('[data-testid=hand] [data-card]').length"


def root_server(root: Path, data_dir: Path, port: int) -> Server:
    """The app started from another checkout (an older commit's worktree)."""
    server = Server(data_dir, port, extra_args=("--no-mdns",))
    server.root = root
    return server


def timed(page: Page, selector: str, pred: str, **click: object) -> float | None:
    """Click ``selector`` and return ms from its pointerdown until ``pred`` holds in the page (None: never)."""
    page.evaluate(ARM_JS, pred)
    try:
        page.click(selector, timeout=5_000, **click)  # type: ignore[arg-type]
    except Exception:
        return None
    try:
        page.wait_for_function("window.__cnRes !== undefined", timeout=10_000)
    except Exception:
        return None
    return float(page.evaluate("window.__cnRes"))


def tap(page: Page, selector: str, **click: object) -> None:
    """An untimed click on something that may go away meanwhile (the grace period's Done ending by itself)."""
    try:
        page.click(selector, timeout=2_000, **click)  # type: ignore[arg-type]
    except Exception:
        pass


def attr(page: Page, selector: str, name: str) -> str:
    return page.get_attribute(selector, name) or ""


def enabled(page: Page, testid: str) -> bool:
    loc = page.locator(f"[data-testid={testid}]")
    return loc.count() > 0 and loc.first.is_visible() and loc.first.is_enabled() and \
        loc.first.get_attribute("aria-disabled") != "true"


class Player:
    """Plays one practice table of one game on one server, an action at a time, recording times by name."""

    def __init__(self, page: Page, server: Server, game: str, times: dict[str, list[float]], codes: list[str]) -> None:
        self.page, self.server, self.game, self.times, self.codes = page, server, game, times, codes
        self.misses = 0
        page.set_default_timeout(3_000)
        self.new_table()

    def new_table(self) -> None:
        players = "players=2&bots=1&level=easy" if self.game == "rummy" else "players=4&bots=3&level=beginner"
        self.page.goto(f"{self.server.url}/new/{self.game}?{players}&speed=0&first_draw=false"
                       if self.game == "rummy" else f"{self.server.url}/new/{self.game}?{players}&speed=0",
                       timeout=30_000)
        self.page.wait_for_selector("[data-testid=table]", timeout=30_000)
        self.code = self.page.url.rstrip("/").split("/")[-1]

    def record(self, name: str, ms: float | None) -> None:
        if ms is not None:
            self.times[name].append(ms)

    def my_turn(self) -> bool:
        t = self.page.locator("[data-testid=table]")
        return t.get_attribute("data-seat") in (t.get_attribute("data-turn") or "").split(",")

    def step(self) -> None:
        """One or a few actions: whatever the table wants now."""
        page = self.page
        phase = attr(page, "[data-testid=table]", "data-phase")
        if phase == "over":
            self.codes.append(self.code)
            self.new_table()
            return
        if phase == "hand-over":
            if enabled(page, "btn-next-hand"):
                tap(page, "[data-testid=btn-next-hand]")
            page.wait_for_timeout(100)
            return
        if not self.my_turn():
            page.wait_for_timeout(50)
            return
        (self.rummy_turn if self.game == "rummy" else self.president_turn)()

    def select(self, code: str) -> None:
        sel = f"[data-testid=hand] [data-card='{code}']"
        self.record("select", timed(self.page, sel, f"document.querySelector(\"{sel}\").classList.contains"
                                                    "('selected')", position={"x": 8, "y": 24}))

    def rummy_turn(self) -> None:
        page = self.page
        stage = attr(page, "[data-testid=rummy-middle]", "data-stage")
        if stage == "pending":
            if enabled(page, "btn-commit"):
                tap(page, "[data-testid=btn-commit]")
            page.wait_for_timeout(50)
            return
        if not enabled(page, "btn-hint"):
            page.wait_for_timeout(50)
            return
        self.record(f"hint ({stage})", timed(page, "[data-testid=btn-hint]",
                                             "!!document.querySelector('[data-testid=hint]')"))
        n = int(page.evaluate(HAND_COUNT))
        if stage == "draw":
            take, top = attr(page, "[data-testid=hint]", "data-take"), attr(page, "[data-testid=pile-discard]",
                                                                               "data-top")
            if take and take == top:
                self.record("take discard", timed(page, f"[data-testid=pile-discard] [data-card='{top}']",
                                                  f"{HAND_COUNT} > {n}"))
            else:
                self.record("draw stock", timed(page, "[data-testid=pile-stock]", f"{HAND_COUNT} > {n}"))
            return
        melds = [m.split() for m in attr(page, "[data-testid=hint]", "data-melds").split("|") if m.strip()]
        if melds and len(melds[0]) < n:
            for code in melds[0]:
                self.select(code)
            count = page.get_attribute("[data-testid=melds]", "data-count") or "0"
            if enabled(page, "btn-meld"):
                self.record("meld", timed(page, "[data-testid=btn-meld]",
                                          f"document.querySelector('[data-testid=melds]').dataset.count != '{count}'"))
            return
        discard = attr(page, "[data-testid=hint]", "data-discard") or \
            str(page.locator("[data-testid=hand] [data-card]").first.get_attribute("data-card"))
        for code in page.eval_on_selector_all("[data-testid=hand] .selected[data-card]",
                                              "els => els.map(e => e.dataset.card)"):
            tap(page, f"[data-testid=hand] [data-card='{code}']", position={"x": 8, "y": 24})
        self.select(discard)
        if enabled(page, "btn-discard"):
            self.record("discard", timed(page, "[data-testid=btn-discard]", f"{HAND_COUNT} < {n}"))

    def president_turn(self) -> None:
        page = self.page
        phase = attr(page, "[data-testid=table]", "data-phase")
        cards = page.eval_on_selector_all("[data-testid=hand] [data-card]", "els => els.map(e => e.dataset.card)")
        n = len(cards)
        version = attr(page, "[data-testid=table]", "data-version")
        if phase == "exchange":
            for code in cards[:2]:
                if enabled(page, "btn-give"):
                    break
                self.select(code)
            if enabled(page, "btn-give"):
                tap(page, "[data-testid=btn-give]")
            page.wait_for_timeout(50)
            return
        for code in cards[:2]:
            self.select(code)
            if enabled(page, "btn-play"):
                self.record("play", timed(page, "[data-testid=btn-play]", f"{HAND_COUNT} < {n}"))
                return
            tap(page, f"[data-testid=hand] [data-card='{code}']", position={"x": 8, "y": 24})
        if enabled(page, "btn-pass"):
            self.record("pass", timed(page, "[data-testid=btn-pass]",
                                      f"document.querySelector('[data-testid=table]').dataset.version != '{version}'"))


def open_replays(page: Page, server: Server, codes: list[str], times: dict[str, list[float]], steps: int,
                 opens: int = 0) -> None:
    """Open each game's replay (and step it ``steps`` times); with ``opens`` over the number of games, open them
    again in turn until ``opens`` in all: "replay open again" (the server has the record cached by then)."""
    for k in range(max(opens, len(codes)) if codes else 0):
        code = codes[k % len(codes)]
        again = k >= len(codes)
        page.goto(f"{server.url}/replay/{code}", timeout=30_000)
        page.wait_for_selector("[data-testid=replay-caption]", timeout=30_000)
        times["replay open again" if again else "replay open"].append(float(page.evaluate("performance.now()")))
        for _ in range(0 if again else steps):
            caption = page.inner_text("[data-testid=replay-caption]")
            ms = timed(page, "[data-testid=btn-replay-next]",
                       f"document.querySelector('[data-testid=replay-caption]')?.innerText != {caption!r}")
            if ms is not None:
                times["replay step"].append(ms)


def enough(times: list[dict[str, list[float]]], n: int) -> bool:
    """Every commit has timed every common action (select, play/discard, hint ...) at least ``n`` times."""
    common = ("select", "hint (draw)", "hint (play)", "discard", "draw stock", "play", "pass")
    return bool(times[0]) and all(len(t.get(k, [])) >= n for t in times for k in common if k in times[0])


def quantile_ci(xs: list[float], q: float) -> tuple[float, float, float]:
    """The q-quantile and a 95% interval from order statistics (binomial, normal approximation)."""
    s = sorted(xs)
    n = len(s)
    k = q * n
    half = 1.96 * math.sqrt(n * q * (1 - q))
    lo, hi = max(0, int(math.floor(k - half))), min(n - 1, int(math.ceil(k + half)))
    return s[min(n - 1, int(k))], s[lo], s[hi]


def worktree(rev: str) -> Path:
    path = Path(tempfile.mkdtemp(prefix="cn-bench-")) / rev
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), rev], check=True,
                   capture_output=True)
    return path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=200, help="actions of each kind to time, at least")
    ap.add_argument("--against", action="append", default=[], help="another commit to measure in the same run")
    ap.add_argument("--games", default="rummy,president")
    ap.add_argument("--replays", type=int, default=10, help="finished games to open as replays (per commit)")
    ap.add_argument("--opens", type=int, default=0, help="replay opens in all (the games' replays again in turn)")
    ap.add_argument("--minutes", type=float, default=30, help="stop playing after this long in any case")
    ap.add_argument("--batch", type=int, default=20, help="actions per table before the next commit's turn")
    ap.add_argument("--moments", action="store_true", help="time take discard, meld and play from set-up positions")
    ap.add_argument("--source-games", type=int, default=4, help="--moments: finished games made at a time per game")
    args = ap.parse_args()
    if args.moments:  # /test/autoplay and /test/status make the games the moments come from
        os.environ["CARDNIGHT_TEST_HOOKS"] = "1"
    roots = [("working tree", ROOT)] + [(rev, worktree(rev)) for rev in args.against]
    tmp = Path(tempfile.mkdtemp(prefix="cn-actions-"))
    servers = [root_server(root, tmp / f"data{i}", free_port()) for i, (_, root) in enumerate(roots)]
    for s in servers:
        s.start()
    times: list[dict[str, list[float]]] = [defaultdict(list) for _ in roots]
    codes: list[list[str]] = [[] for _ in roots]
    games = args.games.split(",")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_executable(),
                                         args=CHROMIUM_ARGS)
            if args.moments:
                moments_run(browser, servers, games, times, codes, args)
            else:
                play_run(browser, servers, games, times, codes, args)
            for i, server in enumerate(servers):
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                open_replays(page, server, codes[i][:args.replays], times[i], steps=10, opens=args.opens)
            browser.close()
    finally:
        for s in servers:
            s.stop()
    report(roots, times)


def moments_run(browser: Browser, servers: list[Server], games: list[str], times: list[dict[str, list[float]]],
                codes: list[list[str]], args: argparse.Namespace) -> None:
    """Each commit's queues of moments in turn, ``--batch`` moments at a time, until every action has N samples."""
    queues = []
    for i, server in enumerate(servers):
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(5_000)
        player = MomentPlayer(page, server, "", times[i], timed)
        queues.append([MomentQueue(player, game, args.source_games) for game in games])
    deadline = time.monotonic() + 60 * args.minutes
    while not all(q.done(args.n) for row in queues for q in row):
        for row in queues:
            for q in row:
                q.play(args.batch, args.n)
        if time.monotonic() > deadline:
            print(f"stopped after {args.minutes} min: some actions have fewer than {args.n}")
            break
    for i, row in enumerate(queues):
        codes[i] += [c for q in row for c in q.codes]
        print(f"{servers[i].url}: {row[0].player.skipped} moments skipped (a move not shown in 10 s, or a dig)")


def play_run(browser: Browser, servers: list[Server], games: list[str], times: list[dict[str, list[float]]],
             codes: list[list[str]], args: argparse.Namespace) -> list[list[Player]]:
    """Practice tables played from their deal, each commit's in turn, until the common actions have N samples."""
    players = []
    for i, server in enumerate(servers):
        row = []
        for game in games:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            row.append(Player(page, server, game, times[i], codes[i]))
        players.append(row)
    deadline = time.monotonic() + 60 * args.minutes
    while not enough(times, args.n):
        for row in players:
            for player in row:
                for _ in range(args.batch):
                    try:
                        player.step()
                    except Exception as exc:  # the page changed under a look-up: look again
                        player.misses += 1
                        if player.misses % 20 == 0:
                            print(f"{player.game}: {player.misses} look-ups missed, last: {exc!s:.120}")
        if time.monotonic() > deadline:
            print(f"stopped after {args.minutes} min: the rarer actions have fewer than {args.n}")
            break
    return players


def report(roots: list[tuple[str, Path]], times: list[dict[str, list[float]]]) -> None:
    print(f"{'commit':<14} {'action':<16} {'N':>5} {'p50 ms (95% CI)':>24} {'p95 ms (95% CI)':>24} "
          f"{'tree/this p50/p95':>18}")
    for i, (name, _) in enumerate(roots):
        for action in sorted(times[i]):
            xs = times[i][action]
            if len(xs) < 5:
                continue
            p50, p95 = quantile_ci(xs, 0.5), quantile_ci(xs, 0.95)
            ratio = ""
            base = times[0].get(action)
            if i and base and len(base) >= 5:
                ratio = f"{quantile_ci(base, .5)[0] / p50[0]:.2f}/{quantile_ci(base, .95)[0] / p95[0]:.2f}"
            print(f"{name[:14]:<14} {action:<16} {len(xs):>5} {p50[0]:>7.0f} ({p50[1]:>5.0f}-{p50[2]:>5.0f})   "
                  f"{p95[0]:>7.0f} ({p95[1]:>5.0f}-{p95[2]:>5.0f})   {ratio:>12}")


if __name__ == "__main__":
    main()
