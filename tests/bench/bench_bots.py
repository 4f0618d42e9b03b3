"""Bot think time per level per game, and how long bots block the server's event loop.

    python tests/bench/bench_bots.py [DECISIONS=200] [--games president,rummy,...] [--levels 0,1,2]
                                     [--no-loop] [--loop-seconds 20]

Part 1 (think time): DECISIONS positions per game, taken from real mid-game positions (games played by the
middle level; the first and last 10% of each game's decisions are skipped, and only decisions with two or
more legal actions count). Every level decides on the same positions through ``logic.bot_worker.choose_bot_action``
(the function the server calls): p50, p95 and max of the wall time, and p95 of the CPU time (less sensitive
to a loaded machine). Targets (no one waits on it): easiest level p95 <= 10 ms, middle <= 100 ms, strongest <= 1 s
with max <= 2 s.

Part 2 (event loop): the real ``ui.server.hub.Hub`` in this process, with the server's code path: the ticker every
0.1 s, computer players of the strongest level through ``nicegui.run.cpu_bound`` (a process pool) and the
weaker levels inline, every move persisted (atomic write + fsync) and pushed to listeners. For each game and
level, computer-only tables play at speed 0 (the "At once" setting: the worst case) while an asyncio probe
measures how late the loop wakes up. Target: never blocked longer than 50 ms. A second row per game runs the
strongest level inline, to show what the process pool saves.

Machines here are shared and noisy: read ratios within one run, and the CPU column.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import itertools
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.bot_worker import choose_bot_action  # noqa: E402
from logic.registry import get_game  # noqa: E402

CONFIGS = {
    "president": {"players": 4},
    "rummy": {"players": 3},
    "beanie": {"players": 3},
    "stockpile": {"players": 2},
}
P95_TARGETS = (0.010, 0.100, 1.0)  # by level index: easiest, middle, strongest
MAX_TARGET_STRONGEST = 2.0
LOOP_TARGET = 0.050
MAX_MOVES_PER_GAME = 1500  # some games (Rummy to 500) are long: enough positions come from the first part


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


# ----------------------------------------------------------------------------------------- positions
def collect_positions(key: str, count: int, seed: int = 1) -> list[tuple[dict, list, str]]:
    """``count`` (view, legal, rng_key) from mid-game decision points of games played by the middle level."""
    game = get_game(key)
    config = game.make_config(**CONFIGS[key])
    bot = game.make_bot(game.bot_levels[min(1, len(game.bot_levels) - 1)])
    pool: list[tuple[dict, list, str]] = []
    g = 0
    while len(pool) < count * 4 and g < 60:
        state = game.new_game(config, seed + g)
        rng = random.Random(seed * 1000 + g)
        seen: list[tuple[dict, list, str]] = []
        moves = 0
        while game.outcome(state) is None and moves < MAX_MOVES_PER_GAME:
            seat = game.to_move(state)[0]
            view = game.view(state, seat)
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                seen.append((copy.deepcopy(view), list(legal), f"bench:{key}:{g}:{moves}"))
            game.apply(state, seat, bot.choose(view, legal, rng))
            moves += 1
        cut = len(seen) // 10
        pool.extend(seen[cut:len(seen) - cut])
        g += 1
    random.Random(seed).shuffle(pool)
    return pool[:count]


def time_level(key: str, level: str, positions: list[tuple[dict, list, str]]) -> tuple[list[float], list[float]]:
    walls, cpus = [], []
    for view, legal, rng_key in positions:
        v = copy.deepcopy(view)
        w0, c0 = time.perf_counter(), time.process_time()
        choose_bot_action(key, level, v, legal, rng_key)
        cpus.append(time.process_time() - c0)
        walls.append(time.perf_counter() - w0)
    return walls, cpus


# ----------------------------------------------------------------------------------------- event loop
async def hub_loop_lag(key: str, level: str, seconds: float, tables: int, force_inline: bool, fsync: bool,
                       speed: float) -> dict:
    """Computer-only tables on the real Hub (server code path) while a probe measures loop lag."""
    from nicegui import core

    from logic.table import Seat
    from ui.server.runtime import build_hub

    core.loop = asyncio.get_running_loop()
    hub = build_hub(Path(tempfile.mkdtemp(prefix="cn-bench-bots-")))
    hub.saves.store._fsync = fsync  # False: leave out the disk, to see the bots' own share
    game = get_game(key)
    original = type(game).bot_levels
    if force_inline:  # what the pool saves: the hub sends only the last level to the pool, so add a dummy one
        type(game).bot_levels = (*original, "__none__")  # type: ignore[misc]
    try:
        for i in range(tables):
            table = hub.create(key, "bench-host", "Host", "x", options=dict(CONFIGS[key]), practice=True,
                               level=level, seed=100 + i, speed=speed)
            table.seats[0] = Seat(player_id="bot-0", name="Bot", emoji="x", bot=level)
            hub.changed(table)
        lags: list[float] = []
        stop = asyncio.Event()

        async def probe() -> None:
            interval = 0.002
            while not stop.is_set():
                t0 = time.perf_counter()
                await asyncio.sleep(interval)
                lags.append(time.perf_counter() - t0 - interval)

        async def ticker() -> None:  # like Hub.run_ticker
            while not stop.is_set():
                await hub.tick()
                await asyncio.sleep(0.1)

        moves0 = sum(len(t.log) for t in hub.registry.tables.values())
        tasks = [asyncio.create_task(probe()), asyncio.create_task(ticker())]
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.gather(*tasks)
        moves = sum(len(t.log) for t in hub.registry.tables.values()) - moves0
        for _ in range(50):  # let running bot tasks notice and stop
            if not hub.bots.busy:
                break
            for t in hub.registry.tables.values():
                t.paused = True
            await asyncio.sleep(0.1)
    finally:
        type(game).bot_levels = original  # type: ignore[misc]
    return {"moves": moves, "samples": len(lags), "lag_p95": pct(lags, 0.95),
            "lag_max": max(lags) if lags else float("nan"), "tick_p95": pct(hub.ticker_lag, 0.95)}


# ----------------------------------------------------------------------------------------- main
def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("decisions", nargs="?", type=int, default=200)
    ap.add_argument("--games", default="president,rummy,beanie,stockpile")
    ap.add_argument("--levels", default="0,1,2")
    ap.add_argument("--no-loop", action="store_true", help="skip part 2 (event loop)")
    ap.add_argument("--only-loop", action="store_true", help="skip part 1 (think time)")
    ap.add_argument("--loop-seconds", type=float, default=8.0)
    ap.add_argument("--loop-tables", type=int, default=2)
    ap.add_argument("--speeds", default="0,1", help="computer pacing in seconds (0 = 'At once', 1 = default)")
    ap.add_argument("--no-fsync", action="store_true", help="part 2 without fsync, to see what the disk costs")
    args = ap.parse_args()
    keys = args.games.split(",")
    level_idx = [int(x) for x in args.levels.split(",")]
    print(f"# bench_bots: {args.decisions} decisions per game and level; load {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores", flush=True)
    print(f"{'game':<11}{'level':<10}{'n':>5}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}{'cpu p95':>9}{'cpu max':>9}"
          f"{'target p95':>16}  ok", flush=True)
    for key in [] if args.only_loop else keys:
        game = get_game(key)
        positions = collect_positions(key, args.decisions)
        for i in level_idx:
            level = game.bot_levels[i]
            walls, cpus = time_level(key, level, positions)
            p95 = pct(walls, 0.95)
            ok = p95 <= P95_TARGETS[i] and (i < 2 or max(walls) <= MAX_TARGET_STRONGEST)
            target = f"{P95_TARGETS[i] * 1000:.0f}" + (f" max {MAX_TARGET_STRONGEST * 1000:.0f}" if i == 2 else "")
            print(f"{key:<11}{level:<10}{len(walls):>5}{statistics.median(walls) * 1000:>9.1f}{p95 * 1000:>9.1f}"
                  f"{max(walls) * 1000:>9.1f}{pct(cpus, 0.95) * 1000:>9.1f}{max(cpus) * 1000:>9.1f}{target:>16}  "
                  f"{'yes' if ok else 'NO'}", flush=True)
    if args.no_loop:
        return
    print(f"\n# event loop while {args.loop_tables} computer-only tables per row play on the real Hub "
          f"({args.loop_seconds:.0f} s each, fsync {'off' if args.no_fsync else 'on'}); "
          f"target: loop lag max <= {LOOP_TARGET * 1000:.0f} ms", flush=True)
    print(f"{'game':<11}{'level':<10}{'path':<8}{'speed':>6}{'moves':>7}{'lag p95':>9}{'lag max':>9}{'tick p95':>9}"
          f"  ok", flush=True)
    from nicegui import run

    run.process_pool_start_method = "spawn"  # as the server does (ui/pages/__init__.py)
    run.setup()
    try:
        base = asyncio.run(hub_loop_lag(keys[0], get_game(keys[0]).bot_levels[0], args.loop_seconds, 0, False,
                                        not args.no_fsync, 1.0))
        print(f"{'(no tables: the machine itself)':<31}{0:>7}{base['lag_p95'] * 1000:>9.1f}"
              f"{base['lag_max'] * 1000:>9.1f}{base['tick_p95'] * 1000:>9.2f}", flush=True)
        for key in keys:
            game = get_game(key)
            rows = [(game.bot_levels[i], False) for i in level_idx]
            if 2 in level_idx:
                rows.append((game.bot_levels[2], True))
            for (level, inline), speed in itertools.product(rows, [float(x) for x in args.speeds.split(",")]):
                path = "inline" if inline or level != game.bot_levels[-1] else "pool"
                res = asyncio.run(hub_loop_lag(key, level, args.loop_seconds, args.loop_tables, inline,
                                               not args.no_fsync, speed))
                ok = res["lag_max"] <= LOOP_TARGET
                print(f"{key:<11}{level:<10}{path:<8}{speed:>6.1f}{res['moves']:>7}{res['lag_p95'] * 1000:>9.1f}"
                      f"{res['lag_max'] * 1000:>9.1f}{res['tick_p95'] * 1000:>9.2f}  {'yes' if ok else 'NO'}",
                      flush=True)
    finally:
        run.reset()


if __name__ == "__main__":
    main()
