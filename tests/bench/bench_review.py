"""Review benchmark: how soon the first mark shows and how long a whole seat takes, and how often the review
flags the top level's own moves against the easiest level's. Run by hand, single process; prints figures.

    python tests/bench/bench_review.py timing            # one game per game kind, seat 0 reviewed
    python tests/bench/bench_review.py flags --games 4   # top level v easiest level, every seat reviewed
    python tests/bench/bench_review.py server --games 2  # the running server: a game's end -> first marks shown
    python tests/bench/bench_review.py server --busy 2   # the same while two computer tables keep playing
    python tests/bench/bench_review.py pace              # a searching table's moves/s without and during a review
    python tests/bench/bench_review.py first --games 10  # CPU to the first costly decision, server v former order
    python tests/bench/bench_review.py quality --games 20  # flags per player-game, confirmed by a 4x deeper
                                                           # search, planted blunders flagged (bench_review_quality)
    python tests/bench/bench_review.py beginners           # flags in 4-hand President games of four Beginners

Games: a 4-hand President match (4 players), a Rummy race to 100, a 13-round Beanie game and a standard
Stockpile deal (2 players each). Targets on the 2-core machine: first mark <= 5 s, whole seat <= 30 s.

``first`` plays games like ``server`` (the person's seat at the second level, the others at the easiest) and counts
the CPU seconds the review spends before its first costly decision (the first mark), judging the seats in the
server's order (each from its last decision back, the seats taking turns chunk by chunk) and, for
comparison, in the former order (the person's seat from its first decision on, then the others): figures that do
not depend on the machine's load (a game with no costly decision at all is left out).

``server`` starts the app (its worker pool, default review budget), drives a practice game to its end in Chromium
(the computer plays the person's seat: the ``/test/autoplay`` hook), opens the replay and times, from the moment the
table page shows the game over, the first verdict on the page ("Reviewing… 1 of N") and the first costly decision
marked on the timeline (everyone's marks shown), then the person's whole seat reviewed (the replay as they open it,
their seat in focus, says "Review done"). ``pace`` counts the moves a table of the top level makes in 20 s
with nothing else running, then again while a finished game is being reviewed: the review must not slow it down.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from logic.registry import get_game  # noqa: E402
from logic.review import decision_points, review_point  # noqa: E402
from logic.review.review import judge_for  # noqa: E402

GAMES: dict[str, dict[str, Any]] = {
    "president": {"players": 4, "hands": 4},
    "rummy": {"players": 2, "target": 100},
    "beanie": {"players": 2, "rounds": 13},
    "stockpile": {"players": 2, "stock_size": "standard", "series": "single"},
}


def make(game_key: str, level: str, capped: bool) -> Any:
    """The level's bot as it plays at a table, or (``capped``) with a small machine-independent search budget
    (as in the no-peeking test): reproducible and quick, but weaker."""
    if not capped:
        return get_game(game_key).make_bot(level)
    from tests.logic.test_bots_no_peeking import capped_bot

    return capped_bot(game_key, level)


def play(game_key: str, seed: int, levels: list[str], capped: bool = True) -> tuple[Any, list[list[Any]]]:
    """A whole game with ``levels[seat]`` at each seat: (config, log)."""
    game = get_game(game_key)
    config = game.make_config(**GAMES[game_key])
    state = game.new_game(config, seed)
    bots = [make(game_key, lv, capped) for lv in levels]
    rng = random.Random(seed)
    log: list[list[Any]] = []
    while game.outcome(state) is None and len(log) < 50_000:
        pending = game.pending_commit(state)
        if pending is not None:
            seat, action = pending[1], pending[2]
        else:
            seat = game.to_move(state)[0]
            action = bots[seat].choose(game.view(state, seat), game.legal_actions(state, seat), rng)
        game.apply(state, seat, action)
        log.append([seat, game.encode_action(action)])
    return config, log


def timing(seed: int, only: list[str]) -> None:
    """One game of each kind by the top level (capped search); seat 0 reviewed decision by decision."""
    print("game        decisions  judged  flagged  first mark  whole seat  per decision  whole seat (CPU)")
    for key in only:
        game = get_game(key)
        top = game.bot_levels[-1]
        config, log = play(key, seed, [top] * config_players(key))
        t0, c0 = time.perf_counter(), time.process_time()
        points = decision_points(key, config, seed, log, 0)
        first = None
        judged = flagged = 0
        for p in points:
            verdict = review_point(key, p, rng_seed=seed)
            if verdict is not None:
                judged += 1
                flagged += verdict.flagged
                if first is None:
                    first = time.perf_counter() - t0
        whole, cpu = time.perf_counter() - t0, time.process_time() - c0
        print(f"{key:<11} {len(points):>9} {judged:>7} {flagged:>8} {first or 0:>10.2f}s {whole:>10.1f}s "
              f"{1000 * whole / max(1, len(points)):>10.0f} ms {cpu:>15.1f}s", flush=True)


def play_like_server(key: str, seed: int) -> tuple[Any, list[list[Any]]]:
    """A game as the server bench plays it: the person's seat (0) played by the computer at the level it uses for a
    person (the second), the others at the easiest level."""
    levels = get_game(key).bot_levels
    return play(key, seed, [levels[min(1, len(levels) - 1)]] + [levels[0]] * (config_players(key) - 1), capped=False)


def quantiles(xs: list[float]) -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, math.ceil(0.95 * len(xs)) - 1)]
    return f"median {xs[len(xs) // 2] if len(xs) % 2 else (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2:.2f} s, " \
           f"p95 {p95:.2f} s, max {xs[-1]:.2f} s"


def verdict_cpu(key: str, seat: int, point: Any,
                cache: dict[tuple[int, int], tuple[bool, float]]) -> tuple[bool, float]:
    """(flagged, CPU s) of one decision, computed once (``cache``, by seat and step)."""
    if (seat, point.step) not in cache:
        c0 = time.process_time()
        verdict = review_point(key, point, rng_seed=0)
        cache[(seat, point.step)] = (verdict is not None and verdict.flagged, time.process_time() - c0)
    return cache[(seat, point.step)]


def forwards_until_flag(key: str, seats: list[list[Any]],
                        cache: dict[tuple[int, int], tuple[bool, float]]) -> tuple[float | None, int | None]:
    """The former order: seat 0 (the person) from its first decision to its last, then the next seat...: CPU s until
    the first costly verdict, and its seat."""
    spent = 0.0
    for seat, points in enumerate(seats):
        for p in points:
            flagged, cpu = verdict_cpu(key, seat, p, cache)
            spent += cpu
            if flagged:
                return spent, seat
    return None, None


def server_until_flag(key: str, seats: list[list[Any]],
                      cache: dict[tuple[int, int], tuple[bool, float]]) -> tuple[float | None, int | None]:
    """The server's order (``ui/server/reviews.py``), counted in CPU s: each seat from its last decision back, the
    seats taking turns one chunk each (the first one decision, then about CHUNK_SECONDS), the person's seat (0) first,
    until the first costly verdict; its seat."""
    from logic.review import review_order
    from ui.server.review_work import CHUNK_SECONDS, MAX_CHUNK

    order = [review_order(points) for points in seats]
    done, size = [0] * len(seats), [1] * len(seats)
    spent = 0.0
    while any(done[s] < len(order[s]) for s in range(len(seats))):
        for seat in range(len(seats)):
            part = order[seat][done[seat]:done[seat] + size[seat]]
            if not part:
                continue
            verdicts = [verdict_cpu(key, seat, p, cache) for p in part]
            took = sum(cpu for _, cpu in verdicts)
            spent += took
            done[seat] += len(part)
            size[seat] = max(1, min(MAX_CHUNK, int(CHUNK_SECONDS * len(part) / max(took, 1e-3))))
            if any(flagged for flagged, _ in verdicts):
                return spent, seat
    return None, None


def shown(value: float | None, seat: int | None) -> str:
    return "none" if value is None else f"{value:.2f}{'' if seat == 0 else '*'}"


def first(games: int, seed: int, only: list[str]) -> None:
    """CPU seconds of review work before the first costly decision: the server's order v the former (forwards)."""
    print("game        seed  decisions    server  forwards   (CPU s to the first costly decision; * not seat 0's)")
    for key in only:
        found: dict[str, list[float]] = {"server": [], "forwards": []}
        for g in range(games):
            config, log = play_like_server(key, seed + g)
            seats = [decision_points(key, config, seed + g, log, s) for s in range(config_players(key))]
            cache: dict[tuple[int, int], tuple[bool, float]] = {}
            back, back_seat = server_until_flag(key, seats, cache)
            fwd, fwd_seat = forwards_until_flag(key, seats, cache)
            for name, value in (("server", back), ("forwards", fwd)):
                if value is not None:
                    found[name].append(value)
            print(f"{key:<11} {seed + g:>4} {len(seats[0]):>10} {shown(back, back_seat):>10} "
                  f"{shown(fwd, fwd_seat):>9}", flush=True)
        for name, values in found.items():
            print(f"{key:<11} {name:<9} N={len(values)}: {quantiles(values)}", flush=True)


def config_players(key: str) -> int:
    return int(GAMES[key]["players"])


def interval(k: int, n: int) -> tuple[float, float, float]:
    """Share k/n in percent with a 95% Wilson interval."""
    if not n:
        return 0.0, 0.0, 0.0
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * p, 100 * (centre - half), 100 * (centre + half)


def flags(games: int, seed: int, only: list[str], capped: bool) -> None:
    """Top level (as it plays at a table unless ``capped``) and easiest level at alternate seats (swapped every
    game); every seat reviewed."""
    print("game        level      games  decisions  flagged  share (95% interval)   cost per decision")
    for key in only:
        game = get_game(key)
        easy, top = game.bot_levels[0], game.bot_levels[-1]
        tally = {top: [0, 0, 0.0], easy: [0, 0, 0.0]}
        for g in range(games):
            n = config_players(key)
            levels = [top if (s + g) % 2 == 0 else easy for s in range(n)]
            config, log = play(key, seed + g, levels, capped)
            for seat in range(n):
                for p in decision_points(key, config, seed + g, log, seat):
                    verdict = review_point(key, p, rng_seed=seed + g)
                    if verdict is None:
                        continue
                    t = tally[levels[seat]]
                    t[0] += 1
                    t[1] += verdict.flagged
                    t[2] += verdict.cost if verdict.flagged else 0.0
        unit = judge_for(key).currency
        for level in (top, easy):
            n_dec, k, cost = tally[level]
            share, lo, hi = interval(k, n_dec)
            print(f"{key:<11} {level:<10} {games:>5} {n_dec:>10} {k:>8}  {share:5.1f}% ({lo:4.1f}-{hi:4.1f}%)"
                  f"   {cost / max(1, n_dec):.3f} {unit}", flush=True)


SERVER_GAMES = {"president": "players=4&bots=3&level=beginner&hands=4",  # the games of the targets
                "rummy": "players=2&bots=1&level=easy&target=100",
                "beanie": "players=2&bots=1&level=easy&rounds=13",
                "stockpile": "players=2&bots=1&level=easy&stock_size=standard"}


BUSY_TABLE = "/new/president?players=4&bots=3&level=expert&speed=0&hands=8"  # the person's seat autoplayed too


class BusyTables:
    """Computer tables the server keeps playing while games are reviewed: each that ends is replaced at once, so the
    load lasts the whole run (searching computer players share the worker pool with the reviews). Started and
    watched over plain HTTP (``/new`` answers with a redirect to the new table; ``/test/status``), so keeping them
    going costs the timed pages no waiting."""

    def __init__(self, url: str, count: int) -> None:
        self.url, self.count = url, count
        self.codes: list[str] = []
        self.started = 0
        self.checked = 0.0

    def _call(self, method: str, path: str) -> tuple[int, str, str]:
        import http.client
        from urllib.parse import urlsplit

        where = urlsplit(self.url)
        conn = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
        try:
            conn.request(method, path)
            answer = conn.getresponse()
            return answer.status, answer.getheader("Location") or "", answer.read().decode()
        finally:
            conn.close()

    def keep_playing(self) -> None:
        if time.perf_counter() - self.checked < 1.0:  # a look a second is soon enough
            return
        self.checked = time.perf_counter()
        for code in list(self.codes):
            if json.loads(self._call("GET", f"/test/status/{code}")[2])["status"] == "over":
                self.codes.remove(code)
        while len(self.codes) < self.count:
            status, location, _ = self._call("GET", BUSY_TABLE)
            if status != 303:
                raise RuntimeError(f"{BUSY_TABLE} answered {status}")
            self.codes.append(location.rstrip("/").split("/")[-1])
            self._call("POST", f"/test/autoplay/{self.codes[-1]}")
            self.started += 1

    def describe(self) -> str:
        return f"; busy tables started so far: {self.started}" if self.count else ""


def server(games: int, only: list[str], busy: int = 0) -> None:
    """A game's end to the first marks shown, and to the person's whole seat reviewed, through the running server's
    pool (targets: first mark <= 5 s, whole seat <= 30 s)."""
    import os
    import re
    import tempfile

    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM_ARGS, Server, chromium_executable, free_port

    data = Path(tempfile.mkdtemp(prefix="cn-bench-review-")) / "data"
    data.mkdir()
    os.environ["CARDNIGHT_TEST_HOOKS"] = "1"
    os.environ.pop("CARDNIGHT_REVIEW_BUDGET", None)
    srv = Server(data, free_port(), seed=500)
    srv.start()
    print(f"game        run  game over -> first verdict  -> first mark  -> your seat done   "
          f"(load {os.getloadavg()[0]:.1f})")
    marks: dict[str, list[float]] = {}
    seats: dict[str, list[float]] = {}  # game over -> the person's whole seat reviewed (target: <= 30 s)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_executable(),
                                         args=CHROMIUM_ARGS)
            busy_tables = BusyTables(srv.url, busy)
            busy_tables.keep_playing()
            if busy:
                print(f"{busy} Expert President table(s) playing at speed 0 throughout (one ends: another starts)",
                      flush=True)
            for key in only:
                for run in range(games):
                    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
                    page.goto(f"{srv.url}/new/{key}?speed=0&{SERVER_GAMES[key]}", timeout=60_000)
                    table = page.get_by_test_id("table")
                    table.wait_for(timeout=30_000)
                    code = page.url.rstrip("/").split("/")[-1]
                    page.request.post(f"{srv.url}/test/autoplay/{code}")
                    while page.get_attribute("[data-testid=table]", "data-status") != "over":
                        busy_tables.keep_playing()
                        page.wait_for_timeout(100)
                    over = time.perf_counter()
                    page.goto(f"{srv.url}/replay/{code}")
                    page.get_by_test_id("review-seat").click()
                    page.get_by_role("option", name="Everyone", exact=True).click()
                    progress = page.get_by_test_id("review-progress")
                    first = None
                    while time.perf_counter() - over < 300:
                        if first is None and re.search(r"Reviewing… [1-9]|Review done", progress.inner_text()):
                            first = time.perf_counter() - over
                        if page.locator("[data-testid^=review-mark-]").count():
                            break
                        busy_tables.keep_playing()
                        page.wait_for_timeout(50)
                    mark = time.perf_counter() - over
                    mine = page.context.new_page()  # the replay as the person opens it: their own seat in focus
                    mine.goto(f"{srv.url}/replay/{code}")
                    done = mine.locator("[data-testid=review-progress][data-review-state=done][data-focus='0']")
                    while not done.count() and time.perf_counter() - over < 600:
                        busy_tables.keep_playing()
                        mine.wait_for_timeout(100)
                    seat = time.perf_counter() - over
                    print(f"{key:<11} {run:>3} {first or 0:>24.2f}s {mark:>12.2f}s {seat:>16.2f}s   "
                          f"(load {os.getloadavg()[0]:.1f}{busy_tables.describe()})", flush=True)
                    marks.setdefault(key, []).append(mark)
                    seats.setdefault(key, []).append(seat)
                    page.context.close()
            browser.close()
    finally:
        srv.stop()
    for key, values in [*marks.items(), ("all", [m for v in marks.values() for m in v])]:
        over = sum(m > 5.0 for m in values)
        print(f"{key:<11} first mark N={len(values)}: {quantiles(values)}; over 5 s: {over}", flush=True)
    for key, values in seats.items():
        print(f"{key:<11} whole seat N={len(values)}: {quantiles(values)}; over 30 s: {sum(v > 30 for v in values)}",
              flush=True)


PACE_TABLE = "/new/president?players=4&bots=3&level=expert&speed=0&seed=11&hands=8"


def pace(seconds: float = 10.0) -> None:
    """Moves per second of one table of searching computer players: 10 s with nothing else running, 10 s while a game
    that has just ended is reviewed, and 10 s once its review is done."""
    import os
    import tempfile

    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM_ARGS, Server, chromium_executable, free_port

    data = Path(tempfile.mkdtemp(prefix="cn-bench-pace-")) / "data"
    data.mkdir()
    os.environ["CARDNIGHT_TEST_HOOKS"] = "1"
    os.environ.pop("CARDNIGHT_REVIEW_BUDGET", None)
    srv = Server(data, free_port())
    srv.start()

    def start(page: Any, link: str) -> str:
        page.goto(f"{srv.url}{link}", timeout=60_000)
        page.get_by_test_id("table").wait_for(timeout=30_000)
        code = page.url.rstrip("/").split("/")[-1]
        page.request.post(f"{srv.url}/test/autoplay/{code}")
        return code

    def rate(code: str) -> float:
        """The table's moves per second over the next ``seconds`` (counted in its saved log)."""
        def count() -> int:
            return len(json.loads((data / "tables" / f"{code}.json").read_text())["table"]["1"]["log"])
        before, began = count(), time.perf_counter()
        time.sleep(seconds)
        return (count() - before) / (time.perf_counter() - began)

    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_executable(),
                                         args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            time.sleep(6)  # the pool is warm and the start-up backlog looked at
            expert = start(context.new_page(), PACE_TABLE)
            time.sleep(2)
            alone = rate(expert)
            page = context.new_page()
            start(page, "/new/president?players=4&bots=3&level=beginner&speed=0")
            page.wait_for_selector("[data-testid=table][data-status=over]", timeout=600_000)
            during = rate(expert)
            states = [page.get_by_test_id(f"review-summary-{s}").get_attribute("data-review-state") for s in range(4)]
            page.wait_for_selector("[data-testid=review-summary-3][data-review-state=done]", timeout=600_000)
            after = rate(expert)
            print(f"expert President table: {alone:.2f} moves/s alone, {during:.2f} moves/s while a finished game "
                  f"was reviewed (its seats after that: {', '.join(str(s) for s in states)}), {after:.2f} moves/s "
                  "after the review", flush=True)
            browser.close()
    finally:
        srv.stop()


def quality(games: int, seed: int, only: list[str], confirm: int, plants: int) -> None:
    """See ``bench_review_quality``: flags per player-game, confirmed by a deeper search, planted blunders caught."""
    from tests.bench.bench_review_quality import HEADER, quality_of, report

    print(HEADER, flush=True)
    for key in only:
        row = quality_of(key, games, seed, confirm, plants, play, config_players(key))
        print(report(row, interval), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("part", choices=["timing", "flags", "server", "pace", "first", "quality", "beginners"])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--only", default=",".join(GAMES), help="comma-separated game keys")
    ap.add_argument("--capped", action="store_true", help="flags: top level with a small fixed search budget")
    ap.add_argument("--busy", type=int, default=0,
                    help="server: this many Expert President tables of computers start first and play meanwhile "
                         "(one 8-hand match each, a few minutes: not replaced when it ends)")
    ap.add_argument("--confirm", type=int, default=4, help="quality: flags per game checked by the deep search")
    ap.add_argument("--plants", type=int, default=2, help="quality: blunders planted per game")
    args = ap.parse_args()
    if args.part == "beginners":
        from tests.bench.bench_review_quality import beginners

        beginners([21, 22, 23], play)
    elif args.part == "quality":
        quality(args.games, args.seed, args.only.split(","), args.confirm, args.plants)
    elif args.part == "timing":
        timing(args.seed, args.only.split(","))
    elif args.part == "server":
        server(args.games, args.only.split(","), args.busy)
    elif args.part == "pace":
        pace()
    elif args.part == "first":
        first(args.games, args.seed, args.only.split(","))
    else:
        flags(args.games, args.seed, args.only.split(","), args.capped)


if __name__ == "__main__":
    main()
